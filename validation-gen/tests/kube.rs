//! The root `Validate` impl of a kube custom resource, from kube's own
//! `#[kube(...)]` on the spec (the derive's `kube` feature, `Options::kube_root`).

use k8s_validation_gen::Options;

/// What the derive adds for a kube spec: the output after the type's own
/// items (`const _: () = { ... };`).
fn root_impl(src: &str) -> String {
    let tokens: proc_macro2::TokenStream = src.parse().unwrap();
    let with = k8s_validation_gen::expand_derive(tokens.clone(), &Options::new().kube_root(true));
    let without = k8s_validation_gen::expand_derive(tokens, &Options::new()).to_string();
    let with = with.to_string();
    let root = with
        .strip_prefix(without.as_str())
        .expect("the type's own items first");
    root.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn namespaced_kind_with_status_and_name_format() {
    let out = root_impl(
        r##"#[kube(group = "example.dev", version = "v1", kind = "Widget", namespaced,
                  status = "WidgetStatus", printcolumn = r#"{"name":"Age"}"#, shortname = "wd")]
           #[validate(metadata_name = "k8s-short-name")]
           pub struct WidgetSpec { pub replicas: i32 }"##,
    );
    assert_eq!(
        out,
        ":: k8s_validation :: custom_resource ! { Widget { metadata (name = \"k8s-short-name\" , scope = Namespaced) , spec , status } }"
    );
}

#[test]
fn cluster_scoped_root_named_by_struct_without_status() {
    let out = root_impl(
        r#"#[kube(group = "example.dev", version = "v1", kind = "Gadget", struct = "GadgetResource",
                  scale(spec_replicas_path = ".spec.replicas"))]
           #[validate(crate = "my_rt")]
           pub struct GadgetSpec { pub size: i32 }"#,
    );
    assert_eq!(
        out,
        "my_rt :: custom_resource ! { GadgetResource { metadata (scope = Cluster) , spec } }"
    );
}

#[test]
fn not_a_kube_spec() {
    assert_eq!(root_impl("pub struct Plain { pub a: i32 }"), "");
    // kube reports a missing kind itself.
    assert_eq!(
        root_impl(r#"#[kube(group = "g", version = "v1")] pub struct S { pub a: i32 }"#),
        ""
    );
}
