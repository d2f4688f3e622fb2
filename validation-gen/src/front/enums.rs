//! Enum values: the `&'static str` consts of an `#[enum_values]` impl
//! block, or a Rust enum's unit variants, with their `+k8s:enumExclude`
//! exclusions (read here; `emit::enums` writes the consts the `+k8s:enum`
//! validation reads).

use super::ast::{doc_lines, DocLine};
use super::behaviour;
use super::diag::Diagnostics;
use super::model::read_tags;
use super::rules::{Rule, RuleKind};
use super::tags::{self, scopes, Release, Scope, TagName};

/// Values and exclusions of an enum.
#[derive(Clone, Debug, Default)]
pub(crate) struct EnumValues {
    /// Values, sorted bytewise and deduplicated.
    pub values: Vec<String>,
    /// `(value, option, exclude_when)`.
    pub exclusions: Vec<(String, String, bool)>,
}

impl EnumValues {
    /// The values in the default state of the options (every option
    /// disabled): values excluded when an option is disabled are left out.
    pub(crate) fn by_default(&self) -> Vec<String> {
        self.values
            .iter()
            .filter(|v| !self.exclusions.iter().any(|(x, _, when)| x == *v && !*when))
            .cloned()
            .collect()
    }
}

/// Reads the string consts of an impl block (`#[enum_values]`, or a
/// `+k8s:enum` type's block in a module the CLI reads).
pub(crate) fn read(item: &syn::ItemImpl, diags: &mut Diagnostics) -> EnumValues {
    let mut values: Vec<String> = Vec::new();
    let mut exclusions = Vec::new();
    for it in &item.items {
        let syn::ImplItem::Const(c) = it else {
            continue;
        };
        let value = match &c.expr {
            syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(s),
                ..
            }) => s.value(),
            other => {
                diags.error(
                    syn::spanned::Spanned::span(other),
                    "+k8s:enum values must be string literals (`pub const NAME: &'static str = \"value\";`)",
                );
                continue;
            }
        };
        let excluded = read_value_tags(&value, &doc_lines(&c.attrs), diags, &mut exclusions);
        if !excluded {
            values.push(value);
        }
    }
    finish(values, exclusions)
}

/// Sorts and deduplicates the values and orders the exclusions as upstream.
pub(super) fn finish(
    mut values: Vec<String>,
    mut exclusions: Vec<(String, String, bool)>,
) -> EnumValues {
    values.sort();
    values.dedup();
    // Upstream orders exclusions disabled-first, then by option name.
    exclusions.sort_by(|a, b| (a.2, &a.1, &a.0).cmp(&(b.2, &b.1, &b.0)));
    EnumValues { values, exclusions }
}

/// Reads the tags of one enum value (a const, or a Rust enum's variant):
/// returns whether `+k8s:enumExclude` excludes it outright, and records its
/// option-gated exclusions (`+k8s:ifEnabled(Opt)=+k8s:enumExclude`) in
/// `exclusions`. Any other tag is an error.
pub(super) fn read_value_tags(
    value: &str,
    docs: &[DocLine],
    diags: &mut Diagnostics,
    exclusions: &mut Vec<(String, String, bool)>,
) -> bool {
    // Value tags read the same in every release.
    let options = tags::ParseOptions::for_release(Release::DEFAULT);
    debug_assert!(std::ptr::eq(
        options.behaviour(),
        behaviour::of(Release::DEFAULT)
    ));
    let tags = read_tags(docs, &options, diags);
    let mut excluded = false;
    for at in &tags.tags {
        match at.tag.tag_name() {
            Some(TagName::EnumExclude) => excluded = true,
            Some(TagName::IfEnabled | TagName::IfDisabled) => match &at.rule {
                Ok(Rule {
                    kind:
                        RuleKind::Gate {
                            option,
                            enabled,
                            rule,
                        },
                    ..
                }) if rule.is(TagName::EnumExclude) => {
                    exclusions.push((value.to_string(), option.clone(), *enabled));
                }
                // Upstream's scope error for the payload when there is one
                // (`tag "k8s:ifEnabled": tag "k8s:required" cannot be
                // specified on constant values`), else why the tag does not
                // read (`requires an option name`).
                rule => {
                    let message = match (scopes::type_check(&at.tag, Scope::Const), rule) {
                        (Err(e), _) => e.message,
                        (Ok(()), Err(why)) => why.clone(),
                        (Ok(()), Ok(_)) => {
                            "only +k8s:enumExclude may be used on enum constants".into()
                        }
                    };
                    diags.error(at.at.span, format!("{message} (in `{}`)", at.at.line));
                }
            },
            _ => diags.error(
                at.at.span,
                format!(
                    "{} (in `{}`)",
                    scopes::not_in_scope(&at.tag.name, Scope::Const),
                    at.at.line
                ),
            ),
        }
    }
    excluded
}

/// The detail of a `NotSupported` error listing every value
/// (`supported values: "a", "b"`, empty for no values), as the runtime
/// writes it, for values that quote as themselves (printable ASCII without
/// `"` or `\`); `None` when one needs Go's quoting, which the runtime does.
pub(crate) fn static_detail(values: &[String]) -> Option<String> {
    let plain = |v: &String| {
        v.bytes()
            .all(|b| (b' '..=b'~').contains(&b) && b != b'"' && b != b'\\')
    };
    if !values.iter().all(plain) {
        return None;
    }
    let quoted: Vec<String> = values.iter().map(|v| format!("\"{v}\"")).collect();
    Some(if quoted.is_empty() {
        String::new()
    } else {
        format!(
            "{}{}",
            k8s_validation_spec::messages::SUPPORTED_VALUES,
            quoted.join(", ")
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(lines: &[&str]) -> (bool, Vec<(String, String, bool)>, Vec<String>) {
        let docs: Vec<DocLine> = lines
            .iter()
            .enumerate()
            .map(|(order, text)| DocLine {
                text: format!(" {text}"),
                span: proc_macro2::Span::call_site(),
                order,
            })
            .collect();
        let mut diags = Diagnostics::new();
        let mut exclusions = Vec::new();
        let excluded = read_value_tags("V", &docs, &mut diags, &mut exclusions);
        let errors = diags.errors().iter().map(|e| e.message.clone()).collect();
        (excluded, exclusions, errors)
    }

    #[test]
    fn exclusions_outright_and_under_options() {
        assert_eq!(read(&["+k8s:enumExclude"]), (true, vec![], vec![]));
        assert_eq!(
            read(&["+k8s:ifDisabled(F)=+k8s:enumExclude"]),
            (false, vec![("V".into(), "F".into(), false)], vec![])
        );
    }

    #[test]
    fn an_option_without_a_name_is_an_error_not_ignored() {
        let (excluded, exclusions, errors) = read(&["+k8s:ifEnabled=+k8s:enumExclude"]);
        assert!(!excluded && exclusions.is_empty());
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert!(
            errors[0].ends_with("(in `+k8s:ifEnabled=+k8s:enumExclude`)"),
            "{errors:?}"
        );
    }
}
