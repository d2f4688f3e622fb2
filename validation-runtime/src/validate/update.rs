//! Update constraints: `+k8s:update=NoSet|NoUnset|NoModify|NoAddItem|NoRemoveItem`
//! (upstream `validate/update.go`).
//!
//! `NoSet`, `NoUnset` and `NoModify` follow Kubernetes 1.35; `NoAddItem`,
//! `NoRemoveItem`, the list and map variants and the "no old value, no
//! transition" rule of [`update_value`] and [`update_struct`] follow the main
//! branch, where they first appeared.
//!
//! Every validator does nothing unless the operation is an update. Errors,
//! all with origin `update`, come out in the order of `constraints`:
//!
//! | constraint | fails when | error |
//! |---|---|---|
//! | `NoSet` | old unset, new set | `Invalid value: null: field cannot be set once created` |
//! | `NoUnset` | old set, new unset | `Invalid value: null: field cannot be cleared once set` |
//! | `NoModify` | old and new set (the caller's ratchet check already found a change) | `Invalid value: null: field cannot be modified once set` |
//! | `NoAddItem` | a new list item (map key) has no match in the old list (map) | `<path>[i]: Forbidden: item may not be added` (`<path>[key]` for maps) |
//! | `NoRemoveItem` | an old list item (map key) has no match in the new list (map) | `<path>: Forbidden: item may not be removed` once per removed list item (`<path>[key]` for maps) |

use crate::field::{BadValue, Error, ErrorList, MapKey, Path};
use crate::validate::MapLike;
use crate::{IsZero, Operation};

/// One `+k8s:update=` constraint (upstream `validate.UpdateConstraint`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum UpdateConstraint {
    /// `NoSet`: an unset field may not become set.
    NoSet,
    /// `NoUnset`: a set field may not be cleared.
    NoUnset,
    /// `NoModify`: a set field may not change value (set and unset transitions
    /// are allowed).
    NoModify,
    /// `NoAddItem`: no item may be added to a list or map.
    NoAddItem,
    /// `NoRemoveItem`: no item may be removed from a list or map.
    NoRemoveItem,
}

const NO_SET: &str = "field cannot be set once created";
const NO_UNSET: &str = "field cannot be cleared once set";
const NO_MODIFY: &str = "field cannot be modified once set";
const NO_ADD: &str = "item may not be added";
const NO_REMOVE: &str = "item may not be removed";
const NO_MATCH: &str = "ValSliceUpdate: NoAddItem/NoRemoveItem require a non-nil match function";

#[inline]
fn invalid(path: &Path<'_>, detail: &'static str) -> Error {
    Error::invalid(path, BadValue::Null, detail).with_origin("update")
}

#[inline]
fn forbidden(path: &Path<'_>, detail: &'static str) -> Error {
    Error::forbidden(path, detail).with_origin("update")
}

/// The `NoSet` / `NoUnset` / `NoModify` checks for one constraint, given the
/// set-ness of the old and new values.
#[inline]
fn transition(
    errs: &mut ErrorList,
    path: &Path<'_>,
    constraint: UpdateConstraint,
    old_set: bool,
    new_set: bool,
) {
    match constraint {
        UpdateConstraint::NoSet if !old_set && new_set => errs.push(invalid(path, NO_SET)),
        UpdateConstraint::NoUnset if old_set && !new_set => errs.push(invalid(path, NO_UNSET)),
        UpdateConstraint::NoModify if old_set && new_set => errs.push(invalid(path, NO_MODIFY)),
        _ => {}
    }
}

/// The set / unset / modify checks shared by the scalar and collection
/// validators (`NoAddItem` and `NoRemoveItem` are ignored).
#[inline]
fn transitions(
    errs: &mut ErrorList,
    path: &Path<'_>,
    old_set: bool,
    new_set: bool,
    constraints: &[UpdateConstraint],
) {
    for &c in constraints {
        transition(errs, path, c, old_set, new_set);
    }
}

/// `+k8s:update` on a non-`Option` scalar field (upstream
/// `UpdateValueByCompare` / `UpdateValueByReflect`): "set" means not the zero
/// value ([`IsZero`]). A value of a Go struct type (`IsZero::IS_STRUCT`, such
/// as a quantity) is always set (upstream's `UpdateStruct`).
///
/// Nothing is checked when `old` is `None` (no prior value, such as a new
/// list item): there is no transition. A `None` value counts as unset.
///
/// ```
/// use k8s_validation::ErrorList;
/// use k8s_validation::field::Path;
/// use k8s_validation::validate::{self, UpdateConstraint::NoSet};
/// use k8s_validation::Operation;
///
/// let path = Path::new("name");
/// let (new, old) = ("x".to_string(), String::new());
/// let errs = ErrorList::from_fn(|e| validate::update_value(e, &Operation::update(), &path, Some(&new), Some(&old), &[NoSet]));
/// assert_eq!(errs[0].to_string(), "name: Invalid value: null: field cannot be set once created");
/// ```
#[inline]
pub fn update_value<T: IsZero + ?Sized>(
    errs: &mut ErrorList,
    op: &Operation,
    path: &Path<'_>,
    value: Option<&T>,
    old: Option<&T>,
    constraints: &[UpdateConstraint],
) {
    let Some(old) = old else {
        return;
    };
    if !op.is_update() {
        return;
    }
    // A Go struct value (`resource.Quantity`, `metav1.Time`: zero-able here)
    // is always set, as upstream's `UpdateStruct` has it.
    let set = |v: &T| T::IS_STRUCT || !v.is_zero();
    let new_set = value.is_some_and(set);
    transitions(errs, path, set(old), new_set, constraints)
}

/// `+k8s:update` on an `Option` field (upstream `UpdatePointer`): "set" means
/// `Some`, whatever it holds; an `old` of `None` is unset.
///
/// ```
/// use k8s_validation::ErrorList;
/// use k8s_validation::field::Path;
/// use k8s_validation::validate::{self, UpdateConstraint::NoUnset};
/// use k8s_validation::Operation;
///
/// let path = Path::new("ref");
/// let errs = ErrorList::from_fn(|e| validate::update_pointer(e, &Operation::update(), &path, None, Some(&0), &[NoUnset]));
/// assert_eq!(errs[0].to_string(), "ref: Invalid value: null: field cannot be cleared once set");
/// ```
#[inline]
pub fn update_pointer<T: ?Sized>(
    errs: &mut ErrorList,
    op: &Operation,
    path: &Path<'_>,
    value: Option<&T>,
    old: Option<&T>,
    constraints: &[UpdateConstraint],
) {
    if !op.is_update() {
        return;
    }
    transitions(errs, path, old.is_some(), value.is_some(), constraints)
}

/// `+k8s:update` on a non-`Option` struct field (upstream `UpdateStruct`): a
/// struct is always set, so `NoSet` and `NoUnset` never fail, and `NoModify`
/// fails whenever there is an old value (the caller's ratchet check already
/// found a change). Nothing is checked when `old` is `None`.
#[inline]
pub fn update_struct<T: ?Sized>(
    errs: &mut ErrorList,
    op: &Operation,
    path: &Path<'_>,
    _value: Option<&T>,
    old: Option<&T>,
    constraints: &[UpdateConstraint],
) {
    if !op.is_update() || old.is_none() {
        return;
    }
    for &c in constraints {
        if c == UpdateConstraint::NoModify {
            errs.push(invalid(path, NO_MODIFY));
        }
    }
}

/// `+k8s:update` on a list field (upstream `ValSliceUpdate`): "set" means
/// non-empty, and a `None` list (new or old) is empty. `NoModify` does not
/// apply to lists and is ignored.
///
/// `NoAddItem` reports each new item with no match in the old list at
/// `<path>[i]`; `NoRemoveItem` reports each old item with no match in the new
/// list at the list path itself, once per removed item. `matches(a, b)` is the
/// item identity (list-map keys or set equality) and is called as
/// `matches(old_item, new_item)` for additions and `matches(new_item,
/// old_item)` for removals. Without it, `NoAddItem` and `NoRemoveItem` give an
/// internal error.
///
/// ```
/// use k8s_validation::ErrorList;
/// use k8s_validation::field::Path;
/// use k8s_validation::validate::{self, UpdateConstraint::{NoAddItem, NoRemoveItem}};
/// use k8s_validation::Operation;
///
/// let path = Path::new("items");
/// let eq = |a: &&str, b: &&str| a == b;
/// let errs = ErrorList::from_fn(|e| validate::update_list(e, &Operation::update(), &path, Some(&["a", "c"][..]),
///     Some(&["a", "b"][..]), Some(&eq), &[NoAddItem, NoRemoveItem]));
/// assert_eq!(errs[0].to_string(), "items[1]: Forbidden: item may not be added");
/// assert_eq!(errs[1].to_string(), "items: Forbidden: item may not be removed");
/// ```
#[allow(clippy::type_complexity)]
pub fn update_list<T>(
    errs: &mut ErrorList,
    op: &Operation,
    path: &Path<'_>,
    value: Option<&[T]>,
    old: Option<&[T]>,
    matches: Option<&dyn Fn(&T, &T) -> bool>,
    constraints: &[UpdateConstraint],
) {
    if !op.is_update() {
        return;
    }
    let new = value.unwrap_or(&[]);
    let old = old.unwrap_or(&[]);
    let start = errs.len();
    for &c in constraints {
        match c {
            UpdateConstraint::NoAddItem | UpdateConstraint::NoRemoveItem => {
                let Some(m) = matches else {
                    // The internal error replaces whatever this call reported.
                    errs.truncate(start);
                    errs.push(Error::internal(path, NO_MATCH));
                    return;
                };
                if c == UpdateConstraint::NoAddItem {
                    for (i, item) in new.iter().enumerate() {
                        if !old.iter().any(|o| m(o, item)) {
                            errs.push(forbidden(&path.index(i), NO_ADD));
                        }
                    }
                } else {
                    for item in old {
                        if !new.iter().any(|n| m(n, item)) {
                            errs.push(forbidden(path, NO_REMOVE));
                        }
                    }
                }
            }
            // A list is never "modified" as a whole (per-item immutability
            // is `+k8s:eachVal=+k8s:update=NoModify`).
            UpdateConstraint::NoModify => {}
            _ => transition(errs, path, c, !old.is_empty(), !new.is_empty()),
        }
    }
}

/// `+k8s:update` on a map field (upstream `UpdateMap`): "set" means
/// non-empty, and a `None` map (new or old) is empty. `NoModify` does not
/// apply to maps and is ignored.
///
/// `NoAddItem` reports each new key missing from the old map and
/// `NoRemoveItem` each old key missing from the new map, at `<path>[key]`,
/// in key order (upstream's order is Go's random map order).
///
/// ```
/// use std::collections::BTreeMap;
/// use k8s_validation::ErrorList;
/// use k8s_validation::field::Path;
/// use k8s_validation::validate::{self, UpdateConstraint::NoAddItem};
/// use k8s_validation::Operation;
///
/// let path = Path::new("labels");
/// let old = BTreeMap::from([("a".to_string(), 1)]);
/// let new = BTreeMap::from([("a".to_string(), 1), ("b".to_string(), 2)]);
/// let errs = ErrorList::from_fn(|e| validate::update_map(e, &Operation::update(), &path, Some(&new), Some(&old), &[NoAddItem]));
/// assert_eq!(errs[0].to_string(), "labels[b]: Forbidden: item may not be added");
/// ```
pub fn update_map<M: MapLike>(
    errs: &mut ErrorList,
    op: &Operation,
    path: &Path<'_>,
    value: Option<&M>,
    old: Option<&M>,
    constraints: &[UpdateConstraint],
) {
    if !op.is_update() {
        return;
    }
    let new_len = value.map_or(0, |m| m.len());
    let old_len = old.map_or(0, |m| m.len());
    for &c in constraints {
        match c {
            UpdateConstraint::NoAddItem => missing_keys(errs, path, value, old, NO_ADD),
            UpdateConstraint::NoRemoveItem => missing_keys(errs, path, old, value, NO_REMOVE),
            UpdateConstraint::NoModify => {}
            _ => transition(errs, path, c, old_len > 0, new_len > 0),
        }
    }
}

/// Reports, in key order, every key of `from` that `other` lacks.
fn missing_keys<M: MapLike>(
    errs: &mut ErrorList,
    path: &Path<'_>,
    from: Option<&M>,
    other: Option<&M>,
    detail: &'static str,
) {
    let Some(from) = from else { return };
    let lacks = |k: &M::Key| !other.is_some_and(|o| o.contains(k));
    // Count first so the valid path never sorts (which allocates for hash maps).
    let mut any = false;
    from.for_each_entry(|k, _| any |= lacks(k));
    if !any {
        return;
    }
    from.for_each_sorted(|k, _| {
        if lacks(k) {
            let key = k.key_str();
            errs.push(forbidden(&path.key(&key), detail));
        }
    });
}

/// A list or map newtype (a Go typedef such as `type Users []User` with its
/// own `+k8s:listType=map`) whose items `+k8s:update=NoAddItem` /
/// `NoRemoveItem` on a field of that type check. The derive implements it
/// for list and map newtypes, with the item identity of the newtype's list
/// metadata.
pub trait UpdateItems {
    /// `+k8s:update` with these constraints on a value of this type.
    fn update_items(
        errs: &mut ErrorList,
        op: &Operation,
        path: &Path<'_>,
        value: Option<&Self>,
        old: Option<&Self>,
        constraints: &[UpdateConstraint],
    );
}

/// `+k8s:update` on a field whose type is a list or map newtype: the
/// newtype's [`UpdateItems`] decides how items are identified.
#[inline]
pub fn update_items<T: UpdateItems + ?Sized>(
    errs: &mut ErrorList,
    op: &Operation,
    path: &Path<'_>,
    value: Option<&T>,
    old: Option<&T>,
    constraints: &[UpdateConstraint],
) {
    T::update_items(errs, op, path, value, old, constraints)
}
