//! The derive's entry point: one analysis per type, whatever it emits.

use k8s_validation_gen::{expand_derive, Options};

/// The front half (parse -> check) runs once per derived type, with and
/// without the schema fragment and the kube root, on success and on error:
/// every back end reads the same checked model.
#[test]
fn the_front_half_runs_once_per_derived_type() {
    let ok: proc_macro2::TokenStream = r#"
        #[kube(group = "example.dev", version = "v1", kind = "Widget")]
        pub struct WidgetSpec {
            /// +k8s:required
            /// +k8s:maxLength=3
            pub name: String,
        }
    "#
    .parse()
    .unwrap();
    let bad: proc_macro2::TokenStream = r#"
        pub struct WidgetSpec {
            /// +k8s:maxLength=3
            pub replicas: i32,
        }
    "#
    .parse()
    .unwrap();
    for schema in [false, true] {
        for kube in [false, true] {
            let options = Options::new().schema_fragment(schema).kube_root(kube);
            for (input, valid) in [(&ok, true), (&bad, false)] {
                let before = k8s_validation_gen::__private::analyses();
                let out = expand_derive(input.clone(), &options).to_string();
                assert_eq!(
                    k8s_validation_gen::__private::analyses() - before,
                    1,
                    "{out}"
                );
                assert_eq!(out.contains("compile_error"), !valid, "{out}");
                assert_eq!(out.contains("SchemaFragment"), schema && valid, "{out}");
                assert_eq!(out.contains("custom_resource !"), kube && valid, "{out}");
            }
        }
    }
}
