package class

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strings"

	"termlab/labs"
)

// A TODO whose code still reaches panic(notDone) on some inputs is not a
// stub left as shipped: the student wrote code and left the stub's panic
// on a path of it (an `if` they did not finish). The grader says
// "unfinished" for both; the class tells them apart on the submission's
// own source, so "not started" means the body is the stub's and nothing
// else.

// partlyDone starts the detail of a TODO that is partly done.
const partlyDone = "partly done: panic(notDone) is still reached on some inputs"

// markPartlyDone rewrites, in r, the unfinished grades whose function in
// the submission's files has more than the stub's panic(notDone).
func markPartlyDone(r *Result, files map[string][]byte) {
	for i, g := range r.Grades {
		if g.Status != labs.Unfinished {
			continue
		}
		if body, ok := funcBody(files, g.Func); ok && !isStub(body) {
			r.Grades[i].Detail = partlyDone + " of " + g.Func + ", beside code of the student's"
		}
	}
}

// funcBody finds the top-level function name in the files.
func funcBody(files map[string][]byte, name string) (*ast.BlockStmt, bool) {
	fset := token.NewFileSet()
	for n, data := range files {
		f, err := parser.ParseFile(fset, n, data, parser.SkipObjectResolution)
		if err != nil {
			continue
		}
		for _, d := range f.Decls {
			if fn, ok := d.(*ast.FuncDecl); ok && fn.Recv == nil && fn.Name.Name == name && fn.Body != nil {
				return fn.Body, true
			}
		}
	}
	return nil, false
}

// isStub reports whether body is the shipped stub's: panic(notDone) and
// nothing else.
func isStub(body *ast.BlockStmt) bool {
	if len(body.List) != 1 {
		return false
	}
	es, ok := body.List[0].(*ast.ExprStmt)
	if !ok {
		return false
	}
	call, ok := es.X.(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return false
	}
	fn, ok1 := call.Fun.(*ast.Ident)
	arg, ok2 := call.Args[0].(*ast.Ident)
	return ok1 && ok2 && fn.Name == "panic" && arg.Name == "notDone"
}

// isPartlyDone reports whether an unfinished grade is partly done.
func isPartlyDone(g labs.Grade) bool {
	return g.Status == labs.Unfinished && strings.HasPrefix(g.Detail, partlyDone)
}
