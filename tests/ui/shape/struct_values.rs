use k8s_validation::Validate;

// Tags that test presence are refused on a non-pointer struct value, with
// upstream's generation errors; an `Option` of the same struct, a newtype of a
// string and a plain string are fine.

#[derive(Validate, PartialEq, Clone, Default)]
pub struct Inner {
    pub note: String,
}

#[derive(Validate, PartialEq, Clone, Default)]
pub struct Name(pub String);

#[derive(Validate, PartialEq)]
pub struct Holder {
    /// +k8s:required
    pub required: Inner,
    /// +k8s:optional
    pub optional: Inner,
    /// +k8s:forbidden
    pub forbidden: Inner,
    /// +k8s:update=NoUnset
    pub no_unset: Inner,
    /// +k8s:required
    /// +k8s:update=NoSet
    pub fine: Option<Inner>,
    /// +k8s:required
    pub name: Name,
}

#[derive(Validate, PartialEq)]
pub struct Choice {
    /// +k8s:unionMember
    /// +k8s:optional
    pub a: Option<Inner>,
    /// +k8s:unionMember
    pub b: Inner,
}

fn main() {}
