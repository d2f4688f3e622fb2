//! [`Text`]: an error's texts (field path, bad value, detail) in one buffer
//! that lives inside the [`Error`](super::Error) while short and moves to the
//! heap only when long.

/// How many bytes an error keeps inline: as many as keep an
/// [`Error`](super::Error) at 128 bytes, the largest value a move copies
/// inline rather than through a `memcpy` call (errors are moved into their
/// list and by `with_origin`). A path like `spec.template.spec.containers[3].image`
/// with a short value and a static detail fits; longer texts go to the heap,
/// one allocation as before. 94 bytes (a 168-byte `Error`) fit more of the
/// yardstick's errors but were no faster (docs/performance.md, 2026-11-27).
pub(crate) const INLINE: usize = 62;

use super::path::Path;

/// Something text is written into: a `String`, or an error's [`Text`].
pub(crate) trait Sink {
    fn push_str(&mut self, s: &str);

    #[inline]
    fn push(&mut self, c: char) {
        self.push_str(c.encode_utf8(&mut [0; 4]));
    }
}

impl Sink for String {
    #[inline]
    fn push_str(&mut self, s: &str) {
        String::push_str(self, s)
    }
    #[inline]
    fn push(&mut self, c: char) {
        String::push(self, c)
    }
}

/// Text kept inline up to [`INLINE`] bytes, on the heap beyond.
///
/// Invariant: `buf[..len]` of an inline text is valid UTF-8, because only
/// whole `&str`s (and whole encoded `char`s) are ever appended, and text is
/// only cut at character boundaries.
#[derive(Clone)]
pub(crate) enum Text {
    Inline { len: u8, buf: [u8; INLINE] },
    Heap(String),
}

impl Text {
    /// An empty text with room for `n` bytes: inline when they fit.
    #[inline]
    pub(crate) fn with_capacity(n: usize) -> Text {
        if n <= INLINE {
            Text::Inline {
                len: 0,
                buf: [0; INLINE],
            }
        } else {
            Text::Heap(String::with_capacity(n))
        }
    }

    #[inline]
    pub(crate) fn len(&self) -> usize {
        match self {
            Text::Inline { len, .. } => usize::from(*len),
            Text::Heap(s) => s.len(),
        }
    }

    #[inline]
    pub(crate) fn as_str(&self) -> &str {
        match self {
            // SAFETY: `buf[..len]` is valid UTF-8 (the invariant on `Text`:
            // `push_str` appends whole `&str`s and `truncate` cuts at a
            // character boundary).
            Text::Inline { len, buf } => unsafe {
                std::str::from_utf8_unchecked(&buf[..usize::from(*len)])
            },
            Text::Heap(s) => s,
        }
    }

    /// Shortens the text to `n` bytes; `n` must be a character boundary.
    pub(crate) fn truncate(&mut self, n: usize) {
        assert!(self.as_str().is_char_boundary(n));
        match self {
            Text::Inline { len, .. } => *len = (*len).min(n as u8),
            Text::Heap(s) => s.truncate(n),
        }
    }

    /// An empty inline text.
    #[inline]
    pub(crate) fn new() -> Text {
        Text::Inline {
            len: 0,
            buf: [0; INLINE],
        }
    }

    /// Writes `path` into this empty inline text, rendered in one walk (the
    /// path is measured by writing it); false, with the text still empty,
    /// when the path is longer than [`INLINE`] bytes (or the text is not
    /// empty and inline).
    #[inline]
    pub(crate) fn set_path(&mut self, path: &Path<'_>) -> bool {
        let Text::Inline { len, buf } = self else {
            return false;
        };
        if *len != 0 {
            return false;
        }
        // Written leaf-first so that it ends at the end of `buf`, then moved
        // to the front.
        let Some(n) = path.write_tail(buf) else {
            return false;
        };
        move_to_front(buf, n);
        // `n <= INLINE <= u8::MAX`; the path's segments are whole `&str`s
        // and ASCII, side by side, so `buf[..n]` is UTF-8.
        *len = n as u8;
        true
    }

    /// Makes room for `additional` more bytes: a text that would outgrow
    /// [`INLINE`] moves to the heap now, with exactly the room asked for, so
    /// the appends that follow allocate once.
    #[inline]
    pub(crate) fn reserve(&mut self, additional: usize) {
        match self {
            Text::Inline { len, .. } if usize::from(*len) + additional > INLINE => {
                self.spill_exact(additional)
            }
            Text::Inline { .. } => {}
            Text::Heap(h) => h.reserve(additional),
        }
    }

    #[cold]
    #[inline(never)]
    fn spill_exact(&mut self, additional: usize) {
        let mut s = String::with_capacity(self.len() + additional);
        s.push_str(self.as_str());
        *self = Text::Heap(s);
    }

    /// Appends `path`, whose rendered length is `len`.
    #[inline]
    pub(crate) fn push_path(&mut self, path: &Path<'_>, len: usize) {
        match self {
            Text::Inline { len: used, buf } if usize::from(*used) + len <= INLINE => {
                let start = usize::from(*used);
                // The path's segments are whole `&str`s and ASCII, written
                // side by side over exactly `len` bytes (or it panics).
                path.write_backwards(&mut buf[start..start + len]);
                *used += len as u8;
            }
            Text::Heap(h) => {
                let mut bytes = std::mem::take(h).into_bytes();
                let start = bytes.len();
                bytes.resize(start + len, 0);
                path.write_backwards(&mut bytes[start..]);
                *h = String::from_utf8(bytes)
                    .unwrap_or_else(|e| unreachable!("a rendered path is UTF-8: {e}"));
            }
            Text::Inline { .. } => {
                // Does not fit any more: from here on, on the heap.
                self.spill("");
                self.push_path(path, len);
            }
        }
    }

    /// Moves the text to the heap with `extra` more bytes appended.
    #[cold]
    #[inline(never)]
    fn spill(&mut self, extra: &str) {
        let mut s = String::with_capacity((self.len() + extra.len()).max(2 * INLINE));
        s.push_str(self.as_str());
        s.push_str(extra);
        *self = Text::Heap(s);
    }
}

impl Sink for Text {
    #[inline]
    fn push_str(&mut self, s: &str) {
        match self {
            Text::Inline { len, buf } => {
                let start = usize::from(*len);
                let end = start + s.len();
                if end <= INLINE {
                    buf[start..end].copy_from_slice(s.as_bytes());
                    // `end <= INLINE <= u8::MAX`.
                    *len = end as u8;
                } else {
                    self.spill(s);
                }
            }
            Text::Heap(h) => h.push_str(s),
        }
    }

    #[inline]
    fn push(&mut self, c: char) {
        match self {
            Text::Inline { len, buf } if c.is_ascii() && usize::from(*len) < INLINE => {
                // An ASCII character is one byte of UTF-8.
                buf[usize::from(*len)] = c as u8;
                *len += 1;
            }
            _ => self.push_str(c.encode_utf8(&mut [0; 4])),
        }
    }
}

/// Moves the last `len` bytes of `buf` to its front: two fixed-size copies
/// (both read before either is written, so the overlap is harmless) instead
/// of a `memmove` call.
#[inline(always)]
fn move_to_front(buf: &mut [u8; INLINE], len: usize) {
    let start = INLINE - len;
    macro_rules! two_copies {
        ($n:literal) => {{
            let head: [u8; $n] = buf[start..start + $n].try_into().unwrap();
            let tail: [u8; $n] = buf[INLINE - $n..].try_into().unwrap();
            buf[..$n].copy_from_slice(&head);
            buf[len - $n..len].copy_from_slice(&tail);
        }};
    }
    match len {
        32..=INLINE => two_copies!(32),
        16..=31 => two_copies!(16),
        8..=15 => two_copies!(8),
        4..=7 => two_copies!(4),
        1..=3 => {
            let (a, b, c) = (buf[start], buf[start + len / 2], buf[INLINE - 1]);
            buf[0] = a;
            buf[len / 2] = b;
            buf[len - 1] = c;
        }
        _ => {}
    }
}

const _: () = assert!(INLINE <= u8::MAX as usize);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inline_until_full_then_heap() {
        let mut t = Text::with_capacity(3);
        assert!(matches!(t, Text::Inline { .. }));
        let part = "é".repeat(INLINE / 4);
        t.push_str(&part);
        t.push('x');
        assert!(matches!(t, Text::Inline { .. }));
        assert_eq!(t.as_str(), format!("{part}x"));
        let long = "y".repeat(INLINE);
        t.push_str(&long);
        assert!(matches!(t, Text::Heap(_)));
        assert_eq!(t.as_str(), format!("{part}x{long}"));
        assert_eq!(t.len(), part.len() + 1 + INLINE);
        t.truncate(part.len());
        assert_eq!(t.as_str(), part);
        // Exactly full stays inline.
        let mut t = Text::with_capacity(INLINE);
        t.push_str(&"z".repeat(INLINE));
        assert!(matches!(t, Text::Inline { .. }));
        assert_eq!(t.len(), INLINE);
        t.truncate(2);
        assert_eq!(t.clone().as_str(), "zz");
        // Asked for more than fits: on the heap from the start.
        assert!(matches!(Text::with_capacity(INLINE + 1), Text::Heap(_)));
    }

    #[test]
    fn paths_of_every_length_inline_or_refused() {
        let long = "abcdefghijklmnopqrstuvwxyz".repeat(3);
        for n in 1..=long.len() {
            let root = Path::new(&long[..n]);
            for (path, want) in [
                (root, long[..n].to_string()),
                (root.index(3), format!("{}[3]", &long[..n])),
                (root.child("x"), format!("{}.x", &long[..n])),
            ] {
                let mut t = Text::new();
                if t.set_path(&path) {
                    assert!(want.len() <= INLINE);
                    assert!(matches!(t, Text::Inline { .. }));
                    assert_eq!(t.as_str(), want);
                } else {
                    assert!(want.len() > INLINE, "{want}");
                    assert_eq!(t.as_str(), "");
                }
            }
        }
        let mut t = Text::new();
        assert!(t.set_path(&Path::root()));
        assert_eq!(t.as_str(), "<nil>");
        // Only into an empty text.
        assert!(!t.set_path(&Path::root()));
        assert_eq!(t.as_str(), "<nil>");
    }

    #[test]
    fn reserve_moves_to_the_heap_with_the_room_asked_for() {
        let mut t = Text::with_capacity(0);
        t.push_str("abc");
        t.reserve(INLINE - 3);
        assert!(matches!(t, Text::Inline { .. }));
        t.reserve(INLINE - 2);
        match &t {
            Text::Heap(h) => assert!(h.capacity() > INLINE && h.as_str() == "abc"),
            Text::Inline { .. } => panic!("still inline"),
        }
        t.push_str(&"d".repeat(INLINE - 2));
        assert_eq!(t.len(), INLINE + 1);
    }
}
