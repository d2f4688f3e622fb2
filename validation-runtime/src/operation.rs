//! The operation being validated: upstream's `operation.Operation`.

use std::borrow::Cow;

/// Whether an object is being created or updated. PUT and PATCH are both
/// updates; there is no delete.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OperationType {
    /// A create: no old object, no ratcheting.
    Create,
    /// An update: validation ratchets against the old object.
    Update,
}

/// The operation a validation runs for: create or update, the enabled
/// validation options, and the subresource of the request.
///
/// ```
/// use k8s_validation::Operation;
///
/// let op = Operation::update().with_option("FeatureX").with_subresource("/status");
/// assert!(op.is_update());
/// assert!(op.has_option("FeatureX"));
/// assert!(!op.has_option("FeatureY")); // every other option is disabled
/// assert_eq!(op.subresource_path(), "/status");
/// ```
#[derive(Clone, Debug)]
pub struct Operation {
    kind: OperationType,
    /// Options and subresource; `None` for the plain create or update most
    /// validations run with, so that dropping one touches a single pointer.
    extra: Option<Box<Extra>>,
}

/// What an operation defines beyond its type.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Extra {
    options: Vec<Cow<'static, str>>,
    disabled: Vec<Cow<'static, str>>,
    subresources: Vec<String>,
}

impl Operation {
    /// A create operation on the root resource with no options enabled.
    pub const fn create() -> Operation {
        Operation::new(OperationType::Create)
    }

    /// An update operation on the root resource with no options enabled.
    pub const fn update() -> Operation {
        Operation::new(OperationType::Update)
    }

    /// An operation of the given type.
    pub const fn new(kind: OperationType) -> Operation {
        Operation { kind, extra: None }
    }

    fn extra_mut(&mut self) -> &mut Extra {
        self.extra.get_or_insert_with(Box::default)
    }

    fn options_enabled(&self) -> &[Cow<'static, str>] {
        self.extra.as_deref().map_or(&[], |e| &e.options)
    }

    /// Enables a validation option (`+k8s:ifEnabled("Name")`). Code
    /// generated for Kubernetes 1.35 and 1.36 treats every option that is
    /// not enabled as disabled; code generated for 1.37 needs every option
    /// its tags name to be defined, enabled here or disabled with
    /// [`Operation::with_option_disabled`] (an undefined one is an
    /// `InternalError`: `undefined validation option "Name"`).
    #[must_use]
    pub fn with_option(self, name: impl Into<Cow<'static, str>>) -> Operation {
        self.with_option_set(name, true)
    }

    /// Defines a validation option as disabled (Kubernetes 1.37's
    /// three-state options: enabled, disabled, undefined).
    ///
    /// ```
    /// use k8s_validation::Operation;
    ///
    /// let op = Operation::create().with_option("A").with_option_disabled("B");
    /// assert_eq!(op.option("A"), Some(true));
    /// assert_eq!(op.option("B"), Some(false));
    /// assert_eq!(op.option("C"), None);
    /// assert!(!op.has_option("B") && !op.has_option("C"));
    /// ```
    #[must_use]
    pub fn with_option_disabled(self, name: impl Into<Cow<'static, str>>) -> Operation {
        self.with_option_set(name, false)
    }

    /// Defines a validation option as enabled or disabled (the last
    /// definition of a name wins).
    #[must_use]
    pub fn with_option_set(
        mut self,
        name: impl Into<Cow<'static, str>>,
        enabled: bool,
    ) -> Operation {
        let name = name.into();
        let extra = self.extra_mut();
        extra.options.retain(|o| *o != name);
        extra.disabled.retain(|o| *o != name);
        if enabled {
            extra.options.push(name);
        } else {
            extra.disabled.push(name);
        }
        self
    }

    /// Sets the subresource of the request: `"/status"`, or a nested path
    /// such as `"/x/y"` (the leading slash is optional). `"/"` or `""` is the
    /// root resource.
    #[must_use]
    pub fn with_subresource(mut self, path: &str) -> Operation {
        self.extra_mut().subresources = path
            .split('/')
            .filter(|s| !s.is_empty())
            .map(str::to_owned)
            .collect();
        self
    }

    /// The operation type.
    pub const fn kind(&self) -> OperationType {
        self.kind
    }

    /// Whether this is an update.
    pub const fn is_update(&self) -> bool {
        matches!(self.kind, OperationType::Update)
    }

    /// Whether this is a create.
    pub const fn is_create(&self) -> bool {
        matches!(self.kind, OperationType::Create)
    }

    /// Whether the named option is enabled.
    pub fn has_option(&self, name: &str) -> bool {
        self.options_enabled().iter().any(|o| o == name)
    }

    /// The named option's state: `Some(true)` enabled, `Some(false)`
    /// defined disabled, `None` undefined (upstream 1.37's `HasOption`,
    /// which returns enabled and defined).
    pub fn option(&self, name: &str) -> Option<bool> {
        if self.has_option(name) {
            Some(true)
        } else if self
            .extra
            .as_deref()
            .is_some_and(|e| e.disabled.iter().any(|o| o == name))
        {
            Some(false)
        } else {
            None
        }
    }

    /// The enabled options.
    pub fn options(&self) -> impl Iterator<Item = &str> {
        self.options_enabled().iter().map(|o| o.as_ref())
    }

    /// The subresource segments (`["status"]`; empty for the root resource).
    pub fn subresources(&self) -> &[String] {
        self.extra.as_deref().map_or(&[], |e| &e.subresources)
    }

    /// The subresource path: `/` for the root resource, else `/` + the
    /// segments joined by `/` (`/status`, `/x/y`).
    pub fn subresource_path(&self) -> String {
        format!("/{}", self.subresources().join("/"))
    }
}

impl PartialEq for Operation {
    /// Equal when the type, the enabled and disabled options, and the
    /// subresource are.
    fn eq(&self, other: &Operation) -> bool {
        fn disabled(op: &Operation) -> &[Cow<'static, str>] {
            op.extra.as_deref().map_or(&[], |e| &e.disabled)
        }
        self.kind == other.kind
            && self.options_enabled() == other.options_enabled()
            && disabled(self) == disabled(other)
            && self.subresources() == other.subresources()
    }
}

impl Eq for Operation {}

impl Default for Operation {
    fn default() -> Self {
        Operation::create()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subresource_paths() {
        assert_eq!(Operation::create().subresource_path(), "/");
        assert_eq!(
            Operation::update().with_subresource("/x/y").subresources(),
            ["x", "y"]
        );
        assert_eq!(
            Operation::update()
                .with_subresource("status")
                .subresource_path(),
            "/status"
        );
        assert_eq!(
            Operation::update().with_subresource("/").subresource_path(),
            "/"
        );
    }

    #[test]
    fn options_default_disabled() {
        let op = Operation::create()
            .with_option("A")
            .with_option(String::from("B"));
        assert!(op.has_option("A") && op.has_option("B") && !op.has_option("C"));
        assert_eq!(op.options().count(), 2);
    }

    #[test]
    fn equality_is_by_what_is_defined() {
        // An operation that defined nothing beyond its type equals the plain one.
        assert_eq!(
            Operation::create().with_subresource("/"),
            Operation::create()
        );
        assert_ne!(Operation::create(), Operation::update());
        assert_ne!(
            Operation::create().with_subresource("/status"),
            Operation::create()
        );
        assert_ne!(
            Operation::create().with_option_disabled("A"),
            Operation::create()
        );
        assert_eq!(
            Operation::create()
                .with_option("A")
                .with_option_disabled("B"),
            Operation::create()
                .with_option("A")
                .with_option_disabled("B")
        );
    }
}
