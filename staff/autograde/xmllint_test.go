package autograde

import (
	"os"
	"os/exec"
	"path/filepath"
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
