//! Presence tags under wrappers, as Kubernetes 1.35 runs them (checked
//! against upstream validation-gen v0.35.0's generated code).
//!
//! Upstream wraps every payload function separately and keeps its flags:
//! `+k8s:subfield(x)=+k8s:optional` is a silent short-circuit in the cohort
//! `x` (an unset `x` skips the other `+k8s:subfield(x)=...` validations),
//! `required` and `forbidden` short-circuit it with their errors, and the
//! same holds through `+k8s:item(...)` (the item's cohort). `+k8s:eachVal`
//! and `+k8s:ifEnabled`/`ifDisabled` keep the flags but not the cohort: a
//! payload short-circuit that fires on any element ends the site's default
//! cohort, so the field's other validations and the descent into its type
//! are skipped. Presence tags directly under `eachVal`/`item` or on a type
//! are rejected (tests/ui/scope).

use std::collections::BTreeMap;

use k8s_validation::{ErrorType, Operation, Validate};

fn errors<T: Validate>(v: &T, op: &Operation) -> Vec<(ErrorType, String, String)> {
    v.validate(op)
        .iter()
        .map(|e| (e.kind(), e.field().to_string(), e.detail().to_string()))
        .collect()
}

fn fields<T: Validate>(v: &T) -> Vec<(ErrorType, String)> {
    errors(v, &Operation::create())
        .into_iter()
        .map(|(k, f, _)| (k, f))
        .collect()
}

#[derive(Validate, PartialEq, Clone, Debug, Default)]
pub struct ObjectMeta {
    pub name: String,
    pub generate_name: String,
    pub uid: Option<String>,
    pub labels: Vec<String>,
}

/// The DeviceClass: `metadata.generateName` only.
#[derive(Validate, PartialEq, Clone, Debug, Default)]
pub struct DeviceClass {
    /// +k8s:subfield(name)=+k8s:optional
    /// +k8s:subfield(name)=+k8s:format=k8s-long-name
    pub metadata: ObjectMeta,
}

#[test]
fn optional_subfield_ends_its_cohort() {
    let dc = DeviceClass {
        metadata: ObjectMeta {
            generate_name: "gpu-".into(),
            ..Default::default()
        },
    };
    assert_eq!(fields(&dc), vec![]);
    let dc = DeviceClass {
        metadata: ObjectMeta {
            name: "Bad_Name".into(),
            ..Default::default()
        },
    };
    assert_eq!(
        fields(&dc),
        vec![(ErrorType::Invalid, "metadata.name".into())]
    );
}

#[derive(Validate, PartialEq, Clone, Debug, Default)]
pub struct Presence {
    /// +k8s:subfield(uid)=+k8s:required
    /// +k8s:subfield(uid)=+k8s:format=k8s-uuid
    /// +k8s:subfield(name)=+k8s:forbidden
    /// +k8s:subfield(name)=+k8s:validateFalse="name checked"
    /// +k8s:subfield(labels)=+k8s:optional
    /// +k8s:subfield(labels)=+k8s:validateFalse="labels checked"
    /// +k8s:subfield(generate_name)=+k8s:validateFalse="generateName checked"
    pub meta: ObjectMeta,
    /// +k8s:optional
    /// +k8s:subfield(name)=+k8s:optional
    /// +k8s:subfield(name)=+k8s:format=k8s-long-name
    pub ptr: Option<ObjectMeta>,
}

#[test]
fn required_and_forbidden_subfields_end_their_cohort() {
    // uid unset: required fails and format is skipped; name unset: forbidden's
    // silent half stops; labels unset: optional stops; generateName has no
    // short-circuit.
    let p = Presence::default();
    assert_eq!(
        errors(&p, &Operation::create()),
        vec![
            (ErrorType::Required, "meta.uid".into(), "".into()),
            (
                ErrorType::Invalid,
                "meta.generate_name".into(),
                "forced failure: generateName checked".into()
            ),
        ]
    );
    // uid set (badly): format runs; name set: Forbidden and nothing else;
    // labels set: the cohort runs.
    let p = Presence {
        meta: ObjectMeta {
            uid: Some("x".into()),
            name: "n".into(),
            labels: vec!["l".into()],
            ..Default::default()
        },
        ptr: Some(ObjectMeta::default()),
    };
    assert_eq!(
        fields(&p),
        vec![
            (ErrorType::Invalid, "meta.uid".into()),
            (ErrorType::Forbidden, "meta.name".into()),
            (ErrorType::Invalid, "meta.labels".into()),
            (ErrorType::Invalid, "meta.generate_name".into()),
        ]
    );
}

#[test]
fn ratcheted_subfield_does_not_short_circuit() {
    // An unchanged subfield is skipped by all its subfield validations, the
    // short-circuit included.
    let old = Presence::default();
    let new = Presence {
        meta: ObjectMeta {
            generate_name: "g".into(),
            ..Default::default()
        },
        ..Default::default()
    };
    let errs = new.validate_update(&old, &Operation::update());
    let got: Vec<String> = errs.iter().map(|e| e.field().to_string()).collect();
    assert_eq!(got, vec!["meta.generate_name".to_string()]);
}

#[derive(Validate, PartialEq, Clone, Debug, Default)]
pub struct Entry {
    pub key: String,
    pub name: String,
}

#[derive(Validate, PartialEq, Clone, Debug, Default)]
pub struct Items {
    /// +k8s:listType=map
    /// +k8s:listMapKey=key
    /// +k8s:item(key: "a")=+k8s:subfield(name)=+k8s:optional
    /// +k8s:item(key: "a")=+k8s:subfield(name)=+k8s:format=k8s-long-name
    /// +k8s:item(key: "b")=+k8s:subfield(name)=+k8s:required
    /// +k8s:item(key: "b")=+k8s:subfield(name)=+k8s:validateFalse="b checked"
    /// +k8s:item(key: "b")=+k8s:validateFalse="b item checked"
    pub items: Vec<Entry>,
}

#[test]
fn item_subfield_presence_ends_the_item_cohort() {
    let it = |key: &str, name: &str| Entry {
        key: key.into(),
        name: name.into(),
    };
    let v = Items {
        items: vec![it("a", ""), it("b", "")],
    };
    assert_eq!(
        fields(&v),
        vec![(ErrorType::Required, "items[1].name".into())]
    );
    let v = Items {
        items: vec![it("a", "A_"), it("b", "x")],
    };
    assert_eq!(
        fields(&v),
        vec![
            (ErrorType::Invalid, "items[0].name".into()),
            (ErrorType::Invalid, "items[1].name".into()),
            (ErrorType::Invalid, "items[1]".into()),
        ]
    );
}

#[derive(Validate, PartialEq, Clone, Debug, Default)]
pub struct Leaf {
    pub name: String,
    /// +k8s:minimum=1
    pub n: i32,
}

#[derive(Validate, PartialEq, Clone, Debug, Default)]
pub struct Each {
    /// +k8s:listType=atomic
    /// +k8s:eachVal=+k8s:subfield(name)=+k8s:optional
    /// +k8s:eachVal=+k8s:subfield(name)=+k8s:format=k8s-long-name
    pub list: Vec<Leaf>,
    /// +k8s:eachVal=+k8s:subfield(name)=+k8s:forbidden
    pub map: BTreeMap<String, Leaf>,
}

#[test]
fn each_val_presence_ends_the_fields_default_cohort() {
    let leaf = |name: &str, n: i32| Leaf {
        name: name.into(),
        n,
    };
    // One element without a name: no element's name is checked, nor any
    // element's own validation (`n`).
    let v = Each {
        list: vec![leaf("", 0), leaf("Bad_", 0)],
        map: BTreeMap::new(),
    };
    assert_eq!(fields(&v), vec![]);
    // Every element named: the names and the elements are validated.
    let v = Each {
        list: vec![leaf("ok", 0), leaf("Bad_", 1)],
        map: [("k".to_string(), leaf("set", 0)), ("z".into(), leaf("", 0))].into(),
    };
    assert_eq!(
        fields(&v),
        vec![
            (ErrorType::Invalid, "list[1].name".into()),
            (ErrorType::Invalid, "list[0].n".into()),
            (ErrorType::Forbidden, "map[k].name".into()),
        ]
    );
}

#[derive(Validate, PartialEq, Clone, Debug, Default)]
pub struct Optioned {
    /// +k8s:ifEnabled(X)=+k8s:subfield(name)=+k8s:optional
    /// +k8s:subfield(name)=+k8s:format=k8s-long-name
    /// +k8s:subfield(n)=+k8s:minimum=5
    pub leaf: Leaf,
}

#[test]
fn if_enabled_keeps_the_flags_not_the_cohort() {
    let v = Optioned {
        leaf: Leaf {
            name: String::new(),
            n: 0,
        },
    };
    // Without X: every validation runs (the empty name fails the format).
    assert_eq!(
        fields(&v),
        vec![
            (ErrorType::Invalid, "leaf.name".into()),
            (ErrorType::Invalid, "leaf.n".into()),
            (ErrorType::Invalid, "leaf.n".into()),
        ]
    );
    // With X: the unset name ends the field's default cohort, so the other
    // cohorts and the descent into `Leaf` are skipped.
    let op = Operation::create().with_option("X");
    assert_eq!(errors(&v, &op), vec![]);
}

/// A typedef of a struct with the presence tags on the type.
///
/// +k8s:subfield(name)=+k8s:required
/// +k8s:subfield(name)=+k8s:format=k8s-long-name
#[derive(Validate, PartialEq, Clone, Debug, Default)]
pub struct NamedLeaf(pub Leaf);

/// A list typedef with the presence tags on the type.
///
/// +k8s:eachVal=+k8s:subfield(name)=+k8s:optional
/// +k8s:eachVal=+k8s:subfield(name)=+k8s:format=k8s-long-name
#[derive(Validate, PartialEq, Clone, Debug, Default)]
pub struct LeafList(pub Vec<Leaf>);

#[derive(Validate, PartialEq, Clone, Debug, Default)]
pub struct Typedefs {
    pub named: NamedLeaf,
    /// +k8s:optional
    pub ptr: Option<NamedLeaf>,
    pub list: LeafList,
}

#[test]
fn typedef_type_tags_short_circuit_the_typedef() {
    let v = Typedefs {
        named: NamedLeaf(Leaf {
            name: String::new(),
            n: 1,
        }),
        ptr: Some(NamedLeaf(Leaf {
            name: "Bad_".into(),
            n: 1,
        })),
        list: LeafList(vec![
            Leaf {
                name: String::new(),
                n: 0,
            },
            Leaf {
                name: "Bad_".into(),
                n: 1,
            },
        ]),
    };
    assert_eq!(
        fields(&v),
        vec![
            (ErrorType::Required, "named.name".into()),
            (ErrorType::Invalid, "ptr.name".into()),
        ]
    );
}

#[derive(Validate, PartialEq, Clone, Debug, Default)]
pub struct Defaulted {
    /// +default="Always"
    pub policy: String,
    /// +default=0
    pub retries: i32,
    /// +default=0
    pub limit: Option<i32>,
    pub plain: String,
}

#[derive(Validate, PartialEq, Clone, Debug, Default)]
pub struct UsesDefaults {
    /// +k8s:subfield(policy)=+k8s:optional
    /// +k8s:subfield(policy)=+k8s:validateFalse="policy checked"
    /// +k8s:subfield(retries)=+k8s:optional
    /// +k8s:subfield(retries)=+k8s:validateFalse="retries checked"
    /// +k8s:subfield(limit)=+k8s:optional
    /// +k8s:subfield(limit)=+k8s:validateFalse="limit checked"
    /// +k8s:subfield(plain)=+k8s:optional
    /// +k8s:subfield(plain)=+k8s:validateFalse="plain checked"
    pub spec: Defaulted,
}

#[test]
fn optional_subfield_reads_the_subfields_default() {
    // A defaulted subfield is required (`Required value`, and the cohort
    // stops); a zero default on a value field makes `optional` a no-op (the
    // cohort runs); no default: optional.
    assert_eq!(
        fields(&UsesDefaults::default()),
        vec![
            (ErrorType::Required, "spec.policy".into()),
            (ErrorType::Invalid, "spec.retries".into()),
            (ErrorType::Required, "spec.limit".into()),
        ]
    );
    let set = UsesDefaults {
        spec: Defaulted {
            policy: "Never".into(),
            retries: 1,
            limit: Some(0),
            plain: "x".into(),
        },
    };
    assert_eq!(
        fields(&set),
        vec![
            (ErrorType::Invalid, "spec.policy".into()),
            (ErrorType::Invalid, "spec.retries".into()),
            (ErrorType::Invalid, "spec.limit".into()),
            (ErrorType::Invalid, "spec.plain".into()),
        ]
    );
}

/// A typedef of a struct, as list-map items.
#[derive(Validate, PartialEq, Clone, Debug, Default)]
pub struct EntryDef(pub Entry);

#[derive(Validate, PartialEq, Clone, Debug, Default)]
pub struct TypedItems {
    /// +k8s:listType=map
    /// +k8s:listMapKey=key
    /// +k8s:item(key: "a")=+k8s:subfield(name)=+k8s:required
    /// +k8s:item(key: "a")=+k8s:subfield(name)=+k8s:validateFalse="a checked"
    pub items: Vec<EntryDef>,
}

#[test]
fn typedef_items_are_keyed_through_the_struct() {
    let it = |key: &str, name: &str| {
        EntryDef(Entry {
            key: key.into(),
            name: name.into(),
        })
    };
    assert_eq!(
        fields(&TypedItems {
            items: vec![it("b", ""), it("a", ""), it("b", "x")],
        }),
        vec![
            (ErrorType::Duplicate, "items[2]".into()),
            (ErrorType::Required, "items[1].name".into()),
        ]
    );
    assert_eq!(
        fields(&TypedItems {
            items: vec![it("a", "n")],
        }),
        vec![(ErrorType::Invalid, "items[0].name".into())]
    );
}
