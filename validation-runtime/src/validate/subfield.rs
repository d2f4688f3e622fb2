//! Subfields: `+k8s:subfield(name)=+k8s:<tag>` on a struct field or type
//! validates one field of that struct, with its own ratcheting (upstream
//! `validate/subfield.go`, `Subfield`).

use crate::field::{ErrorList, Path};
use crate::{HasField, Operation, SemanticEq};

/// `+k8s:subfield(name)`: validates the subfield that `get` extracts, at
/// `path.name`.
///
/// * `value` `None` (an unset parent): no errors. (Upstream relies on a
///   short-circuiting `optional` for this.)
/// * The old subfield is extracted only when the old struct is `Some`.
/// * On update with an old struct, an unchanged subfield is skipped
///   ([`SemanticEq`]; an unset subfield equals an unset
///   one, and an empty list or map, as a nil slice upstream).
///
/// `get` returns the subfield as an `Option`: `|s| Some(&s.name)` for a
/// plain field, `|s| s.limit.as_ref()` for an `Option` field (unset =
/// `None`, as a nil pointer upstream).
///
/// ```
/// use k8s_validation::field::Path;
/// use k8s_validation::{ErrorList, validate, Operation};
///
/// struct Strategy { max_surge: i32 }
/// let new = Strategy { max_surge: -1 };
/// let path = Path::new("strategy");
/// let op = Operation::create();
/// let mut errs = ErrorList::new();
/// validate::subfield(
///     &mut errs, &op, &path, Some(&new), None, "maxSurge",
///     |s: &Strategy| Some(&s.max_surge),
///     |errs, p, v, o| validate::minimum(errs, &op, p, v, o, 0),
/// );
/// assert_eq!(errs[0].to_string(), "strategy.maxSurge: Invalid value: -1: must be greater than or equal to 0");
/// ```
#[inline]
#[allow(clippy::too_many_arguments)]
pub fn subfield<S: ?Sized, F: crate::SemanticEq + ?Sized>(
    errs: &mut ErrorList,
    op: &Operation,
    path: &Path<'_>,
    value: Option<&S>,
    old: Option<&S>,
    name: &str,
    get: impl Fn(&S) -> Option<&F>,
    validator: impl FnOnce(&mut ErrorList, &Path<'_>, Option<&F>, Option<&F>),
) {
    let Some(value) = value else {
        return;
    };
    let new_sub = get(value);
    let old_sub = old.and_then(&get);
    if op.is_update() && old.is_some() && new_sub.semantic_eq(&old_sub) {
        return;
    }
    validator(errs, &path.child(name), new_sub, old_sub);
}

/// Kubernetes 1.37: whether the short-circuits a `+k8s:subfield(name)`
/// validation inherits from the subfield's own tags (`stops`, the struct's
/// `HasField::short_circuits`) end its cohort. Upstream runs them through
/// `Subfield` too, so they are ratcheted like the payload: an unset parent,
/// or an update whose old struct has an unchanged subfield ([`subfield`]'s
/// rule), does not stop. (The difference shows under `+k8s:eachVal`, where
/// the stop ends the whole field's validation, not only the cohort.)
#[inline]
pub fn subfield_stops<S: ?Sized, F: crate::SemanticEq + ?Sized>(
    op: &Operation,
    value: Option<&S>,
    old: Option<&S>,
    get: impl Fn(&S) -> Option<&F>,
    stops: impl FnOnce(&S, Option<&S>) -> bool,
) -> bool {
    let Some(value) = value else {
        return false;
    };
    if op.is_update() && old.is_some() && get(value).semantic_eq(&old.and_then(&get)) {
        return false;
    }
    stops(value, old)
}

/// What upstream's `+k8s:optional` means on a field with a `+default`
/// (Kubernetes 1.35): a field the server defaults is required of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionalDefault {
    /// No `+default`: optional (an unset field short-circuits, silently).
    None,
    /// A zero `+default` on a field that is not an `Option`, `Vec` or map:
    /// documentation only (no validation, no short-circuit).
    Documentation,
    /// Any other `+default`: effectively required (`Required value`).
    Required,
}

/// [`HasField::OPTIONAL_DEFAULT`] of the field `Name` of the struct `parent`
/// points to (`parent` only fixes the struct's type).
///
/// ```
/// use k8s_validation::validate::{optional_default, OptionalDefault};
/// use k8s_validation::{FieldName, HasField};
///
/// struct Policy { mode: String }
/// impl HasField<FieldName<'m', 'o', 'd', 'e'>> for Policy {
///     type Value = String;
///     type Leaf = String;
///     const OPTIONAL_DEFAULT: OptionalDefault = OptionalDefault::Required; // +default="Always"
///     fn field(&self) -> &String { &self.mode }
/// }
/// let p = Policy { mode: String::new() };
/// assert_eq!(optional_default::<FieldName<'m', 'o', 'd', 'e'>>(Some(&p)), OptionalDefault::Required);
/// ```
#[inline]
pub fn optional_default<Name>(parent: Option<&(impl HasField<Name> + ?Sized)>) -> OptionalDefault {
    fn of<Name, S: HasField<Name> + ?Sized>(_: Option<&S>) -> OptionalDefault {
        S::OPTIONAL_DEFAULT
    }
    of(parent)
}
