//! `example-admission-webhook`: see the crate docs.

use std::io::Write as _;
use std::process::ExitCode;

use example_admission_webhook::{migration_with_options, parse_args, router, Command, USAGE};

fn main() -> ExitCode {
    let command = match parse_args(std::env::args().skip(1), |name| std::env::var(name).ok()) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("Error: {e}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let config = match command {
        Command::Help => {
            print!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Command::Serve(config) => config,
    };
    tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_ansi(false)
        .with_max_level(tracing::Level::INFO)
        .init();
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("Error: cannot start the async runtime: {e}");
            return ExitCode::from(1);
        }
    };
    runtime.block_on(async move {
        let listener = match std::net::TcpListener::bind(&config.listen) {
            Ok(l) => l,
            Err(e) => {
                eprintln!("Error: cannot listen on {}: {e}", config.listen);
                return ExitCode::from(1);
            }
        };
        let addr = match listener.local_addr() {
            Ok(a) => a,
            Err(e) => {
                eprintln!("Error: {e}");
                return ExitCode::from(1);
            }
        };
        let app = router(migration_with_options(config.gates, &config.options));
        tracing::info!(
            release = %config.release,
            feature_gates = %config.gates,
            mode = %config.gates.mode(),
            tls = config.tls.is_some(),
            "starting"
        );
        println!(
            "listening on {}://{addr}",
            if config.tls.is_some() {
                "https"
            } else {
                "http"
            }
        );
        let _ = std::io::stdout().flush();
        let result = match &config.tls {
            #[cfg(feature = "tls")]
            Some((cert, key)) => {
                example_admission_webhook::serve_tls(listener, app, cert, key).await
            }
            #[cfg(not(feature = "tls"))]
            Some(_) => unreachable!("parse_args rejects TLS flags without the tls feature"),
            None => match listener
                .set_nonblocking(true)
                .and_then(|()| tokio::net::TcpListener::from_std(listener))
            {
                Ok(l) => example_admission_webhook::serve_http(l, app).await,
                Err(e) => Err(e),
            },
        };
        match result {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("Error: {e}");
                ExitCode::from(1)
            }
        }
    })
}
