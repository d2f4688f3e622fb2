//! Calls and their emission: a lowered tag is a list of [`Call`]s; this
//! module groups them into cohorts (short-circuits first), wraps payload
//! calls in element closures, and prints them as statements.

use proc_macro2::{Span, TokenStream};
use quote::quote;

use super::Cx;

/// `<function>(errs, op, path, <args>)`: the calling convention generated
/// code shares with the runtime's validators (`errs`, the error list to push
/// into; `op`, the operation; `path`, the value's field path), written once.
/// `function` is a path (`validate::minimum`, `validate::minimum!` for a
/// macro) or a method of a value (`validate::Elems::of(items).update`);
/// `args` are what follows the convention (the value, the old value, ...).
pub(crate) fn invoke(function: TokenStream, args: TokenStream) -> TokenStream {
    quote!(#function(errs, op, path, #args))
}

/// How a call's result is used.
#[derive(Clone)]
pub(crate) enum CallKind {
    /// A call that pushes its errors into the accumulator `errs` (a
    /// `&mut ErrorList` in scope), such as
    /// `validate::minimum(errs, op, path, value, old_value, 0)`.
    Errors(TokenStream),
    /// A `bool` expression: when true, the rest of the cohort is skipped
    /// (a short-circuit that reports nothing, such as `+k8s:optional`).
    StopIf(TokenStream),
    /// A wrapper (`subfield`, `item`, `eachVal`, ...) around short-circuiting
    /// calls: `errors` is a call pushing into `errs` whose closure sets the
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
/// one plain wrapper call. `build` makes the wrapper's call (pushing into
/// `errs`) from an element closure (see [`element_closure`]); the
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

/// [`wrapper_calls`] for a wrapper whose calls join the cohort `cohort`
/// (`subfield`'s field name, `item`'s selector). Where the release names
/// nested cohorts by their path (1.38: a payload with a cohort of its own,
/// such as a nested `subfield`, joins `<cohort>.<its cohort>`, so that two
/// chains through a common hop do not stop each other), the payload's calls
/// are wrapped per cohort of their own; earlier all join `cohort`.
pub(crate) fn cohort_wrapper_calls(
    cx: &mut Cx<'_>,
    calls: Vec<Call>,
    cohort: &str,
    mut build: impl FnMut(&mut Cx<'_>, TokenStream) -> TokenStream,
) -> Vec<Call> {
    let mut groups: Vec<(Option<String>, Vec<Call>)> = Vec::new();
    for call in calls {
        let own = call.cohort.clone().filter(|_| cx.behaviour.path_cohorts);
        match groups.iter_mut().find(|(c, _)| *c == own) {
            Some((_, v)) => v.push(call),
            None => groups.push((own, vec![call])),
        }
    }
    let mut out = Vec::new();
    for (own, calls) in groups {
        let name = match own {
            Some(own) => format!("{cohort}.{own}"),
            None => cohort.to_owned(),
        };
        for mut call in wrapper_calls(cx, calls, true, &mut build) {
            call.cohort = Some(name.clone());
            out.push(call);
        }
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

    /// The call as one that does not short-circuit (the payload of a 1.38
    /// `eachVal` / `eachKey`, each function its own pass over the
    /// collection): a wrapper keeps its errors and forgets that it fired; a
    /// silent stop (a non-error validation, which 1.38 refuses there) is
    /// dropped.
    pub(crate) fn without_short_circuit(mut self) -> Option<Call> {
        match self.kind {
            CallKind::StopIf(_) => return None,
            CallKind::Wrapper { errors, fired } => {
                self.kind = CallKind::Errors(quote!({
                    let mut #fired = false;
                    #errors;
                    let _ = #fired;
                }));
            }
            CallKind::Errors(_) => {}
        }
        self.short_circuit = false;
        Some(self)
    }

    pub(crate) fn deferred(mut self) -> Call {
        self.deferred = true;
        self
    }

    /// The call preceded by `stmt` (a statement such as a compile-time
    /// assertion), in the same block.
    pub(crate) fn preceded_by(mut self, stmt: &TokenStream) -> Call {
        let wrap = |t: &TokenStream| quote!({ #stmt #t });
        match &mut self.kind {
            CallKind::Errors(t) | CallKind::StopIf(t) => *t = wrap(t),
            CallKind::Wrapper { errors, .. } => *errors = wrap(errors),
        }
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

/// Emits calls in the order given, as upstream prints a
/// `MultiWrapperFunction` (the rules of a modal member): no cohorts and no
/// reordering; every short-circuit that fires (with errors, or silently)
/// marks the body, which exits after the last short-circuit. So a call
/// before the last short-circuit runs even when an earlier one fired.
pub(crate) fn emit_in_order(calls: Vec<Call>, exit: &Exit) -> TokenStream {
    let last_sc = calls.iter().rposition(|c| c.short_circuit);
    let mut out = TokenStream::new();
    if last_sc.is_some() {
        out.extend(quote!(let mut early = false;));
    }
    let exit = exit.tokens();
    for (i, c) in calls.into_iter().enumerate() {
        if c.short_circuit {
            out.extend(match c.kind {
                CallKind::Errors(t) => quote! {
                    let sc_start = errs.len();
                    #t;
                    early |= errs.len() > sc_start;
                },
                CallKind::StopIf(t) => quote!(early |= #t;),
                CallKind::Wrapper { errors, fired } => quote! {
                    let mut #fired = false;
                    #errors;
                    early |= #fired;
                },
            });
            if Some(i) == last_sc {
                out.extend(quote!(if early { #exit }));
            }
        } else {
            match c.kind {
                CallKind::Errors(t) => out.extend(quote!(#t;)),
                CallKind::Wrapper { errors, .. } => out.extend(quote!(#errors;)),
                CallKind::StopIf(_) => {}
            }
        }
    }
    out
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
    // 1.37 marks the errors of short-circuiting validations (upstream's
    // generated `.MarkShortCircuit()`), which its API server's
    // `ShortCircuitMismatch` comparison reads.
    let mark = cx.behaviour.marks_short_circuits && !cx.unmarked;
    for (cohort, calls) in cohorts {
        if calls.is_empty() {
            continue;
        }
        match cohort {
            None => out.extend(emit_cohort(calls, exit, fired, mark)),
            Some(name) => {
                cx.labels += 1;
                let label =
                    syn::Lifetime::new(&format!("'cohort_{}", cx.labels), Span::call_site());
                let body = emit_cohort(calls, &Exit::Break(label.clone()), fired, mark);
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

fn emit_cohort(
    calls: Vec<Call>,
    exit: &Exit,
    fired: Option<&syn::Ident>,
    mark: bool,
) -> TokenStream {
    let (sc, rest): (Vec<Call>, Vec<Call>) = calls.into_iter().partition(|c| c.short_circuit);
    let mut out = TokenStream::new();
    let marked = mark && sc.iter().any(|c| !matches!(c.kind, CallKind::StopIf(_)));
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
            if marked {
                out.extend(quote!(let sc_mark = errs.len();));
            }
            out.extend(quote!(let mut sc_fired = false;));
            for c in &sc {
                match &c.kind {
                    CallKind::Errors(t) => out.extend(quote! {
                        let sc_start = errs.len();
                        #t;
                        sc_fired |= errs.len() > sc_start;
                    }),
                    CallKind::Wrapper { errors, fired } => out.extend(quote! {
                        let mut #fired = false;
                        #errors;
                        sc_fired |= #fired;
                    }),
                    CallKind::StopIf(_) => {}
                }
            }
            if marked {
                out.extend(quote!(errs.mark_short_circuit_from(sc_mark);));
            }
            Some(quote!(sc_fired))
        } else if sc.iter().any(|c| matches!(c.kind, CallKind::Errors(_))) {
            out.extend(quote!(let sc_start = errs.len();));
            for c in &sc {
                if let CallKind::Errors(t) = &c.kind {
                    out.extend(quote!(#t;));
                }
            }
            if marked {
                out.extend(quote!(errs.mark_short_circuit_from(sc_start);));
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
            CallKind::Errors(t) => out.extend(quote!(#t;)),
            // Not produced: wrappers and stops always short-circuit.
            CallKind::Wrapper { errors, .. } => out.extend(quote!(#errors;)),
            CallKind::StopIf(_) => {}
        }
    }
    out
}

/// A closure validating one element with the given calls, pushing into the
/// accumulator it is given: `|errs, path, value, old_value| { ... }`.
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
    // The label only where a short-circuit breaks out of it.
    let body = if breaks_to(body.clone(), &label) {
        quote!(#label: { #body })
    } else {
        body
    };
    let params = if with_old {
        quote!(|errs, path, value, old_value|)
    } else {
        quote!(|errs, path, value|)
    };
    quote! {
        #params {
            #body
        }
    }
}

/// Whether `tokens` contain `break #label`.
fn breaks_to(tokens: TokenStream, label: &syn::Lifetime) -> bool {
    use proc_macro2::TokenTree;
    let mut after_break = false;
    let mut after_quote = false;
    for tt in tokens {
        match tt {
            TokenTree::Group(g) => {
                if breaks_to(g.stream(), label) {
                    return true;
                }
                after_break = false;
            }
            TokenTree::Ident(i) => {
                if after_break && after_quote && i == label.ident {
                    return true;
                }
                after_break = i == "break";
                after_quote = false;
                continue;
            }
            TokenTree::Punct(p) if p.as_char() == '\'' => {
                after_quote = true;
                continue;
            }
            _ => after_break = false,
        }
        after_quote = false;
    }
    false
}
