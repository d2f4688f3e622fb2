//! Field access by JSON name: [`HasField`], keyed by a [`FieldName`] marker
//! type that spells the JSON name at the type level.
//!
//! Tags that name a field of *another* type, `+k8s:subfield(name)`,
//! `+k8s:listMapKey=name` and `+k8s:item(name: ...)`, reach that field
//! through this trait. `#[derive(Validate)]` (and the `validation-gen` CLI)
//! implement it for every field of a generated struct; for a type from
//! another crate it can be implemented by hand, where the orphan rule allows
//! (in the crate that defines the type, or in this crate for well-known
//! types). A typedef of a struct (a tuple newtype, Go's `type T S`) has the
//! fields of the struct behind it: its derive forwards `HasField<N>` for
//! every `N` to the inner type. It costs nothing at run time: every call resolves statically to
//! a field projection.
//!
//! A name that is not a field of the type is reported by rustc at the tag
//! that names it: "`Meta` has no field with JSON name `FieldName<'n', 'a',
//! 'm', 'f'>`" (the generator, which sees the whole struct, reports
//! upstream's `no field for JSON name "namf"` first when it can).
//!
//! ```
//! use validation_runtime::{FieldName, HasField};
//!
//! /// A stand-in for a struct from another crate, such as k8s-openapi's
//! /// `ObjectMeta`, that does not derive `Validate`.
//! pub struct Meta {
//!     pub name: Option<String>,
//!     pub generation: i64,
//! }
//!
//! impl HasField<FieldName<'n', 'a', 'm', 'e'>> for Meta {
//!     type Value = Option<String>;
//!     type Leaf = String;
//!     fn field(&self) -> &Option<String> {
//!         &self.name
//!     }
//!     fn leaf(&self) -> Option<&String> {
//!         self.name.as_ref()
//!     }
//! }
//!
//! let m = Meta { name: Some("web".into()), generation: 1 };
//! assert_eq!(HasField::<FieldName<'n', 'a', 'm', 'e'>>::leaf(&m).map(String::as_str), Some("web"));
//! # let _ = m.generation;
//! ```

use core::marker::PhantomData;

/// A JSON field name as a type: one `char` const parameter per character,
/// `'\0'` for unused ones (the defaults, which rustc does not print), so
/// `FieldName<'n', 'a', 'm', 'e'>` is the JSON name `name`. Names longer
/// than 16 characters continue in `Rest`: the JSON name
/// `persistentVolumeClaimRetentionPolicy` is
/// `FieldName<'p', 'e', ..., 'C', FieldName<'l', 'a', ..., 'y'>>`.
///
/// Never constructed: it only keys [`HasField`].
pub struct FieldName<
    const C0: char = '\0',
    const C1: char = '\0',
    const C2: char = '\0',
    const C3: char = '\0',
    const C4: char = '\0',
    const C5: char = '\0',
    const C6: char = '\0',
    const C7: char = '\0',
    const C8: char = '\0',
    const C9: char = '\0',
    const C10: char = '\0',
    const C11: char = '\0',
    const C12: char = '\0',
    const C13: char = '\0',
    const C14: char = '\0',
    const C15: char = '\0',
    Rest = (),
>(PhantomData<Rest>);

/// Reads the field whose JSON name is `Name` (a [`FieldName`]).
///
/// `Value` is the field's type as declared (`Option<String>`); `Leaf` is
/// the value behind `Option`/`Box` (Go's pointee: `String`), which `leaf`
/// returns when set. See the [module docs](self) for an example.
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no field with JSON name `{Name}`",
    label = "no field with this JSON name",
    note = "`+k8s:subfield`, `+k8s:listMapKey` and `+k8s:item` name a field by its JSON name; \
            derive `Validate` for the type, or implement `validation_runtime::HasField` for it"
)]
pub trait HasField<Name> {
    /// The field's declared type.
    type Value: ?Sized;
    /// The type behind `Option`/`Box` (the field's type otherwise).
    type Leaf: ?Sized;
    /// What `+k8s:subfield(name)=+k8s:optional` means for this field: as
    /// upstream, it reads the field's own `+default` (the derive sets this
    /// for fields with a `+default`).
    const OPTIONAL_DEFAULT: crate::validate::OptionalDefault =
        crate::validate::OptionalDefault::None;
    /// The field.
    fn field(&self) -> &Self::Value;
    /// The value behind `Option`/`Box`, or `None` when unset.
    fn leaf(&self) -> Option<&Self::Leaf>;
    /// Whether the field's own short-circuiting validations (`+k8s:required`,
    /// `+k8s:optional`, `+k8s:forbidden`, `+k8s:immutable`, `+k8s:maxItems`,
    /// ...) stop, with `old` the previous value of the struct. Code generated
    /// for Kubernetes 1.37 calls it before a `+k8s:subfield(name)=...`
    /// validation and skips that validation when it is true (upstream's
    /// inherited, non-error short-circuits); nothing is reported here.
    ///
    /// The derive implements it for fields with such tags (and not
    /// `+k8s:opaqueType`); the default, for hand-written impls, is `false`.
    fn short_circuits(
        &self,
        _op: &crate::Operation,
        _path: &crate::field::Path<'_>,
        _old: Option<&Self>,
    ) -> bool {
        false
    }
}

/// [`HasField::short_circuits`] of `value`, for generated code.
#[inline]
pub fn short_circuits<Name, T: HasField<Name> + ?Sized>(
    value: &T,
    op: &crate::Operation,
    path: &crate::field::Path<'_>,
    old: Option<&T>,
) -> bool {
    value.short_circuits(op, path, old)
}

/// [`HasField::field`] of `value`, for generated code: one bound, so a
/// missing field is one error (at the tag that names it).
#[inline]
pub fn field<Name, T: HasField<Name> + ?Sized>(value: &T) -> &T::Value {
    value.field()
}

/// [`HasField::leaf`] of `value`, for generated code.
#[inline]
pub fn leaf<Name, T: HasField<Name> + ?Sized>(value: &T) -> Option<&T::Leaf> {
    value.leaf()
}
