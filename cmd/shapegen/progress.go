package main

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/shapegen/shapegen/internal/pipeline"
)

// progressBar draws "[####....] done/total  rate/s  left" on a terminal,
// redrawn in place with \r at most every redrawEvery; on a pipe it draws
// nothing.
type progressBar struct {
	w       io.Writer
	on      bool
	now     func() time.Time
	start   time.Time
	last    time.Time
	drawn   bool
	lastLen int
}

const redrawEvery = 100 * time.Millisecond

func newProgressBar(w io.Writer, terminal bool, now func() time.Time) *progressBar {
	t := now()
	return &progressBar{w: w, on: terminal, now: now, start: t}
}

// update is the pipeline's progress callback.
func (b *progressBar) update(p pipeline.Progress) {
	if !b.on {
		return
	}
	t := b.now()
	if b.drawn && t.Sub(b.last) < redrawEvery && p.Done < p.Total {
		return
	}
	b.last, b.drawn = t, true
	line := progressLine(p.Done, p.Total, t.Sub(b.start))
	pad := max(b.lastLen-len(line), 0)
	b.lastLen = len(line)
	fmt.Fprintf(b.w, "\r%s%s", line, strings.Repeat(" ", pad))
}

// finish ends the bar's line.
func (b *progressBar) finish() {
	if b.on && b.drawn {
		fmt.Fprintf(b.w, "\r%s\r", strings.Repeat(" ", b.lastLen))
	}
}

// progressLine formats the bar for done of total images after elapsed.
func progressLine(done, total int, elapsed time.Duration) string {
	const width = 30
	fill := 0
	if total > 0 {
		fill = done * width / total
	}
	rate := 0.0
	if s := elapsed.Seconds(); s > 0 {
		rate = float64(done) / s
	}
	left := "?"
	if rate > 0 {
		left = (time.Duration(float64(total-done) / rate * float64(time.Second))).Round(time.Second).String()
	}
	return fmt.Sprintf("[%s%s] %d/%d  %.1f images/s  %s left",
		strings.Repeat("#", fill), strings.Repeat(".", width-fill), done, total, rate, left)
}
