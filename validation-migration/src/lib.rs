//! Migration mode: hand-written and declarative validation side by side, as
//! a Kubernetes API server of a given release runs them
//! (`rest.ValidateDeclarativelyWithMigrationChecks` of `k8s.io/apiserver`
//! v0.35.0, v0.36.0, v0.37.2, v0.38.0-beta.0).
//!
//! This is the server side of declarative validation, kept out of
//! `k8s-validation` so that the runtime (what generated code calls)
//! stays free of logging, regex and YAML dependencies. It uses only the
//! runtime's public API: [`Validate`](k8s_validation::Validate),
//! [`ErrorList`], [`Operation`], [`Release`] and the
//! [`field`](k8s_validation::field) types.
//!
//! A server keeps its hand-written validation and hands its errors, with
//! the object, to [`Migration::validate`]. The [`FeatureGates`] name the
//! release ([`FeatureGates::for_release`]; [`k8s_validation::KUBERNETES_RELEASE`]
//! by default) and select the [`Mode`]:
//!
//! * 1.35, `DeclarativeValidation=false` ([`Mode::Disabled`]): the
//!   hand-written errors are returned; declarative validation does not run.
//! * 1.35 default, and 1.36 for types without enforcement
//!   ([`Mode::Mismatch`]): the hand-written errors are returned;
//!   declarative validation runs and every disagreement with the
//!   hand-written errors marked covered by declarative validation is logged
//!   (one `tracing` error event with upstream's text) and counted in
//!   `apiserver_validation_declarative_validation_mismatch_total`.
//! * 1.35, `DeclarativeValidationTakeover=true` ([`Mode::Takeover`]):
//!   covered hand-written errors are dropped and the declarative errors
//!   returned in their place, after the uncovered hand-written ones;
//!   disagreements are still logged and counted.
//! * 1.36 for types registered with
//!   [`declarative_enforcement`](TypeRegistration::declarative_enforcement),
//!   and 1.37 and 1.38 ([`Mode::Lifecycle`]): standard declarative errors
//!   are returned, `+k8s:beta` ones under `DeclarativeValidationBeta`,
//!   `+k8s:alpha` ones never; only alpha and beta errors are compared.
//!   1.38 differs from 1.37 in the comparison: a covered hand-written
//!   error is no longer dropped as a duplicate of an uncovered one (see
//!   [`gather_mismatches_for`]); and, as upstream has done since 1.36,
//!   hand-written errors whose text repeats an earlier one's are not
//!   returned again (this crate's 1.36 and 1.37 return them).
//!
//! [`Migration::validate_manifest`] validates an object outside a request
//! (a static manifest) as a create: 1.38's
//! `rest.ValidateDeclarativelyForManifest`.
//!
//! A panic in declarative (generated or custom) validation is caught,
//! counted in `apiserver_validation_declarative_validation_panic_total`, and
//! logged (mismatch mode) or returned as an internal error (takeover).
//!
//! ```
//! use k8s_validation::field::{BadValue, Error, ErrorList};
//! use k8s_validation_migration::{FeatureGates, Migration, Registry};
//! use k8s_validation::{Operation, Release, Validate};
//!
//! #[derive(Debug, Default, PartialEq, Validate)]
//! struct Widget {
//!     /// +k8s:minimum=0
//!     replicas: i32,
//! }
//!
//! fn handwritten(w: &Widget) -> ErrorList {
//!     let mut errs = ErrorList::new();
//!     if w.replicas < 0 {
//!         errs.push(
//!             Error::invalid("replicas", BadValue::Int(w.replicas.into()), "must be non-negative")
//!                 .with_origin("minimum")
//!                 .mark_covered_by_declarative(),
//!         );
//!     }
//!     errs
//! }
//!
//! let mut registry = Registry::new();
//! registry.register::<Widget>("Widget");
//! let gates = FeatureGates::parse_for(Release::V1_35, "DeclarativeValidationTakeover=true").unwrap();
//! let migration = Migration::new(gates, registry);
//!
//! let w = Widget { replicas: -1 };
//! let errs = migration.validate(&w, None, &Operation::create(), handwritten(&w));
//! // Takeover: the declarative error replaces the covered hand-written one.
//! assert_eq!(errs.len(), 1);
//! assert_eq!(errs[0].detail(), "must be greater than or equal to 0");
//! assert_eq!(migration.metrics().mismatch_total(), 0);
//! ```
//!
//! See `docs/migration.md` for the operator's side.
#![cfg_attr(docsrs, feature(doc_cfg))]
#![warn(missing_docs)]

mod behaviour;
mod gates;
mod lifecycle;
mod matcher;
mod metrics;
mod registry;
pub mod replay;
mod status;

use std::any::Any;
use std::borrow::Cow;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;

pub use gates::{
    FeatureGateError, FeatureGates, GateSpec, Mode, PreRelease, ALL_ALPHA, ALL_BETA,
    DECLARATIVE_VALIDATION, DECLARATIVE_VALIDATION_BETA, DECLARATIVE_VALIDATION_TAKEOVER,
};
pub use lifecycle::{
    filter_covered_handwritten_errors, filter_enforced_declarative_errors,
    filter_handwritten_errors_1_36,
};
pub use matcher::{
    gather_mismatches, gather_mismatches_for, normalize_path, ErrorMatcher, Mismatch, MismatchKind,
    NormalizationRule, RECOMMENDATION_AUTHORITATIVE, RECOMMENDATION_DISABLE_BETA,
    RECOMMENDATION_TAKEOVER,
};
pub use metrics::{
    ValidationMetrics, DUPLICATE_VALIDATION_ERROR_TOTAL, MISMATCH_TOTAL, PANICS_TOTAL, PANIC_TOTAL,
    PARITY_DISCREPANCIES_TOTAL, TEXT_CONTENT_TYPE, VALIDATION_IDENTIFIER_LABEL,
};
pub use registry::{no_validation_found, Registry, TypeRegistration};
pub use status::invalid_status_json;

use behaviour::{behaviour, Algorithm, Behaviour};
use k8s_validation::field::{go_quote, Error, ErrorList, Path};
use k8s_validation::{Operation, OperationType, Release};
use matcher::gather;
use registry::Entry;

/// The message of a recovered panic: `panic during declarative validation: <payload>`.
pub const PANIC_MESSAGE_PREFIX: &str = "panic during declarative validation: ";

/// The error logged when the validation identifier cannot be built completely.
pub const IDENTIFIER_FAILURE_MESSAGE: &str =
    "failed to generate complete validation identifier for declarative validation";

/// Runs declarative validation next to hand-written validation as an API
/// server of the gates' [`Release`] does, logging and counting
/// disagreements.
///
/// The release ([`release`](Self::release)) is the one the
/// [`FeatureGates`] were made for: [`FeatureGates::new`] and
/// [`FeatureGates::parse`] follow [`k8s_validation::KUBERNETES_RELEASE`]
/// (the runtime's cargo feature, 1.35 without one);
/// [`FeatureGates::for_release`] and [`FeatureGates::parse_for`] name one.
///
/// `Send + Sync`: share one across request handlers (in an `Arc`).
#[derive(Debug)]
pub struct Migration {
    gates: FeatureGates,
    registry: Registry,
    metrics: Arc<ValidationMetrics>,
    rules: Vec<NormalizationRule>,
    options: Vec<(String, bool)>,
    all_enforced: bool,
}

impl Migration {
    /// A migration with its own [`ValidationMetrics`].
    pub fn new(gates: FeatureGates, registry: Registry) -> Migration {
        Migration {
            gates,
            registry,
            metrics: Arc::new(ValidationMetrics::new()),
            rules: Vec::new(),
            options: Vec::new(),
            all_enforced: false,
        }
    }

    /// The registry, to register types after the migration is made (a
    /// command that meets types as it decodes objects).
    pub fn registry_mut(&mut self) -> &mut Registry {
        &mut self.registry
    }

    /// Counts into `metrics` (shared with other migrations, or
    /// [`ValidationMetrics::global`] wrapped by the caller).
    #[must_use]
    pub fn with_metrics(mut self, metrics: Arc<ValidationMetrics>) -> Migration {
        self.metrics = metrics;
        self
    }

    /// Path normalization applied to declarative error paths before they are
    /// compared (upstream's `WithNormalizationRules`).
    #[must_use]
    pub fn with_normalization_rules(mut self, rules: Vec<NormalizationRule>) -> Migration {
        self.rules = rules;
        self
    }

    /// Defines a validation option for every type (upstream's `WithOptions`
    /// list in 1.35 and 1.36, `DeclarativeValidationConfig.Options` from
    /// 1.37): declarative validation sees it enabled or disabled unless the
    /// request's [`Operation`] defines it itself. Options of a type's
    /// registration ([`TypeRegistration::option`]) come first. Code
    /// generated for 1.37 needs every option its tags name to be defined
    /// (`Internal error: undefined validation option "X"` otherwise).
    #[must_use]
    pub fn with_option(mut self, name: impl Into<String>, enabled: bool) -> Migration {
        let name = name.into();
        self.options.retain(|(n, _)| *n != name);
        self.options.push((name, enabled));
        self
    }

    /// Upstream's `WithAllDeclarativeEnforcedForTest` (1.36 on; ignored
    /// in 1.35), for tests only: every declarative error is returned and
    /// every covered hand-written error dropped, whatever the stability
    /// levels and gates.
    #[must_use]
    pub fn with_all_declarative_enforced_for_test(mut self) -> Migration {
        self.all_enforced = true;
        self
    }

    /// The gates.
    pub fn gates(&self) -> &FeatureGates {
        &self.gates
    }

    /// The Kubernetes release whose API server this migration follows (the
    /// gates' release).
    pub fn release(&self) -> Release {
        self.gates.release()
    }

    /// The mode the gates select for a type without enforcement (see
    /// [`FeatureGates::mode`]; [`mode_of`](Self::mode_of) for a
    /// registered type).
    pub fn mode(&self) -> Mode {
        self.gates.mode()
    }

    /// The mode of `T` (in 1.36 a type registered with
    /// [`declarative_enforcement`](TypeRegistration::declarative_enforcement)
    /// is in [`Mode::Lifecycle`]).
    pub fn mode_of<T: 'static>(&self) -> Mode {
        let enforcement = self.registry.entry_of::<T>().is_some_and(|e| e.enforcement);
        self.gates.mode_with_enforcement(enforcement)
    }

    /// The registry.
    pub fn registry(&self) -> &Registry {
        &self.registry
    }

    /// The metrics (for a `/metrics` handler: [`ValidationMetrics::encode_text`]).
    pub fn metrics(&self) -> &Arc<ValidationMetrics> {
        &self.metrics
    }

    /// The one call of a server: validates `obj` (an update of `old` when
    /// `op` is an update) declaratively next to the `handwritten` errors
    /// and returns the errors the client must see, as upstream's
    /// `rest.ValidateDeclarativelyWithMigrationChecks` of the release does
    /// (see `docs/migration.md` for each release's algorithm; a static
    /// manifest goes to [`validate_manifest`](Self::validate_manifest)).
    ///
    /// `handwritten` errors that declarative validation reproduces must be
    /// marked [`mark_covered_by_declarative`](Error::mark_covered_by_declarative)
    /// and carry the declarative origin (`with_origin("minimum")`); `Invalid`
    /// errors without an origin never match. From 1.36 the returned
    /// hand-written errors are marked
    /// [`mark_from_imperative`](Error::mark_from_imperative).
    ///
    /// `T` must be registered in the [`Registry`]; an unregistered type has
    /// no declarative validation (no errors), as with upstream's scheme, and
    /// every call logs [`IDENTIFIER_FAILURE_MESSAGE`].
    pub fn validate<T: 'static>(
        &self,
        obj: &T,
        old: Option<&T>,
        op: &Operation,
        handwritten: ErrorList,
    ) -> ErrorList {
        if self.skips_declarative() {
            return handwritten;
        }
        let entry = self.registry.entry_of::<T>();
        if entry.is_none() {
            tracing::error!(
                error = %format_args!("no kind is registered for the type {}", std::any::type_name::<T>()),
                "{IDENTIFIER_FAILURE_MESSAGE}"
            );
        }
        let call = Call {
            entry,
            obj,
            old: old.map(|o| o as &dyn Any),
            op,
            conversion: None,
        };
        self.run(&call, handwritten)
    }

    /// [`validate`](Self::validate) for an object whose type is only known
    /// at run time (decoded by kind); `obj` and `old` must be values of the
    /// registered type.
    pub fn validate_dyn(
        &self,
        kind: &str,
        obj: &dyn Any,
        old: Option<&dyn Any>,
        op: &Operation,
        handwritten: ErrorList,
    ) -> ErrorList {
        if self.skips_declarative() {
            return handwritten;
        }
        let entry = self.registry.entry_for_kind(None, kind);
        if entry.is_none() {
            tracing::error!(
                error = %format_args!("no kind {kind:?} is registered"),
                "{IDENTIFIER_FAILURE_MESSAGE}"
            );
        }
        let call = Call {
            entry,
            obj,
            old,
            op,
            conversion: None,
        };
        self.run(&call, handwritten)
    }

    /// [`validate`](Self::validate) for an object whose type is only known
    /// at run time, found in the [`Registry`] by its concrete type (not by
    /// kind name, which several group-versions share): `obj` and `old` are
    /// values of a registered type (`old` of the same type).
    pub fn validate_object(
        &self,
        obj: &dyn Any,
        old: Option<&dyn Any>,
        op: &Operation,
        handwritten: ErrorList,
    ) -> ErrorList {
        if self.skips_declarative() {
            return handwritten;
        }
        let entry = self.registry.entry_by_type_id(obj.type_id());
        if entry.is_none() {
            tracing::error!(
                error = "no kind is registered for the object's type",
                "{IDENTIFIER_FAILURE_MESSAGE}"
            );
        }
        let call = Call {
            entry,
            obj,
            old,
            op,
            conversion: None,
        };
        self.run(&call, handwritten)
    }

    /// Validates an object outside a REST request, such as a static
    /// manifest, as a **create** of the resource itself (no subresource):
    /// Kubernetes 1.38's `rest.ValidateDeclarativelyForManifest`, with the
    /// same gates, filters, comparison, logs and metrics as
    /// [`validate`](Self::validate). Returns the errors the manifest's user
    /// must see.
    ///
    /// * `api_version` (`example.dev/v1`, `v1` for the core group) is the
    ///   version whose declarative validation applies (upstream's `gv`).
    ///   When `obj`'s type was registered with
    ///   [`api_version`](TypeRegistration::api_version) and that is another
    ///   version, declarative validation reports upstream's conversion
    ///   failure as an internal error, `unexpected error converting to
    ///   versioned type: v1.Widget is not suitable for converting to
    ///   "other/v9"` (upstream then names its scheme); a type registered
    ///   without a version accepts any.
    /// * The validation options are the configuration's (upstream's
    ///   `DeclarativeValidationConfig.Options`): those of the type's
    ///   registration ([`TypeRegistration::option`]) and of the migration
    ///   ([`with_option`](Self::with_option)); so are the normalization
    ///   rules and `short_circuit_mismatch`.
    /// * `obj` is looked up in the registry by its concrete type (pass the
    ///   object, `&widget`, or `boxed.as_ref()` for a `Box<dyn Any>`, not
    ///   the box). An unregistered type has no declarative validation, as
    ///   for [`validate`](Self::validate).
    ///
    /// Upstream has this function from 1.38 on; for an earlier release this
    /// is what that release's `ValidateDeclarativelyWithMigrationChecks`
    /// does for a create of the resource, so every release answers.
    ///
    /// ```
    /// use k8s_validation_migration::{FeatureGates, Migration, Registry};
    /// use k8s_validation::field::ErrorList;
    /// use k8s_validation::{Release, Validate};
    ///
    /// #[derive(Debug, Default, PartialEq, Validate)]
    /// struct Widget {
    ///     /// +k8s:minimum=0
    ///     replicas: i32,
    /// }
    ///
    /// let mut registry = Registry::new();
    /// registry
    ///     .register::<Widget>("Widget")
    ///     .api_version("example.dev/v1")
    ///     .go_type_name("*v1.Widget");
    /// let migration = Migration::new(FeatureGates::for_release(Release::V1_38), registry);
    ///
    /// let w = Widget { replicas: -1 };
    /// let errs = migration.validate_manifest("example.dev/v1", &w, ErrorList::new());
    /// assert_eq!(errs[0].to_string(), "replicas: Invalid value: -1: must be greater than or equal to 0");
    ///
    /// let errs = migration.validate_manifest("example.dev/v2", &w, ErrorList::new());
    /// assert_eq!(
    ///     errs[0].to_string(),
    ///     "<nil>: Internal error: unexpected error converting to versioned type: \
    ///      v1.Widget is not suitable for converting to \"example.dev/v2\""
    /// );
    /// ```
    pub fn validate_manifest(
        &self,
        api_version: &str,
        obj: &dyn Any,
        handwritten: ErrorList,
    ) -> ErrorList {
        if self.skips_declarative() {
            return handwritten;
        }
        let entry = self.registry.entry_by_type_id(obj.type_id());
        let conversion = match entry {
            None => {
                tracing::error!(
                    error = "no kind is registered for the manifest's type",
                    "{IDENTIFIER_FAILURE_MESSAGE}"
                );
                None
            }
            Some(e) if !e.serves_api_version(api_version) => Some(format!(
                "unexpected error converting to versioned type: {} is not suitable for converting to {}",
                e.go_type.trim_start_matches('*'),
                go_quote(api_version)
            )),
            Some(_) => None,
        };
        let call = Call {
            entry,
            obj,
            old: None,
            op: &Operation::create(),
            conversion,
        };
        self.run(&call, handwritten)
    }

    /// The behaviour of the gates' release.
    fn behaviour(&self) -> &'static Behaviour {
        behaviour(self.release())
    }

    /// 1.35 with `DeclarativeValidation=false`: declarative validation does
    /// not run at all (the hand-written errors are returned untouched).
    fn skips_declarative(&self) -> bool {
        self.behaviour().algorithm == Algorithm::MismatchOrTakeover
            && !self.gates.declarative_validation()
    }

    /// `op` with the options of the type's registration, then the
    /// migration's, defined where `op` leaves them undefined.
    fn operation<'a>(&self, entry: Option<&Entry>, op: &'a Operation) -> Cow<'a, Operation> {
        let mut out = Cow::Borrowed(op);
        let type_options = entry.map(|e| e.options.as_slice()).unwrap_or_default();
        for (name, enabled) in type_options.iter().chain(&self.options) {
            if out.option(name).is_none() {
                let next = out.as_ref().clone().with_option_set(name.clone(), *enabled);
                out = Cow::Owned(next);
            }
        }
        out
    }

    /// Declarative validation under `catch_unwind`; a panic is counted and
    /// either returned as an internal error (`fail`) or logged. A failed
    /// conversion ([`Call::conversion`]) is the result instead.
    fn run_declarative(&self, call: &Call<'_>, fail: bool) -> ErrorList {
        if let Some(message) = &call.conversion {
            return Error::internal(Path::root(), message).into();
        }
        let op = self.operation(call.entry, call.op);
        match run_guarded(|| match call.entry {
            Some(e) => e.run_declarative(call.obj, call.old, &op),
            None => ErrorList::new(),
        }) {
            Ok(errs) => errs,
            Err(payload) => {
                let id = validation_identifier(call.entry, &op);
                self.metrics.inc_panic(&id);
                let message = format!("{PANIC_MESSAGE_PREFIX}{payload}");
                if fail {
                    Error::internal(Path::root(), message).into()
                } else {
                    tracing::error!(validation_identifier = %id, "{message}");
                    ErrorList::new()
                }
            }
        }
    }

    /// Compares as the release does, then logs and counts each mismatch.
    fn compare(
        &self,
        call: &Call<'_>,
        handwritten: &ErrorList,
        candidates: &ErrorList,
        enforced: bool,
        short_circuit_mismatch: bool,
    ) {
        let mismatches = gather(
            self.behaviour(),
            handwritten,
            candidates,
            enforced,
            &self.rules,
            short_circuit_mismatch,
        );
        if mismatches.is_empty() {
            return;
        }
        let id = validation_identifier(call.entry, call.op);
        for m in &mismatches {
            tracing::error!(validation_identifier = %id, "{}", m.message);
            self.metrics.inc_mismatch(&id);
        }
    }

    fn run(&self, call: &Call<'_>, handwritten: ErrorList) -> ErrorList {
        match self.behaviour().algorithm {
            Algorithm::MismatchOrTakeover => self.run_1_35(call, handwritten),
            Algorithm::ShadowOrEnforcement => self.run_1_36(call, handwritten),
            Algorithm::Lifecycle => self.run_lifecycle(call, handwritten),
        }
    }

    /// 1.35: mismatch mode, or takeover (covered hand-written errors
    /// replaced by every declarative error).
    fn run_1_35(&self, call: &Call<'_>, handwritten: ErrorList) -> ErrorList {
        let takeover = self.gates.takeover();
        let declarative = self.run_declarative(call, takeover);
        self.compare(call, &handwritten, &declarative, takeover, false);
        if takeover {
            let mut out: ErrorList = handwritten
                .into_iter()
                .filter(|e| !e.is_covered_by_declarative())
                .collect();
            out.append(declarative);
            out
        } else {
            handwritten
        }
    }

    /// 1.36: shadow mode for types without enforcement; the validation
    /// lifecycle for types registered with `declarative_enforcement`.
    fn run_1_36(&self, call: &Call<'_>, handwritten: ErrorList) -> ErrorList {
        let dv_enabled = self.gates.declarative_validation();
        let beta = self.gates.beta();
        let enforcement = call.entry.is_some_and(|e| e.enforcement);
        let handwritten = handwritten.mark_from_imperative();
        if !dv_enabled && !enforcement && !self.all_enforced {
            return handwritten;
        }
        let declarative = self.run_declarative(call, enforcement);
        if dv_enabled {
            let candidates = if enforcement {
                leveled(&declarative)
            } else {
                declarative.clone()
            };
            self.compare(call, &handwritten, &candidates, enforcement && beta, false);
        }
        if !enforcement && !self.all_enforced {
            return handwritten;
        }
        let handwritten = if self.behaviour().drop_repeated_handwritten_texts {
            lifecycle::drop_repeated_texts(handwritten)
        } else {
            handwritten
        };
        let mut out = filter_handwritten_errors_1_36(handwritten, self.all_enforced, beta);
        out.append(filter_enforced_declarative_errors(
            &declarative,
            beta,
            self.all_enforced,
        ));
        out
    }

    /// 1.37 and 1.38: the validation lifecycle for every type (hand-written
    /// errors with repeated texts dropped, as upstream's `ErrorList.Filter`
    /// does; 1.38 dedupes differently in the comparison).
    fn run_lifecycle(&self, call: &Call<'_>, handwritten: ErrorList) -> ErrorList {
        let handwritten = handwritten.mark_from_imperative();
        let declarative = self.run_declarative(call, true);
        let beta = self.gates.beta();
        if self.gates.declarative_validation() {
            self.compare(
                call,
                &handwritten,
                &leveled(&declarative),
                beta,
                call.entry.is_some_and(|e| e.short_circuit_mismatch),
            );
        }
        let enforced = filter_enforced_declarative_errors(&declarative, beta, self.all_enforced);
        let handwritten = if self.behaviour().drop_repeated_handwritten_texts {
            lifecycle::drop_repeated_texts(handwritten)
        } else {
            handwritten
        };
        let mut out = filter_covered_handwritten_errors(
            handwritten,
            &enforced,
            self.all_enforced,
            &self.rules,
        );
        out.append(enforced);
        out
    }

    /// The validation identifier of `T` for `op`:
    /// `<kind>[_<subresource>]_<create|update>` (`widget_status_update`;
    /// `unknown_resource_create` for an unregistered type).
    pub fn validation_identifier<T: 'static>(&self, op: &Operation) -> String {
        validation_identifier(self.registry.entry_of::<T>(), op)
    }

    /// Upstream's `RecordDuplicateValidationErrors` (run on updates before an
    /// invalid response): for each error whose text was already seen, logs
    /// `Found duplicate validation error` at info level and counts it in
    /// `apiserver_validation_duplicate_validation_error_total`.
    /// `group_kind` is printed as upstream's `GroupKind.String()`
    /// (`Widget.example.dev`).
    pub fn record_duplicate_validation_errors(&self, group_kind: &str, errs: &ErrorList) {
        let mut seen: Vec<String> = Vec::with_capacity(errs.len());
        for e in errs {
            let text = e.to_string();
            if seen.contains(&text) {
                tracing::info!(kind = group_kind, error = %text, "Found duplicate validation error");
                self.metrics.inc_duplicate();
            } else {
                seen.push(text);
            }
        }
    }
}

/// One request to validate: the registration, the objects and the
/// operation.
struct Call<'a> {
    entry: Option<&'a Entry>,
    obj: &'a dyn Any,
    old: Option<&'a dyn Any>,
    op: &'a Operation,
    /// Why upstream's conversion to the requested version would fail
    /// (a manifest of a version the type is not registered for): the
    /// declarative result is this internal error.
    conversion: Option<String>,
}

/// The declarative errors an alpha or beta validation reported: the ones
/// 1.36 (under enforcement) and 1.37 compare with hand-written errors.
fn leveled(declarative: &ErrorList) -> ErrorList {
    declarative
        .iter()
        .filter(|e| e.is_alpha() || e.is_beta())
        .cloned()
        .collect()
}

fn validation_identifier(entry: Option<&Entry>, op: &Operation) -> String {
    let mut id = match entry {
        Some(e) => e.identifier_kind(),
        None => "unknown_resource".to_owned(),
    };
    if !op.subresources().is_empty() {
        id.push('_');
        id.push_str(&op.subresources().join("_"));
    }
    id.push_str(match op.kind() {
        OperationType::Create => "_create",
        OperationType::Update => "_update",
    });
    id
}

/// Runs `f`, turning a panic into its message (Go's `%v` of the recovered
/// value: the panic string, or `Box<dyn Any>` for a non-string payload).
pub(crate) fn run_guarded<R>(f: impl FnOnce() -> R) -> Result<R, String> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|payload| panic_message(&*payload))
}

fn panic_message(payload: &(dyn Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&'static str>() {
        (*s).to_owned()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "Box<dyn Any>".to_owned()
    }
}
