//! Sites: where validations attach (a type, a field, a list element, a map
//! key or value), with the expressions generated code uses to reach the
//! value, and the helpers that read a site's type.

use proc_macro2::{Span, TokenStream};
use quote::quote;

use crate::front::{Field, ListMeta, RuleAt, Scope, Shape, TagName, Ty, TypeModel};

/// Where validations are attached: a type, a field, a list element, a map
/// key or value, or a subfield.
#[derive(Clone)]
pub(crate) struct Site<'a> {
    pub scope: Scope,
    /// The value's type, when known (unknown for subfields of other types).
    pub ty: Option<&'a Ty>,
    /// `&T`: the whole value (the value's own `Validate`).
    pub whole: TokenStream,
    /// `Option<&T>`: the whole value for presence checks (`Some` unless the
    /// value itself may be missing, as a subfield of an unset struct).
    pub whole_opt: TokenStream,
    /// `Option<&T>`: the correlated old whole value.
    pub old_whole: TokenStream,
    /// `Option<&Self>` at type scope: the value as the type being generated
    /// (`Some(self)`; `None` in a newtype's `validate_unset_into`), where
    /// `whole` is a newtype's inner value. Unused at other scopes.
    pub this: TokenStream,
    /// `Option<&Leaf>`: the value behind `Option`/`Box` (Go's pointee).
    pub leaf: TokenStream,
    /// `Option<&Leaf>`: the old leaf.
    pub old_leaf: TokenStream,
    /// The type being generated.
    pub owner: &'a TypeModel,
    /// The field, for field sites.
    pub field: Option<&'a Field>,
    /// List semantics that apply to this value (field or typedef).
    pub list: Option<ListMeta>,
    /// For a list element: the semantics of the enclosing list.
    pub enclosing_list: Option<ListMeta>,
    /// Whether the value's own type must not be descended into.
    pub opaque: bool,
    /// Names bound to the list's items (`Option<&[T]>`) and the old ones,
    /// when the enclosing block binds them (see [`Site::items`]).
    pub items: Option<(TokenStream, TokenStream)>,
    /// Whether the enclosing block binds the key closure of the site's list
    /// to `item_key` (it is used more than once there).
    pub key_bound: bool,
}

impl<'a> Site<'a> {
    /// The site of a struct field's value, as a field block binds it
    /// (`value`, `old_value`), with `list`, the field's own list semantics
    /// (the check stage's, or none where they do not apply).
    pub(crate) fn field(model: &'a TypeModel, field: &'a Field, list: Option<ListMeta>) -> Self {
        let mut site = value_site(
            Scope::Field,
            &field.ty,
            quote!(value),
            quote!(old_value),
            model,
            Some(field),
        );
        site.list = list;
        site.opaque = field.rules.has(TagName::OpaqueType);
        site
    }

    /// Whose tags declare this site's list semantics in the check stage's
    /// [`ListTable`](crate::front::ListTable): the field's, or the type's;
    /// `None` for element and subfield sites.
    pub(crate) fn list_owner(&self) -> Option<crate::front::ListOwner> {
        match (self.field, self.scope) {
            (Some(f), Scope::Field) => Some(crate::front::ListOwner::Field(f.rust_name.clone())),
            (None, Scope::Type) => Some(crate::front::ListOwner::Type),
            _ => None,
        }
    }

    /// `Option<&[T]>` expressions for the list value and the old one: the
    /// names the field block binds (`items`, `old_items`), or the leaf
    /// converted in place.
    pub(crate) fn items(&self) -> (TokenStream, TokenStream) {
        match &self.items {
            Some((items, old)) => (items.clone(), old.clone()),
            None => (list_value(&self.leaf), list_value(&self.old_leaf)),
        }
    }
}

/// The span of a site's field type, when the site is a struct field.
pub(crate) fn field_ty_span(site: &Site<'_>) -> Option<Span> {
    site.field.map(|f| syn::spanned::Spanned::span(&f.ty.ty))
}

/// `Option<&Leaf>` from a whole value expression of type `&T`.
pub(crate) fn leaf_of(ty: &Ty, whole: &TokenStream) -> TokenStream {
    match &ty.shape {
        Shape::Option(inner) if matches!(inner.shape, Shape::Boxed(_)) => quote!(#whole.as_deref()),
        Shape::Option(_) => quote!(#whole.as_ref()),
        Shape::Boxed(_) => quote!(Some(&**#whole)),
        _ => quote!(Some(#whole)),
    }
}

/// `Option<&Leaf>` from a place expression of type `T` (`self.field`).
pub(crate) fn leaf_of_place(ty: &Ty, place: &TokenStream) -> TokenStream {
    match &ty.shape {
        Shape::Option(inner) if matches!(inner.shape, Shape::Boxed(_)) => quote!(#place.as_deref()),
        Shape::Option(_) => quote!(#place.as_ref()),
        Shape::Boxed(_) => quote!(Some(&*#place)),
        _ => quote!(Some(&#place)),
    }
}

/// `Option<&Leaf>` from an old whole value expression of type `Option<&T>`.
pub(crate) fn old_leaf_of(ty: &Ty, old_whole: &TokenStream) -> TokenStream {
    match &ty.shape {
        Shape::Option(inner) if matches!(inner.shape, Shape::Boxed(_)) => {
            quote!(#old_whole.and_then(|v| v.as_deref()))
        }
        Shape::Option(_) => quote!(#old_whole.and_then(|v| v.as_ref())),
        Shape::Boxed(_) => quote!(#old_whole.map(|v| &**v)),
        _ => quote!(#old_whole),
    }
}

/// A site for a value expression of a known type.
pub(crate) fn value_site<'a>(
    scope: Scope,
    ty: &'a Ty,
    whole: TokenStream,
    old_whole: TokenStream,
    owner: &'a TypeModel,
    field: Option<&'a Field>,
) -> Site<'a> {
    let leaf = leaf_of(ty, &whole);
    let old_leaf = old_leaf_of(ty, &old_whole);
    Site {
        scope,
        ty: Some(ty),
        whole_opt: quote!(Some(#whole)),
        whole,
        old_whole,
        this: quote!(Some(self)),
        leaf,
        old_leaf,
        owner,
        field,
        list: None,
        enclosing_list: None,
        opaque: false,
        items: None,
        key_bound: false,
    }
}

/// The leaf type of a site, if known.
pub(crate) fn leaf_ty<'a>(site: &Site<'a>) -> Option<&'a Ty> {
    site.ty.map(Ty::leaf)
}

/// The element type of a list site, if known.
pub(crate) fn list_elem<'a>(site: &Site<'a>) -> Option<&'a Ty> {
    match leaf_ty(site).map(|t| &t.shape) {
        Some(Shape::List(e)) => Some(e),
        _ => None,
    }
}

/// `Option<&[T]>` for list validators.
pub(crate) fn list_value(leaf: &TokenStream) -> TokenStream {
    // `Some(x).map(f)` reads (and lints) better as `Some(f(x))`.
    if let Ok(syn::Expr::Call(call)) = syn::parse2::<syn::Expr>(leaf.clone()) {
        let is_some = matches!(&*call.func, syn::Expr::Path(p) if p.path.segments.last().is_some_and(|s| s.ident == "Some"));
        if is_some && call.args.len() == 1 {
            let arg = &call.args[0];
            return quote!(Some(validate::ListLike::items(#arg)));
        }
    }
    quote!(#leaf.map(validate::ListLike::items))
}

/// Which element types a site marks opaque: `+k8s:eachVal=+k8s:opaqueType`
/// (list elements, map values) and `+k8s:eachKey=+k8s:opaqueType` (map
/// keys). Their own validations are then not run.
#[derive(Clone, Copy, Default)]
pub(crate) struct OpaqueElems {
    pub values: bool,
    pub keys: bool,
}

impl OpaqueElems {
    pub(crate) fn of<'a>(tags: impl Iterator<Item = &'a RuleAt>) -> OpaqueElems {
        let mut out = OpaqueElems::default();
        for at in tags {
            let opaque_payload = at.rule.chained().is_some_and(|r| r.is(TagName::OpaqueType));
            match at.rule.name {
                TagName::EachVal if opaque_payload => out.values = true,
                TagName::EachKey if opaque_payload => out.keys = true,
                _ => {}
            }
        }
        out
    }
}

/// `+k8s:eachVal=+k8s:opaqueType`: the element type need not be printable,
/// so the field prints as `null` in JSON bad values.
pub(super) fn opaque_elements(tags: &[RuleAt]) -> bool {
    tags.iter().any(|at| {
        at.rule.is(TagName::EachVal) && at.rule.chained().is_some_and(|t| t.is(TagName::OpaqueType))
    })
}

pub(super) fn is_opaque_type(model: &TypeModel) -> bool {
    model.rules.has(TagName::OpaqueType)
}
