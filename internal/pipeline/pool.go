package pipeline

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"

	"golang.org/x/sync/errgroup"
)

// each is the pipeline's worker pool for a batch (ahead, below, runs work
// started in order). It runs do(i) for i in [0, n) on at most workers
// goroutines (GOMAXPROCS when workers <= 0) and calls done(count, i), when
// done is not nil, after each, one call at a time.
//
// The error rule, for every use: an error returned by do is fatal to the
// whole job (an output that cannot be written, a cache that cannot be
// read); the first one cancels the items not yet started and each returns
// it. A failure of one file or sprite is not an error: do records it in
// its result and returns nil, and the batch goes on. each also stops early
// and returns ctx's error when ctx ends.
//
// Items are handed out by an atomic counter, not a channel: on a warm
// build each item takes a microsecond or two and handing it over would
// cost as much.
func each(ctx context.Context, n, workers int, do func(i int) error, done func(count, i int)) error {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	g, gctx := errgroup.WithContext(ctx)
	var next atomic.Int64
	var mu sync.Mutex
	count := 0
	for range min(workers, max(n, 1)) {
		g.Go(func() error {
			for gctx.Err() == nil {
				i := int(next.Add(1) - 1)
				if i >= n {
					return nil
				}
				if err := do(i); err != nil {
					return err
				}
				if done != nil {
					mu.Lock()
					count++
					done(count, i)
					mu.Unlock()
				}
			}
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return err
	}
	return ctx.Err()
}

// serial runs functions one after another, in the order given, on a
// goroutine of its own: an output written beside the others. After the
// first error the rest are dropped; stop returns that error. stop may be
// called more than once, and must be called once at least.
type serial struct {
	ch   chan func() error
	done chan error
	once sync.Once
	err  error
}

// newSerial starts a serial whose queue holds up to n functions.
func newSerial(n int) *serial {
	s := &serial{ch: make(chan func() error, n), done: make(chan error, 1)}
	go func() {
		var err error
		for f := range s.ch {
			if err == nil {
				err = f()
			}
		}
		s.done <- err
	}()
	return s
}

// do queues f.
func (s *serial) do(f func() error) { s.ch <- f }

// stop waits for the queued functions and returns the first error.
func (s *serial) stop() error {
	s.once.Do(func() {
		close(s.ch)
		s.err = <-s.done
	})
	return s.err
}

// ahead runs work ahead of its turn: functions started in order on
// goroutines of their own, at most one per core at once, each waited for
// in that order by whoever uses its result (a serial's queue).
type ahead chan struct{}

func newAhead() ahead { return make(ahead, runtime.GOMAXPROCS(0)) }

// start runs f on a goroutine of its own once a core is free (it blocks
// until then) and returns a function that waits for f to end.
func (a ahead) start(f func()) (wait func()) {
	done := make(chan struct{})
	a <- struct{}{}
	go func() {
		defer close(done)
		defer func() { <-a }()
		f()
	}()
	return func() { <-done }
}

// bufPool holds byte buffers for reuse (a sync.Pool): an image's bytes,
// a record or a sprite's bytes in a library file, each copied or done
// with before its buffer goes back. A buffer past max bytes is left to the
// garbage collector rather than kept.
type bufPool struct {
	p   sync.Pool
	max int
}

// get returns an empty buffer.
func (bp *bufPool) get() []byte {
	if b, ok := bp.p.Get().(*[]byte); ok {
		return (*b)[:0]
	}
	return nil
}

// put hands b back; the caller no longer uses it.
func (bp *bufPool) put(b []byte) {
	if cap(b) > 0 && cap(b) <= bp.max {
		bp.p.Put(&b)
	}
}
