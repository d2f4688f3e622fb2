//! Port of upstream `cmd/validation-gen/output_tests/tags/minlength`
//! (kubernetes/code-generator v0.36.0, where the package first appears, and
//! v0.37.2, unchanged): `+k8s:minLength` on strings, pointers, typedef
//! fields and validated typedefs, with `+k8s:optional`. Upstream wraps every
//! minLength in `+k8s:alpha=`, so the tags are verbatim and the package runs
//! for 1.36 and 1.37 (1.35 has no stability levels); every error is also
//! checked to carry the alpha level. Go's
//! `type UnvalidatedStringAlias = string` is a plain `String`.
#![allow(non_snake_case)]

use conformance_tests::{st, too_short, TF, TFL};
use k8s_validation::Validate;

macro_rules! minlength {
    ($module:ident, $release:literal) => {
        mod $module {
            use super::*;

            #[derive(Validate, PartialEq, Debug, Clone, Default)]
            #[validate(kubernetes = $release)]
            pub struct Struct {
                /// +k8s:alpha=+k8s:minLength=0
                /// +k8s:optional
                pub min0PtrField: Option<String>,
                /// +k8s:alpha=+k8s:minLength=2
                /// +k8s:optional
                pub min2Field: String,
                /// +k8s:alpha=+k8s:minLength=2
                /// +k8s:optional
                pub min2PtrField: Option<String>,
                /// +k8s:alpha=+k8s:minLength=10
                /// +k8s:optional
                pub min10Field: String,
                /// +k8s:alpha=+k8s:minLength=10
                /// +k8s:optional
                pub min10PtrField: Option<String>,
                /// +k8s:alpha=+k8s:minLength=2
                /// +k8s:optional
                pub min2UnvalidatedTypedefField: UnvalidatedStringType,
                /// +k8s:alpha=+k8s:minLength=2
                /// +k8s:optional
                pub min2UnvalidatedTypedefPtrField: Option<UnvalidatedStringType>,
                /// +k8s:alpha=+k8s:minLength=10
                /// +k8s:optional
                pub min10UnvalidatedTypedefField: UnvalidatedStringType,
                /// +k8s:alpha=+k8s:minLength=10
                /// +k8s:optional
                pub min10UnvalidatedTypedefPtrField: Option<UnvalidatedStringType>,
                /// Note: no minlength validation here
                /// +k8s:optional
                pub min2ValidatedTypedefField: Min2Type,
                /// Note: no minlength validation here
                /// +k8s:optional
                pub min2ValidatedTypedefPtrField: Option<Min2Type>,
                /// Note: no minlength validation here
                /// +k8s:optional
                pub min10ValidatedTypedefField: Min10Type,
                /// Note: no minlength validation here
                /// +k8s:optional
                pub min10ValidatedTypedefPtrField: Option<Min10Type>,
                /// +k8s:alpha=+k8s:minLength=2
                /// +k8s:optional
                pub min2UnvalidatedStringAliasField: String,
                /// +k8s:alpha=+k8s:minLength=2
                /// +k8s:optional
                pub min2UnvalidatedStringAliasPtrField: Option<String>,
            }

            /// Note: no validation here
            #[derive(Validate, PartialEq, Debug, Clone, Default)]
            #[validate(kubernetes = $release)]
            pub struct UnvalidatedStringType(pub String);

            /// +k8s:alpha=+k8s:minLength=2
            #[derive(Validate, PartialEq, Debug, Clone, Default)]
            #[validate(kubernetes = $release)]
            pub struct Min2Type(pub String);

            /// +k8s:alpha=+k8s:minLength=10
            #[derive(Validate, PartialEq, Debug, Clone, Default)]
            #[validate(kubernetes = $release)]
            pub struct Min10Type(pub String);

            fn x(n: usize) -> String {
                "x".repeat(n)
            }

            fn value(min2: usize, min10: usize) -> Struct {
                Struct {
                    min0PtrField: None,
                    min2Field: x(min2),
                    min2PtrField: Some(x(min2)),
                    min2UnvalidatedTypedefField: UnvalidatedStringType(x(min2)),
                    min2UnvalidatedTypedefPtrField: Some(UnvalidatedStringType(x(min2))),
                    min2ValidatedTypedefField: Min2Type(x(min2)),
                    min2ValidatedTypedefPtrField: Some(Min2Type(x(min2))),
                    min10Field: x(min10),
                    min10PtrField: Some(x(min10)),
                    min10UnvalidatedTypedefField: UnvalidatedStringType(x(min10)),
                    min10UnvalidatedTypedefPtrField: Some(UnvalidatedStringType(x(min10))),
                    min10ValidatedTypedefField: Min10Type(x(min10)),
                    min10ValidatedTypedefPtrField: Some(Min10Type(x(min10))),
                    min2UnvalidatedStringAliasField: x(min2),
                    min2UnvalidatedStringAliasPtrField: Some(x(min2)),
                }
            }

            fn all_too_short() -> Vec<conformance_tests::W> {
                [
                    "min10Field",
                    "min10PtrField",
                    "min10UnvalidatedTypedefField",
                    "min10UnvalidatedTypedefPtrField",
                    "min10ValidatedTypedefField",
                    "min10ValidatedTypedefPtrField",
                    "min2Field",
                    "min2PtrField",
                    "min2UnvalidatedTypedefField",
                    "min2UnvalidatedTypedefPtrField",
                    "min2ValidatedTypedefField",
                    "min2ValidatedTypedefPtrField",
                    "min2UnvalidatedStringAliasField",
                    "min2UnvalidatedStringAliasPtrField",
                ]
                .iter()
                .map(|f| too_short(f))
                .collect()
            }

            #[test]
            fn zero_values_are_optional() {
                st(&Struct::default()).expect_valid();
            }

            #[test]
            fn too_short_values() {
                st(&value(1, 1)).expect(TF, &all_too_short());
                st(&value(1, 9)).expect(TF, &all_too_short());
                // Every error is alpha (`+k8s:alpha=` wraps each minLength).
                let alpha: Vec<_> = all_too_short().into_iter().map(|w| w.alpha()).collect();
                st(&value(1, 1)).expect(TFL, &alpha);
                let errs = st(&value(1, 9)).errors();
                let texts: Vec<String> = errs.iter().take(2).map(|e| e.to_string()).collect();
                assert_eq!(
                    texts,
                    [
                        "min2Field: Too short: must be at least 2 characters",
                        "min2PtrField: Too short: must be at least 2 characters",
                    ]
                );
                assert!(errs.iter().all(|e| e.origin() == Some("minLength")));
            }

            #[test]
            fn long_enough_values() {
                let mut v = value(2, 10);
                v.min2ValidatedTypedefPtrField = None;
                st(&v).expect_valid();
                st(&value(3, 11)).expect_valid();
            }

            #[test]
            fn ratcheting() {
                let mut new = value(2, 11);
                new.min2UnvalidatedStringAliasField.clear();
                new.min2UnvalidatedStringAliasPtrField = None;
                let mut old = value(1, 9);
                old.min10PtrField = Some(x(1));
                old.min2UnvalidatedStringAliasField.clear();
                old.min2UnvalidatedStringAliasPtrField = None;
                st(&new).old(&old).expect_valid();
            }
        }
    };
}

minlength!(v1_36, "1.36");
minlength!(v1_37, "1.37");
