//! Reads: list (namespaced and all namespaces), watch, get, and the
//! `/status` and `/scale` reads.

use super::*;

// ---- reads ----------------------------------------------------------------

pub(super) async fn list_all(State(s): State<Arc<AppState>>, Query(q): Q) -> Response {
    list(&s, None, &q)
        .await
        .unwrap_or_else(|e| e.into_response())
}

pub(super) async fn list_ns(
    State(s): State<Arc<AppState>>,
    Path(ns): Path<String>,
    Query(q): Q,
) -> Response {
    list(&s, Some(&ns), &q)
        .await
        .unwrap_or_else(|e| e.into_response())
}

pub(super) async fn list(
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
pub(super) fn event_line(kind: &str, object: &str) -> String {
    format!("{{\"type\":\"{kind}\",\"object\":{object}}}\n")
}

pub(super) async fn watch(
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

pub(super) async fn read(
    State(s): State<Arc<AppState>>,
    Path((ns, name)): Path<(String, String)>,
) -> Response {
    match get_obj(&s, &ns, &name).await {
        Ok(w) => object_response(StatusCode::OK, &w, &[]),
        Err(e) => e.into_response(),
    }
}

pub(super) async fn get_obj(s: &AppState, ns: &str, name: &str) -> Result<Widget, Status> {
    match s.store.get(&key(ns, name)).await {
        Ok(Some(st)) => load(&st.value, st.rv),
        Ok(None) => Err(Status::not_found(name)),
        Err(e) => Err(store_err(e, name)),
    }
}

pub(super) async fn read_sub(
    State(s): State<Arc<AppState>>,
    Path((ns, name, sub)): Path<(String, String, String)>,
) -> Response {
    let w = match get_obj(&s, &ns, &name).await {
        Ok(w) => w,
        Err(e) => return e.into_response(),
    };
    match Subresource::from_path(&sub) {
        Some(Subresource::Scale) => scale_response(&w),
        Some(_) => object_response(StatusCode::OK, &w, &[]),
        None => Status::no_route().into_response(),
    }
}

// ---- scale ----------------------------------------------------------------

pub(super) fn scale_of(w: &Widget) -> Value {
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

pub(super) fn scale_response(w: &Widget) -> Response {
    ([(header::CONTENT_TYPE, JSON)], scale_of(w).to_string()).into_response()
}
