//! The Rust side of the schema oracle (`tests/schema-oracle/run`): random
//! Widgets (creates, and updates from an old Widget) validated by
//! `#[derive(Validate)]`, and by upstream's apiextensions-apiserver (the Go
//! program `tests/schema-oracle`) through the CRD that `validation-gen schema`
//! exports for the same types; the field paths that fail must agree.
//!
//! ```text
//! schema_oracle --oracle <go binary> --crd <crd.json> [--cases N] [--seed S] [--show N]
//! ```
//!
//! The last line is `schema oracle: <n> objects (<c> creates, <u> updates), <d> differences, <e> expected (...)`;
//! the exit status is 1 when any difference is not an expected one.

#[path = "../schema-oracle/fixture/mod.rs"]
mod fixture;

use std::collections::{BTreeMap, BTreeSet};
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use fixture::*;
use serde_json::Value;
use validation_runtime::{Operation, Validate};

/// xorshift64*: deterministic, no dependencies.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
    fn pick<T: Clone>(&mut self, pool: &[T]) -> T {
        pool[self.below(pool.len())].clone()
    }
    fn maybe<T: Clone>(&mut self, pool: &[T]) -> Option<T> {
        if self.chance(40) {
            None
        } else {
            Some(self.pick(pool))
        }
    }
    fn strings(&mut self, pool: &[&str]) -> Option<String> {
        self.maybe(pool).map(str::to_string)
    }
}

const LONG63: &str = "abcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcd";

fn spec(r: &mut Rng) -> WidgetSpec {
    let mut s = WidgetSpec {
        class_name: r.strings(&["web", "Web", "default", "a-b", "-x", LONG63, "db"]),
        ..WidgetSpec::default()
    };
    for field in 0..13 {
        if r.chance(45) {
            continue;
        }
        match field {
            0 => s.replicas = r.maybe(&[-1, 0, 50, 100, 101]),
            1 => s.title = r.strings(&["", "a", "ab", "sixteen-chars-ok", "seventeen-chars-x", "héllo"]),
            2 => {
                s.uid = r.strings(&[
                    "0f8fad5b-d9cb-469f-a165-70867728950e",
                    "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                    "0F8FAD5B-D9CB-469F-A165-70867728950E",
                    "nope",
                ])
            }
            3 => s.host = r.strings(&["a.example.com", "b.example.com", "A.example", "x_y"]),
            4 => s.owner = r.strings(&["alice", "bob"]),
            5 => s.zone = r.strings(&["east", "west"]),
            6 => {
                for _ in 0..r.below(6) {
                    let k = r.pick(&["app", "example.com/tier", "bad key", "-x", "tier", "a/b/c"]);
                    let v = r.pick(&["v", "", "bad value", LONG63, "ok.1"]);
                    s.labels.insert(k.to_string(), v.to_string());
                }
            }
            7 => {
                for _ in 0..r.below(6) {
                    s.tags.push(r.pick(&["a", "b", "c", "B_", "d"]).to_string());
                }
            }
            8 => {
                for _ in 0..r.below(6) {
                    s.aliases.push(r.pick(&["x", "y", "z", "toolongalias"]).to_string());
                }
            }
            9 => {
                s.ports = if r.chance(20) {
                    None
                } else {
                    Some(
                        (0..r.below(6))
                            .map(|_| Port {
                                name: r.strings(&["http", "grpc", "Bad", "metrics"]),
                                number: r.maybe(&[0, 80, 443, 70000]),
                                protocol: r.maybe(&[
                                    Protocol::Tcp,
                                    Protocol::Udp,
                                    Protocol::Unknown("SCTP".into()),
                                ]),
                            })
                            .collect(),
                    )
                }
            }
            10 => {
                s.source = r.chance(70).then(|| Source {
                    git: r.strings(&["https://example.com/repo.git"]),
                    image: r.strings(&["nginx"]),
                    inline: r.chance(40).then(|| Inline {
                        text: r.strings(&["hi", "this text is much longer than thirty-two bytes"]),
                    }),
                })
            }
            11 => {
                s.limits = r.chance(70).then(|| Limits {
                    cpu: r.maybe(&[0, 2]),
                    gpu: r.maybe(&[1]),
                })
            }
            _ => {
                s.policy = r.maybe(&[Policy::Always, Policy::Never, Policy::Unknown("Sometimes".into())])
            }
        }
    }
    s
}

fn widget(r: &mut Rng) -> Widget {
    Widget {
        api_version: "oracle.example.com/v1".into(),
        kind: "Widget".into(),
        metadata: Meta {
            name: "w1".into(),
            namespace: "default".into(),
            resource_version: "1".into(),
        },
        spec: (!r.chance(3)).then(|| spec(r)),
        status: r.chance(30).then(|| WidgetStatus {
            ready: r.maybe(&[-1, 0, 3]),
        }),
    }
}

/// A change of `old`: some fields of its spec replaced by fresh random ones.
fn mutate(r: &mut Rng, old: &Widget) -> Widget {
    let mut new = old.clone();
    let fresh = spec(r);
    let Some(s) = new.spec.as_mut() else {
        new.spec = Some(fresh);
        return new;
    };
    macro_rules! maybe_take {
        ($($f:ident),*) => {$(
            if r.chance(25) {
                s.$f = fresh.$f.clone();
            }
        )*};
    }
    maybe_take!(class_name, replicas, title, uid, host, owner, zone, labels, tags, aliases, ports, source, limits, policy);
    if r.chance(15) {
        new.status = r.chance(50).then(|| WidgetStatus {
            ready: r.maybe(&[-1, 0, 3]),
        });
    }
    new
}

struct Case {
    new: Widget,
    old: Option<Widget>,
}

/// A verdict error: (path, type).
type Found = BTreeSet<(String, String)>;

fn rust_errors(c: &Case) -> Found {
    let errs = match &c.old {
        None => c.new.validate(&Operation::create()),
        Some(old) => c.new.validate_update(old, &Operation::update()),
    };
    errs.iter()
        .map(|e| (e.field().to_string(), format!("{}", e.kind())))
        .collect()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut oracle = None;
    let mut crd = None;
    let mut cases = 2000usize;
    let mut seed = 1u64;
    let mut show = 10usize;
    let mut i = 0;
    while i < args.len() {
        let v = args.get(i + 1).cloned().unwrap_or_default();
        match args[i].as_str() {
            "--oracle" => oracle = Some(v),
            "--crd" => crd = Some(v),
            "--cases" => cases = v.parse().expect("--cases N"),
            "--seed" => seed = v.parse().expect("--seed S"),
            "--show" => show = v.parse().expect("--show N"),
            other => {
                eprintln!("unknown argument {other}");
                std::process::exit(2);
            }
        }
        i += 2;
    }
    let (Some(oracle), Some(crd)) = (oracle, crd) else {
        eprintln!("usage: schema_oracle --oracle <bin> --crd <crd.json> [--cases N] [--seed S]");
        std::process::exit(2);
    };
    let mut r = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let all: Vec<Case> = (0..cases)
        .map(|i| {
            if i % 2 == 0 {
                Case {
                    new: widget(&mut r),
                    old: None,
                }
            } else {
                let old = widget(&mut r);
                Case {
                    new: mutate(&mut r, &old),
                    old: Some(old),
                }
            }
        })
        .collect();
    let mut input = String::new();
    for (id, c) in all.iter().enumerate() {
        let line = serde_json::json!({
            "id": id,
            "obj": serde_json::to_value(&c.new).expect("serializes"),
            "old": c.old.as_ref().map(|o| serde_json::to_value(o).expect("serializes")),
        });
        input.push_str(&line.to_string());
        input.push('\n');
    }
    let mut child = Command::new(&oracle)
        .arg(&crd)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {oracle}: {e}"));
    let mut stdin = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let mut verdicts: BTreeMap<usize, Found> = BTreeMap::new();
    let mut details: BTreeMap<usize, Vec<String>> = BTreeMap::new();
    let mut blocked = 0usize;
    for line in BufReader::new(child.stdout.take().expect("stdout")).lines() {
        let line = line.expect("oracle output");
        let v: Value = serde_json::from_str(&line).expect("oracle JSON");
        let id = v["id"].as_u64().expect("id") as usize;
        let mut found = Found::new();
        let cel = if v["blocked"].as_bool() == Some(true) {
            blocked += 1;
            v["cel"].as_array().cloned().unwrap_or_default()
        } else {
            Vec::new()
        };
        for e in v["errors"].as_array().into_iter().flatten().chain(&cel) {
            let path = e["path"].as_str().unwrap_or_default().to_string();
            let ty = e["type"].as_str().unwrap_or_default().to_string();
            details.entry(id).or_default().push(format!("{path}: {ty}: {}", e["detail"].as_str().unwrap_or_default()));
            found.insert((path, ty));
        }
        verdicts.insert(id, found);
    }
    writer.join().expect("writer").expect("oracle stdin");
    let status = child.wait().expect("oracle exit");
    if !status.success() || verdicts.len() != all.len() {
        eprintln!("schema oracle: the Go side failed ({status}) after {} of {} objects", verdicts.len(), all.len());
        std::process::exit(1);
    }

    let mut differences = 0;
    let mut expected: BTreeMap<&'static str, usize> = BTreeMap::new();
    let mut unexpected = 0;
    let mut shown = 0;
    let mut failing = 0;
    for (id, c) in all.iter().enumerate() {
        let ours = rust_errors(c);
        let theirs = &verdicts[&id];
        let ours_paths: BTreeSet<String> = ours.iter().map(|(p, _)| p.clone()).filter(|p| !p.starts_with("metadata")).collect();
        let theirs_paths: BTreeSet<String> = theirs.iter().map(|(p, _)| p.clone()).filter(|p| !p.starts_with("metadata")).collect();
        if !ours_paths.is_empty() {
            failing += 1;
        }
        if ours_paths == theirs_paths {
            continue;
        }
        differences += 1;
        match classify(c, &ours, theirs) {
            Some(reason) => *expected.entry(reason).or_default() += 1,
            None => {
                unexpected += 1;
                if shown < show {
                    shown += 1;
                    eprintln!("--- object {id} ({})", if c.old.is_some() { "update" } else { "create" });
                    eprintln!("new: {}", serde_json::to_string(&c.new).unwrap_or_default());
                    if let Some(o) = &c.old {
                        eprintln!("old: {}", serde_json::to_string(o).unwrap_or_default());
                    }
                    eprintln!("derive:    {ours:?}");
                    eprintln!("apiserver: {:?}", details.get(&id).cloned().unwrap_or_default());
                }
            }
        }
    }
    let creates = all.iter().filter(|c| c.old.is_none()).count();
    println!(
        "schema oracle: {} objects ({} creates, {} updates, {} failing validation, {} with CEL blocked by schema errors), {} differences, {} expected ({})",
        all.len(),
        creates,
        all.len() - creates,
        failing,
        blocked,
        differences,
        differences - unexpected,
        expected
            .iter()
            .map(|(k, v)| format!("{k}: {v}"))
            .collect::<Vec<_>>()
            .join("; ")
    );
    if unexpected > 0 {
        std::process::exit(1);
    }
}

/// The reason a difference is expected, if it is: each must be the only
/// difference of the object.
fn classify(_c: &Case, ours: &Found, theirs: &Found) -> Option<&'static str> {
    // CEL uniqueness of an atomic list (`+k8s:unique`) fails at the list;
    // upstream's generated check at the duplicate item.
    let strip = |f: &Found, list_dup: bool| -> BTreeSet<String> {
        f.iter()
            .filter(|(p, _)| !p.starts_with("metadata"))
            .map(|(p, t)| {
                if list_dup && t == "Duplicate value" {
                    p.rsplit_once('[').map_or(p.clone(), |(l, _)| l.to_string())
                } else {
                    p.clone()
                }
            })
            .collect()
    };
    let theirs_plain = strip(theirs, false);
    if strip(ours, true) == theirs_plain && theirs.iter().any(|(_, t)| t == "FieldValueDuplicate") {
        return Some("unique on an atomic list: CEL reports the list, the derive the item");
    }
    None
}
