//! The registry mapping API types to their declarative validation (upstream's
//! `Scheme.AddValidationFunc` plus the generated `RegisterValidations`).

use std::any::{Any, TypeId};
use std::collections::HashMap;
use std::fmt;
use std::marker::PhantomData;

use k8s_validation::field::{Error, ErrorList, Path};
use k8s_validation::Operation;
use k8s_validation::Validate;

type DynValidate = dyn Fn(&dyn Any, Option<&dyn Any>, &Operation) -> ErrorList + Send + Sync;
type DynDecode = dyn Fn(serde_json::Value) -> Result<Box<dyn Any + Send>, String> + Send + Sync;

/// One registered API type.
pub(crate) struct Entry {
    pub(crate) kind: String,
    pub(crate) group: String,
    pub(crate) api_version: Option<String>,
    pub(crate) go_type: String,
    declarative: Declarative,
    pub(crate) handwritten: Option<Box<DynValidate>>,
    pub(crate) decode: Option<Box<DynDecode>>,
    /// 1.36's `WithDeclarativeEnforcement()`.
    pub(crate) enforcement: bool,
    /// 1.37's `DeclarativeValidationConfig.ShortCircuitMismatch`.
    pub(crate) short_circuit_mismatch: bool,
    /// Validation options defined for this type.
    pub(crate) options: Vec<(String, bool)>,
}

enum Declarative {
    /// A `Validate` type: dispatched on its `subresources()`.
    Generated {
        subresources: fn() -> &'static [&'static str],
        validate: Box<DynValidate>,
    },
    /// A custom function that dispatches by itself.
    Custom(Box<DynValidate>),
}

impl Entry {
    /// Whether declarative validation of `api_version` applies to this type:
    /// its registered version, or any when it was registered without one.
    pub(crate) fn serves_api_version(&self, api_version: &str) -> bool {
        self.api_version.as_deref().is_none_or(|v| v == api_version)
    }

    /// Kind, lower-cased: the start of the validation identifier.
    pub(crate) fn identifier_kind(&self) -> String {
        self.kind.to_lowercase()
    }

    /// The declarative validation with subresource dispatch.
    pub(crate) fn run_declarative(
        &self,
        obj: &dyn Any,
        old: Option<&dyn Any>,
        op: &Operation,
    ) -> ErrorList {
        match &self.declarative {
            Declarative::Generated {
                subresources,
                validate,
            } => {
                if !subresources()
                    .iter()
                    .any(|p| same_subresource(p, op.subresources()))
                {
                    return no_validation_found(&self.go_type, &op.subresource_path()).into();
                }
                validate(obj, old, op)
            }
            Declarative::Custom(f) => f(obj, old, op),
        }
    }

    pub(crate) fn run_handwritten(
        &self,
        obj: &dyn Any,
        old: Option<&dyn Any>,
        op: &Operation,
    ) -> Option<ErrorList> {
        self.handwritten.as_ref().map(|f| f(obj, old, op))
    }
}

/// Whether a declared path (`/`, `/status`, `/x/y`) names the request's
/// subresource segments (without building the request's path string).
fn same_subresource(declared: &str, segments: &[String]) -> bool {
    let mut declared = declared.split('/').filter(|s| !s.is_empty());
    let mut segments = segments.iter();
    loop {
        match (declared.next(), segments.next()) {
            (None, None) => return true,
            (Some(d), Some(s)) if d == s => {}
            _ => return false,
        }
    }
}

/// The API types a server validates declaratively, each with its kind and
/// its validation.
///
/// [`register`](Registry::register) wires a `#[derive(Validate)]` type the
/// way upstream's generated `RegisterValidations` does: the type's
/// validation runs for the subresource paths of [`Validate::subresources`]
/// (`/` unless `+k8s:supportsSubresource` / `+k8s:isSubresource` say
/// otherwise), and any other path gets upstream's internal error
/// `no validation found for *api.Widget, subresource: /scale`.
///
/// A type that is not registered has no declarative validation: validating
/// it returns no errors, as upstream's scheme does.
///
/// ```
/// use k8s_validation_migration::Registry;
/// use k8s_validation::{Operation, Validate};
///
/// #[derive(Debug, Default, PartialEq, Validate)]
/// struct Widget {
///     /// +k8s:minimum=0
///     replicas: i32,
/// }
///
/// let mut registry = Registry::new();
/// registry.register::<Widget>("Widget").group("example.dev").go_type_name("*v1.Widget");
///
/// let w = Widget { replicas: -1 };
/// let errs = registry.validate(&w, None, &Operation::create()).unwrap();
/// assert_eq!(errs[0].to_string(), "replicas: Invalid value: -1: must be greater than or equal to 0");
///
/// let errs = registry.validate(&w, None, &Operation::create().with_subresource("/status")).unwrap();
/// assert_eq!(
///     errs[0].to_string(),
///     "<nil>: Internal error: no validation found for *v1.Widget, subresource: /status"
/// );
/// ```
#[derive(Default)]
pub struct Registry {
    entries: Vec<Entry>,
    by_type: HashMap<TypeId, usize>,
}

impl fmt::Debug for Registry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list()
            .entries(self.entries.iter().map(|e| (&e.kind, &e.go_type)))
            .finish()
    }
}

impl Registry {
    /// An empty registry.
    pub fn new() -> Registry {
        Registry::default()
    }

    /// Registers `T`'s generated validation under `kind` (the Kubernetes
    /// kind, `Widget`; lower-cased it starts the validation identifier).
    /// A later registration of the same type replaces the earlier one.
    pub fn register<T: Validate + 'static>(&mut self, kind: &str) -> TypeRegistration<'_, T> {
        let validate = erase(|obj: &T, old: Option<&T>, op: &Operation| {
            let mut errs = ErrorList::new();
            obj.validate_into(op, &Path::root(), old, &mut errs);
            errs
        });
        self.insert::<T>(
            kind,
            Declarative::Generated {
                subresources: T::subresources,
                validate,
            },
        )
    }

    /// Registers a type known only at run time (a decoded object behind
    /// `dyn Any`): `type_id` is its [`TypeId`], `validate` its generated
    /// validation through `&dyn Any` and `subresources` its
    /// [`Validate::subresources`], as [`register`](Registry::register)
    /// would take them from the type. The Go type name is set with
    /// [`go_type_name`](TypeRegistration::go_type_name).
    pub fn register_fn(
        &mut self,
        type_id: TypeId,
        kind: &str,
        subresources: fn() -> &'static [&'static str],
        validate: fn(&dyn Any, Option<&dyn Any>, &Operation) -> ErrorList,
    ) -> TypeRegistration<'_, ()> {
        self.insert_entry(
            type_id,
            kind,
            String::new(),
            Declarative::Generated {
                subresources,
                validate: Box::new(validate),
            },
        )
    }

    /// Whether the type `type_id` is registered.
    pub fn contains_type(&self, type_id: TypeId) -> bool {
        self.by_type.contains_key(&type_id)
    }

    /// Registers a custom validation for `T` in place of a generated one.
    /// The function gets the whole operation and does its own subresource
    /// dispatch ([`no_validation_found`] builds upstream's error).
    pub fn register_custom<T: 'static>(
        &mut self,
        kind: &str,
        validate: impl Fn(&T, Option<&T>, &Operation) -> ErrorList + Send + Sync + 'static,
    ) -> TypeRegistration<'_, T> {
        self.insert::<T>(kind, Declarative::Custom(erase(validate)))
    }

    fn insert<T: 'static>(
        &mut self,
        kind: &str,
        declarative: Declarative,
    ) -> TypeRegistration<'_, T> {
        self.insert_entry(TypeId::of::<T>(), kind, go_type_name::<T>(), declarative)
    }

    fn insert_entry<T>(
        &mut self,
        type_id: TypeId,
        kind: &str,
        go_type: String,
        declarative: Declarative,
    ) -> TypeRegistration<'_, T> {
        let entry = Entry {
            kind: kind.to_owned(),
            group: String::new(),
            api_version: None,
            go_type,
            declarative,
            handwritten: None,
            decode: None,
            enforcement: false,
            short_circuit_mismatch: false,
            options: Vec::new(),
        };
        let index = match self.by_type.get(&type_id) {
            Some(&i) => {
                self.entries[i] = entry;
                i
            }
            None => {
                self.entries.push(entry);
                self.by_type.insert(type_id, self.entries.len() - 1);
                self.entries.len() - 1
            }
        };
        TypeRegistration {
            entry: &mut self.entries[index],
            _type: PhantomData,
        }
    }

    /// Whether `T` is registered.
    pub fn contains<T: 'static>(&self) -> bool {
        self.by_type.contains_key(&TypeId::of::<T>())
    }

    /// The kind `T` is registered under.
    pub fn kind_of<T: 'static>(&self) -> Option<&str> {
        self.entry_of::<T>().map(|e| e.kind.as_str())
    }

    /// Runs `T`'s declarative validation (with subresource dispatch);
    /// `None` when `T` is not registered.
    pub fn validate<T: 'static>(
        &self,
        obj: &T,
        old: Option<&T>,
        op: &Operation,
    ) -> Option<ErrorList> {
        let entry = self.entry_of::<T>()?;
        Some(entry.run_declarative(obj, old.map(|o| o as &dyn Any), op))
    }

    /// Runs `T`'s registered hand-written validation; `None` when there is
    /// none.
    pub fn validate_handwritten<T: 'static>(
        &self,
        obj: &T,
        old: Option<&T>,
        op: &Operation,
    ) -> Option<ErrorList> {
        self.entry_of::<T>()?
            .run_handwritten(obj, old.map(|o| o as &dyn Any), op)
    }

    pub(crate) fn entry_of<T: 'static>(&self) -> Option<&Entry> {
        self.entry_by_type_id(TypeId::of::<T>())
    }

    /// The entry of the type whose `TypeId` is `id`.
    pub(crate) fn entry_by_type_id(&self, id: TypeId) -> Option<&Entry> {
        self.by_type.get(&id).map(|&i| &self.entries[i])
    }

    /// The entry for a JSON object's `apiVersion` and `kind`.
    pub(crate) fn entry_for_kind(&self, api_version: Option<&str>, kind: &str) -> Option<&Entry> {
        self.entries.iter().find(|e| {
            e.kind == kind
                && match (&e.api_version, api_version) {
                    (Some(want), Some(got)) => want == got,
                    _ => true,
                }
        })
    }
}

/// Options of one registered type; returned by [`Registry::register`].
pub struct TypeRegistration<'r, T> {
    entry: &'r mut Entry,
    _type: PhantomData<fn(&T)>,
}

impl<T: 'static> TypeRegistration<'_, T> {
    /// The API group (`apps`; empty for the core group), used in `Status`
    /// bodies.
    pub fn group(self, group: &str) -> Self {
        self.entry.group = group.to_owned();
        self
    }

    /// The `apiVersion` (`example.dev/v1`) JSON objects of this kind must
    /// carry to be decoded as `T` (any, by default).
    pub fn api_version(self, api_version: &str) -> Self {
        self.entry.api_version = Some(api_version.to_owned());
        self
    }

    /// The Go type name printed in `no validation found for <name>, ...`
    /// (default: `*<module>.<Type>` from the Rust type path).
    pub fn go_type_name(self, name: &str) -> Self {
        self.entry.go_type = name.to_owned();
        self
    }

    /// Opts `T` into the validation lifecycle in Kubernetes 1.36 (upstream's
    /// `rest.WithDeclarativeEnforcement()`): standard declarative errors are
    /// returned next to the hand-written ones, `+k8s:beta` errors under
    /// `DeclarativeValidationBeta` (replacing covered hand-written errors
    /// marked beta), `+k8s:alpha` errors never; only alpha and beta errors
    /// are compared, and a panic is returned as an internal error. 1.35
    /// ignores it; in 1.37 every type is in the lifecycle.
    pub fn declarative_enforcement(self) -> Self {
        self.entry.enforcement = true;
        self
    }

    /// Kubernetes 1.37's `ShortCircuitMismatch` (ignored before 1.37): a
    /// covered hand-written error that matches no declarative error still
    /// counts as matched when a short-circuit declarative error
    /// (`required`, `immutable`, ...) sits on one of its ancestor fields.
    pub fn short_circuit_mismatch(self) -> Self {
        self.entry.short_circuit_mismatch = true;
        self
    }

    /// Defines a validation option for this type's declarative validation
    /// (enabled or disabled), unless the request's `Operation` defines it
    /// (see [`Migration::with_option`](crate::Migration::with_option)).
    /// The offline replay applies it too.
    pub fn option(self, name: &str, enabled: bool) -> Self {
        self.entry.options.retain(|(n, _)| n != name);
        self.entry.options.push((name.to_owned(), enabled));
        self
    }

    /// The hand-written validation of `T`, for the offline replay and for
    /// [`Registry::validate_handwritten`]. It should mark the errors that
    /// declarative validation reproduces with
    /// [`mark_covered_by_declarative`](k8s_validation::Error::mark_covered_by_declarative)
    /// and give them the declarative origin.
    pub fn handwritten(
        self,
        validate: impl Fn(&T, Option<&T>, &Operation) -> ErrorList + Send + Sync + 'static,
    ) -> Self {
        self.entry.handwritten = Some(erase(validate));
        self
    }
}

impl<T: serde::de::DeserializeOwned + Send + 'static> TypeRegistration<'_, T> {
    /// Lets the offline replay decode JSON/YAML objects of this kind into `T`.
    pub fn from_json(self) -> Self {
        self.entry.decode = Some(Box::new(|v| {
            serde_json::from_value::<T>(v)
                .map(|t| Box::new(t) as Box<dyn Any + Send>)
                .map_err(|e| e.to_string())
        }));
        self
    }
}

fn erase<T: 'static>(
    f: impl Fn(&T, Option<&T>, &Operation) -> ErrorList + Send + Sync + 'static,
) -> Box<DynValidate> {
    Box::new(move |obj, old, op| {
        // The registry looks entries up by `TypeId`, so these casts hold.
        let (Some(obj), old) = (
            obj.downcast_ref::<T>(),
            old.and_then(|o| o.downcast_ref::<T>()),
        ) else {
            return Error::internal(
                Path::root(),
                "registered validation called with a different type",
            )
            .into();
        };
        f(obj, old, op)
    })
}

/// Upstream's error for a subresource a type's validation does not serve:
/// `<nil>: Internal error: no validation found for *v1.Widget, subresource: /scale`.
pub fn no_validation_found(go_type: &str, subresource_path: &str) -> Error {
    Error::internal(
        Path::root(),
        format_args!("no validation found for {go_type}, subresource: {subresource_path}"),
    )
}

/// Go's `%T` of a pointer to `T`: `*<last module>.<Type>` (`*api.Widget`
/// for `my_crate::api::Widget`).
pub(crate) fn go_type_name<T: ?Sized>() -> String {
    let full = std::any::type_name::<T>();
    let base = full.split('<').next().unwrap_or(full);
    let mut parts = base.rsplit("::");
    let ty = parts.next().unwrap_or(base);
    match parts.next() {
        Some(module) => format!("*{module}.{ty}"),
        None => format!("*{ty}"),
    }
}
