use validation_runtime::Validate;

#[derive(Validate, PartialEq)]
pub struct CronJobSpec {
    /// +k8s:optional
    /// +k8s:neq=-1
    pub successful_jobs_history_limit: u32,
}

fn main() {}
