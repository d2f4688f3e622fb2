//! Standard-library types as field types, beyond `Box`: `Rc<T>`, `Arc<T>`
//! and `Cow<'_, T>` are transparent (a field of one validates as its
//! pointee, as Go pointers to values are followed), so `Arc<str>`,
//! `Rc<str>`, `Cow<'_, str>` and `Box<str>` are strings; `NonZeroU32` and
//! the other `NonZero*` integers are integers (never zero); `BTreeSet` and
//! `HashSet` are lists with set semantics. `&T` is transparent through the
//! blanket impls of each trait.
//!
//! The derive reads `Rc`, `Arc`, `Cow` and `&` as it reads `Box`
//! (docs/tags.md, "How Rust shapes map to Go"); these impls serve the
//! struct-level impls it writes (`ToBadValue`, `SemanticEq`, `IsZero`) and
//! values whose type it cannot see (a list newtype's items).

use std::borrow::Cow;
use std::collections::{BTreeSet, HashSet};
use std::num::{
    NonZeroI16, NonZeroI32, NonZeroI64, NonZeroI8, NonZeroIsize, NonZeroU16, NonZeroU32,
    NonZeroU64, NonZeroU8, NonZeroUsize,
};
use std::rc::Rc;
use std::sync::Arc;

use crate::field::{BadValue, BadValueKind, MapKey, Path, ToBadValue};
use crate::validate::{EachValue, ItemCount, ItemKey, KeyLiteral, KeyView};
use crate::{ErrorList, IntValue, IsZero, Operation, Pointee, SemanticEq, StrValue, Validate};

macro_rules! transparent {
    ($($ptr:ident),*) => {$(
        impl<T: Validate + ?Sized> Validate for $ptr<T> {
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

        impl<T: IsZero + ?Sized> IsZero for $ptr<T> {
            #[inline]
            fn is_zero(&self) -> bool {
                (**self).is_zero()
            }
            #[inline]
            fn is_empty_collection(&self) -> bool {
                (**self).is_empty_collection()
            }
        }

        impl<T: ToBadValue + ?Sized> ToBadValue for $ptr<T> {
            fn write_bad_value(&self, out: &mut String) -> BadValueKind {
                (**self).write_bad_value(out)
            }
            fn borrowed_bad_value(&self) -> Option<BadValue<'_>> {
                (**self).borrowed_bad_value()
            }
            fn write_json(&self, out: &mut String) {
                (**self).write_json(out)
            }
        }

        impl<T: MapKey + ?Sized> MapKey for $ptr<T> {
            fn key_str(&self) -> Cow<'_, str> {
                (**self).key_str()
            }
        }
    )*};
}

transparent!(Rc, Arc);

impl<T: Validate + ToOwned + ?Sized> Validate for Cow<'_, T> {
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

impl<T: IsZero + ToOwned + ?Sized> IsZero for Cow<'_, T> {
    #[inline]
    fn is_zero(&self) -> bool {
        (**self).is_zero()
    }
    #[inline]
    fn is_empty_collection(&self) -> bool {
        (**self).is_empty_collection()
    }
}

impl<T: ToBadValue + ToOwned + ?Sized> ToBadValue for Cow<'_, T> {
    fn write_bad_value(&self, out: &mut String) -> BadValueKind {
        (**self).write_bad_value(out)
    }
    fn borrowed_bad_value(&self) -> Option<BadValue<'_>> {
        (**self).borrowed_bad_value()
    }
    fn write_json(&self, out: &mut String) {
        (**self).write_json(out)
    }
}

impl<T: SemanticEq + ToOwned + ?Sized> SemanticEq for Cow<'_, T> {
    #[inline]
    fn semantic_eq(&self, other: &Self) -> bool {
        (**self).semantic_eq(&**other)
    }
    #[inline]
    fn is_nil_equivalent(&self) -> bool {
        (**self).is_nil_equivalent()
    }
}

impl<T: MapKey + ToOwned + ?Sized> MapKey for Cow<'_, T> {
    fn key_str(&self) -> Cow<'_, str> {
        (**self).key_str()
    }
}

/// The string pointers and `Cow<str>` as strings, for a value whose type
/// the derive does not see (a newtype's inner value, a list newtype's
/// items).
macro_rules! str_pointer {
    ($($t:ty),*) => {$(
        impl StrValue for $t {
            #[inline]
            fn as_str(&self) -> &str {
                self
            }
        }
    )*};
}

str_pointer!(Box<str>, Rc<str>, Arc<str>, Cow<'_, str>);

/// `NonZero*` integers: integers to the limit tags, never zero.
macro_rules! non_zero {
    ($($t:ty),*) => {$(
        impl IntValue for $t {
            #[inline]
            fn to_i128(&self) -> i128 {
                self.get() as i128
            }
        }

        impl IsZero for $t {
            #[inline]
            fn is_zero(&self) -> bool {
                false
            }
        }

        impl ToBadValue for $t {
            fn write_json(&self, out: &mut String) {
                self.get().write_json(out)
            }
        }

        impl SemanticEq for $t {
            #[inline]
            fn semantic_eq(&self, other: &Self) -> bool {
                self == other
            }
        }

        impl Validate for $t {
            const IMPLICITLY_REQUIRED: Option<bool> = Some(false);

            #[inline]
            fn validate_into(&self, _: &Operation, _: &Path<'_>, _: Option<&Self>, _: &mut ErrorList) {}
        }
    )*};
}

non_zero!(
    NonZeroI8,
    NonZeroI16,
    NonZeroI32,
    NonZeroI64,
    NonZeroIsize,
    NonZeroU8,
    NonZeroU16,
    NonZeroU32,
    NonZeroU64,
    NonZeroUsize
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pointers_are_transparent() {
        let a: Arc<str> = Arc::from("x");
        assert_eq!(a.as_str(), "x");
        assert!(!IsZero::is_zero(&a));
        assert!(IsZero::is_zero(&Rc::<str>::from("")));
        let c: Cow<'_, str> = Cow::Borrowed("a\"b");
        let mut out = String::new();
        c.write_json(&mut out);
        assert_eq!(out, r#""a\"b""#);
        assert!(c.semantic_eq(&Cow::Owned("a\"b".to_string())));
    }

    #[test]
    fn non_zero_integers_are_integers() {
        let n = NonZeroU32::new(7).unwrap();
        assert_eq!(n.to_i128(), 7);
        assert!(!IsZero::is_zero(&n));
        let mut out = String::new();
        n.write_json(&mut out);
        assert_eq!(out, "7");
    }
}

/// `Rc`, `Arc` and `Cow` of a list-map key type are list-map keys too
/// (`Arc<str>` as a `+k8s:listMapKey` field).
macro_rules! key_pointer {
    ($($ptr:ident),*) => {$(
        impl<T: ItemKey + ?Sized> ItemKey for $ptr<T> {
            #[inline]
            fn key_matches(&self, literal: &KeyLiteral<'_>) -> bool {
                (**self).key_matches(literal)
            }
        }

        impl<T: KeyView + ?Sized> KeyView for $ptr<T> {
            type View<'a>
                = T::View<'a>
            where
                Self: 'a;
            #[inline]
            fn key_view(&self) -> Self::View<'_> {
                (**self).key_view()
            }
        }
    )*};
}

key_pointer!(Rc, Arc);

impl<T: ItemKey + ToOwned + ?Sized> ItemKey for Cow<'_, T> {
    #[inline]
    fn key_matches(&self, literal: &KeyLiteral<'_>) -> bool {
        (**self).key_matches(literal)
    }
}

impl<T: KeyView + ToOwned + ?Sized> KeyView for Cow<'_, T> {
    type View<'a>
        = T::View<'a>
    where
        Self: 'a;
    #[inline]
    fn key_view(&self) -> Self::View<'_> {
        (**self).key_view()
    }
}

/// The leaf behind a transparent pointer field (`Arc<str>`'s `str`), as for
/// `Box` ([`Pointee`]).
macro_rules! pointee {
    ($($ptr:ty),*) => {$(
        impl<T: ?Sized> Pointee<T> for $ptr {
            #[inline]
            fn pointee(&self) -> Option<&T> {
                Some(self)
            }
        }

        impl<T: ?Sized> Pointee<T> for Option<$ptr> {
            #[inline]
            fn pointee(&self) -> Option<&T> {
                self.as_deref()
            }
        }
    )*};
}

pointee!(Rc<T>, Arc<T>, &T);

impl<T: ToOwned + ?Sized> Pointee<T> for Cow<'_, T> {
    #[inline]
    fn pointee(&self) -> Option<&T> {
        Some(self)
    }
}

impl<T: ToOwned + ?Sized> Pointee<T> for Option<Cow<'_, T>> {
    #[inline]
    fn pointee(&self) -> Option<&T> {
        self.as_deref()
    }
}

/// `BTreeSet<T>` and `HashSet<T>`: a Go `[]T` with `+k8s:listType=set`
/// semantics (elements unique, correlated with the old set by equality).
/// An element's index in error paths is its position in the set's
/// iteration order, which is where serde writes it in the value's JSON:
/// sorted for a `BTreeSet`; for a `HashSet`, an order that is stable for one
/// value but not between values or runs (prefer a `BTreeSet` where error
/// paths matter).
macro_rules! set {
    ($set:ident, $($bound:tt)*) => {
        impl<T: Validate + SemanticEq + $($bound)*> Validate for $set<T> {
            fn validate_into(
                &self,
                op: &Operation,
                path: &Path<'_>,
                old: Option<&Self>,
                errs: &mut ErrorList,
            ) {
                self.each_value(errs, op, path, old, |errs, path, v, o| {
                    v.validate_into(op, path, o, errs)
                })
            }
        }

        impl<T> IsZero for $set<T> {
            #[inline]
            fn is_zero(&self) -> bool {
                self.is_empty()
            }
            #[inline]
            fn is_empty_collection(&self) -> bool {
                self.is_empty()
            }
        }

        impl<T: ToBadValue> ToBadValue for $set<T> {
            fn write_json(&self, out: &mut String) {
                out.push('[');
                for (i, v) in self.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    v.write_json(out);
                }
                out.push(']');
            }
        }

        impl<T: SemanticEq + $($bound)*> EachValue for $set<T> {
            type Item = T;

            fn each_value(
                &self,
                errs: &mut ErrorList,
                op: &Operation,
                path: &Path<'_>,
                old: Option<&Self>,
                mut validator: impl FnMut(&mut ErrorList, &Path<'_>, &T, Option<&T>),
            ) {
                for (i, item) in self.iter().enumerate() {
                    // Correlated by equality: an element the old set has is
                    // unchanged.
                    let old_item = old.and_then(|o| o.get(item));
                    if op.is_update() && old_item.is_some() {
                        continue;
                    }
                    validator(errs, &path.index(i), item, old_item);
                }
            }
        }

        impl<T> ItemCount for $set<T> {
            #[inline]
            fn item_count(&self) -> usize {
                self.len()
            }
        }
    };
}

set!(BTreeSet, Ord);
set!(HashSet, Eq + std::hash::Hash);
