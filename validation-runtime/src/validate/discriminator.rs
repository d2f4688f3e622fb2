//! `+k8s:discriminator` / `+k8s:member("<value>")=+<tag>` (Kubernetes 1.36)
//! and `+k8s:modeDiscriminator` / `+k8s:ifMode("<mode>")=+<tag>` (1.37;
//! upstream's `validate.Discriminated`): a member field's payload runs only
//! when the struct's discriminator has the rule's value; with any value that
//! has no rule the member is forbidden. Generated code matches the
//! discriminator with [`discriminator_is`] and skips the rules with
//! [`discriminated_unchanged`].

use crate::operation::Operation;
use crate::traits::Newtype;
use crate::SemanticEq;

/// A discriminator: a string, a bool, an integer, or a newtype of one.
pub trait DiscriminatorValue {
    /// Whether the value is the rule's value, as the tag spells it (`A`,
    /// `true`, `1`).
    fn is_value(&self, value: &str) -> bool;
}

impl DiscriminatorValue for str {
    #[inline]
    fn is_value(&self, value: &str) -> bool {
        self == value
    }
}

impl DiscriminatorValue for String {
    #[inline]
    fn is_value(&self, value: &str) -> bool {
        self == value
    }
}

impl DiscriminatorValue for bool {
    #[inline]
    fn is_value(&self, value: &str) -> bool {
        value == if *self { "true" } else { "false" }
    }
}

macro_rules! int_discriminator {
    ($($t:ty),*) => {$(
        impl DiscriminatorValue for $t {
            #[inline]
            fn is_value(&self, value: &str) -> bool {
                value.parse::<i128>() == Ok(*self as i128)
            }
        }
    )*};
}
int_discriminator!(i8, i16, i32, i64, isize, u8, u16, u32, u64, usize);

impl<T: Newtype + ?Sized> DiscriminatorValue for T
where
    T::Inner: DiscriminatorValue,
{
    #[inline]
    fn is_value(&self, value: &str) -> bool {
        self.inner().is_value(value)
    }
}

/// Whether `discriminator` has the value `value` (a `+k8s:member` rule's).
#[inline]
pub fn discriminator_is<D: DiscriminatorValue + ?Sized>(discriminator: &D, value: &str) -> bool {
    discriminator.is_value(value)
}

/// A Kubernetes 1.37 `+k8s:modeDiscriminator`: a string, a bool, or a
/// newtype of one (1.37 no longer takes integers).
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a `+k8s:modeDiscriminator`",
    label = "the discriminator is not a string or a bool",
    note = "Kubernetes 1.37's `+k8s:modeDiscriminator` can only be used on string or bool types"
)]
pub trait ModeValue: DiscriminatorValue {}

impl ModeValue for str {}
impl ModeValue for String {}
impl ModeValue for bool {}
impl<T: Newtype + ?Sized> ModeValue for T where T::Inner: ModeValue {}

/// Whether the `+k8s:modeDiscriminator` `discriminator` is in the mode
/// `mode` (an `+k8s:ifMode` rule's), as [`discriminator_is`].
#[inline]
pub fn mode_is<D: ModeValue + ?Sized>(discriminator: &D, mode: &str) -> bool {
    discriminator.is_value(mode)
}

/// Upstream's ratcheting of a member's rules: on an update with an old
/// object whose discriminator and member value are unchanged, nothing is
/// validated.
#[inline]
pub fn discriminated_unchanged<V: SemanticEq + ?Sized, D: SemanticEq + ?Sized>(
    op: &Operation,
    value: &V,
    old_value: Option<&V>,
    discriminator: &D,
    old_discriminator: Option<&D>,
) -> bool {
    op.is_update()
        && old_discriminator.is_some_and(|d| d.semantic_eq(discriminator))
        && old_value.is_some_and(|v| v.semantic_eq(value))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values() {
        assert!(discriminator_is("A", "A"));
        assert!(!discriminator_is(&String::from("A"), "B"));
        assert!(discriminator_is(&true, "true") && !discriminator_is(&false, "true"));
        assert!(discriminator_is(&1i32, "1") && !discriminator_is(&2u8, "1"));
        assert!(mode_is("A", "A") && !mode_is(&String::from("A"), "B"));
        assert!(mode_is(&false, "false") && !mode_is(&true, "false"));
    }

    #[test]
    fn ratcheting() {
        let create = Operation::create();
        let update = Operation::update();
        assert!(!discriminated_unchanged(
            &create,
            "x",
            Some("x"),
            "A",
            Some("A")
        ));
        assert!(discriminated_unchanged(
            &update,
            "x",
            Some("x"),
            "A",
            Some("A")
        ));
        assert!(!discriminated_unchanged(
            &update,
            "x",
            Some("x"),
            "A",
            Some("B")
        ));
        assert!(!discriminated_unchanged(
            &update,
            "x",
            Some("y"),
            "A",
            Some("A")
        ));
        assert!(!discriminated_unchanged(&update, "x", None, "A", None));
    }
}
