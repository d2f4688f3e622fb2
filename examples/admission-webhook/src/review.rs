//! One AdmissionReview in, one AdmissionReview out.
//!
//! The envelope (`admission.k8s.io/v1` `AdmissionReview`) is decoded with
//! kube's types; `request.object` and `request.oldObject` are taken out
//! first and decoded as [`Deployment`] with the failing field's path, so
//! that a bad object is answered with a denial naming the field rather than
//! a failed request.

use k8s_validation::field::{ErrorList, InvalidObject};
use k8s_validation::Operation;
use k8s_validation_migration::Migration;
use kube_core::admission::{
    AdmissionRequest, AdmissionResponse, AdmissionReview, Operation as AdmissionOperation,
    META_API_VERSION_V1, META_KIND,
};
use kube_core::{DynamicObject, Status};
use serde_json::Value;

use crate::api::{Deployment, GROUP, KIND, VERSION};
use crate::handwritten;

/// A request the webhook cannot answer with an AdmissionReview (not JSON,
/// not an `admission.k8s.io/v1` AdmissionReview, no `request`): the HTTP
/// answer is 400 with this text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadReview(pub String);

impl std::fmt::Display for BadReview {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BadReview {}

/// What the webhook decided, for logging and tests.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// `response.allowed`.
    pub allowed: bool,
    /// `response.status.code` (0 when allowed).
    pub code: u16,
    /// The number of field errors in the answer.
    pub errors: usize,
}

/// Answers the AdmissionReview in `body`: the response review, or
/// [`BadReview`] when the body is not one.
pub fn review(
    migration: &Migration,
    body: &[u8],
) -> Result<(AdmissionReview<DynamicObject>, Verdict), BadReview> {
    let mut value: Value = serde_json::from_slice(body)
        .map_err(|e| BadReview(format!("request body is not JSON: {e}")))?;
    let Some(top) = value.as_object_mut() else {
        return Err(BadReview(
            "request body is not a JSON object (expected an admission.k8s.io/v1 AdmissionReview)"
                .to_owned(),
        ));
    };
    let api_version = top.get("apiVersion").and_then(Value::as_str).unwrap_or("");
    let kind = top.get("kind").and_then(Value::as_str).unwrap_or("");
    if api_version != META_API_VERSION_V1 || kind != META_KIND {
        return Err(BadReview(format!(
            "expected apiVersion {META_API_VERSION_V1:?} and kind {META_KIND:?}, got apiVersion {api_version:?} and kind {kind:?} (set admissionReviewVersions: [\"v1\"] in the webhook configuration)"
        )));
    }
    let Some(request) = top.get_mut("request").and_then(Value::as_object_mut) else {
        return Err(BadReview(
            "AdmissionReview has no request object".to_owned(),
        ));
    };
    // Decoded separately, as the API type, below.
    let object = request.remove("object").unwrap_or(Value::Null);
    let old_object = request.remove("oldObject").unwrap_or(Value::Null);

    let review: AdmissionReview<DynamicObject> =
        serde_path_to_error::deserialize(value).map_err(|e| {
            BadReview(format!(
                "malformed AdmissionReview: {}: {}",
                e.path(),
                e.inner()
            ))
        })?;
    let request: AdmissionRequest<DynamicObject> = review
        .try_into()
        .map_err(|_| BadReview("AdmissionReview has no request object".to_owned()))?;

    let (response, verdict) = answer(migration, &request, object, old_object);
    tracing::info!(
        uid = %request.uid,
        operation = ?request.operation,
        subresource = request.sub_resource.as_deref().unwrap_or(""),
        namespace = request.namespace.as_deref().unwrap_or(""),
        name = %request.name,
        dry_run = request.dry_run,
        mode = %migration.mode_of::<Deployment>(),
        allowed = verdict.allowed,
        code = verdict.code,
        errors = verdict.errors,
        status_message = %if verdict.allowed { "" } else { response.result.message.as_str() },
        "admission review"
    );
    Ok((response.into_review(), verdict))
}

fn answer(
    migration: &Migration,
    req: &AdmissionRequest<DynamicObject>,
    object: Value,
    old_object: Value,
) -> (AdmissionResponse, Verdict) {
    let mut response = AdmissionResponse::from(req);
    let op = match req.operation {
        AdmissionOperation::Create => Operation::create(),
        AdmissionOperation::Update => Operation::update(),
        // A configuration that sends deletes or connects: nothing to validate.
        AdmissionOperation::Delete | AdmissionOperation::Connect => {
            return (response, allowed());
        }
    };
    let kind = &req.kind;
    if kind.group != GROUP || kind.version != VERSION || kind.kind != KIND {
        return bad_request(
            response,
            format!(
                "this webhook admits {GROUP}/{VERSION}, Kind={KIND}; got {}/{}, Kind={} (check the rules of the webhook configuration)",
                kind.group, kind.version, kind.kind
            ),
        );
    }
    let subresource = req.sub_resource.as_deref().unwrap_or("");
    let op = if subresource.is_empty() {
        op
    } else {
        op.with_subresource(subresource)
    };

    let new = match decode("request.object", object) {
        Ok(d) => d,
        Err(message) => return bad_request(response, message),
    };
    let old = if op.is_update() {
        match decode("request.oldObject", old_object) {
            Ok(d) => Some(d),
            Err(message) => return bad_request(response, message),
        }
    } else {
        None
    };

    let hv = handwritten::validate(&new, old.as_ref(), subresource);
    let errs = migration.validate(&new, old.as_ref(), &op, hv);
    if errs.is_empty() {
        return (response, allowed());
    }
    if op.is_update() {
        migration.record_duplicate_validation_errors(&format!("{KIND}.{GROUP}"), &errs);
    }
    let name = if new.metadata.name.is_empty() {
        req.name.as_str()
    } else {
        new.metadata.name.as_str()
    };
    response.allowed = false;
    response.result = invalid_status(name, &errs);
    let verdict = Verdict {
        allowed: false,
        code: response.result.code,
        errors: errs.len(),
    };
    (response, verdict)
}

/// The apiserver's `errors.NewInvalid` Status (422, reason `Invalid`,
/// `details.causes`), from the runtime's renderer.
fn invalid_status(name: &str, errs: &ErrorList) -> Status {
    let status = errs.to_status(InvalidObject::new(GROUP, KIND, name));
    serde_json::from_value(status).unwrap_or_else(|e| {
        // The renderer's output is a Status by construction; say so loudly
        // if that ever breaks instead of allowing the object.
        Status::failure(
            &format!("internal error: cannot render Status: {e}"),
            "InternalError",
        )
        .with_code(500)
    })
}

fn decode(what: &str, value: Value) -> Result<Deployment, String> {
    if value.is_null() {
        return Err(format!("{what} is missing"));
    }
    serde_path_to_error::deserialize(value).map_err(|e| {
        let path = e.path().to_string();
        if path == "." {
            format!(
                "cannot decode {what} as {GROUP}/{VERSION}, Kind={KIND}: {}",
                e.inner()
            )
        } else {
            format!(
                "cannot decode {what} as {GROUP}/{VERSION}, Kind={KIND}: {path}: {}",
                e.inner()
            )
        }
    })
}

fn allowed() -> Verdict {
    Verdict {
        allowed: true,
        code: 0,
        errors: 0,
    }
}

fn bad_request(mut response: AdmissionResponse, message: String) -> (AdmissionResponse, Verdict) {
    response.allowed = false;
    response.result = Status::failure(&message, "BadRequest").with_code(400);
    (
        response,
        Verdict {
            allowed: false,
            code: 400,
            errors: 0,
        },
    )
}
