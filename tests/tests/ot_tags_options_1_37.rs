//! Port of upstream `cmd/validation-gen/output_tests/tags/options/{simple,
//! lists,maps,subfields,update}` (kubernetes/code-generator v0.37.2, where
//! the packages first appear) as Kubernetes 1.37 runs them: options are
//! three-state, so the cases run with every option *defined* (enabled or
//! disabled, upstream's `Opts(map[string]bool{..})`), and an option a tag
//! names but the request does not define is an internal error at the tag's
//! field (`options/simple`'s last case). `ot_tags_options.rs` runs the same
//! tags as 1.35 does (undefined means disabled). `options/unions` is in
//! `ot_union_wrappers_1_37.rs`; `options/discriminators` (1.37's modes) is
//! not ported.
#![allow(non_snake_case)]

use std::collections::BTreeMap;

use conformance_tests::{duplicate, internal, invalid, st, Matcher, TF, TFO};
use k8s_validation::Validate;
use serde::Serialize;

mod simple {
    use super::*;

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct MySlice(pub Vec<String>);

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct Struct {
        /// +k8s:ifEnabled(FeatureX)=+k8s:validateFalse="field Struct.XEnabledField"
        pub xEnabledField: String,
        /// +k8s:ifDisabled(FeatureX)=+k8s:validateFalse="field Struct.XDisabledField"
        pub xDisabledField: String,
        /// +k8s:ifEnabled(FeatureY)=+k8s:validateFalse="field Struct.YEnabledField"
        pub yEnabledField: String,
        /// +k8s:ifDisabled(FeatureY)=+k8s:validateFalse="field Struct.YDisabledField"
        pub yDisabledField: String,
        /// +k8s:ifEnabled(FeatureX)=+k8s:validateFalse="field Struct.XYMixedField/X"
        /// +k8s:ifDisabled(FeatureY)=+k8s:validateFalse="field Struct.XYMixedField/Y"
        pub xyMixedField: String,
        /// +k8s:ifEnabled(FeatureX)=+k8s:validateFalse="field Struct.NilableAliasField"
        pub nilableAliasField: MySlice,
    }

    #[test]
    fn cases() {
        let v = Struct::default();
        st(&v)
            .opts_disabled(&["FeatureX", "FeatureY"])
            .expect_forced(&[
                ("xDisabledField", &["field Struct.XDisabledField"]),
                ("yDisabledField", &["field Struct.YDisabledField"]),
                ("xyMixedField", &["field Struct.XYMixedField/Y"]),
            ]);
        st(&v).opts(&["FeatureX", "FeatureY"]).expect_forced(&[
            ("xEnabledField", &["field Struct.XEnabledField"]),
            ("yEnabledField", &["field Struct.YEnabledField"]),
            ("xyMixedField", &["field Struct.XYMixedField/X"]),
            ("nilableAliasField", &["field Struct.NilableAliasField"]),
        ]);
        st(&v)
            .opts(&["FeatureX"])
            .opts_disabled(&["FeatureY"])
            .expect_forced(&[
                ("xEnabledField", &["field Struct.XEnabledField"]),
                ("yDisabledField", &["field Struct.YDisabledField"]),
                (
                    "xyMixedField",
                    &["field Struct.XYMixedField/X", "field Struct.XYMixedField/Y"],
                ),
                ("nilableAliasField", &["field Struct.NilableAliasField"]),
            ]);
        st(&v)
            .opts(&["FeatureY"])
            .opts_disabled(&["FeatureX"])
            .expect_forced(&[
                ("xDisabledField", &["field Struct.XDisabledField"]),
                ("yEnabledField", &["field Struct.YEnabledField"]),
            ]);
        // No options declared: every referenced option is undeclared.
        st(&v).expect(
            TF,
            &[
                internal("xEnabledField"),
                internal("xDisabledField"),
                internal("yEnabledField"),
                internal("yDisabledField"),
                internal("xyMixedField"), // ifEnabled(FeatureX)
                internal("xyMixedField"), // ifDisabled(FeatureY)
                internal("nilableAliasField"),
            ],
        );
    }
}

mod lists {
    use super::*;

    #[derive(Validate, Serialize, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct Struct {
        /// +k8s:ifEnabled(FeatureX)=+k8s:listType=map
        /// +k8s:ifEnabled(FeatureX)=+k8s:listMapKey=name
        pub listMap: Vec<ListItem>,
        /// +k8s:ifDisabled(FeatureX)=+k8s:listType=map
        /// +k8s:ifDisabled(FeatureX)=+k8s:listMapKey=name
        pub listMapDisabled: Vec<ListItem>,
        /// +k8s:ifEnabled(FeatureX)=+k8s:eachVal=+k8s:validateFalse="field Struct.ListEachVal/val"
        pub listEachVal: Vec<ListItem>,
        /// +k8s:ifDisabled(FeatureX)=+k8s:eachVal=+k8s:validateFalse="field Struct.ListEachValDisabled/val"
        pub listEachValDisabled: Vec<ListItem>,
    }

    #[derive(Validate, Serialize, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct ListItem {
        pub name: String,
        pub value: String,
    }

    fn li(n: &str, v: &str) -> ListItem {
        ListItem {
            name: n.into(),
            value: v.into(),
        }
    }

    #[test]
    fn cases() {
        let dups = Struct {
            listMap: vec![li("a", "1"), li("a", "2")],
            listMapDisabled: vec![li("b", "1"), li("b", "2")],
            ..Struct::default()
        };
        st(&dups)
            .opts_disabled(&["FeatureX"])
            .expect(TFO, &[duplicate("listMapDisabled[1]")]);
        st(&dups)
            .opts(&["FeatureX"])
            .expect(TFO, &[duplicate("listMap[1]")]);
        let each = Struct {
            listEachVal: vec![li("c", "3")],
            listEachValDisabled: vec![li("d", "4")],
            ..Struct::default()
        };
        st(&each).opts_disabled(&["FeatureX"]).expect_forced(&[(
            "listEachValDisabled[0]",
            &["field Struct.ListEachValDisabled/val"],
        )]);
        st(&each)
            .opts(&["FeatureX"])
            .expect_forced(&[("listEachVal[0]", &["field Struct.ListEachVal/val"])]);
    }
}

mod maps {
    use super::*;

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct Struct {
        /// +k8s:ifEnabled(FeatureX)=+k8s:validateFalse="field Struct.MapField"
        pub mapField: BTreeMap<String, String>,
        /// +k8s:ifDisabled(FeatureX)=+k8s:validateFalse="field Struct.MapFieldDisabled"
        pub mapFieldDisabled: BTreeMap<String, String>,
        /// +k8s:ifEnabled(FeatureX)=+k8s:eachKey=+k8s:validateFalse="field Struct.MapFieldEachKey/key"
        pub mapFieldEachKey: BTreeMap<String, String>,
        /// +k8s:ifDisabled(FeatureX)=+k8s:eachKey=+k8s:validateFalse="field Struct.MapFieldEachKeyDisabled/key"
        pub mapFieldEachKeyDisabled: BTreeMap<String, String>,
        /// +k8s:ifEnabled(FeatureX)=+k8s:eachVal=+k8s:validateFalse="field Struct.MapFieldEachVal/val"
        pub mapFieldEachVal: BTreeMap<String, String>,
        /// +k8s:ifDisabled(FeatureX)=+k8s:eachVal=+k8s:validateFalse="field Struct.MapFieldEachValDisabled/val"
        pub mapFieldEachValDisabled: BTreeMap<String, String>,
    }

    #[test]
    fn cases() {
        let a = || BTreeMap::from([("a".to_string(), "1".to_string())]);
        let b = || BTreeMap::from([("b".to_string(), "2".to_string())]);
        let v = Struct {
            mapField: a(),
            mapFieldDisabled: b(),
            mapFieldEachKey: a(),
            mapFieldEachKeyDisabled: b(),
            mapFieldEachVal: a(),
            mapFieldEachValDisabled: b(),
        };
        st(&v).opts_disabled(&["FeatureX"]).expect_forced(&[
            ("mapFieldDisabled", &["field Struct.MapFieldDisabled"]),
            (
                "mapFieldEachKeyDisabled",
                &["field Struct.MapFieldEachKeyDisabled/key"],
            ),
            (
                "mapFieldEachValDisabled[b]",
                &["field Struct.MapFieldEachValDisabled/val"],
            ),
        ]);
        st(&v).opts(&["FeatureX"]).expect_forced(&[
            ("mapField", &["field Struct.MapField"]),
            ("mapFieldEachKey", &["field Struct.MapFieldEachKey/key"]),
            ("mapFieldEachVal[a]", &["field Struct.MapFieldEachVal/val"]),
        ]);
    }
}

mod subfields {
    use super::*;

    #[derive(Validate, Serialize, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct Struct {
        /// +k8s:ifEnabled(FeatureX)=+k8s:subfield(xEnabledField)=+k8s:validateFalse="field Struct.ObjectMeta.XEnabledField"
        #[serde(rename = "metadata")]
        pub object_meta: ObjectMeta,
        /// +k8s:ifDisabled(FeatureX)=+k8s:subfield(xDisabledField)=+k8s:validateFalse="field Struct.ObjectMetaDisabled.XDisabledField"
        #[serde(rename = "metadataDisabled")]
        pub object_meta_disabled: ObjectMeta,
    }

    #[derive(Validate, PartialEq, Debug, Clone, Default, Serialize)]
    #[validate(kubernetes = "1.37")]
    pub struct ObjectMeta {
        pub xEnabledField: String,
        pub xDisabledField: String,
    }

    #[test]
    fn cases() {
        st(&Struct::default())
            .opts_disabled(&["FeatureX"])
            .expect_forced(&[(
                "metadataDisabled.xDisabledField",
                &["field Struct.ObjectMetaDisabled.XDisabledField"],
            )]);
        st(&Struct::default()).opts(&["FeatureX"]).expect_forced(&[(
            "metadata.xEnabledField",
            &["field Struct.ObjectMeta.XEnabledField"],
        )]);
    }
}

mod update {
    use super::*;

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct Struct {
        /// +k8s:ifEnabled(FeatureX)=+k8s:immutable
        pub immutableEnabled: String,
        /// +k8s:ifDisabled(FeatureX)=+k8s:immutable
        pub immutableDisabled: String,
        /// +k8s:ifEnabled(FeatureX)=+k8s:update=NoModify
        pub updateNoModifyEnabled: String,
        /// +k8s:ifDisabled(FeatureX)=+k8s:update=NoModify
        pub updateNoModifyDisabled: String,
    }

    const M: Matcher = Matcher::new()
        .by_type()
        .by_field()
        .by_origin()
        .by_detail_substring();

    #[test]
    fn cases() {
        let v = |a: &str, b: &str, c: &str, d: &str| Struct {
            immutableEnabled: a.into(),
            immutableDisabled: b.into(),
            updateNoModifyEnabled: c.into(),
            updateNoModifyDisabled: d.into(),
        };
        let a = v("aaa", "bbb", "ccc", "ddd");
        let b = v("eee", "fff", "ggg", "hhh");
        st(&a)
            .old(&a.clone())
            .opts_disabled(&["FeatureX"])
            .expect_valid();
        st(&b).old(&a).opts_disabled(&["FeatureX"]).expect(
            M,
            &[
                invalid("immutableDisabled").origin("immutable"),
                invalid("updateNoModifyDisabled")
                    .origin("update")
                    .detail("field cannot be modified once set"),
            ],
        );
        st(&b).old(&a).opts(&["FeatureX"]).expect(
            M,
            &[
                invalid("immutableEnabled").origin("immutable"),
                invalid("updateNoModifyEnabled")
                    .origin("update")
                    .detail("field cannot be modified once set"),
            ],
        );
    }
}
