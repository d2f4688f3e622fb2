//! Views of lists and maps shared by the validator families.

use std::collections::{BTreeMap, HashMap};
use std::hash::{BuildHasher, Hash};

use crate::field::MapKey;

/// A map with string-like keys, as upstream's `map[string]V`: `BTreeMap` and
/// `HashMap`.
pub trait MapLike {
    /// The key type.
    type Key: MapKey + Ord;
    /// The value type.
    type Value;

    /// The number of entries.
    fn len(&self) -> usize;

    /// Whether the map is empty.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The value for `key`.
    fn get_value(&self, key: &Self::Key) -> Option<&Self::Value>;

    /// Whether the map has `key`.
    fn contains(&self, key: &Self::Key) -> bool {
        self.get_value(key).is_some()
    }

    /// Calls `f` for every entry in an unspecified (but stable for one map)
    /// order, without allocating.
    fn for_each_entry<'a>(&'a self, f: impl FnMut(&'a Self::Key, &'a Self::Value));

    /// Whether iteration order is key order (so errors come out sorted).
    const SORTED: bool;

    /// Calls `f` for every entry in key order (allocates for unsorted maps).
    fn for_each_sorted<'a>(&'a self, mut f: impl FnMut(&'a Self::Key, &'a Self::Value)) {
        if Self::SORTED {
            self.for_each_entry(f);
        } else {
            let mut entries: Vec<(&Self::Key, &Self::Value)> = Vec::with_capacity(self.len());
            self.for_each_entry(|k, v| entries.push((k, v)));
            entries.sort_by(|a, b| a.0.cmp(b.0));
            for (k, v) in entries {
                f(k, v);
            }
        }
    }
}

impl<K: MapKey + Ord, V> MapLike for BTreeMap<K, V> {
    type Key = K;
    type Value = V;
    const SORTED: bool = true;

    fn len(&self) -> usize {
        BTreeMap::len(self)
    }

    fn get_value(&self, key: &K) -> Option<&V> {
        self.get(key)
    }

    fn for_each_entry<'a>(&'a self, mut f: impl FnMut(&'a K, &'a V)) {
        for (k, v) in self {
            f(k, v);
        }
    }
}

impl<K: MapKey + Ord + Hash, V, S: BuildHasher> MapLike for HashMap<K, V, S> {
    type Key = K;
    type Value = V;
    const SORTED: bool = false;

    fn len(&self) -> usize {
        HashMap::len(self)
    }

    fn get_value(&self, key: &K) -> Option<&V> {
        self.get(key)
    }

    fn for_each_entry<'a>(&'a self, mut f: impl FnMut(&'a K, &'a V)) {
        for (k, v) in self {
            f(k, v);
        }
    }
}

impl<T: crate::Newtype + ?Sized> MapLike for T
where
    T::Inner: MapLike,
{
    type Key = <T::Inner as MapLike>::Key;
    type Value = <T::Inner as MapLike>::Value;
    const SORTED: bool = <T::Inner as MapLike>::SORTED;

    fn len(&self) -> usize {
        self.inner().len()
    }

    fn get_value(&self, key: &Self::Key) -> Option<&Self::Value> {
        self.inner().get_value(key)
    }

    fn for_each_entry<'a>(&'a self, f: impl FnMut(&'a Self::Key, &'a Self::Value)) {
        self.inner().for_each_entry(f)
    }
}

/// A list, as upstream's `[]T`: `Vec<T>`, `[T]`, or a newtype of one.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a list with an order of its own: list semantics and `+k8s:item` need a `Vec` (or a newtype of one)",
    label = "not a `Vec`",
    note = "a `BTreeSet` / `HashSet` is a set already: leave out `+k8s:listType=set` / `+k8s:unique=set`"
)]
pub trait ListLike {
    /// The element type.
    type Item;
    /// The elements.
    fn items(&self) -> &[Self::Item];
}

impl<T> ListLike for Vec<T> {
    type Item = T;
    #[inline]
    fn items(&self) -> &[T] {
        self
    }
}

impl<T> ListLike for [T] {
    type Item = T;
    #[inline]
    fn items(&self) -> &[T] {
        self
    }
}

impl<T: crate::Newtype + ?Sized> ListLike for T
where
    T::Inner: ListLike,
{
    type Item = <T::Inner as ListLike>::Item;
    #[inline]
    fn items(&self) -> &[Self::Item] {
        self.inner().items()
    }
}

/// A list's number of items, for `+k8s:maxItems` / `+k8s:minItems`:
/// slices, `Vec`, sets, and newtypes of them.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a list: `+k8s:maxItems` / `+k8s:minItems` take a `Vec`, a set or a newtype of one",
    label = "not a list"
)]
pub trait ItemCount {
    /// The number of items.
    fn item_count(&self) -> usize;
}

impl<T> ItemCount for [T] {
    #[inline]
    fn item_count(&self) -> usize {
        self.len()
    }
}

impl<T> ItemCount for Vec<T> {
    #[inline]
    fn item_count(&self) -> usize {
        self.len()
    }
}

impl<T: crate::Newtype + ?Sized> ItemCount for T
where
    T::Inner: ItemCount,
{
    #[inline]
    fn item_count(&self) -> usize {
        self.inner().item_count()
    }
}

/// A literal key value of a `+k8s:item(key: value)` selector.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyLiteral<'a> {
    /// `key: "value"`
    Str(&'a str),
    /// `key: 10`
    Int(i128),
    /// `key: true`
    Bool(bool),
}

/// A list-map key field that a `+k8s:item` selector compares with a literal:
/// strings, integers, booleans, `Option`s of them (Go pointers), and newtypes.
pub trait ItemKey {
    /// Whether the key equals the literal (a `None` key matches nothing).
    fn key_matches(&self, literal: &KeyLiteral<'_>) -> bool;
}

impl ItemKey for String {
    #[inline]
    fn key_matches(&self, literal: &KeyLiteral<'_>) -> bool {
        matches!(literal, KeyLiteral::Str(s) if *s == self.as_str())
    }
}

impl ItemKey for str {
    #[inline]
    fn key_matches(&self, literal: &KeyLiteral<'_>) -> bool {
        matches!(literal, KeyLiteral::Str(s) if *s == self)
    }
}

impl ItemKey for bool {
    #[inline]
    fn key_matches(&self, literal: &KeyLiteral<'_>) -> bool {
        matches!(literal, KeyLiteral::Bool(b) if b == self)
    }
}

macro_rules! int_item_key {
    ($($t:ty),*) => {$(
        impl ItemKey for $t {
            #[inline]
            fn key_matches(&self, literal: &KeyLiteral<'_>) -> bool {
                matches!(literal, KeyLiteral::Int(i) if *i == *self as i128)
            }
        }
    )*};
}
int_item_key!(i8, i16, i32, i64, isize, u8, u16, u32, u64, usize);

impl<T: ItemKey> ItemKey for Option<T> {
    #[inline]
    fn key_matches(&self, literal: &KeyLiteral<'_>) -> bool {
        self.as_ref().is_some_and(|v| v.key_matches(literal))
    }
}

impl<T: crate::Newtype + ?Sized> ItemKey for T
where
    T::Inner: ItemKey,
{
    #[inline]
    fn key_matches(&self, literal: &KeyLiteral<'_>) -> bool {
        self.inner().key_matches(literal)
    }
}

/// Whether a key field equals a selector literal (generated `+k8s:item` code).
#[inline]
pub fn key_matches<K: ItemKey + ?Sized>(key: &K, literal: KeyLiteral<'_>) -> bool {
    key.key_matches(&literal)
}

/// A list-map key field (`+k8s:listMapKey`), compared through a borrowed
/// view so that key types need neither `Hash` nor `Eq`: strings, integers,
/// booleans, `Option`s of them (Go pointers) and newtypes of them.
pub trait KeyView {
    /// The comparable view of the key.
    type View<'a>: std::hash::Hash + Eq + Copy
    where
        Self: 'a;
    /// The view.
    fn key_view(&self) -> Self::View<'_>;
}

impl KeyView for String {
    type View<'a> = &'a str;
    #[inline]
    fn key_view(&self) -> &str {
        self
    }
}

impl KeyView for str {
    type View<'a> = &'a str;
    #[inline]
    fn key_view(&self) -> &str {
        self
    }
}

impl KeyView for bool {
    type View<'a> = bool;
    #[inline]
    fn key_view(&self) -> bool {
        *self
    }
}

macro_rules! int_key_view {
    ($($t:ty),*) => {$(
        impl KeyView for $t {
            type View<'a> = $t;
            #[inline]
            fn key_view(&self) -> $t { *self }
        }
    )*};
}
int_key_view!(i8, i16, i32, i64, isize, u8, u16, u32, u64, usize);

impl<T: KeyView> KeyView for Option<T> {
    type View<'a>
        = Option<T::View<'a>>
    where
        T: 'a;
    #[inline]
    fn key_view(&self) -> Self::View<'_> {
        self.as_ref().map(KeyView::key_view)
    }
}

impl<T: crate::Newtype + ?Sized> KeyView for T
where
    T::Inner: KeyView,
{
    type View<'a>
        = <T::Inner as KeyView>::View<'a>
    where
        Self: 'a;
    #[inline]
    fn key_view(&self) -> Self::View<'_> {
        self.inner().key_view()
    }
}

/// A list-map's key closure, typed by the list it keys (generated
/// `+k8s:listMapKey` code binds it once per field and passes it to the
/// uniqueness check and the item correlation). Returns `key` itself.
#[inline]
pub fn key_fn<'a, T, K, F>(items: Option<&'a [T]>, key: F) -> F
where
    F: Fn(&'a T) -> K + Copy,
{
    let _ = items;
    key
}

/// The view of a list-map key field (generated `+k8s:listMapKey` code).
#[inline]
pub fn key_view<K: KeyView + ?Sized>(key: &K) -> K::View<'_> {
    key.key_view()
}

/// A type that can be a `+k8s:listMapKey` field: as upstream requires,
/// primitives, pointers to them (`Option`) and newtypes of them (the
/// [`ItemKey`] types).
#[diagnostic::on_unimplemented(
    message = "only primitive types and pointers to primitive types can be list-map keys, not `{Self}`",
    label = "list-map key field of this type"
)]
pub trait ListMapKey {}

impl<T: ItemKey + ?Sized> ListMapKey for T {}

/// `key`, checked at compile time to be a [`ListMapKey`] (generated code
/// spans this call at the `+k8s:listMapKey` tag, where rustc reports a key
/// field of another type; its [`key_view`] is then the key).
///
/// ```
/// use k8s_validation::validate::{key_view, list_map_key};
///
/// let name = String::from("web");
/// assert_eq!(key_view(list_map_key(&name)), key_view(&name));
/// ```
#[inline]
pub fn list_map_key<K: ListMapKey + ?Sized>(key: &K) -> &K {
    key
}
