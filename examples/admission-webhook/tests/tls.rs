//! The webhook over HTTPS on a loopback port, as a kube-apiserver calls it:
//! `--tls-cert/--tls-key` with the committed self-signed test certificate
//! (`fixtures/tls/`, for `localhost` and `127.0.0.1`, see `fixtures/README.md`).
#![cfg(feature = "tls")]

use std::sync::Arc;

use example_admission_webhook::{migration, router, serve_tls};
use k8s_validation_migration::FeatureGates;
use rustls::pki_types::pem::PemObject as _;
use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};

fn fixture_path(name: &str) -> String {
    format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[tokio::test]
async fn serves_admission_reviews_over_https() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    let addr = listener.local_addr().expect("addr");
    let app = router(migration(FeatureGates::new()));
    let cert = fixture_path("tls/cert.pem");
    let key = fixture_path("tls/key.pem");
    let server = tokio::spawn(async move { serve_tls(listener, app, &cert, &key).await });

    // A client that trusts exactly the test certificate.
    let _ = rustls::crypto::ring::default_provider().install_default();
    let pem = std::fs::read(fixture_path("tls/cert.pem")).expect("cert");
    let der = rustls::pki_types::CertificateDer::from_pem_slice(&pem).expect("pem");
    let mut roots = rustls::RootCertStore::empty();
    roots.add(der).expect("root");
    let config = rustls::ClientConfig::builder()
        .with_root_certificates(roots)
        .with_no_client_auth();
    let connector = tokio_rustls::TlsConnector::from(Arc::new(config));

    let body = std::fs::read(fixture_path("create-invalid.json")).expect("fixture");
    let mut request = format!(
        "POST /validate HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    )
    .into_bytes();
    request.extend_from_slice(&body);

    // The server may still be loading its certificate: retry the connect briefly.
    let mut stream = None;
    for _ in 0..100 {
        if let Ok(tcp) = tokio::net::TcpStream::connect(addr).await {
            let name = rustls::pki_types::ServerName::try_from("localhost").expect("name");
            stream = Some(connector.connect(name, tcp).await.expect("TLS handshake"));
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    let mut stream = stream.expect("connect");
    stream.write_all(&request).await.expect("write");
    let mut response = Vec::new();
    // `Connection: close`: read to the end (a missing close_notify is fine).
    let _ = stream.read_to_end(&mut response).await;
    let response = String::from_utf8(response).expect("utf-8");
    assert!(response.starts_with("HTTP/1.1 200 OK\r\n"), "{response}");
    let (_, json) = response.split_once("\r\n\r\n").expect("body");
    let answer: serde_json::Value = serde_json::from_str(json).expect("JSON");
    assert_eq!(answer["response"]["allowed"], false, "{answer}");
    assert_eq!(answer["response"]["status"]["code"], 422, "{answer}");

    server.abort();
}

#[tokio::test]
async fn a_missing_certificate_is_a_clear_error() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    let app = router(migration(FeatureGates::new()));
    let err = serve_tls(
        listener,
        app,
        "/nonexistent/cert.pem",
        "/nonexistent/key.pem",
    )
    .await
    .expect_err("no certificate");
    assert!(
        err.to_string()
            .starts_with("cannot load /nonexistent/cert.pem / /nonexistent/key.pem: "),
        "{err}"
    );
}
