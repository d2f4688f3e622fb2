//! The server's hand-written validation, as it was before the tags: it
//! stays authoritative until takeover. Every rule that a tag reproduces
//! marks its error covered by declarative validation and gives it the
//! tag's origin, so the two can be compared.
//!
//! It disagrees with the tags on one rule on purpose: `spec.displayName`
//! may be 20 bytes here, 16 by the tag.

use k8s_validation::field::{BadValue, Error, ErrorList, Path};
use k8s_validation::{validate, Operation};

use crate::api::{Tier, Widget};

/// The hand-written limit of `spec.displayName` (the tag says 16).
pub const DISPLAY_NAME_MAX: usize = 20;

/// Validation of a new Widget.
pub fn validate_create(w: &Widget) -> ErrorList {
    let mut errs = validate_meta(w);
    errs.append(validate_spec(w));
    errs.append(validate_status(w));
    errs
}

/// Validation of an update of the whole object.
pub fn validate_update(new: &Widget, old: &Widget) -> ErrorList {
    let mut errs = validate_create(new);
    if new.spec.class != old.spec.class {
        errs.push(
            Error::invalid("spec.class", BadValue::Null, "field is immutable")
                .with_origin("immutable")
                .mark_covered_by_declarative(),
        );
    }
    errs
}

/// Validation of a `/status` update: only the status is checked.
pub fn validate_status_update(new: &Widget, _old: &Widget) -> ErrorList {
    validate_status(new)
}

/// Validation of a `/scale` update: only the replica count is checked.
pub fn validate_scale_update(new: &Widget, _old: &Widget) -> ErrorList {
    validate_replicas(new)
}

fn validate_meta(w: &Widget) -> ErrorList {
    let mut errs = ErrorList::new();
    let name = &w.metadata.name;
    if name.is_empty() {
        errs.push(Error::required("metadata.name", "").mark_covered_by_declarative());
        return errs;
    }
    // The DNS-label check of the API machinery (the same one the tag uses).
    let root = Path::root();
    let meta = root.child("metadata");
    let path = meta.child("name");
    errs.append(
        ErrorList::from_fn(|e| {
            validate::short_name(e, &Operation::create(), &path, Some(name), None)
        })
        .mark_covered_by_declarative(),
    );
    errs
}

fn validate_replicas(w: &Widget) -> ErrorList {
    let mut errs = ErrorList::new();
    if let Some(r) = w.spec.replicas {
        if r < 0 {
            errs.push(
                Error::invalid(
                    "spec.replicas",
                    BadValue::Int(r.into()),
                    "must be greater than or equal to 0",
                )
                .with_origin("minimum")
                .mark_covered_by_declarative(),
            );
        }
        // A rule the tags do not have: stays hand-written, never covered.
        if r > 100 {
            errs.push(Error::invalid(
                "spec.replicas",
                BadValue::Int(r.into()),
                "must be less than or equal to 100",
            ));
        }
    }
    errs
}

/// Ports are keyed by name, tags are a set: no duplicates (the tags'
/// `listType=map` / `listType=set` check the same).
fn validate_lists(w: &Widget) -> ErrorList {
    let mut errs = ErrorList::new();
    for (i, p) in w.spec.ports.iter().enumerate() {
        if p.name.is_empty() {
            errs.push(
                Error::required(format!("spec.ports[{i}].name"), "").mark_covered_by_declarative(),
            );
        }
        if w.spec.ports[..i].iter().any(|q| q.name == p.name) {
            errs.push(
                Error::duplicate(
                    format!("spec.ports[{i}]"),
                    BadValue::Json(
                        format!("{{\"name\":{}}}", serde_json::Value::from(p.name.as_str())).into(),
                    ),
                )
                .mark_covered_by_declarative(),
            );
        }
        if let Some(port) = p.port {
            if port < 0 {
                errs.push(
                    Error::invalid(
                        format!("spec.ports[{i}].port"),
                        BadValue::Int(port.into()),
                        "must be greater than or equal to 0",
                    )
                    .with_origin("minimum")
                    .mark_covered_by_declarative(),
                );
            }
        }
    }
    for (i, t) in w.spec.tags.iter().enumerate() {
        if w.spec.tags[..i].contains(t) {
            errs.push(
                Error::duplicate(
                    format!("spec.tags[{i}]"),
                    BadValue::String(t.as_str().into()),
                )
                .mark_covered_by_declarative(),
            );
        }
    }
    errs
}

fn validate_spec(w: &Widget) -> ErrorList {
    let mut errs = validate_replicas(w);
    errs.append(validate_lists(w));
    if w.spec.display_name.len() > DISPLAY_NAME_MAX {
        errs.push(
            Error::too_long("spec.displayName", DISPLAY_NAME_MAX as i64)
                .with_origin("maxLength")
                .mark_covered_by_declarative(),
        );
    }
    if let Some(tier) = &w.spec.tier {
        if tier.0 != Tier::GOLD && tier.0 != Tier::SILVER {
            errs.push(
                Error::not_supported(
                    "spec.tier",
                    BadValue::String(tier.0.as_str().into()),
                    &[Tier::GOLD, Tier::SILVER],
                )
                .mark_covered_by_declarative(),
            );
        }
    }
    errs
}

fn validate_status(w: &Widget) -> ErrorList {
    let mut errs = ErrorList::new();
    if let Some(r) = w.status.replicas {
        if r < 0 {
            errs.push(
                Error::invalid(
                    "status.replicas",
                    BadValue::Int(r.into()),
                    "must be greater than or equal to 0",
                )
                .with_origin("minimum")
                .mark_covered_by_declarative(),
            );
        }
    }
    if let Some(r) = w.status.ready_replicas {
        if r < 0 {
            errs.push(
                Error::invalid(
                    "status.readyReplicas",
                    BadValue::Int(r.into()),
                    "must be greater than or equal to 0",
                )
                .with_origin("minimum")
                .mark_covered_by_declarative(),
            );
        }
    }
    errs
}
