//! Lazy field paths.
//!
//! A [`Path`] is a borrowed chain of segments that lives on the stack while a
//! validator descends into an object. Building one costs nothing: no heap
//! allocation, no formatting. It is rendered to a string only when an
//! [`Error`](super::Error) is created, with exactly upstream's rendering
//! (`k8s.io/apimachinery/pkg/util/validation/field.Path.String()`):
//!
//! * the root path renders as `<nil>` (generated validation starts from a nil
//!   path, so a type-level error on the root object has field `<nil>`);
//! * a named segment renders as `.name`, without the dot when it is first;
//! * list indices and map keys render as `[0]` / `[key]`, keys unquoted;
//! * an empty name is treated as a subscript (`[]`), as upstream does.
//!
//! ```
//! use k8s_validation::field::Path;
//!
//! let root = Path::root();
//! let spec = root.child("spec");
//! let containers = spec.child("containers");
//! let first = containers.index(0);
//! assert_eq!(first.child("name").to_string(), "spec.containers[0].name");
//! assert_eq!(root.to_string(), "<nil>");
//!
//! let labels = Path::new("metadata");
//! let labels = labels.child("labels");
//! assert_eq!(labels.key("app.kubernetes.io/name").to_string(), "metadata.labels[app.kubernetes.io/name]");
//! ```

use std::fmt;

/// One step of a [`Path`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Segment<'a> {
    /// A struct field, by its JSON name: `.name`.
    Field(&'a str),
    /// A list index: `[3]`.
    Index(usize),
    /// A map key, rendered verbatim: `[key]`.
    Key(&'a str),
}

static ROOT: Path<'static> = Path { node: None };

/// A field path: the root, or a segment below a parent path.
///
/// Paths borrow their parent, so they are built on the stack as validation
/// descends, and are `Copy`.
#[derive(Clone, Copy)]
pub struct Path<'a> {
    node: Option<Node<'a>>,
}

#[derive(Clone, Copy)]
struct Node<'a> {
    parent: &'a Path<'a>,
    segment: Segment<'a>,
}

impl<'a> Path<'a> {
    /// The root path (upstream's nil `*field.Path`); renders as `<nil>`.
    pub const fn root() -> Path<'static> {
        Path { node: None }
    }

    /// A one-segment path (upstream's `field.NewPath(name)`).
    pub fn new(name: &'a str) -> Path<'a> {
        Path {
            node: Some(Node {
                parent: &ROOT,
                segment: Segment::Field(name),
            }),
        }
    }

    /// Whether this is the root path.
    pub const fn is_root(&self) -> bool {
        self.node.is_none()
    }

    /// The last segment, or `None` for the root.
    pub fn segment(&self) -> Option<Segment<'a>> {
        self.node.map(|n| n.segment)
    }

    /// The parent path, or `None` for the root.
    pub fn parent(&self) -> Option<&'a Path<'a>> {
        self.node.map(|n| n.parent)
    }

    /// A struct field below this path: `.name`.
    pub fn child<'b>(&'b self, name: &'b str) -> Path<'b> {
        self.push(Segment::Field(name))
    }

    /// A list element below this path: `[i]`.
    pub fn index(&self, i: usize) -> Path<'_> {
        self.push(Segment::Index(i))
    }

    /// A map entry below this path: `[key]` (the key is not quoted).
    pub fn key<'b>(&'b self, key: &'b str) -> Path<'b> {
        self.push(Segment::Key(key))
    }

    /// The path of a field embedded with `#[serde(flatten)]` (Go's embedded
    /// struct): the parent path itself, except at the root, where upstream
    /// names the embedded Go type (`T2.intField`).
    pub fn embedded<'b>(&'b self, type_name: &'b str) -> Path<'b> {
        if self.is_root() {
            self.child(type_name)
        } else {
            *self
        }
    }

    fn push<'b>(&'b self, segment: Segment<'b>) -> Path<'b> {
        Path {
            node: Some(Node {
                parent: self,
                segment,
            }),
        }
    }

    /// Renders the path into `out` (the root renders as `<nil>`).
    pub fn write_to(&self, out: &mut String) {
        // One renderer, `write_tail` (through `write_backwards`), into the
        // bytes appended to `out`.
        let start = out.len();
        let mut bytes = std::mem::take(out).into_bytes();
        bytes.resize(start + self.rendered_len(), 0);
        self.write_backwards(&mut bytes[start..]);
        *out = String::from_utf8(bytes).expect("a rendered path is UTF-8");
    }

    /// Writes the rendered path into `out`, whose length must be
    /// [`Path::rendered_len`] (panics otherwise).
    pub(crate) fn write_backwards(&self, out: &mut [u8]) {
        let written = self.write_tail(out);
        assert_eq!(
            written,
            Some(out.len()),
            "write_backwards: the length is not rendered_len"
        );
    }

    /// Writes the rendered path so that it ends where `out` ends, from the
    /// leaf back to the root, each segment straight into its place: one walk
    /// of the path, which also measures it. Returns the rendered length, or
    /// `None` when `out` is too short (its bytes are then unspecified).
    ///
    /// The one renderer of paths: [`Path::write_backwards`] (exact length)
    /// and an error's inline text (`Text::set_path`, one walk instead of
    /// [`Path::rendered_len`] first) both call it.
    #[inline]
    pub(crate) fn write_tail(&self, out: &mut [u8]) -> Option<usize> {
        if self.is_root() {
            let start = out.len().checked_sub(5)?;
            out[start..].copy_from_slice(b"<nil>");
            return Some(5);
        }
        let len = out.len();
        let mut end = len;
        let mut put = |bytes: &[u8]| -> Option<()> {
            let start = end.checked_sub(bytes.len())?;
            copy_short(&mut out[start..end], bytes);
            end = start;
            Some(())
        };
        let mut p = self;
        while let Some(node) = &p.node {
            match node.segment {
                Segment::Field(name) if !name.is_empty() => {
                    put(name.as_bytes())?;
                    if !node.parent.is_root() {
                        put(b".")?;
                    }
                }
                Segment::Field(_) => put(b"[]")?,
                // Nearly every index is below 100: written whole.
                Segment::Index(i) if i < 10 => put(&[b'[', b'0' + i as u8, b']'])?,
                Segment::Index(i) if i < 100 => {
                    put(&[b'[', b'0' + (i / 10) as u8, b'0' + (i % 10) as u8, b']'])?
                }
                Segment::Index(mut i) => {
                    put(b"]")?;
                    loop {
                        put(&[b'0' + (i % 10) as u8])?;
                        i /= 10;
                        if i == 0 {
                            break;
                        }
                    }
                    put(b"[")?;
                }
                Segment::Key(k) => {
                    put(b"]")?;
                    put(k.as_bytes())?;
                    put(b"[")?;
                }
            }
            p = node.parent;
        }
        Some(len - end)
    }

    /// The rendered path as an owned string.
    pub fn render(&self) -> String {
        // Sized up front: rendering is what every error pays for its path.
        let mut out = String::with_capacity(self.rendered_len());
        self.write_to(&mut out);
        out
    }

    /// The length of the rendered path in bytes (the root's `<nil>` is 5).
    pub fn rendered_len(&self) -> usize {
        if self.is_root() {
            return 5;
        }
        let mut len = 0;
        let mut p = self;
        while let Some(node) = &p.node {
            len += match node.segment {
                Segment::Field("") => 2,
                Segment::Field(name) => name.len() + usize::from(!node.parent.is_root()),
                Segment::Index(i) => decimal_len(i) + 2,
                Segment::Key(k) => k.len() + 2,
            };
            p = node.parent;
        }
        len
    }
}

/// `dst.copy_from_slice(src)` (same lengths) without a `memcpy` call for
/// up to 16 bytes, the length of nearly every segment: two fixed-size,
/// possibly overlapping copies, which compile to plain loads and stores.
#[inline(always)]
fn copy_short(dst: &mut [u8], src: &[u8]) {
    let n = src.len();
    match n {
        8..=16 => {
            dst[..8].copy_from_slice(&src[..8]);
            dst[n - 8..].copy_from_slice(&src[n - 8..]);
        }
        4..=7 => {
            dst[..4].copy_from_slice(&src[..4]);
            dst[n - 4..].copy_from_slice(&src[n - 4..]);
        }
        1..=3 => {
            dst[0] = src[0];
            dst[n / 2] = src[n / 2];
            dst[n - 1] = src[n - 1];
        }
        0 => {}
        _ => dst.copy_from_slice(src),
    }
}

fn decimal_len(mut i: usize) -> usize {
    let mut n = 1;
    while i >= 10 {
        i /= 10;
        n += 1;
    }
    n
}

impl Default for Path<'static> {
    fn default() -> Self {
        Path::root()
    }
}

impl fmt::Display for Path<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render())
    }
}

impl fmt::Debug for Path<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Path({:?})", self.render())
    }
}

/// Something that names the field an [`Error`](super::Error) is about: a
/// [`Path`] (rendered upstream's way) or an already rendered string.
///
/// An error writes its field path into its own text buffer, next to its bad
/// value and detail, so rendering a path costs no allocation of its own.
pub trait IntoFieldPath {
    /// The length of the rendered path, in bytes.
    fn rendered_len(&self) -> usize;

    /// Appends the rendered path to `out`.
    fn write_field_path(&self, out: &mut String);

    /// The path itself, when this is one: an error renders it straight into
    /// its own text. Implementations other than this crate's keep the default.
    #[doc(hidden)]
    fn as_path(&self) -> Option<&Path<'_>> {
        None
    }

    /// The rendered path, when it is already a string.
    #[doc(hidden)]
    fn as_rendered(&self) -> Option<&str> {
        None
    }
}

impl IntoFieldPath for &Path<'_> {
    fn rendered_len(&self) -> usize {
        Path::rendered_len(self)
    }
    fn as_path(&self) -> Option<&Path<'_>> {
        Some(self)
    }
    fn write_field_path(&self, out: &mut String) {
        self.write_to(out)
    }
}

impl IntoFieldPath for Path<'_> {
    fn rendered_len(&self) -> usize {
        Path::rendered_len(self)
    }
    fn as_path(&self) -> Option<&Path<'_>> {
        Some(self)
    }
    fn write_field_path(&self, out: &mut String) {
        self.write_to(out)
    }
}

impl IntoFieldPath for &str {
    fn rendered_len(&self) -> usize {
        self.len()
    }
    fn as_rendered(&self) -> Option<&str> {
        Some(self)
    }
    fn write_field_path(&self, out: &mut String) {
        out.push_str(self)
    }
}

impl IntoFieldPath for String {
    fn rendered_len(&self) -> usize {
        self.len()
    }
    fn as_rendered(&self) -> Option<&str> {
        Some(self)
    }
    fn write_field_path(&self, out: &mut String) {
        out.push_str(self)
    }
}

impl IntoFieldPath for &String {
    fn rendered_len(&self) -> usize {
        self.len()
    }
    fn as_rendered(&self) -> Option<&str> {
        Some(self)
    }
    fn write_field_path(&self, out: &mut String) {
        out.push_str(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_like_upstream() {
        let root = Path::root();
        assert_eq!(root.render(), "<nil>");
        let p = Path::new("root");
        let p = p.child("first");
        let p = p.child("second");
        let p = p.index(0);
        let p = p.child("third");
        let p = p.index(93);
        assert_eq!(p.render(), "root.first.second[0].third[93]");
        assert_eq!(p.rendered_len(), p.render().len());
    }

    #[test]
    fn rendered_len_is_exact() {
        let root = Path::root();
        let e = Path::new("");
        let m = Path::new("m");
        let k = m.key("a.b");
        let cases = [
            root,
            root.child("spec"),
            root.index(12),
            root.key(""),
            e,
            e.child("x"),
            k,
            k.child("y"),
            k.index(100),
        ];
        for p in cases {
            assert_eq!(p.rendered_len(), p.render().len(), "{p}");
            let mut back = vec![0; p.rendered_len()];
            p.write_backwards(&mut back);
            assert_eq!(String::from_utf8(back).unwrap(), p.render());
        }
    }

    #[test]
    fn write_tail_measures_and_refuses_short_buffers() {
        let root = Path::root();
        let m = Path::new("m");
        let k = m.key("a.b");
        let l = Path::new("list");
        let cases = [
            root,
            root.child("spec"),
            root.index(7),
            root.index(42),
            root.index(12345),
            Path::new(""),
            k,
            k.child("y"),
            l.index(9),
            l.index(10),
            l.index(99),
            l.index(100),
        ];
        for p in cases {
            let want = p.render();
            let n = want.len();
            // Any buffer at least as long: the path at its end, its length returned.
            for extra in [0, 1, 17] {
                let mut buf = vec![b'#'; n + extra];
                assert_eq!(p.write_tail(&mut buf), Some(n), "{want}");
                assert_eq!(&buf[extra..], want.as_bytes());
                assert!(buf[..extra].iter().all(|&b| b == b'#'));
            }
            // Any shorter buffer: refused.
            for short in 0..n {
                assert_eq!(p.write_tail(&mut vec![0; short]), None, "{want} in {short}");
            }
        }
    }

    #[test]
    fn deep_paths_render_whole() {
        fn render_at(depth: usize, p: &Path<'_>, want: &mut String) -> String {
            if depth == 0 {
                return p.render();
            }
            let q = if depth % 3 == 0 {
                p.index(depth)
            } else {
                p.child("f")
            };
            if depth % 3 == 0 {
                want.push_str(&format!("[{depth}]"));
            } else {
                want.push_str(".f");
            }
            render_at(depth - 1, &q, want)
        }
        for depth in [1usize, 23, 24, 25, 60] {
            let mut want = String::from("root");
            let got = render_at(depth, &Path::new("root"), &mut want);
            assert_eq!(got, want, "depth {depth}");
        }
    }

    #[test]
    fn root_children_have_no_leading_dot() {
        let root = Path::root();
        assert_eq!(root.child("spec").render(), "spec");
        assert_eq!(root.index(0).render(), "[0]");
        assert_eq!(root.key("k").render(), "[k]");
    }

    #[test]
    fn indices_render_in_decimal() {
        let p = Path::new("l");
        for i in [0usize, 7, 9, 10, 99, 100, 12345, usize::MAX] {
            let q = p.index(i);
            assert_eq!(q.render(), format!("l[{i}]"));
            assert_eq!(q.rendered_len(), format!("l[{i}]").len());
        }
    }

    #[test]
    fn segments_of_every_short_length_render_whole() {
        let long = "abcdefghijklmnopqrstuvwxyz0123456789";
        for n in 1..long.len() {
            let name = &long[..n];
            let p = Path::new("r");
            let k = p.key(name);
            assert_eq!(k.child(name).render(), format!("r[{name}].{name}"));
        }
    }

    #[test]
    fn keys_are_not_quoted() {
        let p = Path::new("m");
        assert_eq!(p.key("a.b").render(), "m[a.b]");
        assert_eq!(p.key("").render(), "m[]");
        assert_eq!(p.key("0").render(), p.index(0).render());
    }

    #[test]
    fn empty_name_is_a_subscript() {
        let p = Path::new("");
        assert_eq!(p.render(), "[]");
        assert_eq!(p.child("x").render(), "[].x");
    }

    #[test]
    fn embedded_adds_type_name_only_at_root() {
        let root = Path::root();
        assert_eq!(
            root.embedded("T2").child("intField").render(),
            "T2.intField"
        );
        let spec = root.child("spec");
        assert_eq!(
            spec.embedded("T2").child("intField").render(),
            "spec.intField"
        );
    }
}
