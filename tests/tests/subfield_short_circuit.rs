//! Subfield validations inherit the subfield's own short-circuits, as in
//! upstream `output_tests/tags/subfield/shortcircuit` (code-generator v0.35.0):
//! when the subfield is unset (optional) or fails `required`, the validations
//! attached through `+k8s:subfield` do not run, and report nothing.

use validation_runtime::{ErrorType, Operation, Validate};

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
fn unset_or_failing_subfields_skip_their_subfield_validations() {
    // required_int fails required (0), optional_int is unset: only plain_int's
    // subfield validation runs; the Required error comes from Inner itself.
    let o = Outer::default();
    assert_eq!(
        details(&o),
        vec![
            (
                ErrorType::Invalid,
                "inner.plain_int".into(),
                "forced failure: subfield plain_int".into()
            ),
            (ErrorType::Required, "inner.required_int".into(), "".into()),
        ]
    );
}

#[test]
fn set_subfields_run_their_subfield_validations() {
    let o = Outer {
        inner: Inner {
            required_int: 1,
            optional_int: Some(0),
            plain_int: 0,
        },
    };
    let got = details(&o);
    let fields: Vec<&str> = got.iter().map(|(_, f, _)| f.as_str()).collect();
    assert_eq!(
        fields,
        [
            "inner.required_int",
            "inner.optional_int",
            "inner.plain_int"
        ]
    );
    assert!(got.iter().all(|(t, _, _)| *t == ErrorType::Invalid));
}
