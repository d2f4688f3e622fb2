use k8s_validation::Validate;

/// 33 chained tags: one more than a chain may hold.
#[derive(Validate, PartialEq)]
pub struct Widget {
    /// +k8s:ifEnabled("A")=+k8s:ifEnabled("A")=+k8s:ifEnabled("A")=+k8s:ifEnabled("A")=+k8s:ifEnabled("A")=+k8s:ifEnabled("A")=+k8s:ifEnabled("A")=+k8s:ifEnabled("A")=+k8s:ifEnabled("A")=+k8s:ifEnabled("A")=+k8s:ifEnabled("A")=+k8s:ifEnabled("A")=+k8s:ifEnabled("A")=+k8s:ifEnabled("A")=+k8s:ifEnabled("A")=+k8s:ifEnabled("A")=+k8s:ifEnabled("A")=+k8s:ifEnabled("A")=+k8s:ifEnabled("A")=+k8s:ifEnabled("A")=+k8s:ifEnabled("A")=+k8s:ifEnabled("A")=+k8s:ifEnabled("A")=+k8s:ifEnabled("A")=+k8s:ifEnabled("A")=+k8s:ifEnabled("A")=+k8s:ifEnabled("A")=+k8s:ifEnabled("A")=+k8s:ifEnabled("A")=+k8s:ifEnabled("A")=+k8s:ifEnabled("A")=+k8s:ifEnabled("A")=+k8s:minimum=1
    pub replicas: i32,
}

fn main() {}
