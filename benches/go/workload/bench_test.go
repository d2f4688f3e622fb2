package workload

// Benchmarks of upstream's generated validation (Kubernetes 1.35) on the
// inputs that benches/compare writes as JSON (BENCH_INPUTS names the
// directory), so that Go and Rust validate exactly the same objects.

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

var ctx = context.Background()

func load[T any](tb testing.TB, name string) *T {
	tb.Helper()
	dir := os.Getenv("BENCH_INPUTS")
	if dir == "" {
		tb.Skip("BENCH_INPUTS is not set (benches/compare sets it)")
	}
	data, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		tb.Fatal(err)
	}
	var v T
	if err := json.Unmarshal(data, &v); err != nil {
		tb.Fatal(err)
	}
	return &v
}

// portMaximum is the one rule Kubernetes 1.35 tags cannot express
// (+k8s:maximum arrived in 1.36): checked by hand, as Kubernetes does, with
// the error 1.36's generated code reports, and ratcheted like it.
func portMaximum(op operation.Operation, obj, old *Deployment) field.ErrorList {
	var errs field.ErrorList
	for i := range obj.Spec.Containers {
		c := &obj.Spec.Containers[i]
		for j := range c.Ports {
			p := c.Ports[j].ContainerPort
			if p <= 65535 {
				continue
			}
			if op.Type == operation.Update && old != nil && oldHasPort(old, c.Name, c.Ports[j]) {
				continue
			}
			path := field.NewPath("spec", "containers").Index(i).Child("ports").Index(j).Child("containerPort")
			errs = append(errs, field.Invalid(path, p, "must be less than or equal to 65535").WithOrigin("maximum"))
		}
	}
	return errs
}

func oldHasPort(old *Deployment, name string, port ContainerPort) bool {
	for _, c := range old.Spec.Containers {
		if c.Name == name {
			for _, p := range c.Ports {
				if p == port {
					return true
				}
			}
			return false
		}
	}
	return false
}

func validateDeployment(op operation.Operation, obj, old *Deployment) field.ErrorList {
	errs := Validate_Deployment(ctx, op, nil, obj, old)
	return append(errs, portMaximum(op, obj, old)...)
}

var (
	create = operation.Operation{Type: operation.Create}
	update = operation.Operation{Type: operation.Update}
	sink   field.ErrorList
)

func BenchmarkValid(b *testing.B) {
	obj := load[Deployment](b, "valid.json")
	if errs := validateDeployment(create, obj, nil); len(errs) != 0 {
		b.Fatalf("valid object has errors: %v", errs)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		sink = validateDeployment(create, obj, nil)
	}
}

func BenchmarkInvalid(b *testing.B) {
	obj := load[Deployment](b, "invalid.json")
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		sink = validateDeployment(create, obj, nil)
	}
}

func BenchmarkUpdate(b *testing.B) {
	obj := load[Deployment](b, "update-new.json")
	old := load[Deployment](b, "update-old.json")
	if errs := validateDeployment(update, obj, old); len(errs) != 0 {
		b.Fatalf("update has errors: %v", errs)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		sink = validateDeployment(update, obj, old)
	}
}

func BenchmarkUnique(b *testing.B) {
	for _, n := range []int{10, 100, 1000, 10000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			obj := load[PortList](b, fmt.Sprintf("ports-%d.json", n))
			if errs := Validate_PortList(ctx, create, nil, obj, nil); len(errs) != 0 {
				b.Fatalf("list-map has errors: %v", errs)
			}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				sink = Validate_PortList(ctx, create, nil, obj, nil)
			}
		})
	}
}

// TestWriteErrors writes the errors of the invalid object, one per line and
// sorted (Go's map order is random), to $BENCH_INPUTS/go-invalid-errors.txt,
// for benches/compare to compare with the Rust errors.
func TestWriteErrors(t *testing.T) {
	obj := load[Deployment](t, "invalid.json")
	var lines []string
	for _, e := range validateDeployment(create, obj, nil) {
		lines = append(lines, e.Error())
	}
	sort.Strings(lines)
	out := filepath.Join(os.Getenv("BENCH_INPUTS"), "go-invalid-errors.txt")
	if err := os.WriteFile(out, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}
