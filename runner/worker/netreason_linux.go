package worker

import (
	"os"
	"strconv"
	"strings"
)

// netReason says, in plain words, why Linux would not make the graded
// code's user and network namespaces, where the machine shows a cause; err
// is the start's error, kept at the end. Go's own error names only the
// step that failed ("fork/exec …: no such file or directory" when it could
// not write the uid map), which tells the staff nothing they can change.
func netReason(err string) string {
	switch {
	case sysctl("kernel/unprivileged_userns_clone") == "0":
		return "unprivileged user namespaces are turned off (sysctl kernel.unprivileged_userns_clone = 0): " + err
	case sysctl("user/max_user_namespaces") == "0":
		return "user namespaces are turned off (sysctl user.max_user_namespaces = 0): " + err
	case sysctl("kernel/apparmor_restrict_unprivileged_userns") == "1":
		return "AppArmor keeps unprivileged user namespaces from their powers (sysctl kernel.apparmor_restrict_unprivileged_userns = 1): " + err
	case foreignProc():
		return "this process's /proc belongs to another pid namespace (a sandbox that unshared pids but kept the host's /proc), and the uid map of a new namespace is written through it: " + err
	}
	return err
}

// sysctl is the value of /proc/sys/<name>, "" when there is none.
func sysctl(name string) string {
	data, err := os.ReadFile("/proc/sys/" + name)
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(data))
}

// foreignProc reports whether /proc/self names another process than this
// one: /proc was mounted for a pid namespace other than ours.
func foreignProc() bool {
	self, err := os.Readlink("/proc/self")
	if err != nil {
		return false
	}
	pid, err := strconv.Atoi(self)
	return err == nil && pid != os.Getpid()
}
