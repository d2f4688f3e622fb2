//! An [`ErrorList`] as the Kubernetes `Status` an API server answers an
//! invalid object with (upstream's `apierrors.NewInvalid`: HTTP 422, reason
//! `Invalid`, one `details.causes[]` entry per error).

use super::{go_quote, write_json_string, ErrorList};

/// Who is invalid: the object an [`ErrorList`] belongs to, as a `Status`
/// names it (`details.group`, `details.kind`, `details.name`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct InvalidObject<'a> {
    /// The API group (`""` for the core group).
    pub group: &'a str,
    /// The kind (`Deployment`).
    pub kind: &'a str,
    /// The object's `metadata.name` (may be empty, as for a `generateName`
    /// create).
    pub name: &'a str,
}

impl<'a> InvalidObject<'a> {
    /// The object of `kind` in `group` named `name`.
    pub const fn new(group: &'a str, kind: &'a str, name: &'a str) -> Self {
        InvalidObject { group, kind, name }
    }

    /// `Status.message`: `<Kind>[.<group>] "<name>" is invalid: <errors>`,
    /// the errors as [`ErrorList`]'s `Display` prints them (deduplicated by
    /// text, `[e1, e2]` for several); what `kubectl` prints after
    /// `The ` for a single object.
    pub fn message(&self, errs: &ErrorList) -> String {
        let name = go_quote(self.name);
        let (kind, group) = (self.kind, self.group);
        match (group.is_empty(), errs.is_empty()) {
            (true, true) => format!("{kind} {name} is invalid"),
            (true, false) => format!("{kind} {name} is invalid: {errs}"),
            (false, true) => format!("{kind}.{group} {name} is invalid"),
            (false, false) => format!("{kind}.{group} {name} is invalid: {errs}"),
        }
    }
}

impl ErrorList {
    /// The `Status` body a Kubernetes API server answers with when this list
    /// makes `object` invalid (HTTP 422), as JSON: `reason: Invalid`, the
    /// [message](InvalidObject::message), and one `details.causes[]` entry
    /// per error with `reason` = the error type (`FieldValueInvalid`),
    /// `message` = the text after the field and `field`. Keys in upstream's
    /// order; empty fields omitted as upstream's `omitempty` does.
    ///
    /// Deserialize it into the `Status` of the client you use: kube's
    /// `kube::core::Status` (an `AdmissionResponse`'s `result`, a
    /// controller's error) or k8s-openapi's `meta::v1::Status` (see also
    /// [`ErrorList::to_status`]).
    ///
    /// ```
    /// use k8s_validation::field::{BadValue, Error, ErrorList, InvalidObject};
    ///
    /// let errs: ErrorList =
    ///     Error::invalid("spec.replicas", BadValue::Int(-1), "must be greater than or equal to 0").into();
    /// let body = errs.to_status_json(InvalidObject::new("example.dev", "Widget", "w1"));
    /// assert_eq!(
    ///     body,
    ///     r#"{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"Widget.example.dev \"w1\" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0","reason":"Invalid","details":{"name":"w1","group":"example.dev","kind":"Widget","causes":[{"reason":"FieldValueInvalid","message":"Invalid value: -1: must be greater than or equal to 0","field":"spec.replicas"}]},"code":422}"#
    /// );
    /// ```
    pub fn to_status_json(&self, object: InvalidObject<'_>) -> String {
        let message = object.message(self);
        let mut out = String::with_capacity(256 + 128 * self.len());
        out.push_str(
            r#"{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"#,
        );
        write_json_string(&message, &mut out);
        out.push_str(r#","reason":"Invalid","details":{"#);
        let mut first = true;
        for (key, value) in [
            ("name", object.name),
            ("group", object.group),
            ("kind", object.kind),
        ] {
            if value.is_empty() {
                continue;
            }
            if !first {
                out.push(',');
            }
            first = false;
            out.push('"');
            out.push_str(key);
            out.push_str("\":");
            write_json_string(value, &mut out);
        }
        if !self.is_empty() {
            if !first {
                out.push(',');
            }
            out.push_str(r#""causes":["#);
            for (i, e) in self.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(r#"{"reason":"#);
                write_json_string(e.kind().as_str(), &mut out);
                let body = e.body();
                if !body.is_empty() {
                    out.push_str(r#","message":"#);
                    write_json_string(&body, &mut out);
                }
                if !e.field().is_empty() {
                    out.push_str(r#","field":"#);
                    write_json_string(e.field(), &mut out);
                }
                out.push('}');
            }
            out.push(']');
        }
        out.push_str(r#"},"code":422}"#);
        out
    }

    /// [`to_status_json`](ErrorList::to_status_json) as a JSON value, to
    /// deserialize into a client's `Status` type:
    ///
    /// ```
    /// use k8s_validation::field::{Error, ErrorList, InvalidObject};
    ///
    /// let errs: ErrorList = Error::required("spec.image", "").into();
    /// let status = errs.to_status(InvalidObject::new("apps", "Deployment", "web"));
    /// assert_eq!(status["reason"], "Invalid");
    /// assert_eq!(status["code"], 422);
    /// assert_eq!(status["details"]["causes"][0]["reason"], "FieldValueRequired");
    /// assert_eq!(status["details"]["causes"][0]["field"], "spec.image");
    /// // e.g. `let status: kube::core::Status = serde_json::from_value(status)?;`
    /// ```
    pub fn to_status(&self, object: InvalidObject<'_>) -> serde_json::Value {
        serde_json::from_str(&self.to_status_json(object))
            .expect("to_status_json writes valid JSON")
    }
}

#[cfg(feature = "k8s-openapi")]
impl ErrorList {
    /// [`to_status`](ErrorList::to_status) as k8s-openapi's
    /// `meta::v1::Status` (feature `k8s-openapi`).
    pub fn to_k8s_status(
        &self,
        object: InvalidObject<'_>,
    ) -> k8s_openapi::apimachinery::pkg::apis::meta::v1::Status {
        use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Status, StatusCause, StatusDetails};
        let nonempty = |s: &str| (!s.is_empty()).then(|| s.to_owned());
        let causes = self
            .iter()
            .map(|e| StatusCause {
                reason: Some(e.kind().as_str().to_owned()),
                message: nonempty(&e.body()),
                field: nonempty(e.field()),
            })
            .collect::<Vec<_>>();
        Status {
            status: Some("Failure".to_owned()),
            message: Some(object.message(self)),
            reason: Some("Invalid".to_owned()),
            code: Some(422),
            details: Some(StatusDetails {
                name: nonempty(object.name),
                group: nonempty(object.group),
                kind: nonempty(object.kind),
                causes: (!causes.is_empty()).then_some(causes),
                ..StatusDetails::default()
            }),
            ..Status::default()
        }
    }
}
