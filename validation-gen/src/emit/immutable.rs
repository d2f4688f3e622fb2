//! `+k8s:immutable` (runtime: `validate::immutable`). Relies on the ratchet
//! check: it is only reached when the value changed.

use quote::quote;

use super::{Call, Cx, Site};
use crate::model::TagAt;
use crate::tags::{Release, Tag};

pub(super) fn lower(_: &mut Cx<'_>, site: &Site<'_>, _: &TagAt, _: &Tag, _: Release) -> Vec<Call> {
    let (whole, old) = (&site.whole_opt, &site.old_whole);
    vec![Call::errors(quote!(validate::immutable(errs, op, path, #whole, #old))).short_circuit()]
}
