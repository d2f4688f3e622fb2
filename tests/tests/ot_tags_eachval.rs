//! Port of upstream `cmd/validation-gen/output_tests/tags/eachval/{map_of_primitive,
//! map_of_struct,slice_of_primitive,slice_of_struct,typedef_to_map,typedef_to_slice}`
//! (kubernetes/code-generator v0.35.0): `+k8s:eachVal` on lists and maps of
//! primitives, structs and typedefs, on list/map typedefs and on fields of
//! those typedefs, with ratcheting. (`eachval/slice_of_pointers`, v0.37.2,
//! is ported with the other lists of pointers in `ot_pointer_lists_1_37.rs`.)
#![allow(non_snake_case)]

use std::collections::BTreeMap;

use conformance_tests::st;
use k8s_validation::Validate;

fn ab<V>(f: impl Fn(&str) -> V) -> BTreeMap<String, V> {
    BTreeMap::from([("a".to_string(), f("A")), ("b".to_string(), f("B"))])
}

mod map_of_primitive {
    use super::*;

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct Struct {
        /// +k8s:eachVal=+k8s:validateFalse="field Struct.MapField[*]"
        pub mapField: BTreeMap<String, String>,
        /// +k8s:eachVal=+k8s:validateFalse="field Struct.MapTypedefField[*]"
        pub mapTypedefField: BTreeMap<String, StringType>,
    }

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct StringType(pub String);

    #[test]
    fn cases() {
        st(&Struct::default()).expect_valid();
        let v = Struct {
            mapField: ab(|v| v.to_string()),
            mapTypedefField: ab(|v| StringType(v.into())),
        };
        st(&v).expect_forced(&[
            ("mapField[a]", &["field Struct.MapField[*]"]),
            ("mapField[b]", &["field Struct.MapField[*]"]),
            ("mapTypedefField[a]", &["field Struct.MapTypedefField[*]"]),
            ("mapTypedefField[b]", &["field Struct.MapTypedefField[*]"]),
        ]);
        st(&v).expect_texts(&[
            r#"mapField[a]: Invalid value: "A": forced failure: field Struct.MapField[*]"#,
            r#"mapField[b]: Invalid value: "B": forced failure: field Struct.MapField[*]"#,
            r#"mapTypedefField[a]: Invalid value: "A": forced failure: field Struct.MapTypedefField[*]"#,
            r#"mapTypedefField[b]: Invalid value: "B": forced failure: field Struct.MapTypedefField[*]"#,
        ]);
    }
}

mod map_of_struct {
    use super::*;

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct Struct {
        /// +k8s:eachVal=+k8s:validateFalse="field Struct.MapField[*]"
        pub mapField: BTreeMap<String, OtherStruct>,
        /// +k8s:eachVal=+k8s:validateFalse="field Struct.MapTypedefField[*]"
        pub mapTypedefField: BTreeMap<String, OtherTypedefStruct>,
    }

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct OtherStruct {}

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct OtherTypedefStruct(pub OtherStruct);

    #[test]
    fn cases() {
        st(&Struct::default()).expect_valid();
        let v = Struct {
            mapField: ab(|_| OtherStruct {}),
            mapTypedefField: ab(|_| OtherTypedefStruct(OtherStruct {})),
        };
        st(&v).expect_forced(&[
            ("mapField[a]", &["field Struct.MapField[*]"]),
            ("mapField[b]", &["field Struct.MapField[*]"]),
            ("mapTypedefField[a]", &["field Struct.MapTypedefField[*]"]),
            ("mapTypedefField[b]", &["field Struct.MapTypedefField[*]"]),
        ]);
    }
}

mod slice_of_primitive {
    use super::*;

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct Struct {
        /// +k8s:eachVal=+k8s:validateFalse="field Struct.ListField[*]"
        pub listField: Vec<String>,
        /// +k8s:eachVal=+k8s:validateFalse="field Struct.ListTypedefField[*]"
        pub listTypedefField: Vec<StringType>,
    }

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct StringType(pub String);

    fn v(a: &str, b: &str) -> Struct {
        Struct {
            listField: vec![a.into(), b.into()],
            listTypedefField: vec![StringType(a.into()), StringType(b.into())],
        }
    }

    #[test]
    fn cases() {
        st(&Struct::default()).expect_valid();
        let all: &[(&str, &[&str])] = &[
            ("listField[0]", &["field Struct.ListField[*]"]),
            ("listField[1]", &["field Struct.ListField[*]"]),
            ("listTypedefField[0]", &["field Struct.ListTypedefField[*]"]),
            ("listTypedefField[1]", &["field Struct.ListTypedefField[*]"]),
        ];
        st(&v("zero", "one")).expect_forced(all);
        // Same data, different order: an atomic list does not correlate.
        st(&v("zero", "one"))
            .old(&v("one", "zero"))
            .expect_forced(all);
        st(&v("zero", "one")).old(&v("zero", "one")).expect_valid();
    }
}

mod slice_of_struct {
    use super::*;

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct Struct {
        /// +k8s:eachVal=+k8s:validateFalse="field Struct.ListField[*]"
        pub listField: Vec<OtherStruct>,
        /// +k8s:eachVal=+k8s:validateFalse="field Struct.ListTypedefField[*]"
        pub listTypedefField: Vec<OtherTypedefStruct>,
        /// +k8s:eachVal=+k8s:validateFalse="field Struct.ListNonComparableField[*]"
        pub listNonComparableField: Vec<NonComparableStruct>,
    }

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct OtherStruct {}

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct OtherTypedefStruct(pub OtherStruct);

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct NonComparableStruct {
        pub sliceField: Vec<String>,
    }

    fn nc(v: &[&str]) -> NonComparableStruct {
        NonComparableStruct {
            sliceField: v.iter().map(|s| s.to_string()).collect(),
        }
    }

    #[test]
    fn cases() {
        st(&Struct::default()).expect_valid();
        let two = Struct {
            listField: vec![OtherStruct {}, OtherStruct {}],
            listTypedefField: vec![
                OtherTypedefStruct(OtherStruct {}),
                OtherTypedefStruct(OtherStruct {}),
            ],
            listNonComparableField: vec![],
        };
        st(&two).expect_forced(&[
            ("listField[0]", &["field Struct.ListField[*]"]),
            ("listField[1]", &["field Struct.ListField[*]"]),
            ("listTypedefField[0]", &["field Struct.ListTypedefField[*]"]),
            ("listTypedefField[1]", &["field Struct.ListTypedefField[*]"]),
        ]);
        let ncv = Struct {
            listNonComparableField: vec![nc(&["zero", "one"]), nc(&["three", "four"])],
            ..Struct::default()
        };
        st(&ncv).expect_forced(&[
            (
                "listNonComparableField[0]",
                &["field Struct.ListNonComparableField[*]"],
            ),
            (
                "listNonComparableField[1]",
                &["field Struct.ListNonComparableField[*]"],
            ),
        ]);
        st(&two).old(&two.clone()).expect_valid();
        // The remaining element exists in the old list, but this is not a set.
        let new = Struct {
            listNonComparableField: vec![nc(&["three", "four"])],
            ..Struct::default()
        };
        st(&new).old(&ncv).expect_forced(&[(
            "listNonComparableField[0]",
            &["field Struct.ListNonComparableField[*]"],
        )]);
    }
}

mod typedef_to_map {
    use super::*;

    /// Note: no validation here
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct UnvalidatedType(pub BTreeMap<String, String>);

    /// +k8s:eachVal=+k8s:validateFalse="type MapType[*]"
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct MapType(pub BTreeMap<String, String>);

    /// Note: no validation here
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct UnvalidatedPtrType(pub BTreeMap<String, Option<String>>);

    /// +k8s:validateFalse="type StringType"
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct StringType(pub String);

    /// +k8s:eachVal=+k8s:validateFalse="type MapTypedefType[*]"
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct MapTypedefType(pub BTreeMap<String, StringType>);

    /// +k8s:validateFalse="type Struct"
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct Struct {
        /// +k8s:eachVal=+k8s:validateFalse="field Struct.MapField[*]"
        pub mapField: MapType,
        /// +k8s:eachVal=+k8s:validateFalse="field Struct.MapTypedefField[*]"
        pub mapTypedefField: MapTypedefType,
    }

    #[test]
    fn cases() {
        st(&Struct::default()).expect_forced(&[("", &["type Struct"])]);
        st(&UnvalidatedType(ab(|v| v.to_string()))).expect_valid();
        st(&UnvalidatedPtrType(ab(|v| Some(v.to_string())))).expect_valid();
        let v = Struct {
            mapField: MapType(ab(|v| v.to_string())),
            mapTypedefField: MapTypedefType(ab(|v| StringType(v.into()))),
        };
        st(&v).expect_forced(&[
            ("", &["type Struct"]),
            (
                "mapField[a]",
                &["type MapType[*]", "field Struct.MapField[*]"],
            ),
            (
                "mapField[b]",
                &["type MapType[*]", "field Struct.MapField[*]"],
            ),
            (
                "mapTypedefField[a]",
                &[
                    "type MapTypedefType[*]",
                    "field Struct.MapTypedefField[*]",
                    "type StringType",
                ],
            ),
            (
                "mapTypedefField[b]",
                &[
                    "type MapTypedefType[*]",
                    "field Struct.MapTypedefField[*]",
                    "type StringType",
                ],
            ),
        ]);
    }
}

mod typedef_to_slice {
    use super::*;

    /// Note: no validation here
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct UnvalidatedType(pub Vec<String>);

    /// +k8s:eachVal=+k8s:validateFalse="type ListType[*]"
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct ListType(pub Vec<String>);

    /// Note: no validation here
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct UnvalidatedPtrType(pub Vec<Option<String>>);

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct StringType(pub String);

    /// +k8s:eachVal=+k8s:validateFalse="type ListTypedefType[*]"
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct ListTypedefType(pub Vec<StringType>);

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct Struct {
        /// +k8s:eachVal=+k8s:validateFalse="field Struct.ListField[*]"
        pub listField: ListType,
        /// +k8s:eachVal=+k8s:validateFalse="field Struct.ListTypedefField[*]"
        pub listTypedefField: ListTypedefType,
    }

    #[test]
    fn cases() {
        st(&Struct::default()).expect_valid();
        st(&UnvalidatedType(vec!["x".into()])).expect_valid();
        st(&UnvalidatedPtrType(vec![None])).expect_valid();
        let v = Struct {
            listField: ListType(vec!["zero".into(), "one".into()]),
            listTypedefField: ListTypedefType(vec![
                StringType("zero".into()),
                StringType("one".into()),
            ]),
        };
        st(&v).expect_forced(&[
            (
                "listField[0]",
                &["type ListType[*]", "field Struct.ListField[*]"],
            ),
            (
                "listField[1]",
                &["type ListType[*]", "field Struct.ListField[*]"],
            ),
            (
                "listTypedefField[0]",
                &[
                    "type ListTypedefType[*]",
                    "field Struct.ListTypedefField[*]",
                ],
            ),
            (
                "listTypedefField[1]",
                &[
                    "type ListTypedefType[*]",
                    "field Struct.ListTypedefField[*]",
                ],
            ),
        ]);
    }
}
