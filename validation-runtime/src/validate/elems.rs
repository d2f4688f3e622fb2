//! Lists whose element type the generator does not see (Kubernetes 1.37):
//! a list reached through `+k8s:subfield(name)=`, whose type is known only
//! through the parent's [`HasField`](crate::HasField). Upstream's generator
//! sees the Go type and calls `PtrSliceUnique`, `EachPtrSliceVal` or
//! `PtrSliceItem` for a `[]*T`; here the compiler picks, by the element
//! type: [`Elems::of`] a `&[Option<T>]` (Go's `[]*T`) has the methods of
//! [`pointers`](super::pointers), which skip `None` elements and read list-map
//! keys and `item` selectors through the `Some`; any other list reaches the
//! plain list functions through [`Values`] (by `Deref`: inherent methods of
//! `Elems<Option<T>>` are found first).
//!
//! Keys and selectors are written against the element's pointee (`T`), the
//! validators receive the element as it is in the list (`&Option<T>`, always
//! `Some`, for pointers), as [`each_ptr_slice_val`](super::each_ptr_slice_val)
//! passes it.
//!
//! ```
//! use k8s_validation::field::Path;
//! use k8s_validation::{validate, ErrorList, Operation};
//!
//! let (op, path) = (Operation::create(), Path::new("l"));
//! // A list of pointers: `None` elements are skipped, so the second `None`
//! // is no duplicate.
//! let pointers = [Some(1), None, Some(1), None];
//! let mut errs = ErrorList::new();
//! validate::Elems::of(Some(&pointers[..])).unique_set(&mut errs, &op, &path, None);
//! assert_eq!(errs.len(), 1);
//! assert_eq!(errs[0].to_string(), "l[2]: Duplicate value: 1");
//! let ints = [1, 2, 1];
//! let mut errs = ErrorList::new();
//! validate::Elems::of(Some(&ints[..])).unique_set(&mut errs, &op, &path, None);
//! assert_eq!(errs[0].to_string(), "l[2]: Duplicate value: 1");
//! ```

use core::hash::Hash;
use core::ops::Deref;

use crate::field::{ErrorList, Path, ToBadValue};
use crate::{Operation, SemanticEq};

/// A list as generated code sees it when it does not know the element type:
/// see the [module docs](self).
pub struct Elems<'a, E> {
    values: Values<'a, E>,
}

/// The list functions for a list of values (any element type): what
/// [`Elems`] dereferences to.
pub struct Values<'a, E>(Option<&'a [E]>);

impl<'a, E> Elems<'a, E> {
    /// The list (`None`: unset).
    #[inline]
    pub fn of(list: Option<&'a [E]>) -> Self {
        Elems {
            values: Values(list),
        }
    }
}

impl<'a, E> Deref for Elems<'a, E> {
    type Target = Values<'a, E>;
    #[inline]
    fn deref(&self) -> &Values<'a, E> {
        &self.values
    }
}

impl<'a, E> Values<'a, E> {
    /// [`unique_set_by_eq`](super::unique_set_by_eq).
    #[inline]
    pub fn unique_set(
        &self,
        errs: &mut ErrorList,
        op: &Operation,
        path: &Path<'_>,
        old: Option<&'a [E]>,
    ) where
        E: SemanticEq + ToBadValue,
    {
        super::unique_set_by_eq(errs, op, path, self.0, old)
    }

    /// [`unique_map`](super::unique_map).
    #[inline]
    pub fn unique_map<K: Hash + Eq>(
        &self,
        errs: &mut ErrorList,
        op: &Operation,
        path: &Path<'_>,
        old: Option<&'a [E]>,
        key: impl Fn(&'a E) -> K,
    ) where
        E: ToBadValue,
    {
        super::unique_map(errs, op, path, self.0, old, key)
    }

    /// [`each_slice_val`](super::each_slice_val).
    #[inline]
    pub fn each_val(
        &self,
        errs: &mut ErrorList,
        op: &Operation,
        path: &Path<'_>,
        old: Option<&'a [E]>,
        validator: impl FnMut(&mut ErrorList, &Path<'_>, &E, Option<&E>),
    ) {
        super::each_slice_val(errs, op, path, self.0, old, validator)
    }

    /// [`each_slice_val_set`](super::each_slice_val_set).
    #[inline]
    pub fn each_val_set(
        &self,
        errs: &mut ErrorList,
        op: &Operation,
        path: &Path<'_>,
        old: Option<&'a [E]>,
        validator: impl FnMut(&mut ErrorList, &Path<'_>, &E, Option<&E>),
    ) where
        E: SemanticEq,
    {
        super::each_slice_val_set(errs, op, path, self.0, old, validator)
    }

    /// [`each_slice_val_map`](super::each_slice_val_map).
    #[inline]
    pub fn each_val_map<K: Hash + Eq>(
        &self,
        errs: &mut ErrorList,
        op: &Operation,
        path: &Path<'_>,
        old: Option<&'a [E]>,
        key: impl Fn(&'a E) -> K,
        validator: impl FnMut(&mut ErrorList, &Path<'_>, &E, Option<&E>),
    ) where
        E: SemanticEq,
    {
        super::each_slice_val_map(errs, op, path, self.0, old, key, validator)
    }

    /// [`slice_item`](super::slice_item).
    #[inline]
    pub fn item(
        &self,
        errs: &mut ErrorList,
        op: &Operation,
        path: &Path<'_>,
        old: Option<&'a [E]>,
        matches: impl Fn(&E) -> bool,
        validator: impl FnOnce(&mut ErrorList, &Path<'_>, &E, Option<&E>),
    ) where
        E: SemanticEq,
    {
        super::slice_item(errs, op, path, self.0, old, matches, validator)
    }

    /// [`update_list`](super::update_list) of an atomic list (items are not
    /// matched).
    #[inline]
    pub fn update(
        &self,
        errs: &mut ErrorList,
        op: &Operation,
        path: &Path<'_>,
        old: Option<&'a [E]>,
        constraints: &[super::UpdateConstraint],
    ) {
        super::update_list(errs, op, path, self.0, old, None, constraints)
    }

    /// [`update_list`](super::update_list), items matched by `same` (a
    /// list-map's keys, a set's values).
    #[inline]
    pub fn update_by(
        &self,
        errs: &mut ErrorList,
        op: &Operation,
        path: &Path<'_>,
        old: Option<&'a [E]>,
        same: impl Fn(&E, &E) -> bool,
        constraints: &[super::UpdateConstraint],
    ) {
        super::update_list(errs, op, path, self.0, old, Some(&same), constraints)
    }
}

/// A list of pointers (`Vec<Option<T>>`, Go's `[]*T`): upstream's
/// `PtrSlice*` functions, which skip `None` elements.
impl<'a, T> Elems<'a, Option<T>> {
    /// [`ptr_slice_unique_set`](super::ptr_slice_unique_set).
    #[inline]
    pub fn unique_set(
        &self,
        errs: &mut ErrorList,
        op: &Operation,
        path: &Path<'_>,
        old: Option<&'a [Option<T>]>,
    ) where
        T: SemanticEq + ToBadValue,
    {
        super::ptr_slice_unique_set(errs, op, path, self.values.0, old)
    }

    /// [`ptr_slice_unique_map`](super::ptr_slice_unique_map), `key` reading
    /// a `Some` element's value.
    #[inline]
    pub fn unique_map<K: PartialEq>(
        &self,
        errs: &mut ErrorList,
        op: &Operation,
        path: &Path<'_>,
        old: Option<&'a [Option<T>]>,
        key: impl Fn(&'a T) -> K,
    ) where
        T: ToBadValue,
    {
        let key = |e: &'a Option<T>| e.as_ref().map(&key);
        super::ptr_slice_unique_map(errs, op, path, self.values.0, old, key)
    }

    /// [`each_ptr_slice_val`](super::each_ptr_slice_val).
    #[inline]
    pub fn each_val(
        &self,
        errs: &mut ErrorList,
        op: &Operation,
        path: &Path<'_>,
        old: Option<&'a [Option<T>]>,
        validator: impl FnMut(&mut ErrorList, &Path<'_>, &Option<T>, Option<&Option<T>>),
    ) {
        super::each_ptr_slice_val(errs, op, path, self.values.0, old, validator)
    }

    /// [`each_ptr_slice_val_set`](super::each_ptr_slice_val_set).
    #[inline]
    pub fn each_val_set(
        &self,
        errs: &mut ErrorList,
        op: &Operation,
        path: &Path<'_>,
        old: Option<&'a [Option<T>]>,
        validator: impl FnMut(&mut ErrorList, &Path<'_>, &Option<T>, Option<&Option<T>>),
    ) where
        T: SemanticEq,
    {
        super::each_ptr_slice_val_set(errs, op, path, self.values.0, old, validator)
    }

    /// [`each_ptr_slice_val_map`](super::each_ptr_slice_val_map), `key`
    /// reading a `Some` element's value.
    #[inline]
    pub fn each_val_map<K: PartialEq>(
        &self,
        errs: &mut ErrorList,
        op: &Operation,
        path: &Path<'_>,
        old: Option<&'a [Option<T>]>,
        key: impl Fn(&'a T) -> K,
        validator: impl FnMut(&mut ErrorList, &Path<'_>, &Option<T>, Option<&Option<T>>),
    ) where
        T: SemanticEq,
    {
        let key = |e: &'a Option<T>| e.as_ref().map(&key);
        super::each_ptr_slice_val_map(errs, op, path, self.values.0, old, key, validator)
    }

    /// Upstream's `PtrSliceItem`: [`slice_item`](super::slice_item) where a
    /// `None` element matches nothing.
    #[inline]
    pub fn item(
        &self,
        errs: &mut ErrorList,
        op: &Operation,
        path: &Path<'_>,
        old: Option<&'a [Option<T>]>,
        matches: impl Fn(&T) -> bool,
        validator: impl FnOnce(&mut ErrorList, &Path<'_>, &Option<T>, Option<&Option<T>>),
    ) where
        T: SemanticEq,
    {
        let matches = |e: &Option<T>| e.as_ref().is_some_and(&matches);
        super::slice_item(errs, op, path, self.values.0, old, matches, validator)
    }

    /// Upstream's `PtrSliceUpdate` of an atomic list:
    /// [`update_ptr_list`](super::update_ptr_list).
    #[inline]
    pub fn update(
        &self,
        errs: &mut ErrorList,
        op: &Operation,
        path: &Path<'_>,
        old: Option<&'a [Option<T>]>,
        constraints: &[super::UpdateConstraint],
    ) {
        super::update_ptr_list(errs, op, path, self.values.0, old, None, constraints)
    }

    /// Upstream's `PtrSliceUpdate`: [`update_ptr_list`](super::update_ptr_list),
    /// `Some` items matched by `same` on their values.
    #[inline]
    pub fn update_by(
        &self,
        errs: &mut ErrorList,
        op: &Operation,
        path: &Path<'_>,
        old: Option<&'a [Option<T>]>,
        same: impl Fn(&T, &T) -> bool,
        constraints: &[super::UpdateConstraint],
    ) {
        let same = |a: &Option<T>, b: &Option<T>| match (a, b) {
            (Some(a), Some(b)) => same(a, b),
            _ => false,
        };
        super::update_ptr_list(errs, op, path, self.values.0, old, Some(&same), constraints)
    }
}

/// A list or map without list semantics, as generated code sees it when it
/// does not know its type (`+k8s:subfield(name)=+k8s:eachVal=...` without
/// `listType`): [`Each::of`]`(value).each_val(...)` visits a
/// `Vec<Option<T>>`'s `Some` elements (upstream's `EachPtrSliceVal`), any
/// other collection's elements or values through
/// [`EachValue`](super::EachValue) (by `Deref`, to [`Collection`]).
pub struct Each<'a, C> {
    collection: Collection<'a, C>,
}

/// A collection visited through [`EachValue`](super::EachValue): what
/// [`Each`] dereferences to.
pub struct Collection<'a, C>(Option<&'a C>);

impl<'a, C> Each<'a, C> {
    /// The collection (`None`: unset).
    #[inline]
    pub fn of(collection: Option<&'a C>) -> Self {
        Each {
            collection: Collection(collection),
        }
    }
}

impl<'a, C> Deref for Each<'a, C> {
    type Target = Collection<'a, C>;
    #[inline]
    fn deref(&self) -> &Collection<'a, C> {
        &self.collection
    }
}

impl<'a, C: super::EachValue> Collection<'a, C> {
    /// [`each_val`](super::each_val).
    #[inline]
    pub fn each_val(
        &self,
        errs: &mut ErrorList,
        op: &Operation,
        path: &Path<'_>,
        old: Option<&'a C>,
        validator: impl FnMut(&mut ErrorList, &Path<'_>, &C::Item, Option<&C::Item>),
    ) {
        super::each_val(errs, op, path, self.0, old, validator)
    }
}

impl<'a, T> Each<'a, Vec<Option<T>>> {
    /// [`each_ptr_slice_val`](super::each_ptr_slice_val).
    #[inline]
    pub fn each_val(
        &self,
        errs: &mut ErrorList,
        op: &Operation,
        path: &Path<'_>,
        old: Option<&'a Vec<Option<T>>>,
        validator: impl FnMut(&mut ErrorList, &Path<'_>, &Option<T>, Option<&Option<T>>),
    ) {
        let list = self.collection.0.map(Vec::as_slice);
        super::each_ptr_slice_val(errs, op, path, list, old.map(Vec::as_slice), validator)
    }
}

/// A list element as generated code sees it when it does not know the
/// element type: [`Elem::of`]`(e).leaf()` is the value behind a pointer
/// element (`Option<T>`, Go's `*T`), the element itself otherwise (through
/// [`Value`], by `Deref`).
///
/// ```
/// use k8s_validation::validate::Elem;
///
/// assert_eq!(Elem::of(&Some(3)).leaf(), Some(&3));
/// assert_eq!(Elem::of(&None::<i32>).leaf(), None);
/// assert_eq!(Elem::of(&3).leaf(), Some(&3));
/// ```
pub struct Elem<'a, E> {
    value: Value<'a, E>,
}

/// An element that is not a pointer: what [`Elem`] dereferences to.
pub struct Value<'a, E>(&'a E);

impl<'a, E> Elem<'a, E> {
    /// The element.
    #[inline]
    pub fn of(element: &'a E) -> Self {
        Elem {
            value: Value(element),
        }
    }
}

impl<'a, E> Deref for Elem<'a, E> {
    type Target = Value<'a, E>;
    #[inline]
    fn deref(&self) -> &Value<'a, E> {
        &self.value
    }
}

impl<'a, E> Value<'a, E> {
    /// The element itself.
    #[inline]
    pub fn leaf(&self) -> Option<&'a E> {
        Some(self.0)
    }
}

impl<'a, T> Elem<'a, Option<T>> {
    /// The value behind the pointer, `None` when unset.
    #[inline]
    pub fn leaf(&self) -> Option<&'a T> {
        self.value.0.as_ref()
    }
}
