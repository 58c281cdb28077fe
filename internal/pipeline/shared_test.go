package pipeline

import (
	"context"
	"fmt"
	"iter"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/shapegen/shapegen/export"
)

// TestSharedRead has formats range over the sprites one, two and three
// times, one of them stopping early once: each full range must see every
// sprite in order, and there must be one read a round, not one a format
// and round.
func TestSharedRead(t *testing.T) {
	const n = 500
	var reads atomic.Int32
	read := func() iter.Seq[*export.Sprite] {
		reads.Add(1)
		return func(yield func(*export.Sprite) bool) {
			for i := range n {
				if !yield(&export.Sprite{Name: fmt.Sprintf("s%04d", i)}) {
					return
				}
			}
		}
	}
	plans := [][]int{{n}, {n, n}, {n, n, n}, {5, n}} // sprites taken in each range
	s := newSharedRead(context.Background(), len(plans), read)
	var wg sync.WaitGroup
	errs := make([]error, len(plans))
	for f, plan := range plans {
		wg.Go(func() {
			defer s.done()
			for r, want := range plan {
				got := 0
				for sp := range s.sprites {
					if sp.Name != fmt.Sprintf("s%04d", got) {
						errs[f] = fmt.Errorf("format %d, range %d: sprite %d is %s", f, r, got, sp.Name)
						return
					}
					got++
					if got == want {
						break
					}
				}
				if got != want {
					errs[f] = fmt.Errorf("format %d, range %d: %d sprites, want %d", f, r, got, want)
					return
				}
			}
		})
	}
	if !waitFor(&wg, 10*time.Second) {
		t.Fatal("the formats did not finish: a read never started")
	}
	for _, err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
	if got := reads.Load(); got != 3 {
		t.Errorf("%d reads, want 3 (one a round)", got)
	}
}

// TestSharedReadCancel ends ctx while a format waits for a round that
// another format, which never asks, holds back: the range must end.
func TestSharedReadCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	s := newSharedRead(ctx, 2, func() iter.Seq[*export.Sprite] {
		return func(yield func(*export.Sprite) bool) { yield(&export.Sprite{Name: "a"}) }
	})
	var wg sync.WaitGroup
	got := -1
	wg.Go(func() {
		got = 0
		for range s.sprites {
			got++
		}
	})
	time.Sleep(20 * time.Millisecond)
	cancel()
	if !waitFor(&wg, 10*time.Second) {
		t.Fatal("the range did not end when ctx ended")
	}
	if got != 0 {
		t.Errorf("%d sprites after ctx ended before the read started, want 0", got)
	}
	for range s.sprites { // a later range ends at once too
		t.Error("a sprite after ctx ended")
	}
}

// waitFor reports whether wg is done within d.
func waitFor(wg *sync.WaitGroup, d time.Duration) bool {
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
		return true
	case <-time.After(d):
		return false
	}
}
