//! Port of upstream `cmd/validation-gen/output_tests/tags/supported_resources/{root,
//! subresource,issubresource}` (kubernetes/code-generator v0.35.0): which
//! subresource paths a root type's validation serves. Upstream checks them
//! in the scheme's registered function; here `T::subresources()` lists them
//! and the test harness dispatches on it the same way (an internal error for
//! an unserved subresource).
//!
//! The tags are spelled as upstream's test files (and `k8s.io/api`) spell
//! them, unquoted (`=/status`), which 1.35 reads raw; the quoted spelling
//! means the same (see `docs/tags.md`).

use conformance_tests::{internal, st, Matcher};
use k8s_validation::Validate;

const M: Matcher = Matcher::new()
    .by_type()
    .by_field()
    .by_detail_substring()
    .by_origin();

mod root {
    use super::*;

    /// No subresource tags: only the root resource.
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct T1 {
        /// +k8s:validateTrue="field T1.S"
        pub s: String,
    }

    #[test]
    fn cases() {
        assert_eq!(T1::subresources(), ["/"]);
        let t1 = T1::default();
        st(&t1).expect_valid();
        st(&t1)
            .subresources(&["scale"])
            .expect(M, &[internal("<nil>")]);
        st(&t1)
            .subresources(&["x", "y"])
            .expect(M, &[internal("<nil>")]);
    }
}

mod subresource {
    use super::*;

    /// Root resource is supported by default.
    ///
    /// +k8s:supportsSubresource=/status
    /// +k8s:supportsSubresource=/scale
    /// +k8s:supportsSubresource=/x/y
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct T1 {
        /// +k8s:validateTrue="field T1.S"
        pub s: String,
    }

    #[test]
    fn cases() {
        assert_eq!(T1::subresources(), ["/", "/scale", "/status", "/x/y"]);
        let t1 = T1::default();
        st(&t1).expect_valid();
        st(&t1).subresources(&["status"]).expect_valid();
        st(&t1).subresources(&["scale"]).expect_valid();
        st(&t1).subresources(&["x", "y"]).expect_valid();
        for bad in [
            &["status", "unknown"][..],
            &["unknown"],
            &["x", "unknown"],
            &["x", "y", "unknown"],
        ] {
            st(&t1).subresources(bad).expect(M, &[internal("<nil>")]);
        }
    }
}

mod issubresource {
    use super::*;

    /// +k8s:isSubresource=/scale
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct T1 {
        /// +k8s:validateTrue="field T1.S"
        pub s: String,
    }

    #[test]
    fn cases() {
        assert_eq!(T1::subresources(), ["/scale"]);
        let t1 = T1::default();
        st(&t1).expect(M, &[internal("<nil>")]);
        st(&t1).subresources(&["scale"]).expect_valid();
        st(&t1)
            .subresources(&["unknown"])
            .expect(M, &[internal("<nil>")]);
    }
}
