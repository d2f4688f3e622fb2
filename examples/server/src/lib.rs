//! An API server that migrates from hand-written to declarative
//! validation: both run on every request, the `--feature-gates` flag picks
//! the mode, `/metrics` shows the mismatch counters.
//!
//! ```text
//! example-server [--listen=127.0.0.1:8080] [--feature-gates=DeclarativeValidationTakeover=true]
//! example-server replay DIR [--subresource=/status]
//! ```
//!
//! Routes: `POST /apis/example.dev/v1/widgets`,
//! `GET|PUT /apis/example.dev/v1/widgets/{name}`,
//! `PUT /apis/example.dev/v1/widgets/{name}/status`,
//! `PUT /apis/example.dev/v1/widgets/{name}/scale`, `GET /metrics`.

pub mod api;
pub mod app;
pub mod handwritten;

use validation_migration::FeatureGates;

/// What the command line asks for.
#[derive(Debug, PartialEq)]
pub enum Command {
    /// Serve HTTP.
    Serve {
        /// `--listen` (default `127.0.0.1:8080`).
        listen: String,
        /// `--feature-gates` (repeatable; accumulates).
        gates: FeatureGates,
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
usage: example-server [--listen=ADDR] [--feature-gates=NAME=BOOL,...]
       example-server replay DIR [--subresource=PATH]

  --listen          address to listen on (default 127.0.0.1:8080; port 0 picks one)
  --feature-gates   DeclarativeValidation=true|false (default true),
                    DeclarativeValidationTakeover=true|false (default false)
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
        } else {
            return Err(format!("unknown flag: {a}"));
        }
    }
    Ok(Command::Serve { listen, gates })
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
    use validation_migration::Mode;

    fn parse(args: &[&str]) -> Result<Command, String> {
        parse_args(args.iter().map(|s| s.to_string()))
    }

    #[test]
    fn flags() {
        let Command::Serve { listen, gates } = parse(&[
            "--listen",
            "127.0.0.1:0",
            "--feature-gates=DeclarativeValidationTakeover=true",
        ])
        .unwrap() else {
            panic!()
        };
        assert_eq!(listen, "127.0.0.1:0");
        assert_eq!(gates.mode(), Mode::Takeover);
        assert_eq!(
            parse(&["--feature-gates=Bogus=true"]).unwrap_err(),
            "invalid argument \"Bogus=true\" for \"--feature-gates\" flag: unrecognized feature gate: Bogus"
        );
        assert_eq!(parse(&["--nope"]).unwrap_err(), "unknown flag: --nope");
        assert_eq!(
            parse(&["replay", "dir", "--subresource=/status"]).unwrap(),
            Command::Replay {
                dir: "dir".into(),
                subresource: Some("/status".into())
            }
        );
        assert_eq!(parse(&["--help"]).unwrap(), Command::Help);
    }
}
