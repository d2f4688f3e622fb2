//! The [`Validate`] trait and the [`IsZero`] trait, with their impls for the
//! standard types.

use std::collections::{BTreeMap, HashMap};
use std::hash::{BuildHasher, Hash};

use crate::field::{ErrorList, MapKey, Path, ToBadValue};
use crate::operation::Operation;
use crate::SemanticEq;

/// A type with declarative validation.
///
/// Implement it with `#[derive(Validate)]` (or the `validation-gen` CLI).
/// Standard types (primitives, `String`, `Option`, `Box`, `Vec`, maps and
/// `serde_json::Value`) validate nothing themselves but recurse into their
/// contents, so a field of any of them is covered.
///
/// # Ratcheting
///
/// On update, a field, list element (correlated by key or value), map entry
/// or subfield whose value is unchanged from the old object is not validated
/// again. "Unchanged" is [`SemanticEq`], upstream's
/// `equality.Semantic.DeepEqual`: a [`Quantity`](crate::Quantity) compares by
/// value (`1Gi` equals `1024Mi`), a [`Time`](crate::Time) by instant, a nil
/// list or map equals an empty one. `#[derive(Validate)]` implements
/// `SemanticEq` too.
///
/// ```
/// use k8s_validation::{Operation, Validate};
///
/// // Standard types validate nothing by themselves.
/// assert!(vec![1, 2, 3].validate(&Operation::create()).is_empty());
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` does not implement `Validate`",
    label = "this type has no declarative validation",
    note = "add #[derive(Validate)] to `{Self}`, or mark the field `+k8s:opaqueType` to skip it"
)]
pub trait Validate {
    /// Whether a value of this type is required in effect when it is a
    /// non-pointer struct field: it has a member tagged `+k8s:required` or
    /// `+k8s:unionMember`, directly or in a struct it holds by value
    /// (Kubernetes 1.38's `nonPointerStructRequiredness` lint, which code
    /// generated for 1.38 asserts at compile time). `None`: not known (the
    /// default; the lint is then not applied).
    #[doc(hidden)]
    const IMPLICITLY_REQUIRED: Option<bool> = None;

    /// Validates `self` at `path`, appending errors to `errs`.
    ///
    /// `old` is the correlated old value on update (`None` on create, and on
    /// update when there is no correlated old value, such as a new list item).
    /// This is the method generated code calls; [`validate`](Validate::validate)
    /// and [`validate_update`](Validate::validate_update) are the entry points.
    /// The default validates nothing: what the derive leaves for a type with
    /// nothing to validate (`impl Validate for Empty {}`).
    fn validate_into(
        &self,
        op: &Operation,
        path: &Path<'_>,
        old: Option<&Self>,
        errs: &mut ErrorList,
    ) {
        let _ = (op, path, old, errs);
    }

    /// Validates what `self` contains (a struct's fields, a collection's
    /// elements) without `self`'s own type-level validations.
    ///
    /// A Go typedef of another named type (`type E4 T2`) keeps T2's fields
    /// but not T2's type-level tags; a newtype `E4(T2)` calls this on its
    /// inner value to get the same result. The default validates everything.
    #[doc(hidden)]
    fn validate_children_into(
        &self,
        op: &Operation,
        path: &Path<'_>,
        old: Option<&Self>,
        errs: &mut ErrorList,
    ) where
        Self: Sized,
    {
        self.validate_into(op, path, old, errs)
    }

    /// What a struct field of this type validates when the field has no
    /// validation tags of its own (code generated for Kubernetes 1.37 and
    /// later calls this instead of [`validate_into`](Validate::validate_into)).
    ///
    /// The default is `validate_into`. A list typedef of pointers (Go
    /// `type L []*T`, a newtype of `Vec<Option<T>>`) with type-level
    /// validations first reports `Required value` for each `None` element and
    /// stops there: upstream's generator puts `PtrSliceNoNils` on every field
    /// of such a type, not in the type's own function (so the type validated
    /// as the root, or as a map value, skips `None` elements instead). From
    /// 1.38 a map typedef of pointers (`type M map[K]*V`, a newtype of
    /// `BTreeMap<K, Option<V>>`) does the same (`PtrMapNoNils`).
    #[doc(hidden)]
    fn validate_field_into(
        &self,
        op: &Operation,
        path: &Path<'_>,
        old: Option<&Self>,
        errs: &mut ErrorList,
    ) {
        self.validate_into(op, path, old, errs)
    }

    /// Reports `Required value` for each `None` element of a list (or, from
    /// 1.38, map) typedef of pointers and returns whether there was one;
    /// `false` for every other
    /// type. Code generated for Kubernetes 1.37 and later calls it first for a
    /// field of a named type with validation tags of its own (upstream's
    /// `PtrSliceNoNils`, which stops the field's validations).
    #[doc(hidden)]
    fn reject_nil_elements(&self, errs: &mut ErrorList, path: &Path<'_>) -> bool {
        let _ = (errs, path);
        false
    }

    /// Validates a missing value of this type: an unset `Option<Self>`
    /// field, with `old` the correlated old value.
    ///
    /// Go calls a typedef's validation function with a nil pointer for an
    /// unset `*T` field, so the typedef's own tags see the missing value
    /// (`+k8s:immutable` on the typedef fails when the field is cleared). A
    /// newtype's derive implements this with its type-level validations;
    /// structs and standard types validate nothing.
    #[doc(hidden)]
    fn validate_unset_into(
        op: &Operation,
        path: &Path<'_>,
        old: Option<&Self>,
        errs: &mut ErrorList,
    ) where
        Self: Sized,
    {
        let _ = (op, path, old, errs);
    }

    /// The subresource paths this type's validation serves when it is the
    /// root of a request: `"/"` (the resource itself) unless the type says
    /// otherwise with `+k8s:supportsSubresource="/status"` (adds paths) or
    /// `+k8s:isSubresource="/scale"` (the type *is* that subresource).
    fn subresources() -> &'static [&'static str]
    where
        Self: Sized,
    {
        &["/"]
    }

    /// Validates a new object (the root of the path is `<nil>`).
    fn validate(&self, op: &Operation) -> ErrorList {
        let mut errs = ErrorList::new();
        self.validate_into(op, &Path::root(), None, &mut errs);
        errs
    }

    /// Validates an update of `old` to `self`, ratcheting unchanged fields.
    fn validate_update(&self, old: &Self, op: &Operation) -> ErrorList {
        let mut errs = ErrorList::new();
        self.validate_into(op, &Path::root(), Some(old), &mut errs);
        errs
    }
}

macro_rules! leaf_validate {
    ($($t:ty),* $(,)?) => {$(
        impl Validate for $t {
            const IMPLICITLY_REQUIRED: Option<bool> = Some(false);

            #[inline]
            fn validate_into(&self, _: &Operation, _: &Path<'_>, _: Option<&Self>, _: &mut ErrorList) {}
        }
    )*};
}

leaf_validate!(
    bool,
    i8,
    i16,
    i32,
    i64,
    i128,
    isize,
    u8,
    u16,
    u32,
    u64,
    u128,
    usize,
    f32,
    f64,
    char,
    String,
    str,
    (),
    serde_json::Value,
);

impl<T: Validate + ?Sized> Validate for &T {
    #[inline]
    fn validate_into(
        &self,
        op: &Operation,
        path: &Path<'_>,
        old: Option<&Self>,
        errs: &mut ErrorList,
    ) {
        (**self).validate_into(op, path, old.map(|o| &**o), errs)
    }
}

impl<T: Validate> Validate for Option<T> {
    #[inline]
    fn validate_into(
        &self,
        op: &Operation,
        path: &Path<'_>,
        old: Option<&Self>,
        errs: &mut ErrorList,
    ) {
        match self {
            Some(v) => v.validate_into(op, path, old.and_then(Option::as_ref), errs),
            None => T::validate_unset_into(op, path, old.and_then(Option::as_ref), errs),
        }
    }
}

impl<T: Validate + ?Sized> Validate for Box<T> {
    #[inline]
    fn validate_into(
        &self,
        op: &Operation,
        path: &Path<'_>,
        old: Option<&Self>,
        errs: &mut ErrorList,
    ) {
        (**self).validate_into(op, path, old.map(|o| &**o), errs)
    }
}

/// A list without list semantics is atomic: its elements are validated with
/// no correlated old element.
impl<T: Validate> Validate for Vec<T> {
    #[inline]
    fn validate_into(
        &self,
        op: &Operation,
        path: &Path<'_>,
        _old: Option<&Self>,
        errs: &mut ErrorList,
    ) {
        self.as_slice().validate_into(op, path, None, errs)
    }
}

impl<T: Validate> Validate for [T] {
    #[inline]
    fn validate_into(
        &self,
        op: &Operation,
        path: &Path<'_>,
        _old: Option<&Self>,
        errs: &mut ErrorList,
    ) {
        for (i, item) in self.iter().enumerate() {
            item.validate_into(op, &path.index(i), None, errs);
        }
    }
}

/// Keys are validated first, at the map's path (a key type such as a
/// validated string newtype runs its own validations for every key that is
/// not in the old map), then values, correlated with the old map by key; an
/// unchanged value is not validated again on update.
impl<K: MapKey + Ord + Validate, V: Validate + SemanticEq> Validate for BTreeMap<K, V> {
    fn validate_into(
        &self,
        op: &Operation,
        path: &Path<'_>,
        old: Option<&Self>,
        errs: &mut ErrorList,
    ) {
        for k in self.keys() {
            if op.is_update() && old.is_some_and(|o| o.contains_key(k)) {
                continue;
            }
            k.validate_into(op, path, None, errs);
        }
        for (k, v) in self {
            let old_v = old.and_then(|o| o.get(k));
            if op.is_update() && old_v.is_some_and(|o| o.semantic_eq(v)) {
                continue;
            }
            let key = k.key_str();
            v.validate_into(op, &path.key(&key), old_v, errs);
        }
    }
}

/// Like `BTreeMap`; errors come out in key order, whatever the hash order.
impl<K: MapKey + Ord + Hash + Validate, V: Validate + SemanticEq, S: BuildHasher> Validate
    for HashMap<K, V, S>
{
    fn validate_into(
        &self,
        op: &Operation,
        path: &Path<'_>,
        old: Option<&Self>,
        errs: &mut ErrorList,
    ) {
        let start = errs.len();
        let mut failed = false;
        for k in self.keys() {
            if op.is_update() && old.is_some_and(|o| o.contains_key(k)) {
                continue;
            }
            let before = errs.len();
            k.validate_into(op, path, None, errs);
            failed |= errs.len() > before;
        }
        for (k, v) in self {
            let old_v = old.and_then(|o| o.get(k));
            if op.is_update() && old_v.is_some_and(|o| o.semantic_eq(v)) {
                continue;
            }
            let before = errs.len();
            let key = k.key_str();
            v.validate_into(op, &path.key(&key), old_v, errs);
            failed |= errs.len() > before;
        }
        if failed {
            // Redo in key order so the errors are deterministic; the valid
            // path never sorts (and never allocates).
            errs.truncate(start);
            let mut keys: Vec<&K> = self.keys().collect();
            keys.sort();
            for k in &keys {
                if op.is_update() && old.is_some_and(|o| o.contains_key(*k)) {
                    continue;
                }
                k.validate_into(op, path, None, errs);
            }
            for k in keys {
                let v = &self[k];
                let old_v = old.and_then(|o| o.get(k));
                if op.is_update() && old_v.is_some_and(|o| o.semantic_eq(v)) {
                    continue;
                }
                let key = k.key_str();
                v.validate_into(op, &path.key(&key), old_v, errs);
            }
        }
    }
}

/// Go's zero-value test: a non-`Option` field is "unset" when it equals its
/// zero value (`""`, `0`, `false`, an empty list or map); an `Option` is unset
/// when it is `None`, whatever it holds.
///
/// `+k8s:required`, `+k8s:optional`, `+k8s:forbidden`, unions and
/// `+k8s:update` use it. `#[derive(Validate)]` implements it for your types.
#[diagnostic::on_unimplemented(
    message = "`{Self}` does not implement `IsZero`",
    label = "Go's zero-value test is needed for this type",
    note = "add #[derive(Validate)] to `{Self}` (it implements `IsZero`), or mark the field `+k8s:opaqueType`"
)]
pub trait IsZero {
    /// Whether the type is what Go calls a struct type (a struct with
    /// fields), rather than a newtype, an enum or a standard type.
    /// `#[derive(Validate)]` sets it for structs. Upstream refuses the tags
    /// that test presence (`required`, `optional`, `forbidden`, union and
    /// modal members, `update=NoSet/NoUnset`) on a non-pointer struct value;
    /// code generated for them on a named type asserts at compile time that
    /// this is not set, with upstream's message.
    #[doc(hidden)]
    const IS_STRUCT: bool = false;

    /// Whether the value is Go's zero value for its type.
    ///
    /// The default is a Go struct value's answer, never: a struct field is
    /// always set (`#[derive(Validate)]` implements `IsZero for` a struct
    /// with this default, and a newtype by asking its inner value).
    fn is_zero(&self) -> bool {
        false
    }

    /// Whether the value is an empty list or map: Go's `len(x) == 0` on a
    /// slice or map, which a union member of that kind tests (from 1.36,
    /// also behind a pointer: see [`fields::union_member_set`](crate::fields::union_member_set)).
    /// `false` for every other kind of value; `#[derive(Validate)]` forwards
    /// it for a newtype of a list or map.
    #[doc(hidden)]
    fn is_empty_collection(&self) -> bool {
        false
    }
}

macro_rules! zero_eq {
    ($zero:expr => $($t:ty),* $(,)?) => {$(
        impl IsZero for $t {
            #[inline]
            fn is_zero(&self) -> bool { *self == $zero }
        }
    )*};
}
zero_eq!(0 => i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, u128, usize);
zero_eq!(0.0 => f32, f64);
zero_eq!(false => bool);
zero_eq!('\0' => char);

impl IsZero for String {
    #[inline]
    fn is_zero(&self) -> bool {
        self.is_empty()
    }
}

impl IsZero for str {
    #[inline]
    fn is_zero(&self) -> bool {
        self.is_empty()
    }
}

impl<T: IsZero + ?Sized> IsZero for &T {
    #[inline]
    fn is_zero(&self) -> bool {
        (**self).is_zero()
    }
    #[inline]
    fn is_empty_collection(&self) -> bool {
        (**self).is_empty_collection()
    }
}

impl<T> IsZero for Option<T> {
    #[inline]
    fn is_zero(&self) -> bool {
        self.is_none()
    }
}

impl<T: IsZero + ?Sized> IsZero for Box<T> {
    #[inline]
    fn is_zero(&self) -> bool {
        (**self).is_zero()
    }
    #[inline]
    fn is_empty_collection(&self) -> bool {
        (**self).is_empty_collection()
    }
}

impl<T> IsZero for Vec<T> {
    #[inline]
    fn is_zero(&self) -> bool {
        self.is_empty()
    }
    #[inline]
    fn is_empty_collection(&self) -> bool {
        self.is_empty()
    }
}

impl<T> IsZero for [T] {
    #[inline]
    fn is_zero(&self) -> bool {
        self.is_empty()
    }
    #[inline]
    fn is_empty_collection(&self) -> bool {
        self.is_empty()
    }
}

impl<K, V> IsZero for BTreeMap<K, V> {
    #[inline]
    fn is_zero(&self) -> bool {
        self.is_empty()
    }
    #[inline]
    fn is_empty_collection(&self) -> bool {
        self.is_empty()
    }
}

impl<K, V, S> IsZero for HashMap<K, V, S> {
    #[inline]
    fn is_zero(&self) -> bool {
        self.is_empty()
    }
    #[inline]
    fn is_empty_collection(&self) -> bool {
        self.is_empty()
    }
}

impl IsZero for serde_json::Value {
    #[inline]
    fn is_zero(&self) -> bool {
        self.is_null()
    }
}

/// A Go typedef ported as a Rust tuple newtype (`pub struct Name(pub String)`).
///
/// `#[derive(Validate)]` implements it for tuple newtypes, so validators that
/// need a string or an integer accept the newtype wherever they accept its
/// inner type ([`StrValue`], [`IntValue`], [`MapKey`](crate::field::MapKey)),
/// and print its bad values as upstream prints a typedef (JSON).
///
/// A Rust enum tagged `+k8s:enum` is a Go string typedef too: the derive
/// implements this trait for it with `Inner = str`, the variant's wire
/// string (serde's name, or the string a catch-all variant holds).
pub trait Newtype {
    /// The wrapped type.
    type Inner: ?Sized;
    /// The wrapped value.
    fn inner(&self) -> &Self::Inner;
}

/// A string value for the string validators (`+k8s:format`, `+k8s:maxLength`,
/// `+k8s:enum`, ...): `String`, `str`, or a newtype of one.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a string: the tag needs a string value",
    label = "not a string",
    note = "strings are `String`, `str`, `Box<str>`, `Arc<str>`, `Rc<str>`, `Cow<str>`, `&str`, and their newtypes"
)]
pub trait StrValue: ToBadValue {
    /// The string.
    fn as_str(&self) -> &str;
}

impl StrValue for String {
    #[inline]
    fn as_str(&self) -> &str {
        self
    }
}

impl StrValue for str {
    #[inline]
    fn as_str(&self) -> &str {
        self
    }
}

impl<T: Newtype + ToBadValue + ?Sized> StrValue for T
where
    T::Inner: StrValue,
{
    #[inline]
    fn as_str(&self) -> &str {
        self.inner().as_str()
    }
}

/// An integer value for `+k8s:minimum`, `+k8s:maximum`, `+k8s:monotonic`:
/// any primitive integer, or a newtype of one.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not an integer: the tag needs an integer value",
    label = "not an integer",
    note = "integers are the primitive integers, `NonZero*`, `Duration`, and their newtypes"
)]
pub trait IntValue: ToBadValue {
    /// The value, widened.
    fn to_i128(&self) -> i128;
}

macro_rules! int_value {
    ($($t:ty),*) => {$(
        impl IntValue for $t {
            #[inline]
            fn to_i128(&self) -> i128 { *self as i128 }
        }
    )*};
}
int_value!(i8, i16, i32, i64, isize, u8, u16, u32, u64, usize);

impl<T: Newtype + ToBadValue + ?Sized> IntValue for T
where
    T::Inner: IntValue,
{
    #[inline]
    fn to_i128(&self) -> i128 {
        self.inner().to_i128()
    }
}

/// A boolean value for `+k8s:neq`: `bool`, or a newtype of one.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a bool: the tag needs a boolean value",
    label = "not a bool"
)]
pub trait BoolValue: ToBadValue {
    /// The value.
    fn to_bool(&self) -> bool;
}

impl BoolValue for bool {
    #[inline]
    fn to_bool(&self) -> bool {
        *self
    }
}

impl<T: Newtype + ToBadValue + ?Sized> BoolValue for T
where
    T::Inner: BoolValue,
{
    #[inline]
    fn to_bool(&self) -> bool {
        self.inner().to_bool()
    }
}

/// A byte string for `+k8s:maxBytes` on a Go `[]byte` (Kubernetes 1.38):
/// `Vec<u8>`, `[u8]`, or a newtype of one. Strings are byte strings too (their
/// UTF-8), so that a newtype whose Go type the generator cannot see (`[]byte`
/// or `string`) is limited the same way.
///
/// serde writes a `Vec<u8>` as an array of numbers where Go's JSON writes
/// base64; for an API type that must read and write Go's JSON, use a newtype
/// with a base64 serde form (k8s-openapi's `ByteString` is one).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is neither a string nor a byte string: `+k8s:maxBytes` needs one",
    label = "not a string or `Vec<u8>`"
)]
pub trait BytesValue {
    /// The bytes.
    fn as_bytes(&self) -> &[u8];
}

impl BytesValue for [u8] {
    #[inline]
    fn as_bytes(&self) -> &[u8] {
        self
    }
}

impl BytesValue for Vec<u8> {
    #[inline]
    fn as_bytes(&self) -> &[u8] {
        self
    }
}

impl BytesValue for str {
    #[inline]
    fn as_bytes(&self) -> &[u8] {
        str::as_bytes(self)
    }
}

impl BytesValue for String {
    #[inline]
    fn as_bytes(&self) -> &[u8] {
        str::as_bytes(self)
    }
}

impl<T: Newtype + ?Sized> BytesValue for T
where
    T::Inner: BytesValue,
{
    #[inline]
    fn as_bytes(&self) -> &[u8] {
        self.inner().as_bytes()
    }
}

/// `value`'s own validation, pushed into `errs`, for an element closure.
/// Generated code now passes [`element_validator`] instead; this stays for
/// files generated before (2026-11-27), which call it.
///
/// ```
/// use k8s_validation::field::Path;
/// use k8s_validation::{validate, ErrorList, Operation};
///
/// let op = Operation::create();
/// let mut errs = ErrorList::new();
/// validate::each_slice_val_set(&mut errs, &op, &Path::new("xs"), Some(&[1, 2][..]), None, |errs, p, v, o| {
///     validate::validate_elem(errs, &op, p, v, o)
/// });
/// assert!(errs.is_empty());
/// ```
#[inline]
pub fn validate_elem<T: Validate>(
    errs: &mut ErrorList,
    op: &Operation,
    path: &Path<'_>,
    value: &T,
    old: Option<&T>,
) {
    value.validate_into(op, path, old, errs);
}

/// The element validator of a list whose elements have their own
/// validations: each element's [`Validate::validate_into`], with its
/// correlated old element. What generated code passes to
/// `validate::each_slice_val_map` / `each_slice_val_set`.
///
/// ```
/// use k8s_validation::field::Path;
/// use k8s_validation::{validate, ErrorList, Operation};
///
/// let op = Operation::create();
/// let mut errs = ErrorList::new();
/// let xs = [1, 2];
/// validate::each_slice_val_set(&mut errs, &op, &Path::new("xs"), Some(&xs[..]), None, validate::element_validator(&op));
/// assert!(errs.is_empty());
/// ```
#[inline]
pub fn element_validator<T: Validate>(
    op: &Operation,
) -> impl Fn(&mut ErrorList, &Path<'_>, &T, Option<&T>) + '_ {
    move |errs, path, value, old| value.validate_into(op, path, old, errs)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zero_values_follow_go() {
        assert!(0i32.is_zero() && !1i32.is_zero());
        assert!(String::new().is_zero() && !"x".to_string().is_zero());
        assert!(None::<i32>.is_zero() && !Some(0).is_zero());
        assert!(Vec::<i32>::new().is_zero());
        assert!(!true.is_zero());
    }

    /// A key type with its own validation (a validated string typedef).
    #[derive(PartialEq, Eq, PartialOrd, Ord, Hash)]
    struct Key(String);

    impl Newtype for Key {
        type Inner = String;
        fn inner(&self) -> &String {
            &self.0
        }
    }

    impl Validate for Key {
        fn validate_into(
            &self,
            _: &Operation,
            path: &Path<'_>,
            _: Option<&Self>,
            errs: &mut ErrorList,
        ) {
            errs.push(crate::Error::invalid(
                path,
                crate::field::BadValue::Null,
                format!("key {}", self.0),
            ));
        }
    }

    #[test]
    fn map_keys_are_validated_at_the_map_path_before_values() {
        let m = BTreeMap::from([(Key("b".into()), 1), (Key("a".into()), 2)]);
        let root = Path::root();
        let path = root.child("m");
        let mut errs = ErrorList::new();
        m.validate_into(&Operation::create(), &path, None, &mut errs);
        let got: Vec<String> = errs.iter().map(|e| e.to_string()).collect();
        assert_eq!(
            got,
            [
                "m: Invalid value: null: key a",
                "m: Invalid value: null: key b"
            ]
        );

        // On update only new keys are validated.
        let mut new = BTreeMap::from([(Key("a".into()), 2)]);
        new.insert(Key("c".into()), 3);
        let mut errs = ErrorList::new();
        new.validate_into(&Operation::update(), &path, Some(&m), &mut errs);
        assert_eq!(errs.len(), 1);
        assert_eq!(errs.iter().next().unwrap().detail(), "key c");

        let h: HashMap<Key, i32> = HashMap::from([(Key("y".into()), 1), (Key("x".into()), 2)]);
        let mut errs = ErrorList::new();
        h.validate_into(&Operation::create(), &path, None, &mut errs);
        let got: Vec<&str> = errs.iter().map(|e| e.detail()).collect();
        assert_eq!(got, ["key x", "key y"]);
    }
}
