//! Lists of pointers (`Vec<Option<T>>`, Go's `[]*T`), Kubernetes 1.37. Ports
//! of the `[]*T` cases of upstream `cmd/validation-gen/output_tests`
//! (kubernetes/code-generator v0.37.2): `tags/eachval/slice_of_pointers`,
//! `tags/item/single_key` (`PointerItems`), `tags/unique`
//! (`PrimitivePointerListUniqueSet`, `PointerListUniqueMap`),
//! `tags/update/lists` (`PointerSliceNoSet`, `PointerSetNoAdd`,
//! `PointerMapListNoRemove`) and `slices/slice_of_struct` (`ListPtrField`).
//!
//! A field of such a list with validations first reports `Required value`
//! for every `None` element and stops there (upstream's `PtrSliceNoNils`);
//! the list functions skip `None` elements (`EachPtrSliceVal`,
//! `PtrSliceUnique`, `PtrSliceItem`), which a list typedef (no such check)
//! shows.
#![allow(non_snake_case)]

use k8s_validation::{ErrorType, Operation, Validate};

fn details<T: Validate>(v: &T, old: Option<&T>) -> Vec<(ErrorType, String, String)> {
    let errs = match old {
        None => v.validate(&Operation::create()),
        Some(old) => v.validate_update(old, &Operation::update()),
    };
    errs.iter()
        .map(|e| (e.kind(), e.field().to_string(), e.detail().to_string()))
        .collect()
}

fn forced(field: &str, what: &str) -> (ErrorType, String, String) {
    (
        ErrorType::Invalid,
        field.into(),
        format!("forced failure: {what}"),
    )
}

fn required(field: &str) -> (ErrorType, String, String) {
    (ErrorType::Required, field.into(), String::new())
}

/// `tags/eachval/slice_of_pointers`.
mod eachval_slice_of_pointers {
    use super::*;

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct Struct {
        /// +k8s:eachVal=+k8s:validateFalse="field Struct.ListField[*]"
        pub listField: Vec<Option<OtherStruct>>,
        /// +k8s:eachVal=+k8s:validateFalse="field Struct.ListPrimitiveField[*]"
        pub listPrimitiveField: Vec<Option<String>>,
    }

    /// +k8s:validateFalse="type OtherStruct"
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct OtherStruct {
        pub value: String,
    }

    #[test]
    fn test() {
        assert_eq!(details(&Struct::default(), None), vec![]);
        let s = Struct {
            listField: vec![Some(OtherStruct::default()), Some(OtherStruct::default())],
            listPrimitiveField: vec![Some("a".into()), Some("b".into())],
        };
        assert_eq!(
            details(&s, None),
            vec![
                forced("listField[0]", "field Struct.ListField[*]"),
                forced("listField[1]", "field Struct.ListField[*]"),
                forced("listField[0]", "type OtherStruct"),
                forced("listField[1]", "type OtherStruct"),
                forced(
                    "listPrimitiveField[0]",
                    "field Struct.ListPrimitiveField[*]"
                ),
                forced(
                    "listPrimitiveField[1]",
                    "field Struct.ListPrimitiveField[*]"
                ),
            ]
        );
        let s = Struct {
            listField: vec![None],
            listPrimitiveField: vec![None],
        };
        assert_eq!(
            details(&s, None),
            vec![required("listField[0]"), required("listPrimitiveField[0]")]
        );
    }
}

/// `tags/item/single_key`, `PointerItems`.
mod item_single_key {
    use super::*;

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct Struct {
        /// +k8s:listType=map
        /// +k8s:listMapKey=key
        /// +k8s:item(key: "target")=+k8s:validateFalse="item PointerItems[key=target]"
        pub pointerItems: Vec<Option<Item>>,
    }

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct Item {
        pub key: String,
        pub data: String,
    }

    fn item(key: &str, data: &str) -> Option<Item> {
        Some(Item {
            key: key.into(),
            data: data.into(),
        })
    }

    #[test]
    fn test() {
        let s = Struct {
            pointerItems: vec![item("a", "d1"), item("target", "d2")],
        };
        assert_eq!(
            details(&s, None),
            vec![forced("pointerItems[1]", "item PointerItems[key=target]")]
        );
        let s = Struct {
            pointerItems: vec![item("a", "d1"), item("b", "d2")],
        };
        assert_eq!(details(&s, None), vec![]);
        let s = Struct {
            pointerItems: vec![item("a", "d1"), None],
        };
        assert_eq!(details(&s, None), vec![required("pointerItems[1]")]);
    }
}

/// `tags/unique`, the pointer lists.
mod unique {
    use super::*;

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct Struct {
        /// +k8s:listType=atomic
        /// +k8s:unique=set
        pub primitivePointerListUniqueSet: Vec<Option<String>>,
        /// +k8s:listType=atomic
        /// +k8s:unique=map
        /// +k8s:listMapKey=key
        pub pointerListUniqueMap: Vec<Option<Item>>,
    }

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct Item {
        pub key: String,
        pub data: String,
    }

    fn item(key: &str, data: &str) -> Option<Item> {
        Some(Item {
            key: key.into(),
            data: data.into(),
        })
    }

    fn s(strings: &[Option<&str>], items: Vec<Option<Item>>) -> Struct {
        Struct {
            primitivePointerListUniqueSet: strings.iter().map(|s| s.map(String::from)).collect(),
            pointerListUniqueMap: items,
        }
    }

    #[test]
    fn test() {
        let valid = s(
            &[Some("aaa"), Some("bbb")],
            vec![item("key1", "one"), item("key2", "two")],
        );
        assert_eq!(details(&valid, None), vec![]);
        assert_eq!(details(&s(&[], vec![]), None), vec![]);
        let single = s(&[Some("single")], vec![item("single", "one")]);
        assert_eq!(details(&single, None), vec![]);
        let dups = s(
            &[Some("aaa"), Some("bbb"), Some("aaa")],
            vec![
                item("key1", "one"),
                item("key2", "two"),
                item("key1", "three"),
            ],
        );
        let kinds: Vec<(ErrorType, String)> = details(&dups, None)
            .into_iter()
            .map(|(k, f, _)| (k, f))
            .collect();
        assert_eq!(
            kinds,
            vec![
                (
                    ErrorType::Duplicate,
                    "primitivePointerListUniqueSet[2]".into()
                ),
                (ErrorType::Duplicate, "pointerListUniqueMap[2]".into()),
            ]
        );
        let nils = s(&[Some("a"), None, Some("b")], vec![item("key1", ""), None]);
        assert_eq!(
            details(&nils, None),
            vec![
                required("primitivePointerListUniqueSet[1]"),
                required("pointerListUniqueMap[1]"),
            ]
        );
        // Ratcheting: unchanged duplicates are not reported again.
        assert_eq!(details(&dups, Some(&dups)), vec![]);
    }
}

/// `tags/update/lists`, the pointer lists.
mod update_lists {
    use super::*;

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct Struct {
        /// +k8s:listType=atomic
        /// +k8s:update=NoSet
        pub pointerSliceNoSet: Vec<Option<String>>,
        /// +k8s:listType=set
        /// +k8s:update=NoAddItem
        pub pointerSetNoAdd: Vec<Option<String>>,
        /// +k8s:listType=map
        /// +k8s:listMapKey=name
        /// +k8s:update=NoRemoveItem
        pub pointerMapListNoRemove: Vec<Option<UpdateItem>>,
    }

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct UpdateItem {
        pub name: String,
        pub value: String,
    }

    fn strings(v: &[Option<&str>]) -> Vec<Option<String>> {
        v.iter().map(|s| s.map(String::from)).collect()
    }

    #[test]
    fn test() {
        let base = Struct::default();
        let cur = Struct {
            pointerSliceNoSet: strings(&[Some("a")]),
            ..base.clone()
        };
        assert_eq!(
            details(&cur, Some(&base)),
            vec![(
                ErrorType::Invalid,
                "pointerSliceNoSet".into(),
                "field cannot be set once created".into()
            )]
        );
        assert_eq!(details(&base, Some(&base)), vec![]);

        let old = Struct {
            pointerSetNoAdd: strings(&[Some("a"), Some("b")]),
            ..base.clone()
        };
        let cur = Struct {
            pointerSetNoAdd: strings(&[Some("a"), Some("b"), Some("c")]),
            ..base.clone()
        };
        assert_eq!(
            details(&cur, Some(&old)),
            vec![(
                ErrorType::Forbidden,
                "pointerSetNoAdd[2]".into(),
                "item may not be added".into()
            )]
        );

        let item = |n: &str, v: &str| {
            Some(UpdateItem {
                name: n.into(),
                value: v.into(),
            })
        };
        let old = Struct {
            pointerMapListNoRemove: vec![item("alpha", "1"), item("beta", "2")],
            ..base.clone()
        };
        let cur = Struct {
            pointerMapListNoRemove: vec![item("alpha", "1")],
            ..base.clone()
        };
        assert_eq!(
            details(&cur, Some(&old)),
            vec![(
                ErrorType::Forbidden,
                "pointerMapListNoRemove".into(),
                "item may not be removed".into()
            )]
        );

        let old = Struct {
            pointerSetNoAdd: strings(&[Some("a")]),
            ..base.clone()
        };
        let cur = Struct {
            pointerSetNoAdd: strings(&[None]),
            ..base.clone()
        };
        assert_eq!(
            details(&cur, Some(&old)),
            vec![required("pointerSetNoAdd[0]")]
        );
    }
}

/// A list typedef has no `None` check: its list functions skip `None`
/// elements (upstream: `EachPtrSliceVal`, `PtrSliceUnique` on `type L []*T`).
mod typedef {
    use super::*;

    /// +k8s:listType=map
    /// +k8s:listMapKey=key
    /// +k8s:eachVal=+k8s:validateFalse="each"
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct List(pub Vec<Option<Item>>);

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct Item {
        pub key: String,
    }

    #[test]
    fn nils_are_skipped() {
        let item = |k: &str| Some(Item { key: k.into() });
        let l = List(vec![None, item("a"), None, item("a")]);
        let errs = l.validate(&Operation::create());
        let mut got: Vec<(String, String)> = errs
            .iter()
            .map(|e| (e.field().to_string(), e.kind().as_str().to_string()))
            .collect();
        got.sort();
        assert_eq!(
            got,
            [
                ("[1]", "FieldValueInvalid"),
                ("[3]", "FieldValueDuplicate"),
                ("[3]", "FieldValueInvalid"),
            ]
            .map(|(f, k)| (f.to_string(), k.to_string()))
        );
    }
}

/// A field without tags of its own gets no `None` check: its items' own
/// validation skips `None` (found by `run --release 1.37`, fixture
/// `PtrLists.plain`).
mod untagged_field {
    use super::*;

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct Struct {
        pub plain: Vec<Option<Item>>,
    }

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct Item {
        /// +k8s:minimum=1
        pub count: i32,
    }

    #[test]
    fn nils_are_skipped() {
        let s = Struct {
            plain: vec![None, Some(Item { count: 0 })],
        };
        assert_eq!(
            details(&s, None),
            vec![(
                ErrorType::Invalid,
                "plain[1].count".into(),
                "must be greater than or equal to 1".into()
            )]
        );
    }
}

/// `slices/typedef_to_slice` of v0.37.2 (its `[]*T` typedefs), and the nil
/// check a field of such a typedef makes: upstream injects `PtrSliceNoNils`
/// at a field whose type is a list typedef of pointers when the field has
/// tags or the typedef has validations of its own (`hasValidations`), and
/// never in the typedef's own function.
mod typedef_to_slice {
    use super::*;

    /// Note: no validation here.
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct UnvalidatedPtrType(pub Vec<Option<String>>);

    /// +k8s:validateFalse="type ListPtrType"
    /// +k8s:eachVal=+k8s:validateFalse="type ListPtrType[*]"
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct ListPtrType(pub Vec<Option<String>>);

    /// +k8s:validateFalse="type StringType"
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct StringType(pub String);

    /// +k8s:validateFalse="type ListPtrTypedefType"
    /// +k8s:eachVal=+k8s:validateFalse="type ListPtrTypedefType[*]"
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct ListPtrTypedefType(pub Vec<Option<StringType>>);

    /// A typedef without tags whose items have validations.
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct PlainPtrTypedefType(pub Vec<Option<StringType>>);

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct Struct {
        /// +k8s:validateFalse="field Struct.ListPtrField"
        /// +k8s:eachVal=+k8s:validateFalse="field Struct.ListPtrField[*]"
        pub listPtrField: ListPtrType,
        /// +k8s:validateFalse="field Struct.ListPtrTypedefField"
        /// +k8s:eachVal=+k8s:validateFalse="field Struct.ListPtrTypedefField[*]"
        pub listPtrTypedefField: ListPtrTypedefType,
        pub UnvalidatedListPtrField: UnvalidatedPtrType,
        /// No tags; the typedef has its own: the nil check still applies.
        pub untaggedValidated: ListPtrType,
        /// No tags, and none on the typedef, whose items have validations:
        /// the nil check applies (checked against the v0.37.2 generator).
        pub untaggedPlain: PlainPtrTypedefType,
        /// No tags, and nothing to validate in the typedef: no nil check.
        pub untaggedEmpty: UnvalidatedPtrType,
    }

    fn sorted(mut v: Vec<(ErrorType, String, String)>) -> Vec<(ErrorType, String, String)> {
        v.sort();
        v
    }

    /// The fixture of `testdata/validate-false.json` (no nil elements).
    #[test]
    fn fixture() {
        let s = Struct {
            listPtrField: ListPtrType(vec![Some("a".into()), Some("b".into())]),
            listPtrTypedefField: ListPtrTypedefType(vec![
                Some(StringType("a".into())),
                Some(StringType("b".into())),
            ]),
            ..Struct::default()
        };
        let f = forced;
        let mut want = vec![
            f("listPtrField", "field Struct.ListPtrField"),
            f("listPtrField", "type ListPtrType"),
            f("untaggedValidated", "type ListPtrType"),
            f("listPtrTypedefField", "field Struct.ListPtrTypedefField"),
            f("listPtrTypedefField", "type ListPtrTypedefType"),
        ];
        for i in 0..2 {
            let at = |name: &str| format!("{name}[{i}]");
            want.push(f(&at("listPtrField"), "field Struct.ListPtrField[*]"));
            want.push(f(&at("listPtrField"), "type ListPtrType[*]"));
            let typedef = at("listPtrTypedefField");
            want.push(f(&typedef, "field Struct.ListPtrTypedefField[*]"));
            want.push(f(&typedef, "type ListPtrTypedefType[*]"));
            want.push(f(&typedef, "type StringType"));
        }
        assert_eq!(sorted(details(&s, None)), sorted(want));
    }

    #[test]
    fn nil_elements_at_fields() {
        let s = Struct {
            listPtrField: ListPtrType(vec![None, Some("b".into())]),
            listPtrTypedefField: ListPtrTypedefType(vec![Some(StringType("a".into())), None]),
            UnvalidatedListPtrField: UnvalidatedPtrType(vec![None]),
            untaggedValidated: ListPtrType(vec![None]),
            untaggedPlain: PlainPtrTypedefType(vec![None, Some(StringType("c".into()))]),
            untaggedEmpty: UnvalidatedPtrType(vec![None]),
        };
        // Each field with validations (its own, its typedef's or its items')
        // reports its nils and stops; a field with nothing to validate
        // reports nothing.
        assert_eq!(
            details(&s, None),
            vec![
                required("listPtrField[0]"),
                required("listPtrTypedefField[1]"),
                required("untaggedValidated[0]"),
                required("untaggedPlain[0]"),
            ]
        );
        // 1.37 marks them short-circuit, as its generated `.MarkShortCircuit()`
        // on `PtrSliceNoNils` does, through the field's tags or the typedef's.
        let errs = s.validate(&Operation::create());
        assert!(errs.iter().all(|e| e.is_short_circuit()), "{errs:?}");
        // On update, an unchanged field is not revalidated.
        assert_eq!(details(&s, Some(&s)), vec![]);
    }

    /// The typedef's own function (the root here) has no nil check: the
    /// list functions skip `None`.
    #[test]
    fn typedef_alone_skips_nils() {
        let l = ListPtrType(vec![None, Some("b".into())]);
        assert_eq!(
            details(&l, None),
            vec![
                forced("<nil>", "type ListPtrType"),
                forced("[1]", "type ListPtrType[*]"),
            ]
        );
    }
}
