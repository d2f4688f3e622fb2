//! `#[enum_values]`: the values of a `+k8s:enum` type are the `&'static str`
//! consts of an `impl` block; this records them (sorted) and the
//! `+k8s:enumExclude` exclusions for the generated `Validate` impl.

use proc_macro2::TokenStream;
use quote::quote;

use crate::ast::doc_lines;
use crate::diag::Diagnostics;
use crate::model::read_tags;
use crate::rules::{Rule, RuleKind};
use crate::tags::catalog::Scope;
use crate::tags::{check, TagName};

/// Values and exclusions of an enum impl block.
pub struct EnumValues {
    /// Values, sorted bytewise and deduplicated.
    pub values: Vec<String>,
    /// `(value, option, exclude_when)`.
    pub exclusions: Vec<(String, String, bool)>,
}

/// Reads the consts of an impl block.
pub fn read(item: &syn::ItemImpl, diags: &mut Diagnostics) -> EnumValues {
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
pub fn finish(mut values: Vec<String>, mut exclusions: Vec<(String, String, bool)>) -> EnumValues {
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
pub fn read_value_tags(
    value: &str,
    docs: &[crate::ast::DocLine],
    diags: &mut Diagnostics,
    exclusions: &mut Vec<(String, String, bool)>,
) -> bool {
    let tags = read_tags(docs, diags);
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
                    let message = match (check::type_check(&at.tag, Scope::Const), rule) {
                        (Err(e), _) => e.message,
                        (Ok(()), Err(why)) => why.clone(),
                        (Ok(()), Ok(_)) => {
                            "only +k8s:enumExclude may be used on enum constants".into()
                        }
                    };
                    diags.error(at.span, format!("{message} (in `{}`)", at.line));
                }
            },
            _ => diags.error(
                at.span,
                format!(
                    "{} (in `{}`)",
                    crate::tags::check::not_in_scope(&at.tag.name, crate::tags::Scope::Const),
                    at.line
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
pub fn static_detail(values: &[String]) -> Option<String> {
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
            validation_spec::messages::SUPPORTED_VALUES,
            quoted.join(", ")
        )
    })
}

/// The `Option<&'static str>` of [`static_detail`], as tokens.
pub fn static_detail_tokens(values: &[String]) -> TokenStream {
    match static_detail(values) {
        Some(detail) => quote!(::core::option::Option::Some(#detail)),
        None => quote!(::core::option::Option::None),
    }
}

/// The hidden consts for an impl block.
pub fn emit(item: &syn::ItemImpl, values: &EnumValues) -> TokenStream {
    let rt: syn::Path = syn::parse_str(crate::emit::DEFAULT_RUNTIME_PATH).expect("valid path");
    let self_ty = &item.self_ty;
    let (impl_generics, _, where_clause) = item.generics.split_for_impl();
    let vals = &values.values;
    // Every string const of the block, so that a const only the generated
    // validation reads (through the values above) is not reported as dead
    // code.
    let declared = item.items.iter().filter_map(|it| match it {
        syn::ImplItem::Const(c)
            if matches!(
                &c.expr,
                syn::Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Str(_),
                    ..
                })
            ) =>
        {
            Some(&c.ident)
        }
        _ => None,
    });
    let excl = values.exclusions.iter().map(|(v, o, w)| {
        quote!(#rt::validate::EnumExclusion { value: #v, option: #o, exclude_when: #w })
    });
    let detail = static_detail_tokens(vals);
    quote! {
        impl #impl_generics #self_ty #where_clause {
            #[doc(hidden)]
            pub const __K8S_ENUM_VALUES: &'static [&'static str] = &[#(#vals),*];
            #[doc(hidden)]
            pub const __K8S_ENUM_EXCLUSIONS: &'static [#rt::validate::EnumExclusion] = &[#(#excl),*];
            /// The `Unsupported value` detail listing every value, as static
            /// text (`None` when a value needs Go's quoting).
            #[doc(hidden)]
            pub const __K8S_ENUM_DETAIL: ::core::option::Option<&'static str> = #detail;
            /// All three, for the `+k8s:enum` validation (one item, so that a
            /// missing `#[enum_values]` block is one error).
            #[doc(hidden)]
            pub const __K8S_ENUM: (
                &'static [&'static str],
                &'static [#rt::validate::EnumExclusion],
                ::core::option::Option<&'static str>,
            ) = {
                let _ = Self::__K8S_ENUM_DECLARED;
                (Self::__K8S_ENUM_VALUES, Self::__K8S_ENUM_EXCLUSIONS, Self::__K8S_ENUM_DETAIL)
            };
            #[doc(hidden)]
            pub const __K8S_ENUM_DECLARED: &'static [&'static str] = &[#(Self::#declared),*];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(lines: &[&str]) -> (bool, Vec<(String, String, bool)>, Vec<String>) {
        let docs: Vec<crate::ast::DocLine> = lines
            .iter()
            .enumerate()
            .map(|(order, text)| crate::ast::DocLine {
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
