//! The connection side: limits and timeouts, every refusal a `Status`.
//!
//! - header read timeout (hyper): a client that does not finish its request
//!   head in time is disconnected;
//! - idle timeout: a keep-alive connection with no request in flight and no
//!   traffic for that long is closed, so idle clients cannot hold every file
//!   descriptor;
//! - connection limit (default: the file-descriptor limit less 64): over
//!   it, the connection idle the longest is closed to make room; when none
//!   is idle, the new connection gets 429 `TooManyRequests` and is closed;
//! - request timeout (a tower layer; covers reading the body): 504
//!   `Timeout` (watches are exempt);
//! - in-flight limit (tower `ConcurrencyLimit` + `LoadShed`): 429;
//! - body limit: 413 (in [`crate::decode::read_body`]).

use std::collections::HashMap;
use std::convert::Infallible;
use std::io;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::error_handling::HandleErrorLayer;
use axum::extract::Request;
use axum::middleware::{self, Next};
use axum::response::IntoResponse;
use axum::Router;
use hyper::body::{Frame, SizeHint};
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::io::{AsyncRead, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Notify;
use tower::{BoxError, ServiceBuilder, ServiceExt};

use crate::status::Status;

/// The limits (flags of the same names).
#[derive(Clone, Debug)]
pub struct Limits {
    /// `--header-read-timeout`.
    pub header_read: Duration,
    /// `--idle-timeout`.
    pub idle: Duration,
    /// `--request-timeout` (includes reading the body).
    pub request: Duration,
    /// `--max-connections`.
    pub max_connections: usize,
    /// `--max-requests-inflight`.
    pub max_in_flight: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            header_read: Duration::from_secs(10),
            idle: Duration::from_secs(60),
            request: Duration::from_secs(60),
            max_connections: default_max_connections(),
            max_in_flight: 400,
        }
    }
}

/// The soft file-descriptor limit less 64 (for the store, logs and
/// accepting), between 16 and 10,000; 1,000 where the limit is unknown.
pub fn default_max_connections() -> usize {
    let soft = std::fs::read_to_string("/proc/self/limits")
        .ok()
        .and_then(|l| {
            l.lines()
                .find(|l| l.starts_with("Max open files"))
                .and_then(|l| l.split_whitespace().nth(3).map(str::to_owned))
                .and_then(|v| v.parse::<usize>().ok())
        });
    match soft {
        Some(n) => n.saturating_sub(64).clamp(16, 10_000),
        None => 1_000,
    }
}

/// Adds the request-level layers: request timeout and in-flight limit.
pub fn layered(router: Router, limits: &Limits) -> Router {
    let timeout = limits.request;
    router
        .layer(middleware::from_fn(
            move |req: Request, next: Next| async move {
                let watch = req
                    .uri()
                    .query()
                    .is_some_and(|q| q.split('&').any(|p| p == "watch=true" || p == "watch=1"));
                if watch {
                    return next.run(req).await;
                }
                match tokio::time::timeout(timeout, next.run(req)).await {
                    Ok(r) => r,
                    Err(_) => Status::timeout().into_response(),
                }
            },
        ))
        .layer(
            ServiceBuilder::new()
                .layer(HandleErrorLayer::new(|_: BoxError| async {
                    Status::too_many_requests()
                }))
                .load_shed()
                .concurrency_limit(limits.max_in_flight),
        )
}

/// The open connections, for the limit and for evicting idle ones.
#[derive(Default)]
struct Table {
    inner: Mutex<Open>,
    /// Signalled when a connection's descriptor is released.
    freed: Notify,
}

#[derive(Default)]
struct Open {
    next: u64,
    open: HashMap<u64, Arc<Activity>>,
}

/// Accepts connections until the listener fails.
pub async fn serve(listener: TcpListener, app: Router, limits: Limits) -> io::Result<()> {
    let table = Arc::new(Table::default());
    loop {
        let (stream, _) = match listener.accept().await {
            Ok(c) => c,
            Err(e) => {
                // Out of file descriptors and the like: wait, go on.
                tracing::warn!(error = %e, "accept failed");
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let activity = Arc::new(Activity {
            last: AtomicU64::new(now_ms()),
            in_flight: AtomicUsize::new(0),
            evict: Notify::new(),
            evicted: AtomicBool::new(false),
        });
        // At the limit, close the connection idle the longest and wait (up
        // to a second) until its descriptor is released; with none idle,
        // refuse this one.
        let mut refused = false;
        let deadline = tokio::time::Instant::now() + Duration::from_secs(1);
        loop {
            let freed = table.freed.notified();
            {
                let t = table.inner.lock().unwrap();
                if t.open.len() < limits.max_connections {
                    break;
                }
                let evicting = t.open.values().any(|a| a.evicted.load(Ordering::Relaxed));
                if !evicting {
                    let victim = t
                        .open
                        .values()
                        .filter(|a| a.in_flight.load(Ordering::Relaxed) == 0)
                        .min_by_key(|a| a.last.load(Ordering::Relaxed))
                        .cloned();
                    match victim {
                        Some(a) => {
                            a.evicted.store(true, Ordering::Relaxed);
                            a.evict.notify_one();
                        }
                        None => {
                            refused = true;
                            break;
                        }
                    }
                }
            }
            if tokio::time::timeout_at(deadline, freed).await.is_err() {
                refused = true;
                break;
            }
        }
        if refused {
            tokio::spawn(refuse(stream));
            continue;
        }
        let id = {
            let mut t = table.inner.lock().unwrap();
            t.next += 1;
            let id = t.next;
            t.open.insert(id, activity.clone());
            id
        };
        let guard = Remove(table.clone(), id);
        let app = app.clone();
        let limits = limits.clone();
        tokio::spawn(async move {
            let _guard = guard;
            connection(stream, activity, app, &limits).await;
        });
    }
}

struct Remove(Arc<Table>, u64);

impl Drop for Remove {
    fn drop(&mut self) {
        self.0.inner.lock().unwrap().open.remove(&self.1);
        self.0.freed.notify_waiters();
    }
}

async fn refuse(mut stream: TcpStream) {
    let s = Status::too_many_requests();
    let body = s.body();
    let head = format!(
        "HTTP/1.1 429 Too Many Requests\r\nContent-Type: application/json\r\nRetry-After: 1\r\nConnection: close\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    let _ = tokio::time::timeout(Duration::from_secs(2), async {
        let _ = stream.write_all(head.as_bytes()).await;
        let _ = stream.write_all(body.as_bytes()).await;
        let _ = stream.shutdown().await;
    })
    .await;
}

fn epoch() -> Instant {
    static E: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    *E.get_or_init(Instant::now)
}

fn now_ms() -> u64 {
    epoch().elapsed().as_millis() as u64
}

async fn connection(stream: TcpStream, activity: Arc<Activity>, app: Router, limits: &Limits) {
    let io = TokioIo::new(Tracked {
        inner: stream,
        activity: activity.clone(),
    });
    let act = activity.clone();
    let service = hyper::service::service_fn(move |req: hyper::Request<hyper::body::Incoming>| {
        let app = app.clone();
        let act = act.clone();
        act.in_flight.fetch_add(1, Ordering::Relaxed);
        let guard = InFlight(act);
        async move {
            let resp = app
                .oneshot(req.map(Body::new))
                .await
                .unwrap_or_else(|e: Infallible| match e {});
            // The request counts as in flight until its body is sent.
            Ok::<_, Infallible>(resp.map(|b| {
                Body::new(Guarded {
                    inner: b,
                    _guard: guard,
                })
            }))
        }
    });
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_read)
        .keep_alive(true);
    let conn = builder.serve_connection(io, service);
    tokio::pin!(conn);
    let idle_ms = limits.idle.as_millis() as u64;
    let mut tick = tokio::time::interval(
        limits
            .idle
            .min(Duration::from_secs(1))
            .max(Duration::from_millis(50)),
    );
    let mut closing = false;
    loop {
        tokio::select! {
            r = conn.as_mut() => {
                let _ = r;
                return;
            }
            _ = activity.evict.notified(), if !closing => {
                conn.as_mut().graceful_shutdown();
                closing = true;
            }
            _ = tick.tick(), if !closing => {
                let idle = activity.in_flight.load(Ordering::Relaxed) == 0
                    && now_ms().saturating_sub(activity.last.load(Ordering::Relaxed)) >= idle_ms;
                if idle {
                    conn.as_mut().graceful_shutdown();
                    closing = true;
                }
            }
        }
    }
}

struct Activity {
    last: AtomicU64,
    in_flight: AtomicUsize,
    evict: Notify,
    evicted: AtomicBool,
}

struct InFlight(Arc<Activity>);

impl Drop for InFlight {
    fn drop(&mut self) {
        self.0.last.store(now_ms(), Ordering::Relaxed);
        self.0.in_flight.fetch_sub(1, Ordering::Relaxed);
    }
}

struct Guarded {
    inner: Body,
    _guard: InFlight,
}

impl hyper::body::Body for Guarded {
    type Data = axum::body::Bytes;
    type Error = axum::Error;
    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Self::Data>, Self::Error>>> {
        Pin::new(&mut self.inner).poll_frame(cx)
    }
    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }
    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}

/// A stream that notes when it last moved bytes.
struct Tracked {
    inner: TcpStream,
    activity: Arc<Activity>,
}

impl AsyncRead for Tracked {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        let r = Pin::new(&mut self.inner).poll_read(cx, buf);
        if buf.filled().len() > before {
            self.activity.last.store(now_ms(), Ordering::Relaxed);
        }
        r
    }
}

impl AsyncWrite for Tracked {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let r = Pin::new(&mut self.inner).poll_write(cx, buf);
        if matches!(r, Poll::Ready(Ok(n)) if n > 0) {
            self.activity.last.store(now_ms(), Ordering::Relaxed);
        }
        r
    }
    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }
    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}
