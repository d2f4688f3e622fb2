//! The hand-written validation the webhook had before the tags. It stays
//! authoritative until takeover. Each rule a tag reproduces marks its error
//! covered by declarative validation and gives it the tag's origin, so the
//! two can be compared; the rest (whitespace in images) is the webhook's
//! own and is never compared.
//!
//! Updates ratchet as the tags do: a field (or a container, by name) equal
//! to the old object's is not checked again, so objects stored before a
//! rule was tightened can still be updated.
//!
//! One rule disagrees with the tags on purpose: `spec.minReadySeconds` may
//! be up to [`MIN_READY_SECONDS_MAX`] here, 3600 by the tag.

use k8s_validation::field::{BadValue, Error, ErrorList, Path};
use k8s_validation::{validate, Operation};

use crate::api::{Container, Deployment, DeploymentStatus};

/// The hand-written limit of `spec.minReadySeconds` (the tag says 3600).
pub const MIN_READY_SECONDS_MAX: i32 = 86_400;

/// The hand-written limit on containers (the tag's `maxItems`).
pub const MAX_CONTAINERS: usize = 20;

/// The hand-written limit on image references (the tag's `maxLength`).
pub const MAX_IMAGE_BYTES: usize = 512;

/// Hand-written validation of `new` for a request on `subresource` (`""`
/// for the object itself, `"status"`), an update when `old` is given.
pub fn validate(new: &Deployment, old: Option<&Deployment>, subresource: &str) -> ErrorList {
    match subresource {
        "" => {
            let mut errs = ErrorList::new();
            if old.is_none() {
                errs.append(validate_name(new));
            }
            errs.append(validate_spec(new, old));
            errs.append(validate_status(&new.status, old.map(|o| &o.status)));
            errs
        }
        "status" => validate_status(&new.status, old.map(|o| &o.status)),
        // No hand-written rules for other subresources.
        _ => ErrorList::new(),
    }
}

fn validate_name(d: &Deployment) -> ErrorList {
    let name = &d.metadata.name;
    if name.is_empty() {
        return Error::required("metadata.name", "")
            .mark_covered_by_declarative()
            .into();
    }
    let root = Path::root();
    let meta = root.child("metadata");
    ErrorList::from_fn(|errs| {
        validate::long_name(
            errs,
            &Operation::create(),
            &meta.child("name"),
            Some(name),
            None,
        )
    })
    .mark_covered_by_declarative()
}

fn validate_spec(new: &Deployment, old: Option<&Deployment>) -> ErrorList {
    let mut errs = ErrorList::new();
    let spec = &new.spec;
    let old_spec = old.map(|o| &o.spec);
    if old_spec.is_none_or(|o| o.replicas != spec.replicas) {
        if let Some(r) = spec.replicas {
            errs.append(non_negative("spec.replicas", r.into()));
        }
    }
    if old_spec.is_none_or(|o| o.min_ready_seconds != spec.min_ready_seconds) {
        if let Some(s) = spec.min_ready_seconds {
            errs.append(non_negative("spec.minReadySeconds", s.into()));
            if s > MIN_READY_SECONDS_MAX {
                errs.push(
                    Error::invalid(
                        "spec.minReadySeconds",
                        BadValue::Int(s.into()),
                        format!("must be less than or equal to {MIN_READY_SECONDS_MAX}"),
                    )
                    .with_origin("maximum")
                    .mark_covered_by_declarative(),
                );
            }
        }
    }
    if old_spec.is_none_or(|o| o.containers != spec.containers) {
        errs.append(validate_containers(
            &spec.containers,
            old_spec.map(|o| o.containers.as_slice()),
        ));
    }
    errs
}

fn validate_containers(new: &[Container], old: Option<&[Container]>) -> ErrorList {
    let mut errs = ErrorList::new();
    if new.is_empty() {
        errs.push(Error::required("spec.containers", "").mark_covered_by_declarative());
        return errs;
    }
    if new.len() > MAX_CONTAINERS {
        errs.push(
            Error::too_many("spec.containers", new.len() as i64, MAX_CONTAINERS as i64)
                .with_origin("maxItems")
                .mark_covered_by_declarative(),
        );
    }
    let root = Path::root();
    let spec = root.child("spec");
    let containers = spec.child("containers");
    for (i, c) in new.iter().enumerate() {
        let path = containers.index(i);
        if new[..i].iter().any(|earlier| earlier.name == c.name) {
            errs.push(
                Error::duplicate(path, BadValue::String(c.name.as_str().into()))
                    .mark_covered_by_declarative(),
            );
            continue;
        }
        // Ratcheting: a container equal to the old one of the same name is
        // not checked again.
        let unchanged = old.is_some_and(|old| old.iter().any(|o| o == c));
        if unchanged {
            continue;
        }
        errs.append(validate_container(c, &path));
    }
    errs
}

fn validate_container(c: &Container, path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    let name_path = path.child("name");
    if c.name.is_empty() {
        errs.push(Error::required(name_path, "").mark_covered_by_declarative());
    } else {
        let op = Operation::create();
        errs.append(
            ErrorList::from_fn(|errs| {
                validate::short_name(errs, &op, &name_path, Some(&c.name), None)
            })
            .mark_covered_by_declarative(),
        );
    }
    let image_path = path.child("image");
    if c.image.is_empty() {
        errs.push(Error::required(image_path, "").mark_covered_by_declarative());
    } else {
        if c.image.len() > MAX_IMAGE_BYTES {
            errs.push(
                Error::too_long(image_path, MAX_IMAGE_BYTES as i64)
                    .with_origin("maxLength")
                    .mark_covered_by_declarative(),
            );
        }
        // The webhook's own rule: no tag says this, so it is not covered
        // and stays in force under takeover.
        if c.image.chars().any(char::is_whitespace) {
            errs.push(Error::invalid(
                image_path,
                BadValue::String(c.image.as_str().into()),
                "must not contain whitespace",
            ));
        }
    }
    errs
}

fn validate_status(new: &DeploymentStatus, old: Option<&DeploymentStatus>) -> ErrorList {
    let mut errs = ErrorList::new();
    if old.is_none_or(|o| o.ready_replicas != new.ready_replicas) {
        errs.append(non_negative(
            "status.readyReplicas",
            new.ready_replicas.into(),
        ));
    }
    if old.is_none_or(|o| o.observed_generation != new.observed_generation) {
        errs.append(non_negative(
            "status.observedGeneration",
            new.observed_generation,
        ));
    }
    errs
}

fn non_negative(path: &str, value: i64) -> ErrorList {
    if value >= 0 {
        return ErrorList::new();
    }
    Error::invalid(
        path,
        BadValue::Int(value),
        "must be greater than or equal to 0",
    )
    .with_origin("minimum")
    .mark_covered_by_declarative()
    .into()
}
