//! Writes: create, update, patch (merge, JSON, server-side apply), delete
//! and deletecollection, with upstream's check order.

use super::*;

// ---- writes ---------------------------------------------------------------

pub(super) async fn create(
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

pub(super) async fn create_inner(
    s: &AppState,
    ns: &str,
    q: &HashMap<String, String>,
    h: &HeaderMap,
    body: Body,
) -> Result<Response, Status> {
    let fv = FieldValidation::parse(q.get("fieldValidation").map(String::as_str))?;
    let dry = dry_run(q)?;
    // 1. Decode strictly (400).
    let b = object_body(s, h, body, fv).await?;
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
pub(super) async fn create_object(
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
                s.schema.widget(),
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
            s.schema.widget(),
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

pub(super) async fn update(
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

pub(super) async fn update_sub(
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
pub(super) enum Change {
    /// A full object (PUT) with an optional `resourceVersion` precondition.
    Replace(Box<Widget>),
    /// A merge or JSON patch of the object's (or the Scale's) JSON; unknown
    /// fields in the result follow `fieldValidation`.
    Patch(Media, Vec<u8>, FieldValidation),
    /// A server-side apply configuration.
    Apply(Value, bool),
}

pub(super) async fn put_inner(
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
        let b = object_body(s, h, body, fv).await?;
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

pub(super) fn respond(sub: &str, code: StatusCode, w: &Widget, warnings: &[String]) -> Response {
    if sub == "scale" {
        with_warnings(scale_response(w), warnings)
    } else {
        object_response(code, w, warnings)
    }
}

pub(super) async fn patch(
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

pub(super) async fn patch_sub(
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

pub(super) async fn patch_inner(
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
            s.schema.widget(),
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
pub(super) async fn write(
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
                        let problems: Vec<String> = s
                            .schema
                            .widget()
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
                    s.schema.widget(),
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
                s.schema.widget(),
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
