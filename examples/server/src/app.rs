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
use serde_json::{json, Value};
use validation_runtime::field::ErrorList;
use validation_runtime::Operation;

use crate::api::{Widget, API_VERSION, GROUP, KIND, LIST_KIND, RESOURCE};
use crate::decode::{self, FieldValidation, Media};
use crate::discovery;
use crate::handwritten;
use crate::migrate::{FeatureGates, Migration, Registry, TEXT_CONTENT_TYPE};
use crate::schema;
use crate::ssa;
use crate::status::{Status, JSON};
use crate::store::{Storage, StoreError};
use crate::util;

/// The path prefix of the group-version.
pub const GV_PATH: &str = "/apis/example.dev/v1";

/// What the handlers share.
pub struct AppState {
    migration: Migration,
    store: Box<dyn Storage>,
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
    /// State for the given gates over a store.
    pub fn new(gates: FeatureGates, store: Box<dyn Storage>) -> Arc<AppState> {
        Arc::new(AppState {
            migration: Migration::new(gates, registry()),
            store,
        })
    }

    /// The migration (gates, registry, metrics).
    pub fn migration(&self) -> &Migration {
        &self.migration
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
        .route("/openapi/v3", get(|| async { discovery::openapi_root() }))
        .route(
            "/openapi/v3/apis/example.dev/v1",
            get(|| async { discovery::openapi_gv_response() }),
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
            get(read_sub).put(update_sub).patch(patch_sub),
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
async fn object_body(h: &HeaderMap, body: Body, fv: FieldValidation) -> Result<ObjectBody, Status> {
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
    b.warnings = strictness(&decode::strict_problems(&d, schema::widget()), fv)?;
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

fn validate(state: &AppState, new: &Widget, old: Option<&Widget>, sub: &str) -> ErrorList {
    match old {
        None => state.migration.validate(
            new,
            None,
            &Operation::create(),
            handwritten::validate_create(new),
        ),
        Some(old) => {
            let (op, hv) = match sub {
                "status" => (
                    Operation::update().with_subresource("status"),
                    handwritten::validate_status_update(new, old),
                ),
                "scale" => (
                    Operation::update().with_subresource("scale"),
                    handwritten::validate_scale_update(new, old),
                ),
                _ => (Operation::update(), handwritten::validate_update(new, old)),
            };
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

// ---- reads ----------------------------------------------------------------

async fn list_all(State(s): State<Arc<AppState>>, Query(q): Q) -> Response {
    list(&s, None, &q)
        .await
        .unwrap_or_else(|e| e.into_response())
}

async fn list_ns(State(s): State<Arc<AppState>>, Path(ns): Path<String>, Query(q): Q) -> Response {
    list(&s, Some(&ns), &q)
        .await
        .unwrap_or_else(|e| e.into_response())
}

async fn list(
    s: &AppState,
    ns: Option<&str>,
    q: &HashMap<String, String>,
) -> Result<Response, Status> {
    let labels = crate::selector::Selector::parse(q.get("labelSelector").map_or("", |s| s))
        .map_err(Status::bad_request)?;
    let fields = crate::selector::FieldSelector::parse(q.get("fieldSelector").map_or("", |s| s))
        .map_err(Status::bad_request)?;
    let keep = move |w: &Widget| labels.matches(&w.metadata.labels) && fields.matches(w);
    if q.get("watch").is_some_and(|w| w == "true" || w == "1") {
        return watch(s, ns, q, keep).await;
    }
    let (items, rv) = s
        .store
        .list(&prefix(ns))
        .await
        .map_err(|e| store_err(e, ""))?;
    let mut body = format!(
        r#"{{"apiVersion":"{API_VERSION}","kind":"{LIST_KIND}","metadata":{{"resourceVersion":"{rv}"}},"items":["#
    );
    let mut first = true;
    for (_, st) in items {
        let w = load(&st.value, st.rv)?;
        if keep(&w) {
            if !first {
                body.push(',');
            }
            first = false;
            body.push_str(&serde_json::to_string(&w).expect("a Widget serializes"));
        }
    }
    body.push_str("]}");
    Ok(([(header::CONTENT_TYPE, JSON)], body).into_response())
}

/// One line of a watch stream: `{"type":"ADDED","object":{...}}`.
fn event_line(kind: &str, object: &str) -> String {
    format!("{{\"type\":\"{kind}\",\"object\":{object}}}\n")
}

async fn watch(
    s: &AppState,
    ns: Option<&str>,
    q: &HashMap<String, String>,
    keep: impl Fn(&Widget) -> bool + Send + Sync + 'static,
) -> Result<Response, Status> {
    let from = q.get("resourceVersion").map_or("", |s| s.as_str());
    let mut initial = Vec::new();
    let after = if from.is_empty() || from == "0" {
        // No starting point: the current state as ADDED events first.
        let (items, rv) = s
            .store
            .list(&prefix(ns))
            .await
            .map_err(|e| store_err(e, ""))?;
        for (_, st) in items {
            let w = load(&st.value, st.rv)?;
            if keep(&w) {
                initial.push(event_line(
                    "ADDED",
                    &serde_json::to_string(&w).expect("a Widget serializes"),
                ));
            }
        }
        rv
    } else {
        from.parse::<u64>()
            .map_err(|_| Status::bad_request(format!("invalid resource version: {from}")))?
    };
    let events = s
        .store
        .watch(&prefix(ns), after)
        .await
        .map_err(|e| match e {
            StoreError::Expired => Status::gone(from),
            e => store_err(e, ""),
        })?;
    let timeout = q
        .get("timeoutSeconds")
        .and_then(|t| t.parse::<u64>().ok())
        .unwrap_or(1800);
    let live = events.filter_map(move |e| {
        let line = match e {
            Ok(e) => match load(&e.value, e.rv) {
                Ok(w) if keep(&w) => Some(event_line(
                    e.kind.as_str(),
                    &serde_json::to_string(&w).expect("a Widget serializes"),
                )),
                _ => None,
            },
            Err(_) => Some(event_line("ERROR", &Status::gone("").body())),
        };
        futures_util::future::ready(line)
    });
    let stream = futures_util::stream::iter(initial)
        .chain(live)
        .map(Ok::<_, std::convert::Infallible>);
    let deadline = tokio::time::sleep(std::time::Duration::from_secs(timeout));
    let stream = stream.take_until(deadline);
    Ok(([(header::CONTENT_TYPE, JSON)], Body::from_stream(stream)).into_response())
}

async fn read(
    State(s): State<Arc<AppState>>,
    Path((ns, name)): Path<(String, String)>,
) -> Response {
    match get_obj(&s, &ns, &name).await {
        Ok(w) => object_response(StatusCode::OK, &w, &[]),
        Err(e) => e.into_response(),
    }
}

async fn get_obj(s: &AppState, ns: &str, name: &str) -> Result<Widget, Status> {
    match s.store.get(&key(ns, name)).await {
        Ok(Some(st)) => load(&st.value, st.rv),
        Ok(None) => Err(Status::not_found(name)),
        Err(e) => Err(store_err(e, name)),
    }
}

async fn read_sub(
    State(s): State<Arc<AppState>>,
    Path((ns, name, sub)): Path<(String, String, String)>,
) -> Response {
    let w = match get_obj(&s, &ns, &name).await {
        Ok(w) => w,
        Err(e) => return e.into_response(),
    };
    match sub.as_str() {
        "status" => object_response(StatusCode::OK, &w, &[]),
        "scale" => scale_response(&w),
        _ => Status::no_route().into_response(),
    }
}

// ---- scale ----------------------------------------------------------------

fn scale_of(w: &Widget) -> Value {
    let mut meta = json!({"name": w.metadata.name, "namespace": w.metadata.namespace,
                          "uid": w.metadata.uid, "resourceVersion": w.metadata.resource_version,
                          "creationTimestamp": w.metadata.creation_timestamp});
    if let Value::Object(m) = &mut meta {
        m.retain(|_, v| v != "");
    }
    json!({"kind": "Scale", "apiVersion": "autoscaling/v1", "metadata": meta,
           "spec": {"replicas": w.spec.replicas.unwrap_or(0)},
           "status": {"replicas": w.status.replicas.unwrap_or(0)}})
}

fn scale_response(w: &Widget) -> Response {
    ([(header::CONTENT_TYPE, JSON)], scale_of(w).to_string()).into_response()
}

// ---- writes ---------------------------------------------------------------

async fn create(
    State(s): State<Arc<AppState>>,
    Path(ns): Path<String>,
    Query(q): Q,
    h: HeaderMap,
    body: Body,
) -> Response {
    create_inner(&s, &ns, &q, &h, body)
        .await
        .unwrap_or_else(|e| e.into_response())
}

async fn create_inner(
    s: &AppState,
    ns: &str,
    q: &HashMap<String, String>,
    h: &HeaderMap,
    body: Body,
) -> Result<Response, Status> {
    let fv = FieldValidation::parse(q.get("fieldValidation").map(String::as_str))?;
    let dry = dry_run(q)?;
    // 1. Decode strictly (400).
    let b = object_body(h, body, fv).await?;
    let mut w = typed(&b.value)?;
    if w.metadata.namespace.is_empty() {
        w.metadata.namespace = ns.to_owned();
    } else if w.metadata.namespace != ns {
        return Err(Status::bad_request(
            "the namespace of the provided object does not match the namespace sent on the request",
        ));
    }
    if !w.metadata.resource_version.is_empty() {
        return Err(Status::bad_request(
            "resourceVersion should not be set on objects to be created",
        ));
    }
    // 2. Validate (422), 3. store (409).
    Ok(match create_object(s, w, q, h, dry, None).await {
        Ok(w) => object_response(StatusCode::CREATED, &w, &b.warnings),
        Err(e) => with_warnings(e, &b.warnings),
    })
}

/// Prepares, validates (422) and stores (409) a new object. `applied` is
/// the apply configuration of a server-side apply that creates.
async fn create_object(
    s: &AppState,
    mut w: Widget,
    q: &HashMap<String, String>,
    h: &HeaderMap,
    dry: bool,
    applied: Option<(&Value, bool)>,
) -> Result<Widget, Status> {
    let now = util::now_rfc3339();
    // The status subresource is enabled: a create does not set the status.
    w.status = Default::default();
    w.metadata.uid = util::new_uid();
    w.metadata.creation_timestamp = now.clone();
    w.metadata.generation = 1;
    w.metadata.managed_fields.clear();
    let errs = validate(s, &w, None, "");
    if !errs.is_empty() {
        return Err(Status::invalid(&w.metadata.name, &errs));
    }
    let mgr = manager(q, h);
    let mut entries = Vec::new();
    match applied {
        Some((config, force)) => {
            ssa::apply(
                &Value::Null,
                config,
                schema::widget(),
                &mut entries,
                &mgr,
                "",
                force,
                &now,
            )?;
        }
        None => ssa::record_update(
            &mut entries,
            None,
            &value_of(&w),
            schema::widget(),
            &mgr,
            "",
            &now,
        ),
    }
    w.metadata.managed_fields = entries;
    if dry {
        return Ok(w);
    }
    let rv = s
        .store
        .create(&key(&w.metadata.namespace, &w.metadata.name), to_bytes(&w))
        .await
        .map_err(|e| store_err(e, &w.metadata.name))?;
    w.metadata.resource_version = rv.to_string();
    Ok(w)
}

async fn update(
    State(s): State<Arc<AppState>>,
    Path((ns, name)): Path<(String, String)>,
    Query(q): Q,
    h: HeaderMap,
    body: Body,
) -> Response {
    put_inner(&s, &ns, &name, "", &q, &h, body)
        .await
        .unwrap_or_else(|e| e.into_response())
}

async fn update_sub(
    State(s): State<Arc<AppState>>,
    Path((ns, name, sub)): Path<(String, String, String)>,
    Query(q): Q,
    h: HeaderMap,
    body: Body,
) -> Response {
    if sub != "status" && sub != "scale" {
        return Status::no_route().into_response();
    }
    put_inner(&s, &ns, &name, &sub, &q, &h, body)
        .await
        .unwrap_or_else(|e| e.into_response())
}

/// What a write produces from the current object.
enum Change {
    /// A full object (PUT) with an optional `resourceVersion` precondition.
    Replace(Box<Widget>),
    /// A merge or JSON patch of the object's (or the Scale's) JSON; unknown
    /// fields in the result follow `fieldValidation`.
    Patch(Media, Vec<u8>, FieldValidation),
    /// A server-side apply configuration.
    Apply(Value, bool),
}

async fn put_inner(
    s: &AppState,
    ns: &str,
    name: &str,
    sub: &str,
    q: &HashMap<String, String>,
    h: &HeaderMap,
    body: Body,
) -> Result<Response, Status> {
    let fv = FieldValidation::parse(q.get("fieldValidation").map(String::as_str))?;
    let dry = dry_run(q)?;
    let (w, warnings) = if sub == "scale" {
        let media = decode::media(content_type(h));
        if media != Media::Json {
            return Err(Status::unsupported_media_type(decode::OBJECT_MEDIA));
        }
        let bytes = decode::read_body(body).await?;
        let v: Value =
            serde_json::from_slice(&bytes).map_err(|e| Status::bad_request(e.to_string()))?;
        let mut w = Widget::default();
        w.metadata.name = v["metadata"]["name"].as_str().unwrap_or(name).to_owned();
        w.metadata.resource_version = v["metadata"]["resourceVersion"]
            .as_str()
            .unwrap_or("")
            .to_owned();
        w.spec.replicas = v["spec"]["replicas"].as_i64().map(|r| r as i32);
        (w, Vec::new())
    } else {
        let b = object_body(h, body, fv).await?;
        (typed(&b.value)?, b.warnings)
    };
    if w.metadata.name != name {
        return Err(Status::bad_request(format!(
            "the name of the object ({}) does not match the name on the URL ({name})",
            w.metadata.name
        )));
    }
    if !w.metadata.namespace.is_empty() && w.metadata.namespace != ns {
        return Err(Status::bad_request(
            "the namespace of the provided object does not match the namespace sent on the request",
        ));
    }
    let r = write(s, ns, name, sub, q, h, dry, Change::Replace(Box::new(w))).await;
    r.map(|(w, code, _)| respond(sub, code, &w, &warnings))
        .or_else(|e| Ok(with_warnings(e, &warnings)))
}

fn respond(sub: &str, code: StatusCode, w: &Widget, warnings: &[String]) -> Response {
    if sub == "scale" {
        with_warnings(scale_response(w), warnings)
    } else {
        object_response(code, w, warnings)
    }
}

async fn patch(
    State(s): State<Arc<AppState>>,
    Path((ns, name)): Path<(String, String)>,
    Query(q): Q,
    h: HeaderMap,
    body: Body,
) -> Response {
    patch_inner(&s, &ns, &name, "", &q, &h, body)
        .await
        .unwrap_or_else(|e| e.into_response())
}

async fn patch_sub(
    State(s): State<Arc<AppState>>,
    Path((ns, name, sub)): Path<(String, String, String)>,
    Query(q): Q,
    h: HeaderMap,
    body: Body,
) -> Response {
    if sub != "status" && sub != "scale" {
        return Status::no_route().into_response();
    }
    patch_inner(&s, &ns, &name, &sub, &q, &h, body)
        .await
        .unwrap_or_else(|e| e.into_response())
}

async fn patch_inner(
    s: &AppState,
    ns: &str,
    name: &str,
    sub: &str,
    q: &HashMap<String, String>,
    h: &HeaderMap,
    body: Body,
) -> Result<Response, Status> {
    let fv = FieldValidation::parse(q.get("fieldValidation").map(String::as_str))?;
    let dry = dry_run(q)?;
    let media = decode::media(content_type(h));
    match media {
        Media::MergePatch | Media::JsonPatch => {}
        Media::ApplyPatch if sub != "scale" => {}
        _ => return Err(Status::unsupported_media_type(decode::PATCH_MEDIA)),
    }
    let bytes = decode::read_body(body).await?;
    let mut warnings = Vec::new();
    let change = if media == Media::ApplyPatch {
        let d = decode::parse(&bytes, true).map_err(|e| decode::cannot_handle(&e))?;
        let mut v = d.value;
        decode::check_type_meta(&mut v)?;
        let problems = decode::strict_problems(
            &decode::Decoded {
                value: v.clone(),
                duplicates: Vec::new(),
            },
            schema::widget(),
        );
        // Unknown fields of an apply configuration follow fieldValidation
        // like every write.
        warnings = strictness(&problems, fv)?;
        let force = q.get("force").is_some_and(|f| f == "true");
        Change::Apply(v, force)
    } else {
        Change::Patch(media, bytes, fv)
    };
    let r = write(s, ns, name, sub, q, h, dry, change).await;
    Ok(match r {
        Ok((w, code, more)) => {
            warnings.extend(more);
            respond(sub, code, &w, &warnings)
        }
        Err(e) => with_warnings(e, &warnings),
    })
}

/// Upstream's `GuaranteedUpdate`: read (404), compute the new object,
/// check the `resourceVersion` precondition (409), validate (422), store
/// with compare-and-swap, retrying on a concurrent write when the request
/// had no precondition. A change that changes nothing is not written.
#[allow(clippy::too_many_arguments)]
async fn write(
    s: &AppState,
    ns: &str,
    name: &str,
    sub: &str,
    q: &HashMap<String, String>,
    h: &HeaderMap,
    dry: bool,
    change: Change,
) -> Result<(Widget, StatusCode, Vec<String>), Status> {
    let mgr = manager(q, h);
    let mut warnings = Vec::new();
    for _attempt in 0..16 {
        let old = match s.store.get(&key(ns, name)).await {
            Ok(Some(st)) => load(&st.value, st.rv)?,
            Ok(None) => {
                if let Change::Apply(config, force) = &change {
                    if sub.is_empty() {
                        let mut w = typed(config)?;
                        if w.metadata.namespace.is_empty() {
                            w.metadata.namespace = ns.to_owned();
                        }
                        if w.metadata.name != name {
                            return Err(Status::bad_request(format!(
                                "the name of the object ({}) does not match the name on the URL ({name})",
                                w.metadata.name
                            )));
                        }
                        let w = create_object(s, w, q, h, dry, Some((config, *force))).await?;
                        return Ok((w, StatusCode::CREATED, warnings));
                    }
                }
                return Err(Status::not_found(name));
            }
            Err(e) => return Err(store_err(e, name)),
        };
        let old_rv: u64 = old.metadata.resource_version.parse().unwrap_or(0);
        let now = util::now_rfc3339();
        let old_value = value_of(&old);
        let mut entries = old.metadata.managed_fields.clone();
        let mut new = match &change {
            Change::Replace(w) => {
                let mut new = old.clone();
                match sub {
                    "status" => new.status = w.status.clone(),
                    "scale" => new.spec.replicas = w.spec.replicas,
                    _ => {
                        new.spec = w.spec.clone();
                        new.metadata.labels = w.metadata.labels.clone();
                        new.metadata.annotations = w.metadata.annotations.clone();
                        if !w.metadata.managed_fields.is_empty() {
                            entries = w.metadata.managed_fields.clone();
                        }
                    }
                }
                new.metadata.resource_version = w.metadata.resource_version.clone();
                new
            }
            Change::Patch(media, bytes, fv) => {
                let target = if sub == "scale" {
                    scale_of(&old)
                } else {
                    old_value.clone()
                };
                let patched = apply_patch(*media, bytes, target)?;
                let mut new = old.clone();
                match sub {
                    "scale" => {
                        new.spec.replicas = patched["spec"]["replicas"].as_i64().map(|r| r as i32);
                        new.metadata.resource_version = patched["metadata"]["resourceVersion"]
                            .as_str()
                            .unwrap_or("")
                            .to_owned();
                    }
                    _ => {
                        let mut pv = patched;
                        decode::check_type_meta(&mut pv)?;
                        let problems: Vec<String> = schema::widget()
                            .unknown_fields(&pv)
                            .into_iter()
                            .map(|p| format!("unknown field {}", crate::status::go_quote(&p)))
                            .collect();
                        warnings = strictness(&problems, *fv)?;
                        let p = typed(&pv)?;
                        if p.metadata.name != name {
                            return Err(Status::bad_request(format!(
                                "the name of the object ({}) does not match the name on the URL ({name})",
                                p.metadata.name
                            )));
                        }
                        if sub == "status" {
                            new.status = p.status;
                        } else {
                            new.spec = p.spec;
                            new.metadata.labels = p.metadata.labels;
                            new.metadata.annotations = p.metadata.annotations;
                        }
                        new.metadata.resource_version = p.metadata.resource_version;
                    }
                }
                new
            }
            Change::Apply(config, force) => {
                let scope = if sub == "status" { "status" } else { "spec" };
                let mut cfg = config.clone();
                if let Value::Object(m) = &mut cfg {
                    m.retain(|k, _| {
                        k == scope || k == "metadata" || k == "apiVersion" || k == "kind"
                    });
                    if sub == "status" {
                        m.remove("metadata");
                    }
                }
                let merged = ssa::apply(
                    &old_value,
                    &cfg,
                    schema::widget(),
                    &mut entries,
                    &mgr,
                    sub,
                    *force,
                    &now,
                )?;
                let p = typed(&merged)?;
                let mut new = old.clone();
                if sub == "status" {
                    new.status = p.status;
                } else {
                    new.spec = p.spec;
                    new.metadata.labels = p.metadata.labels;
                    new.metadata.annotations = p.metadata.annotations;
                }
                new
            }
        };
        // A custom resource allows no unconditional update: a PUT of the
        // resource or of /status must carry a resourceVersion (upstream's
        // store, `AllowUnconditionalUpdate() == false`); /scale copies it
        // only when the Scale has one.
        if matches!(change, Change::Replace(_))
            && sub != "scale"
            && new.metadata.resource_version.is_empty()
        {
            let errs: ErrorList = validation_runtime::field::Error::invalid(
                "metadata.resourceVersion",
                validation_runtime::field::BadValue::Json("0x0".into()),
                "must be specified for an update",
            )
            .into();
            return Err(Status::invalid_kind(RESOURCE, name, &errs));
        }
        // The precondition (an explicit resourceVersion).
        let precondition = !new.metadata.resource_version.is_empty();
        if precondition && new.metadata.resource_version != old.metadata.resource_version {
            return Err(Status::conflict(name));
        }
        new.metadata.resource_version = old.metadata.resource_version.clone();
        if new.spec != old.spec {
            new.metadata.generation = old.metadata.generation + 1;
        }
        if !matches!(change, Change::Apply(..)) {
            ssa::record_update(
                &mut entries,
                Some(&old_value),
                &value_of(&new),
                schema::widget(),
                &mgr,
                sub,
                &now,
            );
        }
        new.metadata.managed_fields = entries;
        let errs = validate(s, &new, Some(&old), sub);
        if !errs.is_empty() {
            return Err(Status::invalid(name, &errs));
        }
        if new == old || dry {
            return Ok((new, StatusCode::OK, warnings));
        }
        match s.store.update(&key(ns, name), to_bytes(&new), old_rv).await {
            Ok(rv) => {
                new.metadata.resource_version = rv.to_string();
                return Ok((new, StatusCode::OK, warnings));
            }
            Err(StoreError::Conflict) if !precondition => continue,
            Err(StoreError::Conflict) => return Err(Status::conflict(name)),
            Err(e) => return Err(store_err(e, name)),
        }
    }
    Err(Status::conflict(name))
}

fn apply_patch(media: Media, bytes: &[u8], mut target: Value) -> Result<Value, Status> {
    match media {
        Media::MergePatch => {
            let p: Value = serde_json::from_slice(bytes)
                .map_err(|e| Status::bad_request(format!("error decoding patch: {e}")))?;
            json_patch::merge(&mut target, &p);
        }
        Media::JsonPatch => {
            let p: json_patch::Patch = serde_json::from_slice(bytes)
                .map_err(|e| Status::bad_request(format!("error decoding patch: {e}")))?;
            json_patch::patch(&mut target, &p).map_err(|e| {
                Status::new_unprocessable(format!(
                    "the server rejected our request due to an error in our request: {e}"
                ))
            })?;
        }
        _ => return Err(Status::unsupported_media_type(decode::PATCH_MEDIA)),
    }
    Ok(target)
}

/// `DELETE` on the collection (`deletecollection`): deletes the objects the
/// selectors match and answers the list of what was deleted.
async fn delete_collection(
    State(s): State<Arc<AppState>>,
    Path(ns): Path<String>,
    Query(q): Q,
    req: Request,
) -> Response {
    delete_collection_inner(&s, &ns, &q, req)
        .await
        .unwrap_or_else(|e| e.into_response())
}

async fn delete_collection_inner(
    s: &AppState,
    ns: &str,
    q: &HashMap<String, String>,
    req: Request,
) -> Result<Response, Status> {
    let mut dry = dry_run(q)?;
    let bytes = decode::read_body(req.into_body()).await?;
    if !bytes.iter().all(u8::is_ascii_whitespace) {
        let opts: Value = serde_json::from_slice(&bytes)
            .map_err(|e| Status::bad_request(format!("error decoding DeleteOptions: {e}")))?;
        if let Some(d) = opts.get("dryRun").and_then(Value::as_array) {
            dry |= d.iter().any(|v| v == "All");
        }
    }
    let labels = crate::selector::Selector::parse(q.get("labelSelector").map_or("", |s| s))
        .map_err(Status::bad_request)?;
    let fields = crate::selector::FieldSelector::parse(q.get("fieldSelector").map_or("", |s| s))
        .map_err(Status::bad_request)?;
    let (items, rv) = s
        .store
        .list(&prefix(Some(ns)))
        .await
        .map_err(|e| store_err(e, ""))?;
    let mut deleted = Vec::new();
    for (key, st) in items {
        let w = load(&st.value, st.rv)?;
        if !(labels.matches(&w.metadata.labels) && fields.matches(&w)) {
            continue;
        }
        if !dry {
            match s.store.delete(&key, st.rv).await {
                Ok(_) | Err(StoreError::NotFound) => {}
                // Changed meanwhile: upstream deletes it anyway.
                Err(StoreError::Conflict) => {
                    if let Ok(Some(now)) = s.store.get(&key).await {
                        let _ = s.store.delete(&key, now.rv).await;
                    }
                }
                Err(e) => return Err(store_err(e, &w.metadata.name)),
            }
        }
        deleted.push(serde_json::to_string(&w).expect("a Widget serializes"));
    }
    let body = format!(
        r#"{{"apiVersion":"{API_VERSION}","kind":"{LIST_KIND}","metadata":{{"resourceVersion":"{rv}"}},"items":[{}]}}"#,
        deleted.join(",")
    );
    Ok(([(header::CONTENT_TYPE, JSON)], body).into_response())
}

async fn delete(
    State(s): State<Arc<AppState>>,
    Path((ns, name)): Path<(String, String)>,
    Query(q): Q,
    req: Request,
) -> Response {
    delete_inner(&s, &ns, &name, &q, req)
        .await
        .unwrap_or_else(|e| e.into_response())
}

async fn delete_inner(
    s: &AppState,
    ns: &str,
    name: &str,
    q: &HashMap<String, String>,
    req: Request,
) -> Result<Response, Status> {
    let mut dry = dry_run(q)?;
    let bytes = decode::read_body(req.into_body()).await?;
    let mut precondition = None;
    if !bytes.iter().all(u8::is_ascii_whitespace) {
        let opts: Value = serde_json::from_slice(&bytes)
            .map_err(|e| Status::bad_request(format!("error decoding DeleteOptions: {e}")))?;
        // kubectl sends --dry-run=server for DELETE in the body.
        if let Some(d) = opts.get("dryRun").and_then(Value::as_array) {
            dry |= d.iter().any(|v| v == "All");
        }
        precondition = opts["preconditions"]["resourceVersion"]
            .as_str()
            .map(str::to_owned);
    }
    loop {
        let w = get_obj(s, ns, name).await?;
        if let Some(p) = &precondition {
            if *p != w.metadata.resource_version {
                return Err(Status::conflict(name));
            }
        }
        if dry {
            return Ok(object_response(StatusCode::OK, &w, &[]));
        }
        let rv: u64 = w.metadata.resource_version.parse().unwrap_or(0);
        match s.store.delete(&key(ns, name), rv).await {
            Ok(_) => return Ok(object_response(StatusCode::OK, &w, &[])),
            Err(StoreError::Conflict) if precondition.is_none() => continue,
            Err(e) => return Err(store_err(e, name)),
        }
    }
}
