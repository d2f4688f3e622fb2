//! `#[validate(crate = "...")]` for a crate that re-exports the runtime, and
//! `+k8s:listMapKey` / `+k8s:subfield` on a type that does not derive
//! `Validate` but implements `HasField` by hand (a stand-in for a struct of
//! another crate).
use k8s_validation::{FieldName, HasField, Operation, Validate};

/// The runtime, re-exported under another path.
pub mod rt {
    pub use k8s_validation::*;
}

/// Does not derive `Validate`: implemented by hand below.
#[derive(PartialEq, Debug)]
pub struct Meta {
    pub name: Option<String>,
}

impl HasField<FieldName<'n', 'a', 'm', 'e'>> for Meta {
    type Value = Option<String>;
    type Leaf = String;
    fn field(&self) -> &Option<String> {
        &self.name
    }
}

impl k8s_validation::field::ToBadValue for Meta {
    fn write_json(&self, out: &mut String) {
        out.push_str("{\"name\":");
        self.name.write_json(out);
        out.push('}');
    }
}

impl k8s_validation::SemanticEq for Meta {
    fn semantic_eq(&self, other: &Self) -> bool {
        self == other
    }
}

#[derive(Validate, PartialEq, Debug)]
#[validate(crate = "crate::rt")]
pub struct Spec {
    /// +k8s:opaqueType
    /// +k8s:subfield(name)=+k8s:maxLength=3
    pub meta: Meta,
    /// +k8s:optional
    /// +k8s:listType=map
    /// +k8s:listMapKey=name
    /// +k8s:eachVal=+k8s:opaqueType
    pub items: Vec<Meta>,
}

fn main() {
    let spec = Spec {
        meta: Meta { name: Some("toolong".into()) },
        items: vec![Meta { name: Some("a".into()) }, Meta { name: Some("a".into()) }],
    };
    let errs = spec.validate(&Operation::create());
    let fields: Vec<String> = errs.iter().map(|e| e.to_string()).collect();
    assert_eq!(
        fields,
        [
            "meta.name: Too long: may not be more than 3 bytes",
            "items[1]: Duplicate value: {\"name\":\"a\"}",
        ],
        "{errs:?}"
    );
}
