//! Payload reading and opacity details that follow Kubernetes 1.35.

use validation_runtime::{Operation, Validate};

/// A type from "another crate": no `Validate`, `IsZero` or `ToBadValue`.
#[derive(PartialEq, Debug, Clone)]
pub struct Foreign(pub u8);

#[derive(Validate, PartialEq, Debug, Clone)]
pub struct Holder {
    /// 1.35 reads limits with `strconv.Atoi`: `0100` is one hundred.
    /// +k8s:minimum=0100
    pub count: i32,
    /// The element type is not descended into, so it needs no `Validate`.
    /// +k8s:eachVal=+k8s:opaqueType
    /// +k8s:maxItems=2
    pub blobs: Vec<Foreign>,
    /// `+default` is JSON: `0.00` is the zero value, so `optional` is only
    /// documentation here and the zero value is still validated.
    /// +k8s:optional
    /// +default=0.00
    /// +k8s:minimum=1
    pub ratio: i64,
    /// A non-zero default makes `optional` behave as `required`.
    /// +k8s:optional
    /// +default="x"
    pub mode: String,
}

#[test]
fn payloads_and_opacity() {
    let h = Holder {
        count: 99,
        blobs: vec![Foreign(1), Foreign(2), Foreign(3)],
        ratio: 0,
        mode: String::new(),
    };
    let texts: Vec<String> = h
        .validate(&Operation::create())
        .iter()
        .map(|e| e.to_string())
        .collect();
    assert_eq!(
        texts,
        [
            "count: Invalid value: 99: must be greater than or equal to 100",
            "blobs: Too many: 3: must have at most 2 items",
            "ratio: Invalid value: 0: must be greater than or equal to 1",
            "mode: Required value",
        ]
    );
}
