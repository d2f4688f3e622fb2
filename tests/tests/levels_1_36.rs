//! Kubernetes 1.36: stability levels of the validations upstream emits away
//! from the tag that declares them, when that tag is under `+k8s:alpha` /
//! `+k8s:beta` (code-generator v0.36.0 `validators/list.go`, `update.go`,
//! `union.go`, `item.go`: `stabilityLevel`). Each case checks the error's
//! field, origin and level.

use k8s_validation::{ErrorList, Operation, StabilityLevel, Validate};

type Seen = Vec<(String, Option<String>, Option<StabilityLevel>)>;

fn seen(errs: &ErrorList) -> Seen {
    errs.iter()
        .map(|e| {
            (
                e.field().to_string(),
                e.origin().map(str::to_string),
                e.stability_level(),
            )
        })
        .collect()
}

fn want(items: &[(&str, Option<&str>, Option<StabilityLevel>)]) -> Seen {
    items
        .iter()
        .map(|(f, o, l)| (f.to_string(), o.map(str::to_string), *l))
        .collect()
}

const ALPHA: Option<StabilityLevel> = Some(StabilityLevel::Alpha);
const BETA: Option<StabilityLevel> = Some(StabilityLevel::Beta);

#[derive(Validate, serde::Serialize, PartialEq, Debug, Clone, Default)]
#[validate(kubernetes = "1.36")]
pub struct Item {
    pub name: String,
    pub value: i32,
}

#[derive(Validate, serde::Serialize, PartialEq, Debug, Clone, Default)]
#[validate(kubernetes = "1.36")]
pub struct Lists {
    /// `listType=atomic` with uniqueness under alpha (resource/v1's
    /// `sharedCounters`): the uniqueness check is alpha.
    /// +k8s:listType=atomic
    /// +k8s:alpha(since: "1.36")=+k8s:unique=map
    /// +k8s:alpha(since: "1.36")=+k8s:listMapKey=name
    pub by_name: Vec<Item>,
    /// +k8s:beta=+k8s:listType=set
    pub set: Vec<String>,
    /// +k8s:listType=set
    pub plain: Vec<String>,
}

#[derive(Validate, serde::Serialize, PartialEq, Debug, Clone, Default)]
#[validate(kubernetes = "1.36")]
pub struct Updates {
    /// +k8s:alpha(since: "1.36")=+k8s:update=NoModify
    pub fixed: Option<String>,
    /// Merged with the bare one; the level of the last (beta).
    /// +k8s:update=NoSet
    /// +k8s:beta=+k8s:update=NoModify
    pub merged: Option<String>,
}

#[derive(Validate, serde::Serialize, PartialEq, Debug, Clone, Default)]
#[validate(kubernetes = "1.36")]
pub struct Union {
    /// +k8s:optional
    /// +k8s:alpha(since: "1.36")=+k8s:unionMember
    pub a: Option<String>,
    /// +k8s:optional
    /// +k8s:alpha(since: "1.36")=+k8s:unionMember
    pub b: Option<String>,
}

#[derive(Validate, serde::Serialize, PartialEq, Debug, Clone, Default)]
#[validate(kubernetes = "1.36")]
pub struct Condition {
    #[serde(rename = "type")]
    pub type_: String,
}

#[derive(Validate, serde::Serialize, PartialEq, Debug, Clone, Default)]
#[validate(kubernetes = "1.36")]
pub struct ItemUnion {
    /// certificates/v1's `conditions`.
    /// +k8s:alpha(since: "1.36")=+k8s:listType=map
    /// +k8s:alpha(since: "1.36")=+k8s:listMapKey=type
    /// +k8s:alpha(since: "1.36")=+k8s:customUnique
    /// +k8s:alpha(since: "1.36")=+k8s:item(type: "Approved")=+k8s:zeroOrOneOfMember
    /// +k8s:alpha(since: "1.36")=+k8s:item(type: "Denied")=+k8s:zeroOrOneOfMember
    pub conditions: Vec<Condition>,
}

fn item(name: &str) -> Item {
    Item {
        name: name.into(),
        value: 0,
    }
}

#[test]
fn list_uniqueness_takes_the_level_of_its_list_type_or_unique() {
    let v = Lists {
        by_name: vec![item("a"), item("a")],
        set: vec!["x".into(), "x".into()],
        plain: vec!["y".into(), "y".into()],
    };
    assert_eq!(
        seen(&v.validate(&Operation::create())),
        want(&[
            ("by_name[1]", None, ALPHA),
            ("set[1]", None, BETA),
            ("plain[1]", None, None),
        ])
    );
}

#[test]
fn update_constraints_take_the_level_of_the_last_update_tag() {
    let old = Updates {
        fixed: Some("a".into()),
        merged: Some("a".into()),
    };
    let new = Updates {
        fixed: Some("b".into()),
        merged: Some("b".into()),
    };
    assert_eq!(
        seen(&new.validate_update(&old, &Operation::update())),
        want(&[
            ("fixed", Some("update"), ALPHA),
            ("merged", Some("update"), BETA)
        ])
    );
    // NoSet merged into the same call.
    let unset = Updates::default();
    let set = Updates {
        merged: Some("b".into()),
        ..Updates::default()
    };
    assert_eq!(
        seen(&set.validate_update(&unset, &Operation::update())),
        want(&[("merged", Some("update"), BETA)])
    );
}

#[test]
fn unions_take_the_level_of_their_members() {
    let v = Union {
        a: Some("x".into()),
        b: Some("y".into()),
    };
    assert_eq!(
        seen(&v.validate(&Operation::create())),
        want(&[("<nil>", Some("union"), ALPHA)])
    );
}

#[test]
fn list_item_unions_under_a_level_count_and_are_marked() {
    let c = |t: &str| Condition { type_: t.into() };
    let v = ItemUnion {
        conditions: vec![c("Approved"), c("Denied")],
    };
    assert_eq!(
        seen(&v.validate(&Operation::create())),
        want(&[("conditions", Some("zeroOrOneOf"), ALPHA)])
    );
}
