//! The resource and its subresources, and what an update through each may
//! change, as upstream's REST strategies say it (`PrepareForUpdate` of the
//! custom-resource strategy, its status strategy and the scale REST).

use super::*;

/// Where a request on one object goes, read from the URL once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Subresource {
    /// `…/widgets/{name}`: the object.
    Main,
    /// `…/widgets/{name}/status`: the same object; updates change `status`.
    Status,
    /// `…/widgets/{name}/scale`: an `autoscaling/v1` `Scale` of
    /// `spec.replicas` and `status.replicas`.
    Scale,
}

impl Subresource {
    /// The subresource a URL's last segment names (`status`, `scale`);
    /// `None` for any other (404).
    pub fn from_path(segment: &str) -> Option<Subresource> {
        match segment {
            "status" => Some(Subresource::Status),
            "scale" => Some(Subresource::Scale),
            _ => None,
        }
    }

    /// The subresource an [`Operation`] names (the registry's hand-written
    /// validation, also for the offline replay); the object for any other.
    pub fn of_operation(op: &Operation) -> Subresource {
        match op.subresources() {
            [s] => Subresource::from_path(s).unwrap_or(Subresource::Main),
            _ => Subresource::Main,
        }
    }

    /// Its name in managed-field entries and operations (`""` for the
    /// object itself).
    pub fn as_str(self) -> &'static str {
        match self {
            Subresource::Main => "",
            Subresource::Status => "status",
            Subresource::Scale => "scale",
        }
    }

    /// The `Operation` of an update through it.
    pub fn update_operation(self) -> Operation {
        match self {
            Subresource::Main => Operation::update(),
            sub => Operation::update().with_subresource(sub.as_str()),
        }
    }

    /// The hand-written validation of an update through it.
    pub fn validate_update_handwritten(self, new: &Widget, old: &Widget) -> ErrorList {
        match self {
            Subresource::Main => handwritten::validate_update(new, old),
            Subresource::Status => handwritten::validate_status_update(new, old),
            Subresource::Scale => handwritten::validate_scale_update(new, old),
        }
    }

    /// Upstream's `PrepareForUpdate`: the stored object `old` with the part
    /// of the submitted object `new` that an update through this
    /// subresource writes (the rest of `new` is ignored):
    /// * the object: `spec`, labels and annotations, and the managed fields
    ///   when `new` has some;
    /// * `/status`: `status`;
    /// * `/scale`: `spec.replicas`.
    ///
    /// `new`'s `resourceVersion`, the request's precondition, is kept.
    pub fn prepare_for_update(self, old: &Widget, new: Widget) -> Widget {
        let mut out = old.clone();
        match self {
            Subresource::Main => {
                out.spec = new.spec;
                out.metadata.labels = new.metadata.labels;
                out.metadata.annotations = new.metadata.annotations;
                if !new.metadata.managed_fields.is_empty() {
                    out.metadata.managed_fields = new.metadata.managed_fields;
                }
            }
            Subresource::Status => out.status = new.status,
            Subresource::Scale => out.spec.replicas = new.spec.replicas,
        }
        out.metadata.resource_version = new.metadata.resource_version;
        out
    }

    /// The part of a server-side apply configuration an apply through it
    /// applies (upstream's reset fields are the rest): `spec` and
    /// `metadata` (of which only labels and annotations are kept) for the
    /// object, `status` for `/status`; `apiVersion` and `kind` for both.
    pub fn applied_part(self, config: &Value) -> Value {
        let mut config = config.clone();
        if let Value::Object(m) = &mut config {
            let (part, metadata) = match self {
                Subresource::Status => ("status", false),
                _ => ("spec", true),
            };
            m.retain(|k, _| {
                k == part || (metadata && k == "metadata") || k == "apiVersion" || k == "kind"
            });
        }
        config
    }

    /// The JSON a patch through it applies to: the object's, or its Scale.
    pub fn patch_target(self, w: &Widget) -> Value {
        match self {
            Subresource::Scale => scale_of(w),
            _ => value_of(w),
        }
    }

    /// The answer to a write through it: the object, or its Scale.
    pub fn respond(self, code: StatusCode, w: &Widget, warnings: &[String]) -> Response {
        match self {
            Subresource::Scale => with_warnings(scale_response(w), warnings),
            _ => object_response(code, w, warnings),
        }
    }
}

/// The object a `Scale` (a body, or a patched Scale) asks for: its name
/// (the URL's when it has none), `resourceVersion` and `spec.replicas`.
pub(super) fn widget_of_scale(scale: &Value, url_name: &str) -> Widget {
    let mut w = Widget::default();
    let meta = &scale["metadata"];
    w.metadata.name = meta["name"].as_str().unwrap_or(url_name).to_owned();
    w.metadata.resource_version = meta["resourceVersion"].as_str().unwrap_or("").to_owned();
    w.spec.replicas = scale["spec"]["replicas"].as_i64().map(|r| r as i32);
    w
}
