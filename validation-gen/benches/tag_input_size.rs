//! Generation cost against the size of one bad tag line: an unknown tag
//! name (the "did you mean" search) and an unknown format name, from 64 KiB
//! to 1 MiB. Linear cost shows as a constant throughput.
//!
//! ```text
//! cargo bench -p k8s-validation-gen --bench tag_input_size
//! ```
//!
//! Numbers are recorded in `docs/performance.md`.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use k8s_validation_gen::{Options, Release};
use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

const SIZES: [usize; 5] = [64 << 10, 128 << 10, 256 << 10, 512 << 10, 1 << 20];

fn module(tag: &str) -> String {
    format!("pub struct T {{\n    /// +{tag}\n    pub f: String,\n}}\n")
}

fn bench(c: &mut Criterion) {
    let options = Options::new();
    let mut group = c.benchmark_group("unknown_tag_name");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    for size in SIZES {
        let line = format!(" +k8s:{}", "a".repeat(size));
        group.throughput(Throughput::Bytes(size as u64));
        // The tag extractor (its result in upstream's printed shape).
        group.bench_with_input(BenchmarkId::new("extract", size), &line, |b, line| {
            b.iter(|| {
                k8s_validation_gen::__private::read_as_gengo(black_box(line), Release::DEFAULT)
            })
        });
        let src = module(&format!("k8s:{}", "a".repeat(size)));
        group.bench_with_input(BenchmarkId::new("generate_module", size), &src, |b, src| {
            b.iter(|| {
                k8s_validation_gen::__private::generate_module(
                    Path::new("t.rs"),
                    black_box(src),
                    &options,
                )
            })
        });
    }
    group.finish();

    let mut group = c.benchmark_group("unknown_format_name");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    for size in SIZES {
        let src = module(&format!("k8s:format={}", "a".repeat(size)));
        group.throughput(Throughput::Bytes(size as u64));
        group.bench_with_input(BenchmarkId::new("generate_module", size), &src, |b, src| {
            b.iter(|| {
                k8s_validation_gen::__private::generate_module(
                    Path::new("t.rs"),
                    black_box(src),
                    &options,
                )
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
