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
use k8s_validation::{Operation, Validate};
use serde_json::Value;

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
    for field in 0..19 {
        if r.chance(45) {
            continue;
        }
        match field {
            0 => s.replicas = r.maybe(&[-1, 0, 50, 100, 101]),
            1 => {
                s.title = r.strings(&[
                    "",
                    "a",
                    "ab",
                    "sixteen-chars-ok",
                    "seventeen-chars-x",
                    "héllo",
                ])
            }
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
                    s.aliases
                        .push(r.pick(&["x", "y", "z", "toolongalias"]).to_string());
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
            12 => {
                s.policy = r.maybe(&[
                    Policy::Always,
                    Policy::Never,
                    Policy::Unknown("Sometimes".into()),
                ])
            }
            13 => s.nickname = r.pick(&["", "ok", "Not_OK"]).to_string(),
            14 => s.weight = r.pick(&[0, 1, 2, 5]),
            15 => s.generation = r.maybe(&[1, 5, 9]),
            16 => {
                s.rollout = r.chance(80).then(|| Rollout {
                    kind: r.pick(&["Canary", "BlueGreen", "Other", ""]).to_string(),
                    canary: r.maybe(&[10]),
                    blue_green: r.strings(&["green"]),
                })
            }
            17 => {
                s.tls = r.chance(80).then(|| Tls {
                    cert_file: r.strings(&["tls.crt"]),
                    key_file: r.strings(&["tls.key"]),
                    insecure: r.chance(40),
                })
            }
            _ => {
                s.steps = r.chance(80).then(|| {
                    (0..r.below(4))
                        .map(|_| Step {
                            name: r.strings(&["main", "aux", "side"]),
                            image: r.strings(&["a", "abcd", "abcdef"]),
                        })
                        .collect()
                })
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

/// A valid Widget.
fn valid() -> Widget {
    Widget {
        api_version: "oracle.example.com/v1".into(),
        kind: "Widget".into(),
        metadata: Meta {
            name: "w1".into(),
            namespace: "default".into(),
            resource_version: "1".into(),
        },
        spec: Some(WidgetSpec {
            class_name: Some("web".into()),
            replicas: Some(3),
            ports: Some(vec![Port {
                name: Some("http".into()),
                number: Some(80),
                protocol: Some(Protocol::Tcp),
            }]),
            source: Some(Source {
                git: Some("https://example.com/repo.git".into()),
                ..Source::default()
            }),
            rollout: Some(Rollout {
                kind: "Canary".into(),
                canary: Some(10),
                blue_green: None,
            }),
            steps: Some(vec![Step {
                name: Some("main".into()),
                image: Some("a".into()),
            }]),
            ..WidgetSpec::default()
        }),
        status: None,
    }
}

/// `base` with one field of its spec replaced by a fresh random one.
fn mutate_one(r: &mut Rng, base: &Widget) -> Widget {
    let mut new = base.clone();
    let mut fresh = spec(r);
    let Some(s) = new.spec.as_mut() else {
        return new;
    };
    match r.below(20) {
        0 => s.class_name = fresh.class_name,
        1 => s.replicas = fresh.replicas,
        2 => s.title = fresh.title,
        3 => s.uid = fresh.uid,
        4 => s.host = fresh.host,
        5 => s.owner = fresh.owner,
        6 => s.zone = fresh.zone,
        7 => s.labels = fresh.labels,
        8 => s.tags = fresh.tags,
        9 => s.aliases = fresh.aliases,
        10 => s.ports = fresh.ports,
        11 => s.source = fresh.source,
        12 => s.limits = fresh.limits,
        13 => s.policy = fresh.policy,
        14 => s.nickname = std::mem::take(&mut fresh.nickname),
        15 => s.weight = fresh.weight,
        16 => s.generation = fresh.generation,
        17 => s.rollout = fresh.rollout,
        18 => s.tls = fresh.tls,
        _ => s.steps = fresh.steps,
    }
    new
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
    maybe_take!(
        class_name, replicas, title, uid, host, owner, zone, labels, tags, aliases, ports, source,
        limits, policy, nickname, weight, generation, rollout, steps, tls
    );
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
        .map(|i| match i % 4 {
            // Random Widgets, often with many errors.
            0 => Case {
                new: widget(&mut r),
                old: None,
            },
            1 => {
                let old = widget(&mut r);
                Case {
                    new: mutate(&mut r, &old),
                    old: Some(old),
                }
            }
            // One change from a valid Widget.
            2 => Case {
                new: mutate_one(&mut r, &valid()),
                old: None,
            },
            _ => {
                let old = mutate_one(&mut r, &valid());
                Case {
                    new: mutate_one(&mut r, &old),
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
            details.entry(id).or_default().push(format!(
                "{path}: {ty}: {}",
                e["detail"].as_str().unwrap_or_default()
            ));
            found.insert((path, ty));
        }
        verdicts.insert(id, found);
    }
    writer.join().expect("writer").expect("oracle stdin");
    let status = child.wait().expect("oracle exit");
    if !status.success() || verdicts.len() != all.len() {
        eprintln!(
            "schema oracle: the Go side failed ({status}) after {} of {} objects",
            verdicts.len(),
            all.len()
        );
        std::process::exit(1);
    }

    let mut differences = 0;
    let mut expected: BTreeMap<String, usize> = BTreeMap::new();
    let mut unexpected = 0;
    let mut create_differences = 0;
    let (mut near, mut near_failing, mut near_diff) = (0, 0, 0);
    let mut shown = 0;
    let mut failing = 0;
    for (id, c) in all.iter().enumerate() {
        let ours = rust_errors(c);
        let theirs = &verdicts[&id];
        let ours_paths: BTreeSet<String> = ours
            .iter()
            .map(|(p, _)| p.clone())
            .filter(|p| !p.starts_with("metadata"))
            .collect();
        let theirs_paths: BTreeSet<String> = theirs
            .iter()
            .map(|(p, _)| p.clone())
            .filter(|p| !p.starts_with("metadata"))
            .collect();
        if !ours_paths.is_empty() {
            failing += 1;
        }
        let is_near = id % 4 >= 2;
        if is_near {
            near += 1;
            if !ours_paths.is_empty() || !theirs_paths.is_empty() {
                near_failing += 1;
            }
        }
        let new = serde_json::to_value(&c.new).unwrap_or_default();
        let canon = |s: &BTreeSet<String>| {
            s.iter()
                .map(|p| segments_in(p, &new))
                .collect::<BTreeSet<_>>()
        };
        if canon(&ours_paths) == canon(&theirs_paths) {
            continue;
        }
        differences += 1;
        if is_near {
            near_diff += 1;
        }
        match classify(c, &ours, theirs) {
            Some(reasons) => {
                for reason in reasons.split(" + ") {
                    *expected.entry(reason.to_string()).or_default() += 1;
                }
                if c.old.is_none() {
                    create_differences += 1;
                }
            }
            None => {
                unexpected += 1;
                if shown < show {
                    shown += 1;
                    eprintln!(
                        "--- object {id} ({})",
                        if c.old.is_some() { "update" } else { "create" }
                    );
                    eprintln!("new: {}", serde_json::to_string(&c.new).unwrap_or_default());
                    if let Some(o) = &c.old {
                        eprintln!("old: {}", serde_json::to_string(o).unwrap_or_default());
                    }
                    eprintln!("derive:    {ours:?}");
                    eprintln!(
                        "apiserver: {:?}",
                        details.get(&id).cloned().unwrap_or_default()
                    );
                }
            }
        }
    }
    let creates = all.iter().filter(|c| c.old.is_none()).count();
    println!(
        "expected differences by reason (an object may have several):\n{}",
        expected
            .iter()
            .map(|(k, v)| format!("  {v:>5}  {k}"))
            .collect::<Vec<_>>()
            .join("\n")
    );
    println!(
        "one change from a valid Widget: {near} objects, {near_failing} failing on either side, {near_diff} with a difference (all classified above)"
    );
    println!(
        "schema oracle: {} objects ({} creates, {} updates; {} fail validation; {} with CEL rules blocked by schema errors, judged without the block), {} differences in failing field paths ({} on creates), {} expected, {} unexpected",
        all.len(),
        creates,
        all.len() - creates,
        failing,
        blocked,
        differences,
        create_differences,
        differences - unexpected,
        unexpected,
    );
    if unexpected > 0 {
        std::process::exit(1);
    }
}

/// Whether an object breaks a list-type invariant as the apiserver checks
/// them (`structurallisttype.ValidateListSetsAndMaps`): a repeated value in
/// the set `tags`, or a repeated key in the list-map `ports` (a missing key
/// is a value too).
fn list_invariants_broken(w: &Widget) -> bool {
    let Some(spec) = &w.spec else { return false };
    let repeated =
        |keys: Vec<Option<String>>| keys.iter().enumerate().any(|(i, k)| keys[..i].contains(k));
    repeated(spec.tags.iter().cloned().map(Some).collect())
        || spec
            .ports
            .as_ref()
            .is_some_and(|p| repeated(p.iter().map(|p| p.name.clone()).collect()))
        || spec
            .steps
            .as_ref()
            .is_some_and(|p| repeated(p.iter().map(|p| p.name.clone()).collect()))
}

/// A field path as segments: `a.b[2][k]` and `a.b.2.k` alike (the
/// apiserver's OpenAPI validator writes map keys as `.key`, its CEL validator
/// and the derive as `[key]`).
fn segments(path: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut in_bracket = false;
    for c in path.chars() {
        match c {
            '[' if !in_bracket => {
                if !cur.is_empty() {
                    out.push(std::mem::take(&mut cur));
                }
                in_bracket = true;
            }
            ']' if in_bracket => {
                out.push(std::mem::take(&mut cur));
                in_bracket = false;
            }
            '.' if !in_bracket => {
                if !cur.is_empty() {
                    out.push(std::mem::take(&mut cur));
                }
            }
            c => cur.push(c),
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// [`segments`], with dotted map keys (`labels.example.com/tier`) joined
/// back where the object has such a key.
fn segments_in(path: &str, obj: &Value) -> Vec<String> {
    let raw = segments(path);
    let mut out = Vec::new();
    let mut v = Some(obj);
    let mut i = 0;
    while i < raw.len() {
        let mut seg = raw[i].clone();
        if let Some(Value::Object(m)) = v {
            let mut j = i;
            while !m.contains_key(&seg) && j + 1 < raw.len() {
                j += 1;
                seg = format!("{seg}.{}", raw[j]);
            }
            if m.contains_key(&seg) {
                i = j;
            } else {
                seg = raw[i].clone();
            }
        }
        v = v.and_then(|v| at(v, std::slice::from_ref(&seg)));
        out.push(seg);
        i += 1;
    }
    out
}

/// The JSON value at a path (`None` when absent).
fn at<'a>(v: &'a Value, path: &[String]) -> Option<&'a Value> {
    let mut v = v;
    for s in path {
        v = match v {
            Value::Object(m) => m.get(s)?,
            Value::Array(a) => a.get(s.parse::<usize>().ok()?)?,
            _ => return None,
        };
    }
    Some(v)
}

const TOO_MANY: [&str; 2] = ["Too many", "FieldValueTooMany"];
const DUPLICATE: [&str; 2] = ["Duplicate value", "FieldValueDuplicate"];

/// The reasons a difference is expected, if every differing path is
/// explained by one of them; `None` otherwise.
fn classify(c: &Case, ours: &Found, theirs: &Found) -> Option<String> {
    let new = serde_json::to_value(&c.new).ok()?;
    let canon = |f: &Found| -> BTreeSet<(Vec<String>, String)> {
        f.iter()
            .filter(|(p, _)| !p.starts_with("metadata"))
            .map(|(p, t)| (segments_in(p, &new), t.clone()))
            .collect()
    };
    let (ours, theirs) = (canon(ours), canon(theirs));
    let ours_paths: BTreeSet<&Vec<String>> = ours.iter().map(|(p, _)| p).collect();
    let theirs_paths: BTreeSet<&Vec<String>> = theirs.iter().map(|(p, _)| p).collect();
    let mut reasons = BTreeSet::new();
    let old = c.old.as_ref().and_then(|o| serde_json::to_value(o).ok());
    let unchanged = |p: &[String]| -> bool {
        let Some(old) = &old else { return false };
        // The value, or an ancestor's, is the same in both objects.
        // (Semantic equality: a missing value, null and an empty list or
        // map are all unset.)
        let unset = |v: Option<&Value>| match v {
            None | Some(Value::Null) => true,
            Some(Value::Array(a)) => a.is_empty(),
            Some(Value::Object(m)) => m.is_empty(),
            _ => false,
        };
        (1..=p.len()).rev().any(|n| {
            let (a, b) = (at(&new, &p[..n]), at(old, &p[..n]));
            a == b || (unset(a) && unset(b))
        })
    };
    let differing: Vec<&Vec<String>> = ours_paths
        .symmetric_difference(&theirs_paths)
        .copied()
        .collect();
    for p in differing {
        let only_ours = ours_paths.contains(p);
        // `+k8s:unique` on an atomic list: CEL fails at the list, the derive
        // at the duplicate item.
        let dup_item = |list: &[String]| {
            ours.iter().any(|(q, t)| {
                DUPLICATE.contains(&t.as_str()) && q.len() == list.len() + 1 && q.starts_with(list)
            }) && theirs
                .iter()
                .any(|(q, t)| DUPLICATE.contains(&t.as_str()) && q.as_slice() == list)
        };
        if (only_ours && p.len() > 1 && dup_item(&p[..p.len() - 1])) || (!only_ours && dup_item(p))
        {
            reasons.insert(
                "unique on an atomic list: the CEL rule fails at the list, the derive at the item",
            );
            continue;
        }
        // A rule on list items that CEL states on the list (`+k8s:item`
        // selections, uniqueness): it fails at the list, the derive at the
        // item or below it.
        let at_list = if only_ours {
            (1..p.len()).any(|k| {
                p[k].parse::<usize>().is_ok() && theirs.iter().any(|(q, _)| q.as_slice() == &p[..k])
            })
        } else {
            ours.iter()
                .any(|(q, _)| q.len() > p.len() && q.starts_with(p))
        };
        if at_list {
            reasons.insert("rules on selected list items: the CEL rule fails at the list, the derive at the item");
            continue;
        }
        // maxItems/maxProperties short-circuit the items in declarative
        // validation; the apiserver validates them anyway.
        let under_too_many = (1..p.len()).any(|n| {
            ours.iter()
                .any(|(q, t)| TOO_MANY.contains(&t.as_str()) && q.as_slice() == &p[..n])
        });
        if !only_ours && under_too_many {
            reasons.insert("maxItems/maxProperties short-circuit the items in the derive, not in the apiserver");
            continue;
        }
        let dup_here = ours
            .iter()
            .any(|(q, t)| q == p && DUPLICATE.contains(&t.as_str()));
        if only_ours && dup_here && c.old.as_ref().is_some_and(list_invariants_broken) {
            reasons.insert("list-type invariants: the apiserver skips them on update when the old object breaks one");
            continue;
        }
        let in_keyed_list = ["tags", "ports", "steps"]
            .iter()
            .any(|l| p.len() > 2 && p[1] == *l);
        if only_ours && in_keyed_list && c.old.as_ref().is_some_and(list_invariants_broken) {
            reasons.insert(
                "list-type invariants: an old list with repeated keys correlates differently",
            );
            continue;
        }
        let sibling_dup = p.len() > 1
            && theirs.iter().any(|(q, t)| {
                DUPLICATE.contains(&t.as_str())
                    && q.len() == p.len()
                    && q[..p.len() - 1] == p[..p.len() - 1]
            });
        if only_ours && dup_here && sibling_dup {
            reasons.insert("duplicates: the apiserver reports the first repeat of a value, the derive every repeat");
            continue;
        }
        let parent_was_unset = old.as_ref().is_some_and(|o| {
            p.len() > 1 && matches!(at(o, &p[..p.len() - 1]), None | Some(Value::Null))
        });
        if only_ours && parent_was_unset {
            reasons.insert("transition rules do not run without an old value; upstream's immutable/update fire below a parent the old object did not set");
            continue;
        }
        if unchanged(p) {
            reasons.insert(if only_ours {
                "ratcheting: the apiserver ratchets a whole unchanged node, the derive a field"
            } else {
                "ratcheting: the derive ratchets an unchanged field, the apiserver only an unchanged node it can correlate"
            });
            continue;
        }
        let derive_ratcheted = !only_ours
            && c.old.is_some()
            && c.new
                .validate(&Operation::create())
                .iter()
                .any(|e| segments_in(e.field(), &new) == *p);
        if derive_ratcheted {
            reasons.insert("ratcheting: the derive ratchets an unchanged key or item, the apiserver's CEL rule sees its changed collection");
            continue;
        }
        return None;
    }
    Some(reasons.into_iter().collect::<Vec<_>>().join(" + "))
}
