//! Lists of pointers (Kubernetes 1.37): `Vec<Option<T>>`, Go's `[]*T`
//! (upstream `validate/each.go`: `PtrSliceNoNils`, `EachPtrSliceVal`,
//! `PtrSliceUnique`; `validate/item.go`: `PtrSliceItem`); maps of pointers
//! (Kubernetes 1.38): `BTreeMap<K, Option<V>>`, Go's `map[K]*V`
//! ([`ptr_map_no_nils`], upstream's `PtrMapNoNils`).
//!
//! A field of such a list gets [`ptr_slice_no_nils`] first (upstream's
//! generator injects it, short-circuiting): every `None` element is
//! `Required value`, and nothing else of the field is validated. The other
//! functions are the list functions of [`each`](super::each) and
//! [`lists`](super::lists) that skip `None` elements (in the new and the old
//! list), which only a list typedef, which has no such check, can reach.
//! The validator still receives the element as `&Option<T>` (always
//! `Some`), as the element site reads it.

use super::collections::MapLike;
use crate::field::MapKey;
use crate::field::{Error, ErrorList, Path, ToBadValue};
use crate::{Operation, SemanticEq};

/// Upstream's `PtrSliceNoNils`: `Required value` at `path[i]` for every
/// `None` element; whether there was one (the field's validation stops).
///
/// ```
/// use k8s_validation::field::Path;
/// use k8s_validation::{validate, ErrorList};
///
/// let list = [Some(1), None];
/// let mut errs = ErrorList::new();
/// assert!(validate::ptr_slice_no_nils(&mut errs, &Path::new("l"), Some(&list[..])));
/// assert_eq!(errs[0].to_string(), "l[1]: Required value");
/// ```
pub fn ptr_slice_no_nils<T>(
    errs: &mut ErrorList,
    path: &Path<'_>,
    value: Option<&[Option<T>]>,
) -> bool {
    let mut found = false;
    for (i, item) in value.unwrap_or(&[]).iter().enumerate() {
        if item.is_none() {
            errs.push(Error::required(path.index(i), ""));
            found = true;
        }
    }
    found
}

/// Upstream's `PtrMapNoNils` (Kubernetes 1.38): `Required value` at
/// `path[key]` for every `None` value, in key order; whether there was one.
/// Generated code calls it first on a map-of-pointers field with
/// validations of its own, which stops there when it reports.
///
/// ```
/// use std::collections::BTreeMap;
/// use k8s_validation::field::Path;
/// use k8s_validation::{validate, ErrorList};
///
/// let map = BTreeMap::from([("a".to_string(), None), ("b".to_string(), Some(0))]);
/// let mut errs = ErrorList::new();
/// assert!(validate::ptr_map_no_nils(&mut errs, &Path::new("m"), Some(&map)));
/// assert_eq!(errs[0].to_string(), "m[a]: Required value");
/// ```
pub fn ptr_map_no_nils<M, V>(errs: &mut ErrorList, path: &Path<'_>, value: Option<&M>) -> bool
where
    M: MapLike<Value = Option<V>>,
{
    let mut found = false;
    if let Some(map) = value {
        map.for_each_sorted(|k, v| {
            if v.is_none() {
                errs.push(Error::required(path.key(&k.key_str()), ""));
                found = true;
            }
        });
    }
    found
}

/// [`each_slice_val`](super::each_slice_val) skipping `None` elements.
pub fn each_ptr_slice_val<T>(
    errs: &mut ErrorList,
    _op: &Operation,
    path: &Path<'_>,
    value: Option<&[Option<T>]>,
    _old: Option<&[Option<T>]>,
    mut validator: impl FnMut(&mut ErrorList, &Path<'_>, &Option<T>, Option<&Option<T>>),
) {
    for (i, item) in value.unwrap_or(&[]).iter().enumerate() {
        if item.is_some() {
            validator(errs, &path.index(i), item, None);
        }
    }
}

/// [`each_slice_val_set`](super::each_slice_val_set) skipping `None`
/// elements.
pub fn each_ptr_slice_val_set<T: SemanticEq>(
    errs: &mut ErrorList,
    op: &Operation,
    path: &Path<'_>,
    value: Option<&[Option<T>]>,
    old: Option<&[Option<T>]>,
    mut validator: impl FnMut(&mut ErrorList, &Path<'_>, &Option<T>, Option<&Option<T>>),
) {
    let old = old.unwrap_or(&[]);
    for (i, item) in value.unwrap_or(&[]).iter().enumerate() {
        if item.is_none() {
            continue;
        }
        let old_item = old.iter().find(|o| o.is_some() && (*o).semantic_eq(item));
        if op.is_update() && old_item.is_some() {
            continue;
        }
        validator(errs, &path.index(i), item, old_item);
    }
}

/// [`each_slice_val_map`](super::each_slice_val_map) skipping `None`
/// elements: the old element is the first `Some` old element with the same
/// key.
pub fn each_ptr_slice_val_map<'a, T: SemanticEq, K: PartialEq>(
    errs: &mut ErrorList,
    op: &Operation,
    path: &Path<'_>,
    value: Option<&'a [Option<T>]>,
    old: Option<&'a [Option<T>]>,
    key: impl Fn(&'a Option<T>) -> K,
    mut validator: impl FnMut(&mut ErrorList, &Path<'_>, &Option<T>, Option<&Option<T>>),
) {
    let old = old.unwrap_or(&[]);
    for (i, item) in value.unwrap_or(&[]).iter().enumerate() {
        if item.is_none() {
            continue;
        }
        let k = key(item);
        let old_item = old.iter().find(|o| o.is_some() && key(o) == k);
        if op.is_update() && old_item.is_some_and(|o| o.semantic_eq(item)) {
            continue;
        }
        validator(errs, &path.index(i), item, old_item);
    }
}

/// Upstream's `PtrSliceUnique` with list-map keys: `Duplicate value` for
/// every `Some` element whose key equals an earlier `Some` element's.
pub fn ptr_slice_unique_map<'a, T: ToBadValue, K: PartialEq>(
    errs: &mut ErrorList,
    _op: &Operation,
    path: &Path<'_>,
    value: Option<&'a [Option<T>]>,
    _old: Option<&'a [Option<T>]>,
    key: impl Fn(&'a Option<T>) -> K,
) {
    ptr_duplicates(errs, path, value.unwrap_or(&[]), |a, b| key(a) == key(b));
}

/// Upstream's `PtrSliceUnique` for `listType=set`: `Duplicate value` for
/// every `Some` element equal to an earlier `Some` element.
pub fn ptr_slice_unique_set<T: SemanticEq + ToBadValue>(
    errs: &mut ErrorList,
    _op: &Operation,
    path: &Path<'_>,
    value: Option<&[Option<T>]>,
    _old: Option<&[Option<T>]>,
) {
    ptr_duplicates(errs, path, value.unwrap_or(&[]), |a, b| a.semantic_eq(b));
}

/// [`update_list`](super::update_list) for a list of pointers (upstream
/// `PtrSliceUpdate`): `NoAddItem` and `NoRemoveItem` skip `None` items; the
/// other constraints are `update_list`'s.
#[allow(clippy::type_complexity)]
pub fn update_ptr_list<T>(
    errs: &mut ErrorList,
    op: &Operation,
    path: &Path<'_>,
    value: Option<&[Option<T>]>,
    old: Option<&[Option<T>]>,
    matches: Option<&dyn Fn(&Option<T>, &Option<T>) -> bool>,
    constraints: &[super::UpdateConstraint],
) {
    use super::UpdateConstraint::{NoAddItem, NoRemoveItem};
    let Some(m) = matches.filter(|_| op.is_update()) else {
        return super::update_list(errs, op, path, value, old, matches, constraints);
    };
    let (new, old) = (value.unwrap_or(&[]), old.unwrap_or(&[]));
    let forbidden = |path: &Path<'_>, detail| Error::forbidden(path, detail).with_origin("update");
    for &c in constraints {
        match c {
            NoAddItem => {
                for (i, item) in new.iter().enumerate() {
                    if item.is_some() && !old.iter().any(|o| o.is_some() && m(o, item)) {
                        errs.push(forbidden(&path.index(i), "item may not be added"));
                    }
                }
            }
            NoRemoveItem => {
                for item in old {
                    if item.is_some() && !new.iter().any(|n| n.is_some() && m(n, item)) {
                        errs.push(forbidden(path, "item may not be removed"));
                    }
                }
            }
            _ => super::update_list(errs, op, path, value, Some(old), matches, &[c]),
        }
    }
}

fn ptr_duplicates<'a, T: ToBadValue>(
    errs: &mut ErrorList,
    path: &Path<'_>,
    items: &'a [Option<T>],
    same: impl Fn(&'a Option<T>, &'a Option<T>) -> bool,
) {
    for (j, item) in items.iter().enumerate() {
        if item.is_some() && items[..j].iter().any(|e| e.is_some() && same(e, item)) {
            errs.push(super::lists::duplicate(path, j, item));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(errs: &ErrorList) -> Vec<String> {
        errs.iter().map(|e| e.to_string()).collect()
    }

    #[test]
    fn nils_are_skipped() {
        let l = [Some(1), None, Some(1), None, Some(2)];
        let p = Path::new("l");
        let op = Operation::create();
        let errs = ErrorList::from_fn(|e| ptr_slice_unique_set(e, &op, &p, Some(&l[..]), None));
        assert_eq!(fields(&errs), ["l[2]: Duplicate value: 1"]);
        let errs = ErrorList::from_fn(|e| {
            ptr_slice_unique_map(e, &op, &p, Some(&l[..]), None, |x| x.map(|x| x % 2))
        });
        assert_eq!(fields(&errs), ["l[2]: Duplicate value: 1"]);
        let mut seen = Vec::new();
        each_ptr_slice_val(
            &mut ErrorList::new(),
            &op,
            &p,
            Some(&l[..]),
            None,
            |_, p, v, _| seen.push((p.to_string(), *v)),
        );
        assert_eq!(seen.len(), 3);
        assert!(seen.iter().all(|(_, v)| v.is_some()));
        // On update, a `Some` element keyed like an old one is correlated; nils never are.
        let old = [None, Some(2)];
        let up = Operation::update();
        let mut seen = Vec::new();
        each_ptr_slice_val_map(
            &mut ErrorList::new(),
            &up,
            &p,
            Some(&l[..]),
            Some(&old[..]),
            |x| *x,
            |_, p, _, o| seen.push((p.to_string(), o.copied())),
        );
        assert_eq!(
            seen,
            [("l[0]".to_string(), None), ("l[2]".to_string(), None)]
        );
    }
}
