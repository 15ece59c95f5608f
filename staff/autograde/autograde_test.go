package autograde

import (
	"encoding/base64"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"termlab/labs"
)

// day is a small day of four TODOs, one weighted double.
func day() labs.Day {
	return labs.Day{Number: 45, Title: "Rate limiting", LearnerDir: "labs/day45", TODOs: []labs.TODO{
		{Number: 1, Func: "TakeToken", Checked: "left and ok agree with the reference", Points: 2},
		{Number: 2, Func: "WindowID", Checked: "the window number, exact"},
		{Number: 3, Func: "Expired", Checked: "true or false, exact"},
		{Number: 4, Func: "NextEmit", Checked: "the moment it leaves, exact"},
	}}
}

// root is a learner folder whose TODOs sit on known lines.
func root(t *testing.T) string {
	dir := t.TempDir()
	src := "//go:build termlab\n\npackage day45\n\nimport \"time\"\n\nfunc TakeToken(tokens, capacity, rate float64, e time.Duration) (float64, bool) {\n\treturn 0, false\n}\n\nfunc WindowID(now, w time.Duration) int64 { return 0 }\n\nfunc Expired(s, now, w time.Duration) bool { return false }\n\nfunc NextEmit(now, next time.Duration) time.Duration { return 0 }\n"
	os.MkdirAll(filepath.Join(dir, "labs", "day45"), 0o755)
	if err := os.WriteFile(filepath.Join(dir, "labs", "day45", "todo.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// mixed is one of each verdict.
func mixed(t *testing.T) Report {
	grades := []labs.Grade{
		{TODO: 1, Func: "TakeToken", Status: labs.Pass, Detail: "agrees on 3000 inputs"},
		{TODO: 2, Func: "WindowID", Status: labs.Fail, Detail: "wrong on a boundary",
			Counterexample: &labs.Counterexample{Input: "WindowID(now=1m0s, window=1m0s)", Got: "0", Want: "1"}, Hint: "the boundary is on the wrong side: <&> \"quoted\""},
		{TODO: 3, Func: "Expired", Status: labs.Crash, Detail: "panicked: index out of range", Where: "labs/day45/todo.go:13"},
		{TODO: 4, Func: "NextEmit", Status: labs.Unfinished, Detail: "not done yet"},
	}
	r := New(day(), grades, root(t), 0)
	r.Seconds = 1.5
	return r
}

func TestNewPointsLinesAndMessages(t *testing.T) {
	r := mixed(t)
	if r.Max() != 5 || r.Score() != 2 {
		t.Errorf("score %g of %g, want 2 of 5 (TODO 1 weighs 2)", r.Score(), r.Max())
	}
	want := []struct {
		file string
		line int
	}{{"labs/day45/todo.go", 7}, {"labs/day45/todo.go", 11}, {"labs/day45/todo.go", 13}, {"labs/day45/todo.go", 15}}
	for i, w := range want {
		if got := r.Tests[i]; got.File != w.file || got.Line != w.line {
			t.Errorf("TODO %d at %s:%d, want %s:%d", i+1, got.File, got.Line, w.file, w.line)
		}
	}
	msg := r.Tests[1].Message
	for _, s := range []string{"wrong on a boundary", "input: WindowID(now=1m0s, window=1m0s)", "got:   0", "want:  1", "hint:  the boundary"} {
		if !strings.Contains(msg, s) {
			t.Errorf("message %q lacks %q", msg, s)
		}
	}
	if r.Tests[0].Message != "" {
		t.Errorf("a pass has a message: %q", r.Tests[0].Message)
	}
	scaled := Points(day(), 100)
	if scaled[1] != 40 || scaled[2] != 20 {
		t.Errorf("scaled to 100: %v, want 40, 20, 20, 20", scaled)
	}
}

func TestParseFormat(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Format
		ok   bool
	}{{"classroom", Classroom, true}, {"JUnit", JUnit, true}, {" exercism ", Exercism, true}, {"gradescope", Gradescope, true}, {"tap", "", false}, {"", "", false}} {
		got, err := ParseFormat(tc.in)
		if got != tc.want || (err == nil) != tc.ok {
			t.Errorf("ParseFormat(%q) = %q, %v", tc.in, got, err)
		}
	}
}

func TestExitCodes(t *testing.T) {
	r := mixed(t)
	for _, tc := range []struct {
		f    Format
		want int
	}{{Classroom, 0}, {Gradescope, 0}, {Exercism, 0}, {JUnit, 1}} {
		if got := ExitCode(tc.f, r); got != tc.want {
			t.Errorf("%s: exit %d, want %d", tc.f, got, tc.want)
		}
	}
}

// --- JSON formats against their publishers' examples ----------------------

func load(t *testing.T, name string) any {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return v
}

func kind(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case map[string]any:
		return "object"
	case []any:
		return "array"
	case string:
		return "string"
	case float64:
		return "number"
	case bool:
		return "boolean"
	}
	return "?"
}

// sameShape checks that every key of got is a key of the example at the
// same place, holding the same kind of value (null stands for a string
// the example shows null), and that the example's keys in required are
// present.
func sameShape(t *testing.T, path string, got, example any) {
	t.Helper()
	gk, ek := kind(got), kind(example)
	if gk != ek && gk != "null" && ek != "null" {
		t.Errorf("%s: %s where the example has %s", path, gk, ek)
		return
	}
	switch g := got.(type) {
	case map[string]any:
		e := example.(map[string]any)
		for k, v := range g {
			ev, ok := e[k]
			if !ok {
				t.Errorf("%s.%s: a key the example does not have", path, k)
				continue
			}
			sameShape(t, path+"."+k, v, ev)
		}
	case []any:
		e := example.([]any)
		if len(e) == 0 {
			return
		}
		for i, v := range g {
			sameShape(t, fmt.Sprintf("%s[%d]", path, i), v, e[0])
		}
	}
}

func decoded(t *testing.T, f Format, r Report) map[string]any {
	t.Helper()
	data, err := Write(f, r)
	if err != nil {
		t.Fatal(err)
	}
	if f == Classroom {
		if strings.Count(string(data), "\n") != 1 {
			t.Fatalf("classroom: not one line: %q", data)
		}
		if data, err = base64.StdEncoding.DecodeString(strings.TrimSpace(string(data))); err != nil {
			t.Fatalf("classroom: not base64: %v", err)
		}
	}
	var v map[string]any
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatalf("%s: not JSON: %v\n%s", f, err, data)
	}
	return v
}

func broken(t *testing.T) Report {
	return Broken(day(), "your code does not compile:\n  labs/day45/todo.go:9:2: undefined: tokns", "labs/day45/todo.go", 9, root(t), 0)
}

func TestClassroomMatchesTheCommandGrader(t *testing.T) {
	example := load(t, "classroom-result.json")
	for _, tc := range []struct {
		name   string
		r      Report
		status string
		points string
	}{{"mixed", mixed(t), "fail", "Points 2/5"}, {"broken", broken(t), "error", "Points 0/5"}} {
		got := decoded(t, Classroom, tc.r)
		sameShape(t, tc.name, got, example)
		if got["version"] != 1.0 || got["status"] != tc.status {
			t.Errorf("%s: version %v status %v, want 1 %s", tc.name, got["version"], got["status"], tc.status)
		}
		tests := got["tests"].([]any)
		for _, x := range tests {
			m := x.(map[string]any)
			for _, k := range []string{"name", "status", "score", "message", "test_code", "filename", "line_no", "duration"} {
				if _, ok := m[k]; !ok {
					t.Errorf("%s: a test lacks %s", tc.name, k)
				}
			}
			if s := m["status"]; s != "pass" && s != "fail" && s != "error" {
				t.Errorf("%s: test status %v", tc.name, s)
			}
		}
		if p := reporterPoints(t, got); p != tc.points {
			t.Errorf("%s: the reporter would say %q, want %q", tc.name, p, tc.points)
		}
	}
}

// reporterPoints is autograding-grading-reporter's NotifyClassroom sum:
// over the runners whose max_score is set, the tests' scores over the
// max_scores.
func reporterPoints(t *testing.T, results ...map[string]any) string {
	total, maxPoints := 0.0, 0.0
	for _, r := range results {
		m, _ := r["max_score"].(float64)
		if m == 0 {
			continue
		}
		maxPoints += m
		for _, x := range r["tests"].([]any) {
			total += x.(map[string]any)["score"].(float64)
		}
	}
	return fmt.Sprintf("Points %g/%g", total, maxPoints)
}

func TestGradescopeMatchesTheSpec(t *testing.T) {
	example := load(t, "gradescope-results.json")
	for _, r := range []Report{mixed(t), broken(t)} {
		got := decoded(t, Gradescope, r)
		sameShape(t, "results", got, example)
		tests := got["tests"].([]any)
		sum := 0.0
		for _, x := range tests {
			m := x.(map[string]any)
			sum += m["score"].(float64)
			if s := m["status"]; s != "passed" && s != "failed" {
				t.Errorf("status %v: the spec has passed and failed", s)
			}
			if v := m["visibility"]; v != "visible" {
				t.Errorf("visibility %v", v)
			}
		}
		if got["score"].(float64) != sum {
			t.Errorf("top score %v is not the tests' sum %v (a top-level score overrides them)", got["score"], sum)
		}
	}
	got := decoded(t, Gradescope, mixed(t))
	first := got["tests"].([]any)[1].(map[string]any)
	if out := first["output"].(string); !strings.HasPrefix(out, "labs/day45/todo.go:11\n") || !strings.Contains(out, "want:  1") {
		t.Errorf("a failing test's output: %q", out)
	}
}

func TestExercismMatchesTheInterface(t *testing.T) {
	example := load(t, "exercism-results-v3.json")
	got := decoded(t, Exercism, mixed(t))
	sameShape(t, "results", got, example)
	if got["version"] != 3.0 || got["status"] != "fail" {
		t.Errorf("version %v status %v", got["version"], got["status"])
	}
	statuses := []string{}
	for i, x := range got["tests"].([]any) {
		m := x.(map[string]any)
		statuses = append(statuses, m["status"].(string))
		if m["task_id"] != float64(i+1) || m["name"] == "" {
			t.Errorf("test %d: %v", i, m)
		}
	}
	if strings.Join(statuses, " ") != "pass fail error fail" {
		t.Errorf("statuses %v, want pass fail error fail (in the TODOs' order)", statuses)
	}
	b := decoded(t, Exercism, broken(t))
	if b["status"] != "error" || !strings.Contains(b["message"].(string), "undefined: tokns") || b["tests"] != nil {
		t.Errorf("a build error: %v", b)
	}
	sameShape(t, "broken", b, example)
}

// --- JUnit against the XSD -------------------------------------------------

// xsd is the part of XML Schema that JUnit.xsd uses: elements with
// complex types (a sequence or a choice of elements, attributes, an
// extension of a named type, simple content) and a few simple types.
type xsdNode struct {
	XMLName  xml.Name
	Attrs    []xml.Attr `xml:",any,attr"`
	Children []xsdNode  `xml:",any"`
}

func (n xsdNode) attr(name string) string {
	for _, a := range n.Attrs {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

// decl is an element declaration: its attributes (name → required),
// their types, its children in order and whether it holds text.
type decl struct {
	attrs    map[string]bool
	types    map[string]string
	children []child
	choice   bool
	text     bool
}

type child struct {
	name     string
	min, max int // max -1: unbounded
	d        *decl
}

type schema struct {
	named map[string]xsdNode
	roots xsdNode
}

func (s schema) complexType(n xsdNode, d *decl) {
	for _, c := range n.Children {
		switch c.XMLName.Local {
		case "sequence", "choice":
			d.choice = c.XMLName.Local == "choice"
			for _, e := range c.Children {
				if e.XMLName.Local == "element" {
					d.children = append(d.children, s.element(e))
				}
			}
		case "attribute":
			d.attrs[c.attr("name")] = c.attr("use") == "required"
			d.types[c.attr("name")] = c.attr("type")
		case "complexContent", "simpleContent":
			d.text = d.text || c.XMLName.Local == "simpleContent"
			for _, ext := range c.Children {
				if base, ok := s.named[ext.attr("base")]; ok && ext.XMLName.Local == "extension" {
					s.complexType(base, d)
				}
				s.complexType(ext, d)
			}
		}
	}
}

func (s schema) element(e xsdNode) child {
	c := child{name: e.attr("name"), min: 1, max: 1, d: &decl{attrs: map[string]bool{}, types: map[string]string{}}}
	if v := e.attr("minOccurs"); v != "" {
		c.min, _ = strconv.Atoi(v)
	}
	if v := e.attr("maxOccurs"); v == "unbounded" {
		c.max = -1
	} else if v != "" {
		c.max, _ = strconv.Atoi(v)
	}
	if typ := e.attr("type"); typ != "" {
		s.complexType(s.named[typ], c.d)
	}
	for _, sub := range e.Children {
		switch sub.XMLName.Local {
		case "complexType":
			s.complexType(sub, c.d)
		case "simpleType":
			c.d.text = true
		}
	}
	if len(c.d.children) == 0 && len(c.d.attrs) == 0 {
		c.d.text = true
	}
	return c
}

// doc is the XML under test, as a tree.
type doc struct {
	XMLName  xml.Name
	Attrs    []xml.Attr `xml:",any,attr"`
	Children []doc      `xml:",any"`
	Text     string     `xml:",chardata"`
}

var (
	isoRe = regexp.MustCompile(`^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}$`)
	intRe = regexp.MustCompile(`^[+-]?[0-9]+$`)
	decRe = regexp.MustCompile(`^[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)$`)
)

// beyondSchema are the attributes the JUnit writer adds to Jenkins'
// schema, by element path, each with the form of its value: a testcase's
// file and line, which annotators of pull requests read (GitLab,
// action-junit-report, dorny/test-reporter) and Jenkins ignores.
var beyondSchema = map[string]map[string]*regexp.Regexp{
	"testsuites/testsuite/testcase": {"file": regexp.MustCompile(`^labs/day[0-9]+/[a-z_]+\.go$`), "line": regexp.MustCompile(`^[1-9][0-9]*$`)},
}

// validate reports through errorf each way d breaks the declaration c.
func validate(errorf func(string, ...any), path string, d doc, c child) {
	for _, a := range d.Attrs {
		if re, ok := beyondSchema[path][a.Name.Local]; ok {
			if !re.MatchString(a.Value) {
				errorf("%s: %s=%q is not a file and line in the learner's folder", path, a.Name.Local, a.Value)
			}
			continue
		}
		if _, ok := c.d.attrs[a.Name.Local]; !ok {
			errorf("%s: attribute %q is not in the schema", path, a.Name.Local)
			continue
		}
		v := a.Value
		switch c.d.types[a.Name.Local] {
		case "xs:int":
			if !intRe.MatchString(v) {
				errorf("%s/@%s=%q is not an xs:int", path, a.Name.Local, v)
			}
		case "xs:decimal":
			if !decRe.MatchString(v) {
				errorf("%s/@%s=%q is not an xs:decimal", path, a.Name.Local, v)
			}
		case "ISO8601_DATETIME_PATTERN":
			if !isoRe.MatchString(v) {
				errorf("%s/@%s=%q is not the schema's timestamp", path, a.Name.Local, v)
			}
		}
	}
	for name, required := range c.d.attrs {
		if !required {
			continue
		}
		found := false
		for _, a := range d.Attrs {
			found = found || a.Name.Local == name
		}
		if !found {
			errorf("%s: required attribute %q is missing", path, name)
		}
	}
	if !c.d.text && strings.TrimSpace(d.Text) != "" {
		errorf("%s: text where the schema allows none", path)
	}
	// The children, in the declared order (a sequence), or at most one of
	// the choice.
	if c.d.choice {
		if len(d.Children) > 1 {
			errorf("%s: %d children where the schema allows one of a choice", path, len(d.Children))
		}
		for _, k := range d.Children {
			ok := false
			for _, want := range c.d.children {
				if want.name == k.XMLName.Local {
					ok = true
					validate(errorf, path+"/"+k.XMLName.Local, k, want)
				}
			}
			if !ok {
				errorf("%s: %q is not one of the schema's choices", path, k.XMLName.Local)
			}
		}
		return
	}
	i := 0
	for _, want := range c.d.children {
		n := 0
		for i < len(d.Children) && d.Children[i].XMLName.Local == want.name {
			validate(errorf, path+"/"+want.name, d.Children[i], want)
			i, n = i+1, n+1
		}
		if n < want.min || (want.max >= 0 && n > want.max) {
			errorf("%s: %d <%s>, the schema wants %d to %d", path, n, want.name, want.min, want.max)
		}
	}
	if i < len(d.Children) {
		errorf("%s: <%s> is out of the schema's order or not in it", path, d.Children[i].XMLName.Local)
	}
}

func loadXSD(t *testing.T) schema {
	data, err := os.ReadFile(filepath.Join("testdata", "JUnit.xsd"))
	if err != nil {
		t.Fatal(err)
	}
	var root xsdNode
	if err := xml.Unmarshal(data, &root); err != nil {
		t.Fatal(err)
	}
	s := schema{named: map[string]xsdNode{}}
	for _, n := range root.Children {
		if n.XMLName.Local == "complexType" || n.XMLName.Local == "simpleType" {
			s.named[n.attr("name")] = n
		}
	}
	s.roots = root
	return s
}

func (s *schema) root(t *testing.T, name string) child {
	for _, n := range s.roots.Children {
		if n.XMLName.Local == "element" && n.attr("name") == name {
			return s.element(n)
		}
	}
	t.Fatalf("the schema has no element %q", name)
	return child{}
}

func TestJUnitValidatesAgainstTheSchema(t *testing.T) {
	now = func() time.Time { return time.Date(2026, 12, 1, 14, 0, 0, 0, time.UTC) }
	defer func() { now = time.Now }()
	s := loadXSD(t)
	top := s.root(t, "testsuites")
	if len(top.d.children) != 1 || !top.d.children[0].d.attrs["package"] || !top.d.children[0].d.attrs["hostname"] {
		t.Fatalf("the schema was not read as it is: %+v", top.d.children)
	}
	for _, r := range []Report{mixed(t), broken(t)} {
		data, err := Write(JUnit, r)
		if err != nil {
			t.Fatal(err)
		}
		var d doc
		if err := xml.Unmarshal(data, &d); err != nil {
			t.Fatalf("not XML: %v\n%s", err, data)
		}
		validate(t.Errorf, "testsuites", d, top)
	}
	data, _ := Write(JUnit, mixed(t))
	text := string(data)
	for _, want := range []string{`tests="4"`, `failures="2"`, `errors="1"`, `<failure message="wrong on a boundary" type="fail">labs/day45/todo.go:11`, `&lt;&amp;&gt;`, `type="unfinished"`, `<error message="panicked: index out of range" type="crash">labs/day45/todo.go:13`} {
		if !strings.Contains(text, want) {
			t.Errorf("the XML lacks %s:\n%s", want, text)
		}
	}
}

// The validator itself must refuse what the schema refuses, or its pass
// says nothing.
func TestJUnitValidatorRefuses(t *testing.T) {
	s := loadXSD(t)
	top := s.root(t, "testsuites")
	for _, bad := range []string{
		`<testsuites><testsuite name="x" package="p" id="0" timestamp="2026-12-01T14:00:00" hostname="h" tests="1" failures="0" errors="0" time="1"><testcase name="a" classname="c" time="0"/><properties/><system-out/><system-err/></testsuite></testsuites>`,
		`<testsuites><testsuite name="x" package="p" id="0" timestamp="2026-12-01" hostname="h" tests="1" failures="0" errors="0" time="1"><properties/><system-out/><system-err/></testsuite></testsuites>`,
		`<testsuites><testsuite name="x" id="0" timestamp="2026-12-01T14:00:00" hostname="h" tests="1" failures="0" errors="0" time="1"><properties/><system-out/><system-err/></testsuite></testsuites>`,
		`<testsuites><testsuite name="x" package="p" id="0" timestamp="2026-12-01T14:00:00" hostname="h" tests="1" failures="0" errors="0" time="1"><properties/><testcase name="a" classname="c" time="0" file="x.go"><failure type="f"/><error type="e"/></testcase><system-out/><system-err/></testsuite></testsuites>`,
	} {
		var d doc
		if err := xml.Unmarshal([]byte(bad), &d); err != nil {
			t.Fatal(err)
		}
		errs := 0
		validate(func(string, ...any) { errs++ }, "testsuites", d, top)
		if errs == 0 {
			t.Errorf("the validator accepts %s", bad)
		}
	}
}
