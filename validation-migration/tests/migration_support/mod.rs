//! Shared by the `migration_*` tests: API types, their hand-written
//! validation, and a `tracing` subscriber that records events.
#![allow(dead_code)]

use std::collections::BTreeMap;
use std::fmt;
use std::sync::{Arc, Mutex};

use k8s_validation::field::{BadValue, Error, ErrorList};
use k8s_validation::{Operation, Validate};
use serde::{Deserialize, Serialize};
use tracing::field::{Field, Visit};
use tracing::span::{Attributes, Id, Record};
use tracing::{Event, Level, Metadata, Subscriber};

/// A Widget: validated on `/` and `/status`.
///
/// +k8s:supportsSubresource="/status"
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, Validate)]
#[serde(rename_all = "camelCase")]
pub struct Widget {
    #[serde(default)]
    pub api_version: String,
    #[serde(default)]
    pub kind: String,
    #[serde(default)]
    pub metadata: Meta,
    #[serde(default)]
    pub spec: WidgetSpec,
    #[serde(default)]
    pub status: WidgetStatus,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, Validate)]
pub struct Meta {
    /// +k8s:required
    /// +k8s:format=k8s-short-name
    #[serde(default)]
    pub name: String,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, Validate)]
#[serde(rename_all = "camelCase")]
pub struct WidgetSpec {
    /// +k8s:optional
    /// +k8s:minimum=0
    pub replicas: Option<i32>,
    /// +k8s:optional
    /// +k8s:maxLength=8
    #[serde(default)]
    pub display_name: String,
    /// +k8s:immutable
    #[serde(default)]
    pub class: String,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, Validate)]
#[serde(rename_all = "camelCase")]
pub struct WidgetStatus {
    /// +k8s:optional
    /// +k8s:minimum=0
    pub ready_replicas: Option<i32>,
}

/// The type of a `/scale` subresource request.
///
/// +k8s:isSubresource="/scale"
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, Validate)]
pub struct Scale {
    /// +k8s:minimum=0
    pub replicas: i32,
}

pub fn widget(name: &str) -> Widget {
    Widget {
        api_version: "example.dev/v1".into(),
        kind: "Widget".into(),
        metadata: Meta { name: name.into() },
        ..Widget::default()
    }
}

/// Hand-written validation of a Widget that agrees with the tags: every
/// error a tag reproduces is covered and carries the tag's origin.
pub fn handwritten(w: &Widget, old: Option<&Widget>, _op: &Operation) -> ErrorList {
    let mut errs = ErrorList::new();
    if w.metadata.name.is_empty() {
        errs.push(Error::required("metadata.name", "").mark_covered_by_declarative());
    } else if w
        .metadata
        .name
        .contains(|c: char| !c.is_ascii_lowercase() && !c.is_ascii_digit() && c != '-')
    {
        errs.push(
            Error::invalid(
                "metadata.name",
                BadValue::String(w.metadata.name.as_str().into()),
                "not a DNS label",
            )
            .with_origin("format=k8s-short-name")
            .mark_covered_by_declarative(),
        );
    }
    if let Some(r) = w.spec.replicas {
        if r < 0 {
            errs.push(
                Error::invalid(
                    "spec.replicas",
                    BadValue::Int(r.into()),
                    "must be non-negative",
                )
                .with_origin("minimum")
                .mark_covered_by_declarative(),
            );
        }
    }
    if w.spec.display_name.len() > 8 {
        errs.push(
            Error::too_long("spec.displayName", 8)
                .with_origin("maxLength")
                .mark_covered_by_declarative(),
        );
    }
    if let Some(old) = old {
        if old.spec.class != w.spec.class {
            errs.push(
                Error::invalid("spec.class", BadValue::Null, "field is immutable")
                    .with_origin("immutable")
                    .mark_covered_by_declarative(),
            );
        }
    }
    if let Some(r) = w.status.ready_replicas {
        if r < 0 {
            errs.push(
                Error::invalid(
                    "status.readyReplicas",
                    BadValue::Int(r.into()),
                    "must be non-negative",
                )
                .with_origin("minimum")
                .mark_covered_by_declarative(),
            );
        }
    }
    errs
}

/// One recorded `tracing` event.
#[derive(Clone, Debug, PartialEq)]
pub struct Captured {
    pub level: Level,
    pub target: String,
    pub message: String,
    pub fields: BTreeMap<String, String>,
}

/// A subscriber that records every event.
#[derive(Clone, Default)]
pub struct Capture {
    events: Arc<Mutex<Vec<Captured>>>,
}

struct Fields<'a>(&'a mut BTreeMap<String, String>);

impl Visit for Fields<'_> {
    fn record_debug(&mut self, field: &Field, value: &dyn fmt::Debug) {
        self.0.insert(field.name().to_owned(), format!("{value:?}"));
    }
    fn record_str(&mut self, field: &Field, value: &str) {
        self.0.insert(field.name().to_owned(), value.to_owned());
    }
}

impl Subscriber for Capture {
    fn enabled(&self, _: &Metadata<'_>) -> bool {
        true
    }
    fn new_span(&self, _: &Attributes<'_>) -> Id {
        Id::from_u64(1)
    }
    fn record(&self, _: &Id, _: &Record<'_>) {}
    fn record_follows_from(&self, _: &Id, _: &Id) {}
    fn event(&self, event: &Event<'_>) {
        let mut fields = BTreeMap::new();
        event.record(&mut Fields(&mut fields));
        let message = fields.remove("message").unwrap_or_default();
        self.events.lock().unwrap().push(Captured {
            level: *event.metadata().level(),
            target: event.metadata().target().to_owned(),
            message,
            fields,
        });
    }
    fn enter(&self, _: &Id) {}
    fn exit(&self, _: &Id) {}
}

/// Runs `f` with a recording subscriber and returns its result and events.
pub fn capture<R>(f: impl FnOnce() -> R) -> (R, Vec<Captured>) {
    let c = Capture::default();
    let r = tracing::subscriber::with_default(c.clone(), f);
    let events = c.events.lock().unwrap().clone();
    (r, events)
}

/// `{Type="...", Field="...", Origin="..."}` mismatch message, takeover off.
pub fn msg(which: &str, rendered: &str) -> String {
    format!(
        "Unexpected difference between hand written validation and declarative validation error results, \
         {which} error(s) found {rendered}. This indicates an issue with declarative validation. \
         This difference should not affect system operation since hand written validation is authoritative."
    )
}

/// The same with takeover on.
pub fn msg_takeover(which: &str, rendered: &str) -> String {
    format!(
        "Unexpected difference between hand written validation and declarative validation error results, \
         {which} error(s) found {rendered}. This indicates an issue with declarative validation. \
         Consider disabling the DeclarativeValidationTakeover feature gate to keep data persisted in etcd \
         consistent with prior versions of Kubernetes."
    )
}

/// The texts of an error list.
pub fn texts(errs: &ErrorList) -> Vec<String> {
    errs.iter().map(ToString::to_string).collect()
}
