//! Type checking a tag against its catalog entry (upstream `typeCheck`):
//! scope, documented arguments, payload type, and chained payloads in the
//! scope the outer tag gives them.

use k8s_validation_spec::go_quote;

use super::catalog::{lookup, ChainScope, PayloadType, Scope, TagDef, TagKind};
use super::suggest::{not_chainable_message, unknown_tag_message};
use super::{Tag, TagError};

impl TagDef {
    /// Upstream's per-tag type check (`typeCheck`), without the scope and
    /// without looking into a chained payload: every documented argument
    /// that is present has its type, required ones are present, no other
    /// argument is given (unless [`TagDef::accepts_unknown_args`]), and the
    /// payload is present when required and of the declared type. Messages
    /// are upstream's, not yet prefixed with the tag name.
    pub fn check_args_and_payload(&self, tag: &Tag) -> Result<(), TagError> {
        check_args_and_payload(tag, self, (self.payload, self.payload_required))
    }
}

/// Checks a tag and its chained payloads against the catalog, as upstream
/// does before running each validator: the scope first
/// (`tag "k8s:X" cannot be specified on <scope>`), then the documented
/// arguments and payload (`tag "k8s:X": <problem>`), then the chained tag in
/// the scope the outer tag gives it, with the outer tag's name prefixed
/// (`tag "k8s:eachVal": tag "k8s:minimum": ...`).
///
/// `eachVal` payloads are checked as [`Scope::ListVal`]; use
/// [`type_check_with`] when the collection is a map.
///
/// Unlike upstream, which panics on an unknown chained tag and ignores an
/// unknown top-level one, unknown names are errors with a suggestion.
pub fn type_check(tag: &Tag, scope: Scope) -> Result<(), TagError> {
    type_check_with(tag, scope, |_| Scope::ListVal)
}

/// Upstream's scope error: `tag "k8s:X" cannot be specified on <scope>`
/// (also where a release narrows a tag's scopes, as 1.35's `+k8s:update`).
pub fn not_in_scope(name: &str, scope: Scope) -> String {
    format!("tag {} cannot be specified on {scope}", go_quote(name))
}

/// [`type_check`], with the scope of `eachVal` payloads chosen by the
/// caller: `collection_value` receives the chain from the outermost tag down
/// to the `eachVal` tag (inclusive) and returns [`Scope::ListVal`] for a list
/// or [`Scope::MapVal`] for a map.
pub fn type_check_with<F>(tag: &Tag, scope: Scope, collection_value: F) -> Result<(), TagError>
where
    F: FnMut(&[&Tag]) -> Scope,
{
    type_check_as(
        tag,
        scope,
        &|def| (def.payload, def.payload_required),
        collection_value,
    )
}

/// [`type_check_with`], with each tag's payload type (and whether it is
/// required) as `payload_of` says: a release that reads a tag's payload
/// differently from the catalog's entry (1.38's `required="<message>"`).
pub(crate) fn type_check_as<F>(
    tag: &Tag,
    scope: Scope,
    payload_of: &dyn Fn(&TagDef) -> (PayloadType, bool),
    mut collection_value: F,
) -> Result<(), TagError>
where
    F: FnMut(&[&Tag]) -> Scope,
{
    let mut chain = Vec::new();
    check_in_scope(tag, scope, &mut chain, payload_of, &mut collection_value)
}

fn check_in_scope<'t>(
    tag: &'t Tag,
    scope: Scope,
    chain: &mut Vec<&'t Tag>,
    payload_of: &dyn Fn(&TagDef) -> (PayloadType, bool),
    collection_value: &mut dyn FnMut(&[&Tag]) -> Scope,
) -> Result<(), TagError> {
    let Some(def) = lookup(&tag.name) else {
        return Err(TagError::new(unknown_tag_message(&tag.name), tag.span));
    };
    if !chain.is_empty() && def.kind != TagKind::Validator {
        return Err(TagError::new(not_chainable_message(def.name), tag.span));
    }
    if !def.allows(scope) {
        return Err(TagError::new(not_in_scope(def.name, scope), tag.span));
    }
    check_args_and_payload(tag, def, payload_of(def)).map_err(|e| e.in_tag(def.name))?;
    if let (Some(inner), Some(_)) = (tag.chained(), def.chain_scope) {
        chain.push(tag);
        let each_val = if def.chain_scope == Some(ChainScope::CollectionValue) {
            collection_value(chain)
        } else {
            Scope::ListVal
        };
        let inner_scope = def.payload_scope(scope, each_val).unwrap_or(scope);
        let res = check_in_scope(inner, inner_scope, chain, payload_of, collection_value);
        chain.pop();
        res.map_err(|e| e.in_tag(def.name))?;
    }
    Ok(())
}

/// Upstream's `typeCheck`: documented arguments, unknown arguments, payload.
fn check_args_and_payload(
    tag: &Tag,
    def: &TagDef,
    (payload, payload_required): (PayloadType, bool),
) -> Result<(), TagError> {
    for doc in def.args {
        match tag.args.iter().find(|a| a.name.as_deref() == doc.name) {
            Some(arg) if arg.value.value_type() != doc.ty => {
                return Err(TagError::new(
                    format!(
                        "argument {} has wrong type: got {}, want {}",
                        go_quote(&arg.to_string()),
                        arg.value.value_type(),
                        doc.ty
                    ),
                    arg.span,
                ));
            }
            Some(_) => {}
            None if doc.required => {
                let message = match doc.name {
                    None => format!("missing required positional argument of type {}", doc.ty),
                    Some(name) => {
                        format!(
                            "missing named argument {} of type {}",
                            go_quote(name),
                            doc.ty
                        )
                    }
                };
                return Err(TagError::new(message, tag.span));
            }
            None => {}
        }
    }
    if !def.accepts_unknown_args {
        if let Some(arg) = tag
            .args
            .iter()
            .find(|a| def.arg(a.name.as_deref()).is_none())
        {
            return Err(TagError::new(
                format!("unrecognized named argument {}", go_quote(&arg.to_string())),
                arg.span,
            ));
        }
    }
    match &tag.value {
        None if payload_required => Err(TagError::new(
            format!("missing required tag value of type {payload}"),
            tag.span,
        )),
        None => Ok(()),
        Some(value) if payload != PayloadType::Raw && !payload.accepts(value.value_type()) => {
            Err(TagError::new(
                format!(
                    "tag value has wrong type: got {}, want {payload}",
                    value.value_type(),
                ),
                value.span(),
            ))
        }
        Some(_) => Ok(()),
    }
}
