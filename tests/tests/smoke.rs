use k8s_validation::{Operation, Validate};

#[derive(Validate, PartialEq, Debug)]
pub struct Inner {
    pub name: String,
}

#[derive(Validate, PartialEq, Debug)]
#[allow(non_snake_case)]
pub struct Outer {
    pub inner: Inner,
    pub items: Vec<Inner>,
    pub maybe: Option<Box<Inner>>,
}

#[test]
fn no_tags_no_errors() {
    let o = Outer {
        inner: Inner { name: "a".into() },
        items: vec![],
        maybe: None,
    };
    assert!(o.validate(&Operation::create()).is_empty());
}
