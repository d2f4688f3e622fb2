//! Random objects and random updates, generated from the fixture schema and
//! biased towards the boundaries the tags define: every integer in a tag
//! gives values one below, at and one above it (as numbers, string lengths in
//! characters and bytes, and item counts); strings named in tags (list-map
//! key values, `neq` payloads, enum values) come back verbatim and slightly
//! wrong; format tags pull from pools of valid and near-valid names; lists get
//! duplicates and near-duplicates; optional fields (union members) are set
//! about half the time, so unions see 0, 1 and 2 members.

use serde_json::{Map, Value};

use crate::schema::{Field, IntKind, Kind, Package, Ty};

/// splitmix64: small, fast, and good enough to drive a fuzzer.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// True with probability `p`.
    pub fn chance(&mut self, p: f64) -> bool {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64 <= p
    }

    pub fn pick<'a, T>(&mut self, xs: &'a [T]) -> &'a T {
        &xs[self.below(xs.len())]
    }
}

/// Values the tags around a site mention.
#[derive(Clone, Debug, Default)]
pub struct Hints {
    pub ints: Vec<i128>,
    pub strs: Vec<String>,
    pub formats: Vec<String>,
}

impl Hints {
    /// Extracts integers, quoted strings, bare payload identifiers and format
    /// names from tag lines.
    pub fn from_tags<'a>(tags: impl IntoIterator<Item = &'a String>) -> Hints {
        let mut h = Hints::default();
        for t in tags {
            h.scan(t);
        }
        h
    }

    fn scan(&mut self, line: &str) {
        let b = line.as_bytes();
        let mut i = 0;
        while i < b.len() {
            let c = b[i];
            if c == b'"' {
                // `since: "1.36"` (a level wrapper's argument) says nothing
                // about the values.
                let since = line[..i].trim_end().ends_with("since:");
                let mut j = i + 1;
                let mut s = String::new();
                while j < b.len() && b[j] != b'"' {
                    if b[j] == b'\\' && j + 1 < b.len() {
                        j += 1;
                    }
                    s.push(b[j] as char);
                    j += 1;
                }
                if !since {
                    self.add_str(s);
                }
                i = j + 1;
                continue;
            }
            let prev = if i == 0 { b'=' } else { b[i - 1] };
            let starts_num =
                c.is_ascii_digit() || (c == b'-' && b.get(i + 1).is_some_and(u8::is_ascii_digit));
            if starts_num && matches!(prev, b'=' | b':' | b' ' | b'(' | b',') {
                let mut j = i + 1;
                while j < b.len() && b[j].is_ascii_digit() {
                    j += 1;
                }
                if let Ok(n) = line[i..j].parse::<i128>() {
                    if !self.ints.contains(&n) {
                        self.ints.push(n);
                    }
                }
                i = j;
                continue;
            }
            i += 1;
        }
        // `eq=` also finds `neq=`'s payload.
        for key in ["format=", "eq=", "memberName:", "listMapKey="] {
            let mut rest = line;
            while let Some(p) = rest.find(key) {
                rest = &rest[p + key.len()..];
                let v: String = rest
                    .trim_start()
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
                    .collect();
                if !v.is_empty() {
                    if key == "format=" {
                        if !self.formats.contains(&v) {
                            self.formats.push(v);
                        }
                    } else {
                        self.add_str(v);
                    }
                }
            }
        }
    }

    fn add_str(&mut self, s: String) {
        if !self.strs.contains(&s) {
            self.strs.push(s);
        }
    }

    /// These hints and `other`'s.
    pub fn merged(&self, other: &Hints) -> Hints {
        let mut h = self.clone();
        for n in &other.ints {
            if !h.ints.contains(n) {
                h.ints.push(*n);
            }
        }
        for s in &other.strs {
            h.add_str(s.clone());
        }
        for f in &other.formats {
            if !h.formats.contains(f) {
                h.formats.push(f.clone());
            }
        }
        h
    }
}

/// Values around the rules of a format the name pool does not reach:
/// `k8s-condition-reason` (1.38) and the second slash of
/// `k8s-resource-fully-qualified-name` (refused from 1.38).
fn format_pool(format: &str) -> Option<&'static [&'static str]> {
    match format {
        "k8s-condition-reason" => Some(&[
            "Ready",
            "my_name",
            "ReasonA,ReasonB",
            "ReasonA:ReasonB",
            "a_",
            "1abc",
            "abc-def",
            "abc,",
            "abc:",
            "a b",
            "_x",
        ]),
        "k8s-resource-fully-qualified-name" => Some(&[
            "example.com/foo",
            "a/b",
            "a/b/c",
            "example.com/foo/bar",
            "a//b",
            "/foo",
            "example.com/",
            "foo",
        ]),
        _ => None,
    }
}

/// Names that are valid, or almost valid, for the Kubernetes name formats.
fn name_pool() -> &'static [&'static str] {
    &[
        "a",
        "abc",
        "a-b",
        "a.b",
        "a1",
        "1a",
        "0",
        "-a",
        "a-",
        ".a",
        "a.",
        "a..b",
        "A",
        "Abc",
        "a_b",
        "_a",
        "a b",
        "a/b",
        "a//b",
        "/a",
        "a/",
        "ab/c/d",
        "example.com/a",
        "example.com/",
        "Example.com/a",
        "example.com/A_b.c",
        "example.com/-a",
        "example.com/a/b",
        "kubernetes.io/a",
        "x.kubernetes.io/a",
        "kubernetes.io",
        "requests.a",
        "example.com/requests.a",
        "requests.example.com/a",
        "a.b/C_d",
        "my_name",
        "MY_NAME",
        "9abc",
        "abc9",
        ".",
        "..",
        "a%b",
        "%",
        "a.b.c",
        "é",
        "aé",
        "0123456789abcdef0123456789abcdef",
        "0123456789abcdef0123456789abcdef0",
        "123e4567-e89b-12d3-a456-426614174000",
        "123E4567-E89B-12D3-A456-426614174000",
        "123e4567-e89b-12d3-a456-42661417400",
        "123e4567e89b-12d3-a456-4266141740000",
        "123e4567-e89b-12d3-a456-42661417400g",
        "pool/a",
        "pool/a/b",
        "pool//a",
        "pool/",
        "a.example.com/b.c",
    ]
}

/// Long names around the 63- and 253-byte limits.
fn long_names(rng: &mut Rng) -> String {
    let n = *rng.pick(&[62usize, 63, 64, 252, 253, 254, 316, 317]);
    match rng.below(4) {
        0 => "a".repeat(n),
        1 => {
            // dotted: labels of up to 63 characters
            let mut s = String::new();
            while s.len() < n {
                if !s.is_empty() {
                    s.push('.');
                }
                let take = (n - s.len()).min(63);
                s.push_str(&"b".repeat(take));
            }
            s.truncate(n);
            s.trim_end_matches('.').to_string()
        }
        2 => format!("example.com/{}", "c".repeat(n.min(64))),
        _ => format!("{}/c", "d".repeat(n.min(254))),
    }
}

/// A string of `n` characters of one width (1 to 4 bytes each), or mixed.
fn sized_string(rng: &mut Rng, n: usize) -> String {
    let alphabet: &[char] = match rng.below(6) {
        0 | 1 => &['a'],
        2 => &['é'],
        3 => &['日'],
        4 => &['😀'],
        _ => &['a', 'é', '日', '😀', '-'],
    };
    (0..n).map(|_| *rng.pick(alphabet)).collect()
}

/// A slightly wrong version of `s`.
fn near(rng: &mut Rng, s: &str) -> String {
    let mut s = s.to_string();
    match rng.below(7) {
        0 => s.push('-'),
        1 => s.insert(0, '-'),
        2 => s = s.to_uppercase(),
        3 => {
            s.pop();
        }
        4 => s.push('x'),
        5 => s.push_str(".a"),
        _ => s.push('/'),
    }
    s
}

const MAX_DEPTH: u32 = 5;
const MIRROR_MAX_DEPTH: u32 = 14;

/// The zero value of a stand-in type, as Go encodes it.
fn special_zero(name: &str) -> Value {
    match name {
        "Quantity" => Value::String("0".into()),
        "IntOrString" => Value::from(0),
        "Duration" => Value::String("0s".into()),
        "GoDuration" => Value::from(0),
        "Bytes" => Value::String(String::new()),
        _ => Value::Null,
    }
}

/// The quantities the generator picks (canonical: Go encodes them as
/// written).
const QUANTITIES: &[&str] = &[
    "0", "1", "2", "100m", "500m", "1500m", "1k", "64Mi", "1Gi", "10G", "5Ti",
];
/// The `metav1.Time` values the generator picks (UTC, seconds).
const TIMES: &[&str] = &[
    "2024-01-02T03:04:05Z",
    "1999-12-31T23:59:59Z",
    "2030-06-15T12:00:00Z",
];
/// The `metav1.MicroTime` values the generator picks (UTC, microseconds).
const MICRO_TIMES: &[&str] = &["2024-01-02T03:04:05.000000Z", "2030-06-15T12:00:00.123456Z"];

/// Other spellings of the canonical value `s` of the stand-in type `name`
/// (the values [`Gen::special`] generates), each the same value to
/// upstream's `equality.Semantic`: Go re-encodes them canonically.
fn respellings(name: &str, s: &str) -> &'static [&'static str] {
    match (name, s) {
        ("Quantity", "0") => &["0m", "0Gi", "0.0"],
        ("Quantity", "1") => &["1000m", "1.0", "0.001k"],
        ("Quantity", "2") => &["2000m", "2.0"],
        ("Quantity", "100m") => &["0.1", "100000u"],
        ("Quantity", "500m") => &["0.5", ".5"],
        ("Quantity", "1500m") => &["1.5", "1.500"],
        ("Quantity", "1k") => &["1000", "1000000m"],
        ("Quantity", "64Mi") => &["65536Ki"],
        ("Quantity", "1Gi") => &["1024Mi", "1048576Ki"],
        ("Quantity", "10G") => &["10000M", "10000000k"],
        ("Quantity", "5Ti") => &["5120Gi"],
        ("Time", "2024-01-02T03:04:05Z") => &[
            "2024-01-02T05:04:05+02:00",
            "2024-01-01T22:04:05-05:00",
            "2024-01-02T03:04:05.000Z",
        ],
        ("Time", "1999-12-31T23:59:59Z") => &["2000-01-01T05:29:59+05:30"],
        ("Time", "2030-06-15T12:00:00Z") => &["2030-06-15T12:00:00+00:00"],
        ("MicroTime", "2024-01-02T03:04:05.000000Z") => &["2024-01-02T04:34:05.000000+01:30"],
        ("MicroTime", "2030-06-15T12:00:00.123456Z") => &["2030-06-15T07:00:00.123456-05:00"],
        _ => &[],
    }
}

/// The random object generator for one fixture package.
pub struct Gen<'a> {
    pub pkg: &'a Package,
    pub rng: Rng,
    /// Whether a list sized for a large limit is being generated (such
    /// lists do not nest, which keeps objects small).
    big: bool,
    /// The `+k8s:maxItems` of the field whose value is being generated.
    limit: Option<i128>,
    /// The structs being generated, outermost first: a type inside itself
    /// (scheduling's `CompositePodGroupTemplate` holds a list of them) gets
    /// short lists, so that objects stay small.
    stack: Vec<String>,
    /// Directed cases (`target.rs`): whether the lists and maps on the
    /// route keep only the route's item.
    pub(crate) single: bool,
}

/// How many quantities and timestamps [`Gen::respell`] rewrote in this run.
pub static RESPELLED: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

impl<'a> Gen<'a> {
    pub fn new(pkg: &'a Package, rng: Rng) -> Gen<'a> {
        Gen {
            pkg,
            rng,
            big: false,
            limit: None,
            stack: Vec::new(),
            single: false,
        }
    }

    /// A random object of the named root type.
    pub fn object(&mut self, ty: &str) -> Value {
        self.value(&Ty::Named(ty.to_string()), &Hints::default(), 0)
    }

    /// A random update of `old`: unchanged, a few random edits, or a fresh
    /// object.
    pub fn update(&mut self, ty: &str, old: &Value) -> Value {
        let t = Ty::Named(ty.to_string());
        let mut new = old.clone();
        match self.rng.below(10) {
            0 | 1 => {}
            2 => new = self.object(ty),
            _ => {
                for _ in 0..1 + self.rng.below(3) {
                    self.mutate(&mut new, &t, &Hints::default(), 0);
                }
            }
        }
        // Half the updates spell quantities and timestamps differently
        // (same value), which upstream's `equality.Semantic` and the
        // runtime's `SemanticEq` must see as unchanged.
        if self.rng.chance(0.5) {
            self.respell(&mut new, &t, 0);
        }
        new
    }

    /// Rewrites, at random, the quantities and timestamps inside `v` (a
    /// value of `ty`) to another spelling of the same value: `1Gi` as
    /// `1024Mi`, `2024-01-02T03:04:05Z` as `2024-01-02T05:04:05+02:00`.
    pub fn respell(&mut self, v: &mut Value, ty: &Ty, depth: u32) {
        if depth > self.max_depth() + 2 {
            return;
        }
        match (ty, v) {
            (Ty::Opt(inner), v) => self.respell(v, inner, depth + 1),
            (Ty::List(elem), Value::Array(items)) => {
                for x in items {
                    self.respell(x, elem, depth + 1);
                }
            }
            (Ty::Map(_, vt), Value::Object(m)) => {
                for x in m.values_mut() {
                    self.respell(x, vt, depth + 1);
                }
            }
            (Ty::Special(name), Value::String(s)) => {
                let alts = respellings(name, s);
                if !alts.is_empty() && self.rng.chance(0.7) {
                    RESPELLED.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    *s = self.rng.pick(alts).to_string();
                }
            }
            (Ty::Named(name), v) => {
                let Some(t) = self.pkg.get(name).cloned() else {
                    return;
                };
                match (&t.kind, v) {
                    (Kind::Newtype(inner), v) => self.respell(v, inner, depth + 1),
                    (Kind::Struct(fields), Value::Object(m)) => {
                        let fields = self
                            .pkg
                            .json_fields(fields)
                            .into_iter()
                            .cloned()
                            .collect::<Vec<_>>();
                        for f in fields {
                            if let Some(x) = f.json.as_ref().and_then(|j| m.get_mut(j)) {
                                self.respell(x, &f.ty, depth + 1);
                            }
                        }
                    }
                    _ => {}
                }
            }
            _ => {}
        }
    }

    fn type_hints(&self, name: &str) -> Hints {
        match self.pkg.get(name) {
            Some(t) => {
                let mut h = Hints::from_tags(&t.tags);
                for c in &t.consts {
                    h.add_str(c.value.clone());
                }
                if let Kind::Newtype(_) = t.kind {
                    // nothing more: the inner type has no tags of its own
                }
                h
            }
            None => Hints::default(),
        }
    }

    fn field_hints(&self, f: &Field, h: &Hints) -> Hints {
        h.merged(&Hints::from_tags(&f.tags))
    }

    /// A random value of `ty`.
    pub fn value(&mut self, ty: &Ty, h: &Hints, depth: u32) -> Value {
        match ty {
            Ty::Opt(inner) => {
                if depth >= self.max_depth() || self.rng.chance(0.4) {
                    Value::Null
                } else {
                    self.value(inner, h, depth + 1)
                }
            }
            Ty::List(elem) => {
                let n = self.count(h, depth);
                let outer_big = self.big;
                self.big |= n > 12;
                let mut items: Vec<Value> = Vec::with_capacity(n);
                for i in 0..n {
                    let v = if i > 4 && n > 12 && self.rng.chance(0.95) {
                        // A long list: mostly copies, so it stays small.
                        items[self.rng.below(i)].clone()
                    } else if i > 0 && self.rng.chance(0.2) {
                        items[self.rng.below(i)].clone()
                    } else if i > 0 && self.rng.chance(0.2) {
                        let mut v = items[self.rng.below(i)].clone();
                        self.mutate(&mut v, elem, h, depth + 1);
                        v
                    } else {
                        self.value(elem, h, depth + 1)
                    };
                    items.push(v);
                }
                self.big = outer_big;
                Value::Array(items)
            }
            Ty::Map(k, v) => {
                let n = self.count(h, depth);
                let mut m = Map::new();
                for _ in 0..n {
                    let key = match self.value(k, h, depth + 1) {
                        Value::String(s) => s,
                        other => other.to_string(),
                    };
                    let val = self.value(v, h, depth + 1);
                    m.insert(key, val);
                }
                Value::Object(m)
            }
            Ty::Str => Value::String(self.string(h)),
            Ty::Bool => Value::Bool(self.rng.chance(0.5)),
            Ty::Float => Value::from(self.rng.below(8) as f64 / 2.0),
            Ty::Special(name) => self.special(name),
            Ty::Int(k) => {
                let n = self.int(*k, h);
                serde_json::to_value(n as i64)
                    .ok()
                    .filter(|_| n <= i64::MAX as i128)
                    .unwrap_or_else(|| Value::from(n as u64))
            }
            Ty::Named(name) => {
                let pkg = self.pkg;
                let t = match pkg.get(name) {
                    Some(t) => t,
                    None => panic!("unknown fixture type {name}"),
                };
                let h = h.merged(&self.type_hints(name));
                match &t.kind {
                    Kind::Newtype(inner) => {
                        if !t.consts.is_empty() && self.rng.chance(0.7) {
                            let c = self.rng.pick(&t.consts).value.clone();
                            Value::String(c)
                        } else {
                            self.value(inner, &h, depth)
                        }
                    }
                    Kind::Struct(_) => {
                        let mut m = Map::new();
                        self.stack.push(t.name.clone());
                        self.fill_struct(&t.name, &mut m, &h, depth);
                        self.stack.pop();
                        Value::Object(m)
                    }
                }
            }
        }
    }

    fn fill_struct(&mut self, name: &str, m: &mut Map<String, Value>, h: &Hints, depth: u32) {
        let pkg = self.pkg;
        let Some(Kind::Struct(fields)) = pkg.get(name).map(|t| &t.kind) else {
            return;
        };
        // Tags of sibling fields name values this field may need (a union
        // discriminator's member names, say).
        let h = h.merged(&Hints::from_tags(fields.iter().flat_map(|f| &f.tags)));
        let h = &h;
        for f in fields {
            match (&f.json, &f.ty) {
                (None, Ty::Named(inner)) => {
                    let h = h.merged(&self.type_hints(inner));
                    self.fill_struct(inner, m, &h, depth);
                }
                (Some(j), ty) => {
                    let fh = self.field_hints(f, h);
                    self.limit = f
                        .tags
                        .iter()
                        .filter(|_| self.pkg.is_mirror())
                        .find_map(|l| {
                            l.rsplit("k8s:maxItems=")
                                .next()
                                .filter(|_| l.contains("k8s:maxItems="))?
                                .trim()
                                .parse()
                                .ok()
                        });
                    // The real API: a required field is left unset now and
                    // then (deep ones are reached by few objects).
                    let required = |l: &String| l.ends_with("k8s:required");
                    let unset =
                        (self.pkg.is_mirror() && !self.interesting(f) && self.rng.chance(0.85))
                            || (self.pkg.is_mirror()
                                && f.tags.iter().any(required)
                                && self.rng.chance(0.08));
                    let v = if unset {
                        self.zero(ty)
                    } else {
                        self.value(ty, &fh, depth + 1)
                    };
                    m.insert(j.clone(), v);
                }
                (None, _) => {}
            }
        }
    }

    /// Whether a field of the real-API mirror leads to a validation tag
    /// (those that do not are mostly left unset, to keep objects small).
    fn interesting(&self, f: &Field) -> bool {
        f.tags
            .iter()
            .any(|l| l.starts_with("k8s:") && !crate::tagcov::is_foreign(l))
            || self.pkg.has_tags(&f.ty)
            // Scalars are cheap, and tags elsewhere name them (list-map
            // keys, `item` selectors).
            || !self.pkg.has_structs(&f.ty)
    }

    /// The smallest value of `ty`: unset, empty, or a struct of smallest
    /// values.
    pub(crate) fn zero(&mut self, ty: &Ty) -> Value {
        match ty {
            Ty::Opt(_) => Value::Null,
            Ty::List(_) => Value::Array(Vec::new()),
            Ty::Map(..) => Value::Object(Map::new()),
            Ty::Str => Value::String(String::new()),
            Ty::Bool => Value::Bool(false),
            Ty::Int(_) => Value::from(0),
            Ty::Float => Value::from(0.0),
            Ty::Special(s) => special_zero(s),
            Ty::Named(n) => match self.pkg.get(n).map(|t| &t.kind) {
                Some(Kind::Newtype(inner)) => self.zero(inner),
                Some(Kind::Struct(fields)) => {
                    let mut m = Map::new();
                    for f in self.pkg.json_fields(fields) {
                        if let Some(j) = &f.json {
                            let v = self.zero(&f.ty);
                            m.insert(j.clone(), v);
                        }
                    }
                    Value::Object(m)
                }
                None => Value::Null,
            },
        }
    }

    /// A random value of a stand-in type, always in the canonical form Go
    /// re-encodes it in (so that objects round-trip unchanged).
    fn special(&mut self, name: &str) -> Value {
        let pick = |rng: &mut Rng, xs: &[&str]| Value::String(rng.pick(xs).to_string());
        match name {
            "Quantity" => pick(&mut self.rng, QUANTITIES),
            "Time" => {
                if self.rng.chance(0.3) {
                    Value::Null
                } else {
                    pick(&mut self.rng, TIMES)
                }
            }
            "MicroTime" => {
                if self.rng.chance(0.3) {
                    Value::Null
                } else {
                    pick(&mut self.rng, MICRO_TIMES)
                }
            }
            "Duration" => pick(&mut self.rng, &["0s", "1s", "1m0s", "1h30m0s", "500ms"]),
            // Go's time.Duration: integer nanoseconds (0, 500ms, 1s, 1m, 1h30m).
            "GoDuration" => Value::from(*self.rng.pick(&[
                0i64,
                500_000_000,
                1_000_000_000,
                60_000_000_000,
                5_400_000_000_000,
            ])),
            "IntOrString" => {
                if self.rng.chance(0.5) {
                    Value::from(self.rng.below(100) as i64 - 10)
                } else {
                    pick(&mut self.rng, &["", "80", "http", "25%"])
                }
            }
            "RawExtension" | "Value" => match self.rng.below(3) {
                0 => Value::Null,
                1 => serde_json::json!({"a": 1}),
                _ => serde_json::json!({"kind": "X", "list": [1, "b", null]}),
            },
            "Bytes" => pick(&mut self.rng, &["", "AA==", "aGVsbG8=", "AAEC/w=="]),
            _ => Value::Null,
        }
    }

    /// The depth beyond which optional values are unset and collections
    /// empty (deeper for the real-API mirror, whose tagged fields are deep).
    fn max_depth(&self) -> u32 {
        if self.pkg.is_mirror() {
            MIRROR_MAX_DEPTH
        } else {
            MAX_DEPTH
        }
    }

    /// An offset from a limit: -1, 0 or 1; for the real API 1 half the
    /// time (its deep limits are reached by few objects).
    fn past_limit(&mut self) -> i128 {
        if self.pkg.is_mirror() {
            [-1, 0, 1, 1][self.rng.below(4)]
        } else {
            self.rng.below(3) as i128 - 1
        }
    }

    /// An item count: mostly small, sometimes around a limit.
    fn count(&mut self, h: &Hints, depth: u32) -> usize {
        if depth >= self.max_depth() {
            return 0;
        }
        // Inside a recursive type: at most one item a level, none from the
        // third level on.
        let repeats = self.stack.len()
            - self
                .stack
                .iter()
                .collect::<std::collections::HashSet<_>>()
                .len();
        if repeats >= 2 {
            return 0;
        }
        if repeats == 1 {
            return self.rng.below(2);
        }
        // The real API's item limits go up to hundreds: the field's own
        // limit, now and then (not inside another such list).
        if let Some(limit) = self.limit.take() {
            if limit > 12 && !self.big && self.rng.chance(0.3) {
                return (limit + self.past_limit()).max(0) as usize;
            }
        }
        let limits: Vec<i128> = h
            .ints
            .iter()
            .copied()
            .filter(|n| (0..=12).contains(n))
            .collect();
        if !limits.is_empty() && self.rng.chance(0.3) {
            let n = *self.rng.pick(&limits) + self.past_limit();
            return n.max(0) as usize;
        }
        match self.rng.below(10) {
            0..=2 => 0,
            3..=5 => 1,
            6 | 7 => 2,
            8 => 3,
            _ => 4 + self.rng.below(3),
        }
    }

    /// A random string.
    pub fn string(&mut self, h: &Hints) -> String {
        let r = self.rng.below(100);
        if r < 12 {
            return String::new();
        }
        // Formats whose rules the name pool does not reach.
        let pools: Vec<&[&str]> = h.formats.iter().filter_map(|f| format_pool(f)).collect();
        if !pools.is_empty() && self.rng.chance(0.3) {
            let pool = *self.rng.pick(&pools);
            return self.rng.pick(pool).to_string();
        }
        if r < 40 && !h.strs.is_empty() {
            let s = self.rng.pick(&h.strs).clone();
            return if self.rng.chance(0.7) {
                s
            } else {
                near(&mut self.rng, &s)
            };
        }
        if r < 55 {
            let lens: Vec<i128> = h
                .ints
                .iter()
                .copied()
                .filter(|n| (0..=320).contains(n))
                .collect();
            if !lens.is_empty() {
                let n = *self.rng.pick(&lens) + self.past_limit();
                return sized_string(&mut self.rng, n.max(0) as usize);
            }
        }
        if r < 85 {
            return if self.rng.chance(0.1) {
                long_names(&mut self.rng)
            } else {
                let s = self.rng.pick(name_pool()).to_string();
                if self.rng.chance(0.8) {
                    s
                } else {
                    near(&mut self.rng, &s)
                }
            };
        }
        let n = self.rng.below(6);
        (0..n)
            .map(|_| {
                *self
                    .rng
                    .pick(&['a', 'b', 'z', '0', '9', '-', '.', 'A', '_', '/', 'é'])
            })
            .collect()
    }

    /// A random integer of kind `k`.
    fn int(&mut self, k: IntKind, h: &Hints) -> i128 {
        let (lo, hi) = k.range();
        let r = self.rng.below(100);
        let n = if r < 45 && !h.ints.is_empty() {
            *self.rng.pick(&h.ints) + self.rng.below(3) as i128 - 1
        } else if r < 60 {
            0
        } else if r < 66 {
            if self.rng.chance(0.5) {
                lo
            } else {
                hi
            }
        } else if r < 90 {
            self.rng.below(14) as i128 - 3
        } else {
            (self.rng.next_u64() as i64) as i128
        };
        n.clamp(lo, hi)
    }

    /// Applies one random edit somewhere inside `v` (a value of `ty`).
    pub fn mutate(&mut self, v: &mut Value, ty: &Ty, h: &Hints, depth: u32) {
        match ty {
            Ty::Opt(inner) => {
                if v.is_null() {
                    *v = self.value(inner, h, depth + 1);
                    if v.is_null() {
                        *v = self.value(inner, h, depth + 1);
                    }
                } else if self.rng.chance(0.3) {
                    *v = Value::Null;
                } else {
                    self.mutate(v, inner, h, depth + 1);
                }
            }
            Ty::List(elem) => {
                let Value::Array(items) = v else {
                    *v = self.value(ty, h, depth);
                    return;
                };
                let n = items.len();
                match self.rng.below(8) {
                    0 if n > 0 => {
                        items.remove(self.rng.below(n));
                    }
                    1 => {
                        let x = self.value(elem, h, depth + 1);
                        items.insert(self.rng.below(n + 1), x);
                    }
                    2 if n > 0 => {
                        let x = items[self.rng.below(n)].clone();
                        items.insert(self.rng.below(n + 1), x);
                    }
                    3 if n > 1 => {
                        let (a, b) = (self.rng.below(n), self.rng.below(n));
                        items.swap(a, b);
                    }
                    4 => items.clear(),
                    _ if n > 0 => {
                        let i = self.rng.below(n);
                        self.mutate(&mut items[i], elem, h, depth + 1);
                    }
                    _ => *v = self.value(ty, h, depth),
                }
            }
            Ty::Map(kt, vt) => {
                let Value::Object(m) = v else {
                    *v = self.value(ty, h, depth);
                    return;
                };
                let keys: Vec<String> = m.keys().cloned().collect();
                match self.rng.below(5) {
                    0 if !keys.is_empty() => {
                        m.remove(self.rng.pick(&keys));
                    }
                    1 => {
                        let key = match self.value(kt, h, depth + 1) {
                            Value::String(s) => s,
                            other => other.to_string(),
                        };
                        let val = self.value(vt, h, depth + 1);
                        m.insert(key, val);
                    }
                    _ if !keys.is_empty() => {
                        let k = self.rng.pick(&keys).clone();
                        if let Some(x) = m.get_mut(&k) {
                            self.mutate(x, vt, h, depth + 1);
                        }
                    }
                    _ => *v = self.value(ty, h, depth),
                }
            }
            Ty::Int(k) => {
                let n = v
                    .as_i64()
                    .map(i128::from)
                    .or_else(|| v.as_u64().map(i128::from));
                let (lo, hi) = k.range();
                *v = match (n, self.rng.below(3)) {
                    (Some(n), 0) => Value::from(((n + 1).clamp(lo, hi)) as i64),
                    (Some(n), 1) => Value::from(((n - 1).clamp(lo, hi)) as i64),
                    _ => self.value(ty, h, depth),
                };
                if let (Some(x), IntKind::U64) = (v.as_i64(), k) {
                    *v = Value::from(x.max(0) as u64);
                }
            }
            Ty::Str => {
                let s = v.as_str().unwrap_or_default().to_string();
                *v = Value::String(match self.rng.below(4) {
                    0 => near(&mut self.rng, &s),
                    _ => self.string(h),
                });
            }
            Ty::Bool => *v = Value::Bool(!v.as_bool().unwrap_or(false)),
            Ty::Float | Ty::Special(_) => *v = self.value(ty, h, depth),
            Ty::Named(name) => {
                let Some(t) = self.pkg.get(name).cloned() else {
                    return;
                };
                let h = h.merged(&self.type_hints(name));
                match &t.kind {
                    Kind::Newtype(_) => *v = self.value(ty, &h, depth),
                    Kind::Struct(fields) => {
                        let fields = self
                            .pkg
                            .json_fields(fields)
                            .into_iter()
                            .cloned()
                            .collect::<Vec<_>>();
                        if fields.is_empty() || self.rng.chance(0.05) {
                            *v = self.value(ty, &h, depth);
                            return;
                        }
                        let f = self.rng.pick(&fields).clone();
                        let fh = self.field_hints(&f, &h);
                        if let (Value::Object(m), Some(j)) = (v, &f.json) {
                            match m.get_mut(j) {
                                Some(x) => self.mutate(x, &f.ty, &fh, depth + 1),
                                None => {
                                    let x = self.value(&f.ty, &fh, depth + 1);
                                    m.insert(j.clone(), x);
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every generated quantity and timestamp has other spellings, each
    /// the same value to the runtime (whose parsing and printing are
    /// checked against upstream's in k8s-validation's tests).
    #[test]
    fn respellings_are_the_same_value() {
        use k8s_validation::{MicroTime, Quantity, SemanticEq, Time};
        fn check<T: serde::de::DeserializeOwned + serde::Serialize + SemanticEq>(
            name: &str,
            values: &[&str],
        ) {
            for v in values {
                let alts = respellings(name, v);
                assert!(!alts.is_empty(), "{name} {v} has no other spelling");
                let canon: T = serde_json::from_value(Value::from(*v)).unwrap();
                assert_eq!(serde_json::to_value(&canon).unwrap(), Value::from(*v));
                for a in alts {
                    assert_ne!(a, v);
                    let t: T = serde_json::from_value(Value::from(*a))
                        .unwrap_or_else(|e| panic!("{name} {a}: {e}"));
                    assert!(t.semantic_eq(&canon), "{name} {a} is not {v}");
                    // Printed canonically, or verbatim where upstream keeps
                    // the string it parsed (`1.500`: it looks canonical).
                    let printed = serde_json::to_value(&t).unwrap();
                    assert!(printed == *v || printed == *a, "{a} prints {printed}");
                }
            }
        }
        check::<Quantity>("Quantity", QUANTITIES);
        check::<Time>("Time", TIMES);
        check::<MicroTime>("MicroTime", MICRO_TIMES);
    }

    #[test]
    fn hints_from_tags() {
        let h = Hints::from_tags(&[
            "k8s:minimum=-5".to_string(),
            "k8s:item(name: \"a\", port: 80)=+k8s:maxLength=3".to_string(),
            "k8s:eachVal=+k8s:format=k8s-short-name".to_string(),
            "k8s:neq=bad".to_string(),
        ]);
        assert_eq!(h.ints, [-5, 80, 3]);
        assert!(h.strs.contains(&"a".to_string()) && h.strs.contains(&"bad".to_string()));
        assert_eq!(h.formats, ["k8s-short-name"]);
    }

    #[test]
    fn seeded_generation_is_deterministic() {
        let p = Package::parse(
            "pub struct T { pub a: Vec<String>, pub b: Option<i32>, pub m: BTreeMap<String, u16> }",
        )
        .unwrap();
        let a = Gen::new(&p, Rng::new(7)).object("T");
        let b = Gen::new(&p, Rng::new(7)).object("T");
        assert_eq!(a, b);
        assert!(a.get("a").unwrap().is_array() && a.get("m").unwrap().is_object());
    }
}
