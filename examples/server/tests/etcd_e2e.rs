//! The etcd backend: two server replicas share one etcd (started here on
//! loopback ports with a temporary data directory). Outside CI a missing
//! `etcd` skips the test with a message; with `CI=true` it fails.

mod common;

use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::time::Duration;

use common::{widget, Server, NS};
use serde_json::Value;

fn v(body: &str) -> Value {
    serde_json::from_str(body).unwrap_or_else(|e| panic!("{e}: {body}"))
}

#[test]
fn replicas_share_state_through_etcd() {
    let Some(bin) = common::tool("etcd", "the etcd backend test") else {
        return;
    };
    let etcd = common::start_etcd(&bin);
    let args = [
        format!("--etcd={}", etcd.url),
        "--etcd-prefix=/test".to_owned(),
    ];
    let a = Server::spawn("etcd-a", &args);
    let b = Server::spawn("etcd-b", &args);

    // B watches from now; A writes.
    let (c, list) = b.json("GET", NS, "");
    assert_eq!(c, 200, "{list}");
    let rv0: u64 = v(&list)["metadata"]["resourceVersion"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
    let mut watch = TcpStream::connect(b.addr).unwrap();
    watch
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    write!(
        watch,
        "GET {NS}?watch=true&resourceVersion={rv0} HTTP/1.1\r\nHost: x\r\n\r\n"
    )
    .unwrap();

    let (c, created) = a.json("POST", NS, &widget("shared", r#"{"replicas":1}"#));
    assert_eq!(c, 201, "{created}");
    let rv1: u64 = v(&created)["metadata"]["resourceVersion"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!(rv1 > rv0);
    // B sees it, with the same resourceVersion (the etcd revision).
    let (c, got) = b.json("GET", &format!("{NS}/shared"), "");
    assert_eq!(c, 200);
    assert_eq!(v(&got), v(&created));
    assert_eq!(b.json("POST", NS, &widget("shared", "{}")).0, 409);
    // An update through B; A's stale resourceVersion then conflicts.
    let (c, _, _) = b.send(
        "PATCH",
        &format!("{NS}/shared"),
        &["Content-Type: application/merge-patch+json"],
        r#"{"spec":{"replicas":2}}"#,
    );
    assert_eq!(c, 200);
    let stale = created.replace(r#""replicas":1"#, r#""replicas":3"#);
    let (c, body) = a.json("PUT", &format!("{NS}/shared"), &stale);
    assert_eq!(
        (c, v(&body)["reason"].clone()),
        (409, "Conflict".into()),
        "{body}"
    );
    assert_eq!(a.json("DELETE", &format!("{NS}/shared"), "").0, 200);
    assert_eq!(b.json("GET", &format!("{NS}/shared"), "").0, 404);

    // B's watch saw A's create, its own patch and A's delete.
    let mut r = BufReader::new(watch);
    let mut events = Vec::new();
    let mut line = String::new();
    while events.len() < 3 {
        line.clear();
        if r.read_line(&mut line).unwrap() == 0 {
            break;
        }
        if let Some(i) = line.find("{\"type\"") {
            let e = v(line[i..].trim());
            events.push(format!(
                "{} {}",
                e["type"].as_str().unwrap(),
                e["object"]["spec"]["replicas"]
            ));
        }
    }
    assert_eq!(events, ["ADDED 1", "MODIFIED 2", "DELETED 2"]);
    drop(a);
    drop(b);
    drop(etcd);
}
