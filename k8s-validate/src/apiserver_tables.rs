// What the kube-apiserver of each release validates declaratively, read
// from the kubernetes/kubernetes module of the release (k8s.io/kubernetes
// v1.35.4, v1.36.3, v1.37.2 and v1.38.0-beta.0 from the Go module proxy):
//
// - `validated`: the pkg/apis/<group>/<version> packages whose
//   zz_generated.validations.go registers at least one kind
//   (`scheme.AddValidationFunc`); a doc.go with `+k8s:validation-gen` but no
//   registered kind (1.37's authentication/v1, ...) validates nothing;
// - `options`: the validation options the release's `+k8s:ifEnabled` /
//   `+k8s:ifDisabled` tags name, which the strategies set from the feature
//   gate of the same name (pkg/registry/.../strategy.go), with the gate's
//   default at the release (pkg/features/kube_features.go);
// - `enforced` (1.36): the strategies that pass
//   `rest.WithDeclarativeEnforcement()`.
//
// The unit test in apiserver.rs checks that each package has mirror types.
static V1_35: ApiServer = ApiServer {
    validated: &[
        "apps/v1beta1",
        "apps/v1beta2",
        "autoscaling/v1",
        "certificates/v1",
        "certificates/v1beta1",
        "core/v1",
        "rbac/v1",
        "rbac/v1alpha1",
        "rbac/v1beta1",
        "resource/v1",
        "resource/v1beta1",
        "resource/v1beta2",
        "storage/v1",
        "storage/v1beta1",
    ],
    options: &[
    ],
    enforced: &[
    ],
};

static V1_36: ApiServer = ApiServer {
    validated: &[
        "admissionregistration/v1",
        "admissionregistration/v1alpha1",
        "admissionregistration/v1beta1",
        "apps/v1beta1",
        "apps/v1beta2",
        "autoscaling/v1",
        "autoscaling/v2",
        "batch/v1",
        "batch/v1beta1",
        "certificates/v1",
        "certificates/v1beta1",
        "core/v1",
        "discovery/v1",
        "discovery/v1beta1",
        "flowcontrol/v1",
        "flowcontrol/v1beta1",
        "flowcontrol/v1beta2",
        "flowcontrol/v1beta3",
        "networking/v1",
        "networking/v1beta1",
        "node/v1",
        "node/v1alpha1",
        "node/v1beta1",
        "rbac/v1",
        "rbac/v1alpha1",
        "rbac/v1beta1",
        "resource/v1",
        "resource/v1alpha3",
        "resource/v1beta1",
        "resource/v1beta2",
        "scheduling/v1alpha2",
        "storage/v1",
        "storage/v1alpha1",
        "storage/v1beta1",
    ],
    options: &[
        ServerOption {
            name: "HPAScaleToZero",
            default: false,
        },
        ServerOption {
            name: "TopologyAwareWorkloadScheduling",
            default: false,
        },
    ],
    enforced: &[
        "resource_v1alpha3::ResourcePoolStatusRequest",
        "scheduling_v1alpha2::PodGroup",
        "scheduling_v1alpha2::Workload",
    ],
};

static V1_37: ApiServer = ApiServer {
    validated: &[
        "admissionregistration/v1",
        "admissionregistration/v1alpha1",
        "admissionregistration/v1beta1",
        "apiserverinternal/v1alpha1",
        "apps/v1",
        "apps/v1beta1",
        "apps/v1beta2",
        "authorization/v1",
        "authorization/v1beta1",
        "autoscaling/v1",
        "autoscaling/v2",
        "batch/v1",
        "batch/v1beta1",
        "certificates/v1",
        "certificates/v1alpha1",
        "certificates/v1beta1",
        "coordination/v1",
        "coordination/v1alpha2",
        "coordination/v1beta1",
        "core/v1",
        "discovery/v1",
        "discovery/v1beta1",
        "events/v1",
        "flowcontrol/v1",
        "flowcontrol/v1beta1",
        "flowcontrol/v1beta2",
        "flowcontrol/v1beta3",
        "lifecycle/v1alpha1",
        "networking/v1",
        "networking/v1beta1",
        "node/v1",
        "node/v1alpha1",
        "node/v1beta1",
        "policy/v1",
        "policy/v1beta1",
        "rbac/v1",
        "rbac/v1alpha1",
        "rbac/v1beta1",
        "resource/v1",
        "resource/v1alpha3",
        "resource/v1beta1",
        "resource/v1beta2",
        "scheduling/v1",
        "scheduling/v1alpha3",
        "scheduling/v1beta1",
        "storage/v1",
        "storage/v1alpha1",
        "storage/v1beta1",
        "storagemigration/v1",
        "storagemigration/v1beta1",
    ],
    options: &[
        ServerOption {
            name: "CompositePodGroup",
            default: false,
        },
        ServerOption {
            name: "DRAPartitionableDevicesType",
            default: false,
        },
        ServerOption {
            name: "HPAScaleToZero",
            default: true,
        },
        ServerOption {
            name: "InPlacePodVerticalScalingSchedulerPreemption",
            default: false,
        },
        ServerOption {
            name: "TopologyAwareWorkloadScheduling",
            default: false,
        },
        ServerOption {
            name: "WorkloadWithJob",
            default: false,
        },
    ],
    enforced: &[
    ],
};

static V1_38: ApiServer = ApiServer {
    validated: &[
        "admissionregistration/v1",
        "admissionregistration/v1alpha1",
        "admissionregistration/v1beta1",
        "apiserverinternal/v1alpha1",
        "apps/v1",
        "apps/v1beta1",
        "apps/v1beta2",
        "authorization/v1",
        "authorization/v1alpha1",
        "authorization/v1beta1",
        "autoscaling/v1",
        "autoscaling/v2",
        "batch/v1",
        "batch/v1beta1",
        "certificates/v1",
        "certificates/v1alpha1",
        "certificates/v1beta1",
        "coordination/v1",
        "coordination/v1alpha2",
        "coordination/v1beta1",
        "core/v1",
        "discovery/v1",
        "discovery/v1beta1",
        "events/v1",
        "flowcontrol/v1",
        "flowcontrol/v1beta1",
        "flowcontrol/v1beta2",
        "flowcontrol/v1beta3",
        "lifecycle/v1alpha1",
        "networking/v1",
        "networking/v1beta1",
        "node/v1",
        "node/v1alpha1",
        "node/v1beta1",
        "policy/v1",
        "policy/v1beta1",
        "rbac/v1",
        "rbac/v1alpha1",
        "rbac/v1beta1",
        "resource/v1",
        "resource/v1alpha3",
        "resource/v1beta1",
        "resource/v1beta2",
        "scheduling/v1",
        "scheduling/v1alpha3",
        "scheduling/v1beta1",
        "storage/v1",
        "storage/v1alpha1",
        "storage/v1beta1",
        "storagemigration/v1",
        "storagemigration/v1beta1",
    ],
    options: &[
        ServerOption {
            name: "CompositePodGroup",
            default: false,
        },
        ServerOption {
            name: "DRAPartitionableDevicesType",
            default: false,
        },
        ServerOption {
            name: "HPAScaleToZero",
            default: true,
        },
        ServerOption {
            name: "InPlacePodVerticalScalingSchedulerPreemption",
            default: false,
        },
        ServerOption {
            name: "TopologyAwareWorkloadScheduling",
            default: false,
        },
        ServerOption {
            name: "WorkloadWithJob",
            default: false,
        },
    ],
    enforced: &[
    ],
};
