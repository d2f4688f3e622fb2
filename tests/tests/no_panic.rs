//! Bad input never panics: arbitrary strings (any Unicode, empty, long),
//! extreme and negative numbers, NaN, arbitrary old objects on update, and
//! deeply nested values all validate to a (possibly non-empty) error list.

use std::collections::{BTreeMap, HashMap};

use k8s_validation::{Operation, Validate};
use proptest::prelude::*;

/// +k8s:enum
#[derive(Validate, PartialEq, Clone, Debug)]
pub struct Mode(pub String);

#[k8s_validation::enum_values]
impl Mode {
    pub const A: &'static str = "A";
    pub const B: &'static str = "B";
}

#[derive(Validate, PartialEq, Clone, Debug)]
pub struct Item {
    /// +k8s:required
    /// +k8s:format=k8s-short-name
    pub name: String,
    /// +k8s:optional
    /// +k8s:minimum=-5
    /// +k8s:maximum=5
    pub n: Option<i64>,
    /// +k8s:immutable
    pub fixed: u64,
}

#[derive(Validate, PartialEq, Clone, Debug)]
#[validate(kubernetes = "1.37")]
#[allow(non_snake_case)]
pub struct Everything {
    /// +k8s:optional
    /// +k8s:maxLength=8
    /// +k8s:minLength=2
    /// +k8s:maxBytes=10
    /// +k8s:format=k8s-label-key
    pub key: String,
    /// +k8s:optional
    /// +k8s:format=k8s-uuid
    pub uid: Option<String>,
    /// +k8s:optional
    /// +k8s:format=k8s-ip
    pub ip: Option<String>,
    /// +k8s:format=k8s-resource-pool-name
    pub pool: String,
    /// +k8s:format=k8s-resource-fully-qualified-name
    pub fq: String,
    /// +k8s:format=k8s-extended-resource-name
    pub ext: String,
    /// +k8s:minimum=0
    /// +k8s:monotonic
    pub big: i64,
    /// +k8s:maximum=10
    pub unsigned: u64,
    /// +k8s:validateFalse="float"
    pub ratio: f64,
    /// +k8s:optional
    pub mode: Option<Mode>,
    /// +k8s:listType=map
    /// +k8s:listMapKey=name
    /// +k8s:maxItems=4
    /// +k8s:item(name: "x")=+k8s:subfield(n)=+k8s:minimum=0
    /// +k8s:eachVal=+k8s:update=NoModify
    pub items: Vec<Item>,
    /// +k8s:listType=set
    /// +k8s:eachVal=+k8s:format=k8s-long-name
    pub tags: Vec<String>,
    /// +k8s:maxProperties=3
    /// +k8s:eachKey=+k8s:format=k8s-label-key
    /// +k8s:eachVal=+k8s:maxLength=3
    pub labels: BTreeMap<String, String>,
    /// +k8s:eachVal=+k8s:minimum=1
    pub counts: HashMap<String, i32>,
    /// +k8s:optional
    /// +k8s:zeroOrOneOfMember
    pub left: Option<i32>,
    /// +k8s:optional
    /// +k8s:zeroOrOneOfMember
    pub right: Option<i32>,
    /// +k8s:optional
    pub next: Option<Box<Everything>>,
}

fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "[a-z0-9./-]{0,12}",
        Just(String::new()),
        "[a-zA-Z0-9_./-]{250,300}",
        Just("::ffff:1.2.3.4".to_string()),
        Just("requests.example.com/x".to_string()),
    ]
}

fn float() -> impl Strategy<Value = f64> {
    prop_oneof![
        any::<f64>(),
        Just(f64::NAN),
        Just(f64::INFINITY),
        Just(-0.0),
        Just(1e300)
    ]
}

fn item() -> impl Strategy<Value = Item> {
    (
        prop_oneof![Just("x".to_string()), text()],
        any::<Option<i64>>(),
        any::<u64>(),
    )
        .prop_map(|(name, n, fixed)| Item { name, n, fixed })
}

fn everything() -> impl Strategy<Value = Everything> {
    let a = (
        text(),
        proptest::option::of(text()),
        proptest::option::of(text()),
        text(),
        text(),
        text(),
    );
    let b = (
        any::<i64>(),
        any::<u64>(),
        float(),
        proptest::option::of(prop_oneof![Just("A"), Just("C")]),
    );
    let c = (
        proptest::collection::vec(item(), 0..6),
        proptest::collection::vec(text(), 0..4),
        proptest::collection::btree_map(text(), text(), 0..5),
        proptest::collection::hash_map(text(), any::<i32>(), 0..4),
        any::<Option<i32>>(),
        any::<Option<i32>>(),
    );
    (a, b, c).prop_map(
        |(
            (key, uid, ip, pool, fq, ext),
            (big, unsigned, ratio, mode),
            (items, tags, labels, counts, left, right),
        )| Everything {
            key,
            uid,
            ip,
            pool,
            fq,
            ext,
            big,
            unsigned,
            ratio,
            mode: mode.map(|m| Mode(m.to_string())),
            items,
            tags,
            labels,
            counts,
            left,
            right,
            next: None,
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn create_and_update_never_panic(new in everything(), old in everything()) {
        for e in &new.validate(&Operation::create()) {
            prop_assert!(e.to_string().starts_with(e.field()));
        }
        for e in &new.validate_update(&old, &Operation::update().with_option("X")) {
            prop_assert!(!e.to_string().is_empty());
        }
        let mut nested = new.clone();
        nested.next = Some(Box::new(old.clone()));
        let errs = nested.validate(&Operation::create());
        prop_assert!(errs.len() >= new.validate(&Operation::create()).len());
    }
}

#[test]
fn deep_nesting_validates() {
    let leaf = Everything {
        key: "ok".into(),
        uid: None,
        ip: None,
        pool: "a".into(),
        fq: "example.com/name".into(),
        ext: "example.com/x".into(),
        big: 0,
        unsigned: 0,
        ratio: f64::NAN,
        mode: None,
        items: vec![],
        tags: vec![],
        labels: BTreeMap::new(),
        counts: HashMap::new(),
        left: None,
        right: None,
        next: None,
    };
    let mut v = leaf.clone();
    for _ in 0..200 {
        let mut parent = leaf.clone();
        parent.next = Some(Box::new(v));
        v = parent;
    }
    let errs = v.validate(&Operation::create());
    // validateFalse on every level, and the deepest path is 200 `next`s long.
    assert_eq!(errs.len(), 201);
    assert_eq!(errs[200].field(), format!("{}ratio", "next.".repeat(200)));
    assert_eq!(
        errs[0].to_string(),
        "ratio: Invalid value: NaN: forced failure: float"
    );
}
