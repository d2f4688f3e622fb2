package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Reads one quantity per line; prints: input \t canonical-or-ERR:msg \t json
func main() {
	sc := bufio.NewScanner(os.Stdin)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "TIME ") || strings.HasPrefix(line, "MICRO ") {
			kind, in, _ := strings.Cut(line, " ")
			raw, _ := json.Marshal(in)
			var out []byte
			var err error
			if kind == "TIME" {
				var t metav1.Time
				if err = t.UnmarshalJSON(raw); err == nil {
					out, err = json.Marshal(t)
				}
			} else {
				var t metav1.MicroTime
				if err = t.UnmarshalJSON(raw); err == nil {
					out, err = json.Marshal(t)
				}
			}
			if err != nil {
				fmt.Printf("%s\t%s\tERR:%s\n", kind, in, err.Error())
			} else {
				fmt.Printf("%s\t%s\t%s\n", kind, in, out)
			}
			continue
		}
		if strings.HasPrefix(line, "CMP ") {
			parts := strings.Fields(line[4:])
			a := resource.MustParse(parts[0])
			b := resource.MustParse(parts[1])
			fmt.Printf("CMP\t%s\t%s\t%d\n", parts[0], parts[1], a.Cmp(b))
			continue
		}
		q, err := resource.ParseQuantity(line)
		if err != nil {
			fmt.Printf("%s\tERR:%s\n", line, err.Error())
			continue
		}
		j, _ := json.Marshal(q)
		fmt.Printf("%s\t%s\t%s\n", line, q.String(), string(j))
	}
}
