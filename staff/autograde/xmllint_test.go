package autograde

import (
	"bytes"
	"encoding/xml"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// JUnit files checked by xmllint, libxml2's validator, against Ant's
// JUnit.xsd (testdata) and, when TERMLAB_JUNIT4_XSD names a copy of it,
// Jenkins' junit-4.xsd (issue 43: every file the lab wrote failed both,
// on its file and line attributes). CI installs xmllint (libxml2-utils);
// without it the test says so and skips.
func TestJUnitValidatesWithXmllint(t *testing.T) {
	xmllint, err := exec.LookPath("xmllint")
	if err != nil {
		t.Skip("xmllint is not installed (apt-get install libxml2-utils): the JUnit files are not checked against the schemas by it")
	}
	now = func() time.Time { return time.Date(2026, 12, 1, 14, 0, 0, 0, time.UTC) }
	defer func() { now = time.Now }()
	schemas := []string{filepath.Join("testdata", "JUnit.xsd")}
	if jenkins := os.Getenv("TERMLAB_JUNIT4_XSD"); jenkins != "" {
		schemas = append(schemas, jenkins)
	}
	dir := t.TempDir()
	lint := func(schema, file string) (string, bool) {
		out, err := exec.Command(xmllint, "--noout", "--schema", schema, file).CombinedOutput()
		return string(out), err == nil
	}
	for name, r := range map[string]Report{"mixed": mixed(t), "broken": broken(t)} {
		data, err := Write(JUnit, r)
		if err != nil {
			t.Fatal(err)
		}
		file := filepath.Join(dir, name+".xml")
		os.WriteFile(file, data, 0o644)
		for _, schema := range schemas {
			if out, ok := lint(schema, file); !ok {
				t.Errorf("%s does not validate against %s:\n%s\n%s", name, schema, out, data)
			}
		}
	}
	// The check can fail: a testcase with a file attribute, as the lab
	// wrote them before, is refused by every schema.
	data, _ := Write(JUnit, mixed(t))
	bad := filepath.Join(dir, "bad.xml")
	os.WriteFile(bad, []byte(strings.Replace(string(data), `<testcase name="TODO 1: TakeToken"`, `<testcase file="labs/day45/todo.go" name="TODO 1: TakeToken"`, 1)), 0o644)
	for _, schema := range schemas {
		if out, ok := lint(schema, bad); ok {
			t.Errorf("xmllint took a file attribute against %s:\n%s", schema, out)
		}
	}
}

// What Jenkins' junit-4.xsd allows, restated: the attributes of each
// element and the order of a testcase's and a testsuite's children. Run
// always (xmllint with TERMLAB_JUNIT4_XSD checks the schema itself).
var jenkins4 = map[string]struct {
	attrs []string
	order []string
}{
	"testsuites": {[]string{"name", "time", "tests", "failures", "disabled", "errors"}, []string{"testsuite"}},
	"testsuite":  {[]string{"name", "tests", "failures", "errors", "time", "disabled", "skipped", "timestamp", "hostname", "id", "package"}, []string{"properties", "testcase", "system-out", "system-err"}},
	"properties": {nil, []string{"property"}},
	"property":   {[]string{"name", "value"}, nil},
	"testcase":   {[]string{"name", "assertions", "time", "classname", "status"}, []string{"skipped", "error", "failure", "system-out", "system-err"}},
	"failure":    {[]string{"type", "message"}, nil},
	"error":      {[]string{"type", "message"}, nil},
	"system-out": {nil, nil},
	"system-err": {nil, nil},
}

func TestJUnitKeepsToJenkinsSchema(t *testing.T) {
	for name, r := range map[string]Report{"mixed": mixed(t), "broken": broken(t)} {
		data, err := Write(JUnit, r)
		if err != nil {
			t.Fatal(err)
		}
		dec := xml.NewDecoder(bytes.NewReader(data))
		var stack []string
		last := map[int]int{} // by depth: the order index of the last child seen
		for {
			tok, err := dec.Token()
			if err != nil {
				break
			}
			switch el := tok.(type) {
			case xml.StartElement:
				rule, ok := jenkins4[el.Name.Local]
				if !ok {
					t.Errorf("%s: <%s> is not in junit-4.xsd", name, el.Name.Local)
					continue
				}
				for _, a := range el.Attr {
					if !slices.Contains(rule.attrs, a.Name.Local) {
						t.Errorf("%s: <%s %s=…>: junit-4.xsd has no such attribute", name, el.Name.Local, a.Name.Local)
					}
				}
				if len(stack) > 0 {
					parent := jenkins4[stack[len(stack)-1]]
					i := slices.Index(parent.order, el.Name.Local)
					if i < 0 || i < last[len(stack)] {
						t.Errorf("%s: <%s> inside <%s> out of junit-4.xsd's order %v", name, el.Name.Local, stack[len(stack)-1], parent.order)
					}
					last[len(stack)] = i
				}
				stack = append(stack, el.Name.Local)
				last[len(stack)] = 0
			case xml.EndElement:
				stack = stack[:len(stack)-1]
			}
		}
	}
}
