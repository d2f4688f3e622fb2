//! Writes: create, update, patch (merge, JSON, server-side apply), delete
//! and deletecollection, with upstream's check order.

use axum::extract::FromRequestParts;
use axum::http::request::Parts;

use super::*;

// ---- the request ----------------------------------------------------------

/// What a create, update or patch says besides its body, read once from
/// the URL, the query and the headers.
pub(super) struct RequestContext {
    /// The URL's namespace.
    pub ns: String,
    /// The URL's object name (empty for a create: the body names it).
    pub name: String,
    /// The resource or subresource the URL names.
    pub sub: Subresource,
    /// `dryRun=All`: everything runs, nothing is stored.
    pub dry_run: bool,
    /// `fieldValidation`: what unknown and duplicate fields do.
    pub field_validation: FieldValidation,
    /// The field manager: `fieldManager`, else the user agent up to its
    /// `/` (upstream's default).
    pub manager: String,
    /// `force=true`: a server-side apply takes conflicting fields.
    pub force: bool,
}

/// From the path (`{ns}`, `{name}`, `{sub}`: an unknown subresource is
/// 404), then `fieldValidation` and `dryRun` (400 when unsupported).
impl<S: Send + Sync> FromRequestParts<S> for RequestContext {
    type Rejection = Status;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Status> {
        let Path(mut path) = Path::<HashMap<String, String>>::from_request_parts(parts, state)
            .await
            .map_err(|_| Status::no_route())?;
        let sub = match path.get("sub") {
            None => Subresource::Main,
            Some(s) => Subresource::from_path(s).ok_or_else(Status::no_route)?,
        };
        let Query(q) = Q::from_request_parts(parts, state)
            .await
            .map_err(|e| Status::bad_request(e.body_text()))?;
        Ok(RequestContext {
            ns: path.remove("ns").unwrap_or_default(),
            name: path.remove("name").unwrap_or_default(),
            sub,
            field_validation: FieldValidation::parse(q.get("fieldValidation").map(String::as_str))?,
            dry_run: dry_run(&q)?,
            manager: manager(&q, &parts.headers),
            force: q.get("force").is_some_and(|f| f == "true"),
        })
    }
}

impl RequestContext {
    /// Upstream's `checkName`: the submitted object's name is the URL's,
    /// and its namespace the URL's (filled in when empty).
    fn check_url(&self, w: &mut Widget) -> Result<(), Status> {
        if w.metadata.name != self.name {
            return Err(Status::bad_request(format!(
                "the name of the object ({}) does not match the name on the URL ({})",
                w.metadata.name, self.name
            )));
        }
        self.check_namespace(w)
    }

    /// The submitted object's namespace is the URL's (filled in when empty).
    fn check_namespace(&self, w: &mut Widget) -> Result<(), Status> {
        if w.metadata.namespace.is_empty() {
            w.metadata.namespace = self.ns.clone();
        } else if w.metadata.namespace != self.ns {
            return Err(Status::bad_request(
                "the namespace of the provided object does not match the namespace sent on the request",
            ));
        }
        Ok(())
    }

    /// The writer the managed fields of this request's write name.
    fn writer<'a>(&'a self, now: &'a str) -> ssa::Writer<'a> {
        ssa::Writer {
            manager: &self.manager,
            subresource: self.sub.as_str(),
            now,
        }
    }
}

/// A handler's answer: the response, or the refusal's `Status`.
fn answer(r: Result<Response, Status>) -> Response {
    r.unwrap_or_else(IntoResponse::into_response)
}

// ---- create -----------------------------------------------------------------

pub(super) async fn create(
    State(s): State<Arc<AppState>>,
    cx: RequestContext,
    h: HeaderMap,
    body: Body,
) -> Response {
    answer(create_inner(&s, &cx, &h, body).await)
}

async fn create_inner(
    s: &AppState,
    cx: &RequestContext,
    h: &HeaderMap,
    body: Body,
) -> Result<Response, Status> {
    // 1. Decode strictly (400).
    let b = object_body(s, h, body, cx.field_validation).await?;
    let mut w = typed(&b.value)?;
    cx.check_namespace(&mut w)?;
    if !w.metadata.resource_version.is_empty() {
        return Err(Status::bad_request(
            "resourceVersion should not be set on objects to be created",
        ));
    }
    // 2. Validate (422), 3. store (409).
    Ok(match create_object(s, cx, w, None).await {
        Ok(w) => object_response(StatusCode::CREATED, &w, &b.warnings),
        Err(e) => with_warnings(e, &b.warnings),
    })
}

/// Prepares, validates (422) and stores (409) a new object. `applied` is
/// the apply configuration of a server-side apply that creates.
async fn create_object(
    s: &AppState,
    cx: &RequestContext,
    mut w: Widget,
    applied: Option<&Value>,
) -> Result<Widget, Status> {
    let now = util::now_rfc3339();
    // The status subresource is enabled: a create does not set the status.
    w.status = Default::default();
    w.metadata.uid = util::new_uid();
    w.metadata.creation_timestamp = now.clone();
    w.metadata.generation = 1;
    w.metadata.managed_fields.clear();
    let errs = validate(s, &w, None, Subresource::Main);
    if !errs.is_empty() {
        return Err(Status::invalid(&w.metadata.name, &errs));
    }
    let schema = s.schema.widget();
    let by = cx.writer(&now);
    let mut entries = Vec::new();
    match applied {
        Some(config) => {
            ssa::apply(&Value::Null, config, schema, &mut entries, &by, cx.force)?;
        }
        None => ssa::record_update(&mut entries, None, &value_of(&w), schema, &by),
    }
    w.metadata.managed_fields = entries;
    if cx.dry_run {
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

// ---- update and patch ---------------------------------------------------------

/// What a write asks of the current object.
pub(super) enum Change {
    /// A full object (PUT; for `/scale`, the Scale's part of it).
    Replace(Box<Widget>),
    /// A merge or JSON patch of the object's (or the Scale's) JSON.
    Patch(Media, Vec<u8>),
    /// A server-side apply configuration.
    Apply(Value),
}

/// What a write did.
pub(super) struct Written {
    /// The object as stored (or as it would be, on a dry run).
    object: Widget,
    /// 201 (an apply that created) or 200.
    code: StatusCode,
    /// Strict-decoding warnings found while writing (of a patched object).
    warnings: Vec<String>,
}

/// `PUT` of the object, `/status` or `/scale`.
pub(super) async fn update(
    State(s): State<Arc<AppState>>,
    cx: RequestContext,
    h: HeaderMap,
    body: Body,
) -> Response {
    answer(put(&s, &cx, &h, body).await)
}

async fn put(
    s: &AppState,
    cx: &RequestContext,
    h: &HeaderMap,
    body: Body,
) -> Result<Response, Status> {
    let (mut w, warnings) = if cx.sub == Subresource::Scale {
        if decode::media(content_type(h)) != Media::Json {
            return Err(Status::unsupported_media_type(decode::OBJECT_MEDIA));
        }
        let bytes = decode::read_body(body).await?;
        let v: Value =
            serde_json::from_slice(&bytes).map_err(|e| Status::bad_request(e.to_string()))?;
        (widget_of_scale(&v, &cx.name), Vec::new())
    } else {
        let b = object_body(s, h, body, cx.field_validation).await?;
        (typed(&b.value)?, b.warnings)
    };
    cx.check_url(&mut w)?;
    let r = write(s, cx, Change::Replace(Box::new(w))).await;
    Ok(match r {
        Ok(done) => cx.sub.respond(done.code, &done.object, &warnings),
        Err(e) => with_warnings(e, &warnings),
    })
}

/// `PATCH` of the object, `/status` or `/scale`.
pub(super) async fn patch(
    State(s): State<Arc<AppState>>,
    cx: RequestContext,
    h: HeaderMap,
    body: Body,
) -> Response {
    answer(patch_inner(&s, &cx, &h, body).await)
}

async fn patch_inner(
    s: &AppState,
    cx: &RequestContext,
    h: &HeaderMap,
    body: Body,
) -> Result<Response, Status> {
    let media = decode::media(content_type(h));
    match media {
        Media::MergePatch | Media::JsonPatch => {}
        Media::ApplyPatch if cx.sub != Subresource::Scale => {}
        _ => return Err(Status::unsupported_media_type(decode::PATCH_MEDIA)),
    }
    let bytes = decode::read_body(body).await?;
    let mut warnings = Vec::new();
    let change = if media == Media::ApplyPatch {
        let d = decode::parse(&bytes, true).map_err(|e| decode::cannot_handle(&e))?;
        let mut v = d.value;
        decode::check_type_meta(&mut v)?;
        // Unknown fields of an apply configuration follow fieldValidation
        // like every write.
        let problems = decode::unknown_fields(&v, s.schema.widget());
        warnings = strictness(&problems, cx.field_validation)?;
        Change::Apply(v)
    } else {
        Change::Patch(media, bytes)
    };
    Ok(match write(s, cx, change).await {
        Ok(done) => {
            warnings.extend(done.warnings);
            cx.sub.respond(done.code, &done.object, &warnings)
        }
        Err(e) => with_warnings(e, &warnings),
    })
}

/// Upstream's `GuaranteedUpdate`: read (404), compute the new object,
/// check the `resourceVersion` precondition (409), validate (422), store
/// with compare-and-swap. A change that changes nothing is not written. A
/// concurrent write is retried from the read: the change applies to the
/// newer object, so a precondition the request set then fails (409), and
/// a patch or apply without one (whose result carries the `resourceVersion`
/// it was applied to) goes through. Every retry follows another write's
/// success; the request timeout bounds a request that keeps losing, as
/// upstream's unbounded loop is bounded by its request's context.
async fn write(s: &AppState, cx: &RequestContext, change: Change) -> Result<Written, Status> {
    loop {
        let old = match s.store.get(&key(&cx.ns, &cx.name)).await {
            Ok(Some(st)) => load(&st.value, st.rv)?,
            Ok(None) => return create_by_apply(s, cx, &change).await,
            Err(e) => return Err(store_err(e, &cx.name)),
        };
        let (mut new, warnings) = updated(s, cx, &old, &change)?;
        // A custom resource allows no unconditional update: a PUT of the
        // resource or of /status must carry a resourceVersion (upstream's
        // store, `AllowUnconditionalUpdate() == false`); /scale copies it
        // only when the Scale has one.
        let replace = matches!(change, Change::Replace(_));
        if replace && cx.sub != Subresource::Scale && new.metadata.resource_version.is_empty() {
            let errs: ErrorList = k8s_validation::field::Error::invalid(
                "metadata.resourceVersion",
                k8s_validation::field::BadValue::Json("0x0".into()),
                "must be specified for an update",
            )
            .into();
            return Err(Status::invalid_kind(RESOURCE, &cx.name, &errs));
        }
        // The precondition (an explicit resourceVersion).
        let rv = &new.metadata.resource_version;
        if !rv.is_empty() && *rv != old.metadata.resource_version {
            return Err(Status::conflict(&cx.name));
        }
        new.metadata.resource_version = old.metadata.resource_version.clone();
        if new.spec != old.spec {
            new.metadata.generation = old.metadata.generation + 1;
        }
        let errs = validate(s, &new, Some(&old), cx.sub);
        if !errs.is_empty() {
            return Err(Status::invalid(&cx.name, &errs));
        }
        let done = |object| Written {
            object,
            code: StatusCode::OK,
            warnings,
        };
        if new == old || cx.dry_run {
            return Ok(done(new));
        }
        let old_rv: u64 = old.metadata.resource_version.parse().unwrap_or(0);
        match s
            .store
            .update(&key(&cx.ns, &cx.name), to_bytes(&new), old_rv)
            .await
        {
            Ok(rv) => {
                new.metadata.resource_version = rv.to_string();
                return Ok(done(new));
            }
            Err(StoreError::Conflict) => continue,
            Err(e) => return Err(store_err(e, &cx.name)),
        }
    }
}

/// A write to a missing object: a server-side apply to the object creates
/// it (201); anything else is 404.
async fn create_by_apply(
    s: &AppState,
    cx: &RequestContext,
    change: &Change,
) -> Result<Written, Status> {
    match change {
        Change::Apply(config) if cx.sub == Subresource::Main => {
            let mut w = typed(config)?;
            cx.check_url(&mut w)?;
            Ok(Written {
                object: create_object(s, cx, w, Some(config)).await?,
                code: StatusCode::CREATED,
                warnings: Vec::new(),
            })
        }
        _ => Err(Status::not_found(&cx.name)),
    }
}

/// The object `change` makes of `old` through the request's subresource,
/// its managed fields updated, and the strict-decoding warnings of a
/// patched object.
fn updated(
    s: &AppState,
    cx: &RequestContext,
    old: &Widget,
    change: &Change,
) -> Result<(Widget, Vec<String>), Status> {
    let schema = s.schema.widget();
    let now = util::now_rfc3339();
    let by = cx.writer(&now);
    let old_value = value_of(old);
    let mut warnings = Vec::new();
    let mut applied = None;
    let mut submitted = match change {
        Change::Replace(w) => (**w).clone(),
        Change::Patch(media, bytes) => {
            let patched = apply_patch(*media, bytes, cx.sub.patch_target(old))?;
            if cx.sub == Subresource::Scale {
                widget_of_scale(&patched, &cx.name)
            } else {
                let mut v = patched;
                decode::check_type_meta(&mut v)?;
                let problems = decode::unknown_fields(&v, schema);
                warnings = strictness(&problems, cx.field_validation)?;
                typed(&v)?
            }
        }
        Change::Apply(config) => {
            let config = cx.sub.applied_part(config);
            let mut entries = old.metadata.managed_fields.clone();
            let merged = ssa::apply(&old_value, &config, schema, &mut entries, &by, cx.force)?;
            applied = Some(entries);
            typed(&merged)?
        }
    };
    // A PUT's body was checked before the read.
    if !matches!(change, Change::Replace(_)) {
        cx.check_url(&mut submitted)?;
    }
    let mut new = cx.sub.prepare_for_update(old, submitted);
    match applied {
        Some(entries) => new.metadata.managed_fields = entries,
        None => {
            let new_value = value_of(&new);
            let entries = &mut new.metadata.managed_fields;
            ssa::record_update(entries, Some(&old_value), &new_value, schema, &by);
        }
    }
    Ok((new, warnings))
}

pub(super) fn apply_patch(media: Media, bytes: &[u8], mut target: Value) -> Result<Value, Status> {
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
pub(super) async fn delete_collection(
    State(s): State<Arc<AppState>>,
    Path(ns): Path<String>,
    Query(q): Q,
    req: Request,
) -> Response {
    delete_collection_inner(&s, &ns, &q, req)
        .await
        .unwrap_or_else(|e| e.into_response())
}

pub(super) async fn delete_collection_inner(
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

pub(super) async fn delete(
    State(s): State<Arc<AppState>>,
    Path((ns, name)): Path<(String, String)>,
    Query(q): Q,
    req: Request,
) -> Response {
    delete_inner(&s, &ns, &name, &q, req)
        .await
        .unwrap_or_else(|e| e.into_response())
}

pub(super) async fn delete_inner(
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
