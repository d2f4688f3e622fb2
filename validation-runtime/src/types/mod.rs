//! Kubernetes value types whose equality is semantic, not structural:
//! [`Quantity`] (compared by value) and [`Time`] / [`MicroTime`] (compared by
//! instant), with upstream's JSON forms (see [`crate::semantic`]); and Go's
//! [`Duration`].

pub mod duration;
pub mod quantity;
pub mod time;

pub use duration::Duration;
pub use quantity::{Format, Quantity, QuantityError, QuantityValue};
pub use time::{MicroTime, Time, TimeParseError};
