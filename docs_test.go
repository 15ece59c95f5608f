package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// mdLink is a Markdown link's target, without its #fragment.
var mdLink = regexp.MustCompile(`\]\(([^)#\s]+)(#[^)]*)?\)`)

// TestGuidesPointAtFilesThatExist: the README and the guides in docs/ send
// readers to one another and to the code; a link whose file moved or went
// would send a learner, a member of staff or an author nowhere.
func TestGuidesPointAtFilesThatExist(t *testing.T) {
	guides, err := filepath.Glob(filepath.Join("docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	files := append([]string{"README.md", filepath.Join("staff", "platforms", "README.md")}, guides...)
	links := 0
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range mdLink.FindAllStringSubmatch(string(b), -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			links++
			if _, err := os.Stat(filepath.Join(filepath.Dir(f), filepath.FromSlash(target))); err != nil {
				t.Errorf("%s links to %s, which is not there", f, target)
			}
		}
	}
	if links == 0 {
		t.Fatal("no links found: the pattern no longer matches the guides' links")
	}
}
