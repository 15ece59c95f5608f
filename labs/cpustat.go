package labs

import (
	"bytes"
	"fmt"
	"strconv"
	"time"
)

// ParseStatCPU is utime + stime of a /proc/<pid>/stat line: fields 14 and
// 15, counted after the command name's closing parenthesis (the name itself
// may hold spaces and parentheses).
func ParseStatCPU(stat []byte) (time.Duration, error) {
	i := bytes.LastIndexByte(stat, ')')
	if i < 0 {
		return 0, fmt.Errorf("no command name in %q", stat)
	}
	f := bytes.Fields(stat[i+1:])
	// f[0] is field 3 (state): utime is field 14, f[11]; stime f[12].
	if len(f) < 13 {
		return 0, fmt.Errorf("too few fields in %q", stat)
	}
	u, err1 := strconv.ParseInt(string(f[11]), 10, 64)
	s, err2 := strconv.ParseInt(string(f[12]), 10, 64)
	if err1 != nil || err2 != nil {
		return 0, fmt.Errorf("bad utime/stime in %q", stat)
	}
	return time.Duration(u+s) * (time.Second / 100), nil
}
