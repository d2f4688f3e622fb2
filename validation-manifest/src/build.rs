//! From parser events to a [`Tape`], as go-yaml v2 decodes a document into
//! `interface{}` and `sigs.k8s.io/yaml` turns that into JSON: anchors and
//! aliases expanded (with go-yaml's limit on alias expansion), `<<` merge
//! keys applied, keys written as JSON strings, a key written twice keeping
//! its last value.
//!
//! go-yaml parses the whole document before decoding it: a syntax error
//! anywhere wins over a decoding error (excessive aliasing, a bad merge), and
//! the first decoding error in document order wins over the JSON encoder's
//! (`+Inf`). The builder records the first failure of each stage and keeps
//! taking events, so that the caller can still report a later syntax error.

use std::borrow::Cow;
use std::collections::HashMap;

use crate::tape::{Cell, Tape};

/// A resolved scalar.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Scalar<'a> {
    Null,
    Bool(bool),
    Int(i64),
    Uint(u64),
    Float(f64),
    Str(Cow<'a, str>),
}

impl Scalar<'_> {
    /// The same scalar, owning its text.
    pub(crate) fn into_owned(self) -> Scalar<'static> {
        match self {
            Scalar::Null => Scalar::Null,
            Scalar::Bool(b) => Scalar::Bool(b),
            Scalar::Int(i) => Scalar::Int(i),
            Scalar::Uint(u) => Scalar::Uint(u),
            Scalar::Float(f) => Scalar::Float(f),
            Scalar::Str(s) => Scalar::Str(Cow::Owned(s.into_owned())),
        }
    }
}

/// go-yaml v2's `allowedAliasRatio` (decode.go): the share of decode
/// operations that alias expansion may account for, 99% up to 400,000
/// operations, falling linearly to 10% at 4,000,000.
pub fn allowed_alias_ratio(decodes: u64) -> f64 {
    const LOW: u64 = 400_000;
    const HIGH: u64 = 4_000_000;
    if decodes <= LOW {
        0.99
    } else if decodes >= HIGH {
        0.10
    } else {
        0.99 - 0.89 * ((decodes - LOW) as f64 / (HIGH - LOW) as f64)
    }
}

/// go-yaml's text for a document that expands too many aliases.
pub const EXCESSIVE_ALIASING: &str = "document contains excessive aliasing";

#[derive(Clone, Copy, PartialEq)]
enum Expect {
    /// An array's next item.
    Item,
    /// An object's next key.
    Key,
    /// An object's next value.
    Value,
    /// The value of a `<<` key: a mapping, an alias of one, or a sequence
    /// of those.
    MergeValue,
}

struct Frame {
    /// The container's cell in the tape.
    at: usize,
    /// Items, or entries.
    len: usize,
    object: bool,
    expect: Expect,
    /// A sequence that is the value of a `<<` key: its mappings merge into
    /// the enclosing object, the last one first (earlier ones win).
    merge_list: bool,
    /// Splice this object's entries into the enclosing object when it ends
    /// (it is merged).
    splice: bool,
    /// For a merge list: where each merged mapping's entries start, and how
    /// many there are.
    parts: Vec<(usize, usize)>,
    anchor: Option<usize>,
    decodes_at_start: u64,
    /// This container is a mapping key (go-yaml decodes it, then refuses it).
    key: bool,
    /// Where the value being decoded starts (objects).
    value_at: usize,
    /// The key of the value being decoded was null (sigs.k8s.io/yaml refuses
    /// it once it has the value).
    null_key: bool,
}

enum Target {
    /// Being decoded: an alias to it is go-yaml's "contains itself".
    Open,
    Scalar(Cell),
    /// `width` cells of the anchor store from `start`.
    Range {
        start: usize,
        width: usize,
    },
}

struct Anchor {
    target: Target,
    /// go-yaml's decode operations for the anchored node (what each alias
    /// of it costs again).
    decodes: u64,
}

/// Builds one document's tape from events.
pub(crate) struct Builder<'t> {
    tape: &'t mut Tape,
    stack: Vec<Frame>,
    anchors: Vec<Anchor>,
    names: HashMap<String, usize>,
    store: Vec<Cell>,
    decodes: u64,
    aliases: u64,
    /// The first failure go-yaml's decoder would report.
    decode_failure: Option<String>,
    /// The first failure of `sigs.k8s.io/yaml`'s conversion to JSON-able
    /// values (a null key).
    convert_failure: Option<String>,
    /// The first failure of the JSON encoder (`+Inf`, `NaN`).
    encode_failure: Option<String>,
    /// The bracket that opens the first container nested deeper than
    /// `encoding/json` reads (its decoder fails after the encoder).
    too_deep: Option<char>,
    /// The JSON nesting of the open containers.
    json_depth: usize,
    /// Whether the root value is complete.
    done: bool,
}

impl<'t> Builder<'t> {
    pub(crate) fn new(tape: &'t mut Tape) -> Builder<'t> {
        tape.clear();
        Builder {
            tape,
            stack: Vec::new(),
            anchors: Vec::new(),
            names: HashMap::new(),
            store: Vec::new(),
            decodes: 0,
            aliases: 0,
            decode_failure: None,
            convert_failure: None,
            encode_failure: None,
            too_deep: None,
            json_depth: 0,
            done: false,
        }
    }

    fn failed(&self) -> bool {
        self.decode_failure.is_some()
    }

    fn fail(&mut self, msg: String) {
        if self.decode_failure.is_none() {
            self.decode_failure = Some(msg);
        }
    }

    /// Counts go-yaml decode operations (`unmarshal` calls), `aliased` of
    /// them inside an alias expansion, and applies its limit.
    fn count(&mut self, decodes: u64, aliased: u64) {
        self.decodes = self.decodes.saturating_add(decodes);
        self.aliases = self.aliases.saturating_add(aliased);
        if self.aliases > 100
            && self.decodes > 1000
            && (self.aliases as f64 / self.decodes as f64) > allowed_alias_ratio(self.decodes)
        {
            self.fail(EXCESSIVE_ALIASING.to_owned());
        }
    }

    /// The document node (go-yaml decodes it too).
    pub(crate) fn document(&mut self) {
        self.count(1, 0);
    }

    fn expect(&self) -> Option<Expect> {
        self.stack.last().map(|f| f.expect)
    }

    /// A scalar; `merge_key` when it is a plain, untagged `<<`.
    pub(crate) fn scalar(&mut self, s: Scalar<'_>, anchor: Option<&str>, merge_key: bool) {
        if self.failed() {
            return;
        }
        match self.expect() {
            Some(Expect::Key) if merge_key => {
                // go-yaml does not decode the `<<` key itself.
                self.stack.last_mut().expect("an object").expect = Expect::MergeValue;
                if let Some(name) = anchor {
                    let cell = self.tape.push_text("<<");
                    self.define(name, Target::Scalar(cell), 1);
                }
                return;
            }
            Some(Expect::MergeValue) => {
                self.fail(MERGE_NOT_MAP.to_owned());
                return;
            }
            Some(Expect::Item) if self.stack.last().is_some_and(|f| f.merge_list) => {
                self.fail(MERGE_NOT_MAP.to_owned());
                return;
            }
            _ => {}
        }
        self.count(1, 0);
        let key = self.expect() == Some(Expect::Key);
        let cell = if key {
            if s == Scalar::Null {
                self.stack.last_mut().expect("an object").null_key = true;
            }
            let text = key_text(&s);
            self.tape.push_text(&text)
        } else {
            self.value_cell(&s)
        };
        if let Some(name) = anchor {
            let value = if key { self.value_cell(&s) } else { cell };
            self.define(name, Target::Scalar(value), 1);
        }
        self.tape.cells.push(cell);
        self.advance();
    }

    /// The cell of a scalar value (integral floats are integers, as Go's
    /// JSON encoder writes them; infinities and NaN cannot be JSON).
    fn value_cell(&mut self, s: &Scalar<'_>) -> Cell {
        match s {
            Scalar::Null => Cell::Null,
            Scalar::Bool(b) => Cell::Bool(*b),
            Scalar::Int(i) => Cell::Int(*i),
            // kubectl decodes the JSON it made with integers as int64 and
            // anything else as float64: a larger integer is a float.
            Scalar::Uint(u) => match i64::try_from(*u) {
                Ok(i) => Cell::Int(i),
                Err(_) => Cell::Float(*u as f64),
            },
            Scalar::Float(f) if !f.is_finite() => {
                if self.encode_failure.is_none() {
                    self.encode_failure =
                        Some(format!("json: unsupported value: {}", go_format_g(*f)));
                }
                Cell::Null
            }
            // An integral float that fits int64 is written as an integer
            // (`1.0` as `1`, `-0.0` as `-0`) and read back as one.
            Scalar::Float(f)
                if f.fract() == 0.0
                    && (-9.223_372_036_854_776e18..9.223_372_036_854_776e18).contains(f) =>
            {
                Cell::Int(*f as i64)
            }
            Scalar::Float(f) => Cell::Float(*f),
            Scalar::Str(t) => self.tape.push_text(t),
        }
    }

    /// After a complete value: the parent's next expectation.
    fn advance(&mut self) {
        let cells = self.tape.cells.len();
        let Some(f) = self.stack.last_mut() else {
            self.done = true;
            return;
        };
        match f.expect {
            Expect::Item => f.len += 1,
            Expect::Key => {
                f.expect = Expect::Value;
                f.value_at = cells;
            }
            Expect::Value => {
                f.len += 1;
                f.expect = Expect::Key;
                if std::mem::take(&mut f.null_key) && self.convert_failure.is_none() {
                    // `%+#v` of a nil interface value is `<nil>`.
                    let value = self.tape.node_at(f.value_at);
                    let value = if value.is_null() {
                        "<nil>".to_owned()
                    } else {
                        go_sharp_v(value)
                    };
                    self.convert_failure = Some(format!(
                        "unsupported map key of type: %!s(<nil>), key: <nil>, value: {value}"
                    ));
                }
            }
            Expect::MergeValue => f.expect = Expect::Key,
        }
    }

    /// The start of a mapping (`object`) or sequence.
    pub(crate) fn start(&mut self, object: bool, anchor: Option<&str>) {
        if self.failed() {
            return;
        }
        let key = self.expect() == Some(Expect::Key);
        let (merge_list, splice) = match self.expect() {
            Some(Expect::MergeValue) => (!object, object),
            Some(Expect::Item) if self.stack.last().is_some_and(|f| f.merge_list) => {
                if !object {
                    self.fail(MERGE_NOT_MAP.to_owned());
                    return;
                }
                (false, true)
            }
            _ => (false, false),
        };
        let decodes_at_start = self.decodes;
        // A merge list itself is not decoded: go-yaml walks its items.
        if !merge_list {
            self.count(1, 0);
            if self.failed() {
                return;
            }
        }
        let anchor = anchor.map(|name| self.define(name, Target::Open, 0));
        if !merge_list && !splice {
            self.json_depth += 1;
            if self.json_depth > crate::json::MAX_DEPTH && self.too_deep.is_none() {
                self.too_deep = Some(if object { '{' } else { '[' });
            }
        }
        let at = if merge_list {
            self.tape.cells.len()
        } else {
            self.tape.open()
        };
        self.stack.push(Frame {
            at,
            len: 0,
            object,
            expect: if object { Expect::Key } else { Expect::Item },
            merge_list,
            splice,
            parts: Vec::new(),
            anchor,
            decodes_at_start,
            key,
            value_at: 0,
            null_key: false,
        });
    }

    /// The end of the innermost mapping or sequence.
    pub(crate) fn end(&mut self) {
        if self.failed() {
            return;
        }
        let Some(mut f) = self.stack.pop() else {
            return;
        };
        if !f.merge_list && !f.splice {
            self.json_depth -= 1;
        }
        if f.merge_list {
            self.finish_merge_list(&f);
            self.advance();
            return;
        }
        if f.object {
            f.len = dedupe(self.tape, f.at, f.len);
            self.tape.close_object(f.at, f.len);
        } else {
            self.tape.close_array(f.at, f.len);
        }
        if let Some(i) = f.anchor {
            let start = self.store.len();
            self.store.extend_from_slice(&self.tape.cells[f.at..]);
            self.anchors[i] = Anchor {
                target: Target::Range {
                    start,
                    width: self.store.len() - start,
                },
                decodes: self.decodes - f.decodes_at_start,
            };
        }
        if f.key {
            // go-yaml decodes a key before it refuses a collection.
            let key = go_sharp_v(self.tape.node_at(f.at));
            self.fail(format!("invalid map key: {key}"));
        } else if f.splice {
            self.splice(f.at, f.len);
        } else {
            self.advance();
        }
    }

    /// A merged mapping's entries join the enclosing object (or, inside a
    /// merge list, wait for the list's end).
    fn splice(&mut self, at: usize, len: usize) {
        self.tape.cells.remove(at);
        let parent = self.stack.last_mut().expect("a merge has a parent");
        if parent.merge_list {
            parent.parts.push((at, len));
            parent.len += 1;
        } else {
            parent.len += len;
            parent.expect = Expect::Key;
        }
    }

    /// go-yaml merges a list's mappings last to first, so that earlier ones
    /// win: reorder their entries so (the object keeps each key's last
    /// value).
    fn finish_merge_list(&mut self, f: &Frame) {
        let total: usize = f.parts.iter().map(|p| p.1).sum();
        if f.parts.len() > 1 {
            let tail = self.tape.cells.split_off(f.at);
            let mut bounds: Vec<(usize, usize)> =
                f.parts.iter().map(|&(s, _)| (s - f.at, 0)).collect();
            for i in 0..bounds.len() {
                bounds[i].1 = bounds.get(i + 1).map_or(tail.len(), |b| b.0);
            }
            for &(s, e) in bounds.iter().rev() {
                self.tape.cells.extend_from_slice(&tail[s..e]);
            }
        }
        let parent = self
            .stack
            .last_mut()
            .expect("a merge list has a parent object");
        parent.len += total;
    }

    /// An alias of the anchor `name`.
    pub(crate) fn alias(&mut self, name: &str) {
        if self.failed() {
            return;
        }
        let Some(&i) = self.names.get(name) else {
            // The caller reports an unknown anchor as the parser does.
            self.fail(format!("unknown anchor '{name}' referenced"));
            return;
        };
        let in_merge_list = self.stack.last().is_some_and(|f| f.merge_list);
        let expect = self.expect();
        // The alias node, then its target again, inside the expansion.
        self.count(1, 0);
        let decodes = self.anchors[i].decodes;
        match self.anchors[i].target {
            Target::Open => self.fail(format!("anchor '{name}' value contains itself")),
            Target::Scalar(cell) => {
                if expect == Some(Expect::MergeValue) || in_merge_list {
                    self.fail(MERGE_NOT_MAP.to_owned());
                    return;
                }
                self.count(decodes, decodes);
                if self.failed() {
                    return;
                }
                let cell = if expect == Some(Expect::Key) {
                    let text = match cell {
                        Cell::Str { start, len } => self.tape.str_of(start, len).to_owned(),
                        other => key_text(&scalar_of(other)),
                    };
                    self.tape.push_text(&text)
                } else {
                    cell
                };
                self.tape.cells.push(cell);
                self.advance();
            }
            Target::Range { start, width } => {
                let first = self.store[start];
                let is_map = matches!(first, Cell::Object { .. });
                if (expect == Some(Expect::MergeValue) || in_merge_list) && !is_map {
                    self.fail(MERGE_NOT_MAP.to_owned());
                    return;
                }
                self.count(decodes, decodes);
                if self.failed() {
                    return;
                }
                let at = self.tape.cells.len();
                self.tape
                    .cells
                    .extend_from_slice(&self.store[start..start + width]);
                if expect == Some(Expect::Key) {
                    let key = go_sharp_v(self.tape.node_at(at));
                    self.fail(format!("invalid map key: {key}"));
                    return;
                }
                if expect == Some(Expect::MergeValue) || in_merge_list {
                    let Cell::Object { len, .. } = first else {
                        unreachable!("checked")
                    };
                    self.splice(at, len as usize);
                } else {
                    self.advance();
                }
            }
        }
    }

    fn define(&mut self, name: &str, target: Target, decodes: u64) -> usize {
        let i = self.anchors.len();
        self.anchors.push(Anchor { target, decodes });
        self.names.insert(name.to_owned(), i);
        i
    }

    /// The end of the document: its failure, if any, as `sigs.k8s.io/yaml`
    /// words it: go-yaml's decoding error (`yaml: ...`), then the JSON
    /// encoder's (`json: ...`).
    pub(crate) fn finish(self) -> Result<(), String> {
        if let Some(e) = self.decode_failure {
            return Err(format!("yaml: {e}"));
        }
        if let Some(e) = self.convert_failure.or(self.encode_failure) {
            return Err(e);
        }
        if let Some(c) = self.too_deep {
            return Err(format!(
                "{JSON_TOO_DEEP_PREFIX}invalid character '{c}' exceeded max depth"
            ));
        }
        Ok(())
    }

    /// A decoding failure found by the caller (a scalar that does not
    /// resolve as its tag says): go-yaml's decoder reports it after the
    /// whole document parsed, if no decoding failure came first.
    pub(crate) fn decode_error(&mut self, msg: String) {
        self.fail(msg);
    }

    /// Whether a decoding failure was recorded (the caller keeps parsing
    /// only to find syntax errors).
    pub(crate) fn has_failed(&self) -> bool {
        self.failed()
    }

    /// The current decode operation count (for tests).
    #[cfg(test)]
    pub(crate) fn decodes(&self) -> (u64, u64) {
        (self.decodes, self.aliases)
    }
}

/// What `sigs.k8s.io/yaml` says when the JSON it wrote is too deep for
/// `encoding/json` to read back (it replaces `error converting YAML to JSON: `).
pub(crate) const JSON_TOO_DEEP_PREFIX: &str = "error unmarshaling JSON: while decoding JSON: ";

const MERGE_NOT_MAP: &str = "map merge requires map or sequence of maps as the value";

/// Removes the earlier entries of keys that occur again in the object at
/// `at` (the last cells of the tape); the new number of entries.
fn dedupe(tape: &mut Tape, at: usize, len: usize) -> usize {
    if len < 2 {
        return len;
    }
    // Entry starts.
    let mut starts = Vec::with_capacity(len);
    let mut i = at + 1;
    while i < tape.cells.len() {
        starts.push(i);
        i += 1 + tape.cells[i + 1].width() as usize;
    }
    let key = |i: usize| match tape.cells[i] {
        Cell::Str { start, len } => tape.str_of(start, len),
        _ => "",
    };
    let mut dup = vec![false; starts.len()];
    let mut any = false;
    if starts.len() <= 16 {
        for a in 0..starts.len() {
            for b in a + 1..starts.len() {
                if key(starts[a]) == key(starts[b]) {
                    dup[a] = true;
                    any = true;
                    break;
                }
            }
        }
    } else {
        let mut last: HashMap<&str, usize> = HashMap::with_capacity(starts.len());
        for (n, &s) in starts.iter().enumerate() {
            if let Some(prev) = last.insert(key(s), n) {
                dup[prev] = true;
                any = true;
            }
        }
    }
    if !any {
        return len;
    }
    let body = tape.cells.split_off(at + 1);
    let mut kept = 0;
    for (n, &s) in starts.iter().enumerate() {
        if dup[n] {
            continue;
        }
        let s = s - at - 1;
        let e = starts.get(n + 1).map_or(body.len(), |&x| x - at - 1);
        tape.cells.extend_from_slice(&body[s..e]);
        kept += 1;
    }
    kept
}

fn scalar_of(cell: Cell) -> Scalar<'static> {
    match cell {
        Cell::Bool(b) => Scalar::Bool(b),
        Cell::Int(i) => Scalar::Int(i),
        Cell::Uint(u) => Scalar::Uint(u),
        Cell::Float(f) => Scalar::Float(f),
        _ => Scalar::Null,
    }
}

/// A map key's JSON text, as `sigs.k8s.io/yaml` writes it: strings as they
/// are, integers in decimal, floats as `strconv.FormatFloat(f, 'g', -1,
/// 32)` (with `.inf`, `-.inf` and `.nan` for the special values), booleans
/// by name. (A null key is refused; its text here is never used.)
fn key_text(s: &Scalar<'_>) -> String {
    match s {
        Scalar::Str(t) => t.to_string(),
        Scalar::Null => "null".to_owned(),
        Scalar::Bool(b) => b.to_string(),
        Scalar::Int(i) => i.to_string(),
        Scalar::Uint(u) => u.to_string(),
        // Rounded to float32 first: beyond its range, an infinity.
        Scalar::Float(f) => match *f as f32 {
            f if f.is_nan() => ".nan".to_owned(),
            f if f.is_infinite() => if f > 0.0 { ".inf" } else { "-.inf" }.to_owned(),
            f => go_format_g32(f),
        },
    }
}

/// `strconv.FormatFloat(f, 'g', -1, 32)`: float32's shortest digits.
fn go_format_g32(f: f32) -> String {
    format_g(format!("{f:e}"))
}

/// Go's `%#v` of a value go-yaml decoded (what its errors print): strings
/// quoted, `[]interface {}{...}`, `map[interface {}]interface {}{...}`
/// with keys sorted, `interface {}(nil)` for null.
fn go_sharp_v(node: crate::tape::Node<'_>) -> String {
    use crate::tape::Kind;
    match node.kind() {
        Kind::Null => "interface {}(nil)".to_owned(),
        Kind::Bool(b) => b.to_string(),
        Kind::Int(i) => i.to_string(),
        Kind::Uint(u) => format!("0x{u:x}"),
        Kind::Float(f) => go_format_g(f),
        Kind::Str(s) => k8s_validation::field::go_quote(s),
        Kind::Array(items) => {
            let items: Vec<String> = items.map(go_sharp_v).collect();
            format!("[]interface {{}}{{{}}}", items.join(", "))
        }
        Kind::Object(entries) => {
            let mut entries: Vec<(String, String)> = entries
                .map(|(k, v)| (k8s_validation::field::go_quote(k), go_sharp_v(v)))
                .collect();
            entries.sort();
            let entries: Vec<String> = entries
                .into_iter()
                .map(|(k, v)| format!("{k}:{v}"))
                .collect();
            format!(
                "map[interface {{}}]interface {{}}{{{}}}",
                entries.join(", ")
            )
        }
    }
}

/// Go's `strconv.FormatFloat(f, 'g', -1, 64)`: the shortest digits that
/// read back as `f`, in `%e` form when the exponent is below -4 or at
/// least 6 (strconv/ftoa.go: `if shortest { eprec = 6 }`).
pub(crate) fn go_format_g(f: f64) -> String {
    if f.is_nan() {
        return "NaN".to_owned();
    }
    if f.is_infinite() {
        return if f > 0.0 { "+Inf" } else { "-Inf" }.to_owned();
    }
    if f == 0.0 {
        return if f.is_sign_negative() { "-0" } else { "0" }.to_owned();
    }
    // Rust's `{:e}` gives the same shortest digits.
    format_g(format!("{f:e}"))
}

/// Go's shortest `'g'` layout of Rust's `{:e}` text of a finite, non-zero
/// number.
fn format_g(e: String) -> String {
    if e == "0e0" || e == "-0e0" {
        return e.replace("e0", "");
    }
    let (mantissa, exp) = e.split_once('e').expect("Rust's {:e} has an exponent");
    let exp: i32 = exp.parse().expect("an integer exponent");
    let (sign, mantissa) = match mantissa.strip_prefix('-') {
        Some(m) => ("-", m),
        None => ("", mantissa),
    };
    let digits: String = mantissa.chars().filter(|c| *c != '.').collect();
    if !(-4..6).contains(&exp) {
        let (first, rest) = digits.split_at(1);
        let frac = if rest.is_empty() {
            String::new()
        } else {
            format!(".{rest}")
        };
        let (es, ea) = if exp < 0 { ('-', -exp) } else { ('+', exp) };
        return format!("{sign}{first}{frac}e{es}{ea:02}");
    }
    if exp < 0 {
        let zeros = "0".repeat((-exp - 1) as usize);
        return format!("{sign}0.{zeros}{digits}");
    }
    let point = exp as usize + 1;
    if digits.len() <= point {
        format!("{sign}{digits}{}", "0".repeat(point - digits.len()))
    } else {
        format!("{sign}{}.{}", &digits[..point], &digits[point..])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn build(f: impl FnOnce(&mut Builder<'_>)) -> (serde_json::Value, Result<(), String>) {
        let mut tape = Tape::new();
        let mut b = Builder::new(&mut tape);
        b.document();
        f(&mut b);
        let r = b.finish();
        (tape.to_json(), r)
    }

    fn s(t: &str) -> Scalar<'_> {
        Scalar::Str(t.into())
    }

    #[test]
    fn last_key_wins_and_merges_apply_in_go_yaml_order() {
        let (v, r) = build(|b| {
            b.start(true, None);
            b.scalar(s("base"), None, false);
            b.start(true, Some("b"));
            b.scalar(s("x"), None, false);
            b.scalar(Scalar::Int(1), None, false);
            b.scalar(s("z"), None, false);
            b.scalar(Scalar::Int(2), None, false);
            b.end();
            b.scalar(s("m"), None, false);
            b.start(true, None);
            b.scalar(s("z"), None, false);
            b.scalar(Scalar::Int(0), None, false);
            b.scalar(s("<<"), None, true);
            b.alias("b");
            b.scalar(s("x"), None, false);
            b.scalar(Scalar::Int(3), None, false);
            b.end();
            b.scalar(s("k"), None, false);
            b.scalar(s("v"), None, false);
            b.scalar(s("k"), None, false);
            b.scalar(s("w"), None, false);
            b.end();
        });
        r.unwrap();
        assert_eq!(
            v,
            json!({"base": {"x": 1, "z": 2}, "m": {"z": 2, "x": 3}, "k": "w"})
        );
    }

    #[test]
    fn a_merge_list_lets_earlier_mappings_win() {
        let (v, r) = build(|b| {
            b.start(true, None);
            b.scalar(s("a"), None, false);
            b.start(true, Some("a"));
            b.scalar(s("x"), None, false);
            b.scalar(Scalar::Int(1), None, false);
            b.end();
            b.scalar(s("m"), None, false);
            b.start(true, None);
            b.scalar(s("<<"), None, true);
            b.start(false, None);
            b.alias("a");
            b.start(true, None);
            b.scalar(s("x"), None, false);
            b.scalar(Scalar::Int(2), None, false);
            b.scalar(s("y"), None, false);
            b.scalar(Scalar::Int(2), None, false);
            b.end();
            b.end();
            b.end();
            b.end();
        });
        r.unwrap();
        assert_eq!(v, json!({"a": {"x": 1}, "m": {"x": 1, "y": 2}}));
    }

    #[test]
    fn merging_a_scalar_fails_as_go_yaml_does() {
        let (_, r) = build(|b| {
            b.start(true, None);
            b.scalar(s("<<"), None, true);
            b.scalar(s("x"), None, false);
            b.end();
        });
        assert_eq!(r.unwrap_err(), format!("yaml: {MERGE_NOT_MAP}"));
    }

    #[test]
    fn the_alias_bomb_stops_early() {
        let mut tape = Tape::new();
        let mut b = Builder::new(&mut tape);
        b.document();
        b.start(true, None);
        let names = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"];
        for (n, name) in names.iter().enumerate() {
            b.scalar(s(name), None, false);
            b.start(false, Some(name));
            for _ in 0..9 {
                if n == 0 {
                    b.scalar(s("lol"), None, false);
                } else {
                    b.alias(names[n - 1]);
                }
            }
            b.end();
            if b.has_failed() {
                break;
            }
        }
        assert!(b.decodes().0 < 10_000, "{:?}", b.decodes());
        assert_eq!(
            b.finish().unwrap_err(),
            format!("yaml: {EXCESSIVE_ALIASING}")
        );
    }

    #[test]
    fn keys_are_go_strings() {
        assert_eq!(key_text(&Scalar::Float(1.5)), "1.5");
        assert_eq!(key_text(&Scalar::Float(1234567.0)), "1.234567e+06");
        assert_eq!(key_text(&Scalar::Float(0.0001)), "0.0001");
        assert_eq!(key_text(&Scalar::Float(0.00001)), "1e-05");
        assert_eq!(key_text(&Scalar::Float(123456.5)), "123456.5");
        assert_eq!(key_text(&Scalar::Bool(true)), "true");
        // Beyond float32's range: sigs.k8s.io/yaml's `.inf`, and zero.
        assert_eq!(key_text(&Scalar::Float(1e40)), ".inf");
        assert_eq!(key_text(&Scalar::Float(-1e40)), "-.inf");
        assert_eq!(key_text(&Scalar::Float(-1e-50)), "-0");
        assert_eq!(go_format_g(f64::INFINITY), "+Inf");
    }

    #[test]
    fn an_anchor_inside_itself() {
        let (_, r) = build(|b| {
            b.start(false, Some("x"));
            b.alias("x");
            b.end();
        });
        assert_eq!(r.unwrap_err(), "yaml: anchor 'x' value contains itself");
    }
}
