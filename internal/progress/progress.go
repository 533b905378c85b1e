package progress

import (
	"io"
	"log/slog"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// Interval is how often a Reporter logs when it is not drawing a bar.
const Interval = 5 * time.Second

// Reporter counts units of work done out of a known total. Add is safe for
// concurrent use.
type Reporter struct {
	bar   *progressbar.ProgressBar
	log   *slog.Logger
	desc  string
	total int64
	done  atomic.Int64
	start time.Time
	stop  chan struct{}
	wg    sync.WaitGroup
}

// IsTerminal reports whether w is a terminal, where a bar can be drawn.
func IsTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// New starts a reporter for total units described by desc: a bar on w when
// bar is true, else a log line on log every Interval.
func New(w io.Writer, bar bool, log *slog.Logger, desc string, total int64) *Reporter {
	r := &Reporter{log: log, desc: desc, total: total, start: time.Now(), stop: make(chan struct{})}
	if bar {
		r.bar = progressbar.NewOptions64(total,
			progressbar.OptionSetWriter(w),
			progressbar.OptionSetDescription(desc),
			progressbar.OptionShowCount(),
			progressbar.OptionShowIts(),
			progressbar.OptionSetPredictTime(true),
			progressbar.OptionThrottle(100*time.Millisecond),
			progressbar.OptionClearOnFinish(),
		)
		return r
	}
	r.wg.Go(func() {
		t := time.NewTicker(Interval)
		defer t.Stop()
		for {
			select {
			case <-t.C:
				r.logLine("progress")
			case <-r.stop:
				return
			}
		}
	})
	return r
}

// Add records n more units done.
func (r *Reporter) Add(n int64) {
	r.done.Add(n)
	if r.bar != nil {
		r.bar.Add64(n)
	}
}

// Finish ends the report with a last log line.
func (r *Reporter) Finish() {
	if r.bar != nil {
		r.bar.Finish()
	} else {
		close(r.stop)
		r.wg.Wait()
	}
	r.logLine("done")
}

func (r *Reporter) logLine(msg string) {
	done := r.done.Load()
	pct := 100.0
	if r.total > 0 {
		pct = 100 * float64(done) / float64(r.total)
	}
	r.log.Info(msg, "task", r.desc, "done", done, "total", r.total,
		"percent", float64(int(pct*10))/10, "elapsed", time.Since(r.start).Round(time.Millisecond))
}
