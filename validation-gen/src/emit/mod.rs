//! Emission: the validations attached to each site become calls into
//! `validation_runtime::validate`, ordered as upstream orders them, then
//! wrapped into a `Validate` impl. One module per tag family, mirroring the
//! runtime's `validate` modules.

mod custom;
mod dependent;
mod each;
mod enums;
mod equality;
mod format;
mod immutable;
mod item;
mod limits;
mod lists;
mod monotonic;
mod options;
mod required;
mod subfield;
mod testing;
mod union;
mod update;

use proc_macro2::{Span, TokenStream};
use quote::{quote, quote_spanned};

use crate::diag::Diagnostics;
use crate::model::{Field, Shape, TagAt, Ty, TypeKind, TypeModel};
use crate::tags::catalog::{self, Scope};
use crate::tags::{Tag, TagValue, Value};

pub(crate) use lists::ListMeta;
pub(crate) use subfield::host_impl as subfield_host_impl;

/// How a call's result is used.
#[derive(Clone)]
pub(crate) enum CallKind {
    /// An expression of type `ErrorList`, appended to the errors.
    Errors(TokenStream),
    /// A `bool` expression: when true, the rest of the cohort is skipped
    /// (a short-circuit that reports nothing, such as `+k8s:optional`).
    StopIf(TokenStream),
    /// A wrapper (`subfield`, `item`, `eachVal`, ...) around short-circuiting
    /// calls: `errors` is an `ErrorList` expression whose closure sets the
    /// local `fired` (declared by the cohort) whenever a wrapped
    /// short-circuit fires, with errors or silently (`+k8s:optional`). As
    /// upstream's wrapped `ShortCircuit` functions, it then ends the cohort it
    /// is in, and its errors are kept.
    Wrapper {
        errors: TokenStream,
        fired: syn::Ident,
    },
}

/// One validation call at a site.
#[derive(Clone)]
pub(crate) struct Call {
    pub kind: CallKind,
    /// Runs before the others of its cohort; a failure skips the rest.
    pub short_circuit: bool,
    /// Named cohort (`+k8s:item` selector, subfield name, `cohort:` arg).
    pub cohort: Option<String>,
    /// Produced after the site's other tags (upstream's deferred validators).
    pub deferred: bool,
    /// Produced after the deferred ones (a second deferral round, such as
    /// list-item unions).
    pub late: bool,
}

/// The calls of a wrapper tag (`eachVal`, `eachKey`, `item`, `subfield`)
/// around the calls of its payload, as upstream builds them: upstream wraps
/// every payload function separately and keeps its flags, so the payload's
/// short-circuiting calls become one wrapper call that short-circuits (it
/// ends the enclosing cohort when one of them fires on any element, even
/// silently, as `+k8s:optional` on an unset subfield does), and the others
/// one plain wrapper call. `build` makes the wrapper's `ErrorList`
/// expression from an element closure (see [`element_closure`]); the
/// caller sets the calls' cohort and deferral.
pub(crate) fn wrapper_calls(
    cx: &mut Cx<'_>,
    calls: Vec<Call>,
    with_old: bool,
    mut build: impl FnMut(&mut Cx<'_>, TokenStream) -> TokenStream,
) -> Vec<Call> {
    let (sc, rest): (Vec<Call>, Vec<Call>) = calls.into_iter().partition(|c| c.short_circuit);
    let mut out = Vec::new();
    if !sc.is_empty() {
        cx.labels += 1;
        let fired = syn::Ident::new(&format!("fired_{}", cx.labels), Span::call_site());
        let closure = closure_with(cx, sc, with_old, Some(&fired));
        let errors = build(cx, closure);
        let mut call = Call::errors(TokenStream::new());
        call.kind = CallKind::Wrapper { errors, fired };
        call.short_circuit = true;
        out.push(call);
    }
    if !rest.is_empty() {
        let closure = element_closure(cx, rest, with_old);
        out.push(Call::errors(build(cx, closure)));
    }
    out
}

impl Call {
    pub(crate) fn errors(tokens: TokenStream) -> Call {
        Call {
            kind: CallKind::Errors(tokens),
            short_circuit: false,
            cohort: None,
            deferred: false,
            late: false,
        }
    }

    pub(crate) fn short_circuit(mut self) -> Call {
        self.short_circuit = true;
        self
    }

    pub(crate) fn deferred(mut self) -> Call {
        self.deferred = true;
        self
    }

    pub(crate) fn stop_if(cond: TokenStream) -> Call {
        Call {
            kind: CallKind::StopIf(cond),
            short_circuit: true,
            cohort: None,
            deferred: false,
            late: false,
        }
    }
}

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
}

/// Generation state for one type.
pub(crate) struct Cx<'d> {
    pub diags: &'d mut Diagnostics,
    /// Counter for unique closure-local labels.
    pub labels: usize,
}

impl Cx<'_> {
    pub(crate) fn error(&mut self, at: &TagAt, message: impl std::fmt::Display) {
        self.diags
            .error_at(at.span, at.order, format!("{message} (in `{}`)", at.line));
    }
}

/// The runtime crate, as generated code names it: `__rt`, an alias that
/// [`wrap`] declares once per type (`use ::validation_runtime as __rt;`, or
/// the path given by `#[validate(crate = "...")]` / `--runtime-path`).
pub(crate) fn rt() -> TokenStream {
    quote!(__rt)
}

/// The runtime path used when none is given.
pub const DEFAULT_RUNTIME_PATH: &str = "::validation_runtime";

/// Wraps one type's generated items in `const _: () = { ... };` with the
/// runtime imported once, as serde does: the items (trait impls) are
/// visible everywhere, the imports nowhere outside. `validate` is imported
/// only when used, so that no `#[allow(unused_imports)]` is needed.
pub fn wrap(runtime: &syn::Path, items: TokenStream) -> TokenStream {
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
/// that keys [`HasField`](validation_runtime's `HasField`), 16 characters per
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

/// The span of a site's field type, when the site is a struct field.
pub(crate) fn field_ty_span(site: &Site<'_>) -> Option<Span> {
    site.field.map(|f| syn::spanned::Spanned::span(&f.ty.ty))
}

/// Lowers the tags of a site into calls, in upstream's order (tags sorted
/// bytewise by name; deferred validations after immediate ones).
pub(crate) fn lower_site(cx: &mut Cx<'_>, site: &Site<'_>, tags: &[&TagAt]) -> Vec<Call> {
    let mut sorted: Vec<&TagAt> = tags.to_vec();
    sorted.sort_by(|a, b| a.tag.name.as_bytes().cmp(b.tag.name.as_bytes()));
    let mut immediate = Vec::new();
    let mut deferred = Vec::new();
    let mut late = Vec::new();
    for at in sorted {
        for call in lower_tag(cx, site, at, &at.tag) {
            if call.late {
                late.push(call);
            } else if call.deferred {
                deferred.push(call);
            } else {
                immediate.push(call);
            }
        }
    }
    immediate.extend(deferred);
    immediate.extend(late);
    immediate
}

/// Lowers one tag (possibly a chained payload of another tag) at a site.
pub(crate) fn lower_tag(cx: &mut Cx<'_>, site: &Site<'_>, at: &TagAt, tag: &Tag) -> Vec<Call> {
    let collection_value = match site.ty.map(|t| &t.leaf().shape) {
        Some(Shape::Map(..)) => Scope::MapVal,
        _ => Scope::ListVal,
    };
    if let Err(e) = catalog::type_check_with(tag, site.scope, |_| collection_value) {
        cx.error(at, e.message);
        return Vec::new();
    }
    let name = tag.name.strip_prefix("k8s:").unwrap_or(&tag.name);
    match name {
        "required" | "optional" | "forbidden" => required::lower(cx, site, at, tag, name),
        "minimum" | "maximum" | "maxLength" | "minLength" | "maxBytes" | "maxItems"
        | "minItems" | "maxProperties" | "minProperties" => limits::lower(cx, site, at, tag, name),
        "format" => format::lower(cx, site, at, tag),
        "neq" => equality::lower(cx, site, at, tag),
        "enum" => enums::lower(cx, site, at),
        "listType" | "listMapKey" | "unique" | "customUnique" => lists::lower(cx, site, at, name),
        "eachVal" | "eachKey" => each::lower(cx, site, at, tag, name),
        "item" => item::lower(cx, site, at, tag),
        "subfield" => subfield::lower(cx, site, at, tag),
        "unionMember" | "unionDiscriminator" | "zeroOrOneOfMember" | "dependentRequired"
        | "dependentForbidden" => {
            // Struct-level tags, collected from the fields' own tags (and
            // list-item unions by `item`). Under any other wrapper they are
            // not implemented: say so rather than drop the member.
            if !std::ptr::eq(tag, &at.tag) {
                cx.error(
                    at,
                    format!(
                        "tag \"{}\" inside \"{}\" is not supported yet by this generator",
                        tag.name, at.tag.name
                    ),
                );
            }
            Vec::new()
        }
        "immutable" => immutable::lower(cx, site),
        "update" => update::lower(cx, site, at, tag),
        "monotonic" => monotonic::lower(cx, site, at),
        "ifEnabled" | "ifDisabled" => options::lower(cx, site, at, tag, name == "ifEnabled"),
        "validateFalse" | "validateTrue" | "validateTrueAlpha" | "validateTrueBeta" => {
            testing::lower(cx, site, at, tag, name)
        }
        "validateError" => {
            let msg = match tag.scalar() {
                Some(Value::String(s)) => s.clone(),
                _ => String::new(),
            };
            cx.error(at, format!("forced error: {msg:?}"));
            Vec::new()
        }
        "opaqueType" | "isSubresource" | "supportsSubresource" | "enumExclude" => Vec::new(),
        "customValidation" => custom::lower(cx, site),
        "alpha" | "beta" | "ifMode" | "modeDiscriminator" => {
            cx.error(
                at,
                format!(
                    "tag \"{}\" is not supported yet by this generator (it is newer than Kubernetes 1.35)",
                    tag.name
                ),
            );
            Vec::new()
        }
        _ => {
            cx.error(at, format!("unknown tag \"{}\"", tag.name));
            Vec::new()
        }
    }
}

/// The chained payload tag, or an error naming the outer tag.
pub(crate) fn payload<'t>(cx: &mut Cx<'_>, at: &TagAt, tag: &'t Tag) -> Option<&'t Tag> {
    match &tag.value {
        Some(TagValue::Tag(t)) => Some(t),
        _ => {
            cx.error(
                at,
                format!(
                    "tag \"{}\" requires a validation tag as its value payload",
                    tag.name
                ),
            );
            None
        }
    }
}

/// Exit from a block of calls when a short-circuit fires.
pub(crate) enum Exit {
    /// `return;` (type-level validations of a `validate_into`).
    Return,
    /// `break 'label;`
    Break(syn::Lifetime),
}

impl Exit {
    fn tokens(&self) -> TokenStream {
        match self {
            Exit::Return => quote!(return;),
            Exit::Break(l) => quote!(break #l;),
        }
    }
}

/// Emits calls grouped into cohorts (default first, then named ones in order
/// of appearance), short-circuits first within each cohort.
pub(crate) fn emit_calls(cx: &mut Cx<'_>, calls: Vec<Call>, exit: &Exit) -> TokenStream {
    emit_calls_signalling(cx, calls, exit, None)
}

/// [`emit_calls`], setting `fired` (a wrapper's flag) before any cohort
/// short-circuits.
fn emit_calls_signalling(
    cx: &mut Cx<'_>,
    calls: Vec<Call>,
    exit: &Exit,
    fired: Option<&syn::Ident>,
) -> TokenStream {
    let mut cohorts: Vec<(Option<String>, Vec<Call>)> = vec![(None, Vec::new())];
    for call in calls {
        match cohorts.iter_mut().find(|(c, _)| *c == call.cohort) {
            Some((_, v)) => v.push(call),
            None => cohorts.push((call.cohort.clone(), vec![call])),
        }
    }
    let mut out = TokenStream::new();
    for (cohort, calls) in cohorts {
        if calls.is_empty() {
            continue;
        }
        match cohort {
            None => out.extend(emit_cohort(calls, exit, fired)),
            Some(name) => {
                cx.labels += 1;
                let label =
                    syn::Lifetime::new(&format!("'cohort_{}", cx.labels), Span::call_site());
                let body = emit_cohort(calls, &Exit::Break(label.clone()), fired);
                let comment = format!("cohort {name}");
                out.extend(quote! {
                    #label: {
                        let _ = #comment;
                        #body
                    }
                });
            }
        }
    }
    out
}

fn emit_cohort(calls: Vec<Call>, exit: &Exit, fired: Option<&syn::Ident>) -> TokenStream {
    let (sc, rest): (Vec<Call>, Vec<Call>) = calls.into_iter().partition(|c| c.short_circuit);
    let mut out = TokenStream::new();
    if !sc.is_empty() {
        let exit = match fired {
            Some(f) => {
                let exit = exit.tokens();
                quote!(#f = true; #exit)
            }
            None => exit.tokens(),
        };
        let stops: Vec<&TokenStream> = sc
            .iter()
            .filter_map(|c| match &c.kind {
                CallKind::StopIf(t) => Some(t),
                _ => None,
            })
            .collect();
        let failed = if sc
            .iter()
            .any(|c| matches!(c.kind, CallKind::Wrapper { .. }))
        {
            // Each short-circuit says for itself whether it fired: a wrapper
            // may fire without reporting errors.
            out.extend(quote!(let mut sc_fired = false;));
            for c in &sc {
                match &c.kind {
                    CallKind::Errors(t) => out.extend(quote! {
                        let sc_start = errs.len();
                        errs.append(#t);
                        sc_fired |= errs.len() > sc_start;
                    }),
                    CallKind::Wrapper { errors, fired } => out.extend(quote! {
                        let mut #fired = false;
                        errs.append(#errors);
                        sc_fired |= #fired;
                    }),
                    CallKind::StopIf(_) => {}
                }
            }
            Some(quote!(sc_fired))
        } else if sc.iter().any(|c| matches!(c.kind, CallKind::Errors(_))) {
            out.extend(quote!(let sc_start = errs.len();));
            for c in &sc {
                if let CallKind::Errors(t) = &c.kind {
                    out.extend(quote!(errs.append(#t);));
                }
            }
            Some(quote!(errs.len() > sc_start))
        } else {
            None
        };
        let cond = match failed {
            Some(failed) => quote!(#failed #(|| #stops)*),
            None => quote!(#(#stops)||*),
        };
        out.extend(quote! {
            if #cond {
                #exit
            }
        });
    }
    for c in rest {
        match c.kind {
            CallKind::Errors(t) => out.extend(quote!(errs.append(#t);)),
            // Not produced: wrappers and stops always short-circuit.
            CallKind::Wrapper { errors, .. } => out.extend(quote!(errs.append(#errors);)),
            CallKind::StopIf(_) => {}
        }
    }
    out
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
        leaf,
        old_leaf,
        owner,
        field,
        list: None,
        enclosing_list: None,
        opaque: false,
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

/// A closure validating one element with the given calls:
/// `|path, value, old_value| -> ErrorList`.
pub(crate) fn element_closure(cx: &mut Cx<'_>, calls: Vec<Call>, with_old: bool) -> TokenStream {
    closure_with(cx, calls, with_old, None)
}

/// [`element_closure`], setting `fired` when one of its short-circuits fires.
fn closure_with(
    cx: &mut Cx<'_>,
    calls: Vec<Call>,
    with_old: bool,
    fired: Option<&syn::Ident>,
) -> TokenStream {
    cx.labels += 1;
    let label = syn::Lifetime::new(&format!("'elem_{}", cx.labels), Span::call_site());
    let body = emit_calls_signalling(cx, calls, &Exit::Break(label.clone()), fired);
    let params = if with_old {
        quote!(|path: &__rt::field::Path<'_>, value, old_value|)
    } else {
        quote!(|path: &__rt::field::Path<'_>, value|)
    };
    quote! {
        #params {
            let mut errs = __rt::ErrorList::new();
            #label: {
                #body
            }
            errs
        }
    }
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
    pub(crate) fn of<'a>(tags: impl Iterator<Item = &'a TagAt>) -> OpaqueElems {
        let mut out = OpaqueElems::default();
        for at in tags {
            let opaque_payload = matches!(
                &at.tag.value,
                Some(TagValue::Tag(t)) if t.name == "k8s:opaqueType"
            );
            match at.tag.name.as_str() {
                "k8s:eachVal" if opaque_payload => out.values = true,
                "k8s:eachKey" if opaque_payload => out.keys = true,
                _ => {}
            }
        }
        out
    }
}

/// The call validating a value's own type (its `Validate` impl), with list
/// correlation when the value is a list with set or map semantics.
pub(crate) fn type_call(
    cx: &mut Cx<'_>,
    site: &Site<'_>,
    opaque_elems: OpaqueElems,
) -> Option<TokenStream> {
    let rt = rt();
    if site.opaque {
        return None;
    }
    let whole = &site.whole;
    let old_whole = &site.old_whole;
    let ty = site.ty?;
    match &ty.leaf().shape {
        // A list's own validation is its elements'.
        Shape::List(_) if opaque_elems.values => return None,
        Shape::Map(..) if opaque_elems.values && opaque_elems.keys => return None,
        Shape::Map(..) if opaque_elems.values || opaque_elems.keys => {
            let f = if opaque_elems.values {
                quote!(validate_map_keys)
            } else {
                quote!(validate_map_values)
            };
            let (leaf, old_leaf) = (&site.leaf, &site.old_leaf);
            return Some(quote!(validate::#f(op, path, #leaf, #old_leaf, errs);));
        }
        _ => {}
    }
    let span = field_ty_span(site);
    let spanned = |tokens: TokenStream| match span {
        Some(span) => respan(tokens, span),
        None => tokens,
    };
    match (&ty.leaf().shape, &site.list) {
        (Shape::List(_), Some(meta)) if !meta.is_atomic() => {
            let leaf = list_value(&site.leaf);
            let old_leaf = list_value(&site.old_leaf);
            let call = spanned(quote!(validate::validate_elem));
            let body = quote! {
                |path: &#rt::field::Path<'_>, value, old_value| #call(op, path, value, old_value)
            };
            Some(meta.each_call(cx, site, &leaf, &old_leaf, body))
        }
        (Shape::Str | Shape::Bool | Shape::Int(_) | Shape::Float | Shape::Json, _) => None,
        _ => Some(spanned(
            quote!(#rt::Validate::validate_into(#whole, op, path, #old_whole, errs);),
        )),
    }
}

/// `validate_into`'s call of the children's validation.
fn children_call() -> TokenStream {
    quote!(__rt::Validate::validate_children_into(self, op, path, old, errs);)
}

/// Generates everything for one type: the `Validate` impl and its helpers.
pub fn emit_type(model: &TypeModel, diags: &mut Diagnostics) -> TokenStream {
    let mut cx = Cx { diags, labels: 0 };
    let rt = rt();
    let ident = &model.ident;
    let (impl_generics, ty_generics, where_clause) = model.generics.split_for_impl();

    let (body, children) = match &model.kind {
        TypeKind::Struct(fields) => emit_struct_body(&mut cx, model, fields),
        TypeKind::Newtype(inner) => emit_newtype_body(&mut cx, model, inner),
    };
    let unset = match &model.kind {
        TypeKind::Struct(_) => TokenStream::new(),
        TypeKind::Newtype(inner) => {
            let body = emit_newtype_unset_body(&mut cx, model, inner);
            if body.is_empty() {
                TokenStream::new()
            } else {
                quote! {
                    fn validate_unset_into(
                        op: &#rt::Operation,
                        path: &#rt::field::Path<'_>,
                        old: ::core::option::Option<&Self>,
                        errs: &mut #rt::ErrorList,
                    ) {
                        #body
                    }
                }
            }
        }
    };
    let update_items = match &model.kind {
        TypeKind::Newtype(inner) => {
            let site = Site {
                scope: Scope::Type,
                ty: Some(inner),
                whole: quote!((&self.0)),
                whole_opt: quote!(Some(&self.0)),
                old_whole: quote!(old.map(|old| &old.0)),
                leaf: quote!(Some(&self.0)),
                old_leaf: quote!(old.map(|old| &old.0)),
                owner: model,
                field: None,
                list: None,
                enclosing_list: None,
                opaque: true,
            };
            // Already reported by the body's lowering.
            let mut quiet = Diagnostics::new();
            let mut qcx = Cx {
                diags: &mut quiet,
                labels: 0,
            };
            let meta = lists::list_meta(&mut qcx, model.tags.tags.iter(), &site);
            let mut out = update::update_items_impl(model, inner, meta.as_ref());
            out.extend(each::each_value_impl(model, inner, meta.as_ref()));
            out
        }
        TypeKind::Struct(_) => TokenStream::new(),
    };
    let subresources = subresources(&mut cx, model);

    let helpers = helper_impls(model);
    let host = subfield_host_impl(model);
    let validate_fn = |name: TokenStream, body: TokenStream| {
        quote! {
            fn #name(
                &self,
                op: &#rt::Operation,
                path: &#rt::field::Path<'_>,
                old: ::core::option::Option<&Self>,
                errs: &mut #rt::ErrorList,
            ) {
                #body
            }
        }
    };
    // Without type-level validations, `validate_into` is the children's
    // (the default `validate_children_into` calls it).
    let validate_fns = if body.to_string() == children_call().to_string() {
        validate_fn(quote!(validate_into), children)
    } else {
        let mut fns = validate_fn(quote!(validate_into), body);
        fns.extend(validate_fn(quote!(validate_children_into), children));
        fns
    };
    quote! {
        impl #impl_generics #rt::Validate for #ident #ty_generics #where_clause {
            #subresources
            #validate_fns
            #unset
        }
        #update_items
        #helpers
        #host
    }
}

fn subresources(cx: &mut Cx<'_>, model: &TypeModel) -> TokenStream {
    let mut paths: Vec<String> = Vec::new();
    let mut is_sub: Option<String> = None;
    for at in &model.tags.tags {
        let v = match at.tag.scalar() {
            Some(Value::String(s)) => Some(s.clone()),
            _ => None,
        };
        match at.tag.name.as_str() {
            "k8s:supportsSubresource" => match v {
                Some(s) => paths.push(s),
                None => cx.error(at, "tag \"k8s:supportsSubresource\" requires a quoted subresource path, such as \"/status\""),
            },
            "k8s:isSubresource" => match (v, &is_sub) {
                (Some(_), Some(_)) => cx.error(at, "tag \"k8s:isSubresource\" may only be specified once"),
                (Some(s), None) => is_sub = Some(s),
                (None, _) => cx.error(at, "tag \"k8s:isSubresource\" requires a quoted subresource path, such as \"/scale\""),
            },
            _ => {}
        }
    }
    if paths.is_empty() && is_sub.is_none() {
        return TokenStream::new();
    }
    match is_sub {
        Some(s) => paths.push(s),
        None => paths.push("/".into()),
    }
    paths.sort();
    paths.dedup();
    quote! {
        fn subresources() -> &'static [&'static str] {
            &[#(#paths),*]
        }
    }
}

fn type_level_tags(model: &TypeModel) -> Vec<&TagAt> {
    model.tags.tags.iter().collect()
}

/// `+k8s:eachVal=+k8s:opaqueType`: the element type need not be printable,
/// so the field prints as `null` in JSON bad values.
fn opaque_elements(tags: &[TagAt]) -> bool {
    tags.iter().any(|at| {
        at.tag.name == "k8s:eachVal" && at.tag.chained().is_some_and(|t| t.name == "k8s:opaqueType")
    })
}

fn is_opaque_type(model: &TypeModel) -> bool {
    model.tags.has("k8s:opaqueType")
}

/// The body of `validate_into` (type-level validations, then the children)
/// and of `validate_children_into` (the children only).
fn emit_struct_body(
    cx: &mut Cx<'_>,
    model: &TypeModel,
    fields: &[Field],
) -> (TokenStream, TokenStream) {
    // Type-level validations: struct-level validations contributed by fields
    // (unions, zeroOrOneOf, dependencies) in field order, then the type's tags.
    let mut type_calls = union::struct_calls(cx, model);
    type_calls.extend(dependent::struct_calls(cx, model));
    let site = Site {
        scope: Scope::Type,
        ty: None,
        whole: quote!(self),
        whole_opt: quote!(Some(self)),
        old_whole: quote!(old),
        leaf: quote!(Some(self)),
        old_leaf: quote!(old),
        owner: model,
        field: None,
        list: None,
        enclosing_list: None,
        opaque: true,
    };
    type_calls.extend(lower_site(cx, &site, &type_level_tags(model)));
    let mut out = emit_calls(cx, type_calls, &Exit::Return);
    if is_opaque_type(model) {
        return (out, TokenStream::new());
    }
    let mut children = TokenStream::new();
    for field in fields {
        children.extend(emit_field(cx, model, field));
    }
    out.extend(children_call());
    (out, children)
}

fn emit_field(cx: &mut Cx<'_>, model: &TypeModel, field: &Field) -> TokenStream {
    let member = &field.member;
    let json = &field.json_name;
    let label = syn::Lifetime::new(&format!("'field_{}", field.rust_name), Span::call_site());
    let mut site = value_site(
        Scope::Field,
        &field.ty,
        quote!(value),
        quote!(old_value),
        model,
        Some(field),
    );
    site.list = lists::list_meta(cx, field.tags.tags.iter(), &site);
    site.opaque = field.tags.has("k8s:opaqueType");
    let tags: Vec<&TagAt> = field.tags.tags.iter().collect();
    let calls = lower_site(cx, &site, &tags);
    let type_call = type_call(cx, &site, OpaqueElems::of(field.tags.tags.iter()));
    if calls.is_empty() && type_call.is_none() {
        return TokenStream::new();
    }
    let body = emit_calls(cx, calls, &Exit::Break(label.clone()));
    let path = if field.flatten {
        let name = crate::ast::type_name(&field.ty.leaf().ty);
        quote!(let path = &path.embedded(#name);)
    } else {
        quote!(let path = &path.child(#json);)
    };
    let unchanged = if site.opaque || opaque_elements(&field.tags.tags) {
        let eq = opaque_eq(
            &quote!(value),
            &quote!(o),
            syn::spanned::Spanned::span(&field.ty.ty),
        );
        quote!((op.is_update() && old_value.is_some_and(|o| #eq)))
    } else {
        respan(
            quote!(validate::unchanged(op, value, old_value)),
            syn::spanned::Spanned::span(&field.ty.ty),
        )
    };
    quote_spanned! {field.span=>
        #label: {
            let (value, old_value) = (&self.#member, old.map(|old| &old.#member));
            if #unchanged {
                break #label;
            }
            #path
            #body
            #type_call
        }
    }
}

/// Like [`emit_struct_body`], for a tuple newtype (a Go typedef). The
/// inner value's children are validated, but not a named inner type's own
/// type-level validations: Go's `type E4 T2` does not inherit T2's type tags.
fn emit_newtype_body(cx: &mut Cx<'_>, model: &TypeModel, inner: &Ty) -> (TokenStream, TokenStream) {
    let scalar = matches!(
        inner.shape,
        Shape::Str | Shape::Int(_) | Shape::Bool | Shape::Float | Shape::Named
    );
    let (leaf, old_leaf) = if scalar {
        (quote!(Some(self)), quote!(old))
    } else {
        (
            leaf_of_place(inner, &quote!(self.0)),
            old_leaf_of(inner, &quote!(old.map(|old| &old.0))),
        )
    };
    let mut site = Site {
        scope: Scope::Type,
        ty: Some(inner),
        whole: quote!(&self.0),
        whole_opt: quote!(Some(&self.0)),
        old_whole: quote!(old.map(|old| &old.0)),
        leaf,
        old_leaf,
        owner: model,
        field: None,
        list: None,
        enclosing_list: None,
        opaque: is_opaque_type(model),
    };
    site.list = lists::list_meta(cx, model.tags.tags.iter(), &site);
    let calls = lower_site(cx, &site, &type_level_tags(model));
    let mut out = emit_calls(cx, calls, &Exit::Return);
    let mut children = TokenStream::new();
    let call = if matches!(inner.shape, Shape::Named) && !site.opaque {
        Some(
            quote!(__rt::Validate::validate_children_into(&self.0, op, path, old.map(|old| &old.0), errs);),
        )
    } else {
        type_call(cx, &site, OpaqueElems::of(model.tags.tags.iter()))
    };
    if let Some(call) = call {
        children.extend(quote!(let value = &self.0; let old_value = old.map(|old| &old.0);));
        children.extend(call);
        out.extend(children_call());
    }
    (out, children)
}

/// The body of a newtype's `validate_unset_into`: its type-level
/// validations on a missing value (Go calls a typedef's validation function
/// with a nil pointer for an unset `*T` field, so `+k8s:immutable` or
/// `+k8s:update=NoUnset` on the typedef see set <-> unset changes).
fn emit_newtype_unset_body(cx: &mut Cx<'_>, model: &TypeModel, inner: &Ty) -> TokenStream {
    let scalar = matches!(
        inner.shape,
        Shape::Str | Shape::Int(_) | Shape::Bool | Shape::Float | Shape::Named
    );
    let inner_ty = &inner.ty;
    let (leaf, old_leaf) = if scalar {
        (quote!(::core::option::Option::<&Self>::None), quote!(old))
    } else {
        let leaf_ty = &inner.leaf().ty;
        (
            quote!(::core::option::Option::<&#leaf_ty>::None),
            old_leaf_of(inner, &quote!(old.map(|old| &old.0))),
        )
    };
    let mut site = Site {
        scope: Scope::Type,
        ty: Some(inner),
        whole: quote!(::core::unreachable!()),
        whole_opt: quote!(::core::option::Option::<&#inner_ty>::None),
        old_whole: quote!(old.map(|old| &old.0)),
        leaf,
        old_leaf,
        owner: model,
        field: None,
        list: None,
        enclosing_list: None,
        opaque: true,
    };
    // The tags were checked when lowering `validate_into`; do not report
    // their problems twice.
    let mut quiet = Diagnostics::new();
    let mut qcx = Cx {
        diags: &mut quiet,
        labels: cx.labels,
    };
    site.list = lists::list_meta(&mut qcx, model.tags.tags.iter(), &site);
    let calls = lower_site(&mut qcx, &site, &type_level_tags(model));
    let out = emit_calls(&mut qcx, calls, &Exit::Return);
    cx.labels = qcx.labels;
    out
}

/// `Newtype`, `IsZero`, `ToBadValue`, `SemanticEq` and `HasField` (the
/// field access other types' generated code uses).
pub(crate) fn helper_impls(model: &TypeModel) -> TokenStream {
    let mut out = semantic_eq_impl(model);
    out.extend(helper_impls_without_semantic_eq(model));
    out
}

/// Compares `a` and `b` (expressions of type `&T`) the way an
/// `+k8s:opaqueType` value is compared: with `SemanticEq` when `T` has it,
/// else with `PartialEq` (the type may come from another crate).
///
/// The comparison is spanned at `span` (the field's type), where rustc
/// reports a type that has neither trait.
pub(crate) fn opaque_eq(a: &TokenStream, b: &TokenStream, span: Span) -> TokenStream {
    let rt = rt();
    let call = respan(
        quote!(#rt::semantic::__private::Probe(#a, #b).opaque_eq()),
        span,
    );
    quote! {({
        #[allow(unused_imports)]
        use #rt::semantic::__private::{ViaPartialEq as _, ViaSemanticEq as _};
        #call
    })}
}

/// `impl SemanticEq`: field by field (upstream's `equality.Semantic.DeepEqual`
/// on the Go struct). Opaque fields fall back to `PartialEq` when their type
/// lacks `SemanticEq`; a newtype also forwards `is_nil_equivalent`, so that
/// a list typedef behind an `Option` is "nil" when empty, as in Go.
fn semantic_eq_impl(model: &TypeModel) -> TokenStream {
    let rt = rt();
    let other = match &model.kind {
        TypeKind::Struct(fields) if fields.is_empty() => quote!(_),
        _ => quote!(other),
    };
    let ident = &model.ident;
    let (impl_generics, ty_generics, where_clause) = model.generics.split_for_impl();
    let (eq, nil) = match &model.kind {
        TypeKind::Newtype(inner) => {
            if is_opaque_type(model) {
                (
                    opaque_eq(
                        &quote!(&self.0),
                        &quote!(&other.0),
                        syn::spanned::Spanned::span(&inner.ty),
                    ),
                    TokenStream::new(),
                )
            } else {
                let eq = respan(
                    quote!(#rt::SemanticEq::semantic_eq(&self.0, &other.0)),
                    syn::spanned::Spanned::span(&inner.ty),
                );
                let nil = quote! {
                    #[inline]
                    fn is_nil_equivalent(&self) -> bool {
                        #rt::SemanticEq::is_nil_equivalent(&self.0)
                    }
                };
                (eq, nil)
            }
        }
        TypeKind::Struct(fields) => {
            let parts = fields.iter().map(|f| {
                let member = &f.member;
                let (a, b) = (quote!(&self.#member), quote!(&other.#member));
                if f.tags.has("k8s:opaqueType") || opaque_elements(&f.tags.tags) {
                    opaque_eq(&a, &b, syn::spanned::Spanned::span(&f.ty.ty))
                } else {
                    respan(
                        quote!(#rt::SemanticEq::semantic_eq(#a, #b)),
                        syn::spanned::Spanned::span(&f.ty.ty),
                    )
                }
            });
            let parts: Vec<TokenStream> = parts.collect();
            let eq = if parts.is_empty() {
                quote!(true)
            } else {
                quote!(#(#parts)&&*)
            };
            (eq, TokenStream::new())
        }
    };
    quote! {
        impl #impl_generics #rt::SemanticEq for #ident #ty_generics #where_clause {
            fn semantic_eq(&self, #other: &Self) -> bool {
                #eq
            }
            #nil
        }
    }
}

fn helper_impls_without_semantic_eq(model: &TypeModel) -> TokenStream {
    let rt = rt();
    let ident = &model.ident;
    let (impl_generics, ty_generics, where_clause) = model.generics.split_for_impl();
    match &model.kind {
        TypeKind::Newtype(inner) => {
            let inner_ty = &inner.ty;
            quote! {
                impl #impl_generics #rt::Newtype for #ident #ty_generics #where_clause {
                    type Inner = #inner_ty;
                    #[inline]
                    fn inner(&self) -> &#inner_ty {
                        &self.0
                    }
                }
                impl #impl_generics #rt::IsZero for #ident #ty_generics #where_clause {
                    #[inline]
                    fn is_zero(&self) -> bool {
                        #rt::IsZero::is_zero(&self.0)
                    }
                }
                impl #impl_generics #rt::field::ToBadValue for #ident #ty_generics #where_clause {
                    fn write_json(&self, out: &mut ::std::string::String) {
                        #rt::field::ToBadValue::write_json(&self.0, out)
                    }
                }
            }
        }
        TypeKind::Struct(fields) => {
            let mut json = Vec::new();
            let mut accessors = Vec::new();
            let mut first = true;
            let mut surely_written = false;
            let mut needs_start = false;
            // Whether the first field's write also opens the object.
            let mut open_written = false;
            for f in fields {
                let member = &f.member;
                let opaque = f.tags.has("k8s:opaqueType") || opaque_elements(&f.tags.tags);
                let key = format!("\"{}\":", f.json_name);
                let write_value = if opaque {
                    quote!(out.push_str("null");)
                } else {
                    respan(
                        quote!(#rt::field::ToBadValue::write_json(&self.#member, out);),
                        syn::spanned::Spanned::span(&f.ty.ty),
                    )
                };
                // A comma before every field but the first written: known
                // when an earlier field is always written.
                let conditional = f.flatten || f.skip_serializing_if.is_some();
                let sep = if first {
                    quote!()
                } else if surely_written {
                    quote!(out.push(',');)
                } else {
                    quote!(if out.len() > start {
                        out.push(',');
                    })
                };
                if !sep.is_empty() && !surely_written {
                    needs_start = true;
                }
                let write = if f.flatten {
                    quote! {{
                        let mut inner = ::std::string::String::new();
                        {
                            let out = &mut inner;
                            #write_value
                        }
                        if inner.len() > 2 {
                            #sep
                            out.push_str(&inner[1..inner.len() - 1]);
                        }
                    }}
                } else if first && !conditional {
                    let key = format!("{{{key}");
                    open_written = true;
                    quote! {
                        out.push_str(#key);
                        #write_value
                    }
                } else if !first && surely_written {
                    let key = format!(",{key}");
                    quote! {
                        out.push_str(#key);
                        #write_value
                    }
                } else {
                    quote! {
                        #sep
                        out.push_str(#key);
                        #write_value
                    }
                };
                let write = match &f.skip_serializing_if {
                    Some(pred) => quote!(if !#pred(&self.#member) { #write }),
                    None => write,
                };
                json.push(write);
                first = false;
                surely_written |= !conditional;
                let name = field_name_ty(&f.json_name);
                let ty = &f.ty.ty;
                let leaf_ty = &f.ty.leaf().ty;
                let leaf = leaf_of_place(&f.ty, &quote!(self.#member));
                let optional_default = subfield::optional_default(f);
                accessors.push(quote! {
                    impl #impl_generics #rt::HasField<#name> for #ident #ty_generics #where_clause {
                        type Value = #ty;
                        type Leaf = #leaf_ty;
                        #optional_default
                        fn field(&self) -> &#ty {
                            &self.#member
                        }
                        fn leaf(&self) -> ::core::option::Option<&#leaf_ty> {
                            #leaf
                        }
                    }
                });
            }
            // `start` tells whether a field was written (for the commas).
            let open = if open_written {
                TokenStream::new()
            } else {
                quote!(out.push('{');)
            };
            let start = if needs_start {
                quote!(let start = out.len();)
            } else {
                TokenStream::new()
            };
            quote! {
                // A struct value is always set, as in Go.
                impl #impl_generics #rt::IsZero for #ident #ty_generics #where_clause {
                    fn is_zero(&self) -> bool {
                        false
                    }
                }
                impl #impl_generics #rt::field::ToBadValue for #ident #ty_generics #where_clause {
                    fn write_json(&self, out: &mut ::std::string::String) {
                        #open
                        #start
                        #(#json)*
                        out.push('}');
                    }
                }
                #(#accessors)*
            }
        }
    }
}
