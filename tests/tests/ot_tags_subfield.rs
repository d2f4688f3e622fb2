//! Port of upstream `cmd/validation-gen/output_tests/tags/subfield/shallow`
//! (kubernetes/code-generator v0.35.0) and `tags/subfield/list` (v0.37.2,
//! where it first appears; run as Kubernetes 1.37, since 1.35 refuses a
//! list-map through a subfield and 1.36 checks no uniqueness there:
//! `subfield_lists_by_release.rs`): `+k8s:subfield(name)` on struct and
//! struct-pointer fields, several tags per subfield, and list semantics
//! declared through a subfield of an opaque type.
//! Not ported here: `subfield/deep` (nested subfields, 1.35 and 1.36 only:
//! `ot_tags_subfield_deep.rs`), `subfield/shortcircuit` (short-circuit inheritance, a known gap),
//! `subfield/nonincluded` (Go package-qualified embedded paths) and
//! `subfield/unions` (1.36+ union origins).
#![allow(non_snake_case)]

use std::collections::BTreeMap;

use conformance_tests::{duplicate, st, TF};
use k8s_validation::Validate;
use serde::Serialize;

mod shallow {
    use super::*;

    /// Validations of the fields of struct-typed fields.
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct Struct {
        /// +k8s:subfield(stringField)=+k8s:validateFalse="subfield Struct.StructField.StringField 1"
        /// +k8s:subfield(stringField)=+k8s:validateFalse="subfield Struct.StructField.StringField 2"
        /// +k8s:subfield(pointerField)=+k8s:validateFalse="subfield Struct.StructField.PointerField"
        /// +k8s:subfield(structField)=+k8s:validateFalse="subfield Struct.StructField.StructField"
        /// +k8s:subfield(sliceField)=+k8s:validateFalse="subfield Struct.StructField.SliceField"
        /// +k8s:subfield(mapField)=+k8s:validateFalse="subfield Struct.StructField.MapField"
        pub structField: OtherStruct,
        /// +k8s:subfield(stringField)=+k8s:validateFalse="subfield Struct.StructPtrField.StringField 1"
        /// +k8s:subfield(stringField)=+k8s:validateFalse="subfield Struct.StructPtrField.StringField 2"
        /// +k8s:subfield(pointerField)=+k8s:validateFalse="subfield Struct.StructPtrField.PointerField"
        /// +k8s:subfield(structField)=+k8s:validateFalse="subfield Struct.StructPtrField.StructField"
        /// +k8s:subfield(sliceField)=+k8s:validateFalse="subfield Struct.StructPtrField.SliceField"
        /// +k8s:subfield(mapField)=+k8s:validateFalse="subfield Struct.StructPtrField.MapField"
        pub structPtrField: Option<OtherStruct>,
    }

    #[derive(Validate, Serialize, PartialEq, Debug, Clone, Default)]
    pub struct OtherStruct {
        pub stringField: String,
        pub pointerField: Option<String>,
        pub structField: SmallStruct,
        pub sliceField: Vec<String>,
        pub mapField: BTreeMap<String, String>,
    }

    #[derive(Validate, Serialize, PartialEq, Debug, Clone, Default)]
    pub struct SmallStruct {
        pub stringField: String,
    }

    fn other() -> OtherStruct {
        OtherStruct {
            pointerField: Some(String::new()),
            ..OtherStruct::default()
        }
    }

    #[test]
    fn cases() {
        let v = Struct {
            structField: other(),
            structPtrField: Some(other()),
        };
        st(&v).expect_forced(&[
            (
                "structField.stringField",
                &[
                    "subfield Struct.StructField.StringField 1",
                    "subfield Struct.StructField.StringField 2",
                ],
            ),
            (
                "structField.pointerField",
                &["subfield Struct.StructField.PointerField"],
            ),
            (
                "structField.structField",
                &["subfield Struct.StructField.StructField"],
            ),
            (
                "structField.sliceField",
                &["subfield Struct.StructField.SliceField"],
            ),
            (
                "structField.mapField",
                &["subfield Struct.StructField.MapField"],
            ),
            (
                "structPtrField.stringField",
                &[
                    "subfield Struct.StructPtrField.StringField 1",
                    "subfield Struct.StructPtrField.StringField 2",
                ],
            ),
            (
                "structPtrField.pointerField",
                &["subfield Struct.StructPtrField.PointerField"],
            ),
            (
                "structPtrField.structField",
                &["subfield Struct.StructPtrField.StructField"],
            ),
            (
                "structPtrField.sliceField",
                &["subfield Struct.StructPtrField.SliceField"],
            ),
            (
                "structPtrField.mapField",
                &["subfield Struct.StructPtrField.MapField"],
            ),
        ]);
        // The bad value is the subfield's value.
        let errs = st(&v).errors();
        let texts: Vec<String> = errs.iter().take(3).map(|e| e.to_string()).collect();
        assert_eq!(
            texts,
            [
                r#"structField.stringField: Invalid value: "": forced failure: subfield Struct.StructField.StringField 1"#,
                r#"structField.stringField: Invalid value: "": forced failure: subfield Struct.StructField.StringField 2"#,
                r#"structField.pointerField: Invalid value: "": forced failure: subfield Struct.StructField.PointerField"#,
            ]
        );
        // Unchanged subfields ratchet.
        st(&v).old(&v.clone()).expect_valid();
    }
}

mod list {
    use super::*;

    #[derive(Validate, Serialize, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct Struct {
        /// +k8s:subfield(ownerReferences)=+k8s:listType=map
        /// +k8s:subfield(ownerReferences)=+k8s:listMapKey=uid
        /// +k8s:subfield(finalizers)=+k8s:listType=set
        /// +k8s:subfield(labels)=+k8s:eachKey=+k8s:validateFalse="labels key error"
        /// +k8s:opaqueType
        pub objectMeta: ObjectMeta,
    }

    /// A small stand-in for `metav1.ObjectMeta`, which has no validations.
    #[derive(Validate, Serialize, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct ObjectMeta {
        pub ownerReferences: Vec<OwnerReference>,
        pub finalizers: Vec<String>,
        pub labels: BTreeMap<String, String>,
    }

    #[derive(Validate, Serialize, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct OwnerReference {
        pub uid: String,
        pub name: String,
    }

    fn meta(f: impl FnOnce(&mut ObjectMeta)) -> Struct {
        let mut m = ObjectMeta::default();
        f(&mut m);
        Struct { objectMeta: m }
    }

    #[test]
    fn cases() {
        st(&meta(|m| {
            m.finalizers = vec!["finalizer1".into(), "finalizer2".into()]
        }))
        .expect_valid();
        let r = |uid: &str, name: &str| OwnerReference {
            uid: uid.into(),
            name: name.into(),
        };
        let dups = meta(|m| m.ownerReferences = vec![r("1", "ref1"), r("1", "ref2")]);
        st(&dups).expect(TF, &[duplicate("objectMeta.ownerReferences[1]")]);
        st(&dups).expect_texts(&[
            r#"objectMeta.ownerReferences[1]: Duplicate value: {"uid":"1","name":"ref2"}"#,
        ]);
        st(&meta(|m| {
            m.finalizers = vec!["finalizer1".into(), "finalizer1".into()]
        }))
        .expect(TF, &[duplicate("objectMeta.finalizers[1]")]);
        st(&meta(|m| {
            m.labels = BTreeMap::from([("key1".into(), "val1".into())])
        }))
        .expect_forced(&[("objectMeta.labels", &["labels key error"])]);
    }
}
