//! Kubernetes value types whose equality is semantic, not structural:
//! [`Quantity`] (compared by value) and [`Time`] / [`MicroTime`] (compared by
//! instant), with upstream's JSON forms. See [`crate::semantic`].

pub mod quantity;
pub mod time;

pub use quantity::{Format, Quantity, QuantityError};
pub use time::{MicroTime, Time, TimeParseError};
