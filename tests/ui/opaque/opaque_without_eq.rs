use k8s_validation::Validate;

/// From another crate: neither `SemanticEq` nor `PartialEq`.
pub struct Handle(pub u8);

#[derive(Validate)]
pub struct Pod {
    /// +k8s:opaqueType
    /// +k8s:immutable
    pub handle: Handle,
}

fn main() {}
