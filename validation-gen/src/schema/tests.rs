use serde_json::json;

use super::*;

/// The fragment of a type, read for `release` (unless it names its own),
/// or its errors.
fn fragment_of(src: &str, release: crate::Release) -> Result<Fragment, Vec<String>> {
    let input: syn::DeriveInput = syn::parse_str(src).unwrap();
    let options = crate::Options::new().kubernetes_version(release);
    let analysis = crate::front::analyze(&input, &options);
    match analysis.checked {
        Some(checked) if analysis.diags.is_empty() => Ok(fragment(&checked, None)),
        _ => Err(analysis
            .diags
            .errors()
            .iter()
            .map(|e| e.message.clone())
            .collect()),
    }
}

fn frag(src: &str) -> Fragment {
    fragment_of(src, crate::Release::DEFAULT).unwrap_or_else(|errors| panic!("{errors:?}"))
}

#[test]
fn keywords_names_and_descriptions() {
    let f = frag(
        r#"
        /// A thing.
        ///
        /// +k8s:supportsSubresource="/status"
        #[serde(rename_all = "camelCase")]
        struct Thing {
            /// The name.
            /// +k8s:required
            /// +k8s:maxLength=10
            /// +k8s:format=k8s-short-name
            display_name: String,
            /// +k8s:optional
            /// +k8s:minimum=1
            replicas: Option<i32>,
            /// +k8s:optional
            /// +k8s:listType=map
            /// +k8s:listMapKey=name
            /// +k8s:maxItems=3
            ports: Vec<Port>,
        }
        "#,
    );
    let s = &f.schema;
    assert_eq!(s["description"], json!("A thing."));
    assert_eq!(s["required"], json!(["displayName"]));
    let name = &s["properties"]["displayName"];
    assert_eq!(name["type"], "string");
    assert_eq!(name["maxLength"], 10);
    assert_eq!(name["description"], "The name.");
    let rules = name["x-kubernetes-validations"].as_array().unwrap();
    assert!(rules
        .iter()
        .any(|r| r["rule"].as_str().unwrap().contains("dns1123Label")));
    assert!(rules.iter().any(|r| r["reason"] == "FieldValueRequired"));
    assert_eq!(s["properties"]["replicas"]["minimum"], 1);
    assert_eq!(s["properties"]["replicas"]["format"], "int32");
    let ports = &s["properties"]["ports"];
    assert_eq!(ports["x-kubernetes-list-type"], "map");
    assert_eq!(ports["x-kubernetes-list-map-keys"], json!(["name"]));
    assert_eq!(ports["maxItems"], 3);
    assert_eq!(ports["items"][REF], "Port");
    assert!(!s.to_string().contains("+k8s"), "{s}");
}

#[test]
fn optional_zero_values_are_guarded() {
    let f = frag(
        r#"
        struct T {
            /// +k8s:optional
            /// +k8s:minimum=1
            count: i32,
            /// +k8s:optional
            /// +k8s:minLength=2
            name: String,
        }
        "#,
    );
    let count = &f.schema["properties"]["count"];
    assert!(count.get("minimum").is_none());
    assert_eq!(
        count["x-kubernetes-validations"][0]["rule"],
        "!(self != 0) || self >= 1"
    );
    let name = &f.schema["properties"]["name"];
    assert_eq!(
        name["x-kubernetes-validations"][0]["rule"],
        "!(self != '') || size(self) >= 2"
    );
}

#[test]
fn unions_immutable_and_updates() {
    let f = frag(
        r#"
        struct S {
            /// +k8s:optional
            /// +k8s:unionMember
            a: Option<A>,
            /// +k8s:optional
            /// +k8s:unionMember
            b: Option<B>,
            /// +k8s:optional
            /// +k8s:immutable
            c: Option<String>,
            /// +k8s:optional
            /// +k8s:update=NoSet
            d: Option<i64>,
        }
        "#,
    );
    let rules = f.schema["x-kubernetes-validations"].as_array().unwrap();
    let text: Vec<&str> = rules
        .iter()
        .map(|r| r["message"].as_str().unwrap())
        .collect();
    assert!(text.contains(&"must specify one of: `a`, `b`"), "{text:?}");
    assert!(text.contains(&"must specify exactly one of: `a`, `b`"));
    assert!(text.contains(&"field is immutable"));
    assert!(text.contains(&"field cannot be set once created"));
    assert_eq!(
        f.schema["properties"]["c"]["x-kubernetes-validations"][0]["rule"],
        "self == oldSelf"
    );
}

#[test]
fn enums_and_unexported_tags() {
    let f = frag(
        r#"
        /// +k8s:enum
        #[serde(rename_all = "PascalCase")]
        enum Policy { Always, Never, IfNotPresent }
        "#,
    );
    assert_eq!(f.schema["enum"], json!(["Always", "IfNotPresent", "Never"]));
    let f = frag(
        r#"
        struct T {
            /// +k8s:ifEnabled(X)=+k8s:minimum=1
            /// +k8s:format=k8s-extended-resource-name
            n: String,
        }
        "#,
    );
    assert_eq!(f.notes.len(), 2, "{:?}", f.notes);
    assert!(
        f.notes[0].starts_with("T.n: +k8s:ifEnabled"),
        "{:?}",
        f.notes
    );
}

#[test]
fn inline_and_crd() {
    let a = frag(
        r#"
        struct Root {
            metadata: Meta,
            /// +k8s:required
            spec: Spec,
        }
        "#,
    );
    let b = frag(
        r#"
        struct Spec {
            /// +k8s:optional
            /// +k8s:eachVal=+k8s:format=k8s-long-name
            names: Vec<String>,
        }
        "#,
    );
    let mut notes = Vec::new();
    let s = inline(&[a, b], "Root", &mut notes).unwrap();
    assert_eq!(notes.len(), 1, "{notes:?}"); // Meta is not in the input
    let items = &s["properties"]["spec"]["properties"]["names"]["items"];
    assert!(items["x-kubernetes-validations"][0]["rule"]
        .as_str()
        .unwrap()
        .contains("dns1123Subdomain"));
    let crd = crd(
        s,
        "example.com",
        "v1",
        "Root",
        &["/status".into()],
        &mut notes,
    );
    let root = &crd["spec"]["versions"][0]["schema"]["openAPIV3Schema"];
    assert_eq!(root["properties"]["metadata"], json!({"type": "object"}));
    assert_eq!(root["required"], json!(["spec"]));
    assert_eq!(crd["metadata"]["name"], "roots.example.com");
    assert!(!crd.to_string().contains(REF));
}

#[test]
fn recursion_is_an_error() {
    let a = frag("struct A { b: Option<Box<A>> }");
    let e = inline(&[a], "A", &mut Vec::new()).unwrap_err();
    assert!(e.0.contains("contains itself"), "{e}");
}

#[test]
fn opaque_types_keep_their_structure_only() {
    let a = frag(
        r#"
        struct A {
            /// +k8s:opaqueType
            /// +k8s:optional
            b: Option<B>,
            c: Option<B>,
        }
        "#,
    );
    let b = frag(
        r#"
        struct B {
            /// +k8s:required
            /// +k8s:maxLength=3
            x: Option<String>,
        }
        "#,
    );
    let s = inline(&[a, b], "A", &mut Vec::new()).unwrap();
    assert_eq!(
        s["properties"]["b"]["properties"]["x"],
        json!({"type": "string"})
    );
    assert!(s["properties"]["b"].get("required").is_none());
    assert_eq!(s["properties"]["c"]["properties"]["x"]["maxLength"], 3);
}

#[test]
fn sets_of_objects_are_atomic_maps() {
    let f = frag(
        r#"
        struct T {
            /// +k8s:listType=set
            items: Vec<Pair>,
            /// +k8s:listType=set
            names: Vec<Kind>,
        }
        "#,
    );
    assert_eq!(f.schema["properties"]["items"]["items"][SET_ITEM], true);
    let pair = frag("struct Pair { a: Option<String> }");
    let kind = frag("/// +k8s:enum\nenum Kind { A, B }");
    let s = inline(&[f, pair, kind], "T", &mut Vec::new()).unwrap();
    let items = &s["properties"]["items"]["items"];
    assert_eq!(items["x-kubernetes-map-type"], "atomic", "{s}");
    let names = &s["properties"]["names"]["items"];
    assert!(names.get("x-kubernetes-map-type").is_none(), "{s}");
    assert!(!s.to_string().contains(SET_ITEM));
}

/// The tags are read for the type's release (its attribute, else the one
/// given): a 1.36 tag has a fragment, with a note, as long as the type's
/// release has the tag; what is exported is 1.35's meaning.
#[test]
fn tags_are_read_for_the_types_release() {
    let src = r#"
        struct T {
            /// +k8s:alpha=+k8s:maxLength=5
            /// +k8s:maxLength=9
            name: String,
        }
    "#;
    let errors = fragment_of(src, crate::Release::V1_35).unwrap_err();
    assert!(
        errors[0].contains("is not part of Kubernetes 1.35"),
        "{errors:?}"
    );
    let f = fragment_of(src, crate::Release::V1_36).unwrap();
    assert_eq!(f.schema["properties"]["name"]["maxLength"], json!(9));
    assert_eq!(f.notes.len(), 1, "{:?}", f.notes);
    assert!(
        f.notes[0].starts_with("T.name: +k8s:alpha"),
        "{:?}",
        f.notes
    );
    let named = frag(&format!("#[validate(kubernetes = \"1.36\")] {src}"));
    assert_eq!(named.notes, f.notes);
}

/// The rules a fragment's object carries, by message.
fn rule_with<'f>(f: &'f Fragment, message: &str) -> &'f Value {
    f.schema["x-kubernetes-validations"]
        .as_array()
        .and_then(|rules| rules.iter().find(|r| r["message"] == message))
        .unwrap_or_else(|| panic!("no rule {message:?} in {}", f.schema))
}

/// Values: what `maxLength` counts follows the release (the `Characters`
/// fact from 1.36), in the CEL form of a rule on a selected item.
#[test]
fn max_length_counts_what_the_release_counts() {
    let src = r#"
        struct T {
            /// +k8s:listType=map
            /// +k8s:listMapKey=k
            /// +k8s:item(k: "a")=+k8s:subfield(v)=+k8s:maxLength=4
            items: Vec<Item>,
        }
    "#;
    for (release, unit) in [
        (crate::Release::V1_35, "bytes"),
        (crate::Release::V1_36, "characters"),
        (crate::Release::V1_37, "characters"),
    ] {
        let f = fragment_of(src, release).unwrap();
        let rules = f.schema["properties"]["items"]["x-kubernetes-validations"].to_string();
        let message = format!("Too long: may not be more than 4 {unit}");
        assert!(rules.contains(&message), "{release}: {rules}");
    }
}

/// Unions: from 1.36 a list member behind a pointer is set when it has an
/// item, not when it is merely present.
#[test]
fn union_list_members_are_set_when_non_empty_from_1_36() {
    let src = r#"
        struct U {
            /// +k8s:optional
            /// +k8s:unionMember
            a: Option<Vec<String>>,
            /// +k8s:optional
            /// +k8s:unionMember
            b: Option<String>,
        }
    "#;
    let count = |release| {
        let f = fragment_of(src, release).unwrap();
        rule_with(&f, "must specify one of: `a`, `b`")["rule"]
            .as_str()
            .unwrap()
            .to_owned()
    };
    assert!(!count(crate::Release::V1_35).contains("size(self.a)"));
    assert!(count(crate::Release::V1_36).contains("(has(self.a) && size(self.a) != 0)"));
    assert!(count(crate::Release::V1_37).contains("(has(self.a) && size(self.a) != 0)"));
}

/// Dependencies: CEL on the struct, at the dependent, ratcheted as the
/// runtime ratchets (an update on which neither set-ness changed passes).
#[test]
fn dependencies_are_rules_on_the_struct() {
    let f = frag(
        r#"
        struct Tls {
            /// +k8s:optional
            /// +k8s:dependentRequired(keyFile)
            cert_file: Option<String>,
            /// +k8s:optional
            key_file: Option<String>,
            /// +k8s:optional
            /// +k8s:dependentForbidden(certFile)
            insecure: bool,
        }
        "#
        .replace("cert_file", "certFile")
        .replace("key_file", "keyFile")
        .as_str(),
    );
    let required = rule_with(&f, "must be set when certFile is set");
    assert_eq!(required["fieldPath"], ".keyFile");
    assert_eq!(required["reason"], "FieldValueRequired");
    assert_eq!(required["optionalOldSelf"], true);
    assert_eq!(
        required["rule"],
        "(oldSelf.hasValue() && has(self.certFile) == has(oldSelf.value().certFile) && \
         has(self.keyFile) == has(oldSelf.value().keyFile)) || !has(self.certFile) || has(self.keyFile)"
    );
    let forbidden = rule_with(&f, "may not be set when insecure is set");
    assert_eq!(forbidden["fieldPath"], ".certFile");
    assert_eq!(forbidden["reason"], "FieldValueForbidden");
    // A non-pointer bool is set when true.
    assert!(
        forbidden["rule"]
            .as_str()
            .unwrap()
            .contains("|| !(has(self.insecure) && self.insecure) || !has(self.certFile)"),
        "{forbidden}"
    );
    assert!(f.notes.is_empty(), "{:?}", f.notes);
}

/// Modal groups are not exported: each member rule is noted, at the
/// release's names.
#[test]
fn modal_member_rules_are_noted() {
    let src = r#"
        struct M {
            /// +k8s:modeDiscriminator
            mode: String,
            /// +k8s:ifMode(mode: "A")=+k8s:required
            a: Option<String>,
        }
    "#;
    let f = fragment_of(src, crate::Release::V1_37).unwrap();
    assert_eq!(f.notes.len(), 1, "{:?}", f.notes);
    assert!(f.notes[0].starts_with("M.a: +k8s:ifMode"), "{:?}", f.notes);
    assert!(
        f.notes[0].ends_with("a modal member's rules are not exported (the derive validates them)")
    );
    let f = fragment_of(
        &src.replace("modeDiscriminator", "discriminator")
            .replace("ifMode(mode", "member(value"),
        crate::Release::V1_36,
    )
    .unwrap();
    assert_eq!(f.notes.len(), 1, "{:?}", f.notes);
}

/// The public entry: the fragments of a module file's source, with the
/// types' subresources.
#[test]
fn fragments_of_a_module_source() {
    let src = r#"
        //! +k8s:supportsSubresource="/status"
        pub struct Widget {
            /// +k8s:required
            pub spec: Option<Spec>,
        }
        pub struct Spec {
            /// +k8s:maximum=5
            pub replicas: i32,
        }
    "#;
    let found = fragments(src, &crate::Options::new()).unwrap();
    let names: Vec<&str> = found.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(names, ["Widget", "Spec"]);
    assert_eq!(found[0].subresources, ["/status"]);
    assert!(found[1].subresources.is_empty());
    let errors = fragments(
        "pub struct T { /// +k8s:maxLenght=1\n n: i32 }",
        &crate::Options::new(),
    )
    .unwrap_err();
    assert_eq!(errors.len(), 1);
    assert_eq!(
        errors[0].message,
        "unknown validation tag \"k8s:maxLenght\", did you mean \"k8s:maxLength\"? (in `+k8s:maxLenght=1`)"
    );
    // What the lowering judges too: a type that does not generate.
    let errors = fragments(
        "pub struct T { /// +k8s:maxLength=1\n n: i32 }",
        &crate::Options::new(),
    )
    .unwrap_err();
    assert_eq!(
        errors[0].message,
        "can only be used on string types (int32) (in `+k8s:maxLength=1`)"
    );
}

#[test]
fn quantities_compare_by_value_on_update() {
    let f = frag(
        r#"
        struct S {
            /// +k8s:optional
            /// +k8s:immutable
            memory: Option<Quantity>,
            /// +k8s:optional
            /// +k8s:update=NoModify
            cpu: Option<resource::Quantity>,
            /// +k8s:optional
            /// +k8s:immutable
            limits: BTreeMap<String, Quantity>,
            /// +k8s:optional
            /// +k8s:immutable
            name: Option<String>,
        }
        "#,
    );
    let rule = |field: &str| {
        f.schema["properties"][field]["x-kubernetes-validations"][0]["rule"]
            .as_str()
            .unwrap()
            .to_owned()
    };
    assert_eq!(
        rule("memory"),
        "isQuantity(string(self)) && isQuantity(string(oldSelf)) ? \
         quantity(string(self)).compareTo(quantity(string(oldSelf))) == 0 : self == oldSelf"
    );
    assert!(rule("cpu").ends_with(
        "quantity(string(self)).compareTo(quantity(string(oldSelf))) == 0 : self == oldSelf"
    ));
    assert!(
        rule("limits").starts_with("size(self) == size(oldSelf) && self.all(k, k in oldSelf && "),
        "{}",
        rule("limits")
    );
    assert_eq!(rule("name"), "self == oldSelf");
}
