//! One object through the declarative validation of the selected release's
//! API server.

use std::collections::HashMap;

use k8s_validation::{ErrorList, Operation, Release};
use k8s_validation_api::{Kind, RootObject};
use k8s_validation_manifest::limits::{json_size, request_too_large_message, MAX_REQUEST_BODY};
use k8s_validation_manifest::Node;
use k8s_validation_migration::{FeatureGates, Migration, Registry};

use crate::apiserver::{self, ApiServer};

/// Why an object was not validated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum NotRun {
    /// Its type carries validation tags, but the release's API server does
    /// not run declarative validation for its group-version.
    NotRunByApiServer,
    /// A built-in group whose release has no declarative rules for the kind.
    NoDeclarativeRules,
    /// Not of a built-in API group (a custom resource, or a typo).
    NotBuiltIn,
}

impl NotRun {
    /// The summary's words for it.
    pub fn describe(self, release: Release) -> String {
        match self {
            NotRun::NotRunByApiServer => {
                format!("tags present, not run by the {release} apiserver")
            }
            NotRun::NoDeclarativeRules => "no declarative rules".to_owned(),
            NotRun::NotBuiltIn => "not a built-in kind".to_owned(),
        }
    }

    /// The `-o json` spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            NotRun::NotRunByApiServer => "not-run-by-apiserver",
            NotRun::NoDeclarativeRules => "no-declarative-rules",
            NotRun::NotBuiltIn => "not-built-in",
        }
    }
}

/// What became of one object.
#[derive(Debug)]
pub enum Verdict {
    /// Declarative validation ran and found nothing.
    Valid,
    /// The errors the API server would return (declarative only).
    Invalid(ErrorList),
    /// The object does not decode as its kind (the API server answers 400
    /// `BadRequest` before validating).
    Undecodable(String),
    /// The JSON kubectl would send is larger than the API server's request
    /// body limit (413 `RequestEntityTooLarge`, before decoding).
    TooLarge(String),
    /// Not validated, and why.
    NotRun(NotRun),
}

/// An object and its verdict.
#[derive(Debug)]
pub struct Checked {
    /// `apiVersion`.
    pub api_version: String,
    /// `kind`.
    pub kind: String,
    /// The API group (`""` for core).
    pub group: String,
    /// `metadata.namespace`, empty when unset.
    pub namespace: String,
    /// `metadata.name`, empty when unset.
    pub name: String,
    /// Whether it was validated as an update of a live object (`--old`).
    pub update: bool,
    /// The verdict.
    pub verdict: Verdict,
}

/// The identity of an object among the live ones (`--old`): group, kind,
/// namespace, name.
pub type ObjectKey = (String, String, String, String);

/// The key of `obj` (namespace `default` counts as unset, as kubectl
/// fills it in).
pub fn object_key(obj: Node<'_>) -> Option<ObjectKey> {
    let api_version = obj.get("apiVersion")?.as_str()?;
    let kind = obj.get("kind")?.as_str()?;
    let group = api_version.rsplit_once('/').map_or("", |(g, _)| g);
    let meta = obj.get("metadata");
    let field = |k: &str| {
        meta.and_then(|m| m.get(k))
            .and_then(Node::as_str)
            .unwrap_or("")
            .to_owned()
    };
    let mut namespace = field("namespace");
    if namespace == "default" {
        namespace.clear();
    }
    Some((group.to_owned(), kind.to_owned(), namespace, field("name")))
}

/// Validates manifests as the API server of one release does.
pub struct Validator {
    release: Release,
    server: &'static ApiServer,
    migration: Migration,
    kinds: HashMap<(String, String), Option<Kind>>,
}

impl Validator {
    /// A validator for `release` with `gates` (the API server's
    /// declarative validation gates) and the validation options `options`
    /// (name, enabled) that `+k8s:ifEnabled` tags read. Every option the
    /// release's API server defines and `options` does not name takes the
    /// server's value.
    pub fn new(gates: FeatureGates, options: &[(String, bool)]) -> Validator {
        let release = gates.release();
        let server = apiserver::server(release);
        let mut migration = Migration::new(gates, Registry::new());
        for (name, enabled) in options {
            migration = migration.with_option(name.clone(), *enabled);
        }
        Validator {
            release,
            server,
            migration,
            kinds: HashMap::new(),
        }
    }

    /// The release.
    pub fn release(&self) -> Release {
        self.release
    }

    /// The gates.
    pub fn gates(&self) -> &FeatureGates {
        self.migration.gates()
    }

    fn kind(&mut self, api_version: &str, kind: &str) -> Option<Kind> {
        let release = self.release;
        *self
            .kinds
            .entry((api_version.to_owned(), kind.to_owned()))
            .or_insert_with(|| k8s_validation_api::lookup(release, api_version, kind))
    }

    /// Validates `obj` as a create, or as an update of `old` (the live
    /// object, `--old`): [`decode`](Self::decode), then
    /// [`validate`](Self::validate). An object without `apiVersion` or
    /// `kind` is an error (a bad document).
    pub fn check(&mut self, obj: Node<'_>, old: Option<Node<'_>>) -> Result<Checked, String> {
        Ok(match self.decode(obj, old)? {
            Step::Done(checked) => checked,
            Step::Decoded(d) => self.validate(d),
        })
    }

    /// The first half of [`check`](Self::check): finds the object's kind,
    /// applies the API server's request body limit, decides whether the API
    /// server validates it, and decodes it (and the live object) into the
    /// mirror's type.
    pub fn decode(&mut self, obj: Node<'_>, old: Option<Node<'_>>) -> Result<Step, String> {
        let api_version = string_at(obj, "apiVersion")
            .ok_or_else(|| "Object 'apiVersion' is missing".to_owned())?;
        let kind_name =
            string_at(obj, "kind").ok_or_else(|| "Object 'Kind' is missing".to_owned())?;
        let group = api_version.rsplit_once('/').map_or("", |(g, _)| g);
        let meta = obj.get("metadata");
        let meta_str = |k: &str| {
            meta.and_then(|m| m.get(k))
                .and_then(Node::as_str)
                .unwrap_or("")
                .to_owned()
        };
        let mut checked = Checked {
            api_version: api_version.to_owned(),
            kind: kind_name.to_owned(),
            group: group.to_owned(),
            namespace: meta_str("namespace"),
            name: meta_str("name"),
            update: old.is_some(),
            verdict: Verdict::Valid,
        };
        // The body kubectl sends: the object's compact JSON and a newline.
        if json_size(obj) + 1 > MAX_REQUEST_BODY {
            checked.verdict = Verdict::TooLarge(request_too_large_message());
            return Ok(Step::Done(checked));
        }
        let Some(kind) = self.kind(api_version, kind_name) else {
            let built_in = k8s_validation_api::package_of_group(group).is_some();
            checked.verdict = Verdict::NotRun(if built_in {
                NotRun::NoDeclarativeRules
            } else {
                NotRun::NotBuiltIn
            });
            return Ok(Step::Done(checked));
        };
        if !self.server.validates(&kind.package()) {
            checked.verdict = Verdict::NotRun(NotRun::NotRunByApiServer);
            return Ok(Step::Done(checked));
        }
        let object = match kind.decode(&obj.to_json()) {
            Ok(o) => o,
            Err(e) => {
                checked.verdict = Verdict::Undecodable(e);
                return Ok(Step::Done(checked));
            }
        };
        let old = match old.map(|o| kind.decode(&o.to_json())) {
            None => None,
            Some(Ok(o)) => Some(o),
            Some(Err(e)) => {
                checked.verdict = Verdict::Undecodable(format!("the live object: {e}"));
                return Ok(Step::Done(checked));
            }
        };
        if !object.is_registered(self.migration.registry()) {
            let enforced = self.server.enforces(kind.root());
            object.register(
                self.migration.registry_mut(),
                kind_name,
                api_version,
                enforced,
            );
        }
        Ok(Step::Decoded(Decoded {
            checked,
            object,
            old,
        }))
    }

    /// The second half of [`check`](Self::check): declarative validation of
    /// a decoded object as the release's API server runs it (its gates, its
    /// filters), with no hand-written errors.
    pub fn validate(&mut self, d: Decoded) -> Checked {
        let Decoded {
            mut checked,
            object,
            old,
        } = d;
        let errs = match &old {
            None => self.migration.validate_manifest(
                &checked.api_version,
                object.as_any(),
                ErrorList::new(),
            ),
            Some(old) => self.migration.validate_object(
                object.as_any(),
                Some(old.as_any()),
                &Operation::update(),
                ErrorList::new(),
            ),
        };
        checked.verdict = if errs.is_empty() {
            Verdict::Valid
        } else {
            Verdict::Invalid(errs)
        };
        checked
    }
}

/// What [`Validator::decode`] leaves to do.
pub enum Step {
    /// Nothing: the verdict is known (not validated, or undecodable).
    Done(Checked),
    /// Validation.
    Decoded(Decoded),
}

/// An object decoded into its mirror type, ready for
/// [`Validator::validate`].
pub struct Decoded {
    checked: Checked,
    object: Box<dyn RootObject>,
    old: Option<Box<dyn RootObject>>,
}

fn string_at<'a>(v: Node<'a>, key: &str) -> Option<&'a str> {
    v.get(key).and_then(Node::as_str).filter(|s| !s.is_empty())
}
