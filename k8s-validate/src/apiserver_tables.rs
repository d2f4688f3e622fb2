// PLACEHOLDER until the table is read from kubernetes/kubernetes.
static V1_35: ApiServer = ApiServer { validated: &["core/v1"], options: &[], enforced: &[] };
static V1_36: ApiServer = ApiServer { validated: &["core/v1"], options: &[], enforced: &[] };
static V1_37: ApiServer = ApiServer { validated: &["core/v1"], options: &[], enforced: &[] };
static V1_38: ApiServer = ApiServer { validated: &["core/v1"], options: &[], enforced: &[] };
