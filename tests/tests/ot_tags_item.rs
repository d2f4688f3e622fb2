//! Port of upstream `cmd/validation-gen/output_tests/tags/item/{multiple_keys,
//! typedef,subfield,immutable_transitions}` (kubernetes/code-generator
//! v0.35.0): `+k8s:item` with composite keys (any argument order, pointer
//! keys), on list typedefs (type-level and field-level selectors, a typedef
//! of a typedef), chained into `+k8s:subfield`, and with `+k8s:immutable`.
//! (`item/union/*` and `item/zerorooneof/*` are list-item unions, a known
//! gap of this generator.)
#![allow(non_snake_case)]

use conformance_tests::{invalid, st, Matcher, TF};
use k8s_validation::Validate;
use serde::Serialize;

const M: Matcher = Matcher::new()
    .by_type()
    .by_field()
    .by_detail_substring()
    .by_origin();

mod multiple_keys {
    use super::*;

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct Struct {
        /// +k8s:listType=map
        /// +k8s:listMapKey=stringKey
        /// +k8s:listMapKey=intKey
        /// +k8s:listMapKey=boolKey
        /// +k8s:item(stringKey: "target", intKey: 42, boolKey: true)=+k8s:validateFalse="item Items[stringKey=target,intKey=42,boolKey=true] 1"
        /// +k8s:item(stringKey: "target", intKey: 42, boolKey: true)=+k8s:validateFalse="item Items[stringKey=target,intKey=42,boolKey=true] 2"
        pub items: Vec<Item>,
        /// +k8s:listType=map
        /// +k8s:listMapKey=stringKey
        /// +k8s:listMapKey=intKey
        /// +k8s:listMapKey=boolKey
        /// +k8s:item(boolKey: true, stringKey: "target", intKey: 42)=+k8s:validateFalse="item OutOfOrder[boolKey=42,stringKey=target,intKey=42]"
        pub outOfOrder: Vec<Item>,
        /// +k8s:listType=map
        /// +k8s:listMapKey=stringKey
        /// +k8s:listMapKey=intKey
        /// +k8s:listMapKey=boolKey
        /// +k8s:item(stringKey: "target-ptr", intKey: 42, boolKey: true)=+k8s:validateFalse="item PtrItems[stringKey=target-ptr,intKey=42,boolKey=true]"
        pub ptrItems: Vec<PtrItem>,
        /// +k8s:listType=map
        /// +k8s:listMapKey=stringPtrKey
        /// +k8s:listMapKey=stringKey
        /// +k8s:item(stringPtrKey: "target-ptr", stringKey: "target")=+k8s:validateFalse="item MixedPtrItems"
        pub mixedPtrItems: Vec<MixedPtrItem>,
    }

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct Item {
        pub stringKey: String,
        pub intKey: i64,
        pub boolKey: bool,
        pub data: String,
    }

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct PtrItem {
        pub stringKey: Option<String>,
        pub intKey: i64,
        pub boolKey: bool,
        pub data: String,
    }

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct MixedPtrItem {
        pub stringPtrKey: Option<String>,
        pub stringKey: String,
        pub data: String,
    }

    fn i(s: &str, n: i64, b: bool) -> Item {
        Item {
            stringKey: s.into(),
            intKey: n,
            boolKey: b,
            data: String::new(),
        }
    }

    #[test]
    fn cases() {
        st(&Struct::default()).expect_valid();
        st(&Struct::default())
            .old(&Struct::default())
            .expect_valid();
        st(&Struct {
            items: vec![
                i("target", 42, true),
                i("target", 42, false),
                i("target", 99, true),
                i("other", 42, true),
                i("other", 99, false),
            ],
            ..Struct::default()
        })
        .expect_forced(&[(
            "items[0]",
            &[
                "item Items[stringKey=target,intKey=42,boolKey=true] 1",
                "item Items[stringKey=target,intKey=42,boolKey=true] 2",
            ],
        )]);
        st(&Struct {
            items: vec![i("a", 1, false), i("b", 2, true), i("c", 3, false)],
            ..Struct::default()
        })
        .expect_valid();
        // The selector's argument order does not matter.
        st(&Struct {
            outOfOrder: vec![i("x", 1, false), i("target", 42, true)],
            ..Struct::default()
        })
        .expect_forced(&[(
            "outOfOrder[1]",
            &["item OutOfOrder[boolKey=42,stringKey=target,intKey=42]"],
        )]);
        // Ratcheting: the selected item is unchanged.
        st(&Struct {
            items: vec![i("target", 42, true), i("changed", 2, false)],
            ..Struct::default()
        })
        .old(&Struct {
            items: vec![i("target", 42, true), i("other", 1, false)],
            ..Struct::default()
        })
        .expect_valid();
        let p = |s: Option<&str>, n: i64, b: bool| PtrItem {
            stringKey: s.map(str::to_string),
            intKey: n,
            boolKey: b,
            data: String::new(),
        };
        st(&Struct {
            ptrItems: vec![
                p(Some("target-ptr"), 42, true),
                p(Some("target-ptr"), 42, false),
                p(Some("target-ptr"), 99, true),
                p(Some("other"), 42, true),
                p(None, 42, true),
            ],
            ..Struct::default()
        })
        .expect_forced(&[(
            "ptrItems[0]",
            &["item PtrItems[stringKey=target-ptr,intKey=42,boolKey=true]"],
        )]);
        let m = |p: Option<&str>, s: &str| MixedPtrItem {
            stringPtrKey: p.map(str::to_string),
            stringKey: s.into(),
            data: String::new(),
        };
        st(&Struct {
            mixedPtrItems: vec![
                m(Some("target-ptr"), "target"),
                m(Some("target-ptr"), "other"),
                m(None, "target"),
            ],
            ..Struct::default()
        })
        .expect_forced(&[("mixedPtrItems[0]", &["item MixedPtrItems"])]);
    }
}

mod typedef {
    use super::*;

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct Struct {
        pub typedefItems: ItemList,
        pub nestedTypedefItems: ItemListAlias,
        /// +k8s:item(id: "field-target")=+k8s:validateFalse="item DualItems[id=field-target] from field"
        pub dualItems: DualItemList,
        /// +k8s:item(id: "target")=+k8s:validateFalse="item ConflictingItems[id=target] from field"
        pub conflictingItems: ConflictingItemList,
    }

    #[derive(Validate, Serialize, PartialEq, Debug, Clone, Default)]
    pub struct Item {
        pub key: String,
        pub data: String,
    }

    /// +k8s:listType=map
    /// +k8s:listMapKey=key
    /// +k8s:item(key: "immutable")=+k8s:immutable
    /// +k8s:item(key: "validated")=+k8s:validateFalse="item ItemList[key=validated]"
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct ItemList(pub Vec<Item>);

    /// A typedef of a typedef: ItemList's own item tags do not carry over.
    /// +k8s:listType=map
    /// +k8s:listMapKey=key
    /// +k8s:item(key: "aliased")=+k8s:validateFalse="item ItemListAlias[key=aliased]"
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct ItemListAlias(pub ItemList);

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct DualItem {
        pub id: String,
        pub name: String,
    }

    /// +k8s:listType=map
    /// +k8s:listMapKey=id
    /// +k8s:item(id: "typedef-target")=+k8s:validateFalse="item DualItems[id=typedef-target] from typedef"
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct DualItemList(pub Vec<DualItem>);

    /// +k8s:listType=map
    /// +k8s:listMapKey=id
    /// +k8s:item(id: "target")=+k8s:validateFalse="item ConflictingItems[id=target] from typedef"
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct ConflictingItemList(pub Vec<DualItem>);

    fn it(k: &str, d: &str) -> Item {
        Item {
            key: k.into(),
            data: d.into(),
        }
    }

    fn di(id: &str, n: &str) -> DualItem {
        DualItem {
            id: id.into(),
            name: n.into(),
        }
    }

    #[test]
    fn cases() {
        st(&Struct {
            typedefItems: ItemList(vec![it("a", "d1"), it("b", "d2")]),
            ..Struct::default()
        })
        .expect_valid();
        st(&Struct {
            typedefItems: ItemList(vec![it("a", "d1"), it("validated", "d2")]),
            ..Struct::default()
        })
        .expect_forced(&[("typedefItems[1]", &["item ItemList[key=validated]"])]);
        // Immutability on the typedef.
        let old = Struct {
            typedefItems: ItemList(vec![it("immutable", "original")]),
            ..Struct::default()
        };
        let new = Struct {
            typedefItems: ItemList(vec![it("immutable", "changed")]),
            ..Struct::default()
        };
        st(&new).old(&old).expect(
            M,
            &[invalid("typedefItems[0]")
                .origin("immutable")
                .detail("immutable")],
        );
        // A typedef of a typedef.
        st(&Struct {
            nestedTypedefItems: ItemListAlias(ItemList(vec![
                it("normal", "d1"),
                it("aliased", "d2"),
                it("validated", "d3"),
            ])),
            ..Struct::default()
        })
        .expect_forced(&[(
            "nestedTypedefItems[1]",
            &["item ItemListAlias[key=aliased]"],
        )]);
        // Selectors on the field and on the typedef.
        st(&Struct {
            dualItems: DualItemList(vec![
                di("a", "n1"),
                di("typedef-target", "n2"),
                di("field-target", "n3"),
            ]),
            ..Struct::default()
        })
        .expect_forced(&[
            (
                "dualItems[1]",
                &["item DualItems[id=typedef-target] from typedef"],
            ),
            (
                "dualItems[2]",
                &["item DualItems[id=field-target] from field"],
            ),
        ]);
        // The same selector on both.
        st(&Struct {
            conflictingItems: ConflictingItemList(vec![di("a", "n1"), di("target", "n2")]),
            ..Struct::default()
        })
        .expect_forced(&[(
            "conflictingItems[1]",
            &[
                "item ConflictingItems[id=target] from typedef",
                "item ConflictingItems[id=target] from field",
            ],
        )]);
    }
}

mod subfield {
    use super::*;

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct Struct {
        /// +k8s:listType=map
        /// +k8s:listMapKey=key
        /// +k8s:item(key: "target")=+k8s:subfield(stringField)=+k8s:validateFalse="item Items[key=target].stringField"
        pub items: Vec<Item>,
        /// +k8s:listType=map
        /// +k8s:listMapKey=key
        /// +k8s:item(key: "ratchet")=+k8s:subfield(status)=+k8s:neq="forbidden"
        pub ratchetItems: Vec<RatchetItem>,
    }

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct Item {
        pub key: String,
        pub stringField: String,
    }

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct RatchetItem {
        pub key: String,
        pub status: String,
        pub version: i64,
    }

    fn ri(status: &str, version: i64) -> Struct {
        Struct {
            ratchetItems: vec![RatchetItem {
                key: "ratchet".into(),
                status: status.into(),
                version,
            }],
            ..Struct::default()
        }
    }

    #[test]
    fn cases() {
        let item = |k: &str, s: &str| Item {
            key: k.into(),
            stringField: s.into(),
        };
        st(&Struct {
            items: vec![item("other", "anything"), item("target", "fails")],
            ..Struct::default()
        })
        .expect_forced(&[(
            "items[1].stringField",
            &["item Items[key=target].stringField"],
        )]);
        st(&Struct {
            items: vec![item("other", "anything")],
            ..Struct::default()
        })
        .expect_valid();
        st(&ri("forbidden", 1)).expect(TF, &[invalid("ratchetItems[0].status")]);
        st(&ri("forbidden", 1)).expect_texts(&[
            r#"ratchetItems[0].status: Invalid value: "forbidden": must not be equal to "forbidden""#,
        ]);
        st(&ri("allowed", 1)).expect_valid();
        // The item changed, but the subfield did not: it ratchets.
        st(&ri("forbidden", 2))
            .old(&ri("forbidden", 1))
            .expect_valid();
        st(&ri("forbidden", 2))
            .old(&ri("allowed", 1))
            .expect(TF, &[invalid("ratchetItems[0].status")]);
    }
}

mod immutable_transitions {
    use super::*;

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct Struct {
        /// +k8s:listType=map
        /// +k8s:listMapKey=key1
        /// +k8s:item(key1: a)=+k8s:immutable
        /// +k8s:item(key1: b)=+k8s:subfield(stringField)=+k8s:immutable
        pub listField: Vec<Item>,
    }

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct Item {
        pub key1: String,
        pub stringField: String,
    }

    fn v(a: &str, b: &str, c: &str) -> Struct {
        let i = |k: &str, s: &str| Item {
            key1: k.into(),
            stringField: s.into(),
        };
        Struct {
            listField: vec![i("a", a), i("b", b), i("c", c)],
        }
    }

    #[test]
    fn cases() {
        let old = v("s1", "s2", "s3");
        let new = v("changed", "changed", "changed");
        let want = [
            invalid("listField[0]")
                .origin("immutable")
                .detail("immutable"),
            invalid("listField[1].stringField")
                .origin("immutable")
                .detail("immutable"),
        ];
        st(&new).old(&old).expect(M, &want);
        // Items new on update have no old item: immutable fails for them too.
        st(&new).old(&Struct::default()).expect(M, &want);
        // "c" can change independently.
        st(&v("s1", "s2", "changed")).old(&old).expect_valid();
    }
}
