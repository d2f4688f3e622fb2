//! Kubernetes 1.35 (and 1.36) run `+k8s:subfield(x)=...` validations whatever
//! the subfield's own short-circuiting tags say: an unset optional subfield
//! is still checked, and a subfield failing `required` reports both. 1.37
//! copies them into the subfield's cohort as silent stops (code-generator
//! v0.37.2 `validators/subfield.go`, `extractMemberShortCircuits`); the
//! 1.37 cases port `output_tests/tags/subfield/shortcircuit`.
//!
//! As upstream generates a whole package for one release, a struct whose
//! fields a 1.37 subfield inherits short-circuits from is validated as 1.37
//! too: the derive generates `HasField::short_circuits` for structs of 1.37
//! only (in a 1.35 or 1.36 struct it would never run).

use k8s_validation::{ErrorType, Operation, Validate};

#[derive(Validate, PartialEq, Clone, Debug, Default)]
pub struct Inner {
    /// +k8s:required
    pub required_int: i32,
    /// +k8s:optional
    pub optional_int: Option<i32>,
    pub plain_int: i32,
}

#[derive(Validate, PartialEq, Clone, Debug, Default)]
pub struct Outer {
    /// +k8s:subfield(required_int)=+k8s:validateFalse="subfield required_int"
    /// +k8s:subfield(optional_int)=+k8s:validateFalse="subfield optional_int"
    /// +k8s:subfield(plain_int)=+k8s:validateFalse="subfield plain_int"
    pub inner: Inner,
}

fn details(o: &Outer) -> Vec<(ErrorType, String, String)> {
    o.validate(&Operation::create())
        .iter()
        .map(|e| (e.kind(), e.field().to_string(), e.detail().to_string()))
        .collect()
}

#[test]
fn subfield_validations_do_not_inherit_short_circuits_in_1_35() {
    let o = Outer::default();
    assert_eq!(
        details(&o),
        vec![
            (
                ErrorType::Invalid,
                "inner.required_int".into(),
                "forced failure: subfield required_int".into()
            ),
            (
                ErrorType::Invalid,
                "inner.optional_int".into(),
                "forced failure: subfield optional_int".into()
            ),
            (
                ErrorType::Invalid,
                "inner.plain_int".into(),
                "forced failure: subfield plain_int".into()
            ),
            (ErrorType::Required, "inner.required_int".into(), "".into()),
        ]
    );
}

#[derive(Validate, PartialEq, Clone, Debug, Default)]
#[validate(kubernetes = "1.36")]
pub struct Outer136 {
    /// +k8s:subfield(required_int)=+k8s:validateFalse="subfield required_int"
    /// +k8s:subfield(optional_int)=+k8s:validateFalse="subfield optional_int"
    /// +k8s:subfield(plain_int)=+k8s:validateFalse="subfield plain_int"
    pub inner: Inner,
}

/// [`Inner`], validated as Kubernetes 1.37.
#[derive(Validate, PartialEq, Clone, Debug, Default)]
#[validate(kubernetes = "1.37")]
pub struct Inner137 {
    /// +k8s:required
    pub required_int: i32,
    /// +k8s:optional
    pub optional_int: Option<i32>,
    pub plain_int: i32,
}

#[derive(Validate, PartialEq, Clone, Debug, Default)]
#[validate(kubernetes = "1.37")]
pub struct Outer137 {
    /// +k8s:subfield(required_int)=+k8s:validateFalse="subfield required_int"
    /// +k8s:subfield(optional_int)=+k8s:validateFalse="subfield optional_int"
    /// +k8s:subfield(plain_int)=+k8s:validateFalse="subfield plain_int"
    pub inner: Inner137,
}

fn details_of<T: Validate>(v: &T, old: Option<&T>) -> Vec<(ErrorType, String, String)> {
    let errs = match old {
        None => v.validate(&Operation::create()),
        Some(old) => v.validate_update(old, &Operation::update()),
    };
    errs.iter()
        .map(|e| (e.kind(), e.field().to_string(), e.detail().to_string()))
        .collect()
}

#[test]
fn subfield_validations_do_not_inherit_short_circuits_in_1_36() {
    let o = Outer136::default();
    assert_eq!(details_of(&o, None), details(&Outer::default()),);
}

#[test]
fn subfield_validations_inherit_short_circuits_in_1_37() {
    let o = Outer137::default();
    assert_eq!(
        details_of(&o, None),
        vec![
            (
                ErrorType::Invalid,
                "inner.plain_int".into(),
                "forced failure: subfield plain_int".into()
            ),
            (ErrorType::Required, "inner.required_int".into(), "".into()),
        ]
    );
    let set = Outer137 {
        inner: Inner137 {
            required_int: 1,
            optional_int: Some(1),
            plain_int: 0,
        },
    };
    assert_eq!(
        details_of(&set, None),
        vec![
            (
                ErrorType::Invalid,
                "inner.required_int".into(),
                "forced failure: subfield required_int".into()
            ),
            (
                ErrorType::Invalid,
                "inner.optional_int".into(),
                "forced failure: subfield optional_int".into()
            ),
            (
                ErrorType::Invalid,
                "inner.plain_int".into(),
                "forced failure: subfield plain_int".into()
            ),
        ]
    );
}

/// Port of `output_tests/tags/subfield/shortcircuit` (code-generator v0.37.2).
mod upstream_1_37 {
    use super::details_of;
    use k8s_validation::{ErrorType, Validate};

    #[derive(Validate, PartialEq, Clone, Debug, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct TargetWithRequired {
        /// +k8s:required
        pub value: Option<String>,
    }

    #[derive(Validate, PartialEq, Clone, Debug, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct TargetWithImmutable {
        /// +k8s:immutable
        pub value: String,
        pub other: String,
    }

    #[derive(Validate, PartialEq, Clone, Debug, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct ParentWithRequired {
        /// +k8s:subfield(value)=+k8s:validateFalse="subfield ParentWithRequired.Field.Value"
        pub field: TargetWithRequired,
    }

    #[derive(Validate, PartialEq, Clone, Debug, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct ParentWithImmutable {
        /// +k8s:subfield(value)=+k8s:validateFalse="subfield ParentWithImmutable.Field.Value"
        pub field: TargetWithImmutable,
    }

    #[derive(Validate, PartialEq, Clone, Debug, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct ParentWithOpaqueField {
        /// +k8s:subfield(value)=+k8s:validateFalse="subfield ParentWithOpaqueField.Field.Value"
        /// +k8s:opaqueType
        pub field: TargetWithRequired,
    }

    #[derive(Validate, PartialEq, Clone, Debug, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct ParentWithAlphaOpaqueImmutableField {
        /// +k8s:subfield(value)=+k8s:validateFalse="subfield ParentWithAlphaOpaqueImmutableField.Field.Value"
        /// +k8s:alpha=+k8s:opaqueType
        pub field: TargetWithImmutable,
    }

    /// +k8s:opaqueType
    #[derive(Validate, PartialEq, Clone, Debug, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct AliasOpaqueTargetWithRequired(pub TargetWithRequired);

    #[derive(Validate, PartialEq, Clone, Debug, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct ParentWithPointerOpaqueAlias {
        /// +k8s:subfield(value)=+k8s:validateFalse="subfield ParentWithPointerOpaqueAlias.Field.Value"
        pub field: Option<AliasOpaqueTargetWithRequired>,
    }

    fn forced(what: &str) -> (ErrorType, String, String) {
        (
            ErrorType::Invalid,
            "field.value".into(),
            format!("forced failure: subfield {what}.Field.Value"),
        )
    }

    fn immutable(v: &str) -> TargetWithImmutable {
        TargetWithImmutable {
            value: v.into(),
            other: String::new(),
        }
    }

    #[test]
    fn required_short_circuit() {
        assert_eq!(
            details_of(&ParentWithRequired::default(), None),
            vec![(ErrorType::Required, "field.value".into(), "".into())]
        );
        let set = ParentWithRequired {
            field: TargetWithRequired {
                value: Some(String::new()),
            },
        };
        assert_eq!(details_of(&set, None), vec![forced("ParentWithRequired")]);
        // Through an opaque field or an opaque typedef, nothing is inherited
        // (and the opaque value's own validation does not run).
        assert_eq!(
            details_of(&ParentWithOpaqueField::default(), None),
            vec![forced("ParentWithOpaqueField")]
        );
        let alias = ParentWithPointerOpaqueAlias {
            field: Some(AliasOpaqueTargetWithRequired::default()),
        };
        assert_eq!(
            details_of(&alias, None),
            vec![forced("ParentWithPointerOpaqueAlias")]
        );
    }

    #[test]
    fn immutable_short_circuit() {
        let new = ParentWithImmutable {
            field: immutable("new"),
        };
        let old = ParentWithImmutable {
            field: immutable("old"),
        };
        assert_eq!(
            details_of(&new, Some(&old)),
            vec![(
                ErrorType::Invalid,
                "field.value".into(),
                "field is immutable".into()
            )]
        );
        assert_eq!(details_of(&new, None), vec![forced("ParentWithImmutable")]);
        let new = ParentWithAlphaOpaqueImmutableField {
            field: immutable("new"),
        };
        let old = ParentWithAlphaOpaqueImmutableField {
            field: immutable("old"),
        };
        assert_eq!(
            details_of(&new, Some(&old)),
            vec![forced("ParentWithAlphaOpaqueImmutableField")]
        );
    }
}

/// Under `+k8s:eachVal`, upstream's wrapper drops the subfield's cohort, so
/// an inherited stop ends the whole field's validation (`items`: the
/// subfield format, the list-map uniqueness and the items' own validation).
/// The stop goes through `Subfield`, which ratchets: on update, an item
/// whose subfield is unchanged does not stop (found by `run --release 1.37`,
/// fixture `SubfieldShortCircuitsEach`).
mod each_val {
    use super::*;

    #[derive(Validate, PartialEq, Clone, Debug, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct SubItem {
        /// +k8s:required
        pub name: String,
        /// +k8s:optional
        pub value: String,
        /// +k8s:required
        pub count: Option<i32>,
    }

    #[derive(Validate, PartialEq, Clone, Debug, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct Each {
        /// +k8s:listType=map
        /// +k8s:listMapKey=name
        /// +k8s:eachVal=+k8s:subfield(value)=+k8s:format=k8s-short-name
        pub items: Vec<SubItem>,
    }

    fn item(name: &str, count: Option<i32>) -> SubItem {
        SubItem {
            name: name.into(),
            value: String::new(),
            count,
        }
    }

    #[test]
    fn an_unset_subfield_stops_the_field() {
        let new = Each {
            items: vec![item("a", None)],
        };
        assert_eq!(details_of(&new, None), vec![]);
    }

    #[test]
    fn an_unchanged_subfield_does_not_stop_on_update() {
        let new = Each {
            items: vec![item("a", None)],
        };
        let old = Each {
            items: vec![item("a", Some(0))],
        };
        assert_eq!(
            details_of(&new, Some(&old)),
            vec![(ErrorType::Required, "items[0].count".into(), "".into())]
        );
        // A new item has no old value: the stop applies.
        let old = Each {
            items: vec![item("b", Some(0))],
        };
        assert_eq!(details_of(&new, Some(&old)), vec![]);
    }
}
