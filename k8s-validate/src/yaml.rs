//! One YAML document as the JSON kubectl makes of it.
//!
//! kubectl converts YAML to JSON on the client (`sigs.k8s.io/yaml`, which
//! resolves plain scalars as go-yaml v2 does: YAML 1.1), so the API server
//! sees `enabled: yes` as `true` and `mode: 0644` as `420`. serde's YAML
//! crates follow YAML 1.2, where both stay strings; this module reads the
//! parser's events (yaml-rust2) and resolves them as go-yaml v2 does, so
//! that an object decodes here exactly when it decodes there:
//!
//! * plain `~`, `null`, `Null`, `NULL` and the empty scalar are null;
//! * plain `y`, `Y`, `yes`, `Yes`, `YES`, `on`, `On`, `ON`, `true`, `True`,
//!   `TRUE` are true, and the `n`/`no`/`off`/`false` family false;
//! * plain numbers as Go's `strconv.ParseInt(s, 0, 64)` reads them with `_`
//!   removed (`0x1F`, `0o17`, `0777` octal, `0b101`), then unsigned, then
//!   floats (a float with an integral value is written as an integer, as
//!   Go's JSON encoder writes it); `.inf` and `.nan` cannot be JSON;
//! * quoted and block scalars, and `!!str`, are strings;
//! * anchors, aliases and `<<` merge keys are expanded;
//! * keys that are not strings become their text (`true`, `1`), and a
//!   repeated key keeps its last value.

use serde_json::{Map, Number, Value};
use yaml_rust2::parser::{Event, Parser, Tag};
use yaml_rust2::scanner::{Marker, TScalarStyle};

/// Converts one YAML document (no `---` separators left in it) to JSON. The
/// error reads as kubectl's: `error converting YAML to JSON: yaml: line 3:
/// ...`, with the line counted from `first_line`.
pub fn to_json(doc: &str, first_line: usize) -> Result<Value, String> {
    let mut reader = Reader {
        parser: Parser::new_from_str(doc),
        anchors: Vec::new(),
        first_line,
    };
    reader.document()
}

struct Reader<'a> {
    parser: Parser<std::str::Chars<'a>>,
    anchors: Vec<(usize, Value)>,
    first_line: usize,
}

impl Reader<'_> {
    fn error(&self, mark: Marker, msg: &str) -> String {
        format!(
            "error converting YAML to JSON: yaml: line {}: {msg}",
            mark.line() + self.first_line.saturating_sub(1)
        )
    }

    fn next(&mut self) -> Result<(Event, Marker), String> {
        self.parser.next_token().map_err(|e| {
            format!(
                "error converting YAML to JSON: yaml: line {}: {}",
                e.marker().line() + self.first_line.saturating_sub(1),
                e.info()
            )
        })
    }

    fn document(&mut self) -> Result<Value, String> {
        let mut value = Value::Null;
        let mut seen = false;
        loop {
            let (event, mark) = self.next()?;
            match event {
                Event::StreamStart | Event::DocumentStart | Event::DocumentEnd | Event::Nothing => {
                }
                Event::StreamEnd => return Ok(value),
                event => {
                    if seen {
                        return Err(self.error(mark, "more than one document in a stream chunk"));
                    }
                    value = self.node(event, mark)?;
                    seen = true;
                }
            }
        }
    }

    fn node(&mut self, event: Event, mark: Marker) -> Result<Value, String> {
        match event {
            Event::Scalar(text, style, anchor, tag) => {
                let v = scalar(&text, style, tag.as_ref()).map_err(|m| self.error(mark, &m))?;
                self.anchor(anchor, &v);
                Ok(v)
            }
            Event::SequenceStart(anchor, _) => {
                let mut items = Vec::new();
                loop {
                    let (event, mark) = self.next()?;
                    if matches!(event, Event::SequenceEnd) {
                        break;
                    }
                    items.push(self.node(event, mark)?);
                }
                let v = Value::Array(items);
                self.anchor(anchor, &v);
                Ok(v)
            }
            Event::MappingStart(anchor, _) => {
                let mut map = Map::new();
                loop {
                    let (event, kmark) = self.next()?;
                    if matches!(event, Event::MappingEnd) {
                        break;
                    }
                    let merge = matches!(&event, Event::Scalar(k, TScalarStyle::Plain, _, None) if k == "<<");
                    let key = self.node(event, kmark)?;
                    let (event, vmark) = self.next()?;
                    let value = self.node(event, vmark)?;
                    if merge {
                        self.merge(&mut map, value, vmark)?;
                    } else {
                        map.insert(key_text(&key), value);
                    }
                }
                let v = Value::Object(map);
                self.anchor(anchor, &v);
                Ok(v)
            }
            Event::Alias(id) => self
                .anchors
                .iter()
                .rev()
                .find(|(a, _)| *a == id)
                .map(|(_, v)| v.clone())
                .ok_or_else(|| self.error(mark, "unknown anchor referenced")),
            _ => Err(self.error(mark, "did not find expected node content")),
        }
    }

    fn anchor(&mut self, id: usize, v: &Value) {
        if id != 0 {
            self.anchors.push((id, v.clone()));
        }
    }

    /// `<<: *base` or `<<: [*a, *b]`: the mapping's keys set from the merged
    /// mappings (go-yaml v2 sets them in order; later keys win).
    fn merge(
        &self,
        map: &mut Map<String, Value>,
        value: Value,
        mark: Marker,
    ) -> Result<(), String> {
        let sources = match value {
            Value::Object(m) => vec![m],
            Value::Array(items) => items
                .into_iter()
                .map(|i| match i {
                    Value::Object(m) => Ok(m),
                    _ => Err(self.error(
                        mark,
                        "map merge requires map or sequence of maps as the value",
                    )),
                })
                .collect::<Result<_, _>>()?,
            _ => {
                return Err(self.error(
                    mark,
                    "map merge requires map or sequence of maps as the value",
                ))
            }
        };
        for m in sources {
            for (k, v) in m {
                map.insert(k, v);
            }
        }
        Ok(())
    }
}

/// A map key's JSON text (sigs.k8s.io/yaml: strings as they are, booleans
/// and numbers as Go formats them, null as `null`).
fn key_text(key: &Value) -> String {
    match key {
        Value::String(s) => s.clone(),
        Value::Null => "null".to_owned(),
        other => other.to_string(),
    }
}

/// A scalar as go-yaml v2 resolves it.
fn scalar(text: &str, style: TScalarStyle, tag: Option<&Tag>) -> Result<Value, String> {
    let tag = tag.map(|t| {
        let handle = if t.handle == "tag:yaml.org,2002:" {
            "!!"
        } else {
            t.handle.as_str()
        };
        (handle, t.suffix.as_str())
    });
    match tag {
        Some(("!!", "str")) => return Ok(Value::String(text.to_owned())),
        Some(("!!", "binary")) => return Ok(Value::String(text.split_whitespace().collect())),
        _ => {}
    }
    if style != TScalarStyle::Plain && tag.is_none() {
        return Ok(Value::String(text.to_owned()));
    }
    resolve_plain(text)
}

fn resolve_plain(s: &str) -> Result<Value, String> {
    match s {
        "" | "~" | "null" | "Null" | "NULL" => return Ok(Value::Null),
        "y" | "Y" | "yes" | "Yes" | "YES" | "on" | "On" | "ON" | "true" | "True" | "TRUE" => {
            return Ok(Value::Bool(true))
        }
        "n" | "N" | "no" | "No" | "NO" | "off" | "Off" | "OFF" | "false" | "False" | "FALSE" => {
            return Ok(Value::Bool(false))
        }
        ".inf" | ".Inf" | ".INF" | "+.inf" | "+.Inf" | "+.INF" | "-.inf" | "-.Inf" | "-.INF"
        | ".nan" | ".NaN" | ".NAN" => {
            return Err(format!("json: unsupported value: {s} (not a JSON number)"))
        }
        _ => {}
    }
    let first = s.as_bytes()[0];
    if first == b'.' {
        // go-yaml v2 hands these to Go's strconv.ParseFloat as they are:
        // underscores between digits allowed, an exponent allowed.
        return Ok(match go_float_underscores(s) {
            Some(t) if is_yaml_float(&t) => t
                .parse::<f64>()
                .map_or_else(|_| Value::String(s.to_owned()), float),
            _ => Value::String(s.to_owned()),
        });
    }
    if !(first.is_ascii_digit() || first == b'+' || first == b'-') {
        return Ok(Value::String(s.to_owned()));
    }
    if is_timestamp(s) {
        return Ok(Value::String(s.to_owned()));
    }
    let plain: String = s.chars().filter(|&c| c != '_').collect();
    if let Some(i) = go_parse_int(&plain) {
        return Ok(Value::Number(Number::from(i)));
    }
    if let Some(u) = go_parse_uint(&plain) {
        return Ok(Value::Number(Number::from(u)));
    }
    if is_yaml_float(&plain) {
        if let Ok(f) = plain.parse::<f64>() {
            return Ok(float(f));
        }
    }
    Ok(Value::String(s.to_owned()))
}

/// `s` without its underscores when each sits between two digits (Go's
/// `underscoreOK` for a decimal literal); `None` otherwise.
fn go_float_underscores(s: &str) -> Option<String> {
    let b = s.as_bytes();
    for (i, &c) in b.iter().enumerate() {
        if c == b'_' {
            let before = i > 0 && b[i - 1].is_ascii_digit();
            let after = b.get(i + 1).is_some_and(u8::is_ascii_digit);
            if !(before && after) {
                return None;
            }
        }
    }
    Some(s.replace('_', ""))
}

/// A float as Go's JSON encoder writes it: integral values below 1e21
/// without a fraction (so `1.0` decodes into an integer field).
fn float(f: f64) -> Value {
    if f.fract() == 0.0 && f.abs() < 1e21 {
        if f >= i64::MIN as f64 && f <= i64::MAX as f64 {
            return Value::Number(Number::from(f as i64));
        }
        if f >= 0.0 && f <= u64::MAX as f64 {
            return Value::Number(Number::from(f as u64));
        }
    }
    Number::from_f64(f).map_or(Value::Null, Value::Number)
}

/// `^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$` (go-yaml v2's
/// float pattern).
fn is_yaml_float(s: &str) -> bool {
    let b = s.as_bytes();
    let mut i = 0;
    if i < b.len() && (b[i] == b'+' || b[i] == b'-') {
        i += 1;
    }
    let digits = |i: &mut usize| {
        let start = *i;
        while *i < b.len() && b[*i].is_ascii_digit() {
            *i += 1;
        }
        *i - start
    };
    if i < b.len() && b[i] == b'.' {
        i += 1;
        if digits(&mut i) == 0 {
            return false;
        }
    } else {
        if digits(&mut i) == 0 {
            return false;
        }
        if i < b.len() && b[i] == b'.' {
            i += 1;
            digits(&mut i);
        }
    }
    if i < b.len() && (b[i] == b'e' || b[i] == b'E') {
        i += 1;
        if i < b.len() && (b[i] == b'+' || b[i] == b'-') {
            i += 1;
        }
        if digits(&mut i) == 0 {
            return false;
        }
    }
    i == b.len()
}

/// Go's `strconv.ParseInt(s, 0, 64)`: sign, then `0x`/`0X` hex, `0o`/`0O`
/// or a leading `0` octal, `0b`/`0B` binary, decimal otherwise.
fn go_parse_int(s: &str) -> Option<i64> {
    let (neg, rest) = match s.as_bytes().first()? {
        b'-' => (true, &s[1..]),
        b'+' => (false, &s[1..]),
        _ => (false, s),
    };
    let magnitude = go_parse_uint(rest)?;
    if neg {
        if magnitude <= i64::MAX as u64 + 1 {
            Some((magnitude as i64).wrapping_neg())
        } else {
            None
        }
    } else {
        i64::try_from(magnitude).ok()
    }
}

/// Go's `strconv.ParseUint(s, 0, 64)` (no sign).
fn go_parse_uint(s: &str) -> Option<u64> {
    let (radix, digits) = if let Some(d) = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        (16, d)
    } else if let Some(d) = s.strip_prefix("0o").or_else(|| s.strip_prefix("0O")) {
        (8, d)
    } else if let Some(d) = s.strip_prefix("0b").or_else(|| s.strip_prefix("0B")) {
        (2, d)
    } else if s.len() > 1 && s.starts_with('0') {
        (8, &s[1..])
    } else {
        (10, s)
    };
    if digits.is_empty() || !digits.bytes().all(|b| (b as char).is_digit(radix)) {
        return None;
    }
    u64::from_str_radix(digits, radix).ok()
}

/// go-yaml v2's timestamp forms (`2001-12-14`, `2001-12-14t21:59:43.10-05:00`,
/// ...), which decode into `interface{}` as the string itself.
fn is_timestamp(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() >= 10
        && b[..4].iter().all(u8::is_ascii_digit)
        && b[4] == b'-'
        && (b[5].is_ascii_digit())
        && s[5..].contains('-')
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn json(s: &str) -> Value {
        to_json(s, 1).unwrap()
    }

    #[test]
    fn plain_scalars_resolve_as_yaml_1_1() {
        assert_eq!(
            json("a: [yes, No, on, OFF, y, n, ~, null, '', 'yes', \"on\", !!str true]"),
            json!({"a": [true, false, true, false, true, false, null, null, "", "yes", "on", "true"]})
        );
        assert_eq!(
            json("a: [0777, 0x1F, 0o17, 0b101, 1_000, -12, +7, 1.0, 1.5, 1e3, .5, .0_0, .5e1, ._5, 08, 2001-12-14, 1:30, 9223372036854775808]"),
            json!({"a": [511, 31, 15, 5, 1000, -12, 7, 1, 1.5, 1000, 0.5, 0, 5, "._5", 8, "2001-12-14", "1:30", 9223372036854775808u64]})
        );
        assert!(to_json("a: .inf", 1).is_err());
    }

    #[test]
    fn keys_anchors_and_merges() {
        assert_eq!(
            json("base: &b {x: 1, z: 2}\nm:\n  <<: *b\n  z: 3\n1: a\nyes: b\nk: v\nk: w\n"),
            json!({"base": {"x": 1, "z": 2}, "m": {"x": 1, "z": 3}, "1": "a", "true": "b", "k": "w"})
        );
        // As with kubectl: a key `y` is the boolean true.
        assert_eq!(json("y: 1\nn: 2\n"), json!({"true": 1, "false": 2}));
    }

    #[test]
    fn errors_name_the_line_in_the_file() {
        let err = to_json("a: 1\nb: [2\n", 10).unwrap_err();
        assert!(
            err.starts_with("error converting YAML to JSON: yaml: line 12: "),
            "{err}"
        );
    }

    #[test]
    fn block_scalars_are_strings() {
        assert_eq!(
            json("a: |\n  yes\nb: >\n  12\n"),
            json!({"a": "yes\n", "b": "12\n"})
        );
    }
}
