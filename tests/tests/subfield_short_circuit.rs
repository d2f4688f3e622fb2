//! Kubernetes 1.35 runs `+k8s:subfield(x)=...` validations whatever the
//! subfield's own short-circuiting tags say (copying them into the subfield's
//! cohort arrived in 1.37, code-generator 4d05f93a): an unset optional
//! subfield is still checked, and a subfield failing `required` reports both.

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
