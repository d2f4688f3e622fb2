//! The bounds of a generic type's impls, as serde infers its own: every type
//! parameter that a field's type mentions must be a value the runtime can
//! validate (`Validate`, `SemanticEq` for ratcheting, `IsZero` for
//! presence, `ToBadValue` to print it in an error). `#[validate(bound =
//! "...")]` replaces the inferred predicates, as `#[serde(bound = "...")]`
//! does, for a parameter used only through another type (`PhantomData<T>`,
//! `Box<dyn Trait<T>>`) or bounded differently.

use syn::visit::Visit;

/// `generics` with the predicates the type's impls need: `explicit` (from
/// `#[validate(bound = "...")]`) when given, else one per type parameter
/// that a field type mentions, naming the runtime by `rt` (some impls are
/// outside the block that imports it).
pub(crate) fn bounded<'t>(
    generics: &syn::Generics,
    field_types: impl IntoIterator<Item = &'t syn::Type>,
    explicit: Option<&[syn::WherePredicate]>,
    rt: &syn::Path,
) -> syn::Generics {
    let mut out = generics.clone();
    let predicates: Vec<syn::WherePredicate> = match explicit {
        Some(explicit) => explicit.to_vec(),
        None => {
            let params: Vec<&syn::Ident> = generics.type_params().map(|p| &p.ident).collect();
            if params.is_empty() {
                return out;
            }
            let mut used = Used {
                params: &params,
                found: vec![false; params.len()],
            };
            for ty in field_types {
                used.visit_type(ty);
            }
            params
                .iter()
                .zip(&used.found)
                .filter(|(_, found)| **found)
                .map(|(p, _)| {
                    syn::parse_quote!(#p: #rt::Validate + #rt::SemanticEq + #rt::IsZero + #rt::field::ToBadValue)
                })
                .collect()
        }
    };
    if !predicates.is_empty() {
        out.make_where_clause().predicates.extend(predicates);
    }
    out
}

/// Parses `#[validate(bound = "T: Validate, U: Clone")]`'s predicates.
pub(crate) fn parse_bound(lit: &syn::LitStr) -> syn::Result<Vec<syn::WherePredicate>> {
    let parsed = lit.parse_with(
        syn::punctuated::Punctuated::<syn::WherePredicate, syn::Token![,]>::parse_terminated,
    )?;
    Ok(parsed.into_iter().collect())
}

/// Which of `params` a type mentions, not counting `PhantomData<T>` (which
/// holds no `T`, as serde skips it).
struct Used<'p> {
    params: &'p [&'p syn::Ident],
    found: Vec<bool>,
}

impl<'ast> Visit<'ast> for Used<'_> {
    fn visit_path(&mut self, path: &'ast syn::Path) {
        if path
            .segments
            .last()
            .is_some_and(|s| s.ident == "PhantomData")
        {
            return;
        }
        // `T` or `T::Assoc`.
        if let Some(first) = path.segments.first() {
            if let Some(i) = self.params.iter().position(|p| first.ident == **p) {
                self.found[i] = true;
            }
        }
        syn::visit::visit_path(self, path);
    }

    fn visit_macro(&mut self, _: &'ast syn::Macro) {}
}

#[cfg(test)]
mod tests {
    use super::*;
    use proc_macro2::Span;
    use quote::quote;

    fn where_of(src: &str, explicit: Option<&str>) -> String {
        let input: syn::DeriveInput = syn::parse_str(src).unwrap();
        let syn::Data::Struct(s) = &input.data else {
            panic!()
        };
        let explicit =
            explicit.map(|e| parse_bound(&syn::LitStr::new(e, Span::call_site())).unwrap());
        let g = bounded(
            &input.generics,
            s.fields.iter().map(|f| &f.ty),
            explicit.as_deref(),
            &syn::parse_quote!(__rt),
        );
        let w = g.where_clause;
        quote!(#w).to_string()
    }

    #[test]
    fn infers_a_bound_per_used_parameter() {
        let w = where_of(
            "struct Page<T, U> { items: Vec<T>, next: Option<Box<T>> }",
            None,
        );
        assert!(w.contains("T : __rt :: Validate"), "{w}");
        assert!(!w.contains("U :"), "{w}");
        let w = where_of(
            "struct Tagged<T> { marker: std::marker::PhantomData<T> }",
            None,
        );
        assert_eq!(w, "");
        let w = where_of("struct Plain { a: i32 }", None);
        assert_eq!(w, "");
    }

    #[test]
    fn explicit_bounds_replace_inferred_ones() {
        let w = where_of("struct Page<T> { items: Vec<T> }", Some("T: MyBound"));
        assert_eq!(w, "where T : MyBound");
        let w = where_of("struct Page<T> { items: Vec<T> }", Some(""));
        assert_eq!(w, "");
    }
}
