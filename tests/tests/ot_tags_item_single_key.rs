//! Port of upstream `cmd/validation-gen/output_tests/tags/item/single_key`
//! (kubernetes/code-generator v0.35.0): `+k8s:item(key: value)` selecting
//! list-map items by a string, int, bool, typedef or pointer key; on a list
//! typedef; with `listType=atomic` + `unique=map`.
#![allow(non_snake_case)]

use conformance_tests::st;
use k8s_validation::Validate;
use serde::Serialize;

#[derive(Validate, Serialize, PartialEq, Debug, Clone, Default)]
pub struct Struct {
    #[serde(rename = "typeMeta")]
    pub type_meta: i64,
    /// +k8s:listType=map
    /// +k8s:listMapKey=key
    /// +k8s:item(key: "target")=+k8s:validateFalse="item Items[key=target] 1"
    /// +k8s:item(key: "target")=+k8s:validateFalse="item Items[key=target] 2"
    pub items: Vec<Item>,
    /// +k8s:listType=map
    /// +k8s:listMapKey=intField
    /// +k8s:item(intField: 42)=+k8s:validateFalse="item IntKeyItems[intField=42] 1"
    /// +k8s:item(intField: 42)=+k8s:validateFalse="item IntKeyItems[intField=42] 2"
    #[serde(rename = "intKeyItems")]
    pub int_key_items: Vec<IntKeyItem>,
    /// +k8s:listType=map
    /// +k8s:listMapKey=boolField
    /// +k8s:item(boolField: true)=+k8s:validateFalse="item BoolKeyItems[boolField=true] 1"
    /// +k8s:item(boolField: true)=+k8s:validateFalse="item BoolKeyItems[boolField=true] 2"
    #[serde(rename = "boolKeyItems")]
    pub bool_key_items: Vec<BoolKeyItem>,
    /// +k8s:listType=map
    /// +k8s:listMapKey=id
    /// +k8s:item(id: "typedef-target")=+k8s:validateFalse="item TypedefItems[id=typedef-target] 1"
    /// +k8s:item(id: "typedef-target")=+k8s:validateFalse="item TypedefItems[id=typedef-target] 2"
    #[serde(rename = "typedefItems")]
    pub typedef_items: TypedefItemList,
    /// Test atomic + unique=map + item combination
    /// +k8s:listType=atomic
    /// +k8s:unique=map
    /// +k8s:listMapKey=key
    /// +k8s:item(key: "target")=+k8s:validateFalse="item AtomicUniqueMapItems[key=target]"
    #[serde(rename = "atomicUniqueMapItems")]
    pub atomic_unique_map_items: Vec<Item>,
    /// +k8s:listType=map
    /// +k8s:listMapKey=key
    /// +k8s:item(key: "target-ptr")=+k8s:validateFalse="item PtrKeyItems[key=target-ptr]"
    #[serde(rename = "ptrKeyItems")]
    pub ptr_key_items: Vec<PtrKeyItem>,
}

#[derive(Validate, PartialEq, Debug, Clone, Default)]
pub struct StructWithNestedTypedef {
    /// +k8s:listType=map
    /// +k8s:listMapKey=key
    /// +k8s:item(key: "nested-target")=+k8s:validateFalse="item NestedItems[key=nested-target]"
    pub nestedItems: Vec<NestedTypedefItem>,
}

#[derive(Validate, Serialize, PartialEq, Debug, Clone, Default)]
pub struct Item {
    pub key: String,
    pub data: String,
}

#[derive(Validate, Serialize, PartialEq, Debug, Clone, Default)]
pub struct IntKeyItem {
    #[serde(rename = "intField")]
    pub int_field: i64,
    pub data: String,
}

#[derive(Validate, Serialize, PartialEq, Debug, Clone, Default)]
pub struct BoolKeyItem {
    #[serde(rename = "boolField")]
    pub bool_field: bool,
    pub data: String,
}

#[derive(Validate, Serialize, PartialEq, Debug, Clone, Default)]
pub struct TypedefItem {
    pub id: String,
    pub description: String,
}

#[derive(Validate, Serialize, PartialEq, Debug, Clone, Default)]
pub struct TypedefItemList(pub Vec<TypedefItem>);

/// Keys of list maps are compared and hashed: `Eq + Hash`.
#[derive(Validate, PartialEq, Eq, Hash, Debug, Clone, Default)]
pub struct StringAlias(pub String);

#[derive(Validate, PartialEq, Debug, Clone, Default)]
pub struct NestedTypedefItem {
    pub key: StringAlias,
    pub name: String,
}

#[derive(Validate, Serialize, PartialEq, Debug, Clone, Default)]
pub struct PtrKeyItem {
    pub key: Option<String>,
    pub data: String,
}

fn item(k: &str, d: &str) -> Item {
    Item {
        key: k.into(),
        data: d.into(),
    }
}

#[test]
fn string_key() {
    let v = Struct {
        items: vec![item("a", "d1"), item("target", "d2")],
        ..Struct::default()
    };
    st(&v).expect_forced(&[(
        "items[1]",
        &["item Items[key=target] 1", "item Items[key=target] 2"],
    )]);
    st(&v).expect_texts(&[
        r#"items[1]: Invalid value: {"key":"target","data":"d2"}: forced failure: item Items[key=target] 1"#,
        r#"items[1]: Invalid value: {"key":"target","data":"d2"}: forced failure: item Items[key=target] 2"#,
    ]);
    st(&Struct {
        items: vec![item("a", "d1"), item("b", "d2")],
        ..Struct::default()
    })
    .expect_valid();
    st(&Struct::default()).expect_valid();
    let empty = Struct::default();
    st(&empty).old(&Struct::default()).expect_valid();
}

#[test]
fn int_and_bool_keys() {
    let v = Struct {
        int_key_items: vec![
            IntKeyItem {
                int_field: 10,
                data: "d1".into(),
            },
            IntKeyItem {
                int_field: 42,
                data: "d2".into(),
            },
        ],
        ..Struct::default()
    };
    st(&v).expect_forced(&[(
        "intKeyItems[1]",
        &[
            "item IntKeyItems[intField=42] 1",
            "item IntKeyItems[intField=42] 2",
        ],
    )]);
    let v = Struct {
        bool_key_items: vec![
            BoolKeyItem {
                bool_field: false,
                data: "d1".into(),
            },
            BoolKeyItem {
                bool_field: true,
                data: "d2".into(),
            },
        ],
        ..Struct::default()
    };
    st(&v).expect_forced(&[(
        "boolKeyItems[1]",
        &[
            "item BoolKeyItems[boolField=true] 1",
            "item BoolKeyItems[boolField=true] 2",
        ],
    )]);
}

#[test]
fn typedef_list_and_typedef_key() {
    let ti = |id: &str, d: &str| TypedefItem {
        id: id.into(),
        description: d.into(),
    };
    let v = Struct {
        typedef_items: TypedefItemList(vec![ti("a", "d1"), ti("typedef-target", "d2")]),
        ..Struct::default()
    };
    st(&v).expect_forced(&[(
        "typedefItems[1]",
        &[
            "item TypedefItems[id=typedef-target] 1",
            "item TypedefItems[id=typedef-target] 2",
        ],
    )]);
    st(&Struct {
        typedef_items: TypedefItemList(vec![ti("a", "d1"), ti("b", "d2")]),
        ..Struct::default()
    })
    .expect_valid();
    let n = |k: &str, name: &str| NestedTypedefItem {
        key: StringAlias(k.into()),
        name: name.into(),
    };
    st(&StructWithNestedTypedef {
        nestedItems: vec![n("a", "n1"), n("nested-target", "n2")],
    })
    .expect_forced(&[("nestedItems[1]", &["item NestedItems[key=nested-target]"])]);
    st(&StructWithNestedTypedef {
        nestedItems: vec![n("a", "n1"), n("b", "n2")],
    })
    .expect_valid();
}

#[test]
fn atomic_unique_map_and_pointer_keys() {
    st(&Struct {
        atomic_unique_map_items: vec![item("a", "d1"), item("target", "d2")],
        ..Struct::default()
    })
    .expect_forced(&[(
        "atomicUniqueMapItems[1]",
        &["item AtomicUniqueMapItems[key=target]"],
    )]);
    st(&Struct {
        atomic_unique_map_items: vec![item("a", "d1"), item("b", "d2")],
        ..Struct::default()
    })
    .expect_valid();
    let p = |k: Option<&str>, d: &str| PtrKeyItem {
        key: k.map(str::to_string),
        data: d.into(),
    };
    st(&Struct {
        ptr_key_items: vec![
            p(Some("a"), "d1"),
            p(Some("target-ptr"), "d2"),
            p(None, "d3"),
        ],
        ..Struct::default()
    })
    .expect_forced(&[("ptrKeyItems[1]", &["item PtrKeyItems[key=target-ptr]"])]);
    st(&Struct {
        ptr_key_items: vec![p(Some("a"), "d1"), p(Some("b"), "d2"), p(None, "d3")],
        ..Struct::default()
    })
    .expect_valid();
}
