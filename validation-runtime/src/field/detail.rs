//! An error's detail as the constructors receive it, and the texts written
//! without an intermediate string (limits, bounds, supported values).

use super::text::{Sink, Text};
use super::value::write_go_quoted;

/// A detail as the constructors receive it, written into the error's buffer
/// unless it is static.
pub(crate) enum Detail<'d> {
    Static(&'static str),
    Text(&'d str),
    /// `<prefix> <n> <unit>[s]`, written without an intermediate string.
    Limit {
        prefix: &'static str,
        n: i64,
        unit: &'static str,
    },
    /// `<prefix> <n>`, as `must be greater than or equal to 5`.
    Bound {
        prefix: &'static str,
        n: i128,
    },
    /// `supported values: "a", "b"`.
    Supported(&'d dyn SupportedValues),
}

impl Detail<'_> {
    pub(super) fn len_hint(&self) -> usize {
        match self {
            Detail::Static(_) => 0,
            Detail::Text(t) => t.len(),
            Detail::Limit { prefix, n, unit } => {
                prefix.len() + int_len(i128::from(*n)) + unit.len() + 2 + usize::from(*n != 1)
            }
            Detail::Bound { prefix, n } => prefix.len() + 1 + int_len(*n),
            Detail::Supported(values) => values.detail_len(),
        }
    }
}

/// The length of `n` in decimal, sign included: the detail's exact length
/// decides whether the error's text fits inline.
pub(super) fn int_len(n: i128) -> usize {
    let mut u = n.unsigned_abs();
    let mut len = 1 + usize::from(n < 0);
    while u >= 10 {
        u /= 10;
        len += 1;
    }
    len
}

/// The supported values of a `NotSupported` error, however they are held.
pub(crate) trait SupportedValues {
    fn detail_len(&self) -> usize;
    fn write_detail(&self, out: &mut Text);
}

impl<S: AsRef<str>> SupportedValues for &[S] {
    fn detail_len(&self) -> usize {
        supported_values_len(self.iter().map(AsRef::as_ref))
    }
    fn write_detail(&self, out: &mut Text) {
        write_supported_values(self.iter().map(AsRef::as_ref), out)
    }
}

const SUPPORTED_PREFIX: &str = k8s_validation_spec::messages::SUPPORTED_VALUES;

/// The length of the `supported values` detail when no value needs escaping
/// (a lower bound otherwise); 0 for no values.
pub(crate) fn supported_values_len<'v>(valid: impl Iterator<Item = &'v str>) -> usize {
    let len: usize = valid.map(|v| v.len() + 4).sum();
    if len == 0 {
        0
    } else {
        SUPPORTED_PREFIX.len() + len - 2
    }
}

/// Writes `supported values: "a", "b"` (nothing for no values).
pub(crate) fn write_supported_values<'v>(valid: impl Iterator<Item = &'v str>, out: &mut Text) {
    for (i, v) in valid.enumerate() {
        out.push_str(if i == 0 { SUPPORTED_PREFIX } else { ", " });
        if v.bytes()
            .all(|b| (b' '..=b'~').contains(&b) && b != b'"' && b != b'\\')
        {
            // Printable ASCII without quotes or backslashes quotes as is.
            out.push('"');
            out.push_str(v);
            out.push('"');
        } else {
            let mut quoted = String::new();
            write_go_quoted(v, &mut quoted);
            out.push_str(&quoted);
        }
    }
}

pub(super) fn limit_detail(
    prefix: &'static str,
    n: i64,
    unit: &'static str,
    negative: &'static str,
) -> Detail<'static> {
    if n < 0 {
        Detail::Static(negative)
    } else {
        Detail::Limit { prefix, n, unit }
    }
}

pub(super) fn write_limit(out: &mut Text, prefix: &str, n: i64, unit: &str) {
    out.push_str(prefix);
    out.push(' ');
    super::value::push_int(out, i128::from(n));
    out.push(' ');
    out.push_str(unit);
    if n != 1 {
        out.push('s');
    }
}
