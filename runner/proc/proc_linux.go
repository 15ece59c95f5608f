package proc

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
)

// List reads every process of /proc that has a number in our pid
// namespace (none where /proc cannot be read). A process that ends while
// it reads is left out.
func List() []Proc {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	depth, ns := self()
	if depth == 0 {
		return nil
	}
	type raw struct {
		dir                  string
		pid, ppid, pgrp, sid int
		state                byte
	}
	var raws []raw
	// ours maps a /proc number to ours; nil when the two are the same.
	var ours map[int]int
	if depth > 1 {
		ours = map[int]int{}
	}
	for _, e := range entries {
		n, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		dir := filepath.Join("/proc", e.Name())
		stat, err := os.ReadFile(filepath.Join(dir, "stat"))
		if err != nil {
			continue
		}
		state, ppid, pgrp, sid, ok := parseStat(stat)
		if !ok {
			continue
		}
		pid := n
		if ours != nil {
			status, err := os.ReadFile(filepath.Join(dir, "status"))
			if err != nil {
				continue
			}
			ids := nsPids(status)
			// Only a process of our own namespace has a number we can
			// signal it by and belongs to us: one outside it (fewer
			// entries), in a sibling or in a namespace below ours is
			// left out.
			link, _ := os.Readlink(filepath.Join(dir, "ns", "pid"))
			if len(ids) != depth || link != ns {
				continue
			}
			pid = ids[depth-1]
			ours[n] = pid
		}
		raws = append(raws, raw{e.Name(), pid, ppid, pgrp, sid, state})
	}
	out := make([]Proc, 0, len(raws))
	tr := func(n int) int {
		if ours == nil {
			return n
		}
		return ours[n]
	}
	for _, r := range raws {
		out = append(out, Proc{Dir: filepath.Join("/proc", r.dir), Pid: r.pid, Ppid: tr(r.ppid), Pgrp: tr(r.pgrp), Sid: tr(r.sid), State: r.state})
	}
	return out
}

// self is our depth below /proc's pid namespace (1: the same one) and our
// pid namespace's link, read once: neither changes while we run.
var self = sync.OnceValues(func() (int, string) {
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 1, ""
	}
	ns, _ := os.Readlink("/proc/self/ns/pid")
	if ids := nsPids(status); len(ids) > 1 {
		return len(ids), ns
	}
	// One entry, or a kernel before 4.1 without NStgid: trust the numbers
	// when /proc names us as we name ourselves.
	if link, _ := os.Readlink("/proc/self"); link != "" && link != strconv.Itoa(os.Getpid()) {
		return 0, ns // cannot translate: name nothing rather than the wrong thing
	}
	return 1, ns
})

// parseStat reads state, ppid, pgrp and session from /proc/PID/stat, after
// the command name (in parentheses, and which may itself hold spaces and
// parentheses).
func parseStat(stat []byte) (state byte, ppid, pgrp, sid int, ok bool) {
	i := bytes.LastIndexByte(stat, ')')
	if i < 0 {
		return 0, 0, 0, 0, false
	}
	f := strings.Fields(string(stat[i+1:]))
	if len(f) < 4 || f[0] == "" {
		return 0, 0, 0, 0, false
	}
	ppid, err1 := strconv.Atoi(f[1])
	pgrp, err2 := strconv.Atoi(f[2])
	sid, err3 := strconv.Atoi(f[3])
	if err1 != nil || err2 != nil || err3 != nil {
		return 0, 0, 0, 0, false
	}
	return f[0][0], ppid, pgrp, sid, true
}

// nsPids is the NStgid line of /proc/PID/status: the pid in each namespace
// from /proc's down to the process's own.
func nsPids(status []byte) []int {
	for line := range strings.SplitSeq(string(status), "\n") {
		rest, ok := strings.CutPrefix(line, "NStgid:")
		if !ok {
			continue
		}
		var ids []int
		for _, f := range strings.Fields(rest) {
			n, err := strconv.Atoi(f)
			if err != nil {
				return nil
			}
			ids = append(ids, n)
		}
		return ids
	}
	return nil
}

// Dir is the /proc folder of the process pid (in our numbers), or "" when
// it is not there. Where /proc numbers processes as we do, that is
// /proc/PID without reading the whole table.
func Dir(pid int) string {
	if depth, _ := self(); depth == 1 {
		dir := filepath.Join("/proc", strconv.Itoa(pid))
		if _, err := os.Stat(dir); err != nil {
			return ""
		}
		return dir
	}
	if p, ok := Find(List(), pid); ok {
		return p.Dir
	}
	return ""
}
