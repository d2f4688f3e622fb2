//! The validation metrics of a 1.35 API server (`k8s.io/apiserver/pkg/validation`)
//! as a handful of atomic counters with a Prometheus text-format encoder.
//!
//! A hand-written registry rather than a metrics crate: the five series are
//! fixed, and the exposition must match upstream byte for byte, which the
//! common crates do not do (see `docs/migration.md`).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard, OnceLock};

/// Counter: mismatches between hand-written and declarative validation (BETA).
pub const MISMATCH_TOTAL: &str = "apiserver_validation_declarative_validation_mismatch_total";
/// Counter vector by `validation_identifier`: the same mismatches (ALPHA).
pub const PARITY_DISCREPANCIES_TOTAL: &str =
    "apiserver_validation_declarative_validation_parity_discrepancies_total";
/// Counter: panics recovered from declarative validation (BETA).
pub const PANIC_TOTAL: &str = "apiserver_validation_declarative_validation_panic_total";
/// Counter vector by `validation_identifier`: the same panics (ALPHA).
pub const PANICS_TOTAL: &str = "apiserver_validation_declarative_validation_panics_total";
/// Counter: errors reported twice in one update (INTERNAL).
pub const DUPLICATE_VALIDATION_ERROR_TOTAL: &str =
    "apiserver_validation_duplicate_validation_error_total";
/// The label of the two counter vectors.
pub const VALIDATION_IDENTIFIER_LABEL: &str = "validation_identifier";

/// The `Content-Type` of [`ValidationMetrics::encode_text`]'s output
/// (Prometheus text exposition format 0.0.4).
pub const TEXT_CONTENT_TYPE: &str = "text/plain; version=0.0.4; charset=utf-8";

const MISMATCH_HELP: &str = "[BETA] Number of times declarative validation results differed from handwritten validation results for core types.";
const PARITY_HELP: &str = "[ALPHA] Number of discrepancies between declarative and handwritten validation, broken down by validation identifier.";
const PANIC_HELP: &str =
    "[BETA] Number of times declarative validation has panicked during validation.";
const PANICS_HELP: &str =
    "[ALPHA] Number of panics in declarative validation, broken down by validation identifier.";
const DUPLICATE_HELP: &str = "[INTERNAL] Number of duplicate validation errors during validation.";

/// The counters, shared by every [`Migration`](crate::Migration) that
/// holds them. Cheap on the hot path: nothing is touched unless a mismatch
/// or a panic happens.
///
/// ```
/// use k8s_validation_migration::ValidationMetrics;
///
/// let m = ValidationMetrics::new();
/// m.inc_mismatch("widget_create");
/// assert_eq!(m.mismatch_total(), 1);
/// assert_eq!(m.parity_discrepancies("widget_create"), 1);
/// assert!(m.encode_text().contains(
///     "apiserver_validation_declarative_validation_parity_discrepancies_total{validation_identifier=\"widget_create\"} 1\n"
/// ));
/// ```
#[derive(Debug, Default)]
pub struct ValidationMetrics {
    mismatch: AtomicU64,
    panic: AtomicU64,
    duplicate: AtomicU64,
    mismatch_by_id: Mutex<BTreeMap<String, u64>>,
    panic_by_id: Mutex<BTreeMap<String, u64>>,
}

impl ValidationMetrics {
    /// Counters at zero.
    pub fn new() -> ValidationMetrics {
        ValidationMetrics::default()
    }

    /// A process-wide instance, for servers that want upstream's single
    /// global registry.
    pub fn global() -> &'static ValidationMetrics {
        static GLOBAL: OnceLock<ValidationMetrics> = OnceLock::new();
        GLOBAL.get_or_init(ValidationMetrics::new)
    }

    /// One mismatch: the total and the identifier's series.
    pub fn inc_mismatch(&self, validation_identifier: &str) {
        self.mismatch.fetch_add(1, Ordering::Relaxed);
        inc(&self.mismatch_by_id, validation_identifier);
    }

    /// One recovered panic: the total and the identifier's series.
    pub fn inc_panic(&self, validation_identifier: &str) {
        self.panic.fetch_add(1, Ordering::Relaxed);
        inc(&self.panic_by_id, validation_identifier);
    }

    /// One duplicate error.
    pub fn inc_duplicate(&self) {
        self.duplicate.fetch_add(1, Ordering::Relaxed);
    }

    /// `apiserver_validation_declarative_validation_mismatch_total`.
    pub fn mismatch_total(&self) -> u64 {
        self.mismatch.load(Ordering::Relaxed)
    }

    /// `apiserver_validation_declarative_validation_panic_total`.
    pub fn panic_total(&self) -> u64 {
        self.panic.load(Ordering::Relaxed)
    }

    /// `apiserver_validation_duplicate_validation_error_total`.
    pub fn duplicate_total(&self) -> u64 {
        self.duplicate.load(Ordering::Relaxed)
    }

    /// `apiserver_validation_declarative_validation_parity_discrepancies_total`
    /// for one identifier.
    pub fn parity_discrepancies(&self, validation_identifier: &str) -> u64 {
        get(&self.mismatch_by_id, validation_identifier)
    }

    /// `apiserver_validation_declarative_validation_panics_total` for one
    /// identifier.
    pub fn panics(&self, validation_identifier: &str) -> u64 {
        get(&self.panic_by_id, validation_identifier)
    }

    /// Every identifier's mismatch count, sorted by identifier.
    pub fn parity_discrepancies_by_identifier(&self) -> Vec<(String, u64)> {
        lock(&self.mismatch_by_id)
            .iter()
            .map(|(k, v)| (k.clone(), *v))
            .collect()
    }

    /// Every identifier's panic count, sorted by identifier.
    pub fn panics_by_identifier(&self) -> Vec<(String, u64)> {
        lock(&self.panic_by_id)
            .iter()
            .map(|(k, v)| (k.clone(), *v))
            .collect()
    }

    /// Sets every counter back to zero and forgets the identifiers.
    pub fn reset(&self) {
        self.mismatch.store(0, Ordering::Relaxed);
        self.panic.store(0, Ordering::Relaxed);
        self.duplicate.store(0, Ordering::Relaxed);
        lock(&self.mismatch_by_id).clear();
        lock(&self.panic_by_id).clear();
    }

    /// The metrics in Prometheus text format, as a Go API server exposes
    /// them: families sorted by name, `# HELP` with the stability level,
    /// `# TYPE ... counter`, plain counters always present, a vector only
    /// once it has a series, series sorted by label value, values printed as
    /// Go's `strconv.FormatFloat(v, 'g', -1, 64)`.
    pub fn encode_text(&self) -> String {
        let mut out = String::with_capacity(1024);
        self.encode_text_into(&mut out);
        out
    }

    /// [`encode_text`](Self::encode_text) appended to `out` (to add these
    /// families to a server's own exposition).
    pub fn encode_text_into(&self, out: &mut String) {
        counter(out, MISMATCH_TOTAL, MISMATCH_HELP, self.mismatch_total());
        counter(out, PANIC_TOTAL, PANIC_HELP, self.panic_total());
        vector(out, PANICS_TOTAL, PANICS_HELP, &lock(&self.panic_by_id));
        vector(
            out,
            PARITY_DISCREPANCIES_TOTAL,
            PARITY_HELP,
            &lock(&self.mismatch_by_id),
        );
        counter(
            out,
            DUPLICATE_VALIDATION_ERROR_TOTAL,
            DUPLICATE_HELP,
            self.duplicate_total(),
        );
    }
}

fn lock(m: &Mutex<BTreeMap<String, u64>>) -> MutexGuard<'_, BTreeMap<String, u64>> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn inc(m: &Mutex<BTreeMap<String, u64>>, id: &str) {
    let mut map = lock(m);
    match map.get_mut(id) {
        Some(v) => *v += 1,
        None => {
            map.insert(id.to_owned(), 1);
        }
    }
}

fn get(m: &Mutex<BTreeMap<String, u64>>, id: &str) -> u64 {
    lock(m).get(id).copied().unwrap_or(0)
}

fn header(out: &mut String, name: &str, help: &str) {
    out.push_str("# HELP ");
    out.push_str(name);
    out.push(' ');
    for c in help.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c => out.push(c),
        }
    }
    out.push_str("\n# TYPE ");
    out.push_str(name);
    out.push_str(" counter\n");
}

fn counter(out: &mut String, name: &str, help: &str, value: u64) {
    header(out, name, help);
    out.push_str(name);
    out.push(' ');
    write_go_float(out, value);
    out.push('\n');
}

fn vector(out: &mut String, name: &str, help: &str, series: &BTreeMap<String, u64>) {
    if series.is_empty() {
        return;
    }
    header(out, name, help);
    for (label, value) in series {
        out.push_str(name);
        out.push('{');
        out.push_str(VALIDATION_IDENTIFIER_LABEL);
        out.push_str("=\"");
        for c in label.chars() {
            match c {
                '\\' => out.push_str("\\\\"),
                '"' => out.push_str("\\\""),
                '\n' => out.push_str("\\n"),
                c => out.push(c),
            }
        }
        out.push_str("\"} ");
        write_go_float(out, *value);
        out.push('\n');
    }
}

/// A counter value as Go's `strconv.FormatFloat(float64(v), 'g', -1, 64)`:
/// plain digits below 1e6, shortest scientific form (`1.234567e+06`) above.
fn write_go_float(out: &mut String, v: u64) {
    if v < 1_000_000 {
        let _ = write!(out, "{v}");
        return;
    }
    // Rust's `{:e}` is the shortest round-trip form, as Go's -1 precision.
    let sci = format!("{:e}", v as f64);
    let (mantissa, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let _ = write!(out, "{mantissa}e+{exp:02}");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_float_format() {
        let f = |v| {
            let mut s = String::new();
            write_go_float(&mut s, v);
            s
        };
        assert_eq!(f(0), "0");
        assert_eq!(f(999_999), "999999");
        assert_eq!(f(1_000_000), "1e+06");
        assert_eq!(f(1_234_567), "1.234567e+06");
        assert_eq!(f(12_345_678_901), "1.2345678901e+10");
        assert_eq!(f(u64::MAX), "1.8446744073709552e+19");
    }
}
