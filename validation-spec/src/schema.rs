//! The keys a schema fragment made by the generator carries besides
//! OpenAPI's, which the generator's CRD assembly and the runtime's schemars
//! integration both read (and remove before a schema leaves them).

/// The key that marks a reference to another Rust type in a fragment:
/// `{"x-validation-gen-ref": "ContainerPort", ...keywords of the field}`.
pub const REF: &str = "x-validation-gen-ref";
/// The key that lists the Rust types a struct flattens
/// (`#[serde(flatten)]`): their properties are the struct's.
pub const FLATTEN: &str = "x-validation-gen-flatten";
/// The key that marks a field of an opaque type (`+k8s:opaqueType`): its
/// type's schema is inlined without the type's own validations.
pub const OPAQUE: &str = "x-validation-gen-opaque";
/// The key that marks the items of a `listType=set` list whose type is a
/// reference: once inlined, an object becomes an atomic map, a list an
/// atomic list.
pub const SET_ITEM: &str = "x-validation-gen-set-item";
/// The key of a fragment whose `enum` values are not visible where it was
/// made (a string newtype whose values are in an `#[enum_values]` block):
/// the derive fills them in from the block's hidden consts.
pub const ENUM_PENDING: &str = "x-validation-gen-enum";

/// Every key above: none is part of a schema that leaves the generator or
/// the runtime.
pub const INTERNAL: [&str; 5] = [REF, FLATTEN, ENUM_PENDING, OPAQUE, SET_ITEM];
