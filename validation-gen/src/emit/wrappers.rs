//! The wrappers a validation runs under: `+k8s:ifEnabled(X)` /
//! `+k8s:ifDisabled(X)` (options) and `+k8s:alpha` / `+k8s:beta` (stability
//! levels), for the struct-level validations (unions, dependencies, modal
//! members) that upstream defers to the struct and wraps as the tag that
//! asked for them is wrapped; and how a call is rendered under each.

use proc_macro2::TokenStream;
use quote::quote;

use super::union::is_union_tag;
use super::{invoke, Call, CallKind};
use crate::front::behaviour::{Behaviour, UnionWrappers};
use crate::front::{Level, Rule, RuleKind};

/// A wrapper a union tag may stand under: `+k8s:ifEnabled(X)` /
/// `ifDisabled(X)` (Kubernetes 1.37), `+k8s:alpha` / `+k8s:beta` (1.36 on).
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Wrap {
    Option { name: String, enabled: bool },
    Level(Level),
}

/// The wrappers `rule` stands under and the rule inside them, as far as
/// the release (`behaviour`) lets union tags stand under them.
///
/// Before 1.37 an option wrapper around a union tag gates nothing: v0.35.0
/// and v0.36.0 register the member (or discriminator) as if unwrapped, and
/// the union runs whatever the option (the wrapper only wraps functions,
/// and a union tag returns none). So there it is looked through, and only
/// for a union tag.
pub(super) fn unwrap<'r>(rule: &'r Rule, behaviour: &Behaviour) -> (Vec<Wrap>, &'r Rule) {
    let mut wraps = Vec::new();
    let mut t = rule;
    loop {
        t = match &t.kind {
            RuleKind::Gate {
                option,
                enabled,
                rule,
            } if behaviour.union_wrappers == UnionWrappers::FirstMember => {
                wraps.push(Wrap::Option {
                    name: option.clone(),
                    enabled: *enabled,
                });
                rule
            }
            RuleKind::Gate { rule, .. } if wraps_a_union_tag(t) => rule,
            RuleKind::Level { level, rule } if behaviour.stability_levels.is_some() => {
                wraps.push(Wrap::Level(*level));
                rule
            }
            _ => return (wraps, t),
        };
    }
}

/// Whether `rule`'s payload, through option and level wrappers, is a union
/// tag.
fn wraps_a_union_tag(rule: &Rule) -> bool {
    let inner = crate::front::rule_chain(rule)
        .skip(1)
        .find(|r| !matches!(r.kind, RuleKind::Gate { .. } | RuleKind::Level { .. }));
    inner.is_some_and(is_union_tag)
}

/// `call` (pushing into `errs`) under `wraps`, the first outermost.
pub(super) fn wrap_call(wraps: &[Wrap], mut call: TokenStream) -> TokenStream {
    for w in wraps.iter().rev() {
        call = match w {
            Wrap::Option { name, enabled } => if_option_defined(name, *enabled, &call),
            Wrap::Level(level) => at_level(*level, &call),
        };
    }
    call
}

/// `call` (pushing into `errs`) when option `name` is `enabled` (or not);
/// an undefined option is an internal error (Kubernetes 1.37's three-state
/// options).
pub(super) fn if_option_defined(name: &str, enabled: bool, call: &TokenStream) -> TokenStream {
    invoke(
        quote!(validate::if_option_defined),
        quote!(#name, #enabled, |errs| #call),
    )
}

/// `call` with its errors marked with the stability `level`.
pub(super) fn at_level(level: Level, call: &TokenStream) -> TokenStream {
    let level = match level {
        Level::Alpha => quote!(__rt::field::StabilityLevel::Alpha),
        Level::Beta => quote!(__rt::field::StabilityLevel::Beta),
    };
    quote!(validate::at_level(errs, #level, |errs| #call))
}

/// A call of a payload under `+k8s:ifEnabled(option)` (`enabled`) or
/// `+k8s:ifDisabled(option)`: it runs only when the option is (not)
/// enabled; from Kubernetes 1.37 an option the operation does not define is
/// an internal error (a silent stop for a non-error short-circuit).
pub(super) fn under_option(
    mut call: Call,
    option: &str,
    enabled: bool,
    behaviour: &Behaviour,
) -> Call {
    // Upstream's wrapper keeps the payload's flags, not its cohort:
    // `ifEnabled(X)=+k8s:subfield(a)=+k8s:optional` short-circuits
    // the site's default cohort.
    call.cohort = None;
    if behaviour.undefined_option_is_error {
        // Three-state options: an undefined option is an internal
        // error (a silent stop for a non-error short-circuit).
        call.kind = match call.kind {
            CallKind::Errors(t) => CallKind::Errors(if_option_defined(option, enabled, &t)),
            CallKind::StopIf(t) => CallKind::StopIf(quote!(
                op.option(#option).is_none_or(|on| on == #enabled && #t)
            )),
            // An undefined option fires the wrapper's short-circuit
            // with its error.
            CallKind::Wrapper { errors, fired } => CallKind::Wrapper {
                errors: {
                    let errors = if_option_defined(option, enabled, &errors);
                    quote!({
                        #fired |= op.option(#option).is_none();
                        #errors
                    })
                },
                fired,
            },
        };
        return call;
    }
    call.kind = match call.kind {
        CallKind::Errors(t) => {
            CallKind::Errors(quote!(validate::if_option(errs, op, #option, #enabled, |errs| #t)))
        }
        CallKind::StopIf(t) => CallKind::StopIf(quote!((op.has_option(#option) == #enabled && #t))),
        CallKind::Wrapper { errors, fired } => CallKind::Wrapper {
            errors: quote!(validate::if_option(errs, op, #option, #enabled, |errs| #errors)),
            fired,
        },
    };
    call
}

/// `calls` with their errors marked with `level`, for the validations
/// upstream marks away from the wrapper (list uniqueness, modal members);
/// unchanged for `None`.
pub(super) fn mark_level(calls: Vec<Call>, level: Option<Level>) -> Vec<Call> {
    let Some(level) = level else {
        return calls;
    };
    calls
        .into_iter()
        .map(|mut call| {
            // Upstream keeps the payload function (flags, cohort) and sets
            // its level: the errors of the whole call are marked.
            call.kind = match call.kind {
                CallKind::Errors(t) => CallKind::Errors(at_level(level, &t)),
                CallKind::StopIf(t) => CallKind::StopIf(t),
                CallKind::Wrapper { errors, fired } => CallKind::Wrapper {
                    errors: at_level(level, &errors),
                    fired,
                },
            };
            call
        })
        .collect()
}
