//! Where the yardstick's invalid-object time goes: copied into the
//! perf-anchors scratch workspace by `benches/compare` (as the `split` bin of
//! its `perf-bench` crate, with `k8s-validation` added to its
//! dependencies) and run there.
//!
//! Times, best of 40 rounds of 2,000 validations each, interleaved:
//! hand-written (the yardstick's baseline, building its own `FieldError`s),
//! the project's contender as the yardstick runs it (the derive's
//! `ErrorList`, then the contender's conversion of every error to a
//! `FieldError`: two `String`s and a `Vec`), and the derive alone (the
//! `ErrorList` built and dropped). Prints one line:
//! `anchors invalid split: ...`.

use perf_workload::{inputs, Contender};
use std::hint::black_box;
use std::time::Instant;
use k8s_validation::{Operation, Validate};

fn per_call(mut f: impl FnMut()) -> f64 {
    let t = Instant::now();
    for _ in 0..2000 {
        f();
    }
    t.elapsed().as_nanos() as f64 / 2000.0
}

fn main() {
    let d = inputs::invalid_deployment();
    let hand = contender_handwritten::Handwritten::prepare_deployment(&d);
    let project = contender_project::Project::prepare_deployment(&d);
    assert_eq!(
        project.validate(&Operation::create()).len(),
        contender_handwritten::Handwritten::validate_deployment(&hand).len(),
        "the two contenders must find the same number of errors"
    );
    let mut best = [f64::MAX; 3];
    for _ in 0..40 {
        let round = [
            per_call(|| {
                drop(black_box(
                    contender_handwritten::Handwritten::validate_deployment(black_box(&hand)),
                ))
            }),
            per_call(|| {
                drop(black_box(contender_project::Project::validate_deployment(
                    black_box(&project),
                )))
            }),
            per_call(|| {
                drop(black_box(
                    black_box(&project).validate(&Operation::create()),
                ))
            }),
        ];
        for (b, r) in best.iter_mut().zip(round) {
            *b = b.min(r);
        }
    }
    let [hand, full, derive] = best;
    println!(
        "anchors invalid split: hand-written {hand:.0} ns; project as the yardstick runs it {full:.0} ns ({:.2}x); \
         the derive's ErrorList alone {derive:.0} ns ({:.2}x); the yardstick's conversion of its errors {:.0} ns ({:.2}x)",
        full / hand,
        derive / hand,
        full - derive,
        (full - derive) / hand
    );
}
