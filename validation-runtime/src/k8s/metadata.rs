//! Rules for a custom resource's `metadata`, and [`custom_resource!`]
//! (crate root), which implements `Validate` for the root type that kube's
//! `#[derive(CustomResource)]` generates around a user's spec.
//!
//! The rules are those the Kubernetes API server applies to every custom
//! resource (upstream's `ValidateObjectMetaAccessor` and
//! `ValidateObjectMetaAccessorUpdate` in `k8s.io/apimachinery/pkg/api/validation`,
//! the name, `generateName` and namespace part; unchanged in 1.33-1.37), with
//! upstream's messages and no origin (they are not declarative errors).

use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;

use crate::field::{ErrorList, Path};
use crate::validate::content::{is_dns1123_label, is_dns1123_subdomain, Messages};
use crate::{Error, Operation};

/// What `metadata.name` must be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NameFormat {
    /// A DNS subdomain (`k8s-long-name`): what the API server requires of
    /// every custom resource's name. The default.
    LongName,
    /// A DNS label (`k8s-short-name`): at most 63 characters, no dots.
    ShortName,
}

impl NameFormat {
    /// The format named as in `+k8s:format=`: `k8s-long-name` or
    /// `k8s-short-name`. Panics (a compile error in a constant, which is how
    /// [`custom_resource!`](crate::custom_resource) uses it) for any other
    /// name.
    pub const fn from_tag(name: &str) -> NameFormat {
        if str_eq(name, "k8s-long-name") {
            NameFormat::LongName
        } else if str_eq(name, "k8s-short-name") {
            NameFormat::ShortName
        } else {
            panic!("metadata name format must be \"k8s-long-name\" or \"k8s-short-name\"")
        }
    }

    /// Upstream's `NameIsDNSSubdomain` / `NameIsDNSLabel`: with `prefix`
    /// (a `generateName`), a trailing `-` is masked first as upstream's
    /// `maskTrailingDash` does (the last two characters become `a`).
    fn check(self, name: &str, prefix: bool) -> Messages {
        let masked;
        let name = if prefix && name.len() > 1 && name.ends_with('-') {
            masked = format!("{}a", &name[..name.len() - 2]);
            masked.as_str()
        } else {
            name
        };
        match self {
            NameFormat::LongName => is_dns1123_subdomain(name),
            NameFormat::ShortName => is_dns1123_label(name),
        }
    }
}

const fn str_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// Whether the resource lives in a namespace (kube's `#[kube(namespaced)]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// `metadata.namespace` is required and must be a DNS label.
    Namespaced,
    /// `metadata.namespace` must be empty.
    Cluster,
    /// `metadata.namespace` is not checked (the default: the API server
    /// fills it in from the request path before validating).
    Unchecked,
}

/// The `metadata` rules of a custom resource.
///
/// ```
/// use k8s_validation::k8s::{MetadataRules, NameFormat, Scope};
///
/// const RULES: MetadataRules = MetadataRules::new().name(NameFormat::ShortName).scope(Scope::Namespaced);
/// assert_eq!(RULES.name_format, NameFormat::ShortName);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MetadataRules {
    /// What `metadata.name` (and `generateName`, as a prefix) must be.
    pub name_format: NameFormat,
    /// How `metadata.namespace` is checked.
    pub scope: Scope,
}

impl MetadataRules {
    /// The API server's rules for custom resources: a DNS-subdomain name,
    /// the namespace unchecked.
    pub const fn new() -> MetadataRules {
        MetadataRules {
            name_format: NameFormat::LongName,
            scope: Scope::Unchecked,
        }
    }

    /// With this name format.
    pub const fn name(mut self, format: NameFormat) -> MetadataRules {
        self.name_format = format;
        self
    }

    /// With this namespace rule.
    pub const fn scope(mut self, scope: Scope) -> MetadataRules {
        self.scope = scope;
        self
    }
}

impl Default for MetadataRules {
    fn default() -> Self {
        MetadataRules::new()
    }
}

/// Validates an object's `metadata` at `path` (`metadata`), appending to
/// `errs`.
///
/// On create (upstream's `ValidateObjectMetaAccessor`):
/// * `generateName`, when set, must be a valid prefix:
///   `metadata.generateName: Invalid value: "Web-": a lowercase RFC 1123 subdomain ...`;
/// * `name` is required unless `generateName` is set
///   (`metadata.name: Required value: name or generateName is required`) and
///   must have the format. The API server generates a name from
///   `generateName` (the prefix and 5 random lowercase alphanumerics) before
///   it validates; that name is valid exactly when the prefix is, so an
///   object with only `generateName` gets the prefix's errors, as it would
///   from the API server;
/// * the namespace follows [`Scope`] (`Required value`; `Forbidden: not allowed on this type`).
///
/// On update (upstream's `ValidateObjectMetaAccessorUpdate`): `name` and
/// `namespace` are immutable (`metadata.name: Invalid value: "b": field is immutable`);
/// the formats are not checked again.
pub fn validate_object_meta(
    op: &Operation,
    path: &Path<'_>,
    meta: &ObjectMeta,
    old: Option<&ObjectMeta>,
    rules: &MetadataRules,
    errs: &mut ErrorList,
) {
    let name = meta.name.as_deref().unwrap_or("");
    let namespace = meta.namespace.as_deref().unwrap_or("");
    if let (true, Some(old)) = (op.is_update(), old) {
        let old_name = old.name.as_deref().unwrap_or("");
        if name != old_name {
            errs.push(Error::invalid(
                path.child("name"),
                name.to_owned(),
                "field is immutable",
            ));
        }
        if namespace != old.namespace.as_deref().unwrap_or("") {
            errs.push(Error::invalid(
                path.child("namespace"),
                namespace.to_owned(),
                "field is immutable",
            ));
        }
        return;
    }
    let generate_name = meta.generate_name.as_deref().unwrap_or("");
    if !generate_name.is_empty() {
        for msg in rules.name_format.check(generate_name, true) {
            errs.push(Error::invalid(
                path.child("generateName"),
                generate_name.to_owned(),
                msg,
            ));
        }
    }
    if name.is_empty() {
        // The API server generates the name (the prefix, cut to 58 bytes,
        // and 5 lowercase alphanumerics) before it validates; that name is
        // valid exactly when the prefix is, which was checked above.
        if generate_name.is_empty() {
            errs.push(Error::required(
                path.child("name"),
                "name or generateName is required",
            ));
        }
    } else {
        for msg in rules.name_format.check(name, false) {
            errs.push(Error::invalid(path.child("name"), name.to_owned(), msg));
        }
    }
    match rules.scope {
        Scope::Namespaced if namespace.is_empty() => {
            errs.push(Error::required(path.child("namespace"), ""));
        }
        Scope::Namespaced => {
            for msg in is_dns1123_label(namespace) {
                errs.push(Error::invalid(
                    path.child("namespace"),
                    namespace.to_owned(),
                    msg,
                ));
            }
        }
        Scope::Cluster if !namespace.is_empty() => {
            errs.push(Error::forbidden(
                path.child("namespace"),
                "not allowed on this type",
            ));
        }
        Scope::Cluster | Scope::Unchecked => {}
    }
}

/// Implements `Validate` for the root type of a kube custom resource (the
/// struct `#[derive(CustomResource)]` generates around your spec, which you
/// cannot tag): `metadata` by [`k8s::MetadataRules`](crate::k8s::MetadataRules),
/// then each listed field (`spec`, `status`) by its own derived validation,
/// ratcheted (skipped on update when semantically unchanged), at its serde
/// name (`spec.replicas`).
///
/// ```
/// use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
/// use k8s_validation::{Operation, Validate};
///
/// #[derive(Clone, Validate)]
/// pub struct WidgetSpec {
///     /// +k8s:optional
///     /// +k8s:minimum=0
///     pub replicas: Option<i32>,
/// }
///
/// // What `#[derive(CustomResource)]` generates from `WidgetSpec` (kube
/// // writes this struct; you do not).
/// pub struct Widget {
///     pub metadata: ObjectMeta,
///     pub spec: WidgetSpec,
/// }
///
/// k8s_validation::custom_resource! {
///     Widget {
///         metadata(name = "k8s-short-name", scope = Namespaced),
///         spec,
///     }
/// }
///
/// let w = Widget {
///     metadata: ObjectMeta { name: Some("web.1".into()), namespace: Some("default".into()), ..Default::default() },
///     spec: WidgetSpec { replicas: Some(-1) },
/// };
/// let errs = w.validate(&Operation::create());
/// assert_eq!(errs[0].field().to_string(), "metadata.name");
/// assert_eq!(errs[1].to_string(), "spec.replicas: Invalid value: -1: must be greater than or equal to 0");
/// ```
///
/// `metadata(...)` may be written `metadata` (the API server's defaults:
/// `name = "k8s-long-name"`, namespace unchecked); `name` takes
/// `"k8s-long-name"` or `"k8s-short-name"` (any other is a compile error),
/// `scope` one of `Namespaced`, `Cluster`, `Unchecked`. Needs the
/// `k8s-openapi` feature. The macro checks k8s-openapi's version against
/// the release validated where it is used (a compile error naming both
/// when they cannot work together: [`k8s::version`](crate::k8s::version)).
#[macro_export]
macro_rules! custom_resource {
    ($root:ty {
        metadata $(( $(name = $format:literal)? $(,)? $(scope = $scope:ident)? $(,)? ))?
        $(, $field:ident)* $(,)?
    }) => {
        // k8s-openapi's version against the release of these `metadata`
        // rules, in the crate that runs them (`k8s::version`).
        const _: () = $crate::k8s::version::check_custom_resource();
        impl $crate::Validate for $root {
            fn validate_into(
                &self,
                op: &$crate::Operation,
                path: &$crate::field::Path<'_>,
                old: ::core::option::Option<&Self>,
                errs: &mut $crate::ErrorList,
            ) {
                const RULES: $crate::k8s::MetadataRules = $crate::k8s::MetadataRules::new()
                    $($(.name($crate::k8s::NameFormat::from_tag($format)))?)?
                    $($(.scope($crate::k8s::Scope::$scope))?)?;
                $crate::k8s::validate_object_meta(
                    op,
                    &path.child("metadata"),
                    &self.metadata,
                    old.map(|old| &old.metadata),
                    &RULES,
                    errs,
                );
                $(
                    let (value, old_value) = (&self.$field, old.map(|old| &old.$field));
                    if !$crate::validate::unchanged(op, value, old_value) {
                        $crate::Validate::validate_into(
                            value,
                            op,
                            &path.child(::core::stringify!($field)),
                            old_value,
                            errs,
                        );
                    }
                )*
            }
        }
    };
}
