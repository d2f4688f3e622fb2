//! A hash index of list items by key, for lists longer than
//! [`SMALL_LIST`](super::SMALL_LIST): list-map uniqueness and old-item
//! correlation.
//!
//! The generic part is only the hashing of a key ([`key_hash`]); the table
//! itself works on hashes and item indices, with key equality asked through
//! a callback, so it is compiled once, in this crate, rather than once per
//! key type in every crate with list-maps (what `HashMap<K, _>` costs).
//! Upstream compares every pair of items; colliding keys here cost at most
//! that.

use std::hash::{Hash, Hasher};

/// The hash of a list-map key.
#[inline]
pub(crate) fn key_hash<K: Hash + ?Sized>(key: &K) -> u64 {
    let mut h = KeyHasher(0);
    key.hash(&mut h);
    h.finish()
}

/// FxHash's mixing (rustc's own hasher): fast on short keys. The table
/// compares keys on every hash match, so a weak hash costs time, never a
/// wrong answer.
struct KeyHasher(u64);

const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl KeyHasher {
    #[inline]
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(SEED);
    }
}

impl Hasher for KeyHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut word = [0u8; 8];
            word[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(word));
        }
    }
    #[inline]
    fn write_u8(&mut self, n: u8) {
        self.add(u64::from(n));
    }
    #[inline]
    fn write_u32(&mut self, n: u32) {
        self.add(u64::from(n));
    }
    #[inline]
    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }
    #[inline]
    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }
    #[inline]
    fn finish(&self) -> u64 {
        // Spread the high bits into the low ones the table masks with.
        self.0 ^ (self.0 >> 29)
    }
}

/// An open-addressing table of item indices, by the hash of their key.
pub(crate) struct KeyIndex {
    /// `index + 1` per slot (0 is empty); a power of two, at most half full.
    slots: Vec<u32>,
    hashes: Vec<u64>,
}

impl KeyIndex {
    /// An empty index for items whose key hashes are `hashes` (item `i`'s
    /// at `hashes[i]`).
    #[inline(never)]
    pub(crate) fn new(hashes: Vec<u64>) -> KeyIndex {
        let size = (hashes.len() * 2).next_power_of_two().max(8);
        KeyIndex {
            slots: vec![0; size],
            hashes,
        }
    }

    /// Inserts item `i` unless an item with an equal key is already in:
    /// returns that item (`same(j)`: does item `j` have `i`'s key).
    #[inline(never)]
    pub(crate) fn insert_first(&mut self, i: usize, same: &dyn Fn(usize) -> bool) -> Option<usize> {
        let hash = self.hashes[i];
        let mask = self.slots.len() - 1;
        let mut slot = hash as usize & mask;
        loop {
            match self.slots[slot] {
                0 => {
                    self.slots[slot] = u32::try_from(i + 1).unwrap_or(u32::MAX);
                    return None;
                }
                s => {
                    let j = s as usize - 1;
                    if self.hashes[j] == hash && same(j) {
                        return Some(j);
                    }
                }
            }
            slot = (slot + 1) & mask;
        }
    }

    /// The inserted item whose key hashes to `hash` and satisfies `same`.
    #[inline(never)]
    pub(crate) fn find(&self, hash: u64, same: &dyn Fn(usize) -> bool) -> Option<usize> {
        let mask = self.slots.len() - 1;
        let mut slot = hash as usize & mask;
        loop {
            match self.slots[slot] {
                0 => return None,
                s => {
                    let j = s as usize - 1;
                    if self.hashes[j] == hash && same(j) {
                        return Some(j);
                    }
                }
            }
            slot = (slot + 1) & mask;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_of_each_key_wins_and_is_found() {
        let keys = ["a", "b", "a", "c", "b", "a"];
        let hashes = keys.iter().map(key_hash).collect();
        let mut index = KeyIndex::new(hashes);
        let dups: Vec<_> = (0..keys.len())
            .map(|i| index.insert_first(i, &|j| keys[j] == keys[i]))
            .collect();
        assert_eq!(dups, [None, None, Some(0), None, Some(1), Some(0)]);
        assert_eq!(index.find(key_hash("c"), &|j| keys[j] == "c"), Some(3));
        assert_eq!(index.find(key_hash("z"), &|j| keys[j] == "z"), None);
    }

    #[test]
    fn colliding_hashes_compare_keys() {
        // Every key hashes alike: the table falls back to comparing keys.
        let keys: Vec<u32> = (0..100).map(|i| i % 37).collect();
        let mut index = KeyIndex::new(vec![42; keys.len()]);
        for i in 0..keys.len() {
            let dup = index.insert_first(i, &|j| keys[j] == keys[i]);
            assert_eq!(dup, (i >= 37).then_some(i % 37), "{i}");
        }
    }

    #[test]
    fn tuple_and_string_keys_hash_by_value() {
        assert_eq!(
            key_hash(&(80, "TCP")),
            key_hash(&(80, String::from("TCP").as_str()))
        );
        assert_ne!(key_hash(&(80, "TCP")), key_hash(&(80, "UDP")));
    }
}
