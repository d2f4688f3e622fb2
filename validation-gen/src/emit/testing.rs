//! Test tags: `+k8s:validateFalse`, `+k8s:validateTrue` (and the alpha/beta
//! variants) with their `flags` and `cohort` arguments (runtime:
//! `validate::testing`), and `+k8s:validateError`, which fails generation.

use quote::quote;

use super::{invoke, Call, CallKind, Site};
use crate::front::Fixed;

/// `+k8s:validateFalse`, `+k8s:validateTrue`, `+k8s:validateTrueAlpha`,
/// `+k8s:validateTrueBeta` (`+k8s:validateError` fails when it is read).
pub(super) fn fixed_result(site: &Site<'_>, fixed: &Fixed) -> Vec<Call> {
    let Fixed {
        result,
        message,
        short_circuit,
        non_error,
        cohort,
    } = fixed;
    let (leaf, old) = (&site.leaf, &site.old_leaf);
    let call = invoke(
        quote!(validate::fixed_result),
        quote!(#leaf, #old, #result, #message),
    );
    let mut c = if *non_error {
        // Stops without reporting: the call's errors go to a scratch list.
        Call::stop_if(quote!(!__rt::ErrorList::from_fn(|errs| #call).is_empty()))
    } else {
        Call::errors(call)
    };
    c.short_circuit = *short_circuit || matches!(c.kind, CallKind::StopIf(_));
    c.cohort = cohort.clone();
    vec![c]
}
