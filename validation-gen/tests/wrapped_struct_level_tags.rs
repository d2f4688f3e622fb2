//! Struct-level tags (union members, dependencies) reached through a
//! wrapper other than `item` (`ifEnabled`, `ifDisabled`, `eachVal`, ...) are
//! not implemented; the derive must say so instead of silently dropping the
//! member. Found by the upstream oracle: with
//! `+k8s:ifEnabled(X)=+k8s:unionMember` the union lost that member (1.35
//! ignores the option, 1.37 gates the member; neither drops it).

fn errors(input: syn::DeriveInput) -> Vec<String> {
    match validation_gen::generate_type(&input) {
        Ok(_) => Vec::new(),
        Err(d) => d.errors().iter().map(|e| e.message.clone()).collect(),
    }
}

#[test]
fn option_gated_union_members_and_dependencies_are_rejected() {
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
    assert_eq!(errs.len(), 2, "{errs:?}");
    assert!(
        errs[0].starts_with(
            "tag \"k8s:unionMember\" inside \"k8s:ifEnabled\" is not supported yet by this generator"
        ),
        "{errs:?}"
    );
    assert!(
        errs[1].starts_with("tag \"k8s:dependentRequired\" inside \"k8s:ifDisabled\""),
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
/// the union and dependency tags are accepted there; other wrappers and
/// 1.35/1.36 options still are not.
#[test]
fn option_gated_union_members_are_accepted_in_1_37() {
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
    let errs = |release| match validation_gen::generate_type_for(&input, release) {
        Ok(_) => Vec::new(),
        Err(d) => d
            .errors()
            .iter()
            .map(|e| e.message.split(" (in `").next().unwrap().to_string())
            .collect(),
    };
    assert_eq!(
        errs(validation_gen::Release::V1_37),
        ["tag \"k8s:zeroOrOneOfMember\" inside \"k8s:eachVal\" is not supported yet by this generator"]
    );
    assert_eq!(
        errs(validation_gen::Release::V1_36)[..2],
        [
            "tag \"k8s:unionMember\" inside \"k8s:ifEnabled\" is not supported yet by this generator",
            "tag \"k8s:dependentRequired\" inside \"k8s:ifDisabled\" is not supported yet by this generator",
        ]
    );
}
