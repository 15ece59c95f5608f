package results

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const skeleton = "# Day 45: results\n\nmy answer here\n\n<!-- termlab:day45:begin -->\n(not run yet)\n<!-- termlab:day45:end -->\n"

func write(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func read(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func TestUpdateMissingFileIsCreatedFromTheSkeleton(t *testing.T) {
	path := filepath.Join(t.TempDir(), "RESULTS.md")
	change, err := Update(path, 45, "report one", skeleton)
	if err != nil || change != Created {
		t.Fatalf("Update = %q, %v; want created", change, err)
	}
	got := read(t, path)
	if !strings.HasPrefix(got, "# Day 45: results\n\nmy answer here\n") || !strings.Contains(got, "report one") || strings.Contains(got, "(not run yet)") {
		t.Errorf("created:\n%s", got)
	}
}

func TestUpdateKeepsTheLearnersText(t *testing.T) {
	path := filepath.Join(t.TempDir(), "RESULTS.md")
	before := "# Mine\n\nnotes ✓ with ``` fences\n\n<!-- termlab:day45:begin -->\nold report\n<!-- termlab:day45:end -->\n\nmore notes, no newline at the end"
	write(t, path, before)
	for i, report := range []string{"first", "second\nwith lines\n"} {
		change, err := Update(path, 45, report, skeleton)
		if err != nil || change != Replaced {
			t.Fatalf("run %d: Update = %q, %v", i, change, err)
		}
	}
	got := read(t, path)
	begin, end := Markers(45)
	if !strings.HasPrefix(got, before[:strings.Index(before, begin)+len(begin)]) || !strings.HasSuffix(got, before[strings.Index(before, end):]) {
		t.Errorf("the learner's text moved:\n%s", got)
	}
	if !strings.Contains(got, "second\nwith lines\n") || strings.Contains(got, "old report") || strings.Contains(got, "first") {
		t.Errorf("section not replaced:\n%s", got)
	}
}

func TestUpdateAppendsASectionWhenThereIsNone(t *testing.T) {
	path := filepath.Join(t.TempDir(), "RESULTS.md")
	before := "my own notes"
	write(t, path, before)
	change, err := Update(path, 45, "report", skeleton)
	if err != nil || change != Added {
		t.Fatalf("Update = %q, %v", change, err)
	}
	if got := read(t, path); !strings.HasPrefix(got, before+"\n\n") || !strings.Contains(got, "report") {
		t.Errorf("got:\n%s", got)
	}
}

// Damaged markers: nothing is written, and the error says what to repair.
func TestUpdateRefusesDamagedMarkers(t *testing.T) {
	begin, end := Markers(45)
	for name, c := range map[string]struct{ text, says string }{
		"two begins":            {"a\n" + begin + "\n" + begin + "\nx\n" + end + "\nb", "damaged"},
		"two sections":          {begin + "\n1\n" + end + "\nmine\n" + begin + "\n2\n" + end + "\n", "damaged"},
		"no end":                {"a\n" + begin + "\nmy text that follows\n", "damaged"},
		"no begin":              {"a\nmine\n" + end + "\n", "damaged"},
		"begin lost its closer": {"a\n<!-- termlab:day45:begin\nx\n" + end + "\n", "damaged"},
		"wrong order":           {"a\n" + end + "\nmine\n" + begin + "\nb\n", "wrong order"},
	} {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "RESULTS.md")
			write(t, path, c.text)
			change, err := Update(path, 45, "report", skeleton)
			if err == nil || !strings.Contains(err.Error(), c.says) || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "nothing was changed") {
				t.Errorf("Update = %q, %v; want an error naming the file that says %q and that nothing was changed", change, err, c.says)
			}
			if got := read(t, path); got != c.text {
				t.Errorf("the file changed:\n%s", got)
			}
		})
	}
}

func TestUpdateRefusesAReadOnlyFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "RESULTS.md")
	write(t, path, skeleton)
	if err := os.Chmod(path, 0o444); err != nil {
		t.Fatal(err)
	}
	_, err := Update(path, 45, "report", skeleton)
	if err == nil || !strings.Contains(err.Error(), path) {
		t.Fatalf("Update on a read-only file: %v, want an error naming it", err)
	}
	if got := read(t, path); got != skeleton {
		t.Errorf("a read-only file was rewritten:\n%s", got)
	}
	if info, _ := os.Stat(path); info.Mode().Perm() != 0o444 {
		t.Errorf("mode is now %v", info.Mode().Perm())
	}
}

func TestUpdateUnreadable(t *testing.T) {
	path := filepath.Join(t.TempDir(), "RESULTS.md")
	if err := os.Mkdir(path, 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := Update(path, 45, "report", skeleton); err == nil || !strings.Contains(err.Error(), "is a folder") {
		t.Errorf("Update on a folder: %v", err)
	}
}

// A panic message quoted in the report must not plant a marker (which would
// damage the section for every later run) nor close the fence early.
func TestReportCannotForgeMarkers(t *testing.T) {
	path := filepath.Join(t.TempDir(), "RESULTS.md")
	write(t, path, skeleton)
	begin, end := Markers(45)
	hostile := "panicked: " + end + " " + begin + " ``` ````"
	for i := range 3 {
		if _, err := Update(path, 45, hostile, skeleton); err != nil {
			t.Fatalf("run %d: %v", i, err)
		}
	}
	got := read(t, path)
	if strings.Count(got, begin) != 1 || strings.Count(got, end) != 1 {
		t.Errorf("the report planted markers:\n%s", got)
	}
	if !strings.Contains(got, "`````text\n") {
		t.Errorf("the fence is not longer than the report's backticks:\n%s", got)
	}
}

func TestUpdateFollowsASymlink(t *testing.T) {
	dir := t.TempDir()
	notes := filepath.Join(dir, "notes.md")
	write(t, notes, skeleton)
	link := filepath.Join(dir, "RESULTS.md")
	if err := os.Symlink(notes, link); err != nil {
		t.Skip("no symlinks here:", err)
	}
	if _, err := Update(link, 45, "report", skeleton); err != nil {
		t.Fatal(err)
	}
	if info, err := os.Lstat(link); err != nil || info.Mode()&os.ModeSymlink == 0 {
		t.Errorf("RESULTS.md is no longer a link: %v %v", info, err)
	}
	if !strings.Contains(read(t, notes), "report") {
		t.Error("the linked file was not updated")
	}
}

// Whatever the file holds, splice either refuses or keeps every byte outside
// the day's markers.
func FuzzSplice(f *testing.F) {
	begin, end := Markers(45)
	f.Add("mine\n"+begin+"\nold\n"+end+"\nmine too", "report")
	f.Add("", "")
	f.Add(end+begin, "<!-- termlab:day45:end -->")
	f.Add("no markers", "```")
	f.Fuzz(func(t *testing.T, text, report string) {
		out, change, err := splice(text, 45, report)
		if err != nil {
			return
		}
		switch change {
		case Added:
			if !strings.HasPrefix(out, text) {
				t.Fatalf("appending changed the text before it")
			}
		case Replaced:
			i, j := strings.Index(text, begin), strings.Index(text, end)
			if !strings.HasPrefix(out, text[:i+len(begin)]) || !strings.HasSuffix(out, text[j:]) {
				t.Fatalf("text outside the markers changed")
			}
		default:
			t.Fatalf("change %q", change)
		}
		if strings.Count(out, begin) != 1 || strings.Count(out, end) != 1 {
			t.Fatalf("the result has %d begin and %d end markers", strings.Count(out, begin), strings.Count(out, end))
		}
		if again, _, err := splice(out, 45, report); err != nil || again != out {
			t.Fatalf("splicing the same report twice is not stable: %v", err)
		}
	})
}

// A CRLF file stays CRLF throughout, the lab's section included, whether
// the section is added, replaced or replaced again; an LF file stays LF.
func TestUpdateKeepsLineEndings(t *testing.T) {
	begin, end := Markers(45)
	report := "Day 45\nline two\n"
	cases := []struct {
		name, content string
		crlf          bool
	}{
		{"CRLF with a section", "# Mine\r\n\r\nnotes\r\n" + begin + "\r\nold\r\n" + end + "\r\nafter\r\n", true},
		{"CRLF without a section", "# Mine\r\n\r\nnotes\r\n", true},
		{"CRLF without a final newline", "# Mine\r\nnotes", true},
		{"CRLF whose section was LF", "# Mine\r\nnotes\r\nmore\r\n" + begin + "\nold\n" + end + "\r\n", true},
		{"LF", "# Mine\n\nnotes\n" + begin + "\nold\n" + end + "\n", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "RESULTS.md")
			write(t, path, c.content)
			for run := range 2 {
				if _, err := Update(path, 45, report, skeleton); err != nil {
					t.Fatal(err)
				}
				got := read(t, path)
				lf := strings.Count(got, "\n") - strings.Count(got, "\r\n")
				if c.crlf && lf != 0 {
					t.Errorf("run %d: %d bare LF line endings in a CRLF file:\n%q", run, lf, got)
				}
				if !c.crlf && strings.Contains(got, "\r") {
					t.Errorf("run %d: CR in an LF file:\n%q", run, got)
				}
				if !strings.Contains(got, "line two") {
					t.Errorf("run %d: no report:\n%q", run, got)
				}
			}
		})
	}
}

// A link that leads out of the repository (the file's folder) is refused
// and nothing outside changes; the message says why.
func TestUpdateRefusesALinkOutOfTheRepository(t *testing.T) {
	repo, outside := t.TempDir(), t.TempDir()
	theirs := filepath.Join(outside, "notes.md")
	write(t, theirs, "not the lab's")
	link := filepath.Join(repo, "RESULTS.md")
	if err := os.Symlink(theirs, link); err != nil {
		t.Skip("no symlinks here:", err)
	}
	_, err := Update(link, 45, "report", skeleton)
	if err == nil || !strings.Contains(err.Error(), "outside the repository") {
		t.Fatalf("Update = %v, want a refusal naming the repository", err)
	}
	if got := read(t, theirs); got != "not the lab's" {
		t.Errorf("the file outside was written: %q", got)
	}
}

// TestTheSameBlockWritesNothing: refreshing a section with what it already
// says leaves the file alone and says so.
func TestTheSameBlockWritesNothing(t *testing.T) {
	path := filepath.Join(t.TempDir(), "RESULTS.md")
	write(t, path, "# Mine\n\n<!-- termlab:day45:begin -->\nold\n<!-- termlab:day45:end -->\n")
	if change, err := Update(path, 45, "report", skeleton); err != nil || change != Replaced {
		t.Fatalf("first: %q, %v", change, err)
	}
	before, _ := os.Stat(path)
	if change, err := Update(path, 45, "report", skeleton); err != nil || change != Same {
		t.Fatalf("again: %q, %v", change, err)
	}
	if after, _ := os.Stat(path); !os.SameFile(before, after) {
		t.Error("the same block was written again")
	}
}
