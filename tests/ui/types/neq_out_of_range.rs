use k8s_validation::Validate;

#[derive(Validate, PartialEq)]
pub struct CronJobSpec {
    /// +k8s:optional
    /// +k8s:neq=-1
    pub successful_jobs_history_limit: u32,
}

fn main() {}
