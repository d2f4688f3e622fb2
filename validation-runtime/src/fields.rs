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
//! use k8s_validation::{FieldName, HasField};
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
//! }
//!
//! let m = Meta { name: Some("web".into()), generation: 1 };
//! let name = k8s_validation::fields::leaf::<FieldName<'n', 'a', 'm', 'e'>, _>(&m);
//! assert_eq!(name.map(String::as_str), Some("web"));
//! # let _ = m.generation;
//! ```

use crate::IsZero;
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

/// Reads the field whose JSON name is `Name` (a [`FieldName`]); [`leaf`] reads through it.
///
/// `Value` is the field's type as declared (`Option<String>`); `Leaf` is
/// the value behind `Option`/`Box` (Go's pointee: `String`), which
/// [`leaf`] returns when set ([`Pointee`] reads it, for the four shapes `T`,
/// `Option<T>`, `Box<T>` and `Option<Box<T>>`). See the [module docs](self)
/// for an example.
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no field with JSON name `{Name}`",
    label = "no field with this JSON name",
    note = "`+k8s:subfield`, `+k8s:listMapKey` and `+k8s:item` name a field by its JSON name; \
            derive `Validate` for the type, or implement `k8s_validation::HasField` for it"
)]
pub trait HasField<Name> {
    /// The field's declared type.
    type Value: ?Sized + Pointee<Self::Leaf>;
    /// The type behind `Option`/`Box` (the field's type otherwise).
    type Leaf: ?Sized;
    /// What `+k8s:subfield(name)=+k8s:optional` means for this field: as
    /// upstream, it reads the field's own `+default` (the derive sets this
    /// for fields with a `+default`).
    const OPTIONAL_DEFAULT: crate::validate::OptionalDefault =
        crate::validate::OptionalDefault::None;
    /// The field. [`leaf`] reads the value behind its `Option`/`Box`.
    fn field(&self) -> &Self::Value;
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

/// The value behind a field's `Option`/`Box` (Go's pointee), `T` being the
/// leaf type: `Some(&T)` when set. Implemented for `T` itself (always set),
/// `Option<T>`, `Box<T>` and `Option<Box<T>>`, the shapes a field of a
/// Kubernetes API type takes; [`leaf`] reads a field through it.
pub trait Pointee<T: ?Sized> {
    /// The leaf, or `None` when unset.
    fn pointee(&self) -> Option<&T>;
}

impl<T: ?Sized> Pointee<T> for T {
    #[inline]
    fn pointee(&self) -> Option<&T> {
        Some(self)
    }
}

impl<T> Pointee<T> for Option<T> {
    #[inline]
    fn pointee(&self) -> Option<&T> {
        self.as_ref()
    }
}

impl<T: ?Sized> Pointee<T> for Box<T> {
    #[inline]
    fn pointee(&self) -> Option<&T> {
        Some(self)
    }
}

impl<T: ?Sized> Pointee<T> for Option<Box<T>> {
    #[inline]
    fn pointee(&self) -> Option<&T> {
        self.as_deref()
    }
}

/// [`HasField::field`] of `value`, for generated code: one bound, so a
/// missing field is one error (at the tag that names it).
#[inline]
pub fn field<Name, T: HasField<Name> + ?Sized>(value: &T) -> &T::Value {
    value.field()
}

/// The field `Name` of `value` behind its `Option`/`Box` ([`Pointee`]):
/// `Some` when set, Go's dereferenced pointer.
#[inline]
pub fn leaf<'a, Name, T: HasField<Name> + ?Sized>(value: &'a T) -> Option<&'a T::Leaf>
where
    T::Value: 'a,
{
    value.field().pointee()
}

/// Whether the union member `Name` of `value` is set, as upstream's member
/// extractor tests it by the member's Go kind (1.36 on; code generated for
/// union tags through `+k8s:subfield(name)=` calls it): a list or map when
/// it has an element (`len != 0`, also behind an `Option`, Go's nil or
/// empty slice), an `Option` of anything else when it is `Some` (a non-nil
/// pointer), any other value when it is not Go's zero value.
///
/// ```
/// use k8s_validation::{fields, has_fields, FieldName};
///
/// pub struct Members {
///     pub list: Option<Vec<String>>,
///     pub name: Option<String>,
/// }
/// has_fields!(Members {
///     list: Option<Vec<String>> => Vec<String> as FieldName<'l', 'i', 's', 't'>,
///     name: Option<String> => String as FieldName<'n', 'a', 'm', 'e'>,
/// });
/// type List = FieldName<'l', 'i', 's', 't'>;
/// type Name = FieldName<'n', 'a', 'm', 'e'>;
///
/// let m = Members { list: Some(vec![]), name: Some(String::new()) };
/// assert!(!fields::union_member_set::<List, _>(&m)); // empty: unset
/// assert!(fields::union_member_set::<Name, _>(&m)); // non-nil pointer: set
/// ```
#[inline]
pub fn union_member_set<Name, T: HasField<Name> + ?Sized>(value: &T) -> bool
where
    T::Value: IsZero,
    T::Leaf: IsZero,
{
    let v = value.field();
    !v.is_zero() && !v.pointee().is_some_and(IsZero::is_empty_collection)
}

/// Implements [`HasField`] for the fields of a struct, one line per field:
/// `member: Value => Leaf as FieldName<...>`, optionally followed by
/// `= Required` or `= Documentation` (the field's
/// [`OPTIONAL_DEFAULT`](HasField::OPTIONAL_DEFAULT), from its `+default`).
/// Generated code uses it for structs without generic parameters; it can be
/// used by hand for a struct of one's own that does not derive `Validate`.
///
/// ```
/// use k8s_validation::{has_fields, FieldName};
///
/// pub struct Meta {
///     pub name: Option<String>,
///     pub generation: i64,
/// }
///
/// has_fields!(Meta {
///     name: Option<String> => String as FieldName<'n', 'a', 'm', 'e'>,
///     generation: i64 => i64 as FieldName<'g', 'e', 'n', 'e', 'r', 'a', 't', 'i', 'o', 'n'>,
/// });
///
/// let meta = Meta { name: Some("web".into()), generation: 2 };
/// let name = k8s_validation::fields::leaf::<FieldName<'n', 'a', 'm', 'e'>, _>(&meta);
/// assert_eq!(name.map(String::as_str), Some("web"));
/// ```
#[macro_export]
macro_rules! has_fields {
    ($ty:ty { $($member:tt : $value:ty => $leaf:ty as $name:ty $(= $default:ident)?),* $(,)? }) => {
        $(
            impl $crate::HasField<$name> for $ty {
                type Value = $value;
                type Leaf = $leaf;
                $(
                    const OPTIONAL_DEFAULT: $crate::validate::OptionalDefault =
                        $crate::validate::OptionalDefault::$default;
                )?
                #[inline]
                fn field(&self) -> &$value {
                    &self.$member
                }
            }
        )*
    };
}
