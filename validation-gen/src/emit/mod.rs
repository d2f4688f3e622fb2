//! Emission: the validations attached to each site become calls into
//! `k8s_validation::validate`, ordered as upstream orders them, then
//! wrapped into a `Validate` impl. One module per tag family, mirroring the
//! runtime's `validate` modules.

mod calls;
mod custom;
mod dependent;
mod each;
mod enums;
mod equality;
mod format;
mod immutable;
mod item;
mod levels;
mod limits;
mod lint;
mod lists;
mod lower;
mod modal;
mod monotonic;
mod options;
mod required;
mod site;
mod subfield;
mod testing;
mod trait_impls;
mod type_impl;
mod union;
mod update;
mod wrappers;

use proc_macro2::{Span, TokenStream};
use quote::quote;

use crate::front::{
    Behaviour, Checked, Diagnostics, IntKind, ListTable, Payload, RuleAt, Shape, Ty,
};

pub(crate) use crate::front::ListMeta;
pub(crate) use calls::{emit_calls, emit_in_order, invoke, wrapper_calls, Call, CallKind, Exit};
pub(crate) use enums::enum_values_consts;
pub(crate) use lower::{lower_rule, lower_site};
pub(crate) use site::{
    field_ty_span, leaf_of_place, leaf_ty, list_elem, list_value, old_leaf_of, value_site,
    OpaqueElems, Site,
};
pub(crate) use subfield::host_impl as subfield_host_impl;
pub(crate) use trait_impls::{helper_impls, opaque_eq};
pub(crate) use type_impl::emit_type as generate;

/// Generation state for one type.
pub(crate) struct Cx<'d> {
    pub diags: &'d mut Diagnostics,
    /// The type's list semantics, resolved by the check stage.
    pub lists: &'d ListTable,
    /// Counter for unique closure-local labels.
    pub labels: usize,
    /// The behaviour of the Kubernetes release the lowerings follow.
    pub behaviour: &'static Behaviour,
    /// Lowering the payload of a 1.38 `eachVal` / `eachKey`: its calls are
    /// not short-circuits of the field, so their errors are not marked as
    /// short-circuits (upstream marks the outermost call's only).
    pub unmarked: bool,
}

impl<'d> Cx<'d> {
    pub(crate) fn error(&mut self, at: &RuleAt, message: impl std::fmt::Display) {
        self.diags
            .error_at(at.span, at.order, format!("{message} (in `{}`)", at.line));
    }

    /// Runs `f` with errors counted, not reported (a second lowering of
    /// rules whose problems were reported already, or a probe); returns
    /// `f`'s result and the number of errors it found.
    pub(crate) fn muted<R>(&mut self, f: impl FnOnce(&mut Cx<'_>) -> R) -> (R, usize) {
        let (lists, behaviour, mut labels) = (self.lists, self.behaviour, self.labels);
        let unmarked = self.unmarked;
        let out = self.diags.muted(|diags| {
            let mut cx = Cx {
                diags,
                lists,
                labels,
                behaviour,
                unmarked,
            };
            let out = f(&mut cx);
            labels = cx.labels;
            out
        });
        self.labels = labels;
        out
    }

    /// A rule's payload, or `None` after reporting why it does not read:
    /// called once the lowering has judged the site, as upstream's
    /// validators check the value's type before they parse the payload.
    pub(crate) fn payload<'p, T>(&mut self, at: &RuleAt, payload: &'p Payload<T>) -> Option<&'p T> {
        match payload {
            Ok(value) => Some(value),
            Err(why) => {
                self.error(at, why);
                None
            }
        }
    }

    /// The list semantics declared on `field` itself.
    pub(crate) fn field_list(&self, field: &crate::front::Field) -> Option<ListMeta> {
        let owner = crate::front::ListOwner::Field(field.rust_name.clone());
        self.lists
            .get(&owner, &crate::front::ListContext::Own)
            .cloned()
    }

    /// Whether `n` fits the integer type `kind`; reports it if not.
    pub(crate) fn fits(&mut self, at: &RuleAt, kind: IntKind, n: i128) -> bool {
        let (lo, hi) = kind.range();
        if (lo..=hi).contains(&n) {
            return true;
        }
        let go = kind.go_name();
        self.error(
            at,
            format!("value {n} does not fit in {go} (range [{lo}, {hi}])"),
        );
        false
    }
}

/// `n` as an unsuffixed literal (`-5`, `65535`).
pub(crate) fn int_literal(n: i128) -> TokenStream {
    let lit = proc_macro2::Literal::i128_unsuffixed(n.unsigned_abs() as i128);
    if n < 0 {
        quote!(-#lit)
    } else {
        quote!(#lit)
    }
}

/// The runtime crate, as generated code names it: `__rt`, an alias that
/// [`wrap`] declares once per type (`use ::k8s_validation as __rt;`, or
/// the path given by `#[validate(crate = "...")]` / `--runtime-path`).
pub(crate) fn rt() -> TokenStream {
    quote!(__rt)
}

/// Wraps one type's generated items in `const _: () = { ... };` with the
/// runtime imported once, as serde does: the items (trait impls) are
/// visible everywhere, the imports nowhere outside. `validate` is imported
/// only when used, so that no `#[allow(unused_imports)]` is needed.
pub(crate) fn wrap(runtime: &syn::Path, items: TokenStream) -> TokenStream {
    let validate = if uses_validate(items.clone()) {
        quote!(
            use __rt::validate;
        )
    } else {
        TokenStream::new()
    };
    quote! {
        // Generated bodies bind `op`, `path`, `old` and labels whether or
        // not a type's tags use them.
        #[allow(unused_variables, unused_labels, clippy::needless_return)]
        const _: () = {
            use #runtime as __rt;
            #validate
            #items
        };
    }
}

/// The items of a type whose generation failed, beside its errors: an empty
/// `Validate` impl and the helpers other types' generated code uses
/// (`IsZero`, `ToBadValue`, `HasField`, `Newtype`), which do not depend on
/// the tags: the real ones from the model without the failed tags, or
/// stand-ins (never zero, rendered as `null`) when the type could not be
/// read. So the user sees the tag error, not a cascade of secondary ones.
pub(crate) fn fallback(
    input: &syn::DeriveInput,
    checked: Option<&Checked>,
    diags: &mut Diagnostics,
) -> TokenStream {
    let ident = &input.ident;
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
    let helpers = match checked {
        Some(checked) => {
            let mut cx = Cx {
                diags,
                lists: &checked.lists,
                labels: 0,
                behaviour: checked.model.behaviour,
                unmarked: false,
            };
            let mut helpers = helper_impls(&mut cx, &checked.model);
            helpers.extend(subfield_host_impl(&checked.model));
            helpers
        }
        None => quote! {
            impl #impl_generics __rt::IsZero for #ident #ty_generics #where_clause {
                fn is_zero(&self) -> bool {
                    false
                }
            }
            impl #impl_generics __rt::field::ToBadValue for #ident #ty_generics #where_clause {
                fn write_json(&self, out: &mut ::std::string::String) {
                    out.push_str("null");
                }
            }
        },
    };
    quote! {
        #helpers
        impl #impl_generics __rt::Validate for #ident #ty_generics #where_clause {
            fn validate_into(
                &self,
                _: &__rt::Operation,
                _: &__rt::field::Path<'_>,
                _: ::core::option::Option<&Self>,
                _: &mut __rt::ErrorList,
            ) {
            }
        }
    }
}

/// Whether `tokens` contain the path `validate::...` (not `__rt::validate::...`).
fn uses_validate(tokens: TokenStream) -> bool {
    use proc_macro2::TokenTree;
    let mut prev_colon = false;
    let mut iter = tokens.into_iter().peekable();
    while let Some(tt) = iter.next() {
        match tt {
            TokenTree::Group(g) => {
                if uses_validate(g.stream()) {
                    return true;
                }
                prev_colon = false;
            }
            TokenTree::Ident(i) => {
                if i == "validate"
                    && !prev_colon
                    && matches!(iter.peek(), Some(TokenTree::Punct(p)) if p.as_char() == ':')
                {
                    return true;
                }
                prev_colon = false;
            }
            TokenTree::Punct(p) => prev_colon = p.as_char() == ':',
            TokenTree::Literal(_) => prev_colon = false,
        }
    }
    false
}

/// `__rt::FieldName<'n', 'a', 'm', 'e'>`: the JSON name `json` as the type
/// that keys k8s_validation's `HasField`, 16 characters per
/// `FieldName`, longer names continuing in its last parameter.
pub(crate) fn field_name_ty(json: &str) -> TokenStream {
    let rt = rt();
    let chars: Vec<char> = json.chars().collect();
    let chunks: Vec<&[char]> = chars.chunks(16).collect();
    let mut out: Option<TokenStream> = None;
    for chunk in chunks.iter().rev() {
        let lits = chunk.iter().map(|c| proc_macro2::Literal::character(*c));
        out = Some(match out {
            None => quote!(#rt::FieldName<#(#lits),*>),
            Some(rest) => quote!(#rt::FieldName<#(#lits,)* #rest>),
        });
    }
    out.unwrap_or_else(|| quote!(#rt::FieldName))
}

/// `__rt::fields::field::<FieldName<...>, _>(expr)` (or `leaf`): the field
/// with JSON name `json` of `expr` (a reference), spanned at the tag that
/// names it, where rustc reports a name that is not a field.
pub(crate) fn field_access(json: &str, expr: TokenStream, leaf: bool, tag: Span) -> TokenStream {
    let rt = rt();
    let name = field_name_ty(json);
    let method = if leaf { quote!(leaf) } else { quote!(field) };
    let call = respan(quote!(#rt::fields::#method::<#name, _>), tag_span(tag));
    // The argument too, where rustc reports the missing impl (with call-site
    // hygiene, as the variable it names).
    let mut args = proc_macro2::Group::new(
        proc_macro2::Delimiter::Parenthesis,
        respan(expr, tag_span(tag)),
    );
    args.set_span(tag_span(tag));
    quote!(#call #args)
}

/// `tokens` with every span set to `span`: generated code that needs a trait
/// of a field's type (`Validate`, `IsZero`, `ToBadValue`, `SemanticEq`) is
/// spanned at the field's type, so that rustc reports a missing impl there
/// and not at `#[derive(Validate)]`.
pub(crate) fn respan(tokens: TokenStream, span: Span) -> TokenStream {
    use proc_macro2::{Group, TokenTree};
    tokens
        .into_iter()
        .map(|tt| match tt {
            TokenTree::Group(g) => {
                let mut out = Group::new(g.delimiter(), respan(g.stream(), span));
                out.set_span(span);
                TokenTree::Group(out)
            }
            mut other => {
                other.set_span(span);
                other
            }
        })
        .collect()
}

/// `tokens` with the top-level tokens and groups located at `span`, but
/// the tokens inside groups left as they are (so that the parts of a key
/// closure keep their own tags' spans).
pub(crate) fn respan_keep_inner(tokens: TokenStream, span: Span) -> TokenStream {
    use proc_macro2::TokenTree;
    tokens
        .into_iter()
        .map(|mut tt| {
            if let TokenTree::Group(g) = &tt {
                let mut out = proc_macro2::Group::new(g.delimiter(), g.stream());
                out.set_span(span);
                return TokenTree::Group(out);
            }
            tt.set_span(span);
            tt
        })
        .collect()
}

/// A call-site span located at a tag's doc line, for generated code whose
/// errors belong at the tag (such as reading a field the tag names). The
/// whole expression gets it, with call-site hygiene: spans of different
/// hygiene do not join, and rustc would then report the expression at the
/// derive instead.
pub(crate) fn tag_span(doc_line: Span) -> Span {
    Span::call_site().located_at(doc_line)
}

/// `call` preceded by a compile-time assertion that a named type is not a
/// struct (`IsZero::IS_STRUCT`), for the tags upstream rejects on a
/// non-pointer struct value: whether a named type is a struct only the
/// compiler knows. `message` is upstream's generation error; rustc reports it
/// at `span` (a tag's, from [`tag_span`]). Other shapes get `call` unchanged.
pub(crate) fn unless_struct(
    ty: Option<&Ty>,
    span: Span,
    message: &str,
    call: TokenStream,
) -> TokenStream {
    let Some(ty) = ty.filter(|t| matches!(t.shape, Shape::Named)) else {
        return call;
    };
    let ty = &ty.ty;
    let assert = not_struct_assertion(quote!(#ty), span, message);
    quote!({ #assert #call })
}

/// The compile-time assertion (a statement) that `ty` is not a struct
/// (`IsZero::IS_STRUCT`), failing with `message` reported at `span`.
pub(crate) fn not_struct_assertion(ty: TokenStream, span: Span, message: &str) -> TokenStream {
    respan(
        quote!(const { assert!(!<#ty as __rt::IsZero>::IS_STRUCT, #message) };),
        span,
    )
}
