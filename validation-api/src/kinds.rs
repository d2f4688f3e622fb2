//! From a manifest's `apiVersion` and `kind` to the mirror's root type.

use k8s_validation::Release;

use crate::RootObject;

/// The API group of each `k8s.io/api` package (its `register.go`
/// `GroupName`; the core group is `""`), for the packages the mirrors hold.
const GROUPS: &[(&str, &str)] = &[
    ("admissionregistration", "admissionregistration.k8s.io"),
    ("apidiscovery", "apidiscovery.k8s.io"),
    ("apiserverinternal", "internal.apiserver.k8s.io"),
    ("apps", "apps"),
    ("authentication", "authentication.k8s.io"),
    ("authorization", "authorization.k8s.io"),
    ("autoscaling", "autoscaling"),
    ("batch", "batch"),
    ("certificates", "certificates.k8s.io"),
    ("coordination", "coordination.k8s.io"),
    ("core", ""),
    ("discovery", "discovery.k8s.io"),
    ("events", "events.k8s.io"),
    ("extensions", "extensions"),
    ("flowcontrol", "flowcontrol.apiserver.k8s.io"),
    ("imagepolicy", "imagepolicy.k8s.io"),
    ("lifecycle", "lifecycle.k8s.io"),
    ("networking", "networking.k8s.io"),
    ("node", "node.k8s.io"),
    ("policy", "policy"),
    ("rbac", "rbac.authorization.k8s.io"),
    ("resource", "resource.k8s.io"),
    ("scheduling", "scheduling.k8s.io"),
    ("storage", "storage.k8s.io"),
    ("storagemigration", "storagemigration.k8s.io"),
];

/// The API group of the `k8s.io/api` package `package` (`"rbac"` →
/// `"rbac.authorization.k8s.io"`, `"core"` → `""`).
pub fn group_of_package(package: &str) -> Option<&'static str> {
    GROUPS.iter().find(|(p, _)| *p == package).map(|(_, g)| *g)
}

/// The `k8s.io/api` package of the API group `group` (`""` → `"core"`):
/// `None` for a group that is not built in.
pub fn package_of_group(group: &str) -> Option<&'static str> {
    GROUPS.iter().find(|(_, g)| *g == group).map(|(p, _)| *p)
}

/// The root types of `release` (`"apps_v1::Deployment"`): the types upstream
/// registers declarative validation for. Empty for a release the crate does
/// not mirror.
pub fn roots(release: Release) -> &'static [&'static str] {
    match release {
        Release::V1_35 => crate::v1_35::ROOTS,
        Release::V1_36 => crate::v1_36::ROOTS,
        Release::V1_37 => crate::v1_37::ROOTS,
        #[cfg(feature = "v1_38")]
        Release::V1_38 => crate::v1_38::ROOTS,
        _ => &[],
    }
}

/// A root type of one release, found by [`lookup`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Kind {
    release: Release,
    root: &'static str,
    group: &'static str,
}

impl Kind {
    /// The release whose mirror holds the type.
    pub fn release(&self) -> Release {
        self.release
    }

    /// The mirror's name of the type: `"apps_v1::Deployment"`.
    pub fn root(&self) -> &'static str {
        self.root
    }

    /// The `k8s.io/api` package: `"apps/v1"`.
    pub fn package(&self) -> String {
        let (pkg, _) = self.root.split_once("::").unwrap_or((self.root, ""));
        pkg.replacen('_', "/", 1)
    }

    /// The API group (`""` for core).
    pub fn group(&self) -> &'static str {
        self.group
    }

    /// The version: `"v1"`.
    pub fn version(&self) -> &'static str {
        let (pkg, _) = self.root.split_once("::").unwrap_or((self.root, ""));
        pkg.split_once('_').map_or(pkg, |(_, v)| v)
    }

    /// The kind: `"Deployment"`.
    pub fn kind(&self) -> &'static str {
        self.root.split_once("::").map_or(self.root, |(_, k)| k)
    }

    /// Decodes a manifest (JSON, `apiVersion` and `kind` included) as this
    /// type. Fields the type does not know are ignored, as serde does by
    /// default.
    pub fn decode(&self, v: &serde_json::Value) -> Result<Box<dyn RootObject>, String> {
        crate::decode_root(self.release, self.root, v)
            .unwrap_or_else(|| Err(format!("{} is not a root type", self.root)))
    }
}

/// The root type of `release` for a manifest's `apiVersion` and `kind`
/// (`"apps/v1"`, `"Deployment"`; `"v1"`, `"Pod"`): `None` when the release's
/// mirror has no such type (a kind without declarative validation, or not
/// of a built-in group).
pub fn lookup(release: Release, api_version: &str, kind: &str) -> Option<Kind> {
    let (group, version) = api_version.rsplit_once('/').unwrap_or(("", api_version));
    let package = package_of_group(group)?;
    let roots = roots(release);
    let i = roots.iter().position(|r| {
        r.split_once("::").is_some_and(|(pkg, k)| {
            k == kind
                && pkg
                    .split_once('_')
                    .is_some_and(|(p, v)| p == package && v == version)
        })
    })?;
    let group = group_of_package(package)?;
    Some(Kind {
        release,
        root: roots[i],
        group,
    })
}
