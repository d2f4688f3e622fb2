//! List semantics: uniqueness for `+k8s:listType=set`, `+k8s:listType=map`
//! (with `+k8s:listMapKey`) and `+k8s:unique=set|map` (upstream
//! `validate/each.go`, `Unique`).
//!
//! Every item that equals (set) or has the same key as (map) an **earlier**
//! item is reported as `Duplicate value: <item>` at `path[j]`, in ascending
//! index order. First occurrences are never reported, the bad value is the
//! whole item, and the errors have no origin, exactly as upstream.
//!
//! Upstream compares every pair of items. Here lists of up to
//! [`SMALL_LIST`] items are compared pairwise on the stack (no allocation),
//! and longer lists go through a hash index (two allocations, expected O(n));
//! the result is the same.
//!
//! These checks do no ratcheting of their own: generated code only reaches
//! them when the list changed (the field ratchet), as upstream.

use std::hash::Hash;

use super::key_index::{key_hash, KeyIndex};
use crate::field::{with_bad_value, Error, ErrorList, Path, ToBadValue};
use crate::Operation;

/// Lists (and old lists, for correlation) of at most this many items are
/// handled with stack-only pairwise comparisons; longer ones are indexed in a
/// hash table, which allocates.
pub const SMALL_LIST: usize = 32;

/// `+k8s:listType=set` / `+k8s:unique=set` on items that are `Hash + Eq`:
/// `Duplicate value: <item>` at `path[j]` for every item equal to an earlier
/// one.
///
/// ```
/// use k8s_validation::field::Path;
/// use k8s_validation::{ErrorList, validate, Operation};
///
/// let list = ["a".to_string(), "b".into(), "a".into()];
/// let path = Path::new("finalizers");
/// let errs = ErrorList::from_fn(|e| validate::unique_set(e, &Operation::create(), &path, Some(&list[..]), None));
/// assert_eq!(errs[0].to_string(), r#"finalizers[2]: Duplicate value: "a""#);
/// ```
#[inline]
pub fn unique_set<T: Hash + Eq + ToBadValue>(
    errs: &mut ErrorList,
    _op: &Operation,
    path: &Path<'_>,
    value: Option<&[T]>,
    _old: Option<&[T]>,
) {
    if let Some(items) = value {
        duplicates_by_key(errs, path, items, |item| item)
    }
}

/// `+k8s:listType=set` / `+k8s:unique=set` on items that are not `Hash +
/// Eq` (floats, structs, quantities): like [`unique_set`], by pairwise
/// comparison (O(n²), no allocation unless there is a duplicate).
///
/// An item is a duplicate when it is semantically equal
/// ([`SemanticEq`](crate::SemanticEq), upstream's
/// `equality.Semantic.DeepEqual`) to an earlier item: `1Gi` and `1024Mi`
/// are duplicates, a NaN never is.
pub fn unique_set_by_eq<T: crate::SemanticEq + ToBadValue>(
    errs: &mut ErrorList,
    _op: &Operation,
    path: &Path<'_>,
    value: Option<&[T]>,
    _old: Option<&[T]>,
) {
    let Some(items) = value else {
        return;
    };
    for (j, item) in items.iter().enumerate().skip(1) {
        if items[..j].iter().any(|earlier| earlier.semantic_eq(item)) {
            errs.push(duplicate(path, j, item));
        }
    }
}

/// `+k8s:listType=map` / `+k8s:unique=map` with `+k8s:listMapKey`:
/// `Duplicate value: <item>` at `path[j]` for every item whose key equals
/// the key of an earlier item.
///
/// `key` returns the list-map key of an item: one field
/// (`|c| c.name.as_str()`), a tuple for several `listMapKey`s
/// (`|p| (p.container_port, p.protocol.as_str())`), `Option` for pointer
/// keys (two unset keys are equal, as two nil pointers are upstream). It
/// may borrow from the item and should not allocate.
///
/// ```
/// use k8s_validation::field::{Path, ToBadValue};
/// use k8s_validation::{ErrorList, validate, Operation};
///
/// #[derive(PartialEq)]
/// struct Port { name: String, port: i32 }
/// impl ToBadValue for Port {
///     fn write_json(&self, out: &mut String) {
///         out.push_str(&format!(r#"{{"name":"{}","port":{}}}"#, self.name, self.port));
///     }
/// }
///
/// let ports = [
///     Port { name: "http".into(), port: 80 },
///     Port { name: "http".into(), port: 8080 },
/// ];
/// let path = Path::new("ports");
/// let errs = ErrorList::from_fn(|e| validate::unique_map(e, &Operation::create(), &path, Some(&ports[..]), None, |p| p.name.as_str()));
/// assert_eq!(errs[0].to_string(), r#"ports[1]: Duplicate value: {"name":"http","port":8080}"#);
/// ```
#[inline]
pub fn unique_map<'a, T: ToBadValue, K: Hash + Eq>(
    errs: &mut ErrorList,
    _op: &Operation,
    path: &Path<'_>,
    value: Option<&'a [T]>,
    _old: Option<&'a [T]>,
    key: impl Fn(&'a T) -> K,
) {
    if let Some(items) = value {
        duplicates_by_key(errs, path, items, key)
    }
}

/// Reports every item whose key equals the key of an earlier item.
fn duplicates_by_key<'a, T: ToBadValue, K: Hash + Eq>(
    errs: &mut ErrorList,
    path: &Path<'_>,
    items: &'a [T],
    key: impl Fn(&'a T) -> K,
) {
    let n = items.len();
    if n < 2 {
        return;
    }
    if n <= SMALL_LIST {
        // Pairwise, on the stack. Keys borrow from the items and cost a
        // field access, so they are recomputed rather than cached (filling
        // a fixed-size cache of SMALL_LIST keys cost more than the whole
        // comparison on short lists).
        for j in 1..n {
            let kj = key(&items[j]);
            if items[..j].iter().any(|earlier| key(earlier) == kj) {
                errs.push(duplicate(path, j, &items[j]));
            }
        }
    } else {
        let mut index = KeyIndex::new(items.iter().map(|item| key_hash(&key(item))).collect());
        for (j, item) in items.iter().enumerate() {
            let kj = key(item);
            if index.insert_first(j, &|i| key(&items[i]) == kj).is_some() {
                errs.push(duplicate(path, j, item));
            }
        }
    }
}

#[cold]
#[inline(never)]
pub(super) fn duplicate(path: &Path<'_>, index: usize, item: &dyn ToBadValue) -> Error {
    with_bad_value(item, |bad| Error::duplicate(path.index(index), bad))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn indices(errs: &ErrorList) -> Vec<String> {
        errs.iter().map(|e| e.field().to_owned()).collect()
    }

    #[test]
    fn small_and_large_paths_agree() {
        // The same pattern of duplicates below and above the threshold.
        for n in [5usize, SMALL_LIST, SMALL_LIST + 1, 200] {
            let items: Vec<i64> = (0..n as i64).map(|i| i % 7).collect();
            let p = Path::new("l");
            let a =
                ErrorList::from_fn(|e| unique_set(e, &Operation::create(), &p, Some(&items), None));
            let b = ErrorList::from_fn(|e| {
                unique_set_by_eq(e, &Operation::create(), &p, Some(&items), None)
            });
            assert_eq!(a, b, "n = {n}");
            let expected: Vec<String> = (7..n).map(|j| format!("l[{j}]")).collect();
            assert_eq!(indices(&a), expected, "n = {n}");
        }
    }
}
