//! An API server for the group `example.dev` that behaves as kube-apiserver
//! does for a custom resource (discovery, OpenAPI v3, namespaced CRUD,
//! patches, server-side apply, `/status`, `/scale`, watch), keeps its state
//! in a durable store (redb by default, or etcd), and migrates from
//! hand-written to declarative validation: both run on every request, the
//! `--feature-gates` flag picks the mode, `/metrics` shows the mismatch
//! counters. See `docs/server.md`.
//!
//! ```text
//! example-server [--listen=127.0.0.1:8080] [--state-dir=DIR | --etcd=http://127.0.0.1:2379]
//!                [--kubernetes-version=1.35] [--feature-gates=DeclarativeValidationTakeover=true]
//!                [--validation-options=NAME=BOOL,...] [limits]
//! example-server replay DIR [--subresource=/status] [--kubernetes-version=1.35] [--validation-options=NAME=BOOL,...]
//! ```

pub mod api;
pub mod app;
pub mod decode;
pub mod discovery;
pub mod handwritten;
pub mod logsample;
pub mod migrate;
pub mod schema;
pub mod selector;
pub mod serve;
pub mod ssa;
pub mod status;
pub mod store;
pub mod util;

use std::time::Duration;

use migrate::{FeatureGates, Release};

/// Where the objects live.
#[derive(Debug, PartialEq)]
pub enum Backend {
    /// redb in this directory (`--state-dir`, default `./example-server-state`).
    Embedded(String),
    /// etcd at these endpoints (`--etcd`), under `--etcd-prefix`.
    Etcd {
        /// `http://host:port`.
        endpoint: String,
        /// The key prefix (default `/registry`... as upstream).
        prefix: String,
    },
}

/// What the command line asks for.
#[derive(Debug)]
pub enum Command {
    /// Serve HTTP.
    Serve {
        /// `--listen` (default `127.0.0.1:8080`).
        listen: String,
        /// `--feature-gates` (repeatable; accumulates), for the release of
        /// `--kubernetes-version`.
        gates: FeatureGates,
        /// `--validation-options`: every option defined on each request.
        options: ValidationOptions,
        /// The store.
        backend: Backend,
        /// Timeouts and limits.
        limits: serve::Limits,
    },
    /// Replay a directory of objects offline.
    Replay {
        /// The directory.
        dir: String,
        /// `--subresource`.
        subresource: Option<String>,
        /// `--kubernetes-version`: the release whose comparison is used.
        release: Release,
        /// `--validation-options`.
        options: ValidationOptions,
    },
    /// `--help`.
    Help,
}

/// The usage text.
pub const USAGE: &str = "\
usage: example-server [--listen=ADDR] [--state-dir=DIR | --etcd=URL] [--kubernetes-version=1.X]
                      [--feature-gates=NAME=BOOL,...] [--validation-options=NAME=BOOL,...] [limits]
       example-server replay DIR [--subresource=PATH] [--kubernetes-version=1.X] [--validation-options=NAME=BOOL,...]

  --listen                 address to listen on (default 127.0.0.1:8080; port 0 picks one)
  --state-dir              directory of the embedded store (default ./example-server-state)
  --etcd                   use etcd v3 at this URL (http://127.0.0.1:2379) instead
  --etcd-prefix            key prefix in etcd (default empty: keys are /registry/...)
  --kubernetes-version     the Kubernetes release whose API server the migration follows, and
                           whose schema export (schema/api-<release>.json) the server serves
                           (1.35, 1.36, 1.37 or 1.38; default: k8s-validation's release feature, 1.35)
  --feature-gates          the release's gates; 1.35: DeclarativeValidation=true|false (default true),
                           DeclarativeValidationTakeover=true|false (default false); 1.36 on:
                           DeclarativeValidationBeta=true|false (default true), DeclarativeValidation
                           locked to true, DeclarativeValidationTakeover deprecated (locked false from 1.37)
  --validation-options     validation options (+k8s:ifEnabled / ifDisabled) defined on every request,
                           each enabled or disabled (repeatable; a later value wins). Types generated
                           for 1.37 or later need every option their tags name defined
  --header-read-timeout    seconds to receive a request head (default 10)
  --idle-timeout           seconds an idle keep-alive connection stays open (default 60)
  --request-timeout        seconds for a request, body included (default 60; watches exempt)
  --max-connections        open connections (default: file-descriptor limit - 64); over it
                           the longest-idle connection is closed, or with none idle, 429
  --max-requests-inflight  requests handled at once (default 400; more get 429)
";

/// Parses the arguments (without the program name). Errors are printed as
/// Kubernetes components print flag errors.
pub fn parse_args<I: IntoIterator<Item = String>>(args: I) -> Result<Command, String> {
    let mut args = args.into_iter().peekable();
    if args.peek().map(String::as_str) == Some("replay") {
        args.next();
        let mut dir = None;
        let mut subresource = None;
        let mut release = k8s_validation::KUBERNETES_RELEASE;
        let mut options = ValidationOptions::default();
        while let Some(a) = args.next() {
            if let Some(v) = flag(&a, "--subresource", &mut args)? {
                subresource = Some(v);
            } else if let Some(v) = flag(&a, "--kubernetes-version", &mut args)? {
                release = parse_release(&v)?;
            } else if let Some(v) = flag(&a, "--validation-options", &mut args)? {
                options.set(&v)?;
            } else if a == "--help" || a == "-h" {
                return Ok(Command::Help);
            } else if !a.starts_with('-') && dir.is_none() {
                dir = Some(a);
            } else {
                return Err(format!("unknown argument {a:?}"));
            }
        }
        let dir = dir.ok_or("replay needs a directory")?;
        return Ok(Command::Replay {
            dir,
            subresource,
            release,
            options,
        });
    }
    let mut listen = "127.0.0.1:8080".to_owned();
    let mut release = k8s_validation::KUBERNETES_RELEASE;
    let mut gate_flags: Vec<String> = Vec::new();
    let mut options = ValidationOptions::default();
    let mut state_dir = "example-server-state".to_owned();
    let mut etcd = None;
    let mut etcd_prefix = String::new();
    let mut limits = serve::Limits::default();
    let secs = |v: &str, name: &str| -> Result<Duration, String> {
        v.parse::<u64>()
            .ok()
            .filter(|s| *s > 0)
            .map(Duration::from_secs)
            .ok_or_else(|| {
                format!("invalid argument {v:?} for \"{name}\" flag: a positive number of seconds")
            })
    };
    let count = |v: &str, name: &str| -> Result<usize, String> {
        v.parse::<usize>()
            .ok()
            .filter(|s| *s > 0)
            .ok_or_else(|| format!("invalid argument {v:?} for \"{name}\" flag: a positive number"))
    };
    while let Some(a) = args.next() {
        if a == "--help" || a == "-h" {
            return Ok(Command::Help);
        }
        if let Some(v) = flag(&a, "--listen", &mut args)? {
            listen = v;
        } else if let Some(v) = flag(&a, "--feature-gates", &mut args)? {
            gate_flags.push(v);
        } else if let Some(v) = flag(&a, "--kubernetes-version", &mut args)? {
            release = parse_release(&v)?;
        } else if let Some(v) = flag(&a, "--validation-options", &mut args)? {
            options.set(&v)?;
        } else if let Some(v) = flag(&a, "--state-dir", &mut args)? {
            state_dir = v;
        } else if let Some(v) = flag(&a, "--etcd-prefix", &mut args)? {
            etcd_prefix = v;
        } else if let Some(v) = flag(&a, "--etcd", &mut args)? {
            etcd = Some(v);
        } else if let Some(v) = flag(&a, "--header-read-timeout", &mut args)? {
            limits.header_read = secs(&v, "--header-read-timeout")?;
        } else if let Some(v) = flag(&a, "--idle-timeout", &mut args)? {
            limits.idle = secs(&v, "--idle-timeout")?;
        } else if let Some(v) = flag(&a, "--request-timeout", &mut args)? {
            limits.request = secs(&v, "--request-timeout")?;
        } else if let Some(v) = flag(&a, "--max-connections", &mut args)? {
            limits.max_connections = count(&v, "--max-connections")?;
        } else if let Some(v) = flag(&a, "--max-requests-inflight", &mut args)? {
            limits.max_in_flight = count(&v, "--max-requests-inflight")?;
        } else {
            return Err(format!("unknown flag: {a}"));
        }
    }
    // The gates are the release's: parsed once the release is known.
    let mut gates = FeatureGates::for_release(release);
    for v in gate_flags {
        gates
            .set(&v)
            .map_err(|e| format!("invalid argument {v:?} for \"--feature-gates\" flag: {e}"))?;
    }
    let backend = match etcd {
        Some(endpoint) => Backend::Etcd {
            endpoint,
            prefix: etcd_prefix,
        },
        None => Backend::Embedded(state_dir),
    };
    Ok(Command::Serve {
        listen,
        gates,
        options,
        backend,
        limits,
    })
}

fn parse_release(v: &str) -> Result<Release, String> {
    Release::parse_supported(v)
        .map_err(|e| format!("invalid argument {v:?} for \"--kubernetes-version\" flag: {e}"))
}

/// The validation options a server defines on every request
/// (`--validation-options=A=true,B=false`), in the order first given.
///
/// Code generated for Kubernetes 1.37 or later reports an option its tags name
/// (`+k8s:ifEnabled(A)`, `+k8s:ifDisabled(A)`, enum exclusions) that the
/// request does not define as `Internal error: undefined validation option
/// "A"`; 1.35 and 1.36 code reads an undefined option as disabled.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ValidationOptions(Vec<(String, bool)>);

impl ValidationOptions {
    /// Adds `NAME=BOOL` entries (Go booleans, as `--feature-gates`); a later
    /// value of a name wins.
    pub fn set(&mut self, v: &str) -> Result<(), String> {
        for entry in v.split(',').filter(|e| !e.is_empty()) {
            let err = |why: String| {
                format!("invalid argument {v:?} for \"--validation-options\" flag: {why}")
            };
            let (name, value) = entry
                .split_once('=')
                .ok_or_else(|| err(format!("missing bool value for {}", entry.trim())))?;
            let (name, value) = (name.trim(), value.trim());
            let enabled = match value {
                "1" | "t" | "T" | "true" | "TRUE" | "True" => true,
                "0" | "f" | "F" | "false" | "FALSE" | "False" => false,
                _ => return Err(err(format!("invalid value of {name}={value}"))),
            };
            match self.0.iter_mut().find(|(n, _)| n == name) {
                Some(slot) => slot.1 = enabled,
                None => self.0.push((name.to_owned(), enabled)),
            }
        }
        Ok(())
    }

    /// The options, each with its value.
    pub fn iter(&self) -> impl Iterator<Item = (&str, bool)> {
        self.0.iter().map(|(n, e)| (n.as_str(), *e))
    }

    /// `op` with every option defined (enabled or disabled) that `op` does
    /// not define itself.
    pub fn define(&self, mut op: k8s_validation::Operation) -> k8s_validation::Operation {
        for (name, enabled) in self.iter() {
            if op.option(name).is_none() {
                op = if enabled {
                    op.with_option(name.to_owned())
                } else {
                    op.with_option_disabled(name.to_owned())
                };
            }
        }
        op
    }
}

/// `--name=value` or `--name value`.
fn flag(
    arg: &str,
    name: &str,
    rest: &mut impl Iterator<Item = String>,
) -> Result<Option<String>, String> {
    if let Some(v) = arg.strip_prefix(name).and_then(|r| r.strip_prefix('=')) {
        return Ok(Some(v.to_owned()));
    }
    if arg == name {
        return rest
            .next()
            .map(Some)
            .ok_or_else(|| format!("flag needs an argument: {name}"));
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use migrate::Mode;

    fn parse(args: &[&str]) -> Result<Command, String> {
        parse_args(args.iter().map(|s| s.to_string()))
    }

    #[test]
    fn flags() {
        let Command::Serve {
            listen,
            gates,
            backend,
            limits,
            ..
        } = parse(&[
            "--listen",
            "127.0.0.1:0",
            "--feature-gates=DeclarativeValidationTakeover=true",
            "--state-dir=/tmp/x",
            "--idle-timeout=5",
        ])
        .unwrap()
        else {
            panic!()
        };
        assert_eq!(listen, "127.0.0.1:0");
        assert_eq!(gates.mode(), Mode::Takeover);
        assert_eq!(backend, Backend::Embedded("/tmp/x".into()));
        assert_eq!(limits.idle, Duration::from_secs(5));
        assert_eq!(
            parse(&["--feature-gates=Bogus=true"]).unwrap_err(),
            "invalid argument \"Bogus=true\" for \"--feature-gates\" flag: unrecognized feature gate: Bogus"
        );
        assert_eq!(parse(&["--nope"]).unwrap_err(), "unknown flag: --nope");
        assert!(parse(&["--idle-timeout=0"]).is_err());
        assert!(matches!(
            parse(&["--etcd=http://127.0.0.1:2379"]).unwrap(),
            Command::Serve {
                backend: Backend::Etcd { .. },
                ..
            }
        ));
        assert!(matches!(
            parse(&["replay", "dir", "--subresource=/status"]).unwrap(),
            Command::Replay { dir, subresource: Some(s), .. } if dir == "dir" && s == "/status"
        ));
        assert!(matches!(parse(&["--help"]).unwrap(), Command::Help));
    }

    #[test]
    fn release_and_options() {
        // The gates follow --kubernetes-version, wherever it appears.
        let Command::Serve { gates, options, .. } = parse(&[
            "--feature-gates=DeclarativeValidationBeta=false",
            "--kubernetes-version=1.37",
            "--validation-options=A=true,B=false",
            "--validation-options=A=0",
        ])
        .unwrap() else {
            panic!()
        };
        assert_eq!(gates.release(), Release::V1_37);
        assert!(!gates.beta());
        assert_eq!(gates.mode(), Mode::Lifecycle);
        assert_eq!(
            options.iter().collect::<Vec<_>>(),
            [("A", false), ("B", false)]
        );
        let op = options.define(k8s_validation::Operation::create().with_option("B"));
        assert_eq!(
            (op.option("A"), op.option("B"), op.option("C")),
            (Some(false), Some(true), None)
        );
        assert_eq!(
            parse(&["--feature-gates=DeclarativeValidationBeta=false"]).unwrap_err(),
            "invalid argument \"DeclarativeValidationBeta=false\" for \"--feature-gates\" flag: unrecognized feature gate: DeclarativeValidationBeta"
        );
        // 1.38: the gates of 1.37.
        let Command::Serve { gates, .. } = parse(&[
            "--kubernetes-version=1.38",
            "--feature-gates=DeclarativeValidationBeta=false",
        ])
        .unwrap() else {
            panic!()
        };
        assert_eq!(gates.release(), Release::V1_38);
        assert!(!gates.beta());
        assert_eq!(gates.mode(), Mode::Lifecycle);
        assert_eq!(
            parse(&["--kubernetes-version=1.38", "--feature-gates=DeclarativeValidationTakeover=true"]).unwrap_err(),
            "invalid argument \"DeclarativeValidationTakeover=true\" for \"--feature-gates\" flag: cannot set feature gate DeclarativeValidationTakeover to true, feature is locked to false"
        );
        assert_eq!(
            parse(&["--kubernetes-version=1.37", "--feature-gates=DeclarativeValidationTakeover=true"]).unwrap_err(),
            "invalid argument \"DeclarativeValidationTakeover=true\" for \"--feature-gates\" flag: cannot set feature gate DeclarativeValidationTakeover to true, feature is locked to false"
        );
        assert_eq!(
            parse(&["--kubernetes-version=1.34"]).unwrap_err(),
            "invalid argument \"1.34\" for \"--kubernetes-version\" flag: unsupported Kubernetes release \"1.34\": supported are 1.35, 1.36, 1.37, 1.38"
        );
        assert_eq!(
            parse(&["--validation-options=A"]).unwrap_err(),
            "invalid argument \"A\" for \"--validation-options\" flag: missing bool value for A"
        );
        assert!(matches!(
            parse(&["replay", "d", "--kubernetes-version=1.36", "--validation-options=X=true"]).unwrap(),
            Command::Replay { release: Release::V1_36, options, .. } if options.iter().eq([("X", true)])
        ));
    }
}
