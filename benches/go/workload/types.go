package workload

// Deployment is the benchmark's Deployment-like object.
type Deployment struct {
	TypeMeta int `json:"-"`

	Metadata ObjectMeta     `json:"metadata"`
	Spec     DeploymentSpec `json:"spec"`
}

// ObjectMeta is a small part of Kubernetes' ObjectMeta.
type ObjectMeta struct {
	// +k8s:required
	// +k8s:format=k8s-long-name
	Name string `json:"name"`
	// +k8s:optional
	// +k8s:eachKey=+k8s:format=k8s-label-key
	// +k8s:eachVal=+k8s:format=k8s-label-value
	Labels map[string]string `json:"labels,omitempty"`
}

// DeploymentSpec is the desired state.
type DeploymentSpec struct {
	// +k8s:optional
	// +k8s:minimum=0
	Replicas *int32 `json:"replicas,omitempty"`
	// +k8s:optional
	// +k8s:minimum=0
	MinReadySeconds *int32 `json:"minReadySeconds,omitempty"`
	// +k8s:required
	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:maxItems=20
	Containers []Container `json:"containers"`
	// +k8s:optional
	Strategy *DeploymentStrategy `json:"strategy,omitempty"`
}

// Container is one container of the pod template.
type Container struct {
	// +k8s:required
	// +k8s:format=k8s-short-name
	Name string `json:"name"`
	// +k8s:required
	// +k8s:maxLength=512
	Image string `json:"image"`
	// +k8s:optional
	// +k8s:listType=map
	// +k8s:listMapKey=containerPort
	// +k8s:listMapKey=protocol
	// +k8s:maxItems=10
	Ports []ContainerPort `json:"ports,omitempty"`
}

// ContainerPort is a port of a container. Kubernetes 1.35 has no
// +k8s:maximum tag (it arrived in 1.36): the maximum of 65535 is checked by
// hand in bench.go, as Kubernetes does for rules its tags cannot express.
type ContainerPort struct {
	// +k8s:required
	// +k8s:minimum=1
	ContainerPort int32 `json:"containerPort"`
	// +k8s:required
	Protocol Protocol `json:"protocol"`
}

// Protocol is a network protocol.
// +k8s:enum
type Protocol string

const (
	ProtocolTCP  Protocol = "TCP"
	ProtocolUDP  Protocol = "UDP"
	ProtocolSCTP Protocol = "SCTP"
)

// DeploymentStrategy says how to replace old pods: exactly one member.
type DeploymentStrategy struct {
	// +k8s:optional
	// +k8s:unionMember
	Recreate *RecreateStrategy `json:"recreate,omitempty"`
	// +k8s:optional
	// +k8s:unionMember
	RollingUpdate *RollingUpdate `json:"rollingUpdate,omitempty"`
}

// RecreateStrategy kills all pods first.
type RecreateStrategy struct{}

// RollingUpdate replaces pods gradually.
type RollingUpdate struct {
	// +k8s:optional
	// +k8s:minimum=0
	MaxSurge *int32 `json:"maxSurge,omitempty"`
	// +k8s:optional
	// +k8s:minimum=0
	MaxUnavailable *int32 `json:"maxUnavailable,omitempty"`
}

// PortList is the uniqueness workload: one large list-map.
type PortList struct {
	TypeMeta int `json:"-"`

	// +k8s:optional
	// +k8s:listType=map
	// +k8s:listMapKey=name
	Ports []ServicePort `json:"ports,omitempty"`
}

// ServicePort is one item of a PortList.
type ServicePort struct {
	// +k8s:required
	// +k8s:format=k8s-short-name
	Name string `json:"name"`
	// +k8s:required
	// +k8s:minimum=1
	Port int32 `json:"port"`
	// +k8s:required
	Protocol Protocol `json:"protocol"`
}
