//! The HTTP side: routes, an in-memory store, Kubernetes `Status` answers.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post, put};
use axum::Router;
use validation_migration::{
    invalid_status_json, FeatureGates, Migration, Registry, TEXT_CONTENT_TYPE,
};
use validation_runtime::field::{write_json_string, ErrorList};
use validation_runtime::Operation;

use crate::api::{Widget, API_VERSION, GROUP, KIND};
use crate::handwritten;

/// The collection path.
pub const WIDGETS: &str = "/apis/example.dev/v1/widgets";

/// What the handlers share.
pub struct AppState {
    migration: Migration,
    store: Mutex<BTreeMap<String, Widget>>,
}

/// The registry of this server's types.
pub fn registry() -> Registry {
    let mut registry = Registry::new();
    registry
        .register::<Widget>(KIND)
        .group(GROUP)
        .api_version(API_VERSION)
        .go_type_name("*v1.Widget")
        .handwritten(|new, old, op| match (old, op.subresources()) {
            (None, _) => handwritten::validate_create(new),
            (Some(old), [s]) if s == "status" => handwritten::validate_status_update(new, old),
            (Some(old), [s]) if s == "scale" => handwritten::validate_scale_update(new, old),
            (Some(old), _) => handwritten::validate_update(new, old),
        })
        .from_json();
    registry
}

impl AppState {
    /// State for the given gates, with an empty store.
    pub fn new(gates: FeatureGates) -> Arc<AppState> {
        Arc::new(AppState {
            migration: Migration::new(gates, registry()),
            store: Mutex::new(BTreeMap::new()),
        })
    }

    /// The migration (gates, registry, metrics).
    pub fn migration(&self) -> &Migration {
        &self.migration
    }
}

/// The routes.
pub fn router(state: Arc<AppState>) -> Router {
    Router::new()
        .route(WIDGETS, post(create))
        .route(&format!("{WIDGETS}/{{name}}"), get(read).put(update))
        .route(
            &format!("{WIDGETS}/{{name}}/{{subresource}}"),
            put(update_subresource),
        )
        .route("/metrics", get(metrics))
        .route("/healthz", get(|| async { "ok" }))
        .with_state(state)
}

async fn metrics(State(state): State<Arc<AppState>>) -> Response {
    (
        [(header::CONTENT_TYPE, TEXT_CONTENT_TYPE)],
        state.migration.metrics().encode_text(),
    )
        .into_response()
}

async fn read(State(state): State<Arc<AppState>>, Path(name): Path<String>) -> Response {
    match state.store.lock().unwrap().get(&name) {
        Some(w) => json(StatusCode::OK, w),
        None => not_found(&name),
    }
}

async fn create(State(state): State<Arc<AppState>>, body: Bytes) -> Response {
    let mut w: Widget = match decode(&body) {
        Ok(w) => w,
        Err(resp) => return resp,
    };
    defaults(&mut w);
    let op = Operation::create();
    let errs = state
        .migration
        .validate(&w, None, &op, handwritten::validate_create(&w));
    if !errs.is_empty() {
        return invalid(&w.metadata.name, &errs);
    }
    let mut store = state.store.lock().unwrap();
    if store.contains_key(&w.metadata.name) {
        return status(
            StatusCode::CONFLICT,
            "AlreadyExists",
            &format!("widgets.{GROUP} {:?} already exists", w.metadata.name),
            &w.metadata.name,
        );
    }
    store.insert(w.metadata.name.clone(), w.clone());
    json(StatusCode::CREATED, &w)
}

async fn update(
    State(state): State<Arc<AppState>>,
    Path(name): Path<String>,
    body: Bytes,
) -> Response {
    let mut new: Widget = match decode(&body) {
        Ok(w) => w,
        Err(resp) => return resp,
    };
    defaults(&mut new);
    if new.metadata.name != name {
        return status(
            StatusCode::BAD_REQUEST,
            "BadRequest",
            &format!(
                "the name of the object ({}) does not match the name on the URL ({name})",
                new.metadata.name
            ),
            &name,
        );
    }
    let Some(old) = state.store.lock().unwrap().get(&name).cloned() else {
        return not_found(&name);
    };
    let op = Operation::update();
    let hv = handwritten::validate_update(&new, &old);
    store_update(&state, new, &old, &op, hv)
}

/// `PUT .../widgets/{name}/status` takes a Widget and keeps its status;
/// `PUT .../widgets/{name}/scale` takes `{"spec":{"replicas":N}}`.
async fn update_subresource(
    State(state): State<Arc<AppState>>,
    Path((name, subresource)): Path<(String, String)>,
    body: Bytes,
) -> Response {
    let Some(old) = state.store.lock().unwrap().get(&name).cloned() else {
        return not_found(&name);
    };
    let incoming: Widget = match decode(&body) {
        Ok(w) => w,
        Err(resp) => return resp,
    };
    let mut new = old.clone();
    let hv = match subresource.as_str() {
        "status" => {
            new.status = incoming.status;
            handwritten::validate_status_update(&new, &old)
        }
        "scale" => {
            new.spec.replicas = incoming.spec.replicas;
            handwritten::validate_scale_update(&new, &old)
        }
        _ => {
            return status(
                StatusCode::NOT_FOUND,
                "NotFound",
                "the server could not find the requested resource",
                &name,
            )
        }
    };
    let op = Operation::update().with_subresource(&subresource);
    store_update(&state, new, &old, &op, hv)
}

fn store_update(
    state: &AppState,
    new: Widget,
    old: &Widget,
    op: &Operation,
    hv: ErrorList,
) -> Response {
    let errs = state.migration.validate(&new, Some(old), op, hv);
    if !errs.is_empty() {
        state
            .migration
            .record_duplicate_validation_errors(&format!("{KIND}.{GROUP}"), &errs);
        return invalid(&new.metadata.name, &errs);
    }
    state
        .store
        .lock()
        .unwrap()
        .insert(new.metadata.name.clone(), new.clone());
    json(StatusCode::OK, &new)
}

fn defaults(w: &mut Widget) {
    if w.api_version.is_empty() {
        w.api_version = API_VERSION.into();
    }
    if w.kind.is_empty() {
        w.kind = KIND.into();
    }
}

#[allow(clippy::result_large_err)]
fn decode(body: &[u8]) -> Result<Widget, Response> {
    serde_json::from_slice(body).map_err(|e| {
        status(
            StatusCode::BAD_REQUEST,
            "BadRequest",
            &format!("the body of the request could not be decoded: {e}"),
            "",
        )
    })
}

fn json(code: StatusCode, w: &Widget) -> Response {
    let body = serde_json::to_string(w).expect("a Widget serializes");
    (code, [(header::CONTENT_TYPE, "application/json")], body).into_response()
}

fn invalid(name: &str, errs: &ErrorList) -> Response {
    (
        StatusCode::UNPROCESSABLE_ENTITY,
        [(header::CONTENT_TYPE, "application/json")],
        invalid_status_json(GROUP, KIND, name, errs),
    )
        .into_response()
}

fn not_found(name: &str) -> Response {
    status(
        StatusCode::NOT_FOUND,
        "NotFound",
        &format!("widgets.{GROUP} {name:?} not found"),
        name,
    )
}

/// A `Status` failure body without causes.
fn status(code: StatusCode, reason: &str, message: &str, name: &str) -> Response {
    let mut body = String::from(
        r#"{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"#,
    );
    write_json_string(message, &mut body);
    body.push_str(r#","reason":"#);
    write_json_string(reason, &mut body);
    body.push_str(r#","details":{"#);
    if !name.is_empty() {
        body.push_str(r#""name":"#);
        write_json_string(name, &mut body);
        body.push(',');
    }
    body.push_str(r#""group":"example.dev","kind":"widgets"},"code":"#);
    body.push_str(&code.as_u16().to_string());
    body.push('}');
    (code, [(header::CONTENT_TYPE, "application/json")], body).into_response()
}
