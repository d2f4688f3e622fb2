//! Opacity markers in Kubernetes 1.35 and 1.36: a value whose only tags are
//! `+k8s:opaqueType` (or `+k8s:eachVal=+k8s:opaqueType`,
//! `+k8s:eachKey=+k8s:opaqueType`) is still validated by its own type there,
//! and a type's own `+k8s:opaqueType` is ignored (v0.35.10, v0.36.6:
//! `Validations.Empty()` does not look at the opacity flags). 1.37 honours
//! the markers.
//!
//! In Rust the marker also admits a field of a foreign type, which has no
//! [`Validate`]. So generated code for 1.35 and 1.36 calls
//! [`Opaque::validate_opaque`]: the type's `Validate` when it has one, and
//! nothing otherwise. The compiler picks (method lookup tries a by-value
//! receiver, [`ViaValidate`], before an auto-referenced one, [`ViaNothing`]);
//! nothing is decided at run time.
//!
//! ```
//! use k8s_validation::field::Path;
//! use k8s_validation::validate::opaque::{Opaque, ViaNothing as _, ViaValidate as _};
//! use k8s_validation::{ErrorList, Operation};
//!
//! struct Foreign(i32); // no Validate
//! let errs = ErrorList::from_fn(|errs| {
//!     Opaque(&Foreign(1), None).validate_opaque(&Operation::create(), &Path::new("f"), errs)
//! });
//! assert!(errs.is_empty());
//! ```

use crate::field::Path;
use crate::{ErrorList, Operation, Validate};

/// A value (and its correlated old value) whose type may not implement
/// [`Validate`].
pub struct Opaque<'a, T: ?Sized>(pub &'a T, pub Option<&'a T>);

/// Picked first: the type implements [`Validate`], which runs.
pub trait ViaValidate {
    /// Validates the value through its type's [`Validate`].
    fn validate_opaque(self, op: &Operation, path: &Path<'_>, errs: &mut ErrorList);
    /// [`Validate::validate_children_into`]: the value's children only, for
    /// a newtype over the type (a Go typedef does not inherit its
    /// underlying type's own tags).
    fn validate_children_opaque(self, op: &Operation, path: &Path<'_>, errs: &mut ErrorList);
}

impl<T: Validate> ViaValidate for Opaque<'_, T> {
    #[inline]
    fn validate_opaque(self, op: &Operation, path: &Path<'_>, errs: &mut ErrorList) {
        self.0.validate_into(op, path, self.1, errs);
    }

    #[inline]
    fn validate_children_opaque(self, op: &Operation, path: &Path<'_>, errs: &mut ErrorList) {
        self.0.validate_children_into(op, path, self.1, errs);
    }
}

/// The fallback: the type has no [`Validate`], so nothing is validated.
pub trait ViaNothing {
    /// Validates nothing.
    fn validate_opaque(&self, op: &Operation, path: &Path<'_>, errs: &mut ErrorList);
    /// Validates nothing.
    fn validate_children_opaque(&self, op: &Operation, path: &Path<'_>, errs: &mut ErrorList);
}

impl<T: ?Sized> ViaNothing for Opaque<'_, T> {
    #[inline]
    fn validate_opaque(&self, _: &Operation, _: &Path<'_>, _: &mut ErrorList) {}

    #[inline]
    fn validate_children_opaque(&self, _: &Operation, _: &Path<'_>, _: &mut ErrorList) {}
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::field::Error;

    struct Checked(i32);
    impl Validate for Checked {
        fn validate_into(
            &self,
            _: &Operation,
            path: &Path<'_>,
            old: Option<&Self>,
            errs: &mut ErrorList,
        ) {
            if self.0 < 0 && old.is_none() {
                errs.push(Error::required(path, "negative"));
            }
        }
    }

    struct Foreign(#[allow(dead_code)] i32);

    #[test]
    fn validates_through_validate_when_the_type_has_it() {
        let op = Operation::create();
        let path = Path::new("f");
        let errs =
            ErrorList::from_fn(|errs| Opaque(&Checked(-1), None).validate_opaque(&op, &path, errs));
        assert_eq!(errs.len(), 1);
        // The old value reaches the type's validation.
        let errs = ErrorList::from_fn(|errs| {
            Opaque(&Checked(-1), Some(&Checked(-1))).validate_opaque(&op, &path, errs)
        });
        assert!(errs.is_empty());
        // A list of them is validated element by element.
        let list = vec![Checked(-1), Checked(1), Checked(-2)];
        let errs = ErrorList::from_fn(|errs| Opaque(&list, None).validate_opaque(&op, &path, errs));
        assert_eq!(errs.len(), 2);
    }

    #[test]
    fn validates_nothing_when_the_type_has_no_validate() {
        let op = Operation::create();
        let errs = ErrorList::from_fn(|errs| {
            Opaque(&Foreign(-1), None).validate_opaque(&op, &Path::new("f"), errs)
        });
        assert!(errs.is_empty());
    }
}
