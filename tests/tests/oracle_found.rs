//! Bugs the upstream oracle (`tests/upstream-oracle/run`) found: one test per
//! fix, expecting what upstream's generated validators report.

use conformance_tests::{assert_matches, assert_texts};
use validation_runtime::{ErrorType, Operation, Validate};

#[derive(Clone, Debug, Default, PartialEq, Validate)]
pub struct Target {
    pub n: i32,
}

/// A typedef of a struct with a type-level subfield tag.
///
/// +k8s:subfield("n")=+k8s:minimum=2
#[derive(Clone, Debug, Default, PartialEq, Validate)]
pub struct TargetAlias(pub Target);

/// `+k8s:subfield` on a typedef of a struct (Go `type TargetAlias Target`)
/// reaches the struct's fields; the derive used to look for the field
/// accessors on the newtype and did not compile.
#[test]
fn subfield_on_a_struct_typedef() {
    let errs = TargetAlias(Target { n: 1 }).validate(&Operation::create());
    assert_matches(&errs, &[(ErrorType::Invalid, "n", Some("minimum"))]);
    assert_texts(
        &errs,
        &["n: Invalid value: 1: must be greater than or equal to 2"],
    );
}
