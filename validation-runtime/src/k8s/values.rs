//! k8s-openapi's value types: `Quantity`, `Time`, `MicroTime`,
//! `IntOrString` and `FieldsV1`.
//!
//! They carry no declarative validation of their own (`Validate` does
//! nothing); what makes them usable in every tag position is Go's zero test
//! ([`IsZero`]), upstream's JSON in errors ([`ToBadValue`]) and upstream's
//! semantic equality ([`SemanticEq`]): a quantity by value, a time by
//! instant.

use k8s_openapi::apimachinery::pkg::api::resource::Quantity;
use k8s_openapi::apimachinery::pkg::apis::meta::v1::{FieldsV1, MicroTime, Time};
use k8s_openapi::apimachinery::pkg::util::intstr::IntOrString;
use k8s_openapi::jiff::Timestamp;

use crate::field::{ErrorList, Path, ToBadValue};
use crate::{IsZero, Operation, SemanticEq, Validate};

macro_rules! no_validation {
    ($($t:ty),*) => {$(
        /// No declarative validation of its own (upstream's type has no tags).
        impl Validate for $t {
            const IMPLICITLY_REQUIRED: Option<bool> = Some(false);

            #[inline]
            fn validate_into(&self, _: &Operation, _: &Path<'_>, _: Option<&Self>, _: &mut ErrorList) {}
        }
    )*};
}
no_validation!(Quantity, Time, MicroTime, IntOrString, FieldsV1);

/// k8s-openapi's quantity (a string) read with the runtime's parser
/// ([`crate::Quantity`]: upstream's grammar, exact values). `None` for a
/// string upstream's decoder would refuse.
pub fn parse_quantity(q: &Quantity) -> Option<crate::Quantity> {
    crate::Quantity::parse(q.0.trim()).ok()
}

/// By value, as upstream's `equality.Semantic` (`a.Cmp(b) == 0`): `1Gi`
/// equals `1024Mi`. A string that is not a quantity (which upstream's
/// decoder would have refused) equals only the same string.
impl SemanticEq for Quantity {
    fn semantic_eq(&self, other: &Self) -> bool {
        match (parse_quantity(self), parse_quantity(other)) {
            (Some(a), Some(b)) => a == b,
            _ => self.0 == other.0,
        }
    }
}

/// By value, for quantity bounds (`+k8s:minimum="100m"`, Kubernetes 1.38);
/// a string that is not a quantity is not judged.
impl crate::QuantityValue for Quantity {
    fn quantity(&self) -> Option<std::borrow::Cow<'_, crate::Quantity>> {
        parse_quantity(self).map(std::borrow::Cow::Owned)
    }
}

/// k8s-openapi's `ByteString` (a Go `[]byte`, base64 in JSON), for
/// `+k8s:maxBytes` (Kubernetes 1.38).
impl crate::BytesValue for k8s_openapi::ByteString {
    fn as_bytes(&self) -> &[u8] {
        &self.0
    }
}

/// Zero by value (`0`, `0Gi`), as upstream's `Quantity.IsZero`; a string
/// that is not a quantity is zero only when empty.
///
/// `resource.Quantity` is a Go struct: the presence tags treat a value of it
/// as a non-pointer struct, as upstream does.
impl IsZero for Quantity {
    const IS_STRUCT: bool = true;

    fn is_zero(&self) -> bool {
        match parse_quantity(self) {
            Some(q) => q.is_zero(),
            None => self.0.is_empty(),
        }
    }
}

/// As upstream prints a quantity in an error: the quoted canonical string
/// (`"1Gi"` for `1024Mi`); a string that is not a quantity, as written.
impl ToBadValue for Quantity {
    fn write_json(&self, out: &mut String) {
        match parse_quantity(self) {
            Some(q) => q.write_json(out),
            None => self.0.write_json(out),
        }
    }
}

/// `ts` as the runtime's timestamp types see it: Unix seconds and
/// nanoseconds within the second (`jiff` gives negative nanoseconds before
/// the epoch).
fn unix_parts(ts: &Timestamp) -> (i64, u32) {
    let (secs, nanos) = (ts.as_second(), ts.subsec_nanosecond());
    if nanos < 0 {
        (secs - 1, (nanos + 1_000_000_000) as u32)
    } else {
        (secs, nanos as u32)
    }
}

/// Go's zero time, `0001-01-01T00:00:00Z`, in seconds since the Unix epoch.
const GO_ZERO_UNIX: i64 = -62_135_596_800;

/// Go's zero time as a k8s-openapi `Time` (`time.Time{}`).
pub(crate) const ZERO_TIME: Time = Time(Timestamp::constant(GO_ZERO_UNIX, 0));

macro_rules! timestamp {
    ($t:ident, $rt:ident) => {
        /// By instant (upstream's `a.UTC() == b.UTC()`): the same instant
        /// written at another UTC offset is equal.
        impl SemanticEq for $t {
            #[inline]
            fn semantic_eq(&self, other: &Self) -> bool {
                self.0 == other.0
            }
        }

        /// Go's zero time (`0001-01-01T00:00:00Z`) is zero. `metav1.Time` is a
        /// Go struct: the presence tags treat a value of it as a non-pointer
        /// struct, as upstream does.
        impl IsZero for $t {
            const IS_STRUCT: bool = true;

            #[inline]
            fn is_zero(&self) -> bool {
                self.0.as_second() == GO_ZERO_UNIX && self.0.subsec_nanosecond() == 0
            }
        }

        /// Upstream's JSON: `null` for the zero time, else the UTC string
        #[doc = concat!("(as [`crate::", stringify!($rt), "`] prints it).")]
        impl ToBadValue for $t {
            fn write_json(&self, out: &mut String) {
                let (secs, nanos) = unix_parts(&self.0);
                crate::$rt::from_unix(secs, nanos).write_json(out)
            }
        }
    };
}
timestamp!(Time, Time);
timestamp!(MicroTime, MicroTime);

/// Equal when both hold the same int or the same string (Go's `==` on
/// `intstr.IntOrString`): `Int(80)` differs from `String("80")`.
impl SemanticEq for IntOrString {
    #[inline]
    fn semantic_eq(&self, other: &Self) -> bool {
        self == other
    }
}

/// Go's `intstr.IntOrString` is a struct, and a struct value is always set
/// (upstream accepts `+k8s:required` on it and checks nothing), as for a
/// derived struct.
impl IsZero for IntOrString {
    #[inline]
    fn is_zero(&self) -> bool {
        false
    }
}

/// Upstream's JSON: the number or the quoted string.
impl ToBadValue for IntOrString {
    fn write_json(&self, out: &mut String) {
        match self {
            IntOrString::Int(i) => i.write_json(out),
            IntOrString::String(s) => s.write_json(out),
        }
    }
}

/// Structurally, as Go's `DeepEqual` compares the raw managed-fields JSON.
impl SemanticEq for FieldsV1 {
    #[inline]
    fn semantic_eq(&self, other: &Self) -> bool {
        self.0 == other.0
    }
}

/// A struct value is always set.
impl IsZero for FieldsV1 {
    #[inline]
    fn is_zero(&self) -> bool {
        false
    }
}

/// The raw JSON it holds.
impl ToBadValue for FieldsV1 {
    fn write_json(&self, out: &mut String) {
        self.0.write_json(out)
    }
}
