//! Typed API objects behind one object-safe trait: what a command that
//! validates objects of many types at run time holds.

use std::any::Any;
use std::collections::BTreeMap;

use k8s_validation::field::Path;
use k8s_validation::{ErrorList, Operation, Validate};
use serde_json::{Map, Value};

/// A decoded root object (`Deployment`, `ConfigMap`, ...), behind a trait
/// object so that a command handles every type alike; each type's code is
/// compiled once, in the crate that defines it.
pub trait RootObject: Any + Send {
    /// The object as JSON, as Go's encoder writes it (`omitempty` fields
    /// left out).
    fn to_json(&self) -> Value;
    /// [`Validate::subresources`] of its type.
    fn subresources(&self) -> &'static [&'static str];
    /// [`Validate::validate`].
    fn validate(&self, op: &Operation) -> ErrorList;
    /// [`Validate::validate_update`]; `None` when `old` is of another type.
    fn validate_update(&self, old: &dyn RootObject, op: &Operation) -> Option<ErrorList>;
    /// The type's validation through `&dyn Any`, for a registry keyed by
    /// type (`k8s_validation_migration::Registry::register_fn`).
    fn validation_fn(&self) -> ValidationFn;
    /// The type's [`Validate::subresources`], as a function.
    fn subresources_fn(&self) -> fn() -> &'static [&'static str];
    /// For downcasting.
    fn as_any(&self) -> &dyn Any;
}

/// Validation of a type through `&dyn Any` (the object, the old object of
/// an update): what a registry keyed by type calls.
pub type ValidationFn = fn(&dyn Any, Option<&dyn Any>, &Operation) -> ErrorList;

fn validate_any<T: Validate + 'static>(
    obj: &dyn Any,
    old: Option<&dyn Any>,
    op: &Operation,
) -> ErrorList {
    let mut errs = ErrorList::new();
    let Some(obj) = obj.downcast_ref::<T>() else {
        errs.push(k8s_validation::Error::internal(
            Path::root(),
            "registered validation called with a different type",
        ));
        return errs;
    };
    obj.validate_into(
        op,
        &Path::root(),
        old.and_then(|o| o.downcast_ref::<T>()),
        &mut errs,
    );
    errs
}

impl<T: Validate + Encode + Send + 'static> RootObject for T {
    fn to_json(&self) -> Value {
        self.encode()
    }

    fn subresources(&self) -> &'static [&'static str] {
        T::subresources()
    }

    fn validate(&self, op: &Operation) -> ErrorList {
        Validate::validate(self, op)
    }

    fn validate_update(&self, old: &dyn RootObject, op: &Operation) -> Option<ErrorList> {
        let old = old.as_any().downcast_ref::<T>()?;
        Some(Validate::validate_update(self, old, op))
    }

    fn validation_fn(&self) -> ValidationFn {
        validate_any::<T>
    }

    fn subresources_fn(&self) -> fn() -> &'static [&'static str] {
        T::subresources
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// A type written back as JSON, as Go's `encoding/json` writes it (the
/// mirror of the API types generates the impls of its structs).
pub trait Encode {
    /// The value as JSON.
    fn encode(&self) -> Value;

    /// Whether Go's `omitempty` leaves it out (its zero value; a struct is
    /// never empty).
    fn is_empty_value(&self) -> bool {
        false
    }
}

impl Encode for String {
    fn encode(&self) -> Value {
        Value::String(self.clone())
    }
    fn is_empty_value(&self) -> bool {
        self.is_empty()
    }
}

impl Encode for bool {
    fn encode(&self) -> Value {
        Value::Bool(*self)
    }
    fn is_empty_value(&self) -> bool {
        !*self
    }
}

macro_rules! numbers {
    ($($t:ty),*) => {$(
        impl Encode for $t {
            fn encode(&self) -> Value {
                Value::from(*self)
            }
            fn is_empty_value(&self) -> bool {
                *self == (0 as $t)
            }
        }
    )*};
}

numbers!(i8, i16, i32, i64, u8, u16, u32, u64, f32, f64);

impl<T: Encode> Encode for Option<T> {
    fn encode(&self) -> Value {
        self.as_ref().map_or(Value::Null, Encode::encode)
    }
    fn is_empty_value(&self) -> bool {
        self.is_none()
    }
}

impl<T: Encode> Encode for Vec<T> {
    fn encode(&self) -> Value {
        Value::Array(self.iter().map(Encode::encode).collect())
    }
    fn is_empty_value(&self) -> bool {
        self.is_empty()
    }
}

impl<K: AsRef<str>, V: Encode> Encode for BTreeMap<K, V> {
    fn encode(&self) -> Value {
        Value::Object(
            self.iter()
                .map(|(k, v)| (k.as_ref().to_owned(), v.encode()))
                .collect::<Map<String, Value>>(),
        )
    }
    fn is_empty_value(&self) -> bool {
        self.is_empty()
    }
}

impl Encode for Value {
    fn encode(&self) -> Value {
        self.clone()
    }
    fn is_empty_value(&self) -> bool {
        self.is_null()
    }
}

macro_rules! via_serde {
    ($($t:ty),*) => {$(
        impl Encode for $t {
            fn encode(&self) -> Value {
                serde_json::to_value(self).unwrap_or(Value::Null)
            }
        }
    )*};
}

via_serde!(
    k8s_validation::Quantity,
    k8s_validation::Time,
    k8s_validation::MicroTime,
    k8s_validation::Duration
);
