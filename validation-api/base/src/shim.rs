//! Stand-ins for the apimachinery types that have their own JSON encoding.
//!
//! The mirror generator maps Go's types to these paths in one place (`SPECIAL`
//! in `tests/upstream-oracle/go/realapi/mirror/main.go`).
//!
//! `resource.Quantity`, `metav1.Time` and `metav1.MicroTime` are not here:
//! the mirror uses `k8s_validation::{Quantity, Time, MicroTime}`, which
//! compare by value as upstream's `equality.Semantic` does. The stand-ins
//! below are for the types the runtime does not have (`Duration`,
//! `IntOrString`, `RawExtension`/`FieldsV1`, `[]byte`); the oracle generates
//! only canonical values of them, for which their derived equality is
//! upstream's.

use k8s_validation::Validate;
use serde::{Deserialize, Deserializer, Serialize};

/// Deserializes `null` as the default value: Go encodes a nil slice or map
/// (without `omitempty`) as `null`; the runtime's `Quantity`, `Time` and
/// `MicroTime` read `null` as their zero value, as Go does.
pub fn nullable<'de, D, T>(d: D) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de> + Default,
{
    Ok(Option::<T>::deserialize(d)?.unwrap_or_default())
}

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
