//! Generates the dispatch table from type name to Rust type: every struct of
//! every fixture file is a root type (the Go package selects all types).

use std::fmt::Write;
use std::path::Path;

const BUILDS: &[(&str, &str)] = &[("V1_35", "v1_35"), ("V1_37", "v1_37")];

fn main() {
    let mut out = String::from(
        "/// Validates a case with the Rust fixture type called `ty` of `build`;\n\
         /// `None` when there is no such type.\n\
         pub fn dispatch(build: Build, ty: &str, case: &crate::case::Case) -> Option<crate::rust_side::Outcome> {\n\
         \x20   match (build, ty) {\n",
    );
    for (variant, module) in BUILDS {
        let path = format!("src/fixtures/{module}.rs");
        println!("cargo:rerun-if-changed={path}");
        let src = std::fs::read_to_string(&path).expect("fixture source");
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
    out.push_str("        (Build::Real, _) => Some(crate::rust_side::run_real(ty, case)),\n");
    out.push_str("        _ => None,\n    }\n}\n");
    let dest = Path::new(&std::env::var("OUT_DIR").unwrap()).join("dispatch.rs");
    std::fs::write(dest, out).unwrap();
}
