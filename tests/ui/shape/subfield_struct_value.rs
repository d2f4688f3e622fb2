use k8s_validation::Validate;

// Through `+k8s:subfield(x)=`, a presence tag is refused on a non-pointer
// struct value as on the field itself (upstream checks the subfield's type);
// an `Option` of the struct and a string are fine.

#[derive(Validate, PartialEq, Clone, Default)]
pub struct Inner {
    pub note: String,
}

#[derive(Validate, PartialEq, Clone, Default)]
pub struct Outer {
    pub inner: Inner,
    pub maybe: Option<Inner>,
    pub name: String,
}

#[derive(Validate, PartialEq)]
pub struct Holder {
    /// +k8s:subfield(inner)=+k8s:required
    /// +k8s:subfield(maybe)=+k8s:required
    /// +k8s:subfield(name)=+k8s:optional
    pub outer: Outer,
}

/// +k8s:subfield(inner)=+k8s:forbidden
#[derive(Validate, PartialEq)]
pub struct AtTypeLevel {
    pub inner: Inner,
}

fn main() {}
