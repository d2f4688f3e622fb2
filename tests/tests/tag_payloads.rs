//! Payload reading and opacity details that follow Kubernetes 1.35.

use k8s_validation::{Operation, Validate};

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

#[derive(Validate, PartialEq, Debug, Clone)]
pub struct Port {
    pub port: i32,
    pub name: String,
}

/// `neq` payloads and `item` selector values are read with `strconv.Atoi`
/// in 1.35 too (the tag grammar alone reads `0100` as Go's octal 64).
#[derive(Validate, PartialEq, Debug, Clone)]
#[validate(kubernetes = "1.35")]
pub struct Leading {
    /// +k8s:neq=0100
    pub count: i32,
    /// +k8s:listType=map
    /// +k8s:listMapKey=port
    /// +k8s:item(port: 0100)=+k8s:subfield(name)=+k8s:maxLength=1
    pub ports: Vec<Port>,
}

#[test]
fn leading_zeros_are_decimal_in_1_35() {
    let texts = |l: &Leading| -> Vec<String> {
        l.validate(&Operation::create())
            .iter()
            .map(|e| e.to_string())
            .collect()
    };
    let port = |port: i32| Port {
        port,
        name: "long".into(),
    };
    let at_100 = Leading {
        count: 100,
        ports: vec![port(64), port(100)],
    };
    assert_eq!(
        texts(&at_100),
        [
            "count: Invalid value: 100: must not be equal to 100",
            "ports[1].name: Too long: may not be more than 1 byte",
        ]
    );
    let at_64 = Leading {
        count: 64,
        ports: vec![port(64)],
    };
    assert_eq!(texts(&at_64), Vec::<String>::new());
}
