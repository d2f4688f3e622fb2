//! `+k8s:required` and `+k8s:forbidden`: the holder's `required` list (and
//! CEL for a non-pointer value, unset at its zero value), and CEL on the
//! holder.

use super::walk::{push_rule, zero_check, Builder, Place};
use super::*;

/// `+k8s:required`: the field is in the holder's `required`; a non-pointer
/// value is unset at its zero value too.
pub(super) fn required(place: &mut Place<'_, '_>) {
    let Some(f) = place.field else { return };
    place.parent.required.push(f.json.to_string());
    if let Some(nz) = f.ty.and_then(zero_check) {
        push_rule(
            place.schema,
            cel::rule_at(
                nz,
                "Required value".into(),
                Some("FieldValueRequired"),
                None,
            ),
        );
    }
}

impl Builder<'_> {
    /// `+k8s:forbidden`: a rule on the holder that the field is not set.
    pub(super) fn forbidden(&mut self, rule: &Rule, place: &mut Place<'_, '_>) {
        let Some(f) = place.field else { return };
        match f.ty.and_then(|t| cel::is_set("self", f.json, t)) {
            Some(set) => place.parent.rules.push(cel::rule_at(
                format!("!{set}"),
                "Forbidden".into(),
                Some("FieldValueForbidden"),
                Some(f.json),
            )),
            None => self.note(
                place.at,
                rule,
                "the field's name cannot be reached from CEL",
            ),
        }
    }
}
