//! A case (an object, an optional old object and an operation) and the
//! errors either side reports for it.

use k8s_validation::Operation;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use crate::fixtures::Build;
use crate::schema::{Package, Ty};

/// One validation request, sent to both sides.
#[derive(Clone, Debug)]
pub struct Case {
    pub id: u64,
    pub build: Build,
    /// The root type's name.
    pub ty: String,
    pub object: Value,
    /// The old object (updates only).
    pub old_object: Option<Value>,
    /// The enabled validation options.
    pub options: Vec<String>,
    /// The other options the fixtures name, defined as disabled (from 1.37,
    /// an option a tag names must be defined; Go's `op.go` for 1.37 defines
    /// them all, and earlier releases read undefined as disabled).
    pub disabled: Vec<String>,
    /// `/` or a subresource path such as `/status`.
    pub subresource: String,
}

impl Case {
    /// Whether this is an update.
    pub fn is_update(&self) -> bool {
        self.old_object.is_some()
    }

    /// The Rust operation.
    pub fn operation(&self) -> Operation {
        let mut op = if self.is_update() {
            Operation::update()
        } else {
            Operation::create()
        };
        for o in &self.options {
            op = op.with_option(o.clone());
        }
        for o in &self.disabled {
            op = op.with_option_disabled(o.clone());
        }
        op.with_subresource(&self.subresource)
    }

    /// The JSON line the Go driver reads (objects in their Go view, see
    /// [`Package::go_view`]).
    pub fn to_line(&self, pkg: &Package) -> String {
        let root = Ty::Named(self.ty.clone());
        json!({
            "id": self.id,
            "type": self.ty,
            "object": pkg.go_view(&self.object, &root),
            "oldObject": self.old_object.as_ref().map(|o| pkg.go_view(o, &root)),
            "operation": if self.is_update() { "update" } else { "create" },
            "options": self.options,
            "disabled": self.disabled,
            "subresource": self.subresource,
        })
        .to_string()
    }

    /// A readable one-paragraph description (for difference reports).
    pub fn describe(&self) -> String {
        let mut s = format!(
            "{} {} {} options={:?} subresource={}\n    object:    {}",
            self.build.name(),
            self.ty,
            if self.is_update() { "update" } else { "create" },
            self.options,
            self.subresource,
            self.object
        );
        if let Some(old) = &self.old_object {
            s.push_str(&format!("\n    oldObject: {old}"));
        }
        s
    }
}

/// One error, as both sides report it.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct ErrRec {
    /// `FieldValueInvalid`, ...
    #[serde(rename = "type")]
    pub kind: String,
    pub field: String,
    pub origin: String,
    pub detail: String,
    /// `Error()` / `Display`.
    pub text: String,
    /// The stability level, `alpha` or `beta` (1.36 on; empty when unknown).
    /// Compared only with the drivers that report it (the real API's).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub level: String,
}

/// The Go driver's answer for one case.
#[derive(Clone, Debug, Deserialize)]
pub struct GoResult {
    pub id: u64,
    #[serde(default)]
    pub errors: Option<Vec<ErrRec>>,
    #[serde(default)]
    pub panic: Option<String>,
    #[serde(default)]
    pub error: Option<String>,
    /// The object as Go encodes it after decoding it (real API only).
    #[serde(default, rename = "roundTrip")]
    pub round_trip: Option<Value>,
    /// The old object, likewise.
    #[serde(default, rename = "oldRoundTrip")]
    pub old_round_trip: Option<Value>,
}

/// What one side concluded: its errors, or why it has none (a panic, an
/// object it could not read).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    Errors(Vec<ErrRec>),
    Panic(String),
    Failed(String),
}

impl GoResult {
    pub fn verdict(self) -> Verdict {
        match (self.panic, self.error) {
            (Some(p), _) => Verdict::Panic(p),
            (None, Some(e)) => Verdict::Failed(e),
            (None, None) => Verdict::Errors(self.errors.unwrap_or_default()),
        }
    }
}
