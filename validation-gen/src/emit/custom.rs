//! `+k8s:customValidation`: calls a hand-written function of the type
//! (`validate_custom` for the type, `validate_custom_<field>` for a field).

use quote::{format_ident, quote};

use super::{Call, Site};
use crate::front::Scope;

pub(super) fn lower(site: &Site<'_>) -> Vec<Call> {
    let f = match site.field {
        Some(field) => format_ident!("validate_custom_{}", field.rust_name),
        None => format_ident!("validate_custom"),
    };
    // On the type, the function takes the type itself (upstream passes
    // `*StringType` to `ValidateCustom_StringType`), also for a newtype,
    // whose `whole` is its inner value.
    let (leaf, old) = if site.field.is_none() && site.scope == Scope::Type {
        (&site.this, &quote!(old))
    } else {
        (&site.whole_opt, &site.old_whole)
    };
    vec![Call::errors(
        quote!(errs.append(Self::#f(op, path, #leaf, #old))),
    )]
}
