//! What the API server of each release validates declaratively: the
//! group-versions whose `pkg/apis/<group>/<version>/doc.go` in
//! kubernetes/kubernetes carries `+k8s:validation-gen` (their generated
//! validators are registered in the API server's scheme), and the
//! validation options its strategies define.

use k8s_validation::Release;

/// One release's API server.
#[derive(Debug)]
pub struct ApiServer {
    /// The `k8s.io/api` packages (`apps/v1`, `core/v1`) validated
    /// declaratively, sorted.
    pub validated: &'static [&'static str],
    /// The validation options its strategies define for `+k8s:ifEnabled`
    /// and `+k8s:ifDisabled` tags.
    pub options: &'static [ServerOption],
    /// 1.36: the root types (`core_v1::ReplicationController`) whose
    /// strategy enforces declarative validation (`WithDeclarativeEnforcement`);
    /// the others run it in shadow mode only. Unused by other releases.
    pub enforced: &'static [&'static str],
}

/// A validation option an API server defines.
#[derive(Debug)]
pub struct ServerOption {
    /// The option's name (a feature gate's, which `--feature-gates` sets).
    pub name: &'static str,
    /// Its value with the release's default gates.
    pub default: bool,
}

impl ApiServer {
    /// Whether the API server validates the `k8s.io/api` package `package`
    /// (`"apps/v1"`) declaratively.
    pub fn validates(&self, package: &str) -> bool {
        self.validated.binary_search(&package).is_ok()
    }

    /// Whether the strategy of the root type `root` enforces declarative
    /// validation (1.36's opt-in).
    pub fn enforces(&self, root: &str) -> bool {
        self.enforced.contains(&root)
    }
}

/// The API server of `release` (a release this crate does not know
/// validates nothing).
pub fn server(release: Release) -> &'static ApiServer {
    match release {
        Release::V1_35 => &V1_35,
        Release::V1_36 => &V1_36,
        Release::V1_37 => &V1_37,
        Release::V1_38 => &V1_38,
        _ => &NONE,
    }
}

static NONE: ApiServer = ApiServer {
    validated: &[],
    options: &[],
    enforced: &[],
};

include!("apiserver_tables.rs");

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_are_sorted_and_name_mirrored_packages() {
        for &release in Release::SUPPORTED {
            let s = server(release);
            assert!(!s.validated.is_empty(), "{release}");
            assert!(
                s.validated.windows(2).all(|w| w[0] < w[1]),
                "{release} is sorted"
            );
            let roots = k8s_validation_api::roots(release);
            for p in s.validated {
                let prefix = format!("{}::", p.replace('/', "_"));
                assert!(
                    roots.iter().any(|r| r.starts_with(&prefix)),
                    "{release}: {p} has no root type in the mirror"
                );
            }
        }
    }
}
