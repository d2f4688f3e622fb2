//! `example-server`: see the crate docs.

use std::io::Write as _;
use std::process::ExitCode;

use example_server::app::{registry, router, AppState};
use example_server::{parse_args, Command, USAGE};
use validation_migration::replay::{replay_dir, ReplayOptions};

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
        Command::Replay { dir, subresource } => {
            let options = ReplayOptions {
                subresource,
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
        Command::Serve { listen, gates } => {
            tracing_subscriber::fmt()
                .with_writer(std::io::stderr)
                .with_ansi(false)
                .with_max_level(tracing::Level::INFO)
                .init();
            let runtime = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .enable_all()
                .build()
                .expect("tokio runtime");
            runtime.block_on(async move {
                let listener = match tokio::net::TcpListener::bind(&listen).await {
                    Ok(l) => l,
                    Err(e) => {
                        eprintln!("Error: cannot listen on {listen}: {e}");
                        return ExitCode::from(1);
                    }
                };
                let addr = listener.local_addr().expect("bound address");
                tracing::info!(feature_gates = %gates, mode = %gates.mode(), "starting");
                println!("listening on {addr}");
                let _ = std::io::stdout().flush();
                match axum::serve(listener, router(AppState::new(gates))).await {
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
