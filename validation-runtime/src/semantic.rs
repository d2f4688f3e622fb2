//! Semantic equality: the Rust counterpart of upstream's
//! `equality.Semantic.DeepEqual` (`k8s.io/apimachinery/pkg/api/equality`).
//!
//! Ratcheting (an unchanged field, list item, map entry or subfield is not
//! validated again on update), `+k8s:immutable`, `+k8s:update` and list-set
//! item matching all ask "is the new value the same as the old one?". Upstream
//! answers with `==` for types Go can compare directly and with
//! `equality.Semantic.DeepEqual` otherwise; for the types where both apply
//! they agree, so this port uses one trait, [`SemanticEq`], everywhere. Its
//! rules are Go's `DeepEqual` with upstream's overrides (Kubernetes
//! 1.35–1.37, unchanged across those releases):
//!
//! * scalars and strings compare with `==` (a NaN is never equal);
//! * a nil slice equals an empty slice, and a nil map an empty map: in Rust
//!   an `Option<Vec<T>>` or `Option<BTreeMap<K, V>>` that is `None` equals
//!   `Some` of an empty collection ([`SemanticEq::is_nil_equivalent`]);
//!   otherwise `None` equals only `None` (a nil pointer is not a pointer to
//!   a zero value);
//! * lists compare element by element, maps entry by entry (keys with `==`);
//! * [`Quantity`](crate::Quantity) compares by value (`1Gi` equals `1024Mi`,
//!   upstream's `a.Cmp(b) == 0`);
//! * [`Time`](crate::Time) and [`MicroTime`](crate::MicroTime) compare by
//!   instant (upstream's `a.UTC() == b.UTC()`);
//! * `serde_json::Value` compares structurally (`==`), as Go's `DeepEqual`
//!   compares decoded JSON.
//!
//! `#[derive(Validate)]` implements [`SemanticEq`] for your types field by
//! field, so a struct holding a `Quantity` is unchanged when the quantity is
//! re-spelled. The derive does not need (or use) `PartialEq`.
//!
//! ```
//! use k8s_validation::{Quantity, SemanticEq};
//!
//! let a: Quantity = "1Gi".parse().unwrap();
//! let b: Quantity = "1024Mi".parse().unwrap();
//! assert!(a.semantic_eq(&b));
//!
//! // A nil slice equals an empty one; a nil pointer does not equal a zero value.
//! assert!(None::<Vec<i32>>.semantic_eq(&Some(vec![])));
//! assert!(!None::<String>.semantic_eq(&Some(String::new())));
//! ```

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::hash::{BuildHasher, Hash};
use std::rc::Rc;
use std::sync::Arc;

/// Equality with the rules of upstream's `equality.Semantic.DeepEqual` (see
/// the [module documentation](self)).
///
/// `#[derive(Validate)]` implements it field by field for structs and
/// newtypes. Implement it by hand for a type with its own notion of sameness
/// (a value compared by meaning, not spelling); for a type whose
/// `PartialEq` already has the right meaning, delegate to `==`.
///
/// ```
/// use k8s_validation::SemanticEq;
///
/// /// A hostname compared case-insensitively.
/// pub struct Host(pub String);
///
/// impl SemanticEq for Host {
///     fn semantic_eq(&self, other: &Self) -> bool {
///         self.0.eq_ignore_ascii_case(&other.0)
///     }
/// }
/// assert!(Host("A.example".into()).semantic_eq(&Host("a.example".into())));
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` does not implement `SemanticEq`",
    label = "ratcheting compares this type with upstream's semantic equality",
    note = "add #[derive(Validate)] to `{Self}` (it implements `SemanticEq` field by field), implement `k8s_validation::SemanticEq` for it, or mark the field `+k8s:opaqueType` (opaque fields fall back to `PartialEq`)"
)]
pub trait SemanticEq {
    /// Whether `self` and `other` are semantically equal.
    fn semantic_eq(&self, other: &Self) -> bool;

    /// Whether Go's `DeepEqual` treats this value like `nil`: an empty list
    /// or map (a nil slice equals an empty slice). `Option::None` is
    /// semantically equal to `Some(v)` exactly when this is `true` for `v`.
    /// `false` for everything else, which is the default.
    #[inline]
    fn is_nil_equivalent(&self) -> bool {
        false
    }
}

macro_rules! by_partial_eq {
    ($($t:ty),* $(,)?) => {$(
        impl SemanticEq for $t {
            #[inline]
            fn semantic_eq(&self, other: &Self) -> bool {
                self == other
            }
        }
    )*};
}

by_partial_eq!(
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

impl<T: SemanticEq + ?Sized> SemanticEq for &T {
    #[inline]
    fn semantic_eq(&self, other: &Self) -> bool {
        (**self).semantic_eq(&**other)
    }
    #[inline]
    fn is_nil_equivalent(&self) -> bool {
        (**self).is_nil_equivalent()
    }
}

/// Owning pointers compare what they point to, as Go's `DeepEqual` follows
/// pointers.
macro_rules! impl_semantic_eq_for_pointers {
    ($($ptr:ident),*) => {$(
        impl<T: SemanticEq + ?Sized> SemanticEq for $ptr<T> {
            #[inline]
            fn semantic_eq(&self, other: &Self) -> bool {
                (**self).semantic_eq(&**other)
            }
            #[inline]
            fn is_nil_equivalent(&self) -> bool {
                (**self).is_nil_equivalent()
            }
        }
    )*};
}

impl_semantic_eq_for_pointers!(Box, Rc, Arc);

/// `None` is Go's nil: it equals `None`, and `Some(v)` only when `v` is an
/// empty list or map ([`SemanticEq::is_nil_equivalent`]).
impl<T: SemanticEq> SemanticEq for Option<T> {
    #[inline]
    fn semantic_eq(&self, other: &Self) -> bool {
        match (self, other) {
            (Some(a), Some(b)) => a.semantic_eq(b),
            (None, None) => true,
            (Some(v), None) | (None, Some(v)) => v.is_nil_equivalent(),
        }
    }
}

impl<T: SemanticEq> SemanticEq for [T] {
    #[inline]
    fn semantic_eq(&self, other: &Self) -> bool {
        self.len() == other.len() && self.iter().zip(other).all(|(a, b)| a.semantic_eq(b))
    }
    #[inline]
    fn is_nil_equivalent(&self) -> bool {
        self.is_empty()
    }
}

impl<T: SemanticEq, const N: usize> SemanticEq for [T; N] {
    #[inline]
    fn semantic_eq(&self, other: &Self) -> bool {
        self.as_slice().semantic_eq(other.as_slice())
    }
}

impl<T: SemanticEq> SemanticEq for Vec<T> {
    #[inline]
    fn semantic_eq(&self, other: &Self) -> bool {
        self.as_slice().semantic_eq(other.as_slice())
    }
    #[inline]
    fn is_nil_equivalent(&self) -> bool {
        self.is_empty()
    }
}

/// Keys compare with `Ord` (Go's map keys with `==`), values semantically.
impl<K: Ord, V: SemanticEq> SemanticEq for BTreeMap<K, V> {
    fn semantic_eq(&self, other: &Self) -> bool {
        self.len() == other.len()
            && self
                .iter()
                .zip(other)
                .all(|((ka, va), (kb, vb))| ka == kb && va.semantic_eq(vb))
    }
    #[inline]
    fn is_nil_equivalent(&self) -> bool {
        self.is_empty()
    }
}

/// Keys compare with `Eq` (Go's map keys with `==`), values semantically.
impl<K: Eq + Hash, V: SemanticEq, S: BuildHasher> SemanticEq for HashMap<K, V, S> {
    fn semantic_eq(&self, other: &Self) -> bool {
        self.len() == other.len()
            && self
                .iter()
                .all(|(k, v)| other.get(k).is_some_and(|o| v.semantic_eq(o)))
    }
    #[inline]
    fn is_nil_equivalent(&self) -> bool {
        self.is_empty()
    }
}

/// A set is Go's `map[K]struct{}`.
impl<K: Ord> SemanticEq for BTreeSet<K> {
    #[inline]
    fn semantic_eq(&self, other: &Self) -> bool {
        self == other
    }
    #[inline]
    fn is_nil_equivalent(&self) -> bool {
        self.is_empty()
    }
}

/// A set is Go's `map[K]struct{}`.
impl<K: Eq + Hash, S: BuildHasher> SemanticEq for HashSet<K, S> {
    #[inline]
    fn semantic_eq(&self, other: &Self) -> bool {
        self == other
    }
    #[inline]
    fn is_nil_equivalent(&self) -> bool {
        self.is_empty()
    }
}

macro_rules! tuple_semantic_eq {
    ($(($($n:tt $t:ident),+))*) => {$(
        impl<$($t: SemanticEq),+> SemanticEq for ($($t,)+) {
            #[inline]
            fn semantic_eq(&self, other: &Self) -> bool {
                true $(&& self.$n.semantic_eq(&other.$n))+
            }
        }
    )*};
}

tuple_semantic_eq! {
    (0 A)
    (0 A, 1 B)
    (0 A, 1 B, 2 C)
    (0 A, 1 B, 2 C, 3 D)
}

/// Implements [`SemanticEq`] with `==` for types whose `PartialEq` already
/// has upstream's meaning (no quantities, timestamps or `Option`al lists
/// inside), such as hand-written types passed to the validators.
///
/// ```
/// #[derive(PartialEq)]
/// struct Port { name: String, port: i32 }
/// k8s_validation::impl_semantic_eq_via_partial_eq!(Port);
///
/// use k8s_validation::SemanticEq;
/// let p = Port { name: "http".into(), port: 80 };
/// assert!(p.semantic_eq(&Port { name: "http".into(), port: 80 }));
/// ```
#[macro_export]
macro_rules! impl_semantic_eq_via_partial_eq {
    ($($t:ty),+ $(,)?) => {$(
        impl $crate::SemanticEq for $t {
            #[inline]
            fn semantic_eq(&self, other: &Self) -> bool {
                self == other
            }
        }
    )+};
}

/// `semantic_eq` as a free function, for closures (`validate::semantic_eq`
/// compares two items of a `listType=set` list).
#[inline]
pub fn semantic_eq<T: SemanticEq + ?Sized>(a: &T, b: &T) -> bool {
    a.semantic_eq(b)
}

/// What generated code uses to compare `+k8s:opaqueType` fields, whose types
/// may come from another crate: [`SemanticEq`] when the type has it,
/// `PartialEq` otherwise (autoref specialization).
#[doc(hidden)]
pub mod __private {
    use super::SemanticEq;

    /// The pair of values being compared.
    pub struct Probe<'a, T: ?Sized>(pub &'a T, pub &'a T);

    /// Picked first (method lookup tries a by-value receiver before an
    /// auto-referenced one): the type has semantic equality.
    pub trait ViaSemanticEq {
        /// Compares the pair.
        fn opaque_eq(self) -> bool;
    }

    impl<T: SemanticEq + ?Sized> ViaSemanticEq for Probe<'_, T> {
        #[inline]
        fn opaque_eq(self) -> bool {
            self.0.semantic_eq(self.1)
        }
    }

    /// The fallback: the type only has `PartialEq`.
    pub trait ViaPartialEq {
        /// Compares the pair.
        fn opaque_eq(&self) -> bool;
    }

    impl<T: PartialEq + ?Sized> ViaPartialEq for Probe<'_, T> {
        #[inline]
        fn opaque_eq(&self) -> bool {
            self.0 == self.1
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nil_and_empty_collections() {
        assert!(None::<Vec<i32>>.semantic_eq(&Some(Vec::new())));
        assert!(Some(Vec::<i32>::new()).semantic_eq(&None));
        assert!(!None::<Vec<i32>>.semantic_eq(&Some(vec![1])));
        assert!(None::<BTreeMap<String, i32>>.semantic_eq(&Some(BTreeMap::new())));
        assert!(None::<HashMap<String, i32>>.semantic_eq(&Some(HashMap::new())));
        assert!(None::<Box<Vec<i32>>>.semantic_eq(&Some(Box::default())));
        // A nil pointer is not a pointer to a zero value.
        assert!(!None::<i32>.semantic_eq(&Some(0)));
        assert!(!None::<String>.semantic_eq(&Some(String::new())));
        // Nested: a list of optional lists.
        let a = vec![None, Some(vec![1])];
        let b = vec![Some(vec![]), Some(vec![1])];
        assert!(a.semantic_eq(&b));
    }

    #[test]
    fn scalars_collections_and_floats() {
        assert!(1.5f64.semantic_eq(&1.5));
        assert!(!f64::NAN.semantic_eq(&f64::NAN));
        assert!(!vec![1, 2].semantic_eq(&vec![2, 1]));
        let m1 = HashMap::from([("a", 1), ("b", 2)]);
        let m2 = HashMap::from([("b", 2), ("a", 1)]);
        assert!(m1.semantic_eq(&m2));
        let m3 = HashMap::from([("b", 2), ("c", 1)]);
        assert!(!m1.semantic_eq(&m3));
        let b1 = BTreeMap::from([("a", 1)]);
        assert!(!b1.semantic_eq(&BTreeMap::from([("a", 2)])));
        assert!((1, "x".to_string()).semantic_eq(&(1, "x".to_string())));
    }

    #[test]
    fn opaque_probe_prefers_semantic_eq() {
        use __private::{Probe, ViaPartialEq as _, ViaSemanticEq as _};
        // `Vec<i32>` has both; semantic equality is used (same answer here).
        assert!(Probe(&vec![1], &vec![1]).opaque_eq());
        // Only `PartialEq`.
        #[derive(PartialEq)]
        struct Foreign(i32);
        assert!(Probe(&Foreign(1), &Foreign(1)).opaque_eq());
        assert!(!Probe(&Foreign(1), &Foreign(2)).opaque_eq());
        // Only `SemanticEq`.
        struct Mine(i32);
        impl SemanticEq for Mine {
            fn semantic_eq(&self, other: &Self) -> bool {
                self.0 % 10 == other.0 % 10
            }
        }
        assert!(Probe(&Mine(1), &Mine(11)).opaque_eq());
        // Both, disagreeing: `SemanticEq` wins.
        struct Both;
        impl PartialEq for Both {
            fn eq(&self, _: &Self) -> bool {
                false
            }
        }
        impl SemanticEq for Both {
            fn semantic_eq(&self, _: &Self) -> bool {
                true
            }
        }
        assert!(Probe(&Both, &Both).opaque_eq());
    }
}
