//! Kubernetes `metav1.Status` failure bodies, built as upstream's
//! `k8s.io/apimachinery/pkg/api/errors` builds them (same reasons, messages,
//! `details` and key order).

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use k8s_validation::field::{write_json_string, ErrorList};

use crate::api::{GROUP, KIND, RESOURCE};
use crate::migrate::invalid_status_json;

/// The content type of every JSON answer.
pub const JSON: &str = "application/json";

/// One `details.causes[]` entry.
#[derive(Debug)]
pub struct Cause {
    /// `FieldManagerConflict`, `FieldValueInvalid`, ...
    pub reason: String,
    /// The cause's text.
    pub message: String,
    /// The field path.
    pub field: String,
}

/// A failure `Status` (boxed: errors stay small).
#[derive(Debug)]
pub struct Status(Box<Inner>);

#[derive(Debug)]
struct Inner {
    code: StatusCode,
    reason: &'static str,
    message: String,
    /// `(name, group, kind)` of `details`; `None` leaves `details` out.
    details: Option<(String, &'static str, &'static str)>,
    causes: Vec<Cause>,
    raw: Option<String>,
    retry_after: Option<u32>,
}

impl Status {
    fn new(code: StatusCode, reason: &'static str, message: impl Into<String>) -> Status {
        Status(Box::new(Inner {
            code,
            reason,
            message: message.into(),
            details: None,
            causes: Vec::new(),
            raw: None,
            retry_after: None,
        }))
    }

    fn with_details(mut self, name: &str, group: &'static str, kind: &'static str) -> Status {
        self.0.details = Some((name.to_owned(), group, kind));
        self
    }

    /// 404 `widgets.example.dev "name" not found`.
    pub fn not_found(name: &str) -> Status {
        Status::new(
            StatusCode::NOT_FOUND,
            "NotFound",
            format!("{RESOURCE}.{GROUP} {} not found", go_quote(name)),
        )
        .with_details(name, GROUP, RESOURCE)
    }

    /// 404 for a path the server does not serve.
    pub fn no_route() -> Status {
        Status::new(
            StatusCode::NOT_FOUND,
            "NotFound",
            "the server could not find the requested resource",
        )
        .with_details("", "", "")
    }

    /// 405 for a method a path does not take.
    pub fn method_not_allowed() -> Status {
        Status::new(
            StatusCode::METHOD_NOT_ALLOWED,
            "MethodNotAllowed",
            "the server does not allow this method on the requested resource",
        )
        .with_details("", "", "")
    }

    /// 409 `AlreadyExists`.
    pub fn already_exists(name: &str) -> Status {
        Status::new(
            StatusCode::CONFLICT,
            "AlreadyExists",
            format!("{RESOURCE}.{GROUP} {} already exists", go_quote(name)),
        )
        .with_details(name, GROUP, RESOURCE)
    }

    /// 409 `Conflict` of a stale `resourceVersion`.
    pub fn conflict(name: &str) -> Status {
        Status::new(
            StatusCode::CONFLICT,
            "Conflict",
            format!(
                "Operation cannot be fulfilled on {RESOURCE}.{GROUP} {}: the object has been modified; please apply your changes to the latest version and try again",
                go_quote(name)
            ),
        )
        .with_details(name, GROUP, RESOURCE)
    }

    /// 409 of server-side apply: other managers own fields this apply sets.
    pub fn apply_conflict(message: String, causes: Vec<Cause>) -> Status {
        let mut s = Status::new(StatusCode::CONFLICT, "Conflict", message);
        s.0.details = Some((String::new(), "", ""));
        s.0.causes = causes;
        s
    }

    /// 400 `BadRequest`.
    pub fn bad_request(message: impl Into<String>) -> Status {
        Status::new(StatusCode::BAD_REQUEST, "BadRequest", message)
    }

    /// 413: the body is larger than `limit` bytes.
    pub fn too_large(limit: usize) -> Status {
        Status::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "RequestEntityTooLarge",
            format!("Request entity too large: limit is {limit}"),
        )
    }

    /// 415 for a body type the path does not take.
    pub fn unsupported_media_type(accepted: &str) -> Status {
        Status::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "UnsupportedMediaType",
            format!(
                "the body of the request was in an unknown format - accepted media types include: {accepted}"
            ),
        )
    }

    /// 406 for an `Accept` the server cannot answer.
    pub fn not_acceptable() -> Status {
        Status::new(
            StatusCode::NOT_ACCEPTABLE,
            "NotAcceptable",
            "only the following media types are accepted: application/json, application/yaml",
        )
    }

    /// 410 for a watch from a `resourceVersion` the store no longer has.
    pub fn gone(rv: &str) -> Status {
        Status::new(
            StatusCode::GONE,
            "Expired",
            format!("too old resource version: {rv}"),
        )
    }

    /// 422 `Invalid` with the field errors (upstream's `NewInvalid`).
    pub fn invalid(name: &str, errs: &ErrorList) -> Status {
        Status::invalid_kind(KIND, name, errs)
    }

    /// 422 `Invalid` naming `kind` (upstream names the resource, not the
    /// kind, in the store's own checks).
    pub fn invalid_kind(kind: &str, name: &str, errs: &ErrorList) -> Status {
        let mut s = Status::new(StatusCode::UNPROCESSABLE_ENTITY, "Invalid", String::new());
        s.0.raw = Some(invalid_status_json(GROUP, kind, name, errs));
        s
    }

    /// 422 without field causes (a JSON patch that cannot be applied).
    pub fn new_unprocessable(message: impl Into<String>) -> Status {
        Status::new(StatusCode::UNPROCESSABLE_ENTITY, "Invalid", message)
    }

    /// 504: the request did not finish in time.
    pub fn timeout() -> Status {
        Status::new(
            StatusCode::GATEWAY_TIMEOUT,
            "Timeout",
            "Timeout: request did not complete within the allotted timeout",
        )
        .with_details("", "", "")
    }

    /// 429: too many requests or connections at once.
    pub fn too_many_requests() -> Status {
        let mut s = Status::new(
            StatusCode::TOO_MANY_REQUESTS,
            "TooManyRequests",
            "Too many requests, please try again later.",
        )
        .with_details("", "", "");
        s.0.retry_after = Some(1);
        s
    }

    /// 500 `InternalError` (a storage failure).
    pub fn internal(err: impl std::fmt::Display) -> Status {
        Status::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "InternalError",
            format!("Internal error occurred: {err}"),
        )
        .with_details("", "", "")
    }

    /// The HTTP code.
    pub fn code(&self) -> StatusCode {
        self.0.code
    }

    /// The JSON body.
    pub fn body(&self) -> String {
        if let Some(raw) = &self.0.raw {
            return raw.clone();
        }
        let mut b = String::from(
            r#"{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"#,
        );
        write_json_string(&self.0.message, &mut b);
        b.push_str(r#","reason":"#);
        write_json_string(self.0.reason, &mut b);
        if let Some((name, group, kind)) = &self.0.details {
            b.push_str(r#","details":{"#);
            let mut first = true;
            for (k, v) in [("name", name.as_str()), ("group", group), ("kind", kind)] {
                if v.is_empty() {
                    continue;
                }
                if !first {
                    b.push(',');
                }
                first = false;
                b.push('"');
                b.push_str(k);
                b.push_str("\":");
                write_json_string(v, &mut b);
            }
            if !self.0.causes.is_empty() {
                if !first {
                    b.push(',');
                }
                b.push_str(r#""causes":["#);
                for (i, c) in self.0.causes.iter().enumerate() {
                    if i > 0 {
                        b.push(',');
                    }
                    b.push_str(r#"{"reason":"#);
                    write_json_string(&c.reason, &mut b);
                    b.push_str(r#","message":"#);
                    write_json_string(&c.message, &mut b);
                    b.push_str(r#","field":"#);
                    write_json_string(&c.field, &mut b);
                    b.push('}');
                }
                b.push(']');
            }
            b.push('}');
        }
        b.push_str(r#","code":"#);
        b.push_str(&self.0.code.as_u16().to_string());
        b.push('}');
        b
    }
}

impl IntoResponse for Status {
    fn into_response(self) -> Response {
        let mut r = (self.0.code, [(header::CONTENT_TYPE, JSON)], self.body()).into_response();
        if let Some(s) = self.0.retry_after {
            r.headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(s));
        }
        r
    }
}

/// Go's `%q` of a string (what upstream's messages quote names with).
pub fn go_quote(s: &str) -> String {
    k8s_validation::field::go_quote(s)
}
