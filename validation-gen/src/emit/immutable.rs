//! `+k8s:immutable` (runtime: `validate::immutable`). Relies on the ratchet
//! check: it is only reached when the value changed.

use quote::quote;

use super::{Call, Site};

pub(super) fn lower(site: &Site<'_>) -> Vec<Call> {
    let (whole, old) = (&site.whole_opt, &site.old_whole);
    vec![Call::errors(quote!(validate::immutable(errs, op, path, #whole, #old))).short_circuit()]
}
