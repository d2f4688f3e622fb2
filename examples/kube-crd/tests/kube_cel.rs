//! kube's client-side CEL (`#[kube(cel)]`: `Gauge::validate_cel` /
//! `validate_cel_update`, the kube-cel engine, a second CEL implementation)
//! against the derive (`Validate`) on a corpus of generated `Gauge`s:
//! creates, and updates from an old `Gauge`.
//!
//! kube-cel evaluates only the CRD's `x-kubernetes-validations` (the tags'
//! exported CEL, `#[x_kube(validation)]`): no OpenAPI keywords, no
//! ratcheting, list items matched by index (the corpus has transition
//! rules only on fields that are not list items). For each object the field
//! paths that fail on either side are compared; a path failing on one side
//! only is a difference, and every difference must fall into one
//! [`Category`] (a closed list, each printed with its count); any other
//! fails the test.

use std::collections::{BTreeMap, BTreeSet};

use example_kube_crd::Gauge;
use k8s_validation::{ErrorType, Operation, Validate};
use serde_json::{json, Value};

/// Why kube-cel and the derive may fail on different paths.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Category {
    /// The derive fails on a tag exported as an OpenAPI keyword
    /// (`required`, `minimum`/`maximum`, `maxItems`/`maxProperties`,
    /// `maxLength`, a list-map's duplicate keys): kube-cel evaluates no
    /// keywords (the apiserver does).
    OpenApiKeyword,
    /// The derive fails on `metadata`: the CRD carries no rules for it (the
    /// apiserver validates object metadata itself).
    Metadata,
    /// kube-cel fails on a hand-written `#[x_kube(validation = ...)]` rule,
    /// which the derive does not know.
    HandWrittenCel,
    /// kube-cel fails on a list item that the derive does not reach: the
    /// derive stops at a list longer than its `+k8s:maxItems` (upstream's
    /// short-circuit), CEL evaluates every item.
    ShortCircuit,
    /// An update: the value is unchanged (same JSON), so the derive
    /// ratchets it (validates nothing in it, as the apiserver's CRD
    /// ratcheting does); kube-cel does not ratchet.
    NotRatcheted,
    /// An update: the value's JSON changed but it is semantically the same
    /// (`1Gi` -> `1024Mi`), so the derive ratchets it; kube-cel does not
    /// ratchet, and the apiserver's CRD ratcheting compares JSON, so the
    /// apiserver would report it too. Cannot match.
    RatchetedByValue,
}

impl Category {
    const ALL: [Category; 6] = [
        Category::OpenApiKeyword,
        Category::Metadata,
        Category::HandWrittenCel,
        Category::ShortCircuit,
        Category::NotRatcheted,
        Category::RatchetedByValue,
    ];
}

/// The hand-written rules of `GaugeSpec` (`#[x_kube(validation = ...)]`).
const HAND_WRITTEN: [&str; 2] = [
    "!has(self.minReplicas) || !has(self.maxReplicas) || self.minReplicas <= self.maxReplicas",
    "self != 'legacy'",
];

/// A small deterministic generator (xorshift64*): the corpus is the same on
/// every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn pick<T: Clone>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())].clone()
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

fn class_name(r: &mut Rng) -> Value {
    r.pick(&[
        Value::Null,
        json!("web"),
        json!("db-1"),
        json!("Web"),
        json!(""),
        json!("x".repeat(70)),
    ])
}

fn replicas(r: &mut Rng) -> Value {
    r.pick(&[Value::Null, json!(0), json!(2), json!(5), json!(-1)])
}

fn memory(r: &mut Rng) -> Value {
    r.pick(&[
        Value::Null,
        json!("1Gi"),
        json!("1024Mi"),
        json!("2Gi"),
        json!("512Mi"),
    ])
}

fn tier(r: &mut Rng) -> Value {
    r.pick(&[Value::Null, json!("gold"), json!("silver"), json!("legacy")])
}

fn limits(r: &mut Rng) -> Value {
    r.pick(&[
        Value::Null,
        json!({"cpu": "1"}),
        json!({"cpu": "500m", "memory": "1Gi"}),
        json!({"Cpu": "1Gi"}),
        json!({"a": "1", "b": "1", "c": "1", "d": "1", "E": "1"}),
    ])
}

fn ports(r: &mut Rng) -> Value {
    r.pick(&[
        Value::Null,
        json!([{"name": "http", "number": 80}]),
        json!([{"name": "HTTP", "number": 80}]),
        json!([{"name": "grpc", "number": 0}]),
        json!([{"name": "a"}, {"name": "a"}]),
        json!([{"name": "a"}, {"name": "b"}, {"name": "c"}, {"name": "d"}, {"name": "E_"}]),
    ])
}

type Field = (&'static str, fn(&mut Rng) -> Value);

const FIELDS: [Field; 7] = [
    ("className", class_name),
    ("minReplicas", replicas),
    ("maxReplicas", replicas),
    ("memory", memory),
    ("tier", tier),
    ("limits", limits),
    ("ports", ports),
];

fn object(name: &str, spec: serde_json::Map<String, Value>) -> Value {
    json!({
        "apiVersion": "example.dev/v1",
        "kind": "Gauge",
        "metadata": {"name": name, "namespace": "default"},
        "spec": spec,
    })
}

fn random_spec(r: &mut Rng) -> serde_json::Map<String, Value> {
    let mut spec = serde_json::Map::new();
    for (name, gen) in FIELDS {
        let v = gen(r);
        if !v.is_null() {
            spec.insert(name.into(), v);
        }
    }
    spec
}

/// The same quantity in another text (`1Gi` <-> `1024Mi`), or `None`.
fn same_quantity(v: &Value) -> Option<Value> {
    match v.as_str()? {
        "1Gi" => Some(json!("1024Mi")),
        "1024Mi" => Some(json!("1Gi")),
        "1" => Some(json!("1000m")),
        _ => None,
    }
}

/// `old` with some fields drawn again, and some quantities rewritten to an
/// equal value in another text.
fn changed(r: &mut Rng, old: &serde_json::Map<String, Value>) -> serde_json::Map<String, Value> {
    let mut spec = old.clone();
    for (name, gen) in FIELDS {
        if r.chance(30) {
            match gen(r) {
                Value::Null => {
                    spec.remove(name);
                }
                v => {
                    spec.insert(name.into(), v);
                }
            }
        } else if r.chance(40) {
            match spec.get_mut(name) {
                Some(Value::Object(map)) => {
                    for v in map.values_mut() {
                        if let Some(q) = same_quantity(v) {
                            *v = q;
                        }
                    }
                }
                Some(v) => {
                    if let Some(q) = same_quantity(v) {
                        *v = q;
                    }
                }
                None => {}
            }
        }
    }
    spec
}

/// A path as kube-cel writes it: `spec.limits[Cpu]` -> `spec.limits.Cpu`.
fn normalize(path: &str) -> String {
    let mut out = String::new();
    let mut rest = path;
    while let Some(open) = rest.find('[') {
        let close = rest[open..]
            .find(']')
            .map(|c| open + c)
            .unwrap_or(rest.len());
        let inner = &rest[open + 1..close];
        out.push_str(&rest[..open]);
        if inner.parse::<usize>().is_ok() {
            out.push_str(&rest[open..=close]);
        } else {
            out.push('.');
            out.push_str(inner);
        }
        rest = &rest[(close + 1).min(rest.len())..];
    }
    out.push_str(rest);
    out
}

/// The JSON at a kube-cel path (`spec.ports[0].name`), if any.
fn at<'a>(mut v: &'a Value, path: &str) -> Option<&'a Value> {
    for part in path.split('.') {
        let (name, index) = match part.find('[') {
            Some(i) => (
                &part[..i],
                part[i + 1..part.len() - 1].parse::<usize>().ok(),
            ),
            None => (part, None),
        };
        v = v.get(name)?;
        if let Some(i) = index {
            v = v.get(i)?;
        }
    }
    Some(v)
}

fn is_keyword(e: &k8s_validation::Error) -> bool {
    matches!(
        e.kind(),
        ErrorType::Required | ErrorType::TooLong | ErrorType::TooMany | ErrorType::Duplicate
    ) || matches!(e.origin(), Some("minimum" | "maximum"))
}

struct Outcome {
    objects: usize,
    failing: usize,
    agreeing_paths: usize,
    counts: BTreeMap<Category, usize>,
    unexpected: Vec<String>,
}

/// Compares one object (and its old version on update).
fn compare(new: &Value, old: Option<&Value>, hand_written: &[&str], out: &mut Outcome) {
    let gauge: Gauge = serde_json::from_value(new.clone()).expect("a Gauge");
    let old_gauge: Option<Gauge> = old.map(|o| serde_json::from_value(o.clone()).expect("a Gauge"));
    let (derive, cel) = match &old_gauge {
        None => (gauge.validate(&Operation::create()), gauge.validate_cel()),
        Some(o) => (
            gauge.validate_update(o, &Operation::update()),
            gauge.validate_cel_update(o),
        ),
    };
    let mut derive_at: BTreeMap<String, Vec<&k8s_validation::Error>> = BTreeMap::new();
    for e in derive.iter() {
        derive_at.entry(normalize(e.field())).or_default().push(e);
    }
    let cel = cel.err().map(|e| e.into_vec()).unwrap_or_default();
    let mut cel_at: BTreeMap<String, Vec<&kube::core::cel::ValidationError>> = BTreeMap::new();
    for e in &cel {
        cel_at.entry(e.field_path.clone()).or_default().push(e);
    }
    out.objects += 1;
    if !derive_at.is_empty() || !cel_at.is_empty() {
        out.failing += 1;
    }
    // On update, what the derive reports for the new object created anew:
    // a path there but not in the update was ratcheted.
    let created = old_gauge.as_ref().map(|_| {
        gauge
            .validate(&Operation::create())
            .iter()
            .map(|e| normalize(e.field()))
            .collect::<BTreeSet<_>>()
    });
    let paths: BTreeSet<&String> = derive_at.keys().chain(cel_at.keys()).collect();
    for path in paths {
        let category = match (derive_at.get(path), cel_at.get(path)) {
            (Some(_), Some(_)) => {
                out.agreeing_paths += 1;
                continue;
            }
            (Some(_), None) if path.starts_with("metadata.") => Some(Category::Metadata),
            (Some(errs), None) if errs.iter().all(|e| is_keyword(e)) => {
                Some(Category::OpenApiKeyword)
            }
            (Some(_), None) => None,
            (None, Some(errs)) if errs.iter().all(|e| hand_written.contains(&e.rule.as_str())) => {
                Some(Category::HandWrittenCel)
            }
            // Items of a list longer than its `+k8s:maxItems=4`.
            (None, Some(_))
                if path.starts_with("spec.ports[")
                    && new["spec"]["ports"].as_array().map_or(0, Vec::len) > 4 =>
            {
                Some(Category::ShortCircuit)
            }
            (None, Some(_)) if created.as_ref().is_some_and(|c| c.contains(path)) => {
                let (new_v, old_v) = (at(new, path), old.and_then(|o| at(o, path)));
                if new_v == old_v {
                    Some(Category::NotRatcheted)
                } else {
                    Some(Category::RatchetedByValue)
                }
            }
            (None, Some(_)) => None,
            (None, None) => unreachable!(),
        };
        match category {
            Some(c) => *out.counts.entry(c).or_default() += 1,
            None => out.unexpected.push(format!(
                "{path}: derive {:?}, kube-cel {:?}\n  new {new}\n  old {}",
                derive_at
                    .get(path)
                    .map(|e| e.iter().map(|e| e.to_string()).collect::<Vec<_>>()),
                cel_at.get(path).map(|e| e
                    .iter()
                    .map(|e| format!("{} ({})", e, e.rule))
                    .collect::<Vec<_>>()),
                old.map_or("-".into(), Value::to_string),
            )),
        }
    }
}

fn run_corpus(cases: usize, seed: u64) -> Outcome {
    let mut out = Outcome {
        objects: 0,
        failing: 0,
        agreeing_paths: 0,
        counts: Category::ALL.iter().map(|c| (*c, 0)).collect(),
        unexpected: Vec::new(),
    };
    let mut r = Rng(seed);
    let valid = || {
        let mut s = serde_json::Map::new();
        s.insert("className".into(), json!("web"));
        s.insert("memory".into(), json!("1Gi"));
        s.insert("limits".into(), json!({"cpu": "1"}));
        s
    };
    for i in 0..cases {
        match i % 4 {
            // A random create, now and then with a name the API server
            // refuses.
            0 => {
                let name = if r.chance(10) { "Bad_Name" } else { "g" };
                compare(
                    &object(name, random_spec(&mut r)),
                    None,
                    &HAND_WRITTEN,
                    &mut out,
                )
            }
            // One change from a valid Gauge, created.
            1 => compare(
                &object("g", changed(&mut r, &valid())),
                None,
                &HAND_WRITTEN,
                &mut out,
            ),
            // An update from a random old Gauge.
            2 => {
                let old = random_spec(&mut r);
                let new = changed(&mut r, &old);
                compare(
                    &object("g", new),
                    Some(&object("g", old)),
                    &HAND_WRITTEN,
                    &mut out,
                );
            }
            // An update from a valid Gauge.
            _ => {
                let old = valid();
                let new = changed(&mut r, &old);
                compare(
                    &object("g", new),
                    Some(&object("g", old)),
                    &HAND_WRITTEN,
                    &mut out,
                );
            }
        }
    }
    out
}

#[test]
fn kube_cel_and_the_derive_differ_only_by_category() {
    let out = run_corpus(2000, 0x5eed_cafe_f00d_0001);
    println!(
        "kube-cel vs derive: {} objects (half creates, half updates), {} fail on either side, {} paths fail on both",
        out.objects, out.failing, out.agreeing_paths
    );
    for (c, n) in &out.counts {
        println!("  {c:?}: {n}");
    }
    println!("  unexpected: {}", out.unexpected.len());
    assert!(
        out.unexpected.is_empty(),
        "{} differences outside the categories, e.g.:\n{}",
        out.unexpected.len(),
        out.unexpected
            .iter()
            .take(5)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
    // The corpus reaches every category and agreement: a category that
    // stops occurring (or a test that compares nothing) is noticed.
    assert!(out.agreeing_paths > 100, "{}", out.agreeing_paths);
    for (c, n) in &out.counts {
        assert!(*n > 0, "no difference of category {c:?}");
    }
}

#[test]
fn quantities_compare_by_value_in_kube_cel_too() {
    let old: Gauge = serde_json::from_value(object("g", valid_spec("1Gi"))).unwrap();
    let same: Gauge = serde_json::from_value(object("g", valid_spec("1024Mi"))).unwrap();
    let bigger: Gauge = serde_json::from_value(object("g", valid_spec("2Gi"))).unwrap();
    // The derive.
    assert!(same.validate_update(&old, &Operation::update()).is_empty());
    assert_eq!(
        bigger.validate_update(&old, &Operation::update())[0].to_string(),
        "spec.memory: Invalid value: null: field is immutable"
    );
    // kube-cel on the exported rule.
    assert!(same.validate_cel_update(&old).is_ok());
    let errs = bigger.validate_cel_update(&old).unwrap_err().into_vec();
    assert_eq!(errs.len(), 1, "{errs:?}");
    assert_eq!(errs[0].field_path, "spec.memory");
    assert_eq!(errs[0].message, "field is immutable");
    assert!(errs[0].rule.contains("quantity(string(self)).compareTo"));
}

#[test]
fn a_difference_outside_the_categories_is_reported() {
    let new = object("g", {
        let mut s = valid_spec("1Gi");
        s.insert("tier".into(), json!("legacy"));
        s
    });
    let outcome = |hand_written: &[&str]| {
        let mut out = Outcome {
            objects: 0,
            failing: 0,
            agreeing_paths: 0,
            counts: BTreeMap::new(),
            unexpected: Vec::new(),
        };
        compare(&new, None, hand_written, &mut out);
        out
    };
    // Known as hand-written: its category.
    let out = outcome(&HAND_WRITTEN);
    assert_eq!(out.counts.get(&Category::HandWrittenCel), Some(&1));
    assert!(out.unexpected.is_empty());
    // Not known: outside every category, so the corpus test would fail.
    let out = outcome(&[]);
    assert_eq!(out.unexpected.len(), 1, "{:?}", out.unexpected);
    assert!(out.unexpected[0].starts_with("spec.tier:"));
}

fn valid_spec(memory: &str) -> serde_json::Map<String, Value> {
    let mut s = serde_json::Map::new();
    s.insert("className".into(), json!("web"));
    s.insert("memory".into(), json!(memory));
    s
}
