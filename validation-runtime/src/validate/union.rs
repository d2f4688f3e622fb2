//! Unions: `+k8s:unionMember`, `+k8s:unionDiscriminator` and
//! `+k8s:zeroOrOneOfMember` (upstream `validate/union.go` and
//! `validate/zeroorone.go`, Kubernetes 1.35, following its patch
//! releases, v0.35.4 on, for ratcheting).
//!
//! A union validator runs on the object that holds the members: a struct
//! whose member fields are tagged, or a list (`S = [T]`) whose members are
//! list items selected with `+k8s:item(...)`. Members are named by their JSON
//! name (for list items, the item path such as `tasks[{"name": "a"}]`), and
//! `is_set[i]` says whether member `i` is set in an object: a field that is
//! `Some` / non-empty / non-zero, or "a list item with these key values
//! exists". `members` and `is_set` must have the same length and order,
//! otherwise the validator returns upstream's internal error
//! `number of extractors (N) does not match number of union members (M)`.
//!
//! A `None` object has no member set (upstream's extractors return `false`
//! for a nil object), and its discriminator is `""`.
//!
//! # Ratcheting
//!
//! On update, when the old object is present and non-zero ([`IsZero`]) and
//! no member changed from set to unset or back (and, for a discriminated
//! union, the discriminator is unchanged), nothing is reported, so an object
//! that already violated the rule can still be updated. Values of members are
//! not compared, only their set-ness. The "old object non-zero" guard is
//! upstream's since v0.35.4 (`!reflect.ValueOf(oldObj).IsZero()`): upstream
//! passes a pointer (struct unions) or a slice (item unions), so it means "the
//! old struct exists" / "the old list is not nil". For a list, `[T]::is_zero`
//! (empty) stands for Go's nil slice. For a struct `S`, `IsZero` should be
//! `false` for any existing struct for the guard to mean exactly upstream's
//! non-nil pointer; an all-zero old struct whose `is_zero` is `true` is not
//! ratcheted.
//!
//! # Origins
//!
//! In Kubernetes 1.35 [`union`] and [`discriminated_union`] errors have no
//! origin (`union` arrived in 1.36); [`zero_or_one_of`] errors have origin
//! `zeroOrOneOf`.

use crate::field::{write_go_quoted, BadValue, Error, ErrorList, Path};
use crate::{IsZero, Operation};

/// The extractor-count check shared by the union validators.
#[inline]
fn count_mismatch(path: &Path<'_>, extractors: usize, members: usize) -> Option<Error> {
    if extractors == members {
        return None;
    }
    Some(Error::internal(
        path,
        format!(
            "number of extractors ({extractors}) does not match number of union members ({members})"
        ),
    ))
}

/// Whether member `f` is set in `obj` (never set in a missing object).
#[inline]
fn set_in<S: ?Sized>(obj: Option<&S>, f: fn(&S) -> bool) -> bool {
    obj.is_some_and(f)
}

/// Whether an update may skip the union check: the old object exists and is
/// non-zero, and no member's set-ness changed.
#[inline]
fn ratchets<S: IsZero + ?Sized>(
    op: &Operation,
    value: Option<&S>,
    old: Option<&S>,
    is_set: &[fn(&S) -> bool],
) -> bool {
    op.is_update()
        && old.is_some_and(|o| !o.is_zero())
        && is_set.iter().all(|&f| set_in(value, f) == set_in(old, f))
}

/// `` `a`, `b`, `c` ``: every member name in backticks.
fn all_members(members: &[&str]) -> String {
    let mut out = String::new();
    for (i, m) in members.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        out.push('`');
        out.push_str(m);
        out.push('`');
    }
    out
}

/// `{a, b}`: the names of the members set in `value`.
fn set_members<S: ?Sized>(
    value: Option<&S>,
    members: &[&str],
    is_set: &[fn(&S) -> bool],
) -> String {
    let mut out = String::from("{");
    let mut first = true;
    for (m, &f) in members.iter().zip(is_set) {
        if set_in(value, f) {
            if !first {
                out.push_str(", ");
            }
            first = false;
            out.push_str(m);
        }
    }
    out.push('}');
    out
}

/// The shared body of [`union`] and [`zero_or_one_of`]. `exactly_one`
/// selects the union messages (and the "none set" error).
#[allow(clippy::too_many_arguments)]
fn one_of<S: IsZero + ?Sized>(
    errs: &mut ErrorList,
    op: &Operation,
    path: &Path<'_>,
    value: Option<&S>,
    old: Option<&S>,
    members: &[&str],
    is_set: &[fn(&S) -> bool],
    exactly_one: bool,
) {
    if let Some(e) = count_mismatch(path, is_set.len(), members.len()) {
        errs.push(e);
        return;
    }
    if ratchets(op, value, old, is_set) {
        return;
    }
    let count = is_set.iter().filter(|&&f| set_in(value, f)).count();
    match count {
        0 if exactly_one => errs.push(Error::invalid(
            path,
            BadValue::String("".into()),
            format!("must specify one of: {}", all_members(members)),
        )),
        0 | 1 => {}
        _ => {
            let bad = BadValue::String(set_members(value, members, is_set).into());
            errs.push(if exactly_one {
                Error::invalid(
                    path,
                    bad,
                    format!("must specify exactly one of: {}", all_members(members)),
                )
            } else {
                Error::invalid(
                    path,
                    bad,
                    format!("must specify at most one of: {}", all_members(members)),
                )
                .with_origin("zeroOrOneOf")
            });
        }
    }
}

/// `+k8s:unionMember`: exactly one member must be set.
///
/// * none set: ``<path>: Invalid value: "": must specify one of: `a`, `b` ``;
/// * several set: ``<path>: Invalid value: "{a, b}": must specify exactly
///   one of: `a`, `b`, `c` `` (the bad value lists the set members).
///
/// No origin (Kubernetes 1.35). See the [module docs](self) for members,
/// extractors and ratcheting.
///
/// ```
/// use k8s_validation::field::Path;
/// use k8s_validation::{ErrorList, validate, IsZero, Operation};
///
/// struct S { a: Option<i32>, b: Vec<i32> }
/// impl IsZero for S { fn is_zero(&self) -> bool { false } }
///
/// let s = S { a: Some(1), b: vec![2] };
/// let errs = ErrorList::from_fn(|e| validate::union(e, &Operation::create(), &Path::new("spec"), Some(&s), None,
///     &["a", "b"], &[|s: &S| s.a.is_some(), |s: &S| !s.b.is_empty()]));
/// assert_eq!(errs[0].to_string(),
///     "spec: Invalid value: \"{a, b}\": must specify exactly one of: `a`, `b`");
/// ```
#[inline]
pub fn union<S: IsZero + ?Sized>(
    errs: &mut ErrorList,
    op: &Operation,
    path: &Path<'_>,
    value: Option<&S>,
    old: Option<&S>,
    members: &[&str],
    is_set: &[fn(&S) -> bool],
) {
    one_of(errs, op, path, value, old, members, is_set, true)
}

/// `+k8s:zeroOrOneOfMember`: at most one member may be set. Several set:
/// ``<path>: Invalid value: "{a, b}": must specify at most one of: `a`, `b`, `c` ``,
/// origin `zeroOrOneOf`. None set is valid.
///
/// See the [module docs](self) for members, extractors and ratcheting.
#[inline]
pub fn zero_or_one_of<S: IsZero + ?Sized>(
    errs: &mut ErrorList,
    op: &Operation,
    path: &Path<'_>,
    value: Option<&S>,
    old: Option<&S>,
    members: &[&str],
    is_set: &[fn(&S) -> bool],
) {
    one_of(errs, op, path, value, old, members, is_set, false)
}

/// `+k8s:unionDiscriminator` with `+k8s:unionMember`: the member selected by
/// the discriminator must be set, and no other member may be.
///
/// `discriminator` is the discriminator's JSON name and `get_discriminator`
/// reads it; `members` pairs each member's JSON name with the discriminator
/// value that selects it (`memberName`). For each member, in order:
///
/// * set but not selected: ``<path>.<member>: Invalid value: "": may only be
///   specified when `<discriminator>` is "<member value>"``;
/// * selected but not set: ``<path>.<member>: Invalid value: "": must be
///   specified when `<discriminator>` is "<value>"``.
///
/// The values are Go-quoted. A discriminator value that selects no member is
/// not an error here. No origin (Kubernetes 1.35). Ratcheting additionally
/// requires an unchanged discriminator.
///
/// ```
/// use k8s_validation::field::Path;
/// use k8s_validation::{ErrorList, validate, IsZero, Operation};
///
/// struct S { kind: String, a: Option<i32>, b: Option<i32> }
/// impl IsZero for S { fn is_zero(&self) -> bool { false } }
///
/// let s = S { kind: "A".into(), a: None, b: Some(1) };
/// let errs = ErrorList::from_fn(|e| validate::discriminated_union(e, &Operation::create(), &Path::new("spec"),
///     Some(&s), None, "kind", |s: &S| s.kind.as_str(), &[("a", "A"), ("b", "B")],
///     &[|s: &S| s.a.is_some(), |s: &S| s.b.is_some()]));
/// assert_eq!(errs[0].to_string(),
///     "spec.a: Invalid value: \"\": must be specified when `kind` is \"A\"");
/// assert_eq!(errs[1].to_string(),
///     "spec.b: Invalid value: \"\": may only be specified when `kind` is \"B\"");
/// ```
#[allow(clippy::too_many_arguments)]
pub fn discriminated_union<S: IsZero + ?Sized>(
    errs: &mut ErrorList,
    op: &Operation,
    path: &Path<'_>,
    value: Option<&S>,
    old: Option<&S>,
    discriminator: &str,
    get_discriminator: fn(&S) -> &str,
    members: &[(&str, &str)],
    is_set: &[fn(&S) -> bool],
) {
    if let Some(e) = count_mismatch(path, is_set.len(), members.len()) {
        errs.push(e);
        return;
    }
    let disc = value.map_or("", get_discriminator);
    if ratchets(op, value, old, is_set) && disc == old.map_or("", get_discriminator) {
        return;
    }
    for (&(name, selector), &f) in members.iter().zip(is_set) {
        let selected = disc == selector;
        let (prefix, quoted) = match (set_in(value, f), selected) {
            (true, false) => ("may only be specified when `", selector),
            (false, true) => ("must be specified when `", disc),
            _ => continue,
        };
        let mut detail =
            String::with_capacity(prefix.len() + discriminator.len() + quoted.len() + 8);
        detail.push_str(prefix);
        detail.push_str(discriminator);
        detail.push_str("` is ");
        write_go_quoted(quoted, &mut detail);
        errs.push(Error::invalid(
            path.child(name),
            BadValue::String("".into()),
            detail,
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn member_lists_render_like_upstream() {
        assert_eq!(all_members(&["a", "b", "c"]), "`a`, `b`, `c`");
        assert_eq!(all_members(&[]), "");
        fn t(_: &[bool]) -> bool {
            true
        }
        fn f(_: &[bool]) -> bool {
            false
        }
        let obj: &[bool] = &[];
        assert_eq!(
            set_members(Some(obj), &["a", "b", "c"], &[t, f, t]),
            "{a, c}"
        );
    }
}
