//! Struct-level tags (union members, dependencies) reached through a
//! wrapper the release does not look through must be reported, not
//! silently dropped. Found by the upstream oracle: with
//! `+k8s:ifEnabled(X)=+k8s:unionMember` the union lost that member (1.35
//! ignores the option, 1.37 gates the member; neither drops it).

fn errors(input: syn::DeriveInput) -> Vec<String> {
    match k8s_validation_gen::generate_type(&input, &k8s_validation_gen::Options::new()) {
        Ok(_) => Vec::new(),
        Err(e) => e.into_iter().map(|e| e.to_string()).collect(),
    }
}

/// 1.35 (the default): a union member under an option is a member whatever
/// the option; a dependency under one is not implemented before 1.37.
#[test]
fn option_gated_dependencies_are_rejected_before_1_37() {
    let errs = errors(syn::parse_quote! {
        pub struct S {
            /// +k8s:optional
            /// +k8s:ifEnabled(X)=+k8s:unionMember
            pub a: Option<i32>,
            /// +k8s:optional
            /// +k8s:unionMember
            pub b: Option<i32>,
            /// +k8s:optional
            /// +k8s:ifDisabled(X)=+k8s:dependentRequired(b)
            pub c: Option<i32>,
        }
    });
    assert_eq!(errs.len(), 1, "{errs:?}");
    assert!(
        errs[0].starts_with("tag \"k8s:dependentRequired\" inside \"k8s:ifDisabled\""),
        "{errs:?}"
    );
}

#[test]
fn direct_and_list_item_union_members_still_work() {
    assert!(errors(syn::parse_quote! {
        pub struct S {
            /// +k8s:optional
            /// +k8s:unionMember
            pub a: Option<i32>,
            /// +k8s:optional
            /// +k8s:unionMember
            pub b: Option<i32>,
            /// +k8s:listType=map
            /// +k8s:listMapKey=name
            /// +k8s:item(name: "x")=+k8s:zeroOrOneOfMember
            /// +k8s:item(name: "y")=+k8s:zeroOrOneOfMember
            pub items: Vec<Item>,
        }
    })
    .is_empty());
}

/// Kubernetes 1.37 defers union and dependency validation through the
/// wrappers (`ifEnabled`, `ifDisabled`, `alpha`, `beta`;
/// `tests/tests/ot_union_wrappers_1_37.rs`, `tests/tests/wrapped_1_37.rs`):
/// the union and dependency tags are accepted there. 1.35 and 1.36 accept
/// a union tag under an option too (the option gates nothing;
/// `tests/tests/union_wrappers_by_release.rs`). Under `eachVal` every
/// release rejects them.
#[test]
fn option_gated_union_members_are_accepted() {
    let input: syn::DeriveInput = syn::parse_quote! {
        pub struct S {
            /// +k8s:optional
            /// +k8s:ifEnabled(X)=+k8s:unionMember
            pub a: Option<i32>,
            /// +k8s:optional
            /// +k8s:alpha=+k8s:unionMember
            pub b: Option<i32>,
            /// +k8s:optional
            /// +k8s:ifDisabled(X)=+k8s:dependentRequired(b)
            pub c: Option<i32>,
            /// +k8s:eachVal=+k8s:zeroOrOneOfMember
            pub d: Vec<i32>,
        }
    };
    let errs = |release| {
        let options = k8s_validation_gen::Options::new().kubernetes_version(release);
        match k8s_validation_gen::generate_type(&input, &options) {
            Ok(_) => Vec::new(),
            Err(e) => e
                .into_iter()
                .map(|e| e.to_string().split(" (in `").next().unwrap().to_string())
                .collect(),
        }
    };
    let each_val = "tag \"k8s:zeroOrOneOfMember\" cannot be used inside \"k8s:eachVal\": upstream's generator rejects it too; list items join a union through +k8s:item(key: \"value\")=+k8s:zeroOrOneOfMember";
    assert_eq!(errs(k8s_validation_gen::Release::V1_37), [each_val]);
    assert_eq!(
        errs(k8s_validation_gen::Release::V1_36),
        [
            "tag \"k8s:dependentRequired\" inside \"k8s:ifDisabled\" is not supported yet by this generator",
            each_val,
        ]
    );
}
