package kit

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"go/format"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"text/template"
	"unicode"
	"unicode/utf8"

	"termlab/record/predictions"
)

// skeleton holds the templates of a new day, laid out as the day they
// write: skeleton/day/X.txt is labs/dayNN/X and skeleton/solutions/X.txt is
// solutions/dayNN/X (the .txt keeps Go from compiling a template). They use
// [[ ]] as delimiters: Go's composite literals ({{...}}) are everywhere in
// the files they write.
//
//go:embed skeleton
var skeleton embed.FS

// shipped are the learner's files, written twice from the same rendering:
// in the learner's folder and as the course's embedded shipped copy.
var shipped = []string{"todo.go", "notdone.go"}

// skeletonFile is one template and where it goes, with NN for the day and
// MODEL for its model package.
type skeletonFile struct{ tmpl, path string }

// skeletonFiles lists every template under skeleton/ with its place in
// the new day, the shipped copies included.
func skeletonFiles() ([]skeletonFile, error) {
	var out []skeletonFile
	err := fs.WalkDir(skeleton, "skeleton", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, ok := strings.CutSuffix(strings.TrimPrefix(path, "skeleton/"), ".txt")
		if !ok {
			return fmt.Errorf("%s: a template's name ends in .txt", path)
		}
		switch top, rest, _ := strings.Cut(rel, "/"); top {
		case "day":
			// The model's folder is named as the day names its model.
			if m, ok := strings.CutPrefix(rest, "course/model/"); ok {
				rest = "course/MODEL/" + m
			}
			out = append(out, skeletonFile{path, "labs/dayNN/" + rest})
			if slices.Contains(shipped, rest) {
				out = append(out, skeletonFile{path, "labs/dayNN/course/shipped/" + rest + ".txt"})
			}
		case "solutions":
			out = append(out, skeletonFile{path, "solutions/dayNN/" + rest})
		case "registry":
			// The registry's tests that need each day's own code
			// (TestNoHindsightInGrades' state-keeping TODOs).
			out = append(out, skeletonFile{path, "labs/registry/" + rest})
		default:
			return fmt.Errorf("%s: a template lives under skeleton/day, skeleton/solutions or skeleton/registry", path)
		}
		return nil
	})
	return out, err
}

// MaxTitle keeps a day's title on one line of the day list at 80 columns.
const MaxTitle = 40

// ErrUsage marks an error in what NewDay was asked, not in the disk.
var ErrUsage = errors.New("usage")

// ParseDay checks a day number and title as typed on the command line.
func ParseDay(nn, title string) (int, string, error) {
	n := 0
	if len(nn) == 0 || len(nn) > 3 {
		return 0, "", fmt.Errorf("%w: the day number must be 1 to 999, not %q", ErrUsage, nn)
	}
	for _, r := range nn {
		if r < '0' || r > '9' {
			return 0, "", fmt.Errorf("%w: the day number must be 1 to 999, not %q", ErrUsage, nn)
		}
		n = n*10 + int(r-'0')
	}
	if n == 0 || nn[0] == '0' {
		return 0, "", fmt.Errorf("%w: the day number must be 1 to 999 without leading zeros, not %q", ErrUsage, nn)
	}
	title = strings.TrimSpace(title)
	switch {
	case title == "":
		return 0, "", fmt.Errorf("%w: the title is empty", ErrUsage)
	case !utf8.ValidString(title):
		return 0, "", fmt.Errorf("%w: the title is not UTF-8", ErrUsage)
	case utf8.RuneCountInString(title) > MaxTitle:
		return 0, "", fmt.Errorf("%w: the title is %d characters; at most %d fit the day list", ErrUsage, utf8.RuneCountInString(title), MaxTitle)
	case strings.IndexFunc(title, func(r rune) bool { return !unicode.IsPrint(r) || r == '`' || r == '"' || r == '\\' }) >= 0:
		return 0, "", fmt.Errorf("%w: the title may hold printable characters only, without quotes, backquotes or backslashes", ErrUsage)
	}
	return n, title, nil
}

// dayData is what the skeleton's templates are rendered with.
type dayData struct {
	N     int
	Title string
	Model string // the model package's name, its folder's too
	Set   setUp  // the experiment, and so the answer
}

// rendered is the skeleton rendered for one day: every file's path (NN
// and MODEL filled in) and contents, in skeletonFiles' order.
type rendered struct {
	paths []string
	src   map[string][]byte
}

// render renders every template of files with data; a template rendered
// to two places (a shipped file and its copy) is rendered once.
func render(files []skeletonFile, data dayData) (rendered, error) {
	out := rendered{src: map[string][]byte{}}
	byTmpl := map[string][]byte{}
	for _, f := range files {
		src, ok := byTmpl[f.tmpl]
		if !ok {
			t, err := template.New(filepath.Base(f.tmpl)).Delims("[[", "]]").ParseFS(skeleton, f.tmpl)
			if err != nil {
				return out, err
			}
			var b bytes.Buffer
			if err := t.Execute(&b, data); err != nil {
				return out, err
			}
			src = b.Bytes()
			if strings.HasSuffix(f.tmpl, ".go.txt") {
				if src, err = format.Source(src); err != nil {
					return out, fmt.Errorf("%s: %w", f.tmpl, err)
				}
			}
			byTmpl[f.tmpl] = src
		}
		path := strings.ReplaceAll(strings.ReplaceAll(f.path, "MODEL", data.Model), "NN", fmt.Sprint(data.N))
		out.paths = append(out.paths, path)
		out.src[path] = src
	}
	return out, nil
}

// words is the rendered day's words package (course/words), the source of
// every text the day shows before a guess.
func (r rendered) words() []predictions.Seen {
	var out []predictions.Seen
	for _, p := range r.paths {
		if strings.Contains(p, "/course/words/") {
			out = append(out, predictions.Seen{In: p, Text: string(r.src[p])})
		}
	}
	return out
}

// NewDay writes the skeleton of day n under root and registers it (Write),
// its model package named model (DefaultModel when ""). It refuses a day
// whose folders exist. It returns the files written.
func NewDay(root string, n int, title, model string) ([]string, error) {
	files, err := skeletonFiles()
	if err != nil {
		return nil, err
	}
	data := dayData{N: n, Title: title, Model: DefaultModel, Set: setUps[0]}
	plain, err := render(files, data)
	if err != nil {
		return nil, err
	}
	for _, place := range dayPlaces(n, plain.paths) {
		if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(place))); err == nil {
			return nil, fmt.Errorf("%w: day %d exists (%s)", ErrUsage, n, place)
		}
	}
	if model != "" && model != DefaultModel {
		if err := checkModel(model, plain.src); err != nil {
			return nil, err
		}
		data.Model = model
	}
	// Everything new-day will write, checked before it writes any of it: a
	// day written but not registered would be refused as existing by the
	// re-run that the fix calls for.
	for _, path := range []string{"labs", "solutions", RegistryFile, FullRegistryFile, LeanDir, FullDir} {
		if err := writable(filepath.Join(root, filepath.FromSlash(path))); err != nil {
			return nil, fmt.Errorf("nothing was written: %s cannot be written (%w); fix that and run new-day again", path, err)
		}
	}
	data.Set, err = pickSetUp(root, func(s setUp) ([]predictions.Seen, error) {
		d := data
		d.Set = s
		r, err := render(files, d)
		return r.words(), err
	})
	if err != nil {
		return nil, err
	}
	day, err := render(files, data)
	if err != nil {
		return nil, err
	}
	// A file of the day that cannot be written leaves none of the day.
	undo := func(err error) ([]string, error) {
		for _, place := range dayPlaces(n, day.paths) {
			os.RemoveAll(filepath.Join(root, filepath.FromSlash(place)))
		}
		return nil, fmt.Errorf("nothing was kept: %w", err)
	}
	for _, path := range day.paths {
		full := filepath.Join(root, filepath.FromSlash(path))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			return undo(err)
		}
		if err := os.WriteFile(full, day.src[path], 0o644); err != nil {
			return undo(err)
		}
	}
	if err := Write(root); err != nil {
		// The check above passed and the write failed all the same (a
		// full disk): take the day back out, so a re-run starts clean.
		for _, place := range dayPlaces(n, day.paths) {
			os.RemoveAll(filepath.Join(root, filepath.FromSlash(place)))
		}
		Write(root) // the registration as it was, where that can be written
		return nil, fmt.Errorf("registering day %d failed, so the day was taken out again (%w); fix that and run new-day again", n, err)
	}
	return append(day.paths, RegistryFile, FullRegistryFile, LeanLink(n), FullLink(n)), nil
}

// dayPlaces is where day n's skeleton, written to paths, lives: its two
// folders, and its files in the registry's folder beside other days' (not
// in a folder of the day's own). A day is there if any of them is, and
// taking it out again removes them all.
func dayPlaces(n int, paths []string) []string {
	out := []string{fmt.Sprintf("labs/day%d", n), fmt.Sprintf("solutions/day%d", n)}
	for _, p := range paths {
		if strings.HasPrefix(p, "labs/registry/") {
			out = append(out, p)
		}
	}
	return out
}

// writable reports why path could not be written: an existing file is
// opened for writing (not truncated), a folder gets a probe file, made and
// removed, and a missing path is the nearest folder that exists.
func writable(path string) error {
	fi, err := os.Stat(path)
	switch {
	case err == nil && !fi.IsDir():
		f, err := os.OpenFile(path, os.O_WRONLY, 0)
		if err != nil {
			return err
		}
		return f.Close()
	case err == nil:
		return probe(path)
	case errors.Is(err, fs.ErrNotExist) && filepath.Dir(path) != path:
		return writable(filepath.Dir(path)) // made by the write: its nearest folder
	}
	return err
}

func probe(dir string) error {
	f, err := os.CreateTemp(dir, ".termlab-probe-*")
	if err != nil {
		return err
	}
	f.Close()
	return os.Remove(f.Name())
}
