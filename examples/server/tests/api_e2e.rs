//! The REST surface over HTTP: discovery, OpenAPI, Status bodies of every
//! refusal, check order, field validation, dry run, selectors, watch,
//! durability across restarts and `kill -9`, and the connection limits.

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use common::{widget, Server, NS};
use serde_json::Value;

fn v(body: &str) -> Value {
    serde_json::from_str(body).unwrap_or_else(|e| panic!("{e}: {body}"))
}

#[test]
fn discovery_and_openapi() {
    let s = Server::start("discovery", &[]);
    let (c, head, body) = s.send("GET", "/apis", &[], "");
    assert_eq!(c, 200);
    assert!(
        head.contains("content-type: application/json\r\n"),
        "{head}"
    );
    assert_eq!(
        v(&body)["groups"][0]["preferredVersion"]["groupVersion"],
        "example.dev/v1"
    );
    // kubectl 1.32's Accept: aggregated v2, with its exact content type.
    let accept = "Accept: application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList,application/json";
    let (c, head, body) = s.send("GET", "/apis", &[accept], "");
    assert_eq!(c, 200);
    assert!(head.contains("content-type: application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList\r\n"), "{head}");
    let r = &v(&body)["items"][0]["versions"][0]["resources"][0];
    assert_eq!(r["shortNames"][0], "wd");
    assert_eq!(r["subresources"][1]["responseKind"]["kind"], "Scale");
    // kubectl 1.27 asks for v2beta1 only: legacy.
    let (_, head, _) = s.send("GET", "/apis", &["Accept: application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList,application/json"], "");
    assert!(
        head.contains("content-type: application/json\r\n"),
        "{head}"
    );
    let (_, _, body) = s.send("GET", "/apis/example.dev/v1", &[], "");
    let names: Vec<String> = v(&body)["resources"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["name"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(names, ["widgets", "widgets/status", "widgets/scale"]);
    let (_, _, body) = s.send("GET", "/version", &[], "");
    assert_eq!(v(&body)["minor"], "32");
    let (_, _, root) = s.send("GET", "/openapi/v3", &[], "");
    let url = v(&root)["paths"]["apis/example.dev/v1"]["serverRelativeURL"]
        .as_str()
        .unwrap()
        .to_owned();
    let (c, _, doc) = s.send("GET", &url, &[], "");
    assert_eq!(c, 200);
    let doc = v(&doc);
    let patch =
        &doc["paths"]["/apis/example.dev/v1/namespaces/{namespace}/widgets/{name}"]["patch"];
    assert!(patch["parameters"]
        .as_array()
        .unwrap()
        .iter()
        .any(|p| p["name"] == "fieldValidation"));
    assert!(patch["requestBody"]["content"]
        .get("application/strategic-merge-patch+json")
        .is_none());
    let (c, _, body) = s.send(
        "GET",
        "/openapi/v2",
        &["Accept: application/com.github.proto-openapi.spec.v2@v1.0+protobuf"],
        "",
    );
    assert_eq!(c, 404);
    assert_eq!(v(&body)["reason"], "NotFound");
}

#[test]
fn every_refusal_is_a_status() {
    let s = Server::start("refusals", &[]);
    let status = |code: u16, reason: &str, got: (u16, String, String)| {
        assert_eq!(got.0, code, "{}", got.2);
        assert!(
            got.1.contains("content-type: application/json\r\n"),
            "{}",
            got.1
        );
        let b = v(&got.2);
        assert_eq!(b["kind"], "Status", "{}", got.2);
        assert_eq!(b["status"], "Failure");
        assert_eq!(b["reason"], reason, "{}", got.2);
        assert_eq!(b["code"], code);
        b
    };
    let b = status(404, "NotFound", s.send("GET", "/nope", &[], ""));
    assert_eq!(
        b["message"],
        "the server could not find the requested resource"
    );
    let b = status(
        404,
        "NotFound",
        s.send("GET", &format!("{NS}/nope"), &[], ""),
    );
    assert_eq!(b["message"], "widgets.example.dev \"nope\" not found");
    assert_eq!(
        b["details"],
        serde_json::json!({"name":"nope","group":"example.dev","kind":"widgets"})
    );
    let b = status(
        405,
        "MethodNotAllowed",
        s.send("POST", &format!("{NS}/a"), &[], ""),
    );
    assert_eq!(
        b["message"],
        "the server does not allow this method on the requested resource"
    );
    let big = format!(r#"{{"a":"{}"}}"#, "x".repeat(3 * 1024 * 1024 + 10));
    let b = status(
        413,
        "RequestEntityTooLarge",
        s.send("POST", NS, &["Content-Type: application/json"], &big),
    );
    assert_eq!(b["message"], "Request entity too large: limit is 3145728");
    status(
        415,
        "UnsupportedMediaType",
        s.send(
            "POST",
            NS,
            &["Content-Type: text/plain"],
            &widget("a", "{}"),
        ),
    );
    let b = status(
        415,
        "UnsupportedMediaType",
        s.send(
            "PATCH",
            &format!("{NS}/a"),
            &["Content-Type: application/strategic-merge-patch+json"],
            "{}",
        ),
    );
    assert_eq!(b["message"], "the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml");
    // A JSON array is not an object.
    let b = status(
        400,
        "BadRequest",
        s.send("POST", NS, &["Content-Type: application/json"], "[1]"),
    );
    assert!(
        b["message"]
            .as_str()
            .unwrap()
            .starts_with("Widget in version \"v1\" cannot be handled as a Widget: "),
        "{b}"
    );
    // The wrong apiVersion or kind is refused, not stored under ours.
    let b = status(
        400,
        "BadRequest",
        s.send(
            "POST",
            NS,
            &["Content-Type: application/json"],
            r#"{"apiVersion":"apps/v1","kind":"Widget","metadata":{"name":"a"}}"#,
        ),
    );
    assert_eq!(b["message"], "the API version in the data (apps/v1) does not match the expected API version (example.dev/v1)");
    status(
        400,
        "BadRequest",
        s.send(
            "POST",
            NS,
            &["Content-Type: application/json"],
            r#"{"apiVersion":"example.dev/v1","kind":"Gadget","metadata":{"name":"a"}}"#,
        ),
    );
    // The namespace of the body must be the URL's.
    status(
        400,
        "BadRequest",
        s.send(
            "POST",
            NS,
            &["Content-Type: application/json"],
            r#"{"metadata":{"name":"a","namespace":"other"}}"#,
        ),
    );
}

#[test]
fn check_order_as_upstream() {
    let s = Server::start("order", &[]);
    assert_eq!(s.json("POST", NS, &widget("w", r#"{"replicas":1}"#)).0, 201);
    // Create: strict decode (400) before validation (422) before exists (409).
    let strict = format!("{NS}?fieldValidation=Strict");
    assert_eq!(
        s.json(
            "POST",
            &strict,
            &widget("w", r#"{"replicas":-1,"bogus":1}"#)
        )
        .0,
        400
    );
    assert_eq!(
        s.json("POST", NS, &widget("w", r#"{"replicas":-1}"#)).0,
        422
    );
    let (c, b) = s.json("POST", NS, &widget("w", r#"{"replicas":1}"#));
    assert_eq!((c, v(&b)["reason"].clone()), (409, "AlreadyExists".into()));
    // Update: decode (400) before read (404) before precondition (409) before validation (422).
    assert_eq!(
        s.json(
            "PUT",
            &format!("{NS}/missing?fieldValidation=Strict"),
            &widget("missing", r#"{"bogus":1}"#)
        )
        .0,
        400
    );
    assert_eq!(
        s.json(
            "PUT",
            &format!("{NS}/missing"),
            &widget("missing", r#"{"replicas":-1}"#)
        )
        .0,
        404
    );
    let stale = r#"{"apiVersion":"example.dev/v1","kind":"Widget","metadata":{"name":"w","resourceVersion":"999"},"spec":{"replicas":-1}}"#;
    let (c, b) = s.json("PUT", &format!("{NS}/w"), stale);
    assert_eq!(
        (c, v(&b)["reason"].clone()),
        (409, "Conflict".into()),
        "{b}"
    );
    // No resourceVersion at all: a custom resource refuses the update.
    let (c, b) = s.json("PUT", &format!("{NS}/w"), &widget("w", r#"{"replicas":2}"#));
    assert_eq!(c, 422);
    assert_eq!(v(&b)["message"], "widgets.example.dev \"w\" is invalid: metadata.resourceVersion: Invalid value: 0x0: must be specified for an update");
    let (_, live) = s.json("GET", &format!("{NS}/w"), "");
    let rv = v(&live)["metadata"]["resourceVersion"]
        .as_str()
        .unwrap()
        .to_owned();
    let fresh = stale.replace("999", &rv);
    assert_eq!(s.json("PUT", &format!("{NS}/w"), &fresh).0, 422);
}

/// Patches without a `resourceVersion` have no precondition: one that
/// loses the store's compare-and-swap to a concurrent write is applied
/// again to the newer object (upstream's `GuaranteedUpdate`), not refused;
/// a patch that sets one is refused once the object moved on.
#[test]
fn concurrent_patches_are_retried() {
    let s = Server::start("concurrent", &[]);
    assert_eq!(s.json("POST", NS, &widget("w", r#"{"replicas":1}"#)).0, 201);
    let merge = "Content-Type: application/merge-patch+json";
    let path = format!("{NS}/w");
    std::thread::scope(|scope| {
        for t in 0..4 {
            let (s, path) = (&s, &path);
            scope.spawn(move || {
                for i in 0..10 {
                    let body = format!(r#"{{"metadata":{{"labels":{{"t{t}":"{i}"}}}}}}"#);
                    let (c, _, b) = s.send("PATCH", path, &[merge], &body);
                    assert_eq!(c, 200, "{b}");
                }
            });
        }
    });
    let (_, live) = s.json("GET", &path, "");
    let labels = &v(&live)["metadata"]["labels"];
    for t in 0..4 {
        assert_eq!(labels[format!("t{t}")], "9", "{live}");
    }
    let (c, _, b) = s.send(
        "PATCH",
        &path,
        &[merge],
        r#"{"metadata":{"resourceVersion":"1"},"spec":{"replicas":2}}"#,
    );
    assert_eq!(
        (c, v(&b)["reason"].clone()),
        (409, "Conflict".into()),
        "{b}"
    );
}

/// Upstream's `checkName` on every write: the object a PUT body, a patch
/// or an apply configuration makes must have the URL's name and namespace.
#[test]
fn writes_keep_to_the_url() {
    let s = Server::start("url", &[]);
    assert_eq!(s.json("POST", NS, &widget("w", r#"{"replicas":1}"#)).0, 201);
    let merge = "Content-Type: application/merge-patch+json";
    let apply = "Content-Type: application/apply-patch+yaml";
    let renamed = r#"{"metadata":{"name":"other"}}"#;
    for path in [
        format!("{NS}/w"),
        format!("{NS}/w/status"),
        format!("{NS}/w/scale"),
    ] {
        let (c, _, b) = s.send("PATCH", &path, &[merge], renamed);
        assert_eq!(c, 400, "{path}: {b}");
        assert_eq!(
            v(&b)["message"],
            "the name of the object (other) does not match the name on the URL (w)"
        );
    }
    let moved = r#"{"metadata":{"namespace":"elsewhere"}}"#;
    let (c, _, b) = s.send("PATCH", &format!("{NS}/w"), &[merge], moved);
    assert_eq!(c, 400, "{b}");
    // An apply that creates: not in another namespace than the URL's.
    let config = r#"{"apiVersion":"example.dev/v1","kind":"Widget","metadata":{"name":"n","namespace":"elsewhere"},"spec":{"replicas":1}}"#;
    let (c, _, b) = s.send("PATCH", &format!("{NS}/n?fieldManager=a"), &[apply], config);
    assert_eq!(c, 400, "{b}");
    assert_eq!(
        v(&b)["message"],
        "the namespace of the provided object does not match the namespace sent on the request"
    );
    let elsewhere = "/apis/example.dev/v1/namespaces/elsewhere/widgets/n";
    assert_eq!(s.json("GET", elsewhere, "").0, 404);
    assert_eq!(s.json("GET", &format!("{NS}/n"), "").0, 404);
}

#[test]
fn field_validation_dry_run_selectors() {
    let s = Server::start("fields", &[]);
    let dup = r#"{"apiVersion":"example.dev/v1","kind":"Widget","metadata":{"name":"d"},"spec":{"replicas":1,"replicas":2,"foo":1}}"#;
    let (c, b) = s.json("POST", &format!("{NS}?fieldValidation=Strict"), dup);
    assert_eq!(c, 400);
    assert_eq!(v(&b)["message"], "Widget in version \"v1\" cannot be handled as a Widget: strict decoding error: duplicate field \"spec.replicas\", unknown field \"spec.foo\"");
    let (c, head, body) = s.send(
        "POST",
        &format!("{NS}?fieldValidation=Warn"),
        &["Content-Type: application/json"],
        dup,
    );
    assert_eq!(c, 201, "{body}");
    assert!(head.contains("warning: 299 - \"duplicate field \\\"spec.replicas\\\"\"\r\nwarning: 299 - \"unknown field \\\"spec.foo\\\"\"\r\n"), "{head}");
    assert_eq!(v(&body)["spec"]["replicas"], 2);
    let (c, head, _) = s.send("DELETE", &format!("{NS}/d"), &[], "");
    assert_eq!(c, 200);
    assert!(!head.contains("warning"));
    let (c, head, _) = s.send(
        "POST",
        &format!("{NS}?fieldValidation=Ignore"),
        &["Content-Type: application/json"],
        dup,
    );
    assert_eq!(c, 201);
    assert!(!head.contains("warning"), "{head}");
    // Patches too: the patched object is checked.
    let (c, _, b) = s.send(
        "PATCH",
        &format!("{NS}/d?fieldValidation=Strict"),
        &["Content-Type: application/merge-patch+json"],
        r#"{"spec":{"bar":1}}"#,
    );
    assert_eq!(c, 400, "{b}");
    assert_eq!(v(&b)["message"], "Widget in version \"v1\" cannot be handled as a Widget: strict decoding error: unknown field \"spec.bar\"");
    let (c, head, _) = s.send(
        "PATCH",
        &format!("{NS}/d?fieldValidation=Warn"),
        &["Content-Type: application/merge-patch+json"],
        r#"{"spec":{"bar":1}}"#,
    );
    assert_eq!(c, 200);
    assert!(
        head.contains("warning: 299 - \"unknown field \\\"spec.bar\\\"\"\r\n"),
        "{head}"
    );
    let (c, head, _) = s.send(
        "PATCH",
        &format!("{NS}/d?fieldValidation=Warn&fieldManager=m"),
        &["Content-Type: application/apply-patch+yaml"],
        "apiVersion: example.dev/v1\nkind: Widget\nmetadata: {name: d}\nspec: {baz: 1}\n",
    );
    assert_eq!(c, 200);
    assert!(
        head.contains("warning: 299 - \"unknown field \\\"spec.baz\\\"\"\r\n"),
        "{head}"
    );
    // Dry run: answered, not stored.
    let (c, b) = s.json("POST", &format!("{NS}?dryRun=All"), &widget("dry", "{}"));
    assert_eq!(c, 201);
    assert!(v(&b)["metadata"]["uid"].is_string());
    assert!(v(&b)["metadata"].get("resourceVersion").is_none(), "{b}");
    assert_eq!(s.json("GET", &format!("{NS}/dry"), "").0, 404);
    // DELETE's dry run travels in the body.
    let (c, _) = s.json(
        "DELETE",
        &format!("{NS}/d"),
        r#"{"propagationPolicy":"Background","dryRun":["All"]}"#,
    );
    assert_eq!(c, 200);
    assert_eq!(s.json("GET", &format!("{NS}/d"), "").0, 200);
    // Label selectors, cluster-wide list.
    let labelled = r#"{"metadata":{"name":"l","labels":{"app":"web"}},"spec":{"replicas":1}}"#;
    assert_eq!(s.json("POST", NS, labelled).0, 201);
    assert_eq!(
        s.json(
            "POST",
            "/apis/example.dev/v1/namespaces/other/widgets",
            &widget("o", "{}")
        )
        .0,
        201
    );
    let names = |path: &str| -> Vec<String> {
        let (c, b) = s.json("GET", path, "");
        assert_eq!(c, 200, "{b}");
        let b = v(&b);
        assert_eq!(b["kind"], "WidgetList");
        assert!(b["metadata"]["resourceVersion"].is_string());
        b["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|i| {
                format!(
                    "{}/{}",
                    i["metadata"]["namespace"].as_str().unwrap(),
                    i["metadata"]["name"].as_str().unwrap()
                )
            })
            .collect()
    };
    assert_eq!(names(NS), ["default/d", "default/l"]);
    assert_eq!(
        names(&format!("{NS}?labelSelector=app%3Dweb")),
        ["default/l"]
    );
    assert_eq!(names(&format!("{NS}?labelSelector=app")), ["default/l"]);
    assert_eq!(names(&format!("{NS}?labelSelector=!app")), ["default/d"]);
    assert_eq!(
        names("/apis/example.dev/v1/widgets?limit=500"),
        ["default/d", "default/l", "other/o"]
    );
    // deletecollection with a selector (dry run first).
    let (c, b) = s.json(
        "DELETE",
        &format!("{NS}?labelSelector=app%3Dweb&dryRun=All"),
        "",
    );
    assert_eq!(c, 200, "{b}");
    assert_eq!(v(&b)["items"][0]["metadata"]["name"], "l");
    assert_eq!(names(NS), ["default/d", "default/l"]);
    // Omitempty: nothing empty in the output.
    let (_, b) = s.json("GET", &format!("{NS}/l"), "");
    let mut o = v(&b);
    o["metadata"]
        .as_object_mut()
        .unwrap()
        .remove("managedFields");
    let b = o.to_string();
    assert!(
        !b.contains(":{}") && !b.contains("\"\"") && !b.contains("[]"),
        "{b}"
    );
}

#[test]
fn watch_streams_changes() {
    let s = Server::start("watch", &[]);
    assert_eq!(s.json("POST", NS, &widget("a", "{}")).0, 201);
    let (_, list) = s.json("GET", NS, "");
    let rv = v(&list)["metadata"]["resourceVersion"]
        .as_str()
        .unwrap()
        .to_owned();
    let mut conn = TcpStream::connect(s.addr).unwrap();
    conn.set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    write!(
        conn,
        "GET {NS}?watch=true&resourceVersion={rv} HTTP/1.1\r\nHost: x\r\n\r\n"
    )
    .unwrap();
    std::thread::sleep(Duration::from_millis(200));
    assert_eq!(s.json("POST", NS, &widget("b", "{}")).0, 201);
    assert_eq!(
        s.json("PATCH", &format!("{NS}/b"), r#"{"spec":{"replicas":2}}"#)
            .0,
        415
    );
    let (c, _, _) = s.send(
        "PATCH",
        &format!("{NS}/b"),
        &["Content-Type: application/merge-patch+json"],
        r#"{"spec":{"replicas":2}}"#,
    );
    assert_eq!(c, 200);
    assert_eq!(s.json("DELETE", &format!("{NS}/b"), "").0, 200);
    let mut r = BufReader::new(conn);
    let mut events = Vec::new();
    let mut line = String::new();
    while events.len() < 3 {
        line.clear();
        if r.read_line(&mut line).unwrap() == 0 {
            break;
        }
        if let Some(start) = line.find("{\"type\"") {
            let e = v(line[start..].trim());
            events.push(format!(
                "{} {}",
                e["type"].as_str().unwrap(),
                e["object"]["metadata"]["name"].as_str().unwrap()
            ));
        }
    }
    assert_eq!(events, ["ADDED b", "MODIFIED b", "DELETED b"]);
}

#[test]
fn restart_keeps_objects() {
    let state = common::temp_dir("restart");
    let s = Server::start_on("restart-1", &state, &[]);
    let (c, created) = s.json("POST", NS, &widget("keep", r#"{"replicas":3}"#));
    assert_eq!(c, 201);
    drop(s);
    let s = Server::start_on("restart-2", &state, &[]);
    let (c, got) = s.json("GET", &format!("{NS}/keep"), "");
    assert_eq!(c, 200);
    assert_eq!(v(&got), v(&created));
    // resourceVersions keep growing after a restart.
    let (_, again) = s.json("POST", NS, &widget("next", "{}"));
    let rv = |b: &str| {
        v(b)["metadata"]["resourceVersion"]
            .as_str()
            .unwrap()
            .parse::<u64>()
            .unwrap()
    };
    assert!(rv(&again) > rv(&created));
    drop(s);
    let _ = std::fs::remove_dir_all(&state);
}

/// Writers create objects as fast as they can; the server is killed with
/// SIGKILL while writes are in flight; every object whose 201 came back must
/// be there after a restart.
#[test]
fn kill_9_loses_nothing_acknowledged() {
    let state = common::temp_dir("kill9");
    let s = Server::start_on("kill9-1", &state, &[]);
    let addr = s.addr;
    let acked = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let writers: Vec<_> = (0..4)
        .map(|t| {
            let acked = acked.clone();
            std::thread::spawn(move || {
                for i in 0.. {
                    let name = format!("w{t}-{i}");
                    let body = widget(&name, r#"{"replicas":1}"#);
                    let Ok(mut c) = TcpStream::connect(addr) else { return };
                    let _ = c.set_read_timeout(Some(Duration::from_secs(5)));
                    let req = format!("POST {NS} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}", body.len());
                    if c.write_all(req.as_bytes()).is_err() {
                        return;
                    }
                    let mut raw = String::new();
                    if c.read_to_string(&mut raw).is_err() || !raw.starts_with("HTTP/1.1 201") {
                        return;
                    }
                    acked.lock().unwrap().push(name);
                }
            })
        })
        .collect();
    let start = Instant::now();
    while acked.lock().unwrap().len() < 40 && start.elapsed() < Duration::from_secs(30) {
        std::thread::sleep(Duration::from_millis(20));
    }
    let log = s.stop(); // SIGKILL, mid-write
    for w in writers {
        w.join().unwrap();
    }
    let acked = acked.lock().unwrap().clone();
    assert!(
        acked.len() >= 40,
        "too few writes before the kill: {}; {log}",
        acked.len()
    );
    let s = Server::start_on("kill9-2", &state, &[]);
    for name in &acked {
        assert_eq!(
            s.json("GET", &format!("{NS}/{name}"), "").0,
            200,
            "{name} was acknowledged but is lost"
        );
    }
    drop(s);
    let _ = std::fs::remove_dir_all(&state);
}

#[test]
fn idle_connections_do_not_starve_the_server() {
    let s = Server::start(
        "limits",
        &[
            "--max-connections=20",
            "--idle-timeout=1",
            "--header-read-timeout=1",
        ],
    );
    // 20 idle connections fill the table; a new client makes the server
    // close the longest-idle one instead of being refused.
    let idle: Vec<TcpStream> = (0..20)
        .map(|_| TcpStream::connect(s.addr).unwrap())
        .collect();
    std::thread::sleep(Duration::from_millis(200));
    let (c, _, body) = s.send("GET", "/healthz", &[], "");
    assert_eq!((c, body.as_str()), (200, "ok"));
    let mut first = &idle[0];
    first
        .set_read_timeout(Some(Duration::from_secs(2)))
        .unwrap();
    assert_eq!(
        first.read(&mut [0u8; 1]).unwrap_or(0),
        0,
        "the longest-idle connection was not closed"
    );
    // The others are closed by the idle timeout (1 s, checked every second;
    // generous for a loaded machine).
    std::thread::sleep(Duration::from_millis(4000));
    for mut c in &idle {
        c.set_read_timeout(Some(Duration::from_secs(2))).unwrap();
        assert_eq!(
            c.read(&mut [0u8; 1]).unwrap_or(0),
            0,
            "an idle connection was left open"
        );
    }
    // 20 busy connections (watches): the 21st is refused with a Status.
    let watches: Vec<TcpStream> = (0..20)
        .map(|_| {
            let mut w = TcpStream::connect(s.addr).unwrap();
            write!(w, "GET {NS}?watch=true HTTP/1.1\r\nHost: x\r\n\r\n").unwrap();
            w
        })
        .collect();
    std::thread::sleep(Duration::from_millis(300));
    let (c, head, body) = s.send("GET", "/healthz", &[], "");
    assert_eq!(c, 429, "{head}");
    assert!(head.contains("Retry-After: 1"), "{head}");
    assert_eq!(v(&body)["reason"], "TooManyRequests");
    drop(watches);
    // A half-sent request head is cut off after the header timeout.
    let mut slow = TcpStream::connect(s.addr).unwrap();
    slow.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
        .unwrap();
    slow.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    let t = Instant::now();
    let mut rest = Vec::new();
    let _ = slow.read_to_end(&mut rest);
    assert!(t.elapsed() < Duration::from_secs(4));
}

/// The report's case: 300 idle connections against a 256 file-descriptor
/// limit must not starve `/healthz`.
#[test]
fn three_hundred_idle_connections_at_256_fds() {
    let state = common::temp_dir("fds");
    let bin = env!("CARGO_BIN_EXE_example-server");
    let log = state.join("log");
    let mut child = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -n 256 && exec {bin} --listen=127.0.0.1:0 --state-dir={}",
            state.join("db").display()
        ))
        .stdout(std::process::Stdio::piped())
        .stderr(std::fs::File::create(&log).unwrap())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let addr: std::net::SocketAddr = line
        .trim()
        .strip_prefix("listening on ")
        .unwrap()
        .parse()
        .unwrap();
    let idle: Vec<TcpStream> = (0..300)
        .map(|_| TcpStream::connect(addr).unwrap())
        .collect();
    std::thread::sleep(Duration::from_millis(500));
    for _ in 0..5 {
        let mut c = TcpStream::connect(addr).unwrap();
        c.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
        c.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            .unwrap();
        let mut raw = String::new();
        let _ = c.read_to_string(&mut raw);
        assert!(
            raw.starts_with("HTTP/1.1 200"),
            "{raw:?}; log: {}",
            std::fs::read_to_string(&log).unwrap_or_default()
        );
    }
    drop(idle);
    let _ = child.kill();
    let _ = child.wait();
    let log = std::fs::read_to_string(&log).unwrap_or_default();
    assert!(!log.contains("accept failed"), "{log}");
    let _ = std::fs::remove_dir_all(&state);
}

/// A body that stops arriving is answered 504 `Timeout` after the request
/// timeout.
#[test]
fn slow_body_times_out_with_a_status() {
    let s = Server::start("slowbody", &["--request-timeout=1"]);
    let mut c = TcpStream::connect(s.addr).unwrap();
    c.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    write!(c, "POST {NS} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{{\"metadata\":").unwrap();
    let t = Instant::now();
    let mut raw = String::new();
    let mut r = BufReader::new(c);
    r.read_line(&mut raw).unwrap();
    assert!(raw.starts_with("HTTP/1.1 504"), "{raw}");
    assert!(t.elapsed() < Duration::from_secs(3));
    let mut rest = Vec::new();
    let _ = r.read_to_end(&mut rest);
    let rest = String::from_utf8_lossy(&rest);
    let body = &rest[rest.find('{').unwrap()..];
    assert_eq!(v(body.trim())["reason"], "Timeout", "{rest}");
}
