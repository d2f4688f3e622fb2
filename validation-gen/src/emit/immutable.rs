//! `+k8s:immutable` (runtime: `validate::immutable`). Relies on the ratchet
//! check: it is only reached when the value changed.

use quote::quote;

use super::{invoke, Call, Site};

pub(super) fn lower(site: &Site<'_>) -> Vec<Call> {
    let (whole, old) = (&site.whole_opt, &site.old_whole);
    vec![Call::errors(invoke(quote!(validate::immutable), quote!(#whole, #old))).short_circuit()]
}
