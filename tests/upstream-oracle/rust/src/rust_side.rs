//! The Rust side: decode the case into the fixture type, validate with the
//! derived validators, and hand back the canonical JSON of what was
//! validated (sent to Go, so both sides see the same values).

use std::panic::{catch_unwind, AssertUnwindSafe};

use k8s_validation::field::Path;
use k8s_validation::{Error, Validate};
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;

use crate::case::{Case, ErrRec, Verdict};
use crate::fixtures::Build;

/// The Rust verdict, with the canonical objects.
pub struct Outcome {
    pub verdict: Verdict,
    pub object: Value,
    pub old_object: Option<Value>,
}

fn canonical<T: DeserializeOwned + Serialize>(v: &Value) -> Result<(T, Value), String> {
    let t: T = serde_json::from_value(v.clone()).map_err(|e| e.to_string())?;
    let back = serde_json::to_value(&t).map_err(|e| e.to_string())?;
    Ok((t, back))
}

/// `v` decoded as the real-API root type called `ty` of the mirror of
/// `build`; `None` for an unknown type.
fn decode_real(
    build: Build,
    ty: &str,
    v: &Value,
) -> Option<Result<Box<dyn k8s_validation_api::RootObject>, String>> {
    match build {
        Build::Real136 => k8s_validation_api::v1_36::decode_root(ty, v),
        Build::Real137 => k8s_validation_api::v1_37::decode_root(ty, v),
        Build::Real138 => k8s_validation_api::decode_root(k8s_validation::Release::V1_38, ty, v)
            .or_else(|| {
                Some(Err(
                    "the 1.38 mirror is not compiled in (feature v1_38 of k8s-validation-api)"
                        .into(),
                ))
            }),
        _ => k8s_validation_api::v1_35::decode_root(ty, v),
    }
}

/// `v` decoded as the real-API root type called `ty` and encoded again;
/// `None` for an unknown type.
pub fn canonical_real(build: Build, ty: &str, v: &Value) -> Option<Result<Value, String>> {
    decode_real(build, ty, v).map(|r| r.map(|o| o.to_json()))
}

/// How Go's `%T` prints a pointer to the root type called `name`: package
/// `api` for the fixtures, the version package for the real API
/// (`rbac_v1::RoleBinding` is `*v1.RoleBinding`).
fn go_type_name(name: &str) -> String {
    match name.split_once("::") {
        Some((module, ty)) => {
            let version = module.rsplit('_').next().unwrap_or(module);
            format!("*{version}.{ty}")
        }
        None => format!("*api.{name}"),
    }
}

/// Converts a Rust error to the compared record.
pub fn record(e: &Error) -> ErrRec {
    ErrRec {
        kind: e.kind().as_str().to_string(),
        field: e.field().to_string(),
        origin: e.origin().unwrap_or("").to_string(),
        detail: e.detail().to_string(),
        text: e.to_string(),
        level: e
            .stability_level()
            .map_or_else(String::new, |l| l.as_str().to_string()),
    }
}

/// Validates `case` as the real-API root type called `name`: [`run`]
/// through the mirror's trait objects.
pub fn run_real(build: Build, name: &str, case: &Case) -> Outcome {
    let failed = |msg: String| Outcome {
        verdict: Verdict::Failed(msg),
        object: case.object.clone(),
        old_object: case.old_object.clone(),
    };
    // Go gets the objects as generated, not as the mirror encodes them, so
    // that quantities and timestamps keep the spelling the generator chose
    // (`Gen::respell`); the round-trip check compares them by value.
    let decode = |v: &Value| match decode_real(build, name, v) {
        None => Err(format!("no Rust type {name}")),
        Some(r) => r.map(|o| (o, v.clone())),
    };
    let (new, object) = match decode(&case.object) {
        Ok(x) => x,
        Err(e) => return failed(format!("object: {e}")),
    };
    let (old, old_object) = match &case.old_object {
        None => (None, None),
        Some(v) => match decode(v) {
            Ok((t, v)) => (Some(t), Some(v)),
            Err(e) => return failed(format!("oldObject: {e}")),
        },
    };
    let op = case.operation();
    let path = op.subresource_path();
    let verdict = if !new.subresources().contains(&path.as_str()) {
        Verdict::Errors(vec![record(&no_validation(name, &path))])
    } else {
        match catch_unwind(AssertUnwindSafe(|| match &old {
            Some(old) => new.validate_update(old.as_ref(), &op).unwrap_or_default(),
            None => new.validate(&op),
        })) {
            Ok(errs) => Verdict::Errors(errs.iter().map(record).collect()),
            Err(p) => Verdict::Panic(panic_text(p)),
        }
    };
    Outcome {
        verdict,
        object,
        old_object,
    }
}

/// Upstream's error for a subresource the root type does not serve.
fn no_validation(name: &str, path: &str) -> Error {
    Error::internal(
        Path::root(),
        format!(
            "no validation found for {}, subresource: {path}",
            go_type_name(name)
        ),
    )
}

fn panic_text(p: Box<dyn std::any::Any + Send>) -> String {
    p.downcast_ref::<String>()
        .cloned()
        .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_else(|| "panic".into())
}

/// Validates `case` as a `T`.
///
/// A subresource path that `T::subresources()` does not list gets the error
/// upstream's registered dispatcher returns for it (the project leaves that
/// check to its caller, through `subresources()`).
#[cfg_attr(test, allow(dead_code))] // the test harness has no fixture types
pub fn run<T>(name: &str, case: &Case) -> Outcome
where
    T: Validate + Serialize + DeserializeOwned,
{
    let failed = |msg: String| Outcome {
        verdict: Verdict::Failed(msg),
        object: case.object.clone(),
        old_object: case.old_object.clone(),
    };
    let (new, object) = match canonical::<T>(&case.object) {
        Ok(x) => x,
        Err(e) => return failed(format!("object: {e}")),
    };
    let (old, old_object) = match &case.old_object {
        None => (None, None),
        Some(v) => match canonical::<T>(v) {
            Ok((t, v)) => (Some(t), Some(v)),
            Err(e) => return failed(format!("oldObject: {e}")),
        },
    };
    let op = case.operation();
    let path = op.subresource_path();
    let verdict = if !T::subresources().contains(&path.as_str()) {
        Verdict::Errors(vec![record(&no_validation(name, &path))])
    } else {
        match catch_unwind(AssertUnwindSafe(|| match &old {
            Some(old) => new.validate_update(old, &op),
            None => new.validate(&op),
        })) {
            Ok(errs) => Verdict::Errors(errs.iter().map(record).collect()),
            Err(p) => Verdict::Panic(panic_text(p)),
        }
    };
    Outcome {
        verdict,
        object,
        old_object,
    }
}
