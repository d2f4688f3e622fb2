//! Stand-ins for the apimachinery types that have their own JSON encoding.
//!
//! The mirror generator maps Go's types to these paths in one place (`SPECIAL`
//! in `tests/upstream-oracle/go/realapi/mirror/main.go`).
//!
//! TODO(semantic-eq): `Quantity`, `Time` and `MicroTime` become
//! `validation_runtime::{Quantity, Time, MicroTime}` once those exist (with
//! semantic equality); change `SPECIAL` and regenerate. Until then the
//! oracle generates canonical values only (canonical quantities, UTC
//! timestamps at Go's precision), for which string equality is upstream's
//! `equality.Semantic`.

use serde::{Deserialize, Deserializer, Serialize};
use validation_runtime::Validate;

/// Deserializes `null` as the default value: Go encodes a nil slice or map
/// (without `omitempty`) and a zero `metav1.Time` as `null`.
pub fn nullable<'de, D, T>(d: D) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de> + Default,
{
    Ok(Option::<T>::deserialize(d)?.unwrap_or_default())
}

/// `resource.Quantity`: its canonical string (`"0"` when zero: Go rejects
/// an empty quantity).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Validate)]
pub struct Quantity(pub String);

impl Default for Quantity {
    fn default() -> Self {
        Quantity("0".into())
    }
}

/// `metav1.Time`: RFC 3339 in UTC at second precision; `None` is the zero
/// time (`null`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, Validate)]
pub struct Time(pub Option<String>);

/// `metav1.MicroTime`: RFC 3339 in UTC with microseconds; `None` is the zero
/// time (`null`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, Validate)]
pub struct MicroTime(pub Option<String>);

/// `metav1.Duration`: Go's `time.Duration.String()` (`"0s"` when zero).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Validate)]
pub struct Duration(pub String);

impl Default for Duration {
    fn default() -> Self {
        Duration("0s".into())
    }
}

/// `intstr.IntOrString`: a JSON number or string (`0` when zero, as Go
/// encodes its zero value).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, Validate)]
pub struct IntOrString(pub serde_json::Value);

impl Default for IntOrString {
    fn default() -> Self {
        IntOrString(serde_json::Value::from(0))
    }
}

/// `runtime.RawExtension` (and `metav1.FieldsV1`): arbitrary JSON.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, Validate)]
pub struct RawExtension(pub serde_json::Value);

/// `[]byte`: standard base64, as Go encodes it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, Validate)]
pub struct Bytes(pub String);
