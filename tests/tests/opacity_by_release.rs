//! `+k8s:opaqueType` per release. 1.35 and 1.36 (probed with v0.35.0 and
//! v0.36.0; the same code in v0.35.10 and v0.36.6) validate a value whose
//! only tags are opacity markers as if it had none (`Validations.Empty()`
//! does not see the markers), and ignore a type's own `+k8s:opaqueType`;
//! 1.37 honours every marker. A marker next to another tag holds in every
//! release. In Rust the marker also admits a foreign type (no `Validate`,
//! no `SemanticEq`): such a value is validated by nothing in any release
//! (`validate::opaque`).

use k8s_validation::ErrorType;

use conformance_tests::errors_at as errors;

/// A type from another crate: no `Validate`, no `SemanticEq`.
#[derive(PartialEq, Debug, Clone, Default)]
pub struct Foreign(pub i32);

macro_rules! release {
    ($module:ident, $release:literal) => {
        pub mod $module {
            use super::Foreign;
            use k8s_validation::Validate;

            #[derive(Validate, PartialEq, Debug, Clone, Default)]
            #[validate(kubernetes = $release)]
            pub struct Item {
                /// +k8s:minimum=1
                pub n: i32,
            }

            /// +k8s:opaqueType
            #[derive(Validate, PartialEq, Debug, Clone, Default)]
            #[validate(kubernetes = $release)]
            pub struct OpaqueStruct {
                /// +k8s:minimum=1
                pub n: i32,
                pub item: Item,
            }

            /// +k8s:opaqueType
            #[derive(Validate, PartialEq, Debug, Clone, Default)]
            #[validate(kubernetes = $release)]
            pub struct OpaqueNewtype(pub Item);

            #[derive(Validate, PartialEq, Debug, Clone, Default)]
            #[validate(kubernetes = $release)]
            pub struct Root {
                /// +k8s:opaqueType
                pub marked: Item,
                /// +k8s:eachVal=+k8s:opaqueType
                pub items: Vec<Item>,
                /// +k8s:opaqueType
                /// +k8s:optional
                pub marked_and_tagged: Option<Item>,
                /// +k8s:opaqueType
                pub foreign: Foreign,
                /// +k8s:eachVal=+k8s:opaqueType
                pub foreigns: Vec<Foreign>,
                pub opaque_struct: OpaqueStruct,
                pub opaque_newtype: OpaqueNewtype,
            }
        }
    };
}

release!(v1_35, "1.35");
release!(v1_36, "1.36");
release!(v1_37, "1.37");

macro_rules! bad_root {
    ($m:ident) => {
        $m::Root {
            marked: $m::Item { n: 0 },
            items: vec![$m::Item { n: 1 }, $m::Item { n: 0 }],
            marked_and_tagged: Some($m::Item { n: 0 }),
            foreign: Foreign(0),
            foreigns: vec![Foreign(0)],
            opaque_struct: $m::OpaqueStruct {
                n: 0,
                item: $m::Item { n: 0 },
            },
            opaque_newtype: $m::OpaqueNewtype($m::Item { n: 0 }),
        }
    };
}

fn invalid(fields: &[&str]) -> Vec<(ErrorType, String)> {
    fields
        .iter()
        .map(|f| (ErrorType::Invalid, f.to_string()))
        .collect()
}

/// What 1.35 and 1.36 validate: the lone markers are ignored, the marker
/// next to `optional` holds, foreign values validate nothing.
const BEFORE_1_37: &[&str] = &[
    "marked.n",
    "items[1].n",
    "opaque_struct.n",
    "opaque_struct.item.n",
    "opaque_newtype.n",
];

#[test]
fn lone_markers_are_ignored_before_1_37() {
    assert_eq!(errors(&bad_root!(v1_35), None), invalid(BEFORE_1_37));
    assert_eq!(errors(&bad_root!(v1_36), None), invalid(BEFORE_1_37));
}

#[test]
fn every_marker_holds_in_1_37() {
    assert_eq!(errors(&bad_root!(v1_37), None), invalid(&[]));
}

#[test]
fn unchanged_values_are_not_revalidated() {
    // The ignored markers still ratchet as any field does: an update that
    // changes nothing reports nothing, one that changes a field reports it.
    let old = bad_root!(v1_35);
    assert_eq!(errors(&old, Some(&old)), invalid(&[]));
    let mut new = old.clone();
    new.marked.n = -1;
    new.foreign = Foreign(-1);
    assert_eq!(errors(&new, Some(&old)), invalid(&["marked.n"]));
}

#[test]
fn valid_values_pass_in_every_release() {
    let good = v1_35::Root {
        marked: v1_35::Item { n: 1 },
        items: vec![v1_35::Item { n: 2 }],
        opaque_struct: v1_35::OpaqueStruct {
            n: 1,
            item: v1_35::Item { n: 1 },
        },
        opaque_newtype: v1_35::OpaqueNewtype(v1_35::Item { n: 1 }),
        ..Default::default()
    };
    assert_eq!(errors(&good, None), invalid(&[]));
}
