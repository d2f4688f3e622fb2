//! The etcd backend: two server replicas share one etcd (started here on
//! loopback ports with a temporary data directory). Outside CI a missing
//! `etcd` skips the test with a message; with `CI=true` it fails.

mod common;

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::{widget, Server, NS};
use serde_json::Value;

struct Etcd {
    child: Child,
    dir: std::path::PathBuf,
    url: String,
}

impl Drop for Etcd {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

fn start_etcd(bin: &std::path::Path) -> Etcd {
    let dir = common::temp_dir("etcd");
    let (client, peer) = (free_port(), free_port());
    let url = format!("http://127.0.0.1:{client}");
    let peer_url = format!("http://127.0.0.1:{peer}");
    let child = Command::new(bin)
        .arg(format!("--data-dir={}", dir.join("data").display()))
        .arg(format!("--listen-client-urls={url}"))
        .arg(format!("--advertise-client-urls={url}"))
        .arg(format!("--listen-peer-urls={peer_url}"))
        .arg(format!("--initial-advertise-peer-urls={peer_url}"))
        .arg(format!("--initial-cluster=default={peer_url}"))
        .arg("--name=default")
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(dir.join("etcd.log")).unwrap())
        .spawn()
        .unwrap();
    let e = Etcd { child, dir, url };
    // Ready when the JSON gateway answers.
    let start = Instant::now();
    loop {
        if let Ok(mut s) = TcpStream::connect(("127.0.0.1", client)) {
            let body = r#"{"key":"Lw=="}"#;
            let _ = write!(s, "POST /v3/kv/range HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}", body.len());
            let mut line = String::new();
            if BufReader::new(s).read_line(&mut line).is_ok() && line.starts_with("HTTP/1.1 200") {
                return e;
            }
        }
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "etcd did not start: {}",
            std::fs::read_to_string(e.dir.join("etcd.log")).unwrap_or_default()
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

fn v(body: &str) -> Value {
    serde_json::from_str(body).unwrap_or_else(|e| panic!("{e}: {body}"))
}

#[test]
fn replicas_share_state_through_etcd() {
    let Some(bin) = common::tool("etcd", "the etcd backend test") else {
        return;
    };
    let etcd = start_etcd(&bin);
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
