//! Writes manifests at the edges of kubectl's reader into a directory, one
//! file per case: go-yaml's alias heuristic on both sides of its limit (in
//! the fixed 99% range and where the allowed ratio slides, past 400,000
//! decodes), nesting at 10,000 and 10,001 levels (flow on the first line and
//! on a later one, block collections, indentless sequences, JSON), long
//! lines and keys around bufio's 4,096 bytes and the simple key's 1,024
//! characters, many documents, CRLF and lone CR, byte-order marks, NUL
//! bytes and ill-formed UTF-8 with and without a BOM.
//!
//! The files say nothing of what the answer is: tests/upstream-oracle/run-yaml
//! reads each with kubectl's own reader (tests/upstream-oracle/go/yaml) and
//! with this crate, and compares. `fuzz/seed` takes the small ones as seeds
//! of the `manifest` fuzz target.
//!
//! ```sh
//! cargo run -q -p k8s-validation-manifest --example borderline -- OUT_DIR
//! ```

use std::path::PathBuf;

/// The cases, by file name.
struct Cases(Vec<(String, Vec<u8>)>);

impl Cases {
    fn add(&mut self, name: &str, bytes: impl Into<Vec<u8>>) {
        assert!(
            self.0.iter().all(|(n, _)| n != name),
            "two cases are named {name}"
        );
        self.0.push((name.to_owned(), bytes.into()));
    }
}

fn repeat(s: &str, n: usize, sep: &str) -> String {
    vec![s; n].join(sep)
}

/// go-yaml v2's `allowedAliasRatio` (decode.go), written out again here so
/// that the boundary cases do not depend on the crate's own copy.
fn allowed_alias_ratio(decodes: u64) -> f64 {
    const LOW: u64 = 400_000;
    const HIGH: u64 = 4_000_000;
    match decodes {
        d if d <= LOW => 0.99,
        d if d >= HIGH => 0.10,
        d => 0.99 - 0.89 * ((d - LOW) as f64 / (HIGH - LOW) as f64),
    }
}

/// go-yaml's decode counters for `p: [0 ×P]`, `a: &a [x ×A]`, `b: [*a ×M]`:
/// the first M whose expansion trips the check.
fn first_failing_alias_count(p: u64, a: u64) -> u64 {
    let (mut decodes, mut aliased) = (0u64, 0u64);
    let mut step = |in_alias: bool| {
        decodes += 1;
        aliased += u64::from(in_alias);
        aliased > 100
            && decodes > 1000
            && aliased as f64 / decodes as f64 > allowed_alias_ratio(decodes)
    };
    // The document, the mapping, `p`, its sequence and items, `a`, its
    // sequence and items, `b`, its sequence.
    for _ in 0..(1 + 1 + 1 + 1 + p + 1 + 1 + a + 1 + 1) {
        assert!(!step(false));
    }
    for m in 1.. {
        // The alias node, then the anchored sequence and its items again.
        let mut failed = step(false);
        for _ in 0..=a {
            failed |= step(true);
        }
        if failed {
            return m;
        }
    }
    unreachable!()
}

fn alias_cases(c: &mut Cases) {
    // The notes' boundaries (verified against sigs.k8s.io/yaml): a sequence
    // of 200 scalars aliased 199 / 200 times.
    for m in [199, 200] {
        c.add(
            &format!("alias-seq-{m}.yaml"),
            format!(
                "a: &a [{}]\nb: [{}]\n",
                repeat("x", 200, ", "),
                repeat("*a", m, ", ")
            ),
        );
    }
    // A mapping of 100 keys merged 1,976 / 1,977 times (about 401,000
    // decodes: the allowed ratio has started to slide).
    let keys: Vec<String> = (0..100).map(|i| format!("k{i}: x")).collect();
    for m in [1976, 1977] {
        c.add(
            &format!("alias-merge-{m}.yaml"),
            format!(
                "a: &a {{{}}}\nb: [{}]\n",
                keys.join(", "),
                repeat("{<<: *a}", m, ", ")
            ),
        );
    }
    // Far into the sliding range: 100,000 plain scalars first, then a
    // sequence of 1,000 aliased until the ratio allowed at that count is
    // passed.
    let (p, a) = (100_000, 1_000);
    let fail = first_failing_alias_count(p, a);
    for (name, m) in [("pass", fail - 1), ("fail", fail)] {
        c.add(
            &format!("alias-slide-{name}.yaml"),
            format!(
                "# P={p} A={a} M={m}\np: [{}]\na: &a [{}]\nb: [{}]\n",
                repeat("0", p as usize, ","),
                repeat("x", a as usize, ","),
                repeat("*a", m as usize, ",")
            ),
        );
    }
    // The billion laughs: 10 levels of 9 references, and 3 levels.
    for levels in [3, 10] {
        let mut doc = String::from("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: lol}\ndata:\n  a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n");
        let names: Vec<char> = ('a'..='z').take(levels).collect();
        for w in names.windows(2) {
            let (prev, name) = (w[0], w[1]);
            doc.push_str(&format!(
                "  {name}: &{name} [{}]\n",
                repeat(&format!("*{prev}"), 9, ",")
            ));
        }
        c.add(&format!("alias-laughs-{levels}.yaml"), doc);
    }
    // Merges of merges, and an alias used as a key.
    c.add(
        "alias-merge-chain.yaml",
        "a: &a {x: 1, y: 2}\nb: &b {<<: *a, y: 3, z: 4}\nc: &c {<<: [*b, *a], w: 5}\nd: {<<: *c}\n*a : 1\n",
    );
}

fn depth_cases(c: &mut Cases) {
    let nest = |open: &str, close: &str, n: usize, inner: &str| {
        format!("{}{inner}{}", open.repeat(n), close.repeat(n))
    };
    for n in [10_000, 10_001] {
        // Flow, on the first line (go-yaml prints no line) and on a later one.
        c.add(
            &format!("flow-{n}-line1.yaml"),
            nest("[", "]", n, "") + "\n",
        );
        c.add(
            &format!("flow-{n}-line2.yaml"),
            format!("# on line 2\n{}\n", nest("[", "]", n, "")),
        );
        c.add(
            &format!("flow-map-{n}-line3.yaml"),
            format!(
                "kind: X\nmetadata: {{name: deep}}\nspec: {}\n",
                nest("{a: ", "}", n, "1")
            ),
        );
        // Block sequences, one per column on one line (`- - - x`).
        c.add(
            &format!("block-seq-{n}.yaml"),
            format!("{}x\n", "- ".repeat(n)),
        );
        // Block mappings: each key one column deeper than its parent (50 MB:
        // the indentation grows by one per level), and the same counter
        // reached by explicit keys on one line (`? ? ? k`) and by sequences
        // ending in a simple key (`- - k: v`).
        let mut doc = String::with_capacity(n * n / 2 + 3 * n);
        for i in 0..n {
            doc.push_str(&" ".repeat(i));
            doc.push_str("k:\n");
        }
        c.add(&format!("block-map-{n}.yaml"), doc);
        c.add(
            &format!("block-key-{n}.yaml"),
            format!("{}k\n", "? ".repeat(n)),
        );
        c.add(
            &format!("block-seq-map-{n}.yaml"),
            format!("{}k: v\n", "- ".repeat(n - 1)),
        );
        // JSON objects (a JSON stream: the first byte is `{`).
        c.add(
            &format!("json-{n}.json"),
            nest("{\"a\":", "}", n - 1, "{}") + "\n",
        );
    }
    // Within go-yaml's limits, too deep for encoding/json: the flow
    // sequences under a mapping (10,001 JSON levels), block and flow
    // together, indentless sequences (`k:` then `- k:` in the same column
    // push no indent).
    c.add(
        "flow-10000-in-map.yaml",
        format!("k: {}\n", nest("[", "]", 10_000, "")),
    );
    c.add(
        "flow-9999-in-map.yaml",
        format!("k: {}\n", nest("[", "]", 9_999, "")),
    );
    for (block, flow) in [
        (6_000, 6_000),
        (10_000, 10_000),
        (10_000, 10_001),
        (3_000, 7_000),
    ] {
        c.add(
            &format!("block-{block}-flow-{flow}.yaml"),
            format!("{}{}\n", "- ".repeat(block), nest("[", "]", flow, "")),
        );
    }
    for n in [6_000] {
        let mut doc = String::from("k:\n");
        for i in 0..n {
            doc.push_str(&" ".repeat(i * 2));
            doc.push_str("- k:\n");
        }
        c.add(&format!("indentless-{n}.yaml"), doc);
    }
    // JSON arrays inside an object (a JSON stream), and after a first
    // object that parsed.
    c.add(
        "json-array-10000.json",
        format!("{{\"a\":{}}}\n", nest("[", "]", 9_999, "")),
    );
    c.add(
        "json-second-10001.json",
        format!("{{\"a\": 1}}\n{}\n", nest("{\"a\":", "}", 10_000, "{}")),
    );
}

fn line_cases(c: &mut Cases) {
    // Around bufio.Reader's 4,096 bytes (kubectl's LineReader joins the
    // pieces of a longer line), with LF and with CRLF straddling the
    // buffer's end.
    for n in [4_094, 4_095, 4_096, 4_097, 8_192, 8_193] {
        let value = "x".repeat(n - 3);
        c.add(&format!("line-{n}.yaml"), format!("k: {value}\nj: 1\n"));
        c.add(
            &format!("line-{n}-crlf.yaml"),
            format!("k: {value}\r\nj: 1\r\n"),
        );
    }
    c.add(
        "line-1mib.yaml",
        format!("kind: ConfigMap\ndata:\n  big: {}\n", "y".repeat(1 << 20)),
    );
    c.add(
        "line-1mib-no-newline.yaml",
        format!("big: \"{}\"", "z".repeat(1 << 20)),
    );
    // A plain simple key may be 1,024 characters long (go-yaml's scanner).
    for n in [1_023, 1_024, 1_025] {
        c.add(&format!("key-{n}.yaml"), format!("{}: v\n", "k".repeat(n)));
        c.add(
            &format!("key-{n}-quoted.yaml"),
            format!("\"{}\": v\n", "k".repeat(n - 2)),
        );
        c.add(
            &format!("key-{n}-flow.yaml"),
            format!("{{{}: v}}\n", "k".repeat(n)),
        );
    }
    // ... counted in characters, not bytes: keys of two-byte characters.
    for n in [512, 513, 1_024, 1_025] {
        c.add(
            &format!("key-{n}-2byte.yaml"),
            format!("{}: v\n", "\u{e9}".repeat(n)),
        );
    }
    // kubectl looks for `{` in the first 4,096 bytes only.
    for n in [4_095, 4_096] {
        c.add(
            &format!("json-after-{n}-spaces.json"),
            format!("{}{{\"a\": 1}} {{\"b\": 2}}\n", " ".repeat(n)),
        );
        c.add(
            &format!("json-after-{n}-newlines.json"),
            format!("{}{{\"a\": 1}}\n", "\n".repeat(n)),
        );
    }
}

fn document_cases(c: &mut Cases) {
    let mut many = String::new();
    for i in 0..10_000 {
        many.push_str(&format!(
            "---\nkind: ConfigMap\nmetadata: {{name: cm-{i}}}\n"
        ));
    }
    c.add("docs-10000.yaml", many);
    c.add("docs-empty-1000.yaml", "---\n".repeat(1_000));
    c.add(
        "docs-mixed-empty.yaml",
        "---\n---\na: 1\n---\n# only a comment\n---\n...\n---\nnull\n---\n~\n---\nb: 2\n...\n--- # end\n",
    );
    let mut stream = String::new();
    for i in 0..10_000 {
        stream.push_str(&format!("{{\"kind\":\"ConfigMap\",\"n\":{i}}}\n"));
    }
    c.add("json-stream-10000.json", stream);
    c.add("json-then-yaml.json", "{\"a\": 1}\n---\nb: 2\n");
    c.add(
        "json-two-then-bad.json",
        "{\"a\": 1} {\"b\": 2} {\"c\" 3}\n",
    );
    c.add("json-one-then-bad.json", "{\"a\": 1} {\"c\" 3}\n");
}

fn crlf_cases(c: &mut Cases) {
    c.add(
        "crlf-all.yaml",
        "kind: ConfigMap\r\ndata:\r\n  a: |\r\n    one\r\n    two\r\n  b: \"x\r\n    y\"\r\n  c: >\r\n    folded\r\n    text\r\n---\r\nd: 1\r\n",
    );
    c.add("crlf-keep.yaml", "a: |+\r\n  kept\r\n\r\n\r\nb: 1\r\n");
    c.add(
        "crlf-separators.yaml",
        "a: 1\r\n---  \r\nb: 2\r\n--- # c\r\nc: 3\r\n---\r\n",
    );
    c.add("crlf-bad-separator.yaml", "a: 1\r\n--- x\r\nb: 2\r\n");
    c.add("cr-lone.yaml", "a: x\ry\nb: 1\n");
    c.add("cr-at-eof.yaml", "a: 1\r");
    c.add("cr-only-lines.yaml", "a: 1\rb: 2\rc: 3\r");
    c.add("cr-before-crlf.yaml", "a: 1\r\r\nb: 2\n");
    c.add("crlf-json.json", "{\"a\": 1}\r\n{\"b\": \"x\"}\r\n");
    c.add("crlf-no-final.yaml", "a: |\r\n  last\r\n  line");
}

fn bom_cases(c: &mut Cases) {
    const UTF8: &[u8] = b"\xEF\xBB\xBF";
    let doc = "kind: ConfigMap\ndata:\n  a: \"\u{e9}\u{1F600}\"\n---\nb: 2\n";
    let cat = |parts: &[&[u8]]| parts.concat();
    let utf16 = |s: &str, le: bool| -> Vec<u8> {
        s.encode_utf16()
            .flat_map(|u| if le { u.to_le_bytes() } else { u.to_be_bytes() })
            .collect()
    };
    c.add("bom-utf8.yaml", cat(&[UTF8, doc.as_bytes()]));
    c.add(
        "bom-utf8-json.json",
        cat(&[UTF8, b"{\"a\": 1} {\"b\": 2}\n"]),
    );
    c.add("bom-utf8-twice.yaml", cat(&[UTF8, UTF8, b"a: 1\n"]));
    c.add(
        "bom-utf8-second-doc.yaml",
        cat(&[b"a: 1\n---\n", UTF8, b"b: 2\n"]),
    );
    c.add("bom-utf8-in-value.yaml", cat(&[b"a: x", UTF8, b"y\n"]));
    c.add("bom-utf8-only.yaml", UTF8);
    c.add(
        "bom-utf8-spaces-json.json",
        cat(&[UTF8, b"  \n {\"a\": 1}\n"]),
    );
    for (name, le) in [("le", true), ("be", false)] {
        let bom: &[u8] = if le { b"\xFF\xFE" } else { b"\xFE\xFF" };
        c.add(
            &format!("bom-utf16{name}.yaml"),
            cat(&[bom, &utf16(doc, le)]),
        );
        c.add(
            &format!("bom-utf16{name}-json.json"),
            cat(&[bom, &utf16("{\"a\": \"\u{e9}\"}\n", le)]),
        );
        // An odd byte at the end, and a lone surrogate.
        c.add(
            &format!("bom-utf16{name}-odd.yaml"),
            cat(&[bom, &utf16("a: 1\n", le), b"x"]),
        );
        let mut lone = cat(&[bom, &utf16("a: x", le)]);
        lone.extend_from_slice(if le { b"\x00\xD8" } else { b"\xD8\x00" });
        lone.extend_from_slice(&utf16("y\n", le));
        c.add(&format!("bom-utf16{name}-lone-surrogate.yaml"), lone);
        c.add(&format!("bom-utf16{name}-only.yaml"), bom);
    }
    c.add("nobom-utf16le.yaml", utf16("a: 1\n", true));
    c.add(
        "bom-utf32le.yaml",
        cat(&[b"\xFF\xFE\x00\x00", b"a\x00\x00\x00"]),
    );
    c.add(
        "bom-utf8-then-utf16.yaml",
        cat(&[UTF8, b"\xFF\xFE", &utf16("a: 1\n", true)]),
    );
}

fn nul_cases(c: &mut Cases) {
    let cases: &[(&str, &[u8])] = &[
        ("nul-start.yaml", b"\0a: 1\n"),
        ("nul-end.yaml", b"a: 1\n\0"),
        ("nul-plain.yaml", b"a: x\0y\n"),
        ("nul-single-quoted.yaml", b"a: 'x\0y'\n"),
        ("nul-double-quoted.yaml", b"a: \"x\0y\"\n"),
        ("nul-escape.yaml", b"a: \"x\\0y\"\n"),
        ("nul-comment.yaml", b"a: 1 # \0\n"),
        ("nul-comment-only.yaml", b"# \0\n"),
        ("nul-block.yaml", b"a: |\n  x\0y\n"),
        ("nul-second-doc.yaml", b"a: 1\n---\nb: \0\n"),
        ("nul-separator-comment.yaml", b"a: 1\n--- # \0\nb: 2\n"),
        ("nul-json.json", b"{\"a\": \"x\0y\"}\n"),
        ("nul-json-escaped.json", b"{\"a\": \"x\\u0000y\"}\n"),
        ("nul-json-between.json", b"{\"a\": 1}\0{\"b\": 2}\n"),
        ("nul-before-json.json", b"\0{\"a\": 1}\n"),
        ("nul-only.yaml", b"\0"),
    ];
    for (name, bytes) in cases {
        c.add(name, *bytes);
    }
}

fn utf8_cases(c: &mut Cases) {
    // Each of go-yaml's reader problems, without a BOM (kubectl replaces the
    // bytes with U+FFFD first) and after a UTF-8 BOM (go-yaml sees them).
    let bad: &[(&str, &[u8])] = &[
        ("lead", b"\xFF"),
        ("continuation", b"\x80"),
        ("incomplete", b"\xE2\x82"),
        ("trailing", b"\xE2\x28\xA1"),
        ("overlong", b"\xC0\x80"),
        ("overlong3", b"\xE0\x80\xAF"),
        ("surrogate", b"\xED\xA0\x80"),
        ("above-max", b"\xF4\x90\x80\x80"),
        ("f8", b"\xF8\x88\x80\x80\x80"),
    ];
    for (name, bytes) in bad {
        for (bom, prefix) in [("nobom", &b""[..]), ("bom", &b"\xEF\xBB\xBF"[..])] {
            let mut value = prefix.to_vec();
            value.extend_from_slice(b"a: x");
            value.extend_from_slice(bytes);
            value.extend_from_slice(b"y\n");
            c.add(&format!("utf8-{name}-{bom}.yaml"), value);
        }
        // At the very end of the file (incomplete there).
        let mut end = b"a: x".to_vec();
        end.extend_from_slice(bytes);
        c.add(&format!("utf8-{name}-at-eof.yaml"), end);
    }
    let cases: &[(&str, &[u8])] = &[
        ("utf8-in-key.yaml", b"k\xFFey: 1\n"),
        ("utf8-in-comment-bom.yaml", b"\xEF\xBB\xBFa: 1 # \xFF\n"),
        (
            "utf8-second-doc-bom.yaml",
            b"\xEF\xBB\xBFa: 1\n---\nb: \xFF\n",
        ),
        ("utf8-json.json", b"{\"a\": \"x\xFFy\"}\n"),
        ("utf8-json-bom.json", b"\xEF\xBB\xBF{\"a\": \"x\xFFy\"}\n"),
        ("utf8-json-key.json", b"{\"k\xC0\x80\": 1}\n"),
        ("utf8-before-json.json", b"\xFF{\"a\": 1}\n"),
        ("utf8-json-bad-then-yaml.json", b"{\"a\" \xFF}\nb: 1\n"),
        ("utf8-separator-comment.yaml", b"a: 1\n--- # \xFF\nb: 2\n"),
        ("utf8-bad-separator.yaml", b"a: 1\n--- \xFF\nb: 2\n"),
    ];
    for (name, bytes) in cases {
        c.add(name, *bytes);
    }
}

fn main() {
    let mut args = std::env::args_os().skip(1);
    let (Some(dir), None) = (args.next(), args.next()) else {
        eprintln!("usage: borderline OUT_DIR");
        std::process::exit(2);
    };
    let dir = PathBuf::from(dir);
    let mut c = Cases(Vec::new());
    alias_cases(&mut c);
    depth_cases(&mut c);
    line_cases(&mut c);
    document_cases(&mut c);
    crlf_cases(&mut c);
    bom_cases(&mut c);
    nul_cases(&mut c);
    utf8_cases(&mut c);
    std::fs::create_dir_all(&dir).expect("the output directory");
    let mut bytes = 0;
    for (name, content) in &c.0 {
        std::fs::write(dir.join(name), content).expect("a case file");
        bytes += content.len();
    }
    eprintln!(
        "borderline: {} cases, {:.1} MB, in {}",
        c.0.len(),
        bytes as f64 / 1e6,
        dir.display()
    );
}
