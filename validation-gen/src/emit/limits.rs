//! `+k8s:minimum`, `+k8s:maximum`, `+k8s:maxLength`, `+k8s:minLength`,
//! `+k8s:maxBytes`, `+k8s:maxItems`, `+k8s:minItems`, `+k8s:maxProperties`,
//! `+k8s:minProperties` (runtime: `validate::limits`).
//!
//! One handler per tag; each names its runtime function and shares the
//! checks of its value kind (integer bound, string length, list size, map
//! size).

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use super::{leaf_ty, Call, Cx, Site};
use crate::model::{Shape, TagAt};
use crate::tags::{Release, Tag, Value};

fn int_literal(n: i128) -> TokenStream {
    let lit = Literal::i128_unsuffixed(n.unsigned_abs() as i128);
    if n < 0 {
        quote!(-#lit)
    } else {
        quote!(#lit)
    }
}

/// Go's `strconv.Atoi` on a tag payload.
fn decimal(literal: &str) -> Option<i128> {
    let digits = literal.strip_prefix(['+', '-']).unwrap_or(literal);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    literal
        .parse::<i128>()
        .ok()
        .filter(|n| i64::try_from(*n).is_ok())
}

/// The payload as an integer, or `None` after reporting why not.
fn payload(cx: &mut Cx<'_>, at: &TagAt, tag: &Tag) -> Option<i128> {
    let Some(Value::Int(_)) = tag.scalar() else {
        cx.error(
            at,
            format!("tag \"{}\" requires an integer value", tag.name),
        );
        return None;
    };
    // Kubernetes 1.35 reads limit payloads with `strconv.Atoi`: decimal
    // digits with an optional sign, leading zeros allowed (`0100` is 100).
    let literal = tag.value_literal.clone().unwrap_or_default();
    let n = decimal(&literal);
    if n.is_none() {
        cx.error(
            at,
            format!(
                "tag \"{}\": invalid integer {literal:?}: must be a decimal integer",
                tag.name
            ),
        );
        return None;
    }
    // From 1.36 (`util.ParseInt`), the payload must also read back the same:
    // no leading zeros, no `+`, no `-0`.
    if cx.release >= Release::V1_36 && n.map(|n| n.to_string()).as_deref() != Some(&literal) {
        cx.error(
            at,
            format!(
                "tag \"{}\": failed to parse tag payload as int: {literal:?} is not a valid int \
                 value (from Kubernetes 1.36, without leading zeros or a sign `+`)",
                tag.name
            ),
        );
        return None;
    }
    n
}

fn kind(site: &Site<'_>) -> String {
    leaf_ty(site).map(|t| t.kind_name()).unwrap_or_default()
}

/// `+k8s:minimum` and `+k8s:maximum`: `validate::<f>!(errs, op, path,
/// value, old, n)`, a runtime macro that writes the error's detail at
/// compile time (`concat!`), so that building the error does not.
fn integer_bound(
    cx: &mut Cx<'_>,
    site: &Site<'_>,
    at: &TagAt,
    tag: &Tag,
    f: TokenStream,
) -> Vec<Call> {
    let Some(n) = payload(cx, at, tag) else {
        return Vec::new();
    };
    match leaf_ty(site).map(|t| &t.shape) {
        Some(Shape::Int(k)) => {
            let (lo, hi) = k.range();
            if n < lo || n > hi {
                cx.error(
                    at,
                    format!(
                        "value {n} does not fit in {} (range [{lo}, {hi}])",
                        k.go_name()
                    ),
                );
                return Vec::new();
            }
        }
        None | Some(Shape::Named) => {}
        Some(_) => {
            cx.error(
                at,
                format!("can only be used on integer types ({})", kind(site)),
            );
            return Vec::new();
        }
    }
    let (leaf, old) = (&site.leaf, &site.old_leaf);
    let lit = int_literal(n);
    vec![Call::errors(
        quote!(validate::#f!(errs, op, path, #leaf, #old, #lit)),
    )]
}

/// Whether a limit is a lower or an upper one.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Bound {
    AtLeast,
    AtMost,
}

/// `+k8s:maxLength`, `+k8s:minLength`, `+k8s:maxBytes`: a string length.
/// A lower bound of zero or less checks nothing.
fn string_length(
    cx: &mut Cx<'_>,
    site: &Site<'_>,
    at: &TagAt,
    tag: &Tag,
    f: TokenStream,
    bound: Bound,
) -> Vec<Call> {
    let Some(n) = payload(cx, at, tag) else {
        return Vec::new();
    };
    if !matches!(
        leaf_ty(site).map(|t| &t.shape),
        None | Some(Shape::Str | Shape::Named)
    ) {
        cx.error(
            at,
            format!("can only be used on string types ({})", kind(site)),
        );
        return Vec::new();
    }
    if bound == Bound::AtLeast && n <= 0 {
        return Vec::new();
    }
    if n < 0 {
        cx.error(at, "must be greater than or equal to zero");
        return Vec::new();
    }
    let (leaf, old) = (&site.leaf, &site.old_leaf);
    let lit = Literal::usize_unsuffixed(n as usize);
    vec![Call::errors(
        quote!(validate::#f(errs, op, path, #leaf, #old, #lit)),
    )]
}

/// `+k8s:maxItems`, `+k8s:minItems`: a list size. The upper bound
/// short-circuits (upstream does not look at the items of a list that is too
/// long).
fn list_size(
    cx: &mut Cx<'_>,
    site: &Site<'_>,
    at: &TagAt,
    tag: &Tag,
    f: TokenStream,
    bound: Bound,
) -> Vec<Call> {
    let Some(n) = payload(cx, at, tag) else {
        return Vec::new();
    };
    if !matches!(
        leaf_ty(site).map(|t| &t.shape),
        None | Some(Shape::List(_) | Shape::Named)
    ) {
        cx.error(
            at,
            format!("can only be used on list types ({})", kind(site)),
        );
        return Vec::new();
    }
    if n < 0 {
        cx.error(at, "must be greater than or equal to zero");
        return Vec::new();
    }
    let lit = Literal::usize_unsuffixed(n as usize);
    let (v, o) = site.items();
    let call = Call::errors(quote!(validate::#f(errs, op, path, #v, #o, #lit)));
    match bound {
        Bound::AtMost => vec![call.short_circuit()],
        Bound::AtLeast => vec![call],
    }
}

/// `+k8s:maxProperties`, `+k8s:minProperties`: a map size, 0 to 100000. The
/// upper bound short-circuits.
fn map_size(
    cx: &mut Cx<'_>,
    site: &Site<'_>,
    at: &TagAt,
    tag: &Tag,
    f: TokenStream,
    bound: Bound,
) -> Vec<Call> {
    let Some(n) = payload(cx, at, tag) else {
        return Vec::new();
    };
    if !matches!(
        leaf_ty(site).map(|t| &t.shape),
        None | Some(Shape::Map(..) | Shape::Named)
    ) {
        cx.error(
            at,
            format!("can only be used on map types ({})", kind(site)),
        );
        return Vec::new();
    }
    if !(0..=100_000).contains(&n) {
        cx.error(at, format!("must be between 0 and 100000, got {n}"));
        return Vec::new();
    }
    let (leaf, old) = (&site.leaf, &site.old_leaf);
    let lit = Literal::usize_unsuffixed(n as usize);
    let call = Call::errors(quote!(validate::#f(errs, op, path, #leaf, #old, #lit)));
    match bound {
        Bound::AtMost => vec![call.short_circuit()],
        Bound::AtLeast => vec![call],
    }
}

/// `+k8s:maxLength=<n>`: bytes through Kubernetes 1.35 (`validate::max_length`),
/// characters from 1.36 (`validate::max_length_characters`).
pub(super) fn max_length(
    cx: &mut Cx<'_>,
    site: &Site<'_>,
    at: &TagAt,
    tag: &Tag,
    release: Release,
) -> Vec<Call> {
    let f = if release >= Release::V1_36 {
        quote!(max_length_characters)
    } else {
        quote!(max_length)
    };
    string_length(cx, site, at, tag, f, Bound::AtMost)
}

/// One handler per tag: each lowers through the shared check of its family,
/// with its runtime function and, for sizes, which way it bounds.
macro_rules! limit_handlers {
    ($($(#[$doc:meta])* $name:ident => $family:ident($($arg:tt)*);)*) => {$(
        $(#[$doc])*
        pub(super) fn $name(
            cx: &mut Cx<'_>,
            site: &Site<'_>,
            at: &TagAt,
            tag: &Tag,
            _: Release,
        ) -> Vec<Call> {
            $family(cx, site, at, tag, quote!($name) $($arg)*)
        }
    )*};
}

limit_handlers! {
    /// `+k8s:minimum=<n>`.
    minimum => integer_bound();
    /// `+k8s:maximum=<n>`.
    maximum => integer_bound();
    /// `+k8s:minLength=<n>`.
    min_length => string_length(, Bound::AtLeast);
    /// `+k8s:maxBytes=<n>`.
    max_bytes => string_length(, Bound::AtMost);
    /// `+k8s:maxItems=<n>`.
    max_items => list_size(, Bound::AtMost);
    /// `+k8s:minItems=<n>`.
    min_items => list_size(, Bound::AtLeast);
    /// `+k8s:maxProperties=<n>`.
    max_properties => map_size(, Bound::AtMost);
    /// `+k8s:minProperties=<n>`.
    min_properties => map_size(, Bound::AtLeast);
}
