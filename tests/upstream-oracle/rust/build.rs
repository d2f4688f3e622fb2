//! Generates the dispatch table from type name to Rust type: every struct of
//! every fixture file is a root type (the Go package selects all types).

use std::fmt::Write;
use std::path::Path;

/// (variant, module, fixture file, release): `v1_36` and `v1_35_at_1_37`
/// are the 1.35 catalog generated for Kubernetes 1.36 and 1.37 (`run
/// --release 1.36`, `run --release 1.37`).
const BUILDS: &[(&str, &str, &str, &str)] = &[
    ("V1_35", "v1_35", "v1_35", ""),
    ("V1_36", "v1_36", "v1_35", "1.36"),
    ("V1_35At1_37", "v1_35_at_1_37", "v1_35", "1.37"),
    ("V1_37", "v1_37", "v1_37", ""),
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

fn main() {
    let mut out = String::from(
        "/// Validates a case with the Rust fixture type called `ty` of `build`;\n\
         /// `None` when there is no such type.\n\
         pub fn dispatch(build: Build, ty: &str, case: &crate::case::Case) -> Option<crate::rust_side::Outcome> {\n\
         \x20   match (build, ty) {\n",
    );
    println!("cargo:rerun-if-changed=src/fixtures/at_1_37.rs");
    for (variant, module, fixture, release) in BUILDS {
        let path = format!("src/fixtures/{fixture}.rs");
        println!("cargo:rerun-if-changed={path}");
        let mut src = std::fs::read_to_string(&path).expect("fixture source");
        if *release == "1.37" {
            // The shapes only 1.37 accepts.
            src.push_str(
                &std::fs::read_to_string("src/fixtures/at_1_37.rs").expect("fixture source"),
            );
        }
        if module != fixture {
            let dest = Path::new(&std::env::var("OUT_DIR").unwrap()).join(format!("{module}.rs"));
            std::fs::write(dest, fixtures_for(&src, release)).unwrap();
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
    out.push_str("        (Build::Real | Build::Real136 | Build::Real137, _) => Some(crate::rust_side::run_real(build, ty, case)),\n");
    out.push_str("        _ => None,\n    }\n}\n");
    let dest = Path::new(&std::env::var("OUT_DIR").unwrap()).join("dispatch.rs");
    std::fs::write(dest, out).unwrap();
}
