//! Benchmarks of the generated validators against hand-written Rust, `garde`,
//! `validator` and upstream Go (see `docs/performance.md`).
//!
//! * [`workload`]: the Deployment-like types, validated by `#[derive(Validate)]`.
//! * [`inputs`]: the valid, invalid, update and list-map inputs.
//! * [`handwritten`]: idiomatic hand-written Rust with the same output.
//! * `with_garde` / `with_validator` (feature `contenders`): the same rules
//!   with `garde` and `validator`.
//! * [`alloc`]: a counting global allocator for allocations per validation.

pub mod alloc;
pub mod handwritten;
pub mod inputs;
pub mod workload;

#[cfg(feature = "contenders")]
pub mod with_garde;
#[cfg(feature = "contenders")]
pub mod with_validator;
