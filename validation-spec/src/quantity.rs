//! [`Quantity`]: upstream's `resource.Quantity`
//! (`k8s.io/apimachinery/pkg/api/resource`), parsed, compared and printed
//! as Kubernetes does.
//!
//! The generator reads quantity payloads (`+k8s:minimum="100m"`, Kubernetes
//! 1.38) with the same parser the runtime's values use, and prints their
//! limits as upstream's `MustParse(payload).String()`; the runtime re-exports
//! this type as `k8s_validation::Quantity` with its JSON form (feature
//! `serde`) and its validation traits.

use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::str::FromStr;

/// How a [`Quantity`] is printed (upstream's `resource.Format`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Format {
    /// `12e6`: a decimal mantissa and a power-of-ten exponent that is a
    /// multiple of 3.
    DecimalExponent,
    /// `12Mi`: binary SI suffixes (`Ki` = 2^10 ... `Ei` = 2^60).
    BinarySI,
    /// `12M`: decimal SI suffixes (`n` = 10^-9 ... `E` = 10^18).
    #[default]
    DecimalSI,
}

/// Why a string is not a quantity. The messages are upstream's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum QuantityError {
    /// `ErrFormatWrong`: the string does not have the shape of a quantity.
    FormatWrong,
    /// `ErrNumeric`: the number cannot be read.
    Numeric,
    /// `ErrSuffix`: the suffix is not one of the known ones.
    Suffix,
    /// The value needs more than 38 significant decimal digits. Upstream
    /// accepts any number of digits (it uses arbitrary precision); this port
    /// keeps an exact 128-bit mantissa and refuses what it cannot hold.
    TooPrecise,
}

/// The regular expression upstream's `ErrFormatWrong` quotes.
const SPLIT_RE: &str = "^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$";

impl fmt::Display for QuantityError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            QuantityError::FormatWrong => {
                write!(
                    f,
                    "quantities must match the regular expression '{SPLIT_RE}'"
                )
            }
            QuantityError::Numeric => f.write_str("unable to parse numeric part of quantity"),
            QuantityError::Suffix => f.write_str("unable to parse quantity's suffix"),
            QuantityError::TooPrecise => {
                f.write_str("quantity has more than 38 significant digits")
            }
        }
    }
}

impl std::error::Error for QuantityError {}

/// Mantissas are kept below this (38 digits), so that aligning two of them
/// for a comparison never overflows a `u128`.
const MAX_MAG: u128 = 10u128.pow(38);

/// The largest value a `BinarySI` quantity holds (upstream caps it at the
/// maximum `int64`).
const MAX_BINARY: u128 = i64::MAX as u128;

/// A fixed-point number with a suffix: `100m`, `1Gi`, `1.5`, `12e6`
/// (upstream's `resource.Quantity`, Kubernetes 1.35–1.37).
///
/// * **Parsing** ([`Quantity::parse`], `str::parse`) accepts upstream's
///   whole grammar: an optional sign, digits with an optional fraction, and a
///   binary SI suffix (`Ki`, `Mi`, `Gi`, `Ti`, `Pi`, `Ei`), a decimal SI
///   suffix (`n`, `u`, `m`, none, `k`, `M`, `G`, `T`, `P`, `E`) or a decimal
///   exponent (`e3`, `E-6`). Values are rounded up (away from zero) to
///   nanounits, and binary quantities are capped at 2^63-1, as upstream.
///   Invalid strings give upstream's messages ([`QuantityError`]).
/// * **Equality and order** are by value, exactly: `1Gi == 1024Mi`,
///   `1 == 1000m` ([`PartialEq`], [`Ord`], as upstream's
///   `Cmp`).
/// * **Printing** ([`Display`](fmt::Display), JSON) is upstream's
///   `String()`: the canonical form in the quantity's format (`1024Mi` prints
///   `1Gi`, `0.5` prints `500m`, `1.5Gi` prints `1536Mi`), except that a
///   string upstream keeps verbatim (already canonical when parsed, such as
///   `1e3` or `+1Ki`) prints as it was written.
///
/// ```
/// use k8s_validation_spec::quantity::Quantity;
///
/// let a: Quantity = "1024Mi".parse().unwrap();
/// assert_eq!(a.to_string(), "1Gi");
/// assert_eq!(a, "1Gi".parse::<Quantity>().unwrap());
/// assert!(a > "1G".parse::<Quantity>().unwrap());
/// assert_eq!("0.5".parse::<Quantity>().unwrap().to_string(), "500m");
/// assert_eq!(
///     "1K".parse::<Quantity>().unwrap_err().to_string(),
///     "unable to parse quantity's suffix"
/// );
/// ```
///
/// Quantities with more than 38 significant digits are refused
/// ([`QuantityError::TooPrecise`]); upstream accepts them.
#[derive(Clone, Default)]
pub struct Quantity {
    /// `value = ±mag × 10^exp`, `mag < 10^38` with no trailing zero digits
    /// (zero is `0 × 10^0`, positive).
    neg: bool,
    mag: u128,
    exp: i32,
    format: Format,
    /// The text upstream keeps (its `q.s`) when the parsed string is
    /// already canonical; printed verbatim.
    text: Option<Box<str>>,
}

/// The pieces of a quantity string (upstream's `parseQuantityString`).
struct Split<'a> {
    positive: bool,
    num: &'a str,
    denom: &'a str,
    suffix: &'a str,
}

fn split(s: &str) -> Result<Split<'_>, QuantityError> {
    let b = s.as_bytes();
    let end = b.len();
    let mut pos = 0;
    let mut positive = true;
    match b.first() {
        Some(b'-') => {
            positive = false;
            pos += 1;
        }
        Some(b'+') => pos += 1,
        _ => {}
    }
    let zero = |positive| {
        Ok(Split {
            positive,
            num: "0",
            denom: "",
            suffix: "",
        })
    };
    // Leading zeros.
    while pos < end && b[pos] == b'0' {
        pos += 1;
    }
    if pos >= end {
        return zero(positive);
    }
    let start = pos;
    while pos < end && b[pos].is_ascii_digit() {
        pos += 1;
    }
    let mut num = &s[start..pos];
    if pos >= end {
        return Ok(Split {
            positive,
            num,
            denom: "",
            suffix: "",
        });
    }
    if num.is_empty() {
        num = "0";
    }
    let mut denom = "";
    if b[pos] == b'.' {
        pos += 1;
        let start = pos;
        while pos < end && b[pos].is_ascii_digit() {
            pos += 1;
        }
        denom = &s[start..pos];
        if pos >= end {
            return Ok(Split {
                positive,
                num,
                denom,
                suffix: "",
            });
        }
    }
    let suffix_start = pos;
    while pos < end && b"eEinumkKMGTP".contains(&b[pos]) {
        pos += 1;
    }
    if pos < end && (b[pos] == b'-' || b[pos] == b'+') {
        pos += 1;
    }
    while pos < end && b[pos].is_ascii_digit() {
        pos += 1;
    }
    if pos < end {
        return Err(QuantityError::FormatWrong);
    }
    Ok(Split {
        positive,
        num,
        denom,
        suffix: &s[suffix_start..],
    })
}

/// `(base, exponent, format)` of a suffix (upstream's `suffixer.interpret`).
fn interpret(suffix: &str) -> Option<(u32, i32, Format)> {
    let dec = |e| Some((10, e, Format::DecimalSI));
    let bin = |e| Some((2, e, Format::BinarySI));
    match suffix {
        "" => dec(0),
        "n" => dec(-9),
        "u" => dec(-6),
        "m" => dec(-3),
        "k" => dec(3),
        "M" => dec(6),
        "G" => dec(9),
        "T" => dec(12),
        "P" => dec(15),
        "E" => dec(18),
        "Ki" => bin(10),
        "Mi" => bin(20),
        "Gi" => bin(30),
        "Ti" => bin(40),
        "Pi" => bin(50),
        "Ei" => bin(60),
        _ if suffix.len() > 1 && matches!(suffix.as_bytes()[0], b'e' | b'E') => {
            // Go's strconv.ParseInt(s, 10, 64), then a (wrapping) int32.
            let e = parse_go_int64(&suffix[1..])?;
            Some((10, e as i32, Format::DecimalExponent))
        }
        _ => None,
    }
}

/// Go's `strconv.ParseInt(s, 10, 64)`: optional sign, at least one digit.
fn parse_go_int64(s: &str) -> Option<i64> {
    let digits = s.strip_prefix(['+', '-']).unwrap_or(s);
    if digits.is_empty() || !digits.bytes().all(|c| c.is_ascii_digit()) {
        return None;
    }
    s.parse::<i64>().ok()
}

/// Parses decimal digits (at most 38, no sign) into a `u128`.
fn digits_u128(d: &str) -> Result<u128, QuantityError> {
    if d.len() > 38 {
        return Err(QuantityError::TooPrecise);
    }
    Ok(d.bytes()
        .fold(0u128, |acc, c| acc * 10 + u128::from(c - b'0')))
}

fn pow10(n: u32) -> Option<u128> {
    10u128.checked_pow(n)
}

impl Quantity {
    /// Parses a quantity as upstream's `resource.ParseQuantity` does.
    pub fn parse(s: &str) -> Result<Quantity, QuantityError> {
        if s.is_empty() {
            return Err(QuantityError::FormatWrong);
        }
        if s == "0" {
            return Ok(Quantity {
                text: Some("0".into()),
                ..Quantity::default()
            });
        }
        let sp = split(s)?;
        let (base, exponent, format) = interpret(sp.suffix).ok_or(QuantityError::Suffix)?;
        let keep_text = keeps_text(&sp, base, exponent, format);

        // The exact value: digits × 10^-len(denom) × base^exponent, rounded
        // up to nanounits.
        let mut digits = format!("{}{}", sp.num, sp.denom);
        let mut scale = sp.denom.len() as i64; // value = digits × 10^-scale
        let lead = digits.bytes().take_while(|&c| c == b'0').count();
        digits.drain(..lead);
        while digits.ends_with('0') {
            digits.pop();
            scale -= 1;
        }
        let mut format = format;
        let (mag, exp) = if digits.is_empty() {
            (0, 0)
        } else if base == 10 {
            let e = i64::from(exponent) - scale;
            if e >= -9 {
                let exp = i32::try_from(e).map_err(|_| QuantityError::TooPrecise)?;
                (digits_u128(&digits)?, exp)
            } else {
                // Round up (away from zero) to 10^-9: the dropped digits end
                // in a non-zero digit, so the kept part always goes up by 1.
                let drop = usize::try_from(-9 - e).unwrap_or(usize::MAX);
                let kept = if drop >= digits.len() {
                    0
                } else {
                    digits_u128(&digits[..digits.len() - drop])?
                };
                (kept + 1, -9)
            }
        } else {
            // Binary: digits × 2^exponent / 10^scale.
            let mut u = digits_u128(&digits)?;
            if scale < 0 {
                u = pow10(u32::try_from(-scale).unwrap_or(u32::MAX))
                    .and_then(|p| u.checked_mul(p))
                    .ok_or(QuantityError::TooPrecise)?;
                scale = 0;
            }
            let w = u.checked_mul(1u128 << exponent);
            let (w, scale) = match w {
                Some(w) if scale <= 9 => (w, scale as u32),
                Some(w) => {
                    let p = pow10((scale - 9) as u32).ok_or(QuantityError::TooPrecise)?;
                    (w.div_ceil(p), 9)
                }
                // Overflow with at most 9 fractional digits: far above the cap.
                None if scale <= 9 => (
                    MAX_BINARY * pow10(scale as u32).unwrap_or(1) + 1,
                    scale as u32,
                ),
                None => return Err(QuantityError::TooPrecise),
            };
            let one = pow10(scale).unwrap_or(1);
            if w > MAX_BINARY * one {
                (MAX_BINARY, 0)
            } else {
                if w < one {
                    format = Format::DecimalSI;
                }
                (w, -(scale as i32))
            }
        };
        let mut q = Quantity {
            neg: !sp.positive,
            mag,
            exp,
            format,
            text: None,
        };
        q.normalize()?;
        if keep_text {
            q.text = Some(s.into());
        }
        Ok(q)
    }

    /// The exact value as `(negative, magnitude, exponent)`: `±magnitude ×
    /// 10^exponent`, the magnitude without trailing zero digits. What the
    /// generator writes into code for a quantity payload
    /// ([`Quantity::from_raw_parts`]).
    #[doc(hidden)]
    pub fn raw_parts(&self) -> (bool, u128, i32) {
        (self.neg, self.mag, self.exp)
    }

    /// The quantity of [`Quantity::raw_parts`], in the decimal SI format,
    /// usable in constants. The parts must come from `raw_parts`.
    #[doc(hidden)]
    pub const fn from_raw_parts(neg: bool, mag: u128, exp: i32) -> Quantity {
        Quantity {
            neg,
            mag,
            exp,
            format: Format::DecimalSI,
            text: None,
        }
    }

    /// A quantity of `value` units (upstream's `NewQuantity`).
    pub fn from_i64(value: i64, format: Format) -> Quantity {
        Quantity::from_scaled(value, 0, format)
    }

    /// A quantity of `value` thousandths (upstream's `NewMilliQuantity`).
    pub fn from_milli(value: i64, format: Format) -> Quantity {
        Quantity::from_scaled(value, -3, format)
    }

    fn from_scaled(value: i64, exp: i32, format: Format) -> Quantity {
        let mut q = Quantity {
            neg: value < 0,
            mag: u128::from(value.unsigned_abs()),
            exp,
            format,
            text: None,
        };
        let _ = q.normalize();
        q
    }

    /// Strips trailing zeros; zero is `+0 × 10^0`.
    fn normalize(&mut self) -> Result<(), QuantityError> {
        if self.mag == 0 {
            self.neg = false;
            self.exp = 0;
            return Ok(());
        }
        while self.mag % 10 == 0 {
            self.mag /= 10;
            self.exp = self.exp.checked_add(1).ok_or(QuantityError::TooPrecise)?;
        }
        if self.mag >= MAX_MAG {
            return Err(QuantityError::TooPrecise);
        }
        Ok(())
    }

    /// The quantity's format.
    pub fn format(&self) -> Format {
        self.format
    }

    /// Whether the value is zero (upstream's `IsZero`).
    pub fn is_zero(&self) -> bool {
        self.mag == 0
    }

    /// -1, 0 or 1 (upstream's `Sign`).
    pub fn sign(&self) -> i32 {
        match (self.mag, self.neg) {
            (0, _) => 0,
            (_, true) => -1,
            (_, false) => 1,
        }
    }

    /// Compares by value (upstream's `Cmp`: -1, 0, 1 as an [`Ordering`]).
    pub fn cmp_value(&self, other: &Quantity) -> Ordering {
        let (a, b) = (self.sign(), other.sign());
        if a != b {
            return a.cmp(&b);
        }
        if a == 0 {
            return Ordering::Equal;
        }
        let by_mag = cmp_mag(self.mag, self.exp, other.mag, other.exp);
        if self.neg {
            by_mag.reverse()
        } else {
            by_mag
        }
    }

    /// The value rounded up to an integer number of units, if it fits an
    /// `i64` (upstream's `AsInt64` for exact values).
    pub fn as_i64(&self) -> Option<i64> {
        if self.exp < 0 {
            return None;
        }
        let v = pow10(self.exp as u32).and_then(|p| self.mag.checked_mul(p))?;
        let v = i128::try_from(v).ok()?;
        i64::try_from(if self.neg { -v } else { v }).ok()
    }

    /// The value as an integer, if it is one and fits an `i128`.
    fn as_i128(&self) -> Option<i128> {
        if self.exp < 0 {
            return None;
        }
        let v = pow10(self.exp as u32).and_then(|p| self.mag.checked_mul(p))?;
        let v = i128::try_from(v).ok()?;
        Some(if self.neg { -v } else { v })
    }

    /// Writes upstream's `String()` (what [`Display`](fmt::Display)
    /// prints) to `out`, without an intermediate string.
    pub fn write_canonical(&self, out: &mut String) {
        if let Some(t) = &self.text {
            out.push_str(t);
            return;
        }
        if self.mag == 0 {
            out.push('0');
            return;
        }
        let mut format = self.format;
        let mut binary = None;
        if format == Format::BinarySI {
            match self.as_i128() {
                Some(v) if v > -1024 && v < 1024 => format = Format::DecimalSI,
                Some(v) => binary = Some(v),
                None => format = Format::DecimalSI,
            }
        }
        if let Some(v) = binary {
            let mut m = v.unsigned_abs();
            let mut times = 0;
            while m >= 1024 && m % 1024 == 0 {
                m /= 1024;
                times += 1;
            }
            if v < 0 {
                out.push('-');
            }
            out.push_str(&m.to_string());
            out.push_str(match times {
                1 => "Ki",
                2 => "Mi",
                3 => "Gi",
                4 => "Ti",
                5 => "Pi",
                6 => "Ei",
                _ => "",
            });
            return;
        }
        if self.neg {
            out.push('-');
        }
        out.push_str(&self.mag.to_string());
        let zeros = self.exp.rem_euclid(3);
        for _ in 0..zeros {
            out.push('0');
        }
        let e = self.exp - zeros;
        match format {
            Format::DecimalExponent => {
                if e != 0 {
                    out.push('e');
                    out.push_str(&e.to_string());
                }
            }
            // An exponent without a suffix prints none: upstream ignores
            // the failed lookup (so `1000E` prints `1`).
            _ => out.push_str(match e {
                -9 => "n",
                -6 => "u",
                -3 => "m",
                3 => "k",
                6 => "M",
                9 => "G",
                12 => "T",
                15 => "P",
                18 => "E",
                _ => "",
            }),
        }
    }
}

/// Compares `a × 10^ea` with `b × 10^eb` (both positive, below 10^38).
fn cmp_mag(a: u128, ea: i32, b: u128, eb: i32) -> Ordering {
    let digits = |m: u128| m.checked_ilog10().unwrap_or(0) as i64 + 1;
    // Position of the leading digit.
    let (ta, tb) = (digits(a) + i64::from(ea), digits(b) + i64::from(eb));
    if ta != tb {
        return ta.cmp(&tb);
    }
    // Same leading position: align to the smaller exponent. The shift is
    // at most 37 digits and the result stays below 10^38.
    let (mut a, mut b) = (a, b);
    match ea.cmp(&eb) {
        Ordering::Greater => a *= 10u128.pow((i64::from(ea) - i64::from(eb)) as u32),
        Ordering::Less => b *= 10u128.pow((i64::from(eb) - i64::from(ea)) as u32),
        Ordering::Equal => {}
    }
    a.cmp(&b)
}

/// Whether upstream's fast path keeps the original string as the
/// quantity's text (`q.s`): an int64-sized value whose spelling is already
/// canonical.
fn keeps_text(sp: &Split<'_>, base: u32, exponent: i32, format: Format) -> bool {
    let (num, denom) = (sp.num, sp.denom);
    let (precision, mut scale, mantissa): (i64, i64, i64) = if base == 10 {
        (
            18 - (num.len() + denom.len()) as i64,
            i64::from(exponent),
            1,
        )
    } else if exponent >= 0 && denom.is_empty() {
        (
            14 - num.len() as i64 - i64::from(exponent) * 3 / 10,
            0,
            1i64 << exponent,
        )
    } else {
        (-1, 0, 1)
    };
    if precision < 0 {
        return false;
    }
    scale -= denom.len() as i64;
    // Go computes the scale in int32 arithmetic.
    let scale = scale as i32;
    if scale < -9 {
        return false;
    }
    let shifted = format!("{num}{denom}");
    let Ok(value) = shifted.parse::<i64>() else {
        return false;
    };
    if value.checked_mul(mantissa).is_none() {
        return false;
    }
    match format {
        Format::BinarySI => exponent % 10 == 0 && value & 0x07 != 0,
        _ => scale % 3 == 0 && !shifted.ends_with("000") && !shifted.starts_with('0'),
    }
}

impl FromStr for Quantity {
    type Err = QuantityError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Quantity::parse(s)
    }
}

impl fmt::Display for Quantity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::new();
        self.write_canonical(&mut s);
        f.write_str(&s)
    }
}

impl fmt::Debug for Quantity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Quantity({self})")
    }
}

/// By value: `1Gi == 1024Mi` (upstream's `Equal`).
impl PartialEq for Quantity {
    fn eq(&self, other: &Self) -> bool {
        // Normalized: equal values have equal parts.
        (self.neg, self.mag, self.exp) == (other.neg, other.mag, other.exp)
    }
}

impl Eq for Quantity {}

impl Hash for Quantity {
    fn hash<H: Hasher>(&self, state: &mut H) {
        (self.neg, self.mag, self.exp).hash(state);
    }
}

impl PartialOrd for Quantity {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// By value (upstream's `Cmp`).
impl Ord for Quantity {
    fn cmp(&self, other: &Self) -> Ordering {
        self.cmp_value(other)
    }
}

/// The canonical string (upstream's `MarshalJSON`).
#[cfg(feature = "serde")]
impl serde::Serialize for Quantity {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// A string (surrounding spaces trimmed) or a number, as upstream's
/// `UnmarshalJSON`; `null` is zero.
///
/// A JSON number reaches serde as an integer or a float; a float is read
/// through its shortest decimal form, so `1e3` unmarshals to the value 1000
/// but prints `1k` (upstream keeps `1e3`).
#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Quantity {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct V;
        impl serde::de::Visitor<'_> for V {
            type Value = Quantity;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a quantity (a string such as \"1Gi\" or a number)")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Quantity, E> {
                Quantity::parse(v.trim()).map_err(E::custom)
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Quantity, E> {
                self.visit_str(&v.to_string())
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Quantity, E> {
                self.visit_str(&v.to_string())
            }
            fn visit_f64<E: serde::de::Error>(self, v: f64) -> Result<Quantity, E> {
                if !v.is_finite() {
                    return Err(E::custom(QuantityError::FormatWrong));
                }
                self.visit_str(&format_f64_plain(v))
            }
            fn visit_unit<E: serde::de::Error>(self) -> Result<Quantity, E> {
                Ok(Quantity::default())
            }
            fn visit_none<E: serde::de::Error>(self) -> Result<Quantity, E> {
                Ok(Quantity::default())
            }
        }
        deserializer.deserialize_any(V)
    }
}

/// A finite float in its shortest round-trip form, in the quantity grammar:
/// plain digits, or an exponent (`1e21`, `1e-7`) outside `[1e-7, 1e21)` as
/// JSON encoders print such numbers.
#[cfg(feature = "serde")]
fn format_f64_plain(v: f64) -> String {
    let a = v.abs();
    if a != 0.0 && !(1e-7..1e21).contains(&a) {
        format!("{v:e}")
    } else {
        format!("{v}")
    }
}
