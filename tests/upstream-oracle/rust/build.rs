//! Generates the dispatch table from type name to Rust type: every struct of
//! every fixture file is a root type (the Go package selects all types).

use std::fmt::Write;
use std::path::Path;

/// (variant, module, fixture file, release): `v1_36`, `v1_35_at_1_37` and
/// `v1_35_at_1_38` are the 1.35 catalog generated for Kubernetes 1.36, 1.37
/// and 1.38 (`run --release 1.36`, `--release 1.37`, `--release 1.38`).
const BUILDS: &[(&str, &str, &str, &str)] = &[
    ("V1_35", "v1_35", "v1_35", ""),
    ("V1_36", "v1_36", "v1_35", "1.36"),
    ("V1_35At1_37", "v1_35_at_1_37", "v1_35", "1.37"),
    ("V1_37", "v1_37", "v1_37", ""),
    ("V1_35At1_38", "v1_35_at_1_38", "v1_35", "1.38"),
    ("V1_38", "v1_38", "v1_38", ""),
];

/// The 1.35 fixtures with `#[validate(kubernetes = "<release>")]` on every
/// type that derives `Validate` (the file's inner attributes dropped, for
/// `include!`).
fn fixtures_for(src: &str, release: &str) -> String {
    use quote::ToTokens;
    let mut file = syn::parse_file(src).expect("fixture source parses");
    for item in &mut file.items {
        let attrs = match item {
            syn::Item::Struct(s) => &mut s.attrs,
            syn::Item::Enum(e) => &mut e.attrs,
            _ => continue,
        };
        let derives = attrs.iter().any(|a| {
            a.path().is_ident("derive") && a.to_token_stream().to_string().contains("Validate")
        });
        if derives {
            attrs.push(syn::parse_quote!(#[validate(kubernetes = #release)]));
        }
    }
    let mut out = String::new();
    for item in &file.items {
        out.push_str(&item.to_token_stream().to_string());
        out.push('\n');
    }
    out
}

/// Whether upstream 1.38 refuses to generate a package with this tag line:
/// `+k8s:eachVal` / `+k8s:eachKey` over an `optional` or `forbidden` (also
/// through `+k8s:subfield(x)=`), whose validators carry the `NonError` flag
/// (code-generator v0.38.0-beta.0 `validators/each.go` `checkNoNonError`:
/// `+k8s:eachVal does not support optional/non-error validations`; 1.35 to
/// 1.37 generate them). Such a line fails the whole Go package, so the 1.38
/// build leaves it out on both sides; whether the derive refuses it too is for
/// the generator's own tests, not for a runtime oracle.
fn rejected_by_1_38(line: &str) -> bool {
    let Some(tag) = line.trim().strip_prefix("/// +") else {
        return false;
    };
    let mut chain = tag.split("=+");
    if !matches!(chain.next(), Some("k8s:eachVal" | "k8s:eachKey")) {
        return false;
    }
    let mut last = "";
    for t in chain {
        if !t.starts_with("k8s:subfield(") {
            last = t;
            break;
        }
    }
    matches!(last.trim(), "k8s:optional" | "k8s:forbidden")
}

/// The fixture source of a release: the 1.35 fixtures, the shapes only 1.37
/// and later accept, and for 1.38 without the lines 1.38 refuses.
fn fixture_source(fixture: &str, release: &str) -> String {
    let path = format!("src/fixtures/{fixture}.rs");
    println!("cargo:rerun-if-changed={path}");
    let mut src = std::fs::read_to_string(&path).expect("fixture source");
    if matches!(release, "1.37" | "1.38") {
        // The shapes only 1.37 (and later) accepts.
        src.push_str(&std::fs::read_to_string("src/fixtures/at_1_37.rs").expect("fixture source"));
    }
    if release == "1.38" {
        let mut kept = String::new();
        for line in src.lines().filter(|l| !rejected_by_1_38(l)) {
            kept.push_str(line);
            kept.push('\n');
        }
        src = kept;
    }
    src
}

fn main() {
    let mut out = String::from(
        "/// Validates a case with the Rust fixture type called `ty` of `build`;\n\
         /// `None` when there is no such type.\n\
         pub fn dispatch(build: Build, ty: &str, case: &crate::case::Case) -> Option<crate::rust_side::Outcome> {\n\
         \x20   match (build, ty) {\n",
    );
    println!("cargo:rerun-if-changed=src/fixtures/at_1_37.rs");
    let out_dir = std::env::var("OUT_DIR").unwrap();
    for (variant, module, fixture, release) in BUILDS {
        let src = fixture_source(fixture, release);
        if module != fixture {
            let dest = Path::new(&out_dir).join(format!("{module}.rs"));
            std::fs::write(dest, fixtures_for(&src, release)).unwrap();
        }
        if *release == "1.38" {
            // The source the Go mirror and the case generator read
            // (`Build::source`), as the Rust types were made from it.
            let dest = Path::new(&out_dir).join(format!("{module}.src.rs"));
            std::fs::write(dest, &src).unwrap();
        }
        let file = syn::parse_file(&src).expect("fixture source parses");
        for item in file.items {
            if let syn::Item::Struct(s) = item {
                let public = matches!(s.vis, syn::Visibility::Public(_));
                let tuple = matches!(s.fields, syn::Fields::Unnamed(_));
                if public && !tuple {
                    let name = s.ident.to_string();
                    let _ = writeln!(
                        out,
                        "        (Build::{variant}, {name:?}) => Some(crate::rust_side::run::<{module}::{name}>({name:?}, case)),"
                    );
                }
            }
        }
    }
    // The real-API mirror dispatches by name itself (its generic code is
    // instantiated in its own crate, compiled once).
    out.push_str("        (Build::Real | Build::Real136 | Build::Real137 | Build::Real138, _) => Some(crate::rust_side::run_real(build, ty, case)),\n");
    out.push_str("        _ => None,\n    }\n}\n");
    let dest = Path::new(&std::env::var("OUT_DIR").unwrap()).join("dispatch.rs");
    std::fs::write(dest, out).unwrap();
}
