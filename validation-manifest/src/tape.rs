//! One document as a flat list of cells: the JSON kubectl would send,
//! without a tree of allocations.
//!
//! A container's cell is followed by its contents: an array by its items,
//! an object by key and value pairs (every key a string cell). Each
//! container cell records how many cells follow it inside, so that a reader
//! steps over a whole value at once. Strings live in one text buffer. A
//! [`Tape`] is reused from document to document: reading a manifest stream
//! allocates only while documents grow.

use std::fmt;

use serde_json::{Map, Number, Value};

/// One cell of a [`Tape`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Cell {
    Null,
    Bool(bool),
    Int(i64),
    Uint(u64),
    Float(f64),
    /// `text[start..start + len]`.
    Str {
        start: u32,
        len: u32,
    },
    /// `len` items in the `span` cells that follow.
    Array {
        len: u32,
        span: u32,
    },
    /// `len` key and value pairs in the `span` cells that follow.
    Object {
        len: u32,
        span: u32,
    },
}

impl Cell {
    /// How many cells this value takes, itself included.
    pub(crate) fn width(self) -> u32 {
        match self {
            Cell::Array { span, .. } | Cell::Object { span, .. } => span + 1,
            _ => 1,
        }
    }
}

/// A parsed document (see the module documentation).
#[derive(Clone, Default)]
pub struct Tape {
    pub(crate) cells: Vec<Cell>,
    pub(crate) text: String,
}

impl fmt::Debug for Tape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.root() {
            Some(root) => write!(f, "Tape({})", root.to_json()),
            None => f.write_str("Tape(empty)"),
        }
    }
}

impl Tape {
    /// An empty tape.
    pub fn new() -> Tape {
        Tape::default()
    }

    /// Empties the tape, keeping its buffers.
    pub fn clear(&mut self) {
        self.cells.clear();
        self.text.clear();
    }

    /// The document's value; `None` for an empty tape.
    pub fn root(&self) -> Option<Node<'_>> {
        (!self.cells.is_empty()).then_some(Node { tape: self, at: 0 })
    }

    /// The document as a `serde_json::Value` (`null` for an empty tape).
    pub fn to_json(&self) -> Value {
        self.root().map_or(Value::Null, Node::to_json)
    }

    /// The tape of a JSON value (objects keep their keys' order).
    pub fn from_json(v: &Value) -> Tape {
        let mut tape = Tape::new();
        tape.push_json(v);
        tape
    }

    fn push_json(&mut self, v: &Value) {
        match v {
            Value::Null => self.cells.push(Cell::Null),
            Value::Bool(b) => self.cells.push(Cell::Bool(*b)),
            Value::Number(n) => self.cells.push(number_cell(n)),
            Value::String(s) => {
                let cell = self.push_text(s);
                self.cells.push(cell);
            }
            Value::Array(items) => {
                let at = self.open();
                for item in items {
                    self.push_json(item);
                }
                self.close_array(at, items.len());
            }
            Value::Object(map) => {
                let at = self.open();
                for (k, item) in map {
                    let key = self.push_text(k);
                    self.cells.push(key);
                    self.push_json(item);
                }
                self.close_object(at, map.len());
            }
        }
    }

    /// Appends `s` to the text buffer; the string cell for it.
    pub(crate) fn push_text(&mut self, s: &str) -> Cell {
        let start = self.text.len();
        self.text.push_str(s);
        Cell::Str {
            start: start as u32,
            len: s.len() as u32,
        }
    }

    /// A placeholder for a container's cell; `close_*` fills it in.
    pub(crate) fn open(&mut self) -> usize {
        self.cells.push(Cell::Null);
        self.cells.len() - 1
    }

    pub(crate) fn close_array(&mut self, at: usize, len: usize) {
        let span = (self.cells.len() - at - 1) as u32;
        self.cells[at] = Cell::Array {
            len: len as u32,
            span,
        };
    }

    pub(crate) fn close_object(&mut self, at: usize, len: usize) {
        let span = (self.cells.len() - at - 1) as u32;
        self.cells[at] = Cell::Object {
            len: len as u32,
            span,
        };
    }

    /// The value whose cell is at `at`.
    pub(crate) fn node_at(&self, at: usize) -> Node<'_> {
        Node {
            tape: self,
            at: at as u32,
        }
    }

    pub(crate) fn str_of(&self, start: u32, len: u32) -> &str {
        &self.text[start as usize..(start + len) as usize]
    }
}

fn number_cell(n: &Number) -> Cell {
    if let Some(i) = n.as_i64() {
        Cell::Int(i)
    } else if let Some(u) = n.as_u64() {
        Cell::Uint(u)
    } else {
        Cell::Float(n.as_f64().unwrap_or(0.0))
    }
}

/// A value of a [`Tape`].
#[derive(Clone, Copy)]
pub struct Node<'a> {
    tape: &'a Tape,
    at: u32,
}

/// What a [`Node`] holds.
#[derive(Clone, Copy, Debug)]
pub enum Kind<'a> {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// An integer that fits `i64`.
    Int(i64),
    /// An integer above `i64::MAX`.
    Uint(u64),
    /// Any other number (integral floats below 1e21 are integers, as Go's
    /// encoder writes them).
    Float(f64),
    /// A string.
    Str(&'a str),
    /// An array.
    Array(Items<'a>),
    /// An object.
    Object(Entries<'a>),
}

impl fmt::Debug for Node<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_json())
    }
}

impl<'a> Node<'a> {
    fn cell(self) -> Cell {
        self.tape.cells[self.at as usize]
    }

    /// What the node holds.
    pub fn kind(self) -> Kind<'a> {
        match self.cell() {
            Cell::Null => Kind::Null,
            Cell::Bool(b) => Kind::Bool(b),
            Cell::Int(i) => Kind::Int(i),
            Cell::Uint(u) => Kind::Uint(u),
            Cell::Float(f) => Kind::Float(f),
            Cell::Str { start, len } => Kind::Str(self.tape.str_of(start, len)),
            Cell::Array { len, .. } => Kind::Array(Items {
                tape: self.tape,
                at: self.at + 1,
                left: len,
            }),
            Cell::Object { len, .. } => Kind::Object(Entries {
                tape: self.tape,
                at: self.at + 1,
                left: len,
            }),
        }
    }

    /// Whether it is `null`.
    pub fn is_null(self) -> bool {
        matches!(self.cell(), Cell::Null)
    }

    /// The string, if it is one.
    pub fn as_str(self) -> Option<&'a str> {
        match self.cell() {
            Cell::Str { start, len } => Some(self.tape.str_of(start, len)),
            _ => None,
        }
    }

    /// The entries, if it is an object.
    pub fn entries(self) -> Option<Entries<'a>> {
        match self.kind() {
            Kind::Object(e) => Some(e),
            _ => None,
        }
    }

    /// The items, if it is an array.
    pub fn items(self) -> Option<Items<'a>> {
        match self.kind() {
            Kind::Array(i) => Some(i),
            _ => None,
        }
    }

    /// The value of `key`, if this is an object that has it.
    pub fn get(self, key: &str) -> Option<Node<'a>> {
        self.entries()?.find(|(k, _)| *k == key).map(|(_, v)| v)
    }

    /// The value as a `serde_json::Value`.
    pub fn to_json(self) -> Value {
        match self.kind() {
            Kind::Null => Value::Null,
            Kind::Bool(b) => Value::Bool(b),
            Kind::Int(i) => Value::Number(i.into()),
            Kind::Uint(u) => Value::Number(u.into()),
            Kind::Float(f) => Number::from_f64(f).map_or(Value::Null, Value::Number),
            Kind::Str(s) => Value::String(s.to_owned()),
            Kind::Array(items) => Value::Array(items.map(Node::to_json).collect()),
            Kind::Object(entries) => {
                let mut map = Map::new();
                for (k, v) in entries {
                    map.insert(k.to_owned(), v.to_json());
                }
                Value::Object(map)
            }
        }
    }

    /// How many cells the value takes (a measure of its size).
    pub fn width(self) -> usize {
        self.cell().width() as usize
    }
}

/// The items of an array [`Node`].
#[derive(Clone, Copy, Debug)]
pub struct Items<'a> {
    tape: &'a Tape,
    at: u32,
    left: u32,
}

impl<'a> Iterator for Items<'a> {
    type Item = Node<'a>;

    fn next(&mut self) -> Option<Node<'a>> {
        if self.left == 0 {
            return None;
        }
        self.left -= 1;
        let node = Node {
            tape: self.tape,
            at: self.at,
        };
        self.at += node.cell().width();
        Some(node)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left as usize, Some(self.left as usize))
    }
}

impl ExactSizeIterator for Items<'_> {}

/// The key and value pairs of an object [`Node`], in the document's order
/// (a key written twice appears once, at its last place).
#[derive(Clone, Copy, Debug)]
pub struct Entries<'a> {
    tape: &'a Tape,
    at: u32,
    left: u32,
}

impl<'a> Iterator for Entries<'a> {
    type Item = (&'a str, Node<'a>);

    fn next(&mut self) -> Option<(&'a str, Node<'a>)> {
        if self.left == 0 {
            return None;
        }
        self.left -= 1;
        let key = match self.tape.cells[self.at as usize] {
            Cell::Str { start, len } => self.tape.str_of(start, len),
            _ => "",
        };
        let value = Node {
            tape: self.tape,
            at: self.at + 1,
        };
        self.at += 1 + value.cell().width();
        Some((key, value))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left as usize, Some(self.left as usize))
    }
}

impl ExactSizeIterator for Entries<'_> {}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn json_round_trips_through_a_tape() {
        let v = json!({"a": [1, -2, 1.5, "x", null, true, {"b": {}}], "c": [], "d": 18446744073709551615u64});
        let tape = Tape::from_json(&v);
        assert_eq!(tape.to_json(), v);
        let root = tape.root().unwrap();
        assert_eq!(root.get("c").unwrap().items().unwrap().len(), 0);
        assert_eq!(
            root.get("a")
                .unwrap()
                .items()
                .unwrap()
                .nth(3)
                .unwrap()
                .as_str(),
            Some("x")
        );
        assert!(root.get("zz").is_none());
        assert_eq!(root.width(), tape.cells.len());
    }
}
