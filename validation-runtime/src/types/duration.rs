//! [`Duration`]: Go's `time.Duration`, a signed count of nanoseconds, with
//! Go's JSON form (an integer) and text (`1h30m0s`).

use std::fmt;
use std::str::FromStr;

use crate::field::ToBadValue;
use crate::operation::Operation;
use crate::{ErrorList, IntValue, IsZero, SemanticEq, Validate};

/// Go's `time.Duration`: nanoseconds in an `i64`, negative durations
/// included.
///
/// Kubernetes 1.38 bounds duration fields with duration strings
/// (`+k8s:minimum="1s"`, `+k8s:maximum="1h30m"`); this is the Rust type such a
/// field has. Like Go's, it reads and writes JSON as an integer number of
/// nanoseconds, an error prints it that way (`Invalid value: 500000000`), and
/// its text is Go's `Duration.String()` ([`Display`](fmt::Display)) and
/// `time.ParseDuration` ([`FromStr`]). Through Kubernetes 1.37 a duration is
/// an integer to the tags (`+k8s:minimum=1000000000`), and it is one here
/// too ([`IntValue`]).
///
/// `std::time::Duration` is not Go's: it is unsigned and serde writes it as
/// `{"secs": .., "nanos": ..}`.
///
/// ```
/// use k8s_validation::Duration;
///
/// let d: Duration = "1h30m".parse().unwrap();
/// assert_eq!(d.as_nanos(), 5_400_000_000_000);
/// assert_eq!(d.to_string(), "1h30m0s");
/// assert_eq!(serde_json::to_string(&d).unwrap(), "5400000000000");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Duration(i64);

impl Duration {
    /// A duration of `nanos` nanoseconds.
    pub const fn from_nanos(nanos: i64) -> Duration {
        Duration(nanos)
    }

    /// A duration of `secs` seconds (saturating at the `i64` range of
    /// nanoseconds, as Go's arithmetic does not).
    pub const fn from_secs(secs: i64) -> Duration {
        Duration(secs.saturating_mul(k8s_validation_spec::duration::SECOND))
    }

    /// The nanoseconds.
    pub const fn as_nanos(self) -> i64 {
        self.0
    }

    /// Go's `time.ParseDuration` (`300ms`, `-1.5h`, `2h45m`), with Go's
    /// messages.
    pub fn parse(s: &str) -> Result<Duration, String> {
        k8s_validation_spec::duration::parse(s).map(Duration)
    }
}

impl From<Duration> for i64 {
    fn from(d: Duration) -> i64 {
        d.0
    }
}

/// `std::time::Duration` has no sign and more range: one beyond `i64`
/// nanoseconds (about 292 years) is refused.
impl TryFrom<std::time::Duration> for Duration {
    type Error = std::num::TryFromIntError;
    fn try_from(d: std::time::Duration) -> Result<Duration, Self::Error> {
        i64::try_from(d.as_nanos()).map(Duration)
    }
}

impl FromStr for Duration {
    type Err = String;
    fn from_str(s: &str) -> Result<Duration, String> {
        Duration::parse(s)
    }
}

/// Go's `Duration.String()`.
impl fmt::Display for Duration {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&k8s_validation_spec::duration::format(self.0))
    }
}

/// Nanoseconds, as Go's JSON writes a `time.Duration`.
impl serde::Serialize for Duration {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_i64(self.0)
    }
}

/// An integer number of nanoseconds, as Go's JSON reads a `time.Duration`.
impl<'de> serde::Deserialize<'de> for Duration {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        i64::deserialize(deserializer).map(Duration)
    }
}

/// An integer to the limit tags (the only reading through Kubernetes 1.37).
impl IntValue for Duration {
    #[inline]
    fn to_i128(&self) -> i128 {
        self.0.into()
    }
}

/// As Go prints one in an error: the nanoseconds.
impl ToBadValue for Duration {
    fn write_json(&self, out: &mut String) {
        self.0.write_json(out);
    }
}

impl IsZero for Duration {
    #[inline]
    fn is_zero(&self) -> bool {
        self.0 == 0
    }
}

impl SemanticEq for Duration {
    #[inline]
    fn semantic_eq(&self, other: &Self) -> bool {
        self == other
    }
}

/// A duration has no declarative validation of its own.
impl Validate for Duration {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_is_nanoseconds() {
        let d: Duration = serde_json::from_str("-1500").unwrap();
        assert_eq!(d, Duration::from_nanos(-1500));
        assert_eq!(d.to_string(), "-1.5\u{b5}s");
        assert!(serde_json::from_str::<Duration>("\"1s\"").is_err());
    }

    #[test]
    fn bad_value_is_nanoseconds() {
        let mut out = String::new();
        Duration::from_secs(2).write_json(&mut out);
        assert_eq!(out, "2000000000");
    }
}
