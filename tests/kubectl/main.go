// Command kubectl: upstream's kubectl main (k8s.io/kubernetes cmd/kubectl),
// built from k8s.io/kubectl through the Go module proxy for machines
// without a kubectl.
package main

import (
	"k8s.io/component-base/cli"
	"k8s.io/kubectl/pkg/cmd"
	"k8s.io/kubectl/pkg/cmd/util"
)

func main() {
	command := cmd.NewDefaultKubectlCommand()
	if err := cli.RunNoErrOutput(command); err != nil {
		util.CheckErr(err)
	}
}
