//! Comparing the two verdicts: error lists as multisets, once on
//! (type, field, origin) and once on the rendered `Error()` text.

use std::fmt::Write;

use crate::case::{ErrRec, Verdict};

/// Elements of `a` not matched in `b` (multiset difference).
fn minus<T: Ord + Clone>(a: &[T], b: &[T]) -> Vec<T> {
    let mut b: Vec<T> = b.to_vec();
    b.sort();
    let mut out = Vec::new();
    for x in a {
        match b.binary_search(x) {
            Ok(i) => {
                b.remove(i);
            }
            Err(_) => out.push(x.clone()),
        }
    }
    out
}

/// (type, field, origin); a stability level is compared with the origin
/// (`minimum [alpha]`).
fn triples(errs: &[ErrRec]) -> Vec<(String, String, String)> {
    errs.iter()
        .map(|e| {
            let origin = if e.level.is_empty() {
                e.origin.clone()
            } else {
                format!("{} [{}]", e.origin, e.level)
            };
            (e.kind.clone(), e.field.clone(), origin)
        })
        .collect()
}

fn texts(errs: &[ErrRec]) -> Vec<String> {
    errs.iter().map(|e| e.text.clone()).collect()
}

/// A difference between the verdicts, described; `None` when they agree.
pub fn difference(rust: &Verdict, go: &Verdict) -> Option<String> {
    match (rust, go) {
        (Verdict::Errors(r), Verdict::Errors(g)) => {
            let (rt, gt) = (triples(r), triples(g));
            let (rx, gx) = (texts(r), texts(g));
            let only_rust = minus(&rt, &gt);
            let only_go = minus(&gt, &rt);
            let text_rust = minus(&rx, &gx);
            let text_go = minus(&gx, &rx);
            if only_rust.is_empty()
                && only_go.is_empty()
                && text_rust.is_empty()
                && text_go.is_empty()
            {
                return None;
            }
            let mut s = String::new();
            for (t, f, o) in &only_go {
                let _ = writeln!(
                    s,
                    "    missing in Rust (type, field, origin): ({t}, {f}, {o:?})"
                );
            }
            for (t, f, o) in &only_rust {
                let _ = writeln!(
                    s,
                    "    extra in Rust   (type, field, origin): ({t}, {f}, {o:?})"
                );
            }
            for x in &text_go {
                let _ = writeln!(s, "    Go text:   {x}");
            }
            for x in &text_rust {
                let _ = writeln!(s, "    Rust text: {x}");
            }
            Some(s)
        }
        (r, g) if r == g => None,
        (r, g) => Some(format!("    Rust: {}\n    Go:   {}\n", short(r), short(g))),
    }
}

/// A one-line summary of a verdict.
pub fn short(v: &Verdict) -> String {
    match v {
        Verdict::Errors(e) if e.is_empty() => "no errors".into(),
        Verdict::Errors(e) => format!("{} error(s)", e.len()),
        Verdict::Panic(p) => format!("panic: {p}"),
        Verdict::Failed(f) => format!("failed: {f}"),
    }
}

/// A signature of the difference, to group repeated ones: the unmatched
/// (type, field-with-indices-and-keys-erased, origin) triples.
pub fn signature(rust: &Verdict, go: &Verdict) -> String {
    fn erase(f: &str) -> String {
        let mut out = String::new();
        let mut depth = 0;
        for c in f.chars() {
            match c {
                '[' => {
                    depth += 1;
                    if depth == 1 {
                        out.push_str("[*]");
                    }
                }
                ']' => depth -= 1,
                _ if depth > 0 => {}
                c => out.push(c),
            }
        }
        out
    }
    match (rust, go) {
        (Verdict::Errors(r), Verdict::Errors(g)) => {
            let (rt, gt) = (triples(r), triples(g));
            let mut parts: Vec<String> = minus(&gt, &rt)
                .into_iter()
                .map(|(t, f, o)| format!("-{t}@{}:{o}", erase(&f)))
                .chain(
                    minus(&rt, &gt)
                        .into_iter()
                        .map(|(t, f, o)| format!("+{t}@{}:{o}", erase(&f))),
                )
                .collect();
            if parts.is_empty() {
                // same triples, different texts
                let (rx, gx) = (texts(r), texts(g));
                let d: Vec<String> = minus(&rx, &gx);
                let fields: Vec<String> = r
                    .iter()
                    .filter(|e| d.contains(&e.text))
                    .map(|e| format!("~{}@{}:{}", e.kind, erase(&e.field), e.origin))
                    .collect();
                parts = fields;
            }
            parts.sort();
            parts.dedup();
            parts.join(" ")
        }
        (r, g) => format!("{} vs {}", kind(r), kind(g)),
    }
}

fn kind(v: &Verdict) -> &'static str {
    match v {
        Verdict::Errors(_) => "errors",
        Verdict::Panic(_) => "panic",
        Verdict::Failed(_) => "failed",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn e(kind: &str, field: &str, origin: &str, text: &str) -> ErrRec {
        ErrRec {
            kind: kind.into(),
            field: field.into(),
            origin: origin.into(),
            detail: String::new(),
            text: text.into(),
            level: String::new(),
        }
    }

    #[test]
    fn multisets_ignore_order_but_not_counts() {
        let a = e(
            "FieldValueInvalid",
            "x",
            "minimum",
            "x: Invalid value: 0: m",
        );
        let b = e("FieldValueRequired", "y", "", "y: Required value");
        let r = Verdict::Errors(vec![a.clone(), b.clone()]);
        let g = Verdict::Errors(vec![b.clone(), a.clone()]);
        assert_eq!(difference(&r, &g), None);
        let g2 = Verdict::Errors(vec![b.clone(), a.clone(), a.clone()]);
        let d = difference(&r, &g2).unwrap();
        assert!(
            d.contains(
                "missing in Rust (type, field, origin): (FieldValueInvalid, x, \"minimum\")"
            ),
            "{d}"
        );
        let mut a2 = a.clone();
        a2.text = "x: Invalid value: 0: other".into();
        let d = difference(&r, &Verdict::Errors(vec![a2, b])).unwrap();
        assert!(d.contains("Go text:   x: Invalid value: 0: other"), "{d}");
        assert_eq!(signature(&r, &g2), "-FieldValueInvalid@x:minimum");
    }

    #[test]
    fn panics_differ_from_errors() {
        let r = Verdict::Errors(vec![]);
        let g = Verdict::Panic("nil".into());
        assert!(difference(&r, &g).is_some());
        assert_eq!(signature(&r, &g), "errors vs panic");
        assert_eq!(
            signature(&Verdict::Errors(vec![e("T", "a[3].b[\"k\"]", "o", "")]), &r),
            "+T@a[*].b[*]:o"
        );
    }
}
