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
//!                [--feature-gates=DeclarativeValidationTakeover=true] [limits]
//! example-server replay DIR [--subresource=/status]
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

use migrate::FeatureGates;

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
        /// `--feature-gates` (repeatable; accumulates).
        gates: FeatureGates,
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
    },
    /// `--help`.
    Help,
}

/// The usage text.
pub const USAGE: &str = "\
usage: example-server [--listen=ADDR] [--state-dir=DIR | --etcd=URL] [--feature-gates=NAME=BOOL,...] [limits]
       example-server replay DIR [--subresource=PATH]

  --listen                 address to listen on (default 127.0.0.1:8080; port 0 picks one)
  --state-dir              directory of the embedded store (default ./example-server-state)
  --etcd                   use etcd v3 at this URL (http://127.0.0.1:2379) instead
  --etcd-prefix            key prefix in etcd (default empty: keys are /registry/...)
  --feature-gates          DeclarativeValidation=true|false (default true),
                           DeclarativeValidationTakeover=true|false (default false)
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
        while let Some(a) = args.next() {
            match flag(&a, "--subresource", &mut args)? {
                Some(v) => subresource = Some(v),
                None if a == "--help" || a == "-h" => return Ok(Command::Help),
                None if !a.starts_with('-') && dir.is_none() => dir = Some(a),
                None => return Err(format!("unknown argument {a:?}")),
            }
        }
        let dir = dir.ok_or("replay needs a directory")?;
        return Ok(Command::Replay { dir, subresource });
    }
    let mut listen = "127.0.0.1:8080".to_owned();
    let mut gates = FeatureGates::default();
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
            gates
                .set(&v)
                .map_err(|e| format!("invalid argument {v:?} for \"--feature-gates\" flag: {e}"))?;
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
        backend,
        limits,
    })
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
            Command::Replay { dir, subresource: Some(s) } if dir == "dir" && s == "/status"
        ));
        assert!(matches!(parse(&["--help"]).unwrap(), Command::Help));
    }
}
