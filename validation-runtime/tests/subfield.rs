//! `+k8s:subfield(name)` validation of one field of a struct.
//!
//! Upstream has no unit test for `validate.Subfield` at v0.35.0; cases are
//! ported from `k8s.io/code-generator` v0.35.0
//! `cmd/validation-gen/output_tests/tags/subfield/shallow` (`Test`) and
//! `output_tests/ratcheting/subfield` (`TestStruct`, `TestStructWithSubfield`).

use std::collections::BTreeMap;

use k8s_validation::field::{BadValue, Path, ToBadValue};
use k8s_validation::validate;
use k8s_validation::{Error, ErrorList, ErrorType, Operation};

fn texts(errs: &ErrorList) -> Vec<String> {
    errs.iter().map(ToString::to_string).collect()
}

/// `+k8s:validateFalse="msg"`: upstream's `FixedResult`, whose bad value is
/// the (nilable) value as JSON.
fn validate_false<F: ToBadValue + ?Sized>(
    p: &Path<'_>,
    v: Option<&F>,
    msg: &'static str,
) -> ErrorList {
    let bad = match v {
        Some(v) => BadValue::json(v),
        None => BadValue::Null,
    };
    Error::invalid(p, bad, msg)
        .with_origin("validateFalse")
        .into()
}

#[derive(Clone, Debug, Default, PartialEq)]
struct SubStruct {
    int_field: i64,
    int_ptr_field: Option<i64>,
}

/// `+k8s:subfield(intField)=+k8s:validateFalse="field IntField"` and
/// `+k8s:subfield(intPtrField)=+k8s:validateFalse="field IntPtrField"` on a
/// field at `path`.
fn validate_sub(
    op: &Operation,
    path: &Path<'_>,
    new: Option<&SubStruct>,
    old: Option<&SubStruct>,
) -> ErrorList {
    let mut errs = k8s_validation::ErrorList::from_fn(|e| {
        validate::subfield(
            e,
            op,
            path,
            new,
            old,
            "intField",
            |s: &SubStruct| Some(&s.int_field),
            acc_sub(|p, v, _| validate_false(p, v, "field IntField")),
        )
    });
    errs.append(k8s_validation::ErrorList::from_fn(|e| {
        validate::subfield(
            e,
            op,
            path,
            new,
            old,
            "intPtrField",
            |s: &SubStruct| s.int_ptr_field.as_ref(),
            acc_sub(|p, v, _| validate_false(p, v, "field IntPtrField")),
        )
    }));
    errs
}

// ratcheting/subfield: TestStruct and TestStructWithSubfield.
#[test]
fn ratcheting_subfield_output_test() {
    let v = SubStruct {
        int_field: 1,
        int_ptr_field: Some(1),
    };
    let root = Path::root();
    let p = root.child("subStructField");
    let errs = validate_sub(&Operation::create(), &p, Some(&v), None);
    assert_eq!(
        texts(&errs),
        [
            "subStructField.intField: Invalid value: 1: field IntField",
            "subStructField.intPtrField: Invalid value: 1: field IntPtrField"
        ]
    );
    assert!(errs
        .iter()
        .all(|e| e.kind() == ErrorType::Invalid && e.origin() == Some("validateFalse")));

    // Type-level subfields (root path): the root type validations always
    // run, so the subfield's own ratchet is what makes this valid.
    let errs = validate_sub(&Operation::create(), &root, Some(&v), None);
    assert_eq!(
        texts(&errs),
        [
            "intField: Invalid value: 1: field IntField",
            "intPtrField: Invalid value: 1: field IntPtrField"
        ]
    );
    assert!(validate_sub(&Operation::update(), &root, Some(&v), Some(&v.clone())).is_empty());
}

#[test]
fn subfield_ratcheting_rules() {
    let root = Path::root();
    let p = root.child("s");
    let v = SubStruct {
        int_field: 1,
        int_ptr_field: None,
    };
    let up = Operation::update();
    // Changed subfield: validated with the old subfield.
    let old = SubStruct {
        int_field: 2,
        int_ptr_field: None,
    };
    let mut seen = None;
    let errs = k8s_validation::ErrorList::from_fn(|e| {
        validate::subfield(
            e,
            &up,
            &p,
            Some(&v),
            Some(&old),
            "intField",
            |s: &SubStruct| Some(&s.int_field),
            acc_sub(|p, n, o| {
                seen = Some((n.copied(), o.copied()));
                ErrorList::from_fn(|e| validate::minimum(e, &up, p, n, o, 5))
            }),
        )
    });
    assert_eq!(
        texts(&errs),
        ["s.intField: Invalid value: 1: must be greater than or equal to 5"]
    );
    assert_eq!(errs[0].origin(), Some("minimum"));
    assert_eq!(seen, Some((Some(1), Some(2))));
    // Only intField changed: intPtrField (None in both) is skipped.
    assert_eq!(
        texts(&validate_sub(&up, &p, Some(&v), Some(&old))),
        ["s.intField: Invalid value: 1: field IntField"]
    );
    // No old struct (a parent that was unset): validated, old None.
    assert_eq!(
        texts(&validate_sub(&up, &p, Some(&v), None)),
        [
            "s.intField: Invalid value: 1: field IntField",
            "s.intPtrField: Invalid value: null: field IntPtrField"
        ]
    );
    // Unset new struct: nothing, even against an old one.
    assert!(validate_sub(&up, &p, None, Some(&v)).is_empty());
    assert!(validate_sub(&Operation::create(), &p, None, None).is_empty());
    // Create never ratchets.
    assert_eq!(
        validate_sub(&Operation::create(), &p, Some(&v), Some(&v)).len(),
        2
    );
}

#[derive(Clone, Debug, Default, PartialEq)]
struct SmallStruct {
    string_field: String,
}

impl k8s_validation::SemanticEq for SmallStruct {
    fn semantic_eq(&self, other: &Self) -> bool {
        self.string_field == other.string_field
    }
}

impl ToBadValue for SmallStruct {
    fn write_json(&self, out: &mut String) {
        out.push_str("{\"stringField\":");
        self.string_field.write_json(out);
        out.push('}');
    }
}

#[derive(Clone, Debug, Default, PartialEq)]
struct OtherStruct {
    string_field: String,
    pointer_field: Option<String>,
    struct_field: SmallStruct,
    slice_field: Vec<String>,
    map_field: BTreeMap<String, String>,
}

/// The subfield validations of `tags/subfield/shallow` on `path`.
fn shallow(
    op: &Operation,
    path: &Path<'_>,
    new: Option<&OtherStruct>,
    old: Option<&OtherStruct>,
) -> ErrorList {
    let mut errs = ErrorList::new();
    for msg in ["StringField 1", "StringField 2"] {
        errs.append(k8s_validation::ErrorList::from_fn(|e| {
            validate::subfield(
                e,
                op,
                path,
                new,
                old,
                "stringField",
                |s: &OtherStruct| Some(s.string_field.as_str()),
                acc_sub(|p, v: Option<&str>, _| {
                    Error::invalid(p, v.unwrap_or_default().to_owned(), msg).into()
                }),
            )
        }));
    }
    errs.append(k8s_validation::ErrorList::from_fn(|e| {
        validate::subfield(
            e,
            op,
            path,
            new,
            old,
            "pointerField",
            |s: &OtherStruct| s.pointer_field.as_ref(),
            acc_sub(|p, v, _| validate_false(p, v, "PointerField")),
        )
    }));
    errs.append(k8s_validation::ErrorList::from_fn(|e| {
        validate::subfield(
            e,
            op,
            path,
            new,
            old,
            "structField",
            |s: &OtherStruct| Some(&s.struct_field),
            acc_sub(|p, v, _| validate_false(p, v, "StructField")),
        )
    }));
    errs.append(k8s_validation::ErrorList::from_fn(|e| {
        validate::subfield(
            e,
            op,
            path,
            new,
            old,
            "sliceField",
            |s: &OtherStruct| Some(&s.slice_field[..]),
            acc_sub(|p, v, _| validate_false(p, v, "SliceField")),
        )
    }));
    errs.append(k8s_validation::ErrorList::from_fn(|e| {
        validate::subfield(
            e,
            op,
            path,
            new,
            old,
            "mapField",
            |s: &OtherStruct| Some(&s.map_field),
            acc_sub(|p, v, _| validate_false(p, v, "MapField")),
        )
    }));
    errs
}

// tags/subfield/shallow: Test (every kind of subfield, on a struct field
// and on a pointer-to-struct field).
#[test]
fn shallow_output_test() {
    let v = OtherStruct {
        pointer_field: Some(String::new()),
        ..Default::default()
    };
    let root = Path::root();
    for name in ["structField", "structPtrField"] {
        let p = root.child(name);
        let errs = shallow(&Operation::create(), &p, Some(&v), None);
        let expected: Vec<String> = [
            r#"stringField: Invalid value: "": StringField 1"#,
            r#"stringField: Invalid value: "": StringField 2"#,
            r#"pointerField: Invalid value: "": PointerField"#,
            r#"structField: Invalid value: {"stringField":""}: StructField"#,
            r#"sliceField: Invalid value: []: SliceField"#,
            r#"mapField: Invalid value: {}: MapField"#,
        ]
        .iter()
        .map(|e| format!("{name}.{e}"))
        .collect();
        assert_eq!(texts(&errs), expected);
    }
    // An unset pointer-to-struct field: no subfield validation.
    let p = root.child("structPtrField");
    assert!(shallow(&Operation::create(), &p, None, None).is_empty());
    // Update: only the changed subfields.
    let mut changed = v.clone();
    changed.slice_field.push("x".into());
    assert_eq!(
        texts(&shallow(&Operation::update(), &p, Some(&changed), Some(&v))),
        [r#"structPtrField.sliceField: Invalid value: ["x"]: SliceField"#]
    );
}

// These test types' `PartialEq` has upstream's semantic meaning.
k8s_validation::impl_semantic_eq_via_partial_eq!(SubStruct, OtherStruct);

/// Adapts a validator returning its errors to the accumulator shape the
/// runtime's wrappers take.
#[allow(dead_code)]
fn acc3<T: ?Sized>(
    mut f: impl FnMut(&Path<'_>, &T, Option<&T>) -> ErrorList,
) -> impl FnMut(&mut ErrorList, &Path<'_>, &T, Option<&T>) {
    move |errs, p, v, o| errs.append(f(p, v, o))
}

/// [`acc3`] for map-key validators (no old value).
#[allow(dead_code)]
fn acc2<K: ?Sized>(
    mut f: impl FnMut(&Path<'_>, &K) -> ErrorList,
) -> impl FnMut(&mut ErrorList, &Path<'_>, &K) {
    move |errs, p, k| errs.append(f(p, k))
}

/// [`acc3`] for subfield validators.
#[allow(dead_code)]
fn acc_sub<F: ?Sized>(
    mut f: impl FnMut(&Path<'_>, Option<&F>, Option<&F>) -> ErrorList,
) -> impl FnMut(&mut ErrorList, &Path<'_>, Option<&F>, Option<&F>) {
    move |errs, p, v, o| errs.append(f(p, v, o))
}
