//! `+k8s:minimum`, `+k8s:maximum`, `+k8s:maxLength`, `+k8s:minLength`,
//! `+k8s:maxBytes`, `+k8s:maxItems`, `+k8s:minItems`, `+k8s:maxProperties`,
//! `+k8s:minProperties` (runtime: `validate::limits`).
//!
//! The payload is read by the front half (`front::rules`); here each limit names its
//! runtime function and shares the checks of its value kind (integer bound,
//! string length, list size, map size) against the site's type.

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use super::{int_literal, invoke, leaf_ty, Call, Cx, Site};
use crate::front::behaviour::MaxLength;
use crate::front::{IntKind, Limit, NamedValue, Payload, RuleAt, Scope, Shape, Value};

fn kind(site: &Site<'_>) -> String {
    leaf_ty(site).map(|t| t.kind_name()).unwrap_or_default()
}

/// `+k8s:minimum` and `+k8s:maximum`: `validate::<f>!(errs, op, path,
/// value, old, n)`, a runtime macro that writes the error's detail at
/// compile time (`concat!`), so that building the error does not.
fn integer_bound(
    cx: &mut Cx<'_>,
    site: &Site<'_>,
    at: &RuleAt,
    n: &Payload<i128>,
    f: TokenStream,
) -> Vec<Call> {
    let int_kind = match leaf_ty(site).map(|t| &t.shape) {
        Some(Shape::Int(k)) => Some(*k),
        // Upstream's `resource.Quantity` is a struct (Kubernetes 1.38 bounds
        // it with a quantity payload).
        Some(Shape::Named) if named_value(site) == Some(NamedValue::Quantity) => {
            cx.error(
                at,
                format!("can only be used on integer types ({})", kind(site)),
            );
            return Vec::new();
        }
        None | Some(Shape::Named) => None,
        Some(_) => {
            cx.error(
                at,
                format!("can only be used on integer types ({})", kind(site)),
            );
            return Vec::new();
        }
    };
    let Some(&n) = cx.payload(at, n) else {
        return Vec::new();
    };
    if int_kind.is_some_and(|k| !cx.fits(at, k, n)) {
        return Vec::new();
    }
    let (leaf, old) = (&site.leaf, &site.old_leaf);
    let lit = int_literal(n);
    vec![Call::errors(invoke(
        quote!(validate::#f!),
        quote!(#leaf, #old, #lit),
    ))]
}

/// The Go value type the site's payload reads against. A newtype's own tags
/// see Go's typedef of it (`type MyDur time.Duration`), which upstream
/// reads as the integer it is made of (`type mismatch: field is an integer,
/// but payload is of type string`): only `time.Duration` itself (and a
/// pointer to it) takes a duration string.
fn named_value(site: &Site<'_>) -> Option<NamedValue> {
    let value = leaf_ty(site).and_then(|t| t.named_value());
    let typedef = site.field.is_none() && site.scope == Scope::Type;
    match value {
        Some(NamedValue::Duration) if typedef => None,
        other => other,
    }
}

/// `+k8s:minimum` / `+k8s:maximum` as Kubernetes 1.38 reads them (upstream's
/// `parseNumericLimit`): against a duration, a duration string (the limit
/// in nanoseconds, printed as Go prints it); against a quantity, a quantity
/// of any payload type (compared by value, printed canonically); against an
/// integer, an integer.
fn typed_bound(
    cx: &mut Cx<'_>,
    site: &Site<'_>,
    at: &RuleAt,
    upper: bool,
    value: &Value,
    literal: &str,
    int: &Payload<i128>,
) -> Vec<Call> {
    let prefix = if upper {
        k8s_validation_spec::messages::MAXIMUM
    } else {
        k8s_validation_spec::messages::MINIMUM
    };
    let (leaf, old) = (&site.leaf, &site.old_leaf);
    let mismatch = |field: &str| {
        format!(
            "type mismatch: field is {field}, but payload is of type {}",
            value.value_type()
        )
    };
    match named_value(site) {
        Some(NamedValue::Duration) => {
            let Value::String(text) = value else {
                cx.error(at, mismatch("a time.Duration"));
                return Vec::new();
            };
            let nanos = match k8s_validation_spec::duration::parse(text) {
                Ok(nanos) => nanos,
                Err(why) => {
                    cx.error(at, format!("failed to parse tag payload: {why}"));
                    return Vec::new();
                }
            };
            let detail = format!("{prefix} {}", k8s_validation_spec::duration::format(nanos));
            let f = if upper {
                quote!(validate::maximum_duration)
            } else {
                quote!(validate::minimum_duration)
            };
            vec![Call::errors(invoke(
                f,
                quote!(#leaf, #old, #nanos, #detail),
            ))]
        }
        Some(NamedValue::Quantity) => {
            // Any payload reads as its text (`minimum=1`, even `=true`).
            let text = match value {
                Value::String(s) => s.as_str(),
                _ => literal,
            };
            let q = match k8s_validation_spec::quantity::Quantity::parse(text) {
                Ok(q) => q,
                Err(why) => {
                    cx.error(at, format!("failed to parse tag payload: {why}"));
                    return Vec::new();
                }
            };
            let detail = format!("{prefix} {q}");
            let (neg, mag, exp) = q.raw_parts();
            let f = if upper {
                quote!(validate::maximum_quantity)
            } else {
                quote!(validate::minimum_quantity)
            };
            let limit = quote!(&const { __rt::Quantity::from_raw_parts(#neg, #mag, #exp) });
            vec![Call::errors(invoke(
                f,
                quote!(#leaf, #old, #limit, #detail),
            ))]
        }
        // The value's type is not visible here (a subfield's, a list
        // newtype's items): a duration or quantity payload cannot be read
        // against it.
        None if leaf_ty(site).is_none() && !matches!(value, Value::Int(_)) => {
            cx.error(
                at,
                "a duration or quantity bound needs the value's type, which is not visible \
                 here (through +k8s:subfield or on a newtype's items): put the tag on the \
                 field itself",
            );
            Vec::new()
        }
        None => {
            match leaf_ty(site).map(|t| &t.shape) {
                None | Some(Shape::Int(_) | Shape::Named) => {}
                Some(_) => {
                    cx.error(
                        at,
                        format!(
                            "can only be used on integer and resource.Quantity types ({})",
                            kind(site)
                        ),
                    );
                    return Vec::new();
                }
            }
            if !matches!(value, Value::Int(_)) {
                cx.error(at, mismatch("an integer"));
                return Vec::new();
            }
            let f = if upper {
                quote!(maximum)
            } else {
                quote!(minimum)
            };
            integer_bound(cx, site, at, int, f)
        }
    }
}

/// Whether a limit is a lower or an upper one.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Bound {
    AtLeast,
    AtMost,
}

/// `+k8s:maxBytes` from Kubernetes 1.38: a string's or a Go `[]byte`'s
/// (`Vec<u8>`) length in bytes; a named type may be either
/// (`validate::max_bytes_slice` takes both).
fn max_bytes(cx: &mut Cx<'_>, site: &Site<'_>, at: &RuleAt, n: &Payload<i128>) -> Vec<Call> {
    let f = match leaf_ty(site).map(|t| &t.shape) {
        Some(Shape::Str) => quote!(max_bytes),
        Some(Shape::List(e)) if matches!(e.shape, Shape::Int(IntKind::U8)) => {
            quote!(max_bytes_slice)
        }
        None | Some(Shape::Named) => quote!(max_bytes_slice),
        Some(_) => {
            cx.error(
                at,
                format!(
                    "can only be used on string and []byte types ({})",
                    kind(site)
                ),
            );
            return Vec::new();
        }
    };
    let Some(&n) = cx.payload(at, n) else {
        return Vec::new();
    };
    if n < 0 {
        cx.error(at, "must be greater than or equal to zero");
        return Vec::new();
    }
    let (leaf, old) = (&site.leaf, &site.old_leaf);
    let lit = Literal::usize_unsuffixed(n as usize);
    vec![Call::errors(invoke(
        quote!(validate::#f),
        quote!(#leaf, #old, #lit),
    ))]
}

/// `+k8s:maxLength`, `+k8s:minLength`, `+k8s:maxBytes`: a string length.
/// A lower bound of zero or less checks nothing.
fn string_length(
    cx: &mut Cx<'_>,
    site: &Site<'_>,
    at: &RuleAt,
    n: &Payload<i128>,
    f: TokenStream,
    bound: Bound,
) -> Vec<Call> {
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
    let Some(&n) = cx.payload(at, n) else {
        return Vec::new();
    };
    if bound == Bound::AtLeast && n <= 0 {
        return Vec::new();
    }
    if n < 0 {
        cx.error(at, "must be greater than or equal to zero");
        return Vec::new();
    }
    let (leaf, old) = (&site.leaf, &site.old_leaf);
    let lit = Literal::usize_unsuffixed(n as usize);
    vec![Call::errors(invoke(
        quote!(validate::#f),
        quote!(#leaf, #old, #lit),
    ))]
}

/// `+k8s:maxItems`, `+k8s:minItems`: a list size. The upper bound
/// short-circuits (upstream does not look at the items of a list that is too
/// long).
fn list_size(
    cx: &mut Cx<'_>,
    site: &Site<'_>,
    at: &RuleAt,
    n: &Payload<i128>,
    f: TokenStream,
    bound: Bound,
) -> Vec<Call> {
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
    let Some(&n) = cx.payload(at, n) else {
        return Vec::new();
    };
    if n < 0 {
        cx.error(at, "must be greater than or equal to zero");
        return Vec::new();
    }
    let lit = Literal::usize_unsuffixed(n as usize);
    // A named type (a list newtype, a set) is counted through `ItemCount`.
    let (v, o) = match leaf_ty(site).map(|t| &t.shape) {
        None | Some(Shape::Named) => (site.leaf.clone(), site.old_leaf.clone()),
        _ => site.items(),
    };
    let call = Call::errors(invoke(quote!(validate::#f), quote!(#v, #o, #lit)));
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
    at: &RuleAt,
    n: &Payload<i128>,
    f: TokenStream,
    bound: Bound,
) -> Vec<Call> {
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
    let Some(&n) = cx.payload(at, n) else {
        return Vec::new();
    };
    if !(0..=100_000).contains(&n) {
        cx.error(at, format!("must be between 0 and 100000, got {n}"));
        return Vec::new();
    }
    let (leaf, old) = (&site.leaf, &site.old_leaf);
    let lit = Literal::usize_unsuffixed(n as usize);
    let call = Call::errors(invoke(quote!(validate::#f), quote!(#leaf, #old, #lit)));
    match bound {
        Bound::AtMost => vec![call.short_circuit()],
        Bound::AtLeast => vec![call],
    }
}

/// Lowers a 1.38 `minimum` / `maximum`: [`typed_bound`].
pub(super) fn lower_typed(
    cx: &mut Cx<'_>,
    site: &Site<'_>,
    at: &RuleAt,
    limit: Limit,
    value: &Value,
    literal: &str,
    int: &Payload<i128>,
) -> Vec<Call> {
    let upper = limit == Limit::Maximum;
    typed_bound(cx, site, at, upper, value, literal, int)
}

/// Lowers a size or bound for its value kind (integer bound, string length,
/// list size, map size), with its runtime function.
pub(super) fn lower(
    cx: &mut Cx<'_>,
    site: &Site<'_>,
    at: &RuleAt,
    limit: Limit,
    n: &Payload<i128>,
) -> Vec<Call> {
    match limit {
        Limit::Minimum => integer_bound(cx, site, at, n, quote!(minimum)),
        Limit::Maximum => integer_bound(cx, site, at, n, quote!(maximum)),
        Limit::MinLength => string_length(cx, site, at, n, quote!(min_length), Bound::AtLeast),
        // Bytes through Kubernetes 1.35, characters from 1.36.
        Limit::MaxLength if cx.behaviour.max_length == MaxLength::Characters => string_length(
            cx,
            site,
            at,
            n,
            quote!(max_length_characters),
            Bound::AtMost,
        ),
        Limit::MaxLength => string_length(cx, site, at, n, quote!(max_length), Bound::AtMost),
        Limit::MaxBytes if cx.behaviour.max_bytes_on_byte_slices => max_bytes(cx, site, at, n),
        Limit::MaxBytes => string_length(cx, site, at, n, quote!(max_bytes), Bound::AtMost),
        Limit::MinItems => list_size(cx, site, at, n, quote!(min_items), Bound::AtLeast),
        Limit::MaxItems => list_size(cx, site, at, n, quote!(max_items), Bound::AtMost),
        Limit::MinProperties => map_size(cx, site, at, n, quote!(min_properties), Bound::AtLeast),
        Limit::MaxProperties => map_size(cx, site, at, n, quote!(max_properties), Bound::AtMost),
    }
}
