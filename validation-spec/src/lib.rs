//! The vocabulary that `validation-gen` (the generator) and
//! `k8s-validation` (the code the generated validators call) share.
//!
//! Each fact lives here once, so the two sides cannot drift apart:
//!
//! * [`quote`]: Go's `strconv.Quote` / `QuoteRune`, used by generation-time
//!   diagnostics and by runtime error messages alike;
//! * [`format`](mod@format): every `+k8s:format=<name>` payload and the name of the
//!   runtime function that checks it;
//! * [`messages`]: error details the generator writes as static text and
//!   the runtime writes itself;
//! * [`release`]: the Kubernetes releases the catalog knows and the ones the
//!   generator supports;
//! * [`schema`]: the keys of the generator's schema fragments;
//! * [`quantity`] and [`duration`]: Kubernetes quantities and Go durations,
//!   which the generator reads in `+k8s:minimum` / `+k8s:maximum` payloads
//!   (Kubernetes 1.38) and the runtime in values.
//!
//! The crate has no dependencies (`serde`, optional, gives `Quantity` its
//! JSON form) and no `unsafe`.
#![cfg_attr(docsrs, feature(doc_cfg))]
#![forbid(unsafe_code)]

pub mod duration;
pub mod format;
pub mod messages;
pub mod quantity;
pub mod quote;
pub mod release;
pub mod schema;

pub use format::{Format, FORMATS};
pub use quote::{go_quote, go_quote_char, is_go_print, write_go_quoted};
pub use release::Release;
