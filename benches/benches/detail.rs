//! criterion benches: detailed numbers per input and contender (not
//! interleaved; `benches/interleave.rs` gives the headline ratios).

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use k8s_validation::{Operation, Validate};
use std::hint::black_box;
use validation_benches::{handwritten as hand, inputs, with_garde, with_validator};

fn deployments(c: &mut Criterion) {
    for (name, d) in [("valid", inputs::valid()), ("invalid", inputs::invalid())] {
        let g = with_garde::Deployment::from(&d);
        let v = with_validator::Deployment::from(&d);
        let mut group = c.benchmark_group(name);
        group.bench_function("generated", |b| {
            b.iter(|| black_box(&d).validate(&Operation::create()))
        });
        group.bench_function("handwritten", |b| b.iter(|| hand::validate(black_box(&d))));
        group.bench_function("hand-tuned", |b| {
            b.iter(|| hand::validate_tuned(black_box(&d)))
        });
        group.bench_function("garde", |b| {
            b.iter(|| garde::Validate::validate(black_box(&g)))
        });
        group.bench_function("validator", |b| {
            b.iter(|| validator::Validate::validate(black_box(&v)))
        });
        group.finish();
    }

    let (new, old) = inputs::update();
    let g = with_garde::Deployment::from(&new);
    let v = with_validator::Deployment::from(&new);
    let mut group = c.benchmark_group("update");
    group.bench_function("generated", |b| {
        b.iter(|| black_box(&new).validate_update(black_box(&old), &Operation::update()))
    });
    group.bench_function("handwritten", |b| {
        b.iter(|| hand::validate_update(black_box(&new), black_box(&old)))
    });
    group.bench_function("hand-tuned", |b| {
        b.iter(|| hand::validate_update_tuned(black_box(&new), black_box(&old)))
    });
    group.bench_function("garde", |b| {
        b.iter(|| garde::Validate::validate(black_box(&g)))
    });
    group.bench_function("validator", |b| {
        b.iter(|| validator::Validate::validate(black_box(&v)))
    });
    group.finish();
}

fn uniqueness(c: &mut Criterion) {
    let mut group = c.benchmark_group("unique");
    for n in inputs::UNIQUE_SIZES {
        let list = inputs::port_list(n);
        let g = with_garde::PortList::from(&list);
        let v = with_validator::PortList::from(&list);
        group.throughput(Throughput::Elements(n as u64));
        group.bench_with_input(BenchmarkId::new("generated", n), &list, |b, l| {
            b.iter(|| black_box(l).validate(&Operation::create()))
        });
        group.bench_with_input(BenchmarkId::new("handwritten", n), &list, |b, l| {
            b.iter(|| hand::validate_ports(black_box(l)))
        });
        group.bench_with_input(BenchmarkId::new("garde", n), &g, |b, l| {
            b.iter(|| garde::Validate::validate(black_box(l)))
        });
        group.bench_with_input(BenchmarkId::new("validator", n), &v, |b, l| {
            b.iter(|| validator::Validate::validate(black_box(l)))
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(std::time::Duration::from_millis(500))
        .measurement_time(std::time::Duration::from_secs(2))
        .sample_size(30);
    targets = deployments, uniqueness
}
criterion_main!(benches);
