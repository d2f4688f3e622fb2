//! [`Time`] and [`MicroTime`]: upstream's `metav1.Time` and
//! `metav1.MicroTime` (`k8s.io/apimachinery/pkg/apis/meta/v1`), as
//! Kubernetes 1.35–1.37 read, print and compare them.

use std::cmp::Ordering;
use std::fmt;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use crate::field::{write_go_quoted, ToBadValue};
use crate::operation::Operation;
use crate::{ErrorList, IsZero, SemanticEq, Validate};

/// Seconds from 0001-01-01T00:00:00Z (Go's zero `time.Time`) to the Unix
/// epoch.
const GO_ZERO_UNIX: i64 = -62_135_596_800;

/// Go's `time.RFC3339` layout, named in parse errors.
const RFC3339: &str = "2006-01-02T15:04:05Z07:00";
/// Upstream's `metav1.RFC3339Micro` layout.
const RFC3339_MICRO: &str = "2006-01-02T15:04:05.000000Z07:00";

/// Why a string is not a timestamp. The message follows Go's
/// `time.ParseError`: `parsing time "x" as "2006-01-02T15:04:05Z07:00":
/// cannot parse "x" as "2006"`, or `parsing time "...": month out of range`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TimeParseError {
    message: String,
}

impl fmt::Display for TimeParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for TimeParseError {}

fn quoted(s: &str) -> String {
    let mut out = String::new();
    write_go_quoted(s, &mut out);
    out
}

fn cannot_parse(value: &str, layout: &str, rest: &str, elem: &str) -> TimeParseError {
    TimeParseError {
        message: format!(
            "parsing time {} as {}: cannot parse {} as {}",
            quoted(value),
            quoted(layout),
            quoted(rest),
            quoted(elem)
        ),
    }
}

fn with_message(value: &str, message: &str) -> TimeParseError {
    TimeParseError {
        message: format!("parsing time {}{message}", quoted(value)),
    }
}

/// Days from 1970-01-01 to a proleptic Gregorian date.
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The date of a day count from 1970-01-01.
fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

fn days_in(month: i64, year: i64) -> i64 {
    match month {
        2 if year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Parses Go's `time.Parse(layout, value)` for the two layouts upstream
/// uses: `micro` is `RFC3339Micro` (exactly six fractional digits), else
/// `RFC3339` (an optional fraction of any length is accepted after the
/// seconds, as Go does). Returns Unix seconds and nanoseconds.
fn parse(value: &str, micro: bool) -> Result<(i64, u32), TimeParseError> {
    let layout = if micro { RFC3339_MICRO } else { RFC3339 };
    let bad = |rest: &str, elem: &str| cannot_parse(value, layout, rest, elem);
    let range = |what: &str| with_message(value, &format!(": {what} out of range"));
    let mut rest = value;
    // A fixed number of digits.
    fn digits(rest: &mut &str, n: usize) -> Option<i64> {
        let b = rest.as_bytes();
        if b.len() < n || !b[..n].iter().all(u8::is_ascii_digit) {
            return None;
        }
        let v = rest[..n].parse().ok();
        *rest = &rest[n..];
        v
    }
    fn literal(rest: &mut &str, lit: &str) -> bool {
        match rest.strip_prefix(lit) {
            Some(r) => {
                *rest = r;
                true
            }
            None => false,
        }
    }
    let year = digits(&mut rest, 4).ok_or_else(|| bad(rest, "2006"))?;
    if !literal(&mut rest, "-") {
        return Err(bad(rest, "-"));
    }
    let month = digits(&mut rest, 2).ok_or_else(|| bad(rest, "01"))?;
    if !(1..=12).contains(&month) {
        return Err(range("month"));
    }
    if !literal(&mut rest, "-") {
        return Err(bad(rest, "-"));
    }
    let day = digits(&mut rest, 2).ok_or_else(|| bad(rest, "02"))?;
    if !literal(&mut rest, "T") {
        return Err(bad(rest, "T"));
    }
    // Go reads the "15" hour with one or two digits.
    let hour = {
        let b = rest.as_bytes();
        let n = match (b.first(), b.get(1)) {
            (Some(a), Some(c)) if a.is_ascii_digit() && c.is_ascii_digit() => 2,
            (Some(a), _) if a.is_ascii_digit() => 1,
            _ => return Err(bad(rest, "15")),
        };
        digits(&mut rest, n).ok_or_else(|| bad(rest, "15"))?
    };
    if hour > 23 {
        return Err(range("hour"));
    }
    if !literal(&mut rest, ":") {
        return Err(bad(rest, ":"));
    }
    let minute = digits(&mut rest, 2).ok_or_else(|| bad(rest, "04"))?;
    if minute > 59 {
        return Err(range("minute"));
    }
    if !literal(&mut rest, ":") {
        return Err(bad(rest, ":"));
    }
    let second = digits(&mut rest, 2).ok_or_else(|| bad(rest, "05"))?;
    if second > 59 {
        return Err(range("second"));
    }
    let mut nanos: u32 = 0;
    let b = rest.as_bytes();
    if micro {
        // ".000000": a period or comma and exactly six digits.
        if b.len() < 7 || !matches!(b[0], b'.' | b',') || !b[1..7].iter().all(u8::is_ascii_digit) {
            return Err(bad(rest, ".000000"));
        }
        nanos = rest[1..7].parse::<u32>().unwrap_or(0) * 1000;
        rest = &rest[7..];
    } else if b.len() >= 2 && matches!(b[0], b'.' | b',') && b[1].is_ascii_digit() {
        // Go accepts a fraction after the seconds even when the layout has
        // none; digits past the ninth are dropped.
        let n = 1 + b[1..].iter().take_while(|c| c.is_ascii_digit()).count();
        let frac = &rest[1..n];
        let mut v: u32 = 0;
        for i in 0..9 {
            v = v * 10 + frac.as_bytes().get(i).map_or(0, |c| u32::from(c - b'0'));
        }
        nanos = v;
        rest = &rest[n..];
    }
    // "Z07:00": `Z` or `±hh:mm`.
    let offset: i64 = if let Some(r) = rest.strip_prefix('Z') {
        rest = r;
        0
    } else {
        let b = rest.as_bytes();
        let ok = b.len() >= 6
            && matches!(b[0], b'+' | b'-')
            && b[1].is_ascii_digit()
            && b[2].is_ascii_digit()
            && b[3] == b':'
            && b[4].is_ascii_digit()
            && b[5].is_ascii_digit();
        if !ok {
            return Err(bad(rest, "Z07:00"));
        }
        let hh: i64 = rest[1..3].parse().unwrap_or(0);
        let mm: i64 = rest[4..6].parse().unwrap_or(0);
        if hh > 24 {
            return Err(range("time zone offset hour"));
        }
        if mm > 60 {
            return Err(range("time zone offset minute"));
        }
        let sign = if b[0] == b'-' { -1 } else { 1 };
        rest = &rest[6..];
        sign * (hh * 3600 + mm * 60)
    };
    if !rest.is_empty() {
        return Err(with_message(
            value,
            &format!(": extra text: {}", quoted(rest)),
        ));
    }
    if day < 1 || day > days_in(month, year) {
        return Err(range("day"));
    }
    let secs =
        days_from_civil(year, month, day) * 86_400 + hour * 3600 + minute * 60 + second - offset;
    Ok((secs, nanos))
}

/// Writes `secs`/`nanos` in UTC as Go formats RFC 3339 (`micro`: six
/// fractional digits, truncated).
fn write_rfc3339(secs: i64, nanos: u32, micro: bool, out: &mut String) {
    use fmt::Write as _;
    let days = secs.div_euclid(86_400);
    let sod = secs.rem_euclid(86_400);
    let (y, m, d) = civil_from_days(days);
    if y < 0 {
        let _ = write!(out, "-{:04}", -y);
    } else {
        let _ = write!(out, "{y:04}");
    }
    let _ = write!(
        out,
        "-{m:02}-{d:02}T{:02}:{:02}:{:02}",
        sod / 3600,
        sod % 3600 / 60,
        sod % 60
    );
    if micro {
        let _ = write!(out, ".{:06}", nanos / 1000);
    }
    out.push('Z');
}

macro_rules! timestamp {
    ($(#[$doc:meta])* $name:ident, micro = $micro:expr, upstream = $up:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, PartialEq, Eq, Hash)]
        pub struct $name {
            /// Seconds since the Unix epoch (UTC).
            secs: i64,
            /// Nanoseconds within the second, `< 1_000_000_000`.
            nanos: u32,
        }

        /// Go's zero time, `0001-01-01T00:00:00Z` (unset; JSON `null`).
        impl Default for $name {
            fn default() -> Self {
                $name { secs: GO_ZERO_UNIX, nanos: 0 }
            }
        }

        impl $name {
            /// The instant `secs` seconds and `nanos` nanoseconds after the
            /// Unix epoch (nanoseconds past a second carry into `secs`).
            pub fn from_unix(secs: i64, nanos: u32) -> Self {
                $name {
                    secs: secs + i64::from(nanos / 1_000_000_000),
                    nanos: nanos % 1_000_000_000,
                }
            }

            /// The current time.
            pub fn now() -> Self {
                Self::from(SystemTime::now())
            }

            /// Seconds since the Unix epoch.
            pub fn unix_seconds(&self) -> i64 {
                self.secs
            }

            /// Nanoseconds within the second.
            pub fn subsec_nanos(&self) -> u32 {
                self.nanos
            }

            /// Whether this is Go's zero time (upstream's `IsZero`): unset.
            pub fn is_zero(&self) -> bool {
                self.secs == GO_ZERO_UNIX && self.nanos == 0
            }

            #[doc = concat!("Parses `", $up, "`'s JSON string form, as upstream's `UnmarshalJSON` does (`time.Parse`; any offset, kept as the instant).")]
            pub fn parse(s: &str) -> Result<Self, TimeParseError> {
                let (secs, nanos) = parse(s, $micro)?;
                Ok($name { secs, nanos })
            }

            fn write_rfc3339(&self, out: &mut String) {
                write_rfc3339(self.secs, self.nanos, $micro, out)
            }
        }

        impl From<SystemTime> for $name {
            fn from(t: SystemTime) -> Self {
                match t.duration_since(UNIX_EPOCH) {
                    Ok(d) => $name::from_unix(d.as_secs() as i64, d.subsec_nanos()),
                    Err(e) => {
                        let d = e.duration();
                        let (s, n) = (d.as_secs() as i64, d.subsec_nanos());
                        if n == 0 {
                            $name::from_unix(-s, 0)
                        } else {
                            $name::from_unix(-s - 1, 1_000_000_000 - n)
                        }
                    }
                }
            }
        }

        impl From<$name> for SystemTime {
            fn from(t: $name) -> SystemTime {
                if t.secs >= 0 {
                    UNIX_EPOCH + Duration::new(t.secs as u64, t.nanos)
                } else {
                    UNIX_EPOCH - Duration::from_secs(t.secs.unsigned_abs())
                        + Duration::from_nanos(u64::from(t.nanos))
                }
            }
        }

        impl std::str::FromStr for $name {
            type Err = TimeParseError;
            fn from_str(s: &str) -> Result<Self, TimeParseError> {
                $name::parse(s)
            }
        }

        /// The RFC 3339 form upstream marshals, in UTC (also for the zero
        /// time, which JSON writes as `null`).
        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                let mut s = String::new();
                self.write_rfc3339(&mut s);
                f.write_str(&s)
            }
        }

        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                let mut s = String::new();
                write_rfc3339(self.secs, self.nanos, true, &mut s);
                write!(f, "{}({s})", stringify!($name))
            }
        }

        impl PartialOrd for $name {
            fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
                Some(self.cmp(other))
            }
        }

        /// By instant.
        impl Ord for $name {
            fn cmp(&self, other: &Self) -> Ordering {
                (self.secs, self.nanos).cmp(&(other.secs, other.nanos))
            }
        }

        /// By instant, as upstream's `equality.Semantic` (`a.UTC() == b.UTC()`):
        /// the same instant written with different offsets is equal.
        impl SemanticEq for $name {
            #[inline]
            fn semantic_eq(&self, other: &Self) -> bool {
                self == other
            }
        }

        /// Go's zero time. `metav1.Time` is a Go struct: the presence tags
        /// treat a value of it as a non-pointer struct, as upstream does.
        impl IsZero for $name {
            const IS_STRUCT: bool = true;

            #[inline]
            fn is_zero(&self) -> bool {
                $name::is_zero(self)
            }
        }

        /// A timestamp has no declarative validation of its own.
        impl Validate for $name {
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

        /// As upstream prints it in an error: its JSON (`null` when zero).
        impl ToBadValue for $name {
            fn write_json(&self, out: &mut String) {
                if self.is_zero() {
                    out.push_str("null");
                } else {
                    out.push('"');
                    self.write_rfc3339(out);
                    out.push('"');
                }
            }
        }

        /// `null` for the zero time, else the RFC 3339 string in UTC.
        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                if self.is_zero() {
                    serializer.serialize_none()
                } else {
                    serializer.collect_str(self)
                }
            }
        }

        /// `null` is the zero time; anything else must be a string.
        impl<'de> serde::Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                struct V;
                impl<'de> serde::de::Visitor<'de> for V {
                    type Value = $name;
                    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                        f.write_str("an RFC 3339 timestamp string or null")
                    }
                    fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<$name, E> {
                        $name::parse(v).map_err(E::custom)
                    }
                    fn visit_unit<E: serde::de::Error>(self) -> Result<$name, E> {
                        Ok($name::default())
                    }
                    fn visit_none<E: serde::de::Error>(self) -> Result<$name, E> {
                        Ok($name::default())
                    }
                    fn visit_some<D: serde::Deserializer<'de>>(self, d: D) -> Result<$name, D::Error> {
                        d.deserialize_any(V)
                    }
                }
                deserializer.deserialize_any(V)
            }
        }
    };
}

timestamp! {
    /// A timestamp with upstream's `metav1.Time` behaviour (Kubernetes
    /// 1.35–1.37): JSON `"2006-01-02T15:04:05Z"` (RFC 3339, seconds, UTC),
    /// `null` for the zero time; any RFC 3339 offset and fraction is accepted
    /// on input. The fraction is kept in memory (as in Go) but not printed.
    ///
    /// Equality, order and [`SemanticEq`] are by instant.
    ///
    /// ```
    /// use k8s_validation::Time;
    ///
    /// let a: Time = "2024-05-01T12:00:00+02:00".parse().unwrap();
    /// let b: Time = "2024-05-01T10:00:00Z".parse().unwrap();
    /// assert_eq!(a, b);
    /// assert_eq!(a.to_string(), "2024-05-01T10:00:00Z");
    /// assert!(Time::default().is_zero());
    /// ```
    Time, micro = false, upstream = "metav1.Time"
}

timestamp! {
    /// A timestamp with upstream's `metav1.MicroTime` behaviour (Kubernetes
    /// 1.35–1.37): JSON `"2006-01-02T15:04:05.000000Z"` (RFC 3339 with
    /// exactly six fractional digits, UTC), `null` for the zero time.
    ///
    /// Equality, order and [`SemanticEq`] are by instant (to the
    /// nanosecond, as Go compares it in memory).
    ///
    /// ```
    /// use k8s_validation::MicroTime;
    ///
    /// let t: MicroTime = "2024-05-01T10:00:00.123456-01:00".parse().unwrap();
    /// assert_eq!(t.to_string(), "2024-05-01T11:00:00.123456Z");
    /// assert!("2024-05-01T10:00:00Z".parse::<MicroTime>().is_err());
    /// ```
    MicroTime, micro = true, upstream = "metav1.MicroTime"
}
