//! Unions: `+k8s:unionMember`, `+k8s:unionDiscriminator`, `+k8s:zeroOrOneOfMember` (upstream `validate/union.go`, `zeroorone.go`).
