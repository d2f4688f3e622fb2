//! [`Quantity`]: upstream's `resource.Quantity`, parsed, compared and
//! printed as Kubernetes does ([`k8s_validation_spec::quantity`], which the
//! generator reads quantity payloads with), with its JSON form and the
//! validation traits.

use crate::field::ToBadValue;
use crate::operation::Operation;
use crate::{ErrorList, IsZero, SemanticEq, Validate};

use std::borrow::Cow;

pub use k8s_validation_spec::quantity::{Format, Quantity, QuantityError};

/// A quantity for `+k8s:minimum` / `+k8s:maximum` with a quantity payload
/// (Kubernetes 1.38): this crate's [`Quantity`], or (feature `k8s-openapi`)
/// k8s-openapi's, read by value.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a quantity: a quantity payload needs a `Quantity`",
    label = "not a `Quantity`"
)]
pub trait QuantityValue {
    /// The value, or `None` when it does not read as a quantity (a
    /// k8s-openapi `Quantity` holds any string).
    fn quantity(&self) -> Option<Cow<'_, Quantity>>;
}

impl QuantityValue for Quantity {
    #[inline]
    fn quantity(&self) -> Option<Cow<'_, Quantity>> {
        Some(Cow::Borrowed(self))
    }
}

/// By value, as upstream's `equality.Semantic` (`a.Cmp(b) == 0`).
impl SemanticEq for Quantity {
    #[inline]
    fn semantic_eq(&self, other: &Self) -> bool {
        self == other
    }
}

/// Zero value (upstream's `Quantity.IsZero`). Go's `resource.Quantity` is a
/// struct: the presence tags treat a value of it as upstream treats a
/// non-pointer struct (`+k8s:required` is documentation from 1.38, and an
/// error before; `+k8s:forbidden` and modal members are refused).
impl IsZero for Quantity {
    const IS_STRUCT: bool = true;

    #[inline]
    fn is_zero(&self) -> bool {
        Quantity::is_zero(self)
    }
}

/// A quantity has no declarative validation of its own.
impl Validate for Quantity {
    const IMPLICITLY_REQUIRED: Option<bool> = Some(false);

    #[inline]
    fn validate_into(
        &self,
        _: &Operation,
        _: &crate::field::Path<'_>,
        _: Option<&Self>,
        _: &mut ErrorList,
    ) {
    }
}

/// As upstream prints a quantity in an error: its JSON, the quoted
/// canonical string (`"1Gi"`).
impl ToBadValue for Quantity {
    fn write_json(&self, out: &mut String) {
        out.push('"');
        self.write_canonical(out);
        out.push('"');
    }
}
