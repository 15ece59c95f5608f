package course_test

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"termlab/labs"
	"termlab/labs/day45/course/limit"
	"termlab/labs/day45/course/parts"
	"termlab/record/predictions"
)

const contract = "../CONTRACT.md"

// TestContractIsTheCode holds labs/day45/CONTRACT.md to the code, row by
// row: the TODOs' signatures (the shipped stubs' and limit.Funcs'), the
// parts each TODO's grade replays, every part's TODOs and metric keys in
// the order the run gives them, the prediction table, the JSON field names
// and TakeToken's tolerance.
func TestContractIsTheCode(t *testing.T) {
	rows := tableRows(t, contract)
	signatures := shippedSignatures(t)
	fields := reflect.TypeOf(limit.Funcs{})
	m := day.Execute(labs.Reference)
	seen := map[string]int{}
	for _, row := range rows {
		switch {
		case len(row) == 3 && strings.Contains(row[0], "`"): // TODO | what must agree | tolerance
			seen["grade"]++
			td := day.TODOs[seen["grade"]-1]
			if row[0] != fmt.Sprintf("%d `%s`", td.Number, td.Func) {
				t.Errorf("grading row %q, want TODO %d %s", row[0], td.Number, td.Func)
			}
			if want := "the figures of " + gradedParts(td.Number); !strings.Contains(row[1], want) {
				t.Errorf("TODO %d's grading row does not say %q: %q", td.Number, want, row[1])
			}
		case len(row) == 3 && len(names(row[1])) == 1: // # | signature | rule
			seen["todo"]++
			td := day.TODOs[seen["todo"]-1]
			if row[0] != fmt.Sprint(td.Number) || names(row[1])[0] != signatures[td.Func] {
				t.Errorf("TODO row %q: the shipped stub is %d %s", row[:2], td.Number, signatures[td.Func])
			}
			f := fields.Field(td.Number - 1)
			if f.Name != td.Func || funcType(f.Type) != stubType(t, td.Func) {
				t.Errorf("limit.Funcs' field %d is %s %s, the stub %s is %s", td.Number, f.Name, funcType(f.Type), td.Func, stubType(t, td.Func))
			}
		case len(row) == 4: // part | what | needs | metrics
			seen["part"]++
			p := m.Parts[seen["part"]-1]
			info := day.Parts[seen["part"]-1]
			var keys []string
			for _, k := range p.Metrics {
				keys = append(keys, k.Name)
			}
			if row[0] != p.ID || !slices.Equal(list(row[2]), itemsOf(info.Uses)) || !slices.Equal(names(row[3]), keys) {
				t.Errorf("part row %s (needs %q) lists %v; part %s uses %v and gives %v", row[0], row[2], names(row[3]), p.ID, info.Uses, keys)
			}
		case len(row) == 5: // id | metric | unit | part | needs
			seen["prediction"]++
			p := day.Predictions[seen["prediction"]-1]
			if want := []string{p.ID, "`" + p.Metric + "`", p.Unit, p.Part, strings.Join(itemsOf(p.Needs), ", ")}; !slices.Equal(row, want) && !(len(p.Needs) == 0 && slices.Equal(row[:4], want[:4]) && row[4] == "–") {
				t.Errorf("prediction row %q, want %q", row, want)
			}
		default:
			t.Errorf("a table row this test does not know: %q", row)
		}
	}
	for what, want := range map[string]int{"todo": len(day.TODOs), "grade": len(day.TODOs), "part": len(day.Parts), "prediction": len(day.Predictions)} {
		if seen[what] != want {
			t.Errorf("%d %s rows, want %d", seen[what], what, want)
		}
	}
	text := readContract(t)
	for _, v := range []any{labs.Grade{}, predictions.JSONRow{}} {
		ty := reflect.TypeOf(v)
		for i := range ty.NumField() {
			name, _, _ := strings.Cut(ty.Field(i).Tag.Get("json"), ",")
			if !strings.Contains(text, "`"+name+"`") {
				t.Errorf("CONTRACT.md does not name the JSON field %s (%s.%s)", name, ty, ty.Field(i).Name)
			}
		}
	}
	tol := strings.Replace(fmt.Sprintf("%g", limit.TokenTol), "e-0", "e-", 1)
	if !strings.Contains(text, "`left` within "+tol+" × max(1, capacity)") {
		t.Errorf("CONTRACT.md does not state TakeToken's tolerance, %s × max(1, capacity)", tol)
	}
}

func readContract(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(contract)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// gradedParts is "Parts 1, 3 and 8": the pure parts whose pieces call TODO n,
// which its grade replays.
func gradedParts(n int) string {
	var ids []string
	for _, p := range parts.Using(n) {
		if !p.Heavy && !slices.Contains(ids, p.Part) {
			ids = append(ids, p.Part)
		}
	}
	return "Parts " + strings.Join(ids[:len(ids)-1], ", ") + " and " + ids[len(ids)-1]
}

// shippedSignatures are the shipped todo.go's functions as written there:
// name, parameters and results.
func shippedSignatures(t *testing.T) map[string]string {
	t.Helper()
	src := day.Shipped["todo.go"]
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "todo.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok {
			out[fd.Name.Name] = fd.Name.Name + src[fset.Position(fd.Type.Params.Pos()).Offset:fset.Position(fd.Type.End()).Offset]
		}
	}
	return out
}

// stubType is the shipped stub name's type, as reflect writes a func type.
func stubType(t *testing.T, name string) string {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "todo.go", day.Shipped["todo.go"], 0)
	if err != nil {
		t.Fatal(err)
	}
	types := map[string]reflect.Type{"float64": reflect.TypeFor[float64](), "int64": reflect.TypeFor[int64](), "bool": reflect.TypeFor[bool](), "time.Duration": reflect.TypeFor[time.Duration]()}
	of := func(fl *ast.FieldList) []reflect.Type {
		var out []reflect.Type
		if fl == nil {
			return nil
		}
		for _, field := range fl.List {
			var b strings.Builder
			if sel, ok := field.Type.(*ast.SelectorExpr); ok {
				b.WriteString(sel.X.(*ast.Ident).Name + "." + sel.Sel.Name)
			} else {
				b.WriteString(field.Type.(*ast.Ident).Name)
			}
			ty, ok := types[b.String()]
			if !ok {
				t.Fatalf("%s: a parameter of type %s this test does not know", name, b.String())
			}
			for range max(1, len(field.Names)) {
				out = append(out, ty)
			}
		}
		return out
	}
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Name == name {
			return reflect.FuncOf(of(fd.Type.Params), of(fd.Type.Results), false).String()
		}
	}
	t.Fatalf("no %s in the shipped todo.go", name)
	return ""
}

// funcType is a named func type as its underlying func type.
func funcType(ty reflect.Type) string {
	var in, out []reflect.Type
	for i := range ty.NumIn() {
		in = append(in, ty.In(i))
	}
	for i := range ty.NumOut() {
		out = append(out, ty.Out(i))
	}
	return reflect.FuncOf(in, out, false).String()
}
