//! `example-server`: see the crate docs.

use std::io::Write as _;
use std::process::ExitCode;

use example_server::app::{registry, router, AppState};
use example_server::migrate::{replay_dir, ReplayOptions};
use example_server::store::{embedded::Embedded, etcd::Etcd, Storage};
use example_server::{logsample, parse_args, serve, Backend, Command, USAGE};
use tracing_subscriber::layer::SubscriberExt as _;
use tracing_subscriber::util::SubscriberInitExt as _;
use tracing_subscriber::Layer as _;

fn main() -> ExitCode {
    let command = match parse_args(std::env::args().skip(1)) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("Error: {e}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    match command {
        Command::Help => {
            print!("{USAGE}");
            ExitCode::SUCCESS
        }
        Command::Replay {
            dir,
            subresource,
            release,
            options,
        } => {
            let (enabled, disabled): (Vec<_>, Vec<_>) = options.iter().partition(|(_, e)| *e);
            let options = ReplayOptions {
                subresource,
                release,
                options: enabled.into_iter().map(|(n, _)| n.to_owned()).collect(),
                disabled_options: disabled.into_iter().map(|(n, _)| n.to_owned()).collect(),
                ..ReplayOptions::default()
            };
            match replay_dir(&registry(), &dir, &options) {
                Ok(report) => {
                    print!("{report}");
                    if report.is_clean() {
                        ExitCode::SUCCESS
                    } else {
                        ExitCode::FAILURE
                    }
                }
                Err(e) => {
                    eprintln!("Error: cannot read {dir}: {e}");
                    ExitCode::from(2)
                }
            }
        }
        Command::Serve {
            listen,
            gates,
            options,
            backend,
            limits,
        } => {
            tracing_subscriber::registry()
                .with(
                    tracing_subscriber::fmt::layer()
                        .with_writer(std::io::stderr)
                        .with_ansi(false)
                        .with_filter(tracing_subscriber::filter::LevelFilter::INFO)
                        .with_filter(logsample::Sampler),
                )
                .init();
            let runtime = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .enable_all()
                .build()
                .expect("tokio runtime");
            runtime.block_on(async move {
                let store: Box<dyn Storage> = match &backend {
                    Backend::Embedded(dir) => match Embedded::open(std::path::Path::new(dir)) {
                        Ok(s) => Box::new(s),
                        Err(e) => {
                            eprintln!("Error: {e}");
                            return ExitCode::from(1);
                        }
                    },
                    Backend::Etcd { endpoint, prefix } => {
                        match Etcd::connect(endpoint, prefix).await {
                            Ok(s) => Box::new(s),
                            Err(e) => {
                                eprintln!("Error: cannot use etcd at {endpoint}: {e}");
                                return ExitCode::from(1);
                            }
                        }
                    }
                };
                let listener = match tokio::net::TcpListener::bind(&listen).await {
                    Ok(l) => l,
                    Err(e) => {
                        eprintln!("Error: cannot listen on {listen}: {e}");
                        return ExitCode::from(1);
                    }
                };
                let addr = listener.local_addr().expect("bound address");
                tracing::info!(kubernetes_version = %gates.release(), feature_gates = %gates, mode = %gates.mode(), store = store.name(), "starting");
                println!("listening on {addr}");
                let _ = std::io::stdout().flush();
                tokio::spawn(logsample::report_suppressed());
                let app = serve::layered(router(AppState::new(gates, options, store)), &limits);
                match serve::serve(listener, app, limits).await {
                    Ok(()) => ExitCode::SUCCESS,
                    Err(e) => {
                        eprintln!("Error: {e}");
                        ExitCode::from(1)
                    }
                }
            })
        }
    }
}
