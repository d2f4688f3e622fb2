//! The HTTP side: kube-apiserver's REST surface for `widgets.example.dev`
//! (namespaced), its check order, and Kubernetes `Status` answers.

use std::collections::HashMap;
use std::sync::Arc;

use axum::body::Body;
use axum::extract::{Path, Query, Request, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use futures_util::StreamExt;
use k8s_validation::field::ErrorList;
use k8s_validation::Operation;
use serde_json::{json, Value};

use crate::api::{Widget, API_VERSION, GROUP, KIND, LIST_KIND, RESOURCE};
use crate::decode::{self, FieldValidation, Media};
use crate::discovery;
use crate::handwritten;
use crate::migrate::{FeatureGates, Migration, Registry, TEXT_CONTENT_TYPE};
use crate::schema::Document;
use crate::ssa;
use crate::status::{Status, JSON};
use crate::store::{Storage, StoreError};
use crate::util;
use crate::ValidationOptions;

mod read;
mod subresource;
mod write;

use read::*;
use subresource::*;
use write::*;

/// The path prefix of the group-version.
pub const GV_PATH: &str = "/apis/example.dev/v1";

/// What the handlers share.
pub struct AppState {
    migration: Migration,
    options: ValidationOptions,
    store: Box<dyn Storage>,
    /// The schema of the release the server runs (`--kubernetes-version`).
    schema: &'static Document,
}

/// The registry of this server's types.
pub fn registry() -> Registry {
    let mut registry = Registry::new();
    registry
        .register::<Widget>(KIND)
        .group(GROUP)
        .api_version(API_VERSION)
        .go_type_name("*v1.Widget")
        .handwritten(|new, old, op| match old {
            None => handwritten::validate_create(new),
            Some(old) => Subresource::of_operation(op).validate_update_handwritten(new, old),
        })
        .from_json();
    registry
}

impl AppState {
    /// State for the given gates over a store, defining `options` on
    /// every request's `Operation`.
    pub fn new(
        gates: FeatureGates,
        options: ValidationOptions,
        store: Box<dyn Storage>,
    ) -> Arc<AppState> {
        let release = gates.release();
        let schema = Document::for_release(release)
            .unwrap_or_else(|| panic!("the server has no schema for Kubernetes {release}"));
        Arc::new(AppState {
            migration: Migration::new(gates, registry()),
            options,
            store,
            schema,
        })
    }

    /// The migration (gates, registry, metrics).
    pub fn migration(&self) -> &Migration {
        &self.migration
    }

    /// The exported schema of the server's release.
    pub fn schema(&self) -> &'static Document {
        self.schema
    }
}

type Q = Query<HashMap<String, String>>;

/// The routes (without the connection-level limits of [`crate::serve`]).
pub fn router(state: Arc<AppState>) -> Router {
    let ns = format!("{GV_PATH}/namespaces/{{ns}}/{RESOURCE}");
    Router::new()
        .route("/version", get(|| async { discovery::version() }))
        .route(
            "/apis",
            get(|h: HeaderMap| async move { discovery::apis(&h) }),
        )
        .route("/apis/example.dev", get(|| async { discovery::group() }))
        .route(GV_PATH, get(|| async { discovery::resources() }))
        .route(
            "/openapi/v3",
            get(|State(s): State<Arc<AppState>>| async move { discovery::openapi_root(s.schema) }),
        )
        .route(
            "/openapi/v3/apis/example.dev/v1",
            get(|State(s): State<Arc<AppState>>| async move {
                discovery::openapi_gv_response(s.schema)
            }),
        )
        .route("/openapi/v2", get(|| async { discovery::openapi_v2() }))
        .route(&format!("{GV_PATH}/{RESOURCE}"), get(list_all))
        .route(&ns, get(list_ns).post(create).delete(delete_collection))
        .route(
            &format!("{ns}/{{name}}"),
            get(read).put(update).patch(patch).delete(delete),
        )
        .route(
            &format!("{ns}/{{name}}/{{sub}}"),
            get(read_sub).put(update).patch(patch),
        )
        .route("/metrics", get(metrics))
        .route("/healthz", get(|| async { "ok" }))
        .fallback(|| async { Status::no_route() })
        .method_not_allowed_fallback(|| async { Status::method_not_allowed() })
        .with_state(state)
}

async fn metrics(State(state): State<Arc<AppState>>) -> Response {
    (
        [(header::CONTENT_TYPE, TEXT_CONTENT_TYPE)],
        state.migration.metrics().encode_text(),
    )
        .into_response()
}

/// The storage key of an object.
pub fn key(ns: &str, name: &str) -> String {
    format!("/registry/{GROUP}/{RESOURCE}/{ns}/{name}")
}

fn prefix(ns: Option<&str>) -> String {
    match ns {
        Some(ns) => format!("/registry/{GROUP}/{RESOURCE}/{ns}/"),
        None => format!("/registry/{GROUP}/{RESOURCE}/"),
    }
}

fn store_err(e: StoreError, name: &str) -> Status {
    match e {
        StoreError::Exists => Status::already_exists(name),
        StoreError::NotFound => Status::not_found(name),
        StoreError::Conflict => Status::conflict(name),
        StoreError::Expired => Status::gone(""),
        StoreError::Internal(e) => Status::internal(e),
    }
}

/// An object read from the store, with its `resourceVersion` set.
fn load(bytes: &[u8], rv: u64) -> Result<Widget, Status> {
    let mut w: Widget = serde_json::from_slice(bytes).map_err(Status::internal)?;
    w.metadata.resource_version = rv.to_string();
    Ok(w)
}

fn to_bytes(w: &Widget) -> Vec<u8> {
    let mut w = w.clone();
    w.metadata.resource_version.clear();
    serde_json::to_vec(&w).expect("a Widget serializes")
}

fn object_response(code: StatusCode, w: &Widget, warnings: &[String]) -> Response {
    let body = serde_json::to_string(w).expect("a Widget serializes");
    let mut r = (code, [(header::CONTENT_TYPE, JSON)], body).into_response();
    add_warnings(r.headers_mut(), warnings);
    r
}

fn add_warnings(h: &mut HeaderMap, warnings: &[String]) {
    for w in warnings {
        let v = format!("299 - {}", crate::status::go_quote(w));
        if let Ok(v) = HeaderValue::from_str(&v) {
            h.append("Warning", v);
        }
    }
}

fn with_warnings(resp: impl IntoResponse, warnings: &[String]) -> Response {
    let mut r = resp.into_response();
    add_warnings(r.headers_mut(), warnings);
    r
}

fn dry_run(q: &HashMap<String, String>) -> Result<bool, Status> {
    match q.get("dryRun").map(String::as_str) {
        None | Some("") => Ok(false),
        Some("All") => Ok(true),
        Some(other) => Err(Status::bad_request(format!(
            "dryRun: Unsupported value: {}: supported values: \"All\"",
            crate::status::go_quote(other)
        ))),
    }
}

/// The field manager: `fieldManager`, else the user agent up to its `/`
/// (upstream's default).
fn manager(q: &HashMap<String, String>, h: &HeaderMap) -> String {
    if let Some(m) = q.get("fieldManager").filter(|m| !m.is_empty()) {
        return m.clone();
    }
    h.get(header::USER_AGENT)
        .and_then(|v| v.to_str().ok())
        .map(|ua| ua.split('/').next().unwrap_or("").to_owned())
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| "unknown".to_owned())
}

fn content_type(h: &HeaderMap) -> Option<&str> {
    h.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok())
}

/// A decoded object body: the value and the strict-decoding warnings.
struct ObjectBody {
    value: Value,
    warnings: Vec<String>,
}

/// Parses an object body: media type (415), size (413), JSON or YAML
/// (400), `apiVersion`/`kind` (400), unknown and duplicate fields (400 for
/// `Strict`, warnings for `Warn`).
async fn object_body(
    s: &AppState,
    h: &HeaderMap,
    body: Body,
    fv: FieldValidation,
) -> Result<ObjectBody, Status> {
    let media = decode::media(content_type(h));
    if !matches!(media, Media::Json | Media::Yaml) {
        return Err(Status::unsupported_media_type(decode::OBJECT_MEDIA));
    }
    let bytes = decode::read_body(body).await?;
    let d = decode::parse(&bytes, media == Media::Yaml).map_err(|e| decode::cannot_handle(&e))?;
    let mut b = ObjectBody {
        value: d.value.clone(),
        warnings: Vec::new(),
    };
    decode::check_type_meta(&mut b.value)?;
    b.warnings = strictness(&decode::strict_problems(&d, s.schema.widget()), fv)?;
    Ok(b)
}

fn strictness(problems: &[String], fv: FieldValidation) -> Result<Vec<String>, Status> {
    if problems.is_empty() {
        return Ok(Vec::new());
    }
    match fv {
        FieldValidation::Strict => Err(decode::cannot_handle(&format!(
            "strict decoding error: {}",
            problems.join(", ")
        ))),
        FieldValidation::Warn => Ok(problems.to_vec()),
        FieldValidation::Ignore => Ok(Vec::new()),
    }
}

fn typed(v: &Value) -> Result<Widget, Status> {
    serde_json::from_value(v.clone()).map_err(|e| decode::cannot_handle(&e.to_string()))
}

fn value_of(w: &Widget) -> Value {
    serde_json::to_value(w).expect("a Widget serializes")
}

fn validate(state: &AppState, new: &Widget, old: Option<&Widget>, sub: Subresource) -> ErrorList {
    match old {
        None => state.migration.validate(
            new,
            None,
            &state.options.define(Operation::create()),
            handwritten::validate_create(new),
        ),
        Some(old) => {
            let op = state.options.define(sub.update_operation());
            let hv = sub.validate_update_handwritten(new, old);
            let errs = state.migration.validate(new, Some(old), &op, hv);
            if !errs.is_empty() {
                state
                    .migration
                    .record_duplicate_validation_errors(&format!("{KIND}.{GROUP}"), &errs);
            }
            errs
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::migrate::Release;
    use crate::store::embedded::Embedded;

    /// The schema the server decodes, merges and serves by is its
    /// release's export.
    #[test]
    fn the_schema_follows_the_release() {
        for &release in Release::SUPPORTED {
            let dir = std::env::temp_dir().join(format!(
                "example-server-{}-schema-{release}",
                std::process::id()
            ));
            let _ = std::fs::remove_dir_all(&dir);
            let store = Embedded::open(&dir).unwrap();
            let state = AppState::new(
                FeatureGates::for_release(release),
                ValidationOptions::default(),
                Box::new(store),
            );
            assert_eq!(state.schema().release(), release);
            drop(state);
            let _ = std::fs::remove_dir_all(&dir);
        }
    }
}
