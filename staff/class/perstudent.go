package class

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"termlab/labs"
	"termlab/staff/autograde"
)

// Per-student files: each submission's grade in an autograder's format,
// one file a student, as `grade --format F` would have written it on the
// student's own machine (the same tests, points, messages and lines), for
// a platform or a CI that takes results one student at a time.

// fileExt is the per-student file's extension for a format.
func fileExt(f autograde.Format) string {
	switch f {
	case autograde.JUnit:
		return ".xml"
	case autograde.Classroom:
		return ".b64"
	}
	return ".json"
}

var compilerPlace = regexp.MustCompile(`(labs/day[0-9]+/[^\s:]+\.go):([0-9]+)`)

// WritePerStudent writes dir/WHO.EXT for every graded or non-compiling
// submission, in format f with the points scaled to total (0: the
// weights). A refused submission or one the lab could not grade has no
// such file (nothing ran): skipped names them.
func WritePerStudent(dir string, f autograde.Format, day labs.Day, subs []Submission, results []Result, total float64) (written, skipped []string, err error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, nil, err
	}
	files := map[string]Submission{}
	for _, s := range subs {
		files[s.Who] = s
	}
	taken := map[string]bool{}
	for _, r := range results {
		if r.Status != Graded && r.Status != NoCompile {
			skipped = append(skipped, r.Who)
			continue
		}
		path := filepath.Join(dir, fileName(r.Who, taken)+fileExt(f))
		sub := files[r.Who]
		sub.Load(day) // one at a time, as the grader read them
		if err := writeOne(path, f, day, sub, r, total); err != nil {
			return written, skipped, fmt.Errorf("%s: %w", path, err)
		}
		written = append(written, path)
	}
	return written, skipped, nil
}

// maxName bounds a per-student file's name, in bytes: file systems take
// 255, and the extension and a digest need room.
const maxName = 200

// fileName is who as a file name of its own: no separator, at most
// maxName bytes (cut on a character and told apart by a digest of the
// whole name), and not one taken already in any case (a file system may
// not tell Ann from ann).
func fileName(who string, taken map[string]bool) string {
	name := strings.NewReplacer("/", "_", "\\", "_", "\x00", "_").Replace(who)
	if name == "" || name == "." || name == ".." {
		name = "_" + name
	}
	sum := sha256.Sum256([]byte(who))
	tag := "-" + hex.EncodeToString(sum[:4])
	if len(name) > maxName {
		cut := maxName - len(tag)
		for cut > 0 && !utf8.RuneStart(name[cut]) {
			cut--
		}
		name = name[:cut] + tag
	}
	for n := 2; taken[strings.ToLower(name)]; n++ {
		name = fmt.Sprintf("%s-%d", strings.TrimSuffix(name, fmt.Sprintf("-%d", n-1)), n)
	}
	taken[strings.ToLower(name)] = true
	return name
}

func writeOne(path string, f autograde.Format, day labs.Day, sub Submission, r Result, total float64) error {
	// The student's files in a folder of their own, for the TODOs'
	// lines, as on their machine.
	root, err := os.MkdirTemp("", "termlab-per-student-*")
	if err != nil {
		return err
	}
	defer os.RemoveAll(root)
	if err := os.MkdirAll(filepath.Join(root, filepath.FromSlash(day.LearnerDir)), 0o755); err != nil {
		return err
	}
	if err := sub.place(root, day); err != nil {
		return err
	}
	var rep autograde.Report
	if r.Status == NoCompile {
		file, line := "", 0
		if m := compilerPlace.FindStringSubmatch(r.Error); m != nil {
			file = m[1]
			line, _ = strconv.Atoi(m[2])
		}
		rep = autograde.Broken(day, r.Error, file, line, root, total)
	} else {
		rep = autograde.New(day, r.Grades, root, total)
	}
	rep.Seconds = r.Seconds
	data, err := autograde.Write(f, rep)
	if err != nil {
		return err
	}
	return writeFile(path, func(w io.Writer) error { _, err := w.Write(data); return err })
}
