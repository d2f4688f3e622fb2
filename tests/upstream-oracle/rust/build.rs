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
    // The real-API mirror: its roots.
    let path = "../realapi/src/generated.rs";
    println!("cargo:rerun-if-changed={path}");
    let src = std::fs::read_to_string(path).expect("mirror source");
    let file = syn::parse_file(&src).expect("mirror source parses");
    let mut roots = Vec::new();
    for item in file.items {
        if let syn::Item::Const(c) = item {
            if c.ident == "ROOTS" {
                if let syn::Expr::Reference(r) = *c.expr {
                    if let syn::Expr::Array(a) = *r.expr {
                        for e in a.elems {
                            if let syn::Expr::Lit(syn::ExprLit {
                                lit: syn::Lit::Str(s),
                                ..
                            }) = e
                            {
                                roots.push(s.value());
                            }
                        }
                    }
                }
            }
        }
    }
    for name in &roots {
        let _ = writeln!(
            out,
            "        (Build::Real, {name:?}) => Some(crate::rust_side::run::<realapi_mirror::{name}>({name:?}, case)),"
        );
    }
    out.push_str("        _ => None,\n    }\n}\n");
    out.push_str(
        "/// The real-API mirror's canonical JSON of `v` as a value of root type\n\
         /// `ty` (decoded and encoded again); `None` for an unknown type.\n\
         pub fn canonical(ty: &str, v: &serde_json::Value) -> Option<Result<serde_json::Value, String>> {\n\
         \x20   match ty {\n",
    );
    for name in &roots {
        let _ = writeln!(
            out,
            "        {name:?} => Some(crate::rust_side::canonical_json::<realapi_mirror::{name}>(v)),"
        );
    }
    out.push_str("        _ => None,\n    }\n}\n");
    let dest = Path::new(&std::env::var("OUT_DIR").unwrap()).join("dispatch.rs");
    std::fs::write(dest, out).unwrap();
}
