//! Overhead of the one-call migration API on a valid object: hand-written
//! plus declarative validation through `Migration::validate`, against the
//! two validations called directly.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use example_server::api::{ObjectMeta, Tier, Widget, WidgetSpec, WidgetStatus};
use example_server::app::registry;
use example_server::handwritten;
use k8s_validation::{Operation, Validate};
use k8s_validation_migration::{FeatureGates, Migration};

fn valid_widget() -> Widget {
    Widget {
        api_version: "example.dev/v1".into(),
        kind: "Widget".into(),
        metadata: ObjectMeta {
            name: "frontend".into(),
            ..ObjectMeta::default()
        },
        spec: WidgetSpec {
            replicas: Some(3),
            display_name: "Frontend".into(),
            class: "standard".into(),
            tier: Some(Tier(Tier::GOLD.into())),
            ..WidgetSpec::default()
        },
        status: WidgetStatus {
            ready_replicas: Some(3),
            ..WidgetStatus::default()
        },
    }
}

fn bench(c: &mut Criterion) {
    let w = valid_widget();
    let op = Operation::create();
    let mut g = c.benchmark_group("valid_widget_create");
    g.bench_function("declarative_only", |b| {
        b.iter(|| black_box(&w).validate(&op))
    });
    g.bench_function("handwritten_only", |b| {
        b.iter(|| handwritten::validate_create(black_box(&w)))
    });
    let reg = registry();
    g.bench_function("registry_dispatch_only", |b| {
        b.iter(|| reg.validate(black_box(&w), None, &op))
    });
    for flags in [
        "DeclarativeValidation=false",
        "DeclarativeValidationTakeover=false",
        "DeclarativeValidationTakeover=true",
    ] {
        let m = Migration::new(FeatureGates::parse(flags).unwrap(), registry());
        g.bench_function(format!("one_call/{}", m.mode()), |b| {
            b.iter(|| {
                let w = black_box(&w);
                m.validate(w, None, &op, handwritten::validate_create(w))
            })
        });
    }
    // A disagreement on every call (counted; no log subscriber installed).
    let mut long = valid_widget();
    long.spec.display_name = "display name of 18".into();
    let m = Migration::new(FeatureGates::default(), registry());
    g.bench_function("one_call/mismatch_counted", |b| {
        b.iter(|| {
            let w = black_box(&long);
            m.validate(w, None, &op, handwritten::validate_create(w))
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
