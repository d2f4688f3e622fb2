//! Property tests (issue 9, item 5): the tag parser and the CLI's file walk
//! never panic and never hang, on random tags, random chain depths, random
//! directory trees with symlinks, and non-UTF-8 files.

use std::path::{Path, PathBuf};

use crate::front::tags::{self, catalog, scopes as check, Line, Scope, MAX_CHAIN_DEPTH};
use proptest::prelude::*;

/// A scalar as written: strings (both quotes, escapes, non-ASCII),
/// identifiers, Go integer literals, bools.
fn scalar() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-zA-Z_][a-zA-Z0-9_.-]{0,8}",
        "[-+]?(0|[1-9][0-9]{0,19}|0x[0-9a-fA-F]{1,4}|0o[0-7]{1,3}|0b[01]{1,4}|0[0-7]{1,3})",
        "[^\"\\\\]{0,8}".prop_map(|s| format!("{s:?}")),
        "[^`]{0,8}".prop_map(|s| format!("`{s}`")),
        Just("true".to_string()),
        Just("false".to_string()),
        Just(r#""a\"b\\c""#.to_string()),
    ]
}

/// A well-formed tag (a chain of up to 5), often a known one.
fn well_formed() -> impl Strategy<Value = String> {
    let name = prop_oneof![
        prop::sample::select(
            catalog::all()
                .iter()
                .map(|d| d.name.to_string())
                .collect::<Vec<_>>()
        ),
        "k8s:[a-zA-Z][a-zA-Z0-9_.:-]{0,10}",
    ];
    let args = prop_oneof![
        Just(String::new()),
        Just("()".to_string()),
        scalar().prop_map(|v| format!("({v})")),
        prop::collection::vec(("[a-z][a-zA-Z0-9]{0,5}", scalar()), 1..4).prop_map(|v| {
            let inner: Vec<String> = v.into_iter().map(|(n, v)| format!("{n}: {v}")).collect();
            format!("({})", inner.join(", "))
        }),
    ];
    let one = (name, args);
    let value = prop_oneof![Just(String::new()), scalar().prop_map(|v| format!("={v}"))];
    let comment = prop_oneof![Just(String::new()), Just(" # note".to_string())];
    (prop::collection::vec(one, 1..6), value, comment).prop_map(|(chain, value, comment)| {
        let parts: Vec<String> = chain.into_iter().map(|(n, a)| format!("{n}{a}")).collect();
        format!("{}{value}{comment}", parts.join("=+"))
    })
}

/// Well-formed tags, some with a random edit, and random text made of tag
/// pieces.
fn tag_text() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just("k8s:".to_string()),
        Just("=+".to_string()),
        Just("=".to_string()),
        Just("(".to_string()),
        Just(")".to_string()),
        Just(", ".to_string()),
        Just(": ".to_string()),
        Just("\"".to_string()),
        Just("`".to_string()),
        Just("\\".to_string()),
        Just(" # ".to_string()),
        "[a-zA-Z_][a-zA-Z0-9_.-]{0,8}",
        "[0-9+-]{1,4}",
        any::<char>().prop_map(String::from),
        "[ /\t]{1,2}",
    ];
    let edited = (well_formed(), any::<prop::sample::Index>(), "(.|)").prop_map(|(t, at, c)| {
        let chars: Vec<char> = t.chars().collect();
        let i = at.index(chars.len() + 1);
        let mut out: String = chars[..i].iter().collect();
        out.push_str(&c);
        out.extend(chars.get(i + 1..).unwrap_or_default());
        out
    });
    prop_oneof![
        3 => well_formed(),
        2 => edited,
        1 => prop::collection::vec(piece, 0..24).prop_map(|v| v.concat()),
    ]
}

/// The field types a random tag is tried on.
const FIELD_TYPES: [&str; 6] = [
    "i32",
    "Option<String>",
    "Vec<String>",
    "Vec<Vec<i64>>",
    "std::collections::BTreeMap<String, Vec<i32>>",
    "Option<Box<u8>>",
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, failure_persistence: None, ..ProptestConfig::default() })]

    /// Parsing, extracting and type checking any text never panics; what
    /// parses renders to a canonical form that parses to itself.
    #[test]
    fn tag_parser_never_panics(text in tag_text()) {
        let line = format!(" +{text}");
        let _ = tags::extract(&[Line { text: &line, index: 0 }]);
        if let Ok(tag) = tags::parse_tag(&text) {
            prop_assert!(tag.chain().count() <= MAX_CHAIN_DEPTH);
            for scope in Scope::ALL {
                let _ = check::type_check(&tag, scope);
            }
            // Upstream's canonical form (Go's %q) escapes non-printable
            // characters in ways its own grammar cannot read back (`\u2000`);
            // the round trip holds for the rest. Printable is Go's notion
            // (its Unicode tables, which lag Rust's: U+323B0 is a letter to
            // Rust 1.95 and unassigned to Go), as the quoting itself uses.
            let printable = |s: &str| s.chars().all(|c| c == ' ' || k8s_validation_spec::quote::is_go_print(c));
            let strings_printable = tag.chain().all(|t| {
                t.args.iter().all(|a| a.value.as_str().is_none_or(printable))
                    && t.scalar().and_then(|v| v.as_str()).is_none_or(printable)
            });
            if !strings_printable {
                return Ok(());
            }
            let canonical = tag.to_string();
            let again = tags::parse_tag(&canonical);
            prop_assert!(again.is_ok(), "{canonical:?}: {again:?}");
            prop_assert_eq!(again.unwrap().to_string(), canonical);
        }
    }

    /// Any tag line on any field type goes through the whole generator
    /// (the derive's path) without a panic.
    #[test]
    fn generator_never_panics_on_random_tags(text in tag_text(), ty in prop::sample::select(FIELD_TYPES.to_vec())) {
        let doc = format!(" +{text}");
        let src = format!("pub struct T {{\n    #[doc = {doc:?}]\n    pub f: {ty},\n}}");
        if let Ok(input) = syn::parse_str::<syn::DeriveInput>(&src) {
            let _ = crate::generate_type(&input, &crate::Options::new());
        }
    }

    /// Chains of any depth: within the limit they parse, past it they are
    /// an error at the first tag too many; nothing recurses per level.
    #[test]
    fn chain_depth(
        links in prop::collection::vec(
            prop::sample::select(vec!["k8s:eachVal", "k8s:ifEnabled(\"A\")", "k8s:ifDisabled(B)", "k8s:eachKey", "k8s:subfield(\"x\")", "k8s:item(k: 1)"]),
            0..(3 * MAX_CHAIN_DEPTH),
        ),
        last in prop::sample::select(vec!["k8s:required", "k8s:minimum=1", "k8s:format=k8s-short-name"]),
    ) {
        let text = format!("{}{last}", links.iter().map(|l| format!("{l}=+")).collect::<String>());
        let got = tags::parse_tag(&text);
        if links.len() < MAX_CHAIN_DEPTH {
            let tag = got.unwrap();
            prop_assert_eq!(tag.chain().count(), links.len() + 1);
            for scope in Scope::ALL {
                let _ = check::type_check(&tag, scope);
            }
        } else {
            let err = got.unwrap_err();
            prop_assert_eq!(err.message, format!("too many chained tags: a chain may hold at most {MAX_CHAIN_DEPTH} tags"));
            let before: usize = links[..MAX_CHAIN_DEPTH].iter().map(|l| l.len() + 2).sum();
            prop_assert_eq!(err.span.start, before);
        }
    }
}

// ---------------------------------------------------------------------------
// The file walk

/// One entry of a random tree, at a path of up to three components.
#[derive(Clone, Debug)]
enum Entry {
    Dir,
    /// A file with these bytes (valid Rust, random text or random bytes).
    File(Vec<u8>),
    /// A symlink to this target (relative or absolute).
    Link(String),
}

fn entry_name() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        prop::sample::select(vec![
            "a", "b", "mod.rs", "lib.rs", "x.rs", "target", ".hidden", "zz.rs"
        ])
        .prop_map(|s| s.as_bytes().to_vec()),
        // Non-UTF-8 names.
        Just(b"n\xffn.rs".to_vec()),
        Just(b"d\xfe".to_vec()),
    ]
}

fn entry() -> impl Strategy<Value = (Vec<Vec<u8>>, Entry)> {
    let path = prop::collection::vec(entry_name(), 1..4);
    let content = prop_oneof![
        Just(b"pub struct A {\n    /// +k8s:minimum=1\n    pub x: i32,\n}\n".to_vec()),
        Just(b"pub struct B(pub String);\n".to_vec()),
        prop::collection::vec(any::<u8>(), 0..64),
        "[ -~\n]{0,64}".prop_map(String::into_bytes),
    ];
    let target = prop::sample::select(vec![
        ".",
        "..",
        "../..",
        "../../..",
        "a",
        "b",
        "mod.rs",
        "../a",
        "a/b",
        "/",
        "/nonexistent",
        "OUTSIDE",
    ]);
    (
        path,
        prop_oneof![
            Just(Entry::Dir),
            content.prop_map(Entry::File),
            target.prop_map(|t| Entry::Link(t.to_string())),
        ],
    )
}

#[cfg(unix)]
fn build_tree(root: &Path, outside: &Path, entries: &[(Vec<Vec<u8>>, Entry)]) {
    use std::os::unix::ffi::OsStrExt;
    for (components, entry) in entries {
        let mut path = root.to_path_buf();
        for c in components {
            path.push(std::ffi::OsStr::from_bytes(c));
        }
        // Parents that do not exist (or are files) make the entry fail,
        // which is fine: the tree is whatever could be built.
        if let Some(parent) = path.parent() {
            let _ = std::fs::create_dir_all(parent);
        }
        let _ = match entry {
            Entry::Dir => std::fs::create_dir_all(&path),
            Entry::File(bytes) => std::fs::write(&path, bytes),
            Entry::Link(t) if t == "OUTSIDE" => std::os::unix::fs::symlink(outside, &path),
            Entry::Link(t) => std::os::unix::fs::symlink(t, &path),
        };
    }
}

/// Every file under `dir`, not following symlinks, with its bytes.
fn snapshot(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let path = e.path();
            match e.file_type() {
                Ok(t) if t.is_dir() => stack.push(path),
                Ok(t) if t.is_file() => {
                    out.push((path.clone(), std::fs::read(&path).unwrap_or_default()))
                }
                _ => out.push((path, Vec::new())),
            }
        }
    }
    out.sort();
    out
}

#[cfg(unix)]
proptest! {
    #![proptest_config(ProptestConfig { cases: 64, failure_persistence: None, ..ProptestConfig::default() })]

    /// On any tree of directories, files (valid, random text, random
    /// bytes, non-UTF-8 names) and symlinks (loops, parents, outside,
    /// broken): the walk ends, lists each real file once and only files
    /// inside the root; the CLI exits 0 or 1 without a panic and writes
    /// nothing outside the root.
    #[test]
    fn walk_stays_inside_and_reads_each_file_once(entries in prop::collection::vec(entry(), 0..24)) {
        let base = std::env::temp_dir().join(format!(
            "validation-gen-props-{}-{:?}",
            std::process::id(),
            std::thread::current().id()
        ));
        let _ = std::fs::remove_dir_all(&base);
        let (root, outside) = (base.join("root"), base.join("outside"));
        std::fs::create_dir_all(&root).unwrap();
        std::fs::create_dir_all(&outside).unwrap();
        std::fs::write(outside.join("mod.rs"), b"pub struct O { pub x: i32 }\n").unwrap();
        build_tree(&root, &outside, &entries);
        let before = snapshot(&base);
        let canonical_root = std::fs::canonicalize(&root).unwrap();

        let walk = crate::module::walk_module_files(&root, "zz.rs", &mut Default::default()).unwrap();
        let mut real: Vec<PathBuf> = walk.files.iter().map(|f| std::fs::canonicalize(f).unwrap()).collect();
        prop_assert!(real.iter().all(|f| f.starts_with(&canonical_root)), "{real:?}");
        let n = real.len();
        real.sort();
        real.dedup();
        prop_assert_eq!(real.len(), n, "a file listed twice: {:?}", walk.files);

        let args = vec![root.display().to_string()];
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let code = crate::cli::run(&args, &mut out, &mut err);
        prop_assert!(code == 0 || code == 1, "exit {code}: {}", String::from_utf8_lossy(&err));
        let after = snapshot(&base);
        let outside_before: Vec<_> = before.iter().filter(|(p, _)| p.starts_with(&outside)).collect();
        let outside_after: Vec<_> = after.iter().filter(|(p, _)| p.starts_with(&outside)).collect();
        prop_assert_eq!(outside_before, outside_after);
        let _ = std::fs::remove_dir_all(&base);
    }
}
