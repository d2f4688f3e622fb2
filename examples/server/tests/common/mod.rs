//! Test helpers: start the example server as a process, talk HTTP/1.1 to it.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The namespaced collection path.
pub const NS: &str = "/apis/example.dev/v1/namespaces/default/widgets";

/// A running server.
pub struct Server {
    pub child: Child,
    pub addr: SocketAddr,
    pub log: PathBuf,
    /// Removed on drop when the server made it.
    pub state: Option<PathBuf>,
}

/// A fresh temporary directory.
pub fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("example-server-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

impl Server {
    /// Starts with a fresh state directory.
    pub fn start(name: &str, args: &[&str]) -> Server {
        let state = temp_dir(&format!("state-{name}"));
        let mut s = Server::start_on(name, &state, args);
        s.state = Some(state);
        s
    }

    /// Starts on an existing state directory (kept on drop).
    pub fn start_on(name: &str, state: &Path, args: &[&str]) -> Server {
        let mut all = vec![format!("--state-dir={}", state.display())];
        all.extend(args.iter().map(|s| s.to_string()));
        Server::spawn(name, &all)
    }

    /// Starts with exactly these arguments (plus `--listen`).
    pub fn spawn(name: &str, args: &[String]) -> Server {
        let log =
            std::env::temp_dir().join(format!("example-server-{}-{name}.log", std::process::id()));
        let mut child = Command::new(env!("CARGO_BIN_EXE_example-server"))
            .arg("--listen=127.0.0.1:0")
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(std::fs::File::create(&log).unwrap())
            .spawn()
            .unwrap();
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let addr = match line.trim().strip_prefix("listening on ") {
            Some(a) => a.parse().unwrap(),
            None => {
                let _ = child.kill();
                panic!(
                    "unexpected first line {line:?}; log: {}",
                    std::fs::read_to_string(&log).unwrap_or_default()
                )
            }
        };
        Server {
            child,
            addr,
            log,
            state: None,
        }
    }

    /// `http://127.0.0.1:PORT`.
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// (status code, response head, body), with extra header lines.
    pub fn send(
        &self,
        method: &str,
        path: &str,
        headers: &[&str],
        body: &str,
    ) -> (u16, String, String) {
        let mut s = TcpStream::connect_timeout(&self.addr, Duration::from_secs(5)).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
        let mut req = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nContent-Length: {}\r\n",
            self.addr,
            body.len()
        );
        for h in headers {
            req.push_str(h);
            req.push_str("\r\n");
        }
        req.push_str("\r\n");
        req.push_str(body);
        s.write_all(req.as_bytes()).unwrap();
        let mut raw = Vec::new();
        let _ = s.read_to_end(&mut raw);
        let raw = String::from_utf8_lossy(&raw).into_owned();
        let (head, body) = raw.split_once("\r\n\r\n").expect("a complete response");
        let code = head.split(' ').nth(1).unwrap().parse().unwrap();
        (code, head.to_owned(), body.to_owned())
    }

    /// A JSON request: (code, body).
    pub fn json(&self, method: &str, path: &str, body: &str) -> (u16, String) {
        let (c, _, b) = self.send(method, path, &["Content-Type: application/json"], body);
        (c, b)
    }

    /// Stops the server (SIGKILL) and returns its log.
    pub fn stop(mut self) -> String {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
        std::fs::read_to_string(&self.log).unwrap()
    }
}

/// Stops the server also when a test fails half-way.
impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_file(&self.log);
        if let Some(s) = &self.state {
            let _ = std::fs::remove_dir_all(s);
        }
    }
}

/// A Widget's JSON.
pub fn widget(name: &str, spec: &str) -> String {
    format!(
        r#"{{"apiVersion":"example.dev/v1","kind":"Widget","metadata":{{"name":"{name}"}},"spec":{spec}}}"#
    )
}

/// Whether the environment says this is CI (tests that need outside tools
/// must run there).
pub fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "true" || v == "1")
}

/// The path of a tool, or `None` (and a visible message) when it is
/// missing outside CI; in CI a missing tool fails the test.
pub fn tool(name: &str, why: &str) -> Option<PathBuf> {
    let found = std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|p| p.join(name))
            .find(|p| p.is_file())
    });
    match found {
        Some(p) => Some(p),
        None if in_ci() => panic!("{name} is not installed, and CI=true: {why} must run in CI"),
        None => {
            eprintln!("SKIPPED: {name} is not on PATH ({why}); it runs in CI (CI=true)");
            None
        }
    }
}

/// An etcd started by a test (killed, data removed, on drop).
pub struct Etcd {
    child: Child,
    dir: PathBuf,
    /// `http://127.0.0.1:PORT`.
    pub url: String,
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

/// Starts etcd on two free loopback ports with a temporary data directory.
pub fn start_etcd(bin: &std::path::Path) -> Etcd {
    let dir = temp_dir(&format!("etcd-{}", free_port()));
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
