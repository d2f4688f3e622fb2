//! List items: `+k8s:item(key: value, ...)=+k8s:<tag>` validates the one
//! element of a `listType=map` list selected by its key values (upstream
//! `validate/item.go`, `SliceItem`).

use crate::field::{ErrorList, Path};
use crate::Operation;

/// `+k8s:item(...)`: validates the **first** element of `value` for which
/// `matches` is true, at `path[i]`, with the first matching element of `old`
/// as its old value. No matching element: no errors. On update, an element
/// equal to its old element is skipped. Removed elements (only in `old`) are
/// not validated. "Equal" is [`SemanticEq`](crate::SemanticEq).
///
/// `matches` is the key selector generated from the tag arguments, e.g.
/// `|c| c.name == "sidecar"`.
///
/// ```
/// use k8s_validation::field::Path;
/// use k8s_validation::{validate, Error, ErrorList, Operation};
///
/// let names = ["main".to_string(), "sidecar".into()];
/// let path = Path::new("containers");
/// let mut errs = ErrorList::new();
/// validate::slice_item(
///     &mut errs, &Operation::create(), &path, Some(&names[..]), None,
///     |n| n == "sidecar",
///     |errs, p, n, _old| errs.push(Error::invalid(p, n.clone(), "found")),
/// );
/// assert_eq!(errs[0].to_string(), r#"containers[1]: Invalid value: "sidecar": found"#);
/// ```
#[inline]
pub fn slice_item<T: crate::SemanticEq>(
    errs: &mut ErrorList,
    op: &Operation,
    path: &Path<'_>,
    value: Option<&[T]>,
    old: Option<&[T]>,
    matches: impl Fn(&T) -> bool,
    validator: impl FnOnce(&mut ErrorList, &Path<'_>, &T, Option<&T>),
) {
    let Some((index, item)) = value
        .unwrap_or(&[])
        .iter()
        .enumerate()
        .find(|(_, item)| matches(item))
    else {
        return;
    };
    let old_item = old.unwrap_or(&[]).iter().find(|item| matches(item));
    if op.is_update() && old_item.is_some_and(|o| o.semantic_eq(item)) {
        return;
    }
    validator(errs, &path.index(index), item, old_item);
}
