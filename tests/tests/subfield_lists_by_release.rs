//! List semantics declared through `+k8s:subfield(x)=`, per release, as
//! upstream's generators write them (probed with v0.35.0, v0.36.0 and
//! v0.37.2 on these shapes):
//! - 1.35 reads them one `subfield` tag at a time: a set checks uniqueness
//!   after each `subfield(x)=` tag from its `listType` on (twice for two
//!   tags), and a list-map is an error (`tests/ui/lists/subfield_map_1_35`);
//! - 1.36 emits no uniqueness check through a subfield, but `eachVal`
//!   correlates by the semantics and `item(...)=` selects by the keys;
//! - 1.37 checks uniqueness once and runs `item(...)=` too (the 1.37 port of
//!   `tags/subfield/list` is `ot_tags_subfield.rs`).

use k8s_validation::ErrorType;

use conformance_tests::errors_at as errors;

fn dup(path: &str) -> (ErrorType, String) {
    (ErrorType::Duplicate, path.into())
}

macro_rules! shapes {
    ($module:ident, $release:literal) => {
        pub mod $module {
            use k8s_validation::Validate;

            #[derive(Validate, PartialEq, Debug, Clone, Default)]
            #[validate(kubernetes = $release)]
            pub struct Item {
                pub name: String,
                pub value: i32,
            }

            #[derive(Validate, PartialEq, Debug, Clone, Default)]
            #[validate(kubernetes = $release)]
            pub struct Holder {
                pub set: Vec<String>,
                pub plain: Vec<Item>,
            }

            /// A set through a subfield, with one tag or two.
            #[derive(Validate, PartialEq, Debug, Clone, Default)]
            #[validate(kubernetes = $release)]
            pub struct Sets {
                /// +k8s:subfield(set)=+k8s:listType=set
                pub one: Holder,
                /// +k8s:subfield(set)=+k8s:listType=set
                /// +k8s:subfield(set)=+k8s:eachVal=+k8s:maxLength=2
                pub two: Holder,
            }
        }
    };
}

shapes!(r1_35, "1.35");
shapes!(r1_36, "1.36");
shapes!(r1_37, "1.37");

fn holder_set(set: &[&str]) -> (Vec<String>, Vec<String>) {
    let v: Vec<String> = set.iter().map(|s| s.to_string()).collect();
    (v.clone(), v)
}

#[test]
fn set_uniqueness_by_release() {
    let (a, b) = holder_set(&["a", "a"]);
    let v35 = r1_35::Sets {
        one: r1_35::Holder {
            set: a.clone(),
            ..Default::default()
        },
        two: r1_35::Holder {
            set: b.clone(),
            ..Default::default()
        },
    };
    // 1.35: once for `one`; twice for `two` (after each of its tags).
    assert_eq!(
        errors(&v35, None),
        vec![dup("one.set[1]"), dup("two.set[1]"), dup("two.set[1]")]
    );
    let v36 = r1_36::Sets {
        one: r1_36::Holder {
            set: a.clone(),
            ..Default::default()
        },
        two: r1_36::Holder {
            set: b.clone(),
            ..Default::default()
        },
    };
    assert_eq!(errors(&v36, None), vec![]);
    let v37 = r1_37::Sets {
        one: r1_37::Holder {
            set: a,
            ..Default::default()
        },
        two: r1_37::Holder {
            set: b,
            ..Default::default()
        },
    };
    assert_eq!(
        errors(&v37, None),
        vec![dup("one.set[1]"), dup("two.set[1]")]
    );
}

/// 1.36 and 1.37 accept a list-map through a subfield and select its items
/// with `item(...)=`; only 1.37 checks its uniqueness.
mod list_maps {
    use super::*;

    macro_rules! list_map {
        ($module:ident, $release:literal) => {
            pub mod $module {
                use k8s_validation::Validate;

                #[derive(Validate, PartialEq, Debug, Clone, Default)]
                #[validate(kubernetes = $release)]
                pub struct Item {
                    pub name: String,
                    pub value: i32,
                }

                #[derive(Validate, PartialEq, Debug, Clone, Default)]
                #[validate(kubernetes = $release)]
                pub struct Holder {
                    pub plain: Vec<Item>,
                }

                #[derive(Validate, PartialEq, Debug, Clone, Default)]
                #[validate(kubernetes = $release)]
                pub struct Root {
                    /// +k8s:subfield(plain)=+k8s:listType=map
                    /// +k8s:subfield(plain)=+k8s:listMapKey=name
                    /// +k8s:subfield(plain)=+k8s:item(name: "a")=+k8s:immutable
                    pub h: Holder,
                }

                pub fn root(items: &[(&str, i32)]) -> Root {
                    Root {
                        h: Holder {
                            plain: items
                                .iter()
                                .map(|(n, v)| Item {
                                    name: n.to_string(),
                                    value: *v,
                                })
                                .collect(),
                        },
                    }
                }
            }
        };
    }

    list_map!(m1_36, "1.36");
    list_map!(m1_37, "1.37");

    #[test]
    fn item_and_uniqueness() {
        let old = m1_36::root(&[("a", 1), ("b", 1)]);
        let new = m1_36::root(&[("a", 2), ("b", 1), ("b", 1)]);
        assert_eq!(
            errors(&new, Some(&old)),
            vec![(ErrorType::Invalid, "h.plain[0]".into())]
        );
        let old = m1_37::root(&[("a", 1), ("b", 1)]);
        let new = m1_37::root(&[("a", 2), ("b", 1), ("b", 1)]);
        assert_eq!(
            errors(&new, Some(&old)),
            vec![(ErrorType::Invalid, "h.plain[0]".into())]
        );
        // The item's immutability stops the cohort; without it, 1.37 finds
        // the duplicate.
        let new = m1_37::root(&[("a", 1), ("b", 1), ("b", 1)]);
        assert_eq!(errors(&new, Some(&old)), vec![dup("h.plain[2]")]);
        let new = m1_36::root(&[("a", 1), ("b", 1), ("b", 1)]);
        let old36 = m1_36::root(&[("a", 1), ("b", 1)]);
        assert_eq!(errors(&new, Some(&old36)), vec![]);
    }
}
