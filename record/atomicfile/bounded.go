package atomicfile

import (
	"fmt"
	"io"
	"os"
)

// TooBigError says a file was not read because it is larger than its
// reader accepts.
type TooBigError struct {
	Path string
	Size int64 // as found: by Stat, or at least this much when it grew
	Max  int64
}

func (e *TooBigError) Error() string {
	return fmt.Sprintf("%s is %d bytes, more than the %d it may be, so it was not read", e.Path, e.Size, e.Max)
}

// ReadBounded reads the file at path when it holds at most max bytes, and
// refuses it with a *TooBigError otherwise, without reading it: its size
// is checked first (Stat), and the read stops one byte past max, so a file
// that grows in between is refused too. A reader that read a file whole
// and checked its length afterwards would hold all of a 3 GB file (or die
// trying) before saying no. Other errors are os.Open's, as *fs.PathError.
func ReadBounded(path string, max int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if st.Mode().IsRegular() && st.Size() > max {
		return nil, &TooBigError{Path: path, Size: st.Size(), Max: max}
	}
	data, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, &os.PathError{Op: "read", Path: path, Err: err}
	}
	if int64(len(data)) > max {
		return nil, &TooBigError{Path: path, Size: int64(len(data)), Max: max}
	}
	return data, nil
}

// The bounds of the learner's files, as the lab reads them: a Go source
// file of the learner's package (the course's are a few kilobytes) and
// RESULTS.md (a few pages). Past these a file is not the learner's work but
// an accident, and is refused unread.
const (
	MaxSource  = 4 << 20
	MaxResults = 16 << 20
)
