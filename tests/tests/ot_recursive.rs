//! Port of upstream `cmd/validation-gen/output_tests/recursive/{pointers,slices,maps}`
//! (kubernetes/code-generator v0.35.0): `testdata/validate-false.json`
//! with hand-built finite values instead of fuzzed ones. Recursive types
//! reach a validated type through pointers, lists and maps at any depth.

use std::collections::BTreeMap;

use conformance_tests::fixture;
use k8s_validation::Validate;

mod pointers {
    use super::*;

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct T1 {
        /// +k8s:optional
        pub pt1: Option<Box<T1>>,
        pub t2: T2,
        /// +k8s:optional
        pub pt2: Option<Box<T2>>,
    }

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct T2 {
        /// +k8s:optional
        pub pt1: Option<Box<T1>>,
        /// +k8s:optional
        pub pt2: Option<Box<T2>>,
        /// +k8s:optional
        pub pt3: Option<T3>,
    }

    /// +k8s:validateFalse="type T3"
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct T3 {
        pub i: i64,
    }

    /// NOTE: no validations.
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct T4 {
        pub pt4: Option<Box<T4>>,
    }

    fn t2_with_t3() -> T2 {
        T2 {
            pt3: Some(T3 { i: 1 }),
            ..T2::default()
        }
    }

    #[test]
    fn fixture_t1() {
        let v = T1 {
            pt1: Some(Box::new(T1 {
                pt1: Some(Box::new(T1 {
                    pt2: Some(Box::new(t2_with_t3())),
                    ..T1::default()
                })),
                t2: t2_with_t3(),
                pt2: None,
            })),
            t2: T2 {
                pt1: Some(Box::new(T1 {
                    t2: T2 {
                        pt2: Some(Box::new(t2_with_t3())),
                        ..T2::default()
                    },
                    ..T1::default()
                })),
                pt2: Some(Box::new(t2_with_t3())),
                pt3: Some(T3 { i: 2 }),
            },
            pt2: Some(Box::new(T2 {
                pt2: Some(Box::new(T2 {
                    pt2: Some(Box::new(t2_with_t3())),
                    ..T2::default()
                })),
                ..T2::default()
            })),
        };
        fixture(
            &v,
            &[
                ("pt1.pt1.pt2.pt3", &["type T3"]),
                ("pt1.t2.pt3", &["type T3"]),
                ("t2.pt1.t2.pt2.pt3", &["type T3"]),
                ("t2.pt2.pt3", &["type T3"]),
                ("t2.pt3", &["type T3"]),
                ("pt2.pt2.pt2.pt3", &["type T3"]),
            ],
        );
    }

    #[test]
    fn fixture_t2_t3_t4() {
        fixture(&t2_with_t3(), &[("pt3", &["type T3"])]);
        fixture(&T3 { i: 0 }, &[("", &["type T3"])]);
        let t4 = T4 {
            pt4: Some(Box::new(T4 {
                pt4: Some(Box::default()),
            })),
        };
        fixture(&t4, &[]);
    }
}

mod slices {
    use super::*;

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct T1 {
        pub t2: T2,
        pub t3: T3,
    }

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct T2 {
        pub st1: Vec<T1>,
    }

    /// +k8s:validateFalse="type T3"
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct T3 {
        pub t4: T4,
    }

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct T4 {
        pub st3: Vec<T3>,
    }

    #[test]
    fn fixture_t1() {
        let leaf3 = T3::default();
        let t3 = T3 {
            t4: T4 {
                st3: vec![
                    leaf3.clone(),
                    T3 {
                        t4: T4 {
                            st3: vec![leaf3.clone(), leaf3.clone()],
                        },
                    },
                ],
            },
        };
        let v = T1 {
            t2: T2 {
                st1: vec![
                    T1::default(),
                    T1 {
                        t2: T2 {
                            st1: vec![T1::default()],
                        },
                        t3: leaf3.clone(),
                    },
                ],
            },
            t3,
        };
        fixture(
            &v,
            &[
                ("t2.st1[0].t3", &["type T3"]),
                ("t2.st1[1].t2.st1[0].t3", &["type T3"]),
                ("t2.st1[1].t3", &["type T3"]),
                ("t3", &["type T3"]),
                ("t3.t4.st3[0]", &["type T3"]),
                ("t3.t4.st3[1]", &["type T3"]),
                ("t3.t4.st3[1].t4.st3[0]", &["type T3"]),
                ("t3.t4.st3[1].t4.st3[1]", &["type T3"]),
            ],
        );
    }

    #[test]
    fn fixture_t4() {
        let v = T4 {
            st3: vec![T3::default(), T3::default()],
        };
        fixture(&v, &[("st3[0]", &["type T3"]), ("st3[1]", &["type T3"])]);
    }
}

mod maps {
    use super::*;

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct T1 {
        pub t2: T2,
        pub t3: T3,
    }

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct T2 {
        pub mt1: BTreeMap<String, T1>,
    }

    /// +k8s:validateFalse="type T3"
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct T3 {
        pub t4: T4,
    }

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct T4 {
        pub mt3: BTreeMap<String, T3>,
    }

    #[test]
    fn fixture_t1() {
        let v = T1 {
            t2: T2 {
                mt1: BTreeMap::from([
                    ("ģ|2諱".into(), T1::default()),
                    (
                        "".into(),
                        T1 {
                            t2: T2::default(),
                            t3: T3 {
                                t4: T4 {
                                    mt3: BTreeMap::from([("x".into(), T3::default())]),
                                },
                            },
                        },
                    ),
                ]),
            },
            t3: T3 {
                t4: T4 {
                    mt3: BTreeMap::from([("R涞!Ä>".into(), T3::default())]),
                },
            },
        };
        fixture(
            &v,
            &[
                ("t2.mt1[].t3", &["type T3"]),
                ("t2.mt1[].t3.t4.mt3[x]", &["type T3"]),
                ("t2.mt1[ģ|2諱].t3", &["type T3"]),
                ("t3", &["type T3"]),
                ("t3.t4.mt3[R涞!Ä>]", &["type T3"]),
            ],
        );
    }
}
