package tracked

import (
	"bytes"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"termlab/labs"
	day45 "termlab/labs/day45/course"
	"termlab/labs/day45/course/door"
	"termlab/labs/day45/course/fleet"
	"termlab/labs/registry/full"
	"termlab/record/predictions"
	solutions45 "termlab/solutions/day45"
)

// root is the module's root, from this package's folder.
const root = "../../.."

// heavy is the days whose heavy parts only the full worker links, as it
// links them, so that every prediction has its answer (labs/registry's
// tests play Day 45 so too).
var heavy = map[int]labs.Day{45: day45.New(solutions45.Funcs, fleet.Pieces, door.Pieces)}

// answer is one prediction's answer and the ways a file would write it.
type answer struct {
	Day    int
	ID     string // "P7"
	Metric string // "drr_quiet_p50_ms"
	Value  float64
	Forms  []string // the distinctive ones only (distinctive)
}

var (
	answersOnce sync.Once
	answersAll  []answer
	answersErr  []string
)

// answers is every prediction's answer of every day, as the scoreboard
// reveals it: the reference run's figure for the prediction's metric
// (what record/session judges a guess against), played once per test
// binary, in well under a second.
func answers(t testing.TB) []answer {
	answersOnce.Do(func() {
		for _, day := range full.Days {
			if d, ok := heavy[day.Number]; ok {
				day = d
			}
			m := labs.Outcome{Parts: day.Run(labs.Reference)}.Metrics()
			for _, p := range day.Predictions {
				v, ok := m[p.Metric]
				if !ok {
					answersErr = append(answersErr, fmt.Sprintf("day %d: the reference gives no %s, so %s's answer cannot be looked for", day.Number, p.Metric, p.ID))
					continue
				}
				answersAll = append(answersAll, answer{Day: day.Number, ID: p.ID, Metric: p.Metric, Value: v, Forms: distinctiveForms(v)})
			}
		}
	})
	for _, e := range answersErr {
		t.Error(e)
	}
	return answersAll
}

// forms is every way the lab or a dump of its figures writes v: the
// scoreboard's (predictions.FormatValue: 2,050, 12.3), that without its
// commas, Go's %g at full and default precision, and %.Nf for one to four
// decimals, with and without trailing zeros.
func forms(v float64) []string {
	shown := predictions.FormatValue(v, "")
	out := []string{shown, strings.ReplaceAll(shown, ",", ""),
		strconv.FormatFloat(v, 'g', -1, 64), fmt.Sprintf("%g", v)}
	for d := 1; d <= 4; d++ {
		f := strconv.FormatFloat(v, 'f', d, 64)
		out = append(out, f, strings.TrimRight(strings.TrimRight(f, "0"), "."))
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// distinctiveForms is forms(v) less those a file holds by accident (see
// distinctive).
func distinctiveForms(v float64) []string {
	return slices.DeleteFunc(forms(v), func(f string) bool { return !distinctive(f) })
}

// distinctive reports whether the figure f has three significant digits
// or more and is not a round whole number: 2049.9, 61.7, 2.84, 357, not
// 60, 100, 3.7, 0.04 or 1,000. Such a figure in a file is the answer or a
// coincidence rare enough that several of them together, or one beside
// its prediction's name, are not one. (A day's small whole answers, 20
// requests or 50%, are everywhere as settings and cannot be told apart.)
func distinctive(f string) bool {
	f = strings.TrimLeft(strings.ReplaceAll(f, ",", ""), "-")
	whole, frac, _ := strings.Cut(f, ".")
	if strings.Trim(frac, "0") == "" && strings.HasSuffix(whole, "0") {
		return false // a round whole number: 100, 1000, 60.0
	}
	return len(strings.Trim(whole+frac, "0")) >= 3
}

// finding is what the scan found of one day's answers in one file.
type finding struct {
	Path   string
	Day    int
	Why    string
	Places []string // "P7 12.3 (line 12)"
}

func (f finding) String() string {
	return fmt.Sprintf("%s holds day %d's answers (%s): %s", f.Path, f.Day, f.Why, strings.Join(f.Places, "; "))
}

// several is how many of one day's predictions' answers a file may hold
// before it is taken for a list of them: two distinctive figures of a
// day's may meet by chance (a latency in one prediction's Why has the
// digits of another prediction's percentage), three have not in this
// repository.
const several = 3

// near is how close, in bytes, an answer may stand to its prediction's ID
// or metric name before the two are read as the answer stated: a line or
// two of text, one row of a table.
const near = 80

// allowance is one reviewed exception: the file at Path may hold the
// answer of Day's prediction ID, for the reason Why.
type allowance struct {
	Path string
	Day  int
	ID   string
	Why  string
}

// scan finds the files that give answers away: one that holds several
// distinct predictions' distinctive answers of one day, or one answer near
// its prediction's ID (P7, as a word) or metric (drr_quiet_p50_ms). An
// answer allow lists for a file is not counted there.
func scan(files map[string]string, all []answer, allow []allowance) []finding {
	type found struct {
		places []string
		held   map[string]bool // prediction IDs
		named  []string
	}
	var out []finding
	for _, path := range slices.Sorted(maps.Keys(files)) {
		text := files[path]
		byDay := map[int]*found{}
		for _, a := range all {
			if slices.ContainsFunc(allow, func(w allowance) bool { return w.Path == path && w.Day == a.Day && w.ID == a.ID }) {
				continue
			}
			for _, f := range a.Forms {
				for _, at := range figureAt(text, f) {
					d := byDay[a.Day]
					if d == nil {
						d = &found{held: map[string]bool{}}
						byDay[a.Day] = d
					}
					place := fmt.Sprintf("%s %s (line %d)", a.ID, f, 1+strings.Count(text[:at], "\n"))
					if !d.held[a.ID] {
						d.places = append(d.places, place)
						d.held[a.ID] = true
					}
					if nameNear(text, at, len(f), a) {
						d.named = append(d.named, place)
					}
				}
			}
		}
		for _, day := range slices.Sorted(maps.Keys(byDay)) {
			switch d := byDay[day]; {
			case len(d.held) >= several:
				out = append(out, finding{Path: path, Day: day, Why: fmt.Sprintf("%d predictions' answers", len(d.held)), Places: d.places})
			case len(d.named) > 0:
				out = append(out, finding{Path: path, Day: day, Why: "an answer beside its prediction's name", Places: d.named})
			}
		}
	}
	return out
}

// figureAt is where f stands in text as a number of its own: not a piece
// of a longer number (61.7 in 161.7 or 61.75), of a name or of a digest
// (a61.7, 3579f). A unit may follow it (12.3ms, 1.5x).
func figureAt(text, f string) []int {
	var at []int
	for i := 0; ; {
		j := strings.Index(text[i:], f)
		if j < 0 {
			return at
		}
		j += i
		end := j + len(f)
		before := j > 0 && (isWord(text[j-1]) || text[j-1] == '.' || (text[j-1] == ',' && j > 1 && isDigit(text[j-2])))
		after := end < len(text) && (isDigit(text[end]) || isLetter(text[end]) && !strings.ContainsRune("msx", rune(text[end])) ||
			((text[end] == '.' || text[end] == ',') && end+1 < len(text) && isDigit(text[end+1])))
		if !before && !after {
			at = append(at, j)
		}
		i = end
	}
}

// nameNear reports whether a's ID (as a word: P7, not P70) or metric
// stands within near bytes of the figure at text[at:at+n].
func nameNear(text string, at, n int, a answer) bool {
	window := text[max(at-near, 0):min(at+n+near, len(text))]
	if strings.Contains(window, a.Metric) {
		return true
	}
	for i := 0; ; {
		j := strings.Index(window[i:], a.ID)
		if j < 0 {
			return false
		}
		j += i
		end := j + len(a.ID)
		if (j == 0 || !isWord(window[j-1])) && (end == len(window) || !isWord(window[end])) {
			return true
		}
		i = end
	}
}

func isDigit(b byte) bool  { return '0' <= b && b <= '9' }
func isLetter(b byte) bool { return 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' }
func isWord(b byte) bool   { return isDigit(b) || isLetter(b) || b == '_' }

// trackedFiles is the text of every file git tracks in the module (the
// working tree's copy), less binary files and the learner's own files; a
// folder git lists nothing in is walked instead, .git left out.
func trackedFiles(t *testing.T) map[string]string {
	var paths []string
	out, err := exec.Command("git", "-C", root, "ls-files", "-z").Output()
	for _, p := range strings.Split(string(out), "\x00") {
		if p != "" && err == nil {
			paths = append(paths, p)
		}
	}
	if len(paths) == 0 {
		// Not a checkout, or a copy inside another one that does not
		// track it.
		t.Logf("git ls-files lists nothing (%v): walking the tree instead", err)
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && d.Name() == ".git" {
				return filepath.SkipDir
			}
			if d.Type().IsRegular() {
				rel, err := filepath.Rel(root, path)
				paths = append(paths, filepath.ToSlash(rel))
				return err
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	files := map[string]string{}
	for _, p := range paths {
		if learners(p) {
			continue
		}
		b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(p)))
		if os.IsNotExist(err) {
			continue // deleted in the working tree, not yet in git
		}
		if err != nil {
			t.Fatal(err)
		}
		if bytes.IndexByte(b, 0) >= 0 || !utf8.Valid(b) {
			continue // binary
		}
		files[p] = string(b)
	}
	return files
}

// learners reports whether path is one of the learner's files: their
// answers and history (predictions/), their write-up (RESULTS.md, whose
// marked block the lab fills with their runs), their code in a day's
// folder (all but the lab's notdone.go) and the versions reset kept of it
// (.kept/, which git ignores, read when the tree is walked). They hold what the learner has
// seen and written, not what the lab shows before a guess, and the
// default go test ./... passes whatever they hold.
func learners(path string) bool {
	if strings.HasPrefix(path, "predictions/") || path == "RESULTS.md" {
		return true
	}
	for _, day := range full.Days {
		rest, ok := strings.CutPrefix(path, strings.Trim(day.LearnerDir, "/")+"/")
		if ok && (strings.HasPrefix(rest, ".kept/") || !strings.Contains(rest, "/") && strings.HasSuffix(rest, ".go") && rest != "notdone.go") {
			return true
		}
	}
	return false
}

// allowed is the reviewed exceptions, each a file and one answer.
var allowed = []allowance{
	// The day's words keep every sentence the screens show, and a
	// prediction's Why, shown only once its guess is in (record/session's
	// gate), may state the answer it explains.
	{"labs/day46/course/words/predictions.go", 46, "P6", "P6's Why gives the run's count beside the rounded 60/s"},
	{"labs/day46/course/words/predictions.go", 46, "P11", "P11's Why gives the run's average beside the exact one"},
}

// held is what the repository's test finds in files: every file scanned,
// allowed's reviewed exceptions and nothing else let through (no file is
// left out by its name, as the authors' REFERENCE.md once was).
func held(files map[string]string, all []answer) []finding { return scan(files, all, allowed) }

// TestNoTrackedFileHoldsAnswers: no file of the repository gives a
// prediction's answer away, as a list of them (the figures.golden of an
// earlier round held every one in plain text) or one beside its name,
// whatever the file: a guide, a test, a golden file, a comment. The
// learner's own files are left out (learners), and allowed's reviewed
// exceptions. No file is an authors' exception: a day's REFERENCE.md holds
// pins, not figures, and go run ./author/reference prints the figures.
//
// It reads every file it scans, so Go's test cache runs it again when any
// of them changes (it costs a second or two, in a package of its own so
// that nothing else runs again with it). The list comes from git
// ls-files, in a child process the cache does not see, so a file newly
// added to git is first read when any other file changes.
func TestNoTrackedFileHoldsAnswers(t *testing.T) {
	all := answers(t)
	files := trackedFiles(t)
	if len(files) < 100 {
		t.Fatalf("only %d files to read: the module root is not where this test looks (%s)", len(files), root)
	}
	for _, f := range held(files, all) {
		t.Error(f)
	}
	// An exception no longer needed goes.
	for _, w := range allowed {
		if !slices.ContainsFunc(all, func(a answer) bool {
			return a.Day == w.Day && a.ID == w.ID && slices.ContainsFunc(a.Forms, func(f string) bool { return len(figureAt(files[w.Path], f)) > 0 })
		}) {
			t.Errorf("allowed: %s no longer holds day %d's %s answer; drop the exception", w.Path, w.Day, w.ID)
		}
	}
}
