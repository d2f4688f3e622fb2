// Kubernetes 1.35 reads a subfield's list tags one `subfield` tag at a time
// and checks the list semantics after each, so a list-map through a subfield
// (`listType=map` and `listMapKey` are two tags) is an error at the first
// (v0.35.0: `field validator "listValidator": found listType=map or
// unique=map without listMapKey`). 1.37 accepts it.
use k8s_validation::Validate;

#[derive(Validate)]
pub struct Item {
    pub name: String,
}

#[derive(Validate)]
pub struct Holder {
    pub items: Vec<Item>,
}

#[derive(Validate)]
#[validate(kubernetes = "1.35")]
pub struct Root {
    /// +k8s:subfield(items)=+k8s:listType=map
    /// +k8s:subfield(items)=+k8s:listMapKey=name
    pub h: Holder,
}

fn main() {}
