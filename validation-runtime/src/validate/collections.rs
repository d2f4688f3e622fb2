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
