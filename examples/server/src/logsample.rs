//! Rate-limited mismatch logging: the migration logs one ERROR line per
//! mismatching request (about 435 bytes); under load that is a flood. This
//! filter lets [`BURST`] such lines through per [`WINDOW`] and counts the
//! rest; [`report_suppressed`] logs how many were dropped. The mismatch
//! counters in `/metrics` are counted before logging and stay exact.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use tracing::subscriber::Interest;
use tracing::{Event, Metadata};
use tracing_subscriber::layer::{Context, Filter};

/// Lines let through per window.
pub const BURST: u64 = 10;
/// The window.
pub const WINDOW: Duration = Duration::from_secs(10);

static SUPPRESSED: AtomicU64 = AtomicU64::new(0);
static WINDOW_STATE: Mutex<Option<(Instant, u64)>> = Mutex::new(None);

/// Whether an event is one of the migration's per-request error lines.
fn sampled(meta: &Metadata<'_>) -> bool {
    *meta.level() == tracing::Level::ERROR && meta.target().starts_with("k8s_validation_migration")
}

/// The per-layer filter: decides per event (not per call site), so every
/// event is counted once.
pub struct Sampler;

impl<S> Filter<S> for Sampler {
    fn enabled(&self, _meta: &Metadata<'_>, _cx: &Context<'_, S>) -> bool {
        true
    }

    fn callsite_enabled(&self, meta: &'static Metadata<'static>) -> Interest {
        if sampled(meta) {
            Interest::sometimes()
        } else {
            Interest::always()
        }
    }

    fn event_enabled(&self, event: &Event<'_>, _cx: &Context<'_, S>) -> bool {
        allow(event.metadata())
    }
}

/// Whether to keep an event: `true` for everything but the sampled lines
/// over the budget of the current window.
pub fn allow(meta: &Metadata<'_>) -> bool {
    if !sampled(meta) {
        return true;
    }
    let mut w = WINDOW_STATE.lock().unwrap();
    let now = Instant::now();
    let (start, n) = w.get_or_insert((now, 0));
    if now.duration_since(*start) >= WINDOW {
        *start = now;
        *n = 0;
    }
    *n += 1;
    if *n <= BURST {
        true
    } else {
        SUPPRESSED.fetch_add(1, Ordering::Relaxed);
        false
    }
}

/// How many lines were dropped since the last call.
pub fn take_suppressed() -> u64 {
    SUPPRESSED.swap(0, Ordering::Relaxed)
}

/// Logs the number of dropped lines every [`WINDOW`] (when not zero).
pub async fn report_suppressed() {
    let mut tick = tokio::time::interval(WINDOW);
    loop {
        tick.tick().await;
        let n = take_suppressed();
        if n > 0 {
            tracing::warn!(
                suppressed = n,
                "declarative validation mismatch log lines suppressed (rate limit {BURST} per {}s); the mismatch metrics count every one",
                WINDOW.as_secs()
            );
        }
    }
}
