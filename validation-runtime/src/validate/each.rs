//! Iteration: `+k8s:eachVal` over list elements and map values, and
//! `+k8s:eachKey` over map keys, with upstream's old-value correlation and
//! ratcheting (upstream `validate/each.go`: `EachSliceVal`, `EachMapVal`,
//! `EachMapKey`).
//!
//! The validator is called as `validator(path, new, old)`:
//!
//! * list element: `path[i]`; the old element is the correlated one (none
//!   for atomic lists; the first equal old element for `listType=set`; the
//!   first old element with the same key for `listType=map`);
//! * map value: `path[key]`; the old value under the same key;
//! * map key: the **map's own path** (an upstream quirk), no old value.
//!
//! On update, correlated elements that are unchanged are skipped. Errors come
//! out in list order, and in key order for maps (also for `HashMap`, whose
//! iteration order is random; upstream's map errors come out in random
//! order).
//!
//! None of these allocate unless the validator fails, except the list-map
//! correlation of an old list longer than [`SMALL_LIST`], which indexes the
//! old list in a hash table.

use std::collections::HashMap;
use std::hash::Hash;

use super::collections::MapLike;
use super::key_index::{key_hash, KeyIndex};
use super::lists::SMALL_LIST;
use crate::field::{ErrorList, MapKey, Path};
use crate::{Operation, SemanticEq};

/// `+k8s:eachVal` on an atomic list (no `listType`, or `listType=atomic`):
/// every element is validated at `path[i]` with no old element, so every
/// element is validated again whenever the list changed.
#[inline]
pub fn each_slice_val<T>(
    errs: &mut ErrorList,
    _op: &Operation,
    path: &Path<'_>,
    value: Option<&[T]>,
    _old: Option<&[T]>,
    mut validator: impl FnMut(&mut ErrorList, &Path<'_>, &T, Option<&T>),
) {
    for (i, item) in value.unwrap_or(&[]).iter().enumerate() {
        validator(errs, &path.index(i), item, None);
    }
}

/// `+k8s:eachVal` on a `listType=set` (or `unique=set`) list: the old
/// element of `value[i]` is the first equal element of `old`; on update,
/// elements that have one are skipped (they are unchanged).
///
/// Correlation compares with [`SemanticEq`] (upstream's
/// `equality.Semantic.DeepEqual`, or `==` for directly comparable items,
/// which agree): O(n) when the list kept its order (each
/// element is first compared with the old element at the same index),
/// O(n·m) otherwise. For items that are `Hash + Eq`,
/// [`each_slice_val_map`] with the identity key (`|x| x`) gives the same
/// result in expected O(n).
pub fn each_slice_val_set<T: crate::SemanticEq>(
    errs: &mut ErrorList,
    op: &Operation,
    path: &Path<'_>,
    value: Option<&[T]>,
    old: Option<&[T]>,
    mut validator: impl FnMut(&mut ErrorList, &Path<'_>, &T, Option<&T>),
) {
    let Some(items) = value else {
        return;
    };
    let old = old.unwrap_or(&[]);
    for (i, item) in items.iter().enumerate() {
        let old_item = if op.is_update() {
            // Any equal old element means "unchanged": try the same index
            // first, then search.
            if old.get(i).is_some_and(|o| o.semantic_eq(item))
                || old.iter().any(|o| o.semantic_eq(item))
            {
                continue;
            }
            None
        } else {
            old.iter().find(|o| (*o).semantic_eq(item))
        };
        validator(errs, &path.index(i), item, old_item);
    }
}

/// `+k8s:eachVal` on a `listType=map` (or `unique=map`) list: the old
/// element of `value[i]` is the first element of `old` with the same key;
/// on update, elements equal to their old element are skipped.
///
/// `key` is the list-map key, as for
/// [`unique_map`](super::lists::unique_map). Correlation is O(n) expected:
/// an old list of at most [`SMALL_LIST`] items is scanned, a longer one is indexed in a hash table (which
/// allocates).
pub fn each_slice_val_map<'a, T: crate::SemanticEq, K: Hash + Eq>(
    errs: &mut ErrorList,
    op: &Operation,
    path: &Path<'_>,
    value: Option<&'a [T]>,
    old: Option<&'a [T]>,
    key: impl Fn(&'a T) -> K,
    mut validator: impl FnMut(&mut ErrorList, &Path<'_>, &T, Option<&T>),
) {
    let Some(items) = value else {
        return;
    };
    let old = old.unwrap_or(&[]);
    let mut visit = |i: usize, item: &T, old_item: Option<&T>| {
        if op.is_update() && old_item.is_some_and(|o| o.semantic_eq(item)) {
            return;
        }
        validator(errs, &path.index(i), item, old_item);
    };
    if old.is_empty() {
        for (i, item) in items.iter().enumerate() {
            visit(i, item, None);
        }
    } else if old.len() <= SMALL_LIST {
        // A short old list is scanned; keys are field accesses, recomputed
        // rather than cached.
        for (i, item) in items.iter().enumerate() {
            let k = key(item);
            let old_item = old.iter().find(|o| key(o) == k);
            visit(i, item, old_item);
        }
    } else {
        let mut index = KeyIndex::new(old.iter().map(|o| key_hash(&key(o))).collect());
        for (j, o) in old.iter().enumerate() {
            // The first old element with a key wins, as upstream.
            let kj = key(o);
            index.insert_first(j, &|i| key(&old[i]) == kj);
        }
        for (i, item) in items.iter().enumerate() {
            let k = key(item);
            let old_item = index
                .find(key_hash(&k), &|j| key(&old[j]) == k)
                .map(|j| &old[j]);
            visit(i, item, old_item);
        }
    }
}

/// `+k8s:eachVal` on a map: every value is validated at `path[key]` with the
/// old value under the same key; on update, values equal to their old value
/// are skipped. Errors come out in key order.
pub fn each_map_val<M: MapLike>(
    errs: &mut ErrorList,
    op: &Operation,
    path: &Path<'_>,
    value: Option<&M>,
    old: Option<&M>,
    mut validator: impl FnMut(&mut ErrorList, &Path<'_>, &M::Value, Option<&M::Value>),
) where
    M::Value: crate::SemanticEq,
{
    let Some(map) = value else {
        return;
    };
    let mut sorted = KeyOrdered::<M::Key>::new(errs, M::SORTED);
    map.for_each_entry(|k, v| {
        let old_v = old.and_then(|o| o.get_value(k));
        if op.is_update() && old_v.is_some_and(|o| o.semantic_eq(v)) {
            return;
        }
        let start = sorted.start();
        let text = k.key_str();
        validator(sorted.errs, &path.key(&text), v, old_v);
        sorted.added(k, start);
    });
    sorted.finish();
}

/// `+k8s:eachKey` on a map: every key is validated, with the **map's** path
/// (as upstream) and no old value; on update, keys already in the old map
/// are skipped. Errors come out in key order.
pub fn each_map_key<M: MapLike>(
    errs: &mut ErrorList,
    op: &Operation,
    path: &Path<'_>,
    value: Option<&M>,
    old: Option<&M>,
    mut validator: impl FnMut(&mut ErrorList, &Path<'_>, &M::Key),
) {
    let Some(map) = value else {
        return;
    };
    let mut sorted = KeyOrdered::<M::Key>::new(errs, M::SORTED);
    map.for_each_entry(|k, _| {
        if op.is_update() && old.is_some_and(|o| o.contains(k)) {
            return;
        }
        let start = sorted.start();
        validator(sorted.errs, path, k);
        sorted.added(k, start);
    });
    sorted.finish();
}

/// Keeps per-entry errors in key order. Entries push straight into the
/// accumulator; for maps that iterate in key order nothing else happens. For
/// the others, a failing entry's errors are moved aside and put back in key
/// order at the end, so a map without errors never allocates.
struct KeyOrdered<'e, 'a, K> {
    in_order: bool,
    errs: &'e mut ErrorList,
    keys: Vec<&'a K>,
    pending: Vec<ErrorList>,
}

impl<'e, 'a, K: Ord> KeyOrdered<'e, 'a, K> {
    #[inline]
    fn new(errs: &'e mut ErrorList, in_order: bool) -> Self {
        KeyOrdered {
            in_order,
            errs,
            keys: Vec::new(),
            pending: Vec::new(),
        }
    }

    /// Where the next entry's errors start.
    #[inline]
    fn start(&self) -> usize {
        self.errs.len()
    }

    /// Records that `key`'s errors were pushed from `start` on.
    #[inline]
    fn added(&mut self, key: &'a K, start: usize) {
        if !self.in_order && self.errs.len() > start {
            let moved = self.errs.split_off(start);
            self.keys.push(key);
            self.pending.push(moved);
        }
    }

    fn finish(self) {
        if self.pending.is_empty() {
            return;
        }
        let keys = self.keys;
        let order = key_order(keys.len(), &|a, b| keys[a].cmp(keys[b]));
        append_in_order(self.errs, self.pending, &order);
    }
}

/// Appends `lists` to `errs` in `order`. Not generic.
#[inline(never)]
fn append_in_order(errs: &mut ErrorList, lists: Vec<ErrorList>, order: &[usize]) {
    let mut lists: Vec<Option<ErrorList>> = lists.into_iter().map(Some).collect();
    for &i in order {
        if let Some(e) = lists[i].take() {
            errs.append(e);
        }
    }
}

/// The indices `0..n` sorted by `cmp` (keys of one map are distinct, so an
/// unstable sort is exact). Not generic, so the sort is compiled once, here.
#[inline(never)]
fn key_order(n: usize, cmp: &dyn Fn(usize, usize) -> std::cmp::Ordering) -> Vec<usize> {
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_unstable_by(|&a, &b| cmp(a, b));
    order
}

/// A list or a map whose values `+k8s:eachVal` visits: what generated code
/// uses when a field's type is a list or map newtype (a Go typedef such as
/// `type ListType []string`), whose shape the derive cannot see.
///
/// `Vec` is visited as an atomic list (no old element correlates) and map
/// values correlate with the old map by key, as [`each_map_val`]. The
/// derive implements it for list and map newtypes, correlating list items
/// as the newtype's own `+k8s:listType` says.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a list, set or map: `+k8s:eachVal` needs one",
    label = "not a collection",
    note = "collections are `Vec`, `BTreeSet`, `HashSet`, `BTreeMap`, `HashMap`, and their newtypes (with `#[derive(Validate)]`)"
)]
pub trait EachValue {
    /// The element (list) or value (map) type.
    type Item;

    /// Runs `validator` on every element or value.
    fn each_value(
        &self,
        errs: &mut ErrorList,
        op: &Operation,
        path: &Path<'_>,
        old: Option<&Self>,
        validator: impl FnMut(&mut ErrorList, &Path<'_>, &Self::Item, Option<&Self::Item>),
    );
}

impl<T> EachValue for Vec<T> {
    type Item = T;

    fn each_value(
        &self,
        errs: &mut ErrorList,
        op: &Operation,
        path: &Path<'_>,
        old: Option<&Self>,
        validator: impl FnMut(&mut ErrorList, &Path<'_>, &T, Option<&T>),
    ) {
        each_slice_val(
            errs,
            op,
            path,
            Some(self),
            old.map(Vec::as_slice),
            validator,
        )
    }
}

impl<K: MapKey + Ord, V: crate::SemanticEq> EachValue for std::collections::BTreeMap<K, V> {
    type Item = V;

    fn each_value(
        &self,
        errs: &mut ErrorList,
        op: &Operation,
        path: &Path<'_>,
        old: Option<&Self>,
        validator: impl FnMut(&mut ErrorList, &Path<'_>, &V, Option<&V>),
    ) {
        each_map_val(errs, op, path, Some(self), old, validator)
    }
}

impl<K: MapKey + Ord + Hash, V: crate::SemanticEq, S: std::hash::BuildHasher> EachValue
    for HashMap<K, V, S>
{
    type Item = V;

    fn each_value(
        &self,
        errs: &mut ErrorList,
        op: &Operation,
        path: &Path<'_>,
        old: Option<&Self>,
        validator: impl FnMut(&mut ErrorList, &Path<'_>, &V, Option<&V>),
    ) {
        each_map_val(errs, op, path, Some(self), old, validator)
    }
}

/// `+k8s:eachVal` on a value that is a list or map newtype: every element
/// (list) or value (map) through [`EachValue`].
#[inline]
pub fn each_val<C: EachValue>(
    errs: &mut ErrorList,
    op: &Operation,
    path: &Path<'_>,
    value: Option<&C>,
    old: Option<&C>,
    validator: impl FnMut(&mut ErrorList, &Path<'_>, &C::Item, Option<&C::Item>),
) {
    if let Some(v) = value {
        v.each_value(errs, op, path, old, validator)
    }
}

/// A map's keys' own validations only (its values are `+k8s:opaqueType`):
/// every key not in the old map, at the map's path.
pub fn validate_map_keys<M: MapLike>(
    errs: &mut ErrorList,
    op: &Operation,
    path: &Path<'_>,
    value: Option<&M>,
    old: Option<&M>,
) where
    M::Key: crate::Validate,
{
    let Some(map) = value else {
        return;
    };
    map.for_each_sorted(|k, _| {
        if op.is_update() && old.is_some_and(|o| o.contains(k)) {
            return;
        }
        crate::Validate::validate_into(k, op, path, None, errs);
    });
}

/// A map's values' own validations only (its keys are `+k8s:opaqueType`):
/// every changed value at `path[key]`, correlated with the old map by key.
pub fn validate_map_values<M: MapLike>(
    errs: &mut ErrorList,
    op: &Operation,
    path: &Path<'_>,
    value: Option<&M>,
    old: Option<&M>,
) where
    M::Value: crate::Validate + crate::SemanticEq,
{
    let Some(map) = value else {
        return;
    };
    map.for_each_sorted(|k, v| {
        let old_v = old.and_then(|o| o.get_value(k));
        if op.is_update() && old_v.is_some_and(|o| o.semantic_eq(v)) {
            return;
        }
        let text = k.key_str();
        crate::Validate::validate_into(v, op, &path.key(&text), old_v, errs);
    });
}
