//! Load figure of the example server (docs/server.md): N keep-alive
//! connections, each sending requests back to back for a fixed time, for
//! three workloads (GET of one object, GET of a 100-object list, merge
//! PATCH = a durable write). Prints requests/s, p50/p99/max latency, and the
//! fewest and most requests any one connection completed (a starved
//! connection shows as a minimum near 0).
//!
//! `cargo bench -p example-server --bench load [-- --connections=N --seconds=S]`

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Command, Stdio};
use std::sync::{Arc, Barrier};
use std::time::{Duration, Instant};

const NS: &str = "/apis/example.dev/v1/namespaces/default/widgets";

fn request(
    r: &mut BufReader<TcpStream>,
    method: &str,
    path: &str,
    ct: &str,
    body: &str,
) -> std::io::Result<u16> {
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: x\r\nContent-Type: {ct}\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    r.get_mut().write_all(req.as_bytes())?;
    let mut line = String::new();
    r.read_line(&mut line)?;
    let code = line
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let mut len = 0usize;
    loop {
        line.clear();
        r.read_line(&mut line)?;
        if line == "\r\n" || line.is_empty() {
            break;
        }
        if let Some(v) = line.to_ascii_lowercase().strip_prefix("content-length:") {
            len = v.trim().parse().unwrap_or(0);
        }
    }
    let mut buf = vec![0; len];
    r.read_exact(&mut buf)?;
    Ok(code)
}

fn run(
    addr: SocketAddr,
    conns: usize,
    secs: u64,
    name: &str,
    mk: fn(usize, u64) -> (String, String, &'static str, String),
) {
    let barrier = Arc::new(Barrier::new(conns + 1));
    let handles: Vec<_> = (0..conns)
        .map(|c| {
            let barrier = barrier.clone();
            std::thread::spawn(move || {
                let s = TcpStream::connect(addr).unwrap();
                s.set_nodelay(true).unwrap();
                let mut r = BufReader::new(s);
                let mut lat = Vec::new();
                barrier.wait();
                let end = Instant::now() + Duration::from_secs(secs);
                let mut i = 0u64;
                while Instant::now() < end {
                    let (m, p, ct, b) = mk(c, i);
                    let t = Instant::now();
                    let code = request(&mut r, &m, &p, ct, &b).unwrap();
                    assert!(code == 200 || code == 201, "{m} {p}: {code}");
                    lat.push(t.elapsed());
                    i += 1;
                }
                lat
            })
        })
        .collect();
    barrier.wait();
    let start = Instant::now();
    let per: Vec<Vec<Duration>> = handles.into_iter().map(|h| h.join().unwrap()).collect();
    let elapsed = start.elapsed().as_secs_f64();
    let counts: Vec<usize> = per.iter().map(Vec::len).collect();
    let mut all: Vec<Duration> = per.into_iter().flatten().collect();
    all.sort();
    let q = |p: f64| all[((all.len() as f64 * p) as usize).min(all.len() - 1)];
    println!(
        "{name:<22} {conns:>3} conns  {:>8.0} req/s  p50 {:>7.2} ms  p99 {:>7.2} ms  max {:>7.2} ms  per-conn min {} max {}",
        all.len() as f64 / elapsed,
        q(0.50).as_secs_f64() * 1e3,
        q(0.99).as_secs_f64() * 1e3,
        all.last().unwrap().as_secs_f64() * 1e3,
        counts.iter().min().unwrap(),
        counts.iter().max().unwrap(),
    );
}

fn main() {
    let mut conns = 64;
    let mut secs = 5;
    for a in std::env::args().skip(1) {
        if let Some(v) = a.strip_prefix("--connections=") {
            conns = v.parse().expect("--connections=N");
        } else if let Some(v) = a.strip_prefix("--seconds=") {
            secs = v.parse().expect("--seconds=S");
        }
    }
    let state = std::env::temp_dir().join(format!("example-server-load-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&state);
    let mut child = Command::new(env!("CARGO_BIN_EXE_example-server"))
        .arg("--listen=127.0.0.1:0")
        .arg(format!("--state-dir={}", state.display()))
        .arg("--max-connections=1000")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let addr: SocketAddr = line
        .trim()
        .strip_prefix("listening on ")
        .unwrap()
        .parse()
        .unwrap();
    // 100 objects.
    {
        let mut r = BufReader::new(TcpStream::connect(addr).unwrap());
        for i in 0..100 {
            let body = format!(
                r#"{{"apiVersion":"example.dev/v1","kind":"Widget","metadata":{{"name":"w{i}","labels":{{"app":"bench"}}}},"spec":{{"replicas":1,"ports":[{{"name":"http","port":80}}],"tags":["a","b"]}}}}"#
            );
            assert_eq!(
                request(&mut r, "POST", NS, "application/json", &body).unwrap(),
                201
            );
        }
    }
    println!("example-server load, {secs} s per workload, keep-alive connections, each sending back to back");
    run(addr, conns, secs, "GET object", |c, _| {
        (
            "GET".into(),
            format!("{NS}/w{}", c % 100),
            "application/json",
            String::new(),
        )
    });
    run(addr, conns, secs, "GET list (100 items)", |_, _| {
        (
            "GET".into(),
            NS.to_owned(),
            "application/json",
            String::new(),
        )
    });
    run(addr, conns, secs, "PATCH (durable write)", |c, i| {
        (
            "PATCH".into(),
            format!("{NS}/w{}", c % 100),
            "application/merge-patch+json",
            format!(r#"{{"spec":{{"replicas":{}}}}}"#, i % 50),
        )
    });
    let _ = child.kill();
    let _ = child.wait();
    let _ = std::fs::remove_dir_all(&state);
}
