//! `example-admission-webhook`: a `ValidatingAdmissionWebhook` that runs
//! declarative validation (`#[derive(Validate)]` and `+k8s:` tags) next to
//! hand-written checks, as a Kubernetes API server of the chosen release
//! (`--release`: 1.35, 1.36, 1.37, 1.38) runs them (`k8s-validation-migration`):
//! mismatch (hand-written authoritative, disagreements logged and counted)
//! and takeover in 1.35; shadow mode in 1.36; the validation lifecycle
//! (standard and `+k8s:beta` errors enforced) in 1.37 and 1.38 (1.38
//! followed as apiserver v0.38.0-beta.0).
//!
//! * `POST /validate`: an `admission.k8s.io/v1` `AdmissionReview` for
//!   [`api::Deployment`] (group `webhook.example.dev`, version `v1`);
//!   CREATE and UPDATE (with `oldObject`, ratcheting), the `/status`
//!   subresource, `dryRun`. The answer is an AdmissionReview; a denial
//!   carries the apiserver's `Invalid` Status (422, `details.causes`).
//! * `GET /metrics`: the migration metrics in the Prometheus text format
//!   (`apiserver_validation_declarative_validation_mismatch_total`, ...).
//! * `GET /healthz`: `ok`.
//!
//! See `README.md` in this crate and the admission-webhook section of
//! `docs/ecosystem.md`.
#![warn(missing_docs)]

pub mod api;
pub mod handwritten;
pub mod review;

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use k8s_validation_migration::{FeatureGates, Migration, Mode, Registry, TEXT_CONTENT_TYPE};
use k8s_validation_spec::Release;

/// The largest request body accepted: an AdmissionReview carries the object
/// and the old object (each up to etcd's 1.5 MiB), plus the envelope.
pub const MAX_BODY_BYTES: usize = 8 << 20;

/// The environment variables read before the flags (a flag wins; feature
/// gates accumulate, the flag's entries last).
pub const ENV_VARS: [&str; 6] = [
    "WEBHOOK_LISTEN",
    "WEBHOOK_RELEASE",
    "WEBHOOK_FEATURE_GATES",
    "WEBHOOK_VALIDATION_OPTIONS",
    "WEBHOOK_TLS_CERT",
    "WEBHOOK_TLS_KEY",
];

/// The command-line help.
pub const USAGE: &str = "\
Usage: example-admission-webhook [flags]

  --listen=ADDR            address to listen on (default 0.0.0.0:8443 with TLS, 127.0.0.1:8080 without)
  --release=X.Y            the Kubernetes release whose API server to follow: 1.35, 1.36, 1.37,
                           1.38 (default: k8s-validation's release feature, 1.35)
  --feature-gates=A=B,...  the release's gates: DeclarativeValidation, DeclarativeValidationTakeover,
                           DeclarativeValidationBeta (1.36+), AllBeta, AllAlpha
                           (repeatable; Kubernetes --feature-gates syntax and locks)
  --validation-options=A=B,...
                           validation options (+k8s:ifEnabled/ifDisabled) defined on every request,
                           each enabled or disabled (repeatable; a later value wins); types
                           generated for 1.37 or later need every option their tags name defined
  --tls-cert=FILE          PEM certificate chain: serve HTTPS (with --tls-key)
  --tls-key=FILE           PEM private key
  -h, --help               this text

Environment: WEBHOOK_LISTEN, WEBHOOK_RELEASE, WEBHOOK_FEATURE_GATES, WEBHOOK_VALIDATION_OPTIONS,
WEBHOOK_TLS_CERT, WEBHOOK_TLS_KEY set the same things; flags win.
";

/// The settings of a run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// `host:port` to listen on.
    pub listen: String,
    /// The release whose migration gates apply.
    pub release: Release,
    /// The gates (with that release's defaults).
    pub gates: FeatureGates,
    /// The validation options defined on every request, each enabled or
    /// disabled, in the order first given.
    pub options: Vec<(String, bool)>,
    /// Certificate and key files: HTTPS when set.
    pub tls: Option<(String, String)>,
}

/// What the command line asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Print [`USAGE`].
    Help,
    /// Serve.
    Serve(Config),
}

/// The releases this webhook follows, each with the declarative validation
/// feature gates its API server knows and the modes those gates can put
/// the webhook's type in (the type does not opt into 1.36's enforcement).
///
/// * 1.35: `DeclarativeValidation` (beta, on) and
///   `DeclarativeValidationTakeover` (beta, off): disabled, mismatch,
///   takeover.
/// * 1.36: also `DeclarativeValidationBeta` (beta, on), with
///   `DeclarativeValidation` GA and locked on and the takeover gate
///   deprecated: mismatch only.
/// * 1.37, 1.38: the same gates, takeover locked off: the lifecycle.
pub const RELEASES: [(Release, &[&str], &[Mode]); 4] = [
    (
        Release::V1_35,
        &[
            k8s_validation_migration::DECLARATIVE_VALIDATION,
            k8s_validation_migration::DECLARATIVE_VALIDATION_TAKEOVER,
        ],
        &[Mode::Disabled, Mode::Mismatch, Mode::Takeover],
    ),
    (Release::V1_36, &LIFECYCLE_GATES, &[Mode::Mismatch]),
    (Release::V1_37, &LIFECYCLE_GATES, &[Mode::Lifecycle]),
    (Release::V1_38, &LIFECYCLE_GATES, &[Mode::Lifecycle]),
];

/// The gates of 1.36 on.
const LIFECYCLE_GATES: [&str; 3] = [
    k8s_validation_migration::DECLARATIVE_VALIDATION,
    k8s_validation_migration::DECLARATIVE_VALIDATION_BETA,
    k8s_validation_migration::DECLARATIVE_VALIDATION_TAKEOVER,
];

/// The declarative validation feature gates of `release` (see
/// [`RELEASES`]); `None` for a release this build does not follow.
pub fn release_gates(release: Release) -> Option<&'static [&'static str]> {
    RELEASES
        .iter()
        .find(|(r, _, _)| *r == release)
        .map(|(_, gates, _)| *gates)
}

/// The modes the gates of `release` can put this webhook's type in (see
/// [`RELEASES`]); empty for a release this build does not follow.
pub fn release_modes(release: Release) -> Vec<Mode> {
    RELEASES
        .iter()
        .find(|(r, _, _)| *r == release)
        .map(|(_, _, modes)| modes.to_vec())
        .unwrap_or_default()
}

/// Parses the flags after the program name, with `env` giving the
/// environment variables of [`ENV_VARS`].
pub fn parse_args(
    args: impl IntoIterator<Item = String>,
    env: impl Fn(&str) -> Option<String>,
) -> Result<Command, String> {
    let mut listen = env("WEBHOOK_LISTEN");
    let mut release_text = env("WEBHOOK_RELEASE");
    let mut gate_values: Vec<String> = env("WEBHOOK_FEATURE_GATES").into_iter().collect();
    let mut option_values: Vec<String> = env("WEBHOOK_VALIDATION_OPTIONS").into_iter().collect();
    let mut cert = env("WEBHOOK_TLS_CERT");
    let mut key = env("WEBHOOK_TLS_KEY");
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        if arg == "-h" || arg == "--help" {
            return Ok(Command::Help);
        }
        let Some(flag) = arg.strip_prefix("--") else {
            return Err(format!("unexpected argument {arg:?}"));
        };
        let (name, value) = match flag.split_once('=') {
            Some((n, v)) => (n, v.to_owned()),
            None => match args.next() {
                Some(v) => (flag, v),
                None => return Err(format!("flag needs an argument: --{flag}")),
            },
        };
        match name {
            "listen" => listen = Some(value),
            "release" => release_text = Some(value),
            "feature-gates" => gate_values.push(value),
            "validation-options" => option_values.push(value),
            "tls-cert" => cert = Some(value),
            "tls-key" => key = Some(value),
            _ => return Err(format!("unknown flag: --{name}")),
        }
    }
    let release = match release_text {
        None => k8s_validation::KUBERNETES_RELEASE,
        Some(text) => Release::parse(&text).ok_or_else(|| {
            let all = Release::ALL;
            format!(
                "--release: {text:?} is not a Kubernetes release ({} ... {})",
                all[0],
                all[all.len() - 1]
            )
        })?,
    };
    if release_gates(release).is_none() {
        // The releases whose gates this webhook knows.
        let supported: Vec<String> = Release::SUPPORTED
            .iter()
            .filter(|r| release_gates(**r).is_some())
            .map(|r| r.to_string())
            .collect();
        return Err(format!(
            "--release: {release} is not supported by this build (supported: {})",
            supported.join(", ")
        ));
    }
    let mut gates = FeatureGates::for_release(release);
    for value in &gate_values {
        gates
            .set(value)
            .map_err(|e| format!("--feature-gates: {e}"))?;
    }
    let mut options: Vec<(String, bool)> = Vec::new();
    for value in &option_values {
        for entry in value.split(',').filter(|e| !e.is_empty()) {
            let (name, v) = entry
                .split_once('=')
                .map(|(n, v)| (n.trim(), v.trim()))
                .ok_or_else(|| {
                    format!(
                        "--validation-options: missing bool value for {}",
                        entry.trim()
                    )
                })?;
            let enabled = match v {
                "1" | "t" | "T" | "true" | "TRUE" | "True" => true,
                "0" | "f" | "F" | "false" | "FALSE" | "False" => false,
                _ => return Err(format!("--validation-options: invalid value of {name}={v}")),
            };
            match options.iter_mut().find(|(n, _)| n == name) {
                Some(slot) => slot.1 = enabled,
                None => options.push((name.to_owned(), enabled)),
            }
        }
    }
    let tls = match (cert, key) {
        (Some(c), Some(k)) => Some((c, k)),
        (None, None) => None,
        (Some(_), None) => return Err("--tls-cert needs --tls-key".to_owned()),
        (None, Some(_)) => return Err("--tls-key needs --tls-cert".to_owned()),
    };
    if tls.is_some() && !cfg!(feature = "tls") {
        return Err(
            "--tls-cert/--tls-key: this build has no TLS (build with the `tls` feature)".to_owned(),
        );
    }
    let listen = listen.unwrap_or_else(|| {
        if tls.is_some() {
            "0.0.0.0:8443".to_owned()
        } else {
            "127.0.0.1:8080".to_owned()
        }
    });
    Ok(Command::Serve(Config {
        listen,
        release,
        gates,
        options,
        tls,
    }))
}

/// The registry: [`api::Deployment`] under its kind and group.
pub fn registry() -> Registry {
    let mut registry = Registry::new();
    registry
        .register::<api::Deployment>(api::KIND)
        .group(api::GROUP)
        .go_type_name(api::GO_TYPE);
    registry
}

/// The migration for `gates` (and their release), with its own metrics.
pub fn migration(gates: FeatureGates) -> Arc<Migration> {
    migration_with_options(gates, &[])
}

/// [`migration`] defining `options` (enabled or disabled) on every
/// request's `Operation` (`Migration::with_option`; a request never
/// defines options itself here).
pub fn migration_with_options(gates: FeatureGates, options: &[(String, bool)]) -> Arc<Migration> {
    let mut m = Migration::new(gates, registry());
    for (name, enabled) in options {
        m = m.with_option(name.clone(), *enabled);
    }
    Arc::new(m)
}

/// The webhook's routes: `POST /validate`, `GET /metrics`, `GET /healthz`.
pub fn router(migration: Arc<Migration>) -> Router {
    Router::new()
        .route("/validate", post(validate))
        .route("/metrics", get(metrics))
        .route("/healthz", get(|| async { "ok" }))
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .with_state(migration)
}

async fn validate(State(migration): State<Arc<Migration>>, body: Bytes) -> Response {
    match review::review(&migration, &body) {
        Ok((answer, _)) => match serde_json::to_vec(&answer) {
            Ok(json) => ([(header::CONTENT_TYPE, "application/json")], json).into_response(),
            Err(e) => {
                tracing::error!(error = %e, "cannot encode AdmissionReview");
                (
                    StatusCode::INTERNAL_SERVER_ERROR,
                    format!("cannot encode AdmissionReview: {e}\n"),
                )
                    .into_response()
            }
        },
        Err(e) => {
            tracing::warn!(error = %e, "bad AdmissionReview");
            (StatusCode::BAD_REQUEST, format!("{e}\n")).into_response()
        }
    }
}

async fn metrics(State(migration): State<Arc<Migration>>) -> Response {
    (
        [(header::CONTENT_TYPE, TEXT_CONTENT_TYPE)],
        migration.metrics().encode_text(),
    )
        .into_response()
}

/// Serves `app` over plain HTTP on `listener` until the process ends.
pub async fn serve_http(listener: tokio::net::TcpListener, app: Router) -> std::io::Result<()> {
    axum::serve(listener, app).await
}

/// Serves `app` over HTTPS (rustls, ring provider; HTTP/1.1 and HTTP/2 by
/// ALPN) on `listener` with the PEM certificate chain and key files.
#[cfg(feature = "tls")]
pub async fn serve_tls(
    listener: std::net::TcpListener,
    app: Router,
    cert: &str,
    key: &str,
) -> std::io::Result<()> {
    // Only ring is compiled in; installing it explicitly keeps this working
    // if another crate in the build enables a second rustls provider.
    let _ = rustls::crypto::ring::default_provider().install_default();
    let config = axum_server::tls_rustls::RustlsConfig::from_pem_file(cert, key)
        .await
        .map_err(|e| std::io::Error::new(e.kind(), format!("cannot load {cert} / {key}: {e}")))?;
    listener.set_nonblocking(true)?;
    axum_server::from_tcp_rustls(listener, config)?
        .serve(app.into_make_service())
        .await
}
