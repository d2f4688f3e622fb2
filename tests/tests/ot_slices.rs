//! Port of upstream `cmd/validation-gen/output_tests/slices/{slice_of_primitive,
//! slice_of_struct,typedef_to_slice,multiple_validations}` (kubernetes/code-generator
//! v0.35.0): each package's `testdata/validate-false.json`, plus the
//! emission order of upstream's generated code. `eachVal` on lists, list
//! typedefs, and the element type's own validations.
#![allow(non_snake_case)]

use conformance_tests::{assert_forced_order, fixture};
use k8s_validation::{Operation, Validate};

mod slice_of_primitive {
    use super::*;

    /// +k8s:validateFalse="type Struct"
    #[derive(Validate, PartialEq, Debug, Clone)]
    pub struct Struct {
        /// +k8s:validateFalse="field Struct.ListField"
        /// +k8s:eachVal=+k8s:validateFalse="field Struct.ListField[*]"
        pub listField: Vec<String>,
        /// +k8s:validateFalse="field Struct.ListTypedefField"
        /// +k8s:eachVal=+k8s:validateFalse="field Struct.ListTypedefField[*]"
        pub listTypedefField: Vec<StringType>,
        pub UnvalidatedListField: Vec<String>,
    }

    /// +k8s:validateFalse="type StringType"
    #[derive(Validate, PartialEq, Debug, Clone)]
    pub struct StringType(pub String);

    fn full() -> Struct {
        Struct {
            listField: vec!["a".into(), "b".into()],
            listTypedefField: vec![StringType("a".into()), StringType("b".into())],
            UnvalidatedListField: vec!["a".into(), "b".into()],
        }
    }

    #[test]
    fn fixture_struct() {
        fixture(
            &full(),
            &[
                ("", &["type Struct"]),
                ("listField", &["field Struct.ListField"]),
                ("listField[0]", &["field Struct.ListField[*]"]),
                ("listField[1]", &["field Struct.ListField[*]"]),
                ("listTypedefField", &["field Struct.ListTypedefField"]),
                (
                    "listTypedefField[0]",
                    &["field Struct.ListTypedefField[*]", "type StringType"],
                ),
                (
                    "listTypedefField[1]",
                    &["field Struct.ListTypedefField[*]", "type StringType"],
                ),
            ],
        );
    }

    #[test]
    fn emission_order() {
        // Field tags, then eachVal over the elements, then the element
        // type's validations over the elements.
        assert_forced_order(
            &full().validate(&Operation::create()),
            &[
                ("", "type Struct"),
                ("listField", "field Struct.ListField"),
                ("listField[0]", "field Struct.ListField[*]"),
                ("listField[1]", "field Struct.ListField[*]"),
                ("listTypedefField", "field Struct.ListTypedefField"),
                ("listTypedefField[0]", "field Struct.ListTypedefField[*]"),
                ("listTypedefField[1]", "field Struct.ListTypedefField[*]"),
                ("listTypedefField[0]", "type StringType"),
                ("listTypedefField[1]", "type StringType"),
            ],
        );
    }

    #[test]
    fn atomic_list_revalidates_every_element_when_changed() {
        // No listType: nothing correlates, so a changed list revalidates all
        // its elements; an unchanged one is skipped by the field ratchet.
        let old = full();
        let mut new = full();
        new.listField.push("c".into());
        let errs = new.validate_update(&old, &Operation::update());
        assert_forced_order(
            &errs,
            &[
                ("", "type Struct"),
                ("listField", "field Struct.ListField"),
                ("listField[0]", "field Struct.ListField[*]"),
                ("listField[1]", "field Struct.ListField[*]"),
                ("listField[2]", "field Struct.ListField[*]"),
            ],
        );
    }
}

mod slice_of_struct {
    use super::*;

    /// +k8s:validateFalse="type Struct"
    #[derive(Validate, PartialEq, Debug, Clone)]
    pub struct Struct {
        /// +k8s:validateFalse="field Struct.ListField"
        /// +k8s:eachVal=+k8s:validateFalse="field Struct.ListField[*]"
        pub listField: Vec<OtherStruct>,
        /// +k8s:validateFalse="field Struct.ListTypedefField"
        /// +k8s:eachVal=+k8s:validateFalse="field Struct.ListTypedefField[*]"
        pub listTypedefField: Vec<OtherTypedefStruct>,
        pub UnvalidatedListField: Vec<OtherStruct>,
    }

    /// +k8s:validateFalse="type OtherStruct"
    #[derive(Validate, PartialEq, Debug, Clone)]
    pub struct OtherStruct {}

    /// +k8s:validateFalse="type OtherTypedefStruct"
    #[derive(Validate, PartialEq, Debug, Clone)]
    pub struct OtherTypedefStruct(pub OtherStruct);

    #[test]
    fn fixture_struct() {
        let v = Struct {
            listField: vec![OtherStruct {}, OtherStruct {}],
            listTypedefField: vec![
                OtherTypedefStruct(OtherStruct {}),
                OtherTypedefStruct(OtherStruct {}),
            ],
            UnvalidatedListField: vec![OtherStruct {}, OtherStruct {}],
        };
        fixture(
            &v,
            &[
                ("", &["type Struct"]),
                ("UnvalidatedListField[0]", &["type OtherStruct"]),
                ("UnvalidatedListField[1]", &["type OtherStruct"]),
                ("listField", &["field Struct.ListField"]),
                (
                    "listField[0]",
                    &["field Struct.ListField[*]", "type OtherStruct"],
                ),
                (
                    "listField[1]",
                    &["field Struct.ListField[*]", "type OtherStruct"],
                ),
                ("listTypedefField", &["field Struct.ListTypedefField"]),
                (
                    "listTypedefField[0]",
                    &[
                        "field Struct.ListTypedefField[*]",
                        "type OtherTypedefStruct",
                    ],
                ),
                (
                    "listTypedefField[1]",
                    &[
                        "field Struct.ListTypedefField[*]",
                        "type OtherTypedefStruct",
                    ],
                ),
            ],
        );
    }
}

mod typedef_to_slice {
    use super::*;

    /// Note: no validation here.
    #[derive(Validate, PartialEq, Debug, Clone)]
    pub struct UnvalidatedType(pub Vec<String>);

    /// +k8s:validateFalse="type ListType"
    /// +k8s:eachVal=+k8s:validateFalse="type ListType[*]"
    #[derive(Validate, PartialEq, Debug, Clone)]
    pub struct ListType(pub Vec<String>);

    /// Note: no validation here.
    #[derive(Validate, PartialEq, Debug, Clone)]
    pub struct UnvalidatedPtrType(pub Vec<Option<String>>);

    /// +k8s:validateFalse="type StringType"
    #[derive(Validate, PartialEq, Debug, Clone)]
    pub struct StringType(pub String);

    /// +k8s:validateFalse="type ListTypedefType"
    /// +k8s:eachVal=+k8s:validateFalse="type ListTypedefType[*]"
    #[derive(Validate, PartialEq, Debug, Clone)]
    pub struct ListTypedefType(pub Vec<StringType>);

    /// +k8s:validateFalse="type Struct"
    #[derive(Validate, PartialEq, Debug, Clone)]
    pub struct Struct {
        /// +k8s:validateFalse="field Struct.ListField"
        /// +k8s:eachVal=+k8s:validateFalse="field Struct.ListField[*]"
        pub listField: ListType,
        /// +k8s:validateFalse="field Struct.ListTypedefField"
        /// +k8s:eachVal=+k8s:validateFalse="field Struct.ListTypedefField[*]"
        pub listTypedefField: ListTypedefType,
    }

    #[test]
    fn fixture_struct() {
        let v = Struct {
            listField: ListType(vec!["a".into(), "b".into()]),
            listTypedefField: ListTypedefType(vec![StringType("a".into()), StringType("b".into())]),
        };
        fixture(
            &v,
            &[
                ("", &["type Struct"]),
                ("listField", &["field Struct.ListField", "type ListType"]),
                (
                    "listField[0]",
                    &["field Struct.ListField[*]", "type ListType[*]"],
                ),
                (
                    "listField[1]",
                    &["field Struct.ListField[*]", "type ListType[*]"],
                ),
                (
                    "listTypedefField",
                    &["field Struct.ListTypedefField", "type ListTypedefType"],
                ),
                (
                    "listTypedefField[0]",
                    &[
                        "field Struct.ListTypedefField[*]",
                        "type ListTypedefType[*]",
                        "type StringType",
                    ],
                ),
                (
                    "listTypedefField[1]",
                    &[
                        "field Struct.ListTypedefField[*]",
                        "type ListTypedefType[*]",
                        "type StringType",
                    ],
                ),
            ],
        );
        let u = UnvalidatedPtrType(vec![Some("a".into()), None]);
        fixture(&u, &[]);
        fixture(&UnvalidatedType(vec!["a".into()]), &[]);
    }
}

mod multiple_validations {
    use super::*;

    /// +k8s:validateFalse="type Struct #1"
    /// +k8s:validateFalse="type Struct #2"
    #[derive(Validate, PartialEq, Debug, Clone)]
    pub struct Struct {
        /// +k8s:validateFalse="field Struct.ListField #1"
        /// +k8s:validateFalse="field Struct.ListField #2"
        /// +k8s:eachVal=+k8s:validateFalse="field Struct.ListField[*] #1"
        /// +k8s:eachVal=+k8s:validateFalse="field Struct.ListField[*] #2"
        pub listField: Vec<String>,
        pub UnvalidatedListField: Vec<String>,
    }

    #[test]
    fn fixture_struct() {
        let v = Struct {
            listField: vec!["a".into(), "b".into()],
            UnvalidatedListField: vec!["a".into(), "b".into()],
        };
        fixture(
            &v,
            &[
                ("", &["type Struct #1", "type Struct #2"]),
                (
                    "listField",
                    &["field Struct.ListField #1", "field Struct.ListField #2"],
                ),
                (
                    "listField[0]",
                    &[
                        "field Struct.ListField[*] #1",
                        "field Struct.ListField[*] #2",
                    ],
                ),
                (
                    "listField[1]",
                    &[
                        "field Struct.ListField[*] #1",
                        "field Struct.ListField[*] #2",
                    ],
                ),
            ],
        );
    }
}
