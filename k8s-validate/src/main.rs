//! `k8s-validate`: validate Kubernetes manifests offline with the
//! declarative validation of a release's API server (docs/manifests.md).

use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use std::sync::Arc;

use clap::{Arg, ArgAction, Command};
use k8s_validate::report::{JsonWriter, JunitWriter, SarifWriter, TextWriter};
use k8s_validate::{apiserver, LiveObjects, RunInfo, Settings, Sink, Tally, Writer};
use k8s_validation::Release;
use k8s_validation_manifest::input;
use k8s_validation_migration::FeatureGates;

/// The gates of declarative validation the summary reports.
const GATES: &[&str] = &[
    "DeclarativeValidation",
    "DeclarativeValidationBeta",
    "DeclarativeValidationTakeover",
];

fn command() -> Command {
    Command::new("k8s-validate")
        .version(env!("CARGO_PKG_VERSION"))
        .about("Validate Kubernetes manifests offline with the declarative validation of a release's API server")
        .after_help(
            "Exit status: 0 when every object is valid (or not validated), 1 when an object is invalid, \
             2 for a usage error, an unreadable file or a document that holds no object.\n\
             Only declarative validation runs: the API server's hand-written validation is not checked.",
        )
        .arg(
            Arg::new("filename")
                .short('f')
                .long("filename")
                .value_name("PATH")
                .action(ArgAction::Append)
                .help("A file or directory of manifests (YAML or JSON); `-` reads standard input"),
        )
        .arg(
            Arg::new("paths")
                .value_name("PATH")
                .action(ArgAction::Append)
                .help("More files or directories, as with -f"),
        )
        .arg(
            Arg::new("recursive")
                .short('R')
                .long("recursive")
                .action(ArgAction::SetTrue)
                .help("Read directories recursively"),
        )
        .arg(
            Arg::new("kubernetes-version")
                .long("kubernetes-version")
                .value_name("1.NN")
                .default_value(Release::LATEST.as_str())
                .help(format!(
                    "The release whose API server to follow: {}",
                    Release::supported_list()
                )),
        )
        .arg(
            Arg::new("feature-gates")
                .long("feature-gates")
                .value_name("NAME=BOOL,...")
                .action(ArgAction::Append)
                .help(
                    "Feature gates of the API server, as kube-apiserver takes them \
                     (DeclarativeValidation, DeclarativeValidationBeta, DeclarativeValidationTakeover, \
                     and the gates that validation options follow)",
                ),
        )
        .arg(
            Arg::new("old")
                .long("old")
                .value_name("PATH")
                .action(ArgAction::Append)
                .help("Live objects (files or directories): an object with the same kind, namespace and name is validated as an update of it, with ratcheting"),
        )
        .arg(
            Arg::new("output")
                .short('o')
                .long("output")
                .value_name("FORMAT")
                .value_parser(["text", "json", "junit", "sarif"])
                .default_value("text")
                .help("text (kubectl's messages and a summary), json, junit or sarif (docs/manifests.md)"),
        )
        .arg(
            Arg::new("jobs")
                .short('j')
                .long("jobs")
                .value_name("N")
                .value_parser(clap::value_parser!(u16).range(1..))
                .help("Threads validating documents (default: the number of cores); the output is the same for any N"),
        )
        .arg(
            Arg::new("list-kinds")
                .long("list-kinds")
                .action(ArgAction::SetTrue)
                .help("List the kinds with declarative rules in the release, and whether its API server runs them, then exit"),
        )
        .arg(
            // For tests/upstream-oracle/run-manifests: the flags that make
            // the Go driver follow the same API server.
            Arg::new("print-go-driver-flags")
                .long("print-go-driver-flags")
                .action(ArgAction::SetTrue)
                .hide(true),
        )
        .arg(
            Arg::new("progress")
                .long("progress")
                .value_name("WHEN")
                .value_parser(["auto", "always", "never"])
                .default_value("auto")
                .help("Progress on standard error (auto: when it is a terminal)"),
        )
}

fn main() -> ExitCode {
    let matches = match command().try_get_matches() {
        Ok(m) => m,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
        }
    };
    match run(&matches) {
        Ok(code) => ExitCode::from(code),
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

fn run(m: &clap::ArgMatches) -> Result<u8, String> {
    let version = m
        .get_one::<String>("kubernetes-version")
        .expect("has a default");
    let release = Release::parse_supported(version)
        .map_err(|e| format!("--kubernetes-version {version}: {e}"))?;
    let flags: Vec<&String> = m
        .get_many::<String>("feature-gates")
        .into_iter()
        .flatten()
        .collect();
    let (gates, options) = gates_and_options(release, &flags)?;
    let defaults = FeatureGates::for_release(release);
    let assumed: Vec<(String, bool, bool)> = GATES
        .iter()
        .filter_map(|g| {
            let on = gates.enabled(g)?;
            Some((g.to_string(), on, defaults.enabled(g) == Some(on)))
        })
        .collect();

    if m.get_flag("print-go-driver-flags") {
        let server = apiserver::server(release);
        let on = |want: bool| {
            options
                .iter()
                .filter(|(_, v)| *v == want)
                .map(|(n, _)| n.as_str())
                .collect::<Vec<_>>()
                .join(",")
        };
        println!(
            "-release={} -validated={} -enforced={} -dv={} -beta={} -takeover={} -enable={} -disable={}",
            release,
            server.validated.join(","),
            server.enforced.join(","),
            gates.declarative_validation(),
            gates.beta(),
            gates.takeover(),
            on(true),
            on(false)
        );
        return Ok(0);
    }
    if m.get_flag("list-kinds") {
        let mut out = String::new();
        let server = apiserver::server(release);
        for root in k8s_validation_api::roots(release) {
            let (package, kind) = root.split_once("::").unwrap_or((root, ""));
            let (pkg, version) = package.split_once('_').unwrap_or((package, ""));
            let group = k8s_validation_api::group_of_package(pkg).unwrap_or(pkg);
            let api_version = if group.is_empty() {
                version.to_owned()
            } else {
                format!("{group}/{version}")
            };
            let status = if server.validates(&package.replacen('_', "/", 1)) {
                "validated"
            } else {
                "not-run-by-apiserver"
            };
            out.push_str(&format!("{api_version}\t{kind}\t{status}\n"));
        }
        let _ = std::io::stdout().lock().write_all(out.as_bytes());
        return Ok(0);
    }

    let paths: Vec<String> = m
        .get_many::<String>("filename")
        .into_iter()
        .flatten()
        .chain(m.get_many::<String>("paths").into_iter().flatten())
        .cloned()
        .collect();
    if paths.is_empty() {
        return Err(
            "no manifests: name files or directories with -f (or `-f -` for standard input)".into(),
        );
    }
    let recursive = m.get_flag("recursive");
    let found = input::collect_sources(&paths, recursive)?;
    for (path, why) in &found.skipped {
        eprintln!("k8s-validate: skipped {}: {why}", path.display());
    }

    let mut stdout = std::io::stdout().lock();
    let mut out = std::io::BufWriter::with_capacity(64 << 10, &mut stdout);
    let mut tally = Tally::default();
    let info = RunInfo {
        release,
        gates: assumed,
        options: options.clone(),
    };
    let mut writer: Box<dyn Writer> = match m.get_one::<String>("output").map(String::as_str) {
        Some("json") => {
            let mut w = JsonWriter::new();
            ignore_closed(w.begin(&mut out, &info))?;
            Box::new(w)
        }
        Some("junit") => Box::new(JunitWriter::new()),
        Some("sarif") => Box::new(SarifWriter::new()),
        _ => Box::new(TextWriter::new()),
    };

    let live = match m.get_many::<String>("old") {
        None => None,
        Some(old) => {
            let old: Vec<String> = old.cloned().collect();
            let mut live = LiveObjects::default();
            for source in input::collect_sources(&old, recursive)?.sources {
                for e in live.add_source(&source) {
                    tally.add_unreadable();
                    ignore_closed(writer.unreadable(&mut out, &source, &e))?;
                }
            }
            Some(Arc::new(live))
        }
    };

    let jobs = m
        .get_one::<u16>("jobs")
        .map(|&j| usize::from(j))
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let settings = Settings {
        gates,
        options,
        live,
        jobs,
    };
    let mut progress = Progress::new(
        m.get_one::<String>("progress").map(String::as_str),
        found.sources.len(),
    );
    let mut tick = |done| progress.tick(done);
    let mut sink = Sink {
        out: &mut out,
        writer: writer.as_mut(),
        tally: &mut tally,
        progress: &mut tick,
    };
    let ran = k8s_validate::run(&found.sources, &settings, &mut sink);
    progress.finish();
    ignore_closed(ran)?;
    ignore_closed(
        writer
            .finish(&mut out, &tally, &info)
            .and_then(|()| out.flush()),
    )?;
    Ok(tally.exit_code())
}

/// A closed pipe (`| head`) is not an error of the validation.
fn ignore_closed(r: std::io::Result<()>) -> Result<(), String> {
    match r {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            Err(format!("writing the report: {e}"))
        }
        _ => Ok(()),
    }
}

/// The API server's gates from `--feature-gates` (every value given, in
/// order), and the validation options: the release's defaults, with the
/// gates an option follows applied.
fn gates_and_options(
    release: Release,
    flags: &[&String],
) -> Result<(FeatureGates, Vec<(String, bool)>), String> {
    let server = apiserver::server(release);
    let mut options: Vec<(String, bool)> = server
        .options
        .iter()
        .map(|o| (o.name.to_owned(), o.default))
        .collect();
    let mut gate_entries = Vec::new();
    for flag in flags {
        for entry in flag.split(',').filter(|e| !e.trim().is_empty()) {
            let name = entry.split('=').next().unwrap_or("").trim();
            if let Some(o) = options.iter_mut().find(|(n, _)| n == name) {
                let value = entry
                    .split_once('=')
                    .map(|(_, v)| v.trim())
                    .ok_or_else(|| format!("--feature-gates: missing bool value for {name}"))?;
                o.1 = parse_go_bool(value)
                    .ok_or_else(|| format!("--feature-gates: invalid value of {name}={value}"))?;
            } else {
                gate_entries.push(entry.to_owned());
            }
        }
    }
    let gates = FeatureGates::parse_for(release, &gate_entries.join(","))
        .map_err(|e| format!("--feature-gates: {e}"))?;
    Ok((gates, options))
}

/// Go's `strconv.ParseBool`.
fn parse_go_bool(s: &str) -> Option<bool> {
    match s {
        "1" | "t" | "T" | "true" | "TRUE" | "True" => Some(true),
        "0" | "f" | "F" | "false" | "FALSE" | "False" => Some(false),
        _ => None,
    }
}

/// `files n of m` on standard error, at most five times a second, when it
/// is a terminal (or `--progress always`: one line each time).
struct Progress {
    mode: Option<bool>,
    total: usize,
    last: Instant,
    shown: bool,
}

impl Progress {
    fn new(when: Option<&str>, total: usize) -> Progress {
        let tty = std::io::stderr().is_terminal();
        let mode = match when {
            Some("always") => Some(tty),
            Some("never") => None,
            _ => tty.then_some(true),
        };
        Progress {
            mode,
            total,
            last: Instant::now(),
            shown: false,
        }
    }

    fn tick(&mut self, done: usize) {
        let Some(tty) = self.mode else { return };
        let last = done == self.total;
        if (last && !self.shown) || (!last && self.last.elapsed() < Duration::from_millis(200)) {
            return;
        }
        self.last = Instant::now();
        self.shown = true;
        let mut err = std::io::stderr().lock();
        if tty {
            let _ = write!(err, "\rk8s-validate: {done} of {} files", self.total);
        } else {
            let _ = writeln!(err, "k8s-validate: {done} of {} files", self.total);
        }
    }

    fn finish(&mut self) {
        if self.shown && self.mode == Some(true) {
            let _ = write!(std::io::stderr().lock(), "\r\x1b[K");
        }
    }
}
