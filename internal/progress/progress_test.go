package progress

import (
	"bytes"
	"log/slog"
	"strings"
	"testing"
)

func TestLogMode(t *testing.T) {
	var logs bytes.Buffer
	r := New(&logs, false, slog.New(slog.NewTextHandler(&logs, nil)), "work", 10)
	r.Add(4)
	r.Add(6)
	r.Finish()
	if !strings.Contains(logs.String(), "msg=done task=work done=10 total=10 percent=100") {
		t.Errorf("log output:\n%s", logs.String())
	}
}

func TestBarMode(t *testing.T) {
	var out, logs bytes.Buffer
	r := New(&out, true, slog.New(slog.NewTextHandler(&logs, nil)), "work", 10)
	r.Add(10)
	r.Finish()
	if !strings.Contains(logs.String(), "done=10") {
		t.Errorf("no final log line:\n%s", logs.String())
	}
}
