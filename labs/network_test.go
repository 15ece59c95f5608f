package labs

import (
	"net"
	"testing"
)

// SplitHostPort and IsLoopback are net's, written without net: held here
// against net itself, input by input.
func TestSplitHostPortAndIsLoopbackAgreeWithNet(t *testing.T) {
	for _, in := range []string{
		"127.0.0.1:8045", "localhost:8045", "LocalHost:1", "[::1]:8045", "[::1%lo]:80", "::1:80",
		"127.0.0.2:80", "0.0.0.0:8045", "example.com:8045", "[::ffff:127.0.0.1]:80", "[::ffff:10.0.0.1]:80",
		"127.0.0.1", "127.0.0.1:", ":8045", "", ":", "[::1]", "[::1]80", "[::1]:80:90", "[::1", "::1]:80",
		"a[b:80", "a]b:80", "[a]b]:80", "[[::1]]:80", "127.000.0.1:80", "[127.0.0.1]:80", "[fe80::1%eth0]:80",
		"1.2.3.4:5:6", "host:port", "[]:80", "127.0.0.1:99999",
	} {
		host, port, err := SplitHostPort(in)
		wantHost, wantPort, wantErr := net.SplitHostPort(in)
		if host != wantHost || port != wantPort || (err == nil) != (wantErr == nil) || (err != nil && err.Error() != wantErr.Error()) {
			t.Errorf("SplitHostPort(%q) = %q, %q, %v; net says %q, %q, %v", in, host, port, err, wantHost, wantPort, wantErr)
		}
		want := false
		if wantErr == nil {
			ip := net.ParseIP(wantHost)
			want = wantHost == "localhost" || wantHost == "LocalHost" || (ip != nil && ip.IsLoopback())
		}
		if got := IsLoopback(in); got != want {
			t.Errorf("IsLoopback(%q) = %v, net says %v", in, got, want)
		}
	}
}
