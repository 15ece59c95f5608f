package worker

import (
	"errors"
	"path"
	"slices"
	"strconv"
	"strings"
)

// A plan is what one `go build -x` of a worker did for the learner's
// package and everything that depends on it: the compiles of those
// packages and the link, command by command, as the go command ran them
// (its flags, build IDs, import configurations and working folders). The
// direct build (direct.go) replays it after a save, so the learner's code
// is built exactly as go build built it, without the go command's own
// start, package loading and staleness checks around it.
type plan struct {
	Steps []planStep
	// Learner is the learner's package's import path, Files its files as
	// the compile named them (relative to the step's folder).
	Learner string
	Files   []string
	// Dirs are the folders whose contents the build read other than the
	// learner's (the module's packages the worker imports), for the key.
	Dirs []string
	Key  string // planKey when the plan was made
}

// planStep is one tool run: a compile or the link.
type planStep struct {
	Dir  string
	Env  []string // assignments the go command put before the tool (GOROOT=…)
	Args []string // the tool and its arguments; "$WORK" is the work folder
	// Files are the files the go command wrote before it (import
	// configurations), by path (with "$WORK"), with the cached packages the
	// build compiled anew already pointed at the build cache.
	Files map[string]string
	Pkg   string // -p of a compile; "" for the link
	Out   string // -o
}

// work stands for the go command's work folder in a plan.
const work = "$WORK"

var errNoPlan = errors.New("no plan in the build's output")

// parsePlan reads the output of `go build -x` that built main with the
// learner's package (import path learner) compiled anew. It keeps the
// learner's compile, every compile that imports an output of a kept step
// (the main package, at least), and the link; every other package the
// build compiled is pointed at its copy in the build cache (the cp lines).
// Anything it cannot account for is errNoPlan: the caller then keeps
// building with go build.
func parsePlan(out, learner string) (*plan, error) {
	lines := strings.Split(out, "\n")
	workDir := ""
	dir := ""
	files := map[string]string{}  // path with $WORK → content
	cached := map[string]string{} // $WORK output → build cache file
	var steps []planStep
	final := ""
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		if v, ok := strings.CutPrefix(line, "WORK="); ok && workDir == "" {
			workDir = v
			continue
		}
		if workDir != "" {
			line = strings.ReplaceAll(line, workDir, work)
		}
		if strings.HasPrefix(line, "cat >") && strings.Contains(line, "<< 'EOF'") {
			name := strings.TrimSpace(strings.TrimPrefix(line[:strings.Index(line, "<<")], "cat >"))
			// The go command prints the file's text and then EOF, so a
			// text without a final newline (an embed configuration) ends
			// on EOF's line.
			var body strings.Builder
			for i++; i < len(lines) && !strings.HasSuffix(lines[i], "EOF"); i++ {
				body.WriteString(lines[i] + "\n")
			}
			if i == len(lines) {
				return nil, errNoPlan
			}
			body.WriteString(strings.TrimSuffix(lines[i], "EOF"))
			text := body.String()
			if workDir != "" {
				text = strings.ReplaceAll(text, workDir, work)
			}
			files[name] = text
			continue
		}
		words, err := shellWords(line)
		if err != nil {
			return nil, errNoPlan
		}
		if len(words) == 0 {
			continue
		}
		switch words[0] {
		case "cd":
			if len(words) != 2 {
				return nil, errNoPlan
			}
			if words[1] != "." {
				dir = words[1]
			}
			continue
		case "cp":
			if len(words) == 3 {
				cached[words[1]] = words[2]
			}
			continue
		case "mv":
			if len(words) == 3 {
				final = words[1]
			}
			continue
		case "mkdir", "rm", "go", "echo", "touch", "chmod":
			continue // folders of its own, its build IDs, its cache bookkeeping
		}
		var env []string
		for len(words) > 0 && strings.Contains(words[0], "=") && !strings.HasPrefix(words[0], "/") {
			env, words = append(env, words[0]), words[1:]
		}
		if len(words) == 0 {
			continue
		}
		tool := path.Base(words[0])
		s := planStep{Dir: dir, Env: env, Args: words, Out: flagValue(words, "-o")}
		if tool == "compile" {
			s.Pkg = flagValue(words, "-p")
		} else if tool != "link" {
			// asm, cgo, pack… of a package this plan does not replay, or of
			// one it does, which it cannot: only compiles and the link.
			s.Pkg = "?"
		}
		s.Files = map[string]string{}
		for _, a := range words {
			if text, ok := files[a]; ok {
				s.Files[a] = text
			}
		}
		steps = append(steps, s)
	}
	return choose(steps, cached, final, learner)
}

// choose keeps the learner's compile, the compiles that depend on it, and
// the link.
func choose(steps []planStep, cached map[string]string, final, learner string) (*plan, error) {
	p := &plan{Learner: learner}
	kept := map[string]bool{} // outputs of kept steps
	main := false
	for _, s := range steps {
		link := path.Base(s.Args[0]) == "link"
		keep := s.Pkg == learner || link && s.Out != "" && s.Out == final
		for _, text := range s.Files {
			for out := range kept {
				if strings.Contains(text, "="+out+"\n") {
					keep = true
				}
			}
		}
		if !keep {
			continue
		}
		if s.Pkg == "?" || s.Out == "" {
			return nil, errNoPlan
		}
		if s.Pkg == learner {
			for _, a := range s.Args {
				if strings.HasSuffix(a, ".go") {
					p.Files = append(p.Files, a)
				}
			}
		}
		main = main || s.Pkg == "main"
		kept[s.Out] = true
		p.Steps = append(p.Steps, s)
	}
	if len(p.Steps) < 3 || p.Steps[0].Pkg != learner || !main || path.Base(p.Steps[len(p.Steps)-1].Args[0]) != "link" || len(p.Files) == 0 {
		return nil, errNoPlan
	}
	// What the kept steps read from packages the build compiled but the
	// plan does not replay comes from the build cache, where go build put
	// their outputs.
	for i := range p.Steps {
		for name, text := range p.Steps[i].Files {
			var b strings.Builder
			for _, line := range strings.SplitAfter(text, "\n") {
				if k, v, ok := strings.Cut(strings.TrimSuffix(line, "\n"), "="); ok && strings.HasPrefix(k, "packagefile ") && strings.HasPrefix(v, work) && !kept[v] {
					c, ok := cached[v]
					if !ok {
						return nil, errNoPlan
					}
					line = k + "=" + c + "\n"
				}
				b.WriteString(line)
			}
			p.Steps[i].Files[name] = b.String()
		}
	}
	return p, nil
}

// cachedFiles are the build cache's files a plan reads: if the cache was
// trimmed or cleaned, the plan cannot run.
func (p *plan) cachedFiles() []string {
	var out []string
	for _, s := range p.Steps {
		for _, text := range s.Files {
			for _, line := range strings.Split(text, "\n") {
				if k, v, ok := strings.Cut(line, "="); ok && strings.HasPrefix(k, "packagefile ") && !strings.HasPrefix(v, work) {
					out = append(out, v)
				}
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

func flagValue(args []string, flag string) string {
	for i, a := range args {
		if a == flag && i+1 < len(args) {
			return args[i+1]
		}
		if v, ok := strings.CutPrefix(a, flag+"="); ok {
			return v
		}
	}
	return ""
}

// shellWords splits one line of `go build -x` into words as sh would: the
// go command quotes a word Go-style ("…", strconv.Quote) when it has
// spaces or shell characters, and environment values in single quotes; a
// # outside quotes starts a comment (its "# internal" marks).
func shellWords(line string) ([]string, error) {
	var words []string
	var cur strings.Builder
	in := false
	for i := 0; i < len(line); i++ {
		switch c := line[i]; c {
		case ' ', '\t':
			if in {
				words = append(words, cur.String())
				cur.Reset()
				in = false
			}
		case '#':
			if !in {
				return words, nil
			}
			cur.WriteByte(c)
		case '\'':
			end := strings.IndexByte(line[i+1:], '\'')
			if end < 0 {
				return nil, errNoPlan
			}
			cur.WriteString(line[i+1 : i+1+end])
			i += end + 1
			in = true
		case '"':
			j := i + 1
			for ; j < len(line) && line[j] != '"'; j++ {
				if line[j] == '\\' {
					j++
				}
			}
			if j >= len(line) {
				return nil, errNoPlan
			}
			s, err := strconv.Unquote(line[i : j+1])
			if err != nil {
				return nil, errNoPlan
			}
			cur.WriteString(s)
			i = j
			in = true
		default:
			cur.WriteByte(c)
			in = true
		}
	}
	if in {
		words = append(words, cur.String())
	}
	return words, nil
}
