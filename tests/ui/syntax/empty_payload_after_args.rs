use k8s_validation::Validate;

#[derive(Validate, PartialEq)]
pub struct JobSpec {
    /// +k8s:optional
    /// +k8s:ifDisabled(JobManagedBy)=
    pub managed_by: Option<String>,
}

fn main() {}
