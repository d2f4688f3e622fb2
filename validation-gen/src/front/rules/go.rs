//! Go's readings of integer and bool payloads, as each release reads them:
//! 1.35's `strconv.Atoi`, 1.36's strict `util.ParseInt` / `util.ParseBool`,
//! with Go's own error texts.

use crate::front::behaviour::Scalars;

/// Go's `strconv.Atoi`, Kubernetes 1.35's reading of integer payloads and
/// arguments: decimal digits with an optional sign, leading zeros allowed
/// (`0100` is 100, where the tag grammar reads Go's octal 64); the error as
/// Go words it.
fn atoi(literal: &str) -> Result<i64, String> {
    let digits = literal.strip_prefix(['+', '-']).unwrap_or(literal);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("strconv.Atoi: parsing {literal:?}: invalid syntax"));
    }
    literal
        .parse::<i64>()
        .map_err(|_| format!("strconv.Atoi: parsing {literal:?}: value out of range"))
}

/// An integer written as `literal`, read as `scalars` says: with
/// `strconv.Atoi` (1.35), or with `util.ParseInt` (from 1.36), which also
/// wants it to read back as written; the error as Go words it, and for the
/// strict reading what it means.
pub(super) fn go_int(literal: &str, scalars: Scalars) -> Result<i64, String> {
    if scalars == Scalars::Atoi {
        return atoi(literal);
    }
    if let Some(why) = strict_int_error(literal) {
        return Err(format!("{why}{STRICT_HINT}"));
    }
    atoi(literal)
}

/// What the strict reading of 1.36 means, after its errors.
pub(super) const STRICT_HINT: &str = " (from Kubernetes 1.36, without leading zeros or a sign `+`)";

/// Why an integer written as `literal` is rejected by upstream 1.36's
/// `util.ParseInt` (its error, as Go words it), or `None` when it reads back
/// the same.
fn strict_int_error(literal: &str) -> Option<String> {
    let digits = literal.strip_prefix('-').unwrap_or(literal);
    let why = if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
        match literal.parse::<i64>() {
            Ok(n) if n.to_string() == literal => return None,
            Ok(_) => format!("{literal:?} is not a valid int value"),
            Err(_) => format!(
                "parsing {literal:?} as int: strconv.Atoi: parsing {literal:?}: value out of range"
            ),
        }
    } else if literal.len() > 1
        && literal.starts_with('+')
        && literal[1..].bytes().all(|b| b.is_ascii_digit())
    {
        format!("{literal:?} is not a valid int value")
    } else {
        format!("parsing {literal:?} as int: strconv.Atoi: parsing {literal:?}: invalid syntax")
    };
    Some(why)
}

/// Why a bool written as `literal` is rejected by upstream 1.36's
/// `util.ParseBool`, or `None` for `true` and `false`.
pub(super) fn strict_bool_error(literal: &str) -> Option<String> {
    (literal != "true" && literal != "false")
        .then(|| format!("{literal:?} is not a valid bool value"))
}
