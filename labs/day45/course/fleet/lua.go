package fleet

import (
	"fmt"
	"strconv"
	"sync"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/alicebob/miniredis/v2/server"
	lua "github.com/yuin/gopher-lua"
)

// The embedded store runs the bucket script in one long-lived Lua state.
//
// miniredis builds a fresh Lua state for every EVAL and EVALSHA (it opens
// seven libraries and a JSON module each time: some 900 allocations and
// tens of kB per check), which made Part 4's thousands of shared checks the
// bulk of a run. Here the same script text (bucketLua), compiled once, runs
// in a state kept per store, behind a command of the embedded server's own
// (scriptCommand), still one round trip per check over the client's
// connection, and still atomic (one check at a time). The script sees the
// same redis.call answers Redis gives for the four commands it uses (TIME,
// HMGET, HSET, PEXPIRE), and its answer goes back as Redis converts a Lua
// table (numbers truncated to integers, strings as bulk strings). A real
// Redis still gets the script by EVALSHA.

// scriptCommand is the embedded server's command that runs bucketLua.
const scriptCommand = "TERMLAB.BUCKET"

type luaRunner struct {
	mu    sync.Mutex
	m     *miniredis.Miniredis
	l     *lua.LState
	proto *lua.FunctionProto
	keys  *lua.LTable
	argv  *lua.LTable
	now   func() time.Time // the store's clock (Store.clock)
	err   error            // the redis.call error of the running check
}

func newLuaRunner(m *miniredis.Miniredis, now func() time.Time) (*luaRunner, error) {
	proto, err := compileBucket()
	if err != nil {
		return nil, err
	}
	l := lua.NewState(lua.Options{SkipOpenLibs: true})
	for _, lib := range []struct {
		name string
		open lua.LGFunction
	}{{lua.BaseLibName, lua.OpenBase}, {lua.StringLibName, lua.OpenString}, {lua.MathLibName, lua.OpenMath}, {lua.TabLibName, lua.OpenTable}} {
		if err := l.CallByParam(lua.P{Fn: l.NewFunction(lib.open), NRet: 0, Protect: true}, lua.LString(lib.name)); err != nil {
			return nil, err
		}
	}
	r := &luaRunner{m: m, l: l, proto: proto, keys: l.NewTable(), argv: l.NewTable(), now: now}
	mod := l.NewTable()
	l.SetField(mod, "call", l.NewFunction(r.call))
	l.SetGlobal("redis", mod)
	l.SetGlobal("KEYS", r.keys)
	l.SetGlobal("ARGV", r.argv)
	return r, nil
}

var (
	bucketOnce  sync.Once
	bucketProto *lua.FunctionProto
	bucketErr   error
)

// compileBucket compiles bucketLua once per process.
func compileBucket() (*lua.FunctionProto, error) {
	bucketOnce.Do(func() {
		l := lua.NewState(lua.Options{SkipOpenLibs: true})
		defer l.Close()
		fn, err := l.LoadString(bucketLua)
		if err != nil {
			bucketErr = err
			return
		}
		bucketProto = fn.Proto
	})
	return bucketProto, bucketErr
}

// serve is the server command: KEYS count, keys, then ARGV, as EVAL takes.
func (r *luaRunner) serve(c *server.Peer, _ string, args []string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(args) < 1 {
		c.WriteError("ERR wrong number of arguments")
		return
	}
	n, err := strconv.Atoi(args[0])
	if err != nil || n < 0 || n > len(args)-1 {
		c.WriteError("ERR bad number of keys")
		return
	}
	keys, argv := args[1:1+n], args[1+n:]
	fill := func(t *lua.LTable, vals []string) {
		for i := t.Len(); i > len(vals); i-- {
			t.RawSetInt(i, lua.LNil)
		}
		for i, v := range vals {
			t.RawSetInt(i+1, lua.LString(v))
		}
	}
	fill(r.keys, keys)
	fill(r.argv, argv)
	r.err = nil
	r.l.Push(r.l.NewFunctionFromProto(r.proto))
	if err := r.l.PCall(0, 1, nil); err != nil {
		r.l.SetTop(0)
		if r.err != nil {
			err = r.err
		}
		c.WriteError("ERR " + err.Error())
		return
	}
	ret := r.l.Get(-1)
	r.l.SetTop(0)
	writeLua(c, ret)
}

// writeLua answers a Lua value as Redis converts one.
func writeLua(c *server.Peer, v lua.LValue) {
	switch v := v.(type) {
	case lua.LNumber:
		c.WriteInt(int(v))
	case lua.LString:
		c.WriteBulk(string(v))
	case lua.LBool:
		if v {
			c.WriteInt(1)
		} else {
			c.WriteNull()
		}
	case *lua.LTable:
		n := v.Len()
		c.WriteLen(n)
		for i := 1; i <= n; i++ {
			writeLua(c, v.RawGetInt(i))
		}
	default:
		c.WriteNull()
	}
}

// call is redis.call for the commands the bucket script uses.
func (r *luaRunner) call(l *lua.LState) int {
	fail := func(format string, a ...any) int {
		r.err = fmt.Errorf(format, a...)
		l.RaiseError("%s", r.err.Error())
		return 0
	}
	cmd := l.CheckString(1)
	args := make([]string, 0, l.GetTop()-1)
	for i := 2; i <= l.GetTop(); i++ {
		args = append(args, l.ToString(i))
	}
	switch cmd {
	case "TIME":
		now := r.now()
		t := l.NewTable()
		t.Append(lua.LString(strconv.FormatInt(now.Unix(), 10)))
		t.Append(lua.LString(strconv.Itoa(now.Nanosecond() / 1000)))
		l.Push(t)
	case "HMGET":
		if len(args) < 2 {
			return fail("HMGET needs a key and fields")
		}
		t := l.NewTable()
		exists := r.m.Exists(args[0])
		for _, f := range args[1:] {
			if v := r.m.HGet(args[0], f); exists && v != "" {
				t.Append(lua.LString(v))
			} else {
				t.Append(lua.LFalse) // Redis's nil becomes false in Lua
			}
		}
		l.Push(t)
	case "HSET":
		if len(args) < 3 || len(args)%2 == 0 {
			return fail("HSET needs a key and field-value pairs")
		}
		r.m.HSet(args[0], args[1:]...)
		l.Push(lua.LNumber((len(args) - 1) / 2))
	case "PEXPIRE":
		if len(args) != 2 {
			return fail("PEXPIRE needs a key and milliseconds")
		}
		ms, err := strconv.ParseInt(args[1], 10, 64)
		if err != nil {
			return fail("PEXPIRE: %v", err)
		}
		r.m.SetTTL(args[0], time.Duration(ms)*time.Millisecond)
		l.Push(lua.LNumber(1))
	default:
		return fail("the embedded bucket runs only TIME, HMGET, HSET and PEXPIRE, not %s", cmd)
	}
	return 1
}
