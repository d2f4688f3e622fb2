//! Latency of one admission review (decode, both validations, encode), in
//! process, in mismatch and takeover mode, and of the validation alone: `cargo bench -p
//! example-admission-webhook --bench review`.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use example_admission_webhook::api::Deployment;
use example_admission_webhook::{handwritten, migration, review::review};
use k8s_validation::Operation;
use k8s_validation_migration::FeatureGates;

const CREATE_VALID: &str = include_str!("../tests/fixtures/create-valid.json");
const CREATE_INVALID: &str = include_str!("../tests/fixtures/create-invalid.json");
const UPDATE_RATCHET: &str = include_str!("../tests/fixtures/update-ratchet.json");

fn bench(c: &mut Criterion) {
    for (mode, gates) in [
        ("mismatch", FeatureGates::new()),
        (
            "takeover",
            FeatureGates::parse("DeclarativeValidationTakeover=true").expect("gates"),
        ),
    ] {
        let m = migration(gates);
        // The validation alone (both sides and the comparison), no JSON.
        let review_json: serde_json::Value = serde_json::from_str(CREATE_VALID).expect("json");
        let object: Deployment =
            serde_json::from_value(review_json["request"]["object"].clone()).expect("object");
        c.bench_function(&format!("{mode}/validate_only_create_valid"), |b| {
            b.iter(|| {
                let obj = black_box(&object);
                let hv = handwritten::validate(obj, None, "");
                black_box(m.validate(obj, None, &Operation::create(), hv))
            })
        });
        for (name, body) in [
            ("create_valid", CREATE_VALID),
            ("create_invalid", CREATE_INVALID),
            ("update_ratchet", UPDATE_RATCHET),
        ] {
            c.bench_function(&format!("{mode}/{name}"), |b| {
                b.iter(|| {
                    let (answer, _) = review(&m, black_box(body.as_bytes())).expect("review");
                    black_box(serde_json::to_vec(&answer).expect("encode"))
                })
            });
        }
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
