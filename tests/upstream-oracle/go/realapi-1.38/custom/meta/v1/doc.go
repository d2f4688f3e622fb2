// +k8s:validation-gen=TypesWithField=TypeMeta
// +k8s:validation-gen-input=k8s.io/apimachinery/pkg/apis/meta/v1

// Package v1 holds upstream's generated validators for the shared types of
// k8s.io/apimachinery/pkg/apis/meta/v1 (ObjectMeta, OwnerReference,
// ManagedFieldsEntry, Condition), as apimachinery's
// pkg/apis/meta/v1/validation holds them from 1.37; the groups' generated code
// calls them from here.
package v1
