package pipeline

import (
	"context"
	"iter"
	"sync"

	"github.com/shapegen/shapegen/export"
)

// sharedRead lets the engine formats, each written on a goroutine of its
// own, share their reads of the sprites: each format ranges over them once
// or more (Godot and Tiled twice), and the n-th time any of them
// does, it gets the n-th read, which starts once every format still
// writing has asked for it and hands each sprite to all of them. Reading
// and decoding the cache's records is then done once a round, not once a
// format and round. The sprites are shared: the formats must not change
// them.
//
// A format that stops ranging early (yield returned false) is passed over
// for the rest of that read. When ctx ends, every range ends at once.
type sharedRead struct {
	ctx  context.Context
	read func() iter.Seq[*export.Sprite] // a new read of every sprite

	mu     sync.Mutex
	live   int          // formats still writing
	asked  []*readerSub // formats waiting for the next read
	ended  bool         // ctx ended: every range ends at once
	cancel func() bool  // stops the ctx watcher
}

// readerSub is one format's part in one read.
type readerSub struct {
	ch   chan *export.Sprite // closed when the read ends
	quit chan struct{}       // closed when the format stops ranging
}

// newSharedRead returns a sharedRead for formats formats, each of which
// must call done when it has finished writing.
func newSharedRead(ctx context.Context, formats int, read func() iter.Seq[*export.Sprite]) *sharedRead {
	s := &sharedRead{ctx: ctx, read: read, live: formats}
	s.cancel = context.AfterFunc(ctx, func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		s.ended = true
		for _, sub := range s.asked {
			close(sub.ch)
		}
		s.asked = nil
	})
	if formats <= 0 {
		s.cancel()
	}
	return s
}

// sprites ranges over the next read, as export.Stream.Sprites does.
func (s *sharedRead) sprites(yield func(*export.Sprite) bool) {
	sub := &readerSub{ch: make(chan *export.Sprite, 16), quit: make(chan struct{})}
	s.mu.Lock()
	if s.ended {
		close(sub.ch)
	} else {
		s.asked = append(s.asked, sub)
		s.startIfAllAsked()
	}
	s.mu.Unlock()
	defer close(sub.quit)
	for sp := range sub.ch {
		if !yield(sp) {
			return
		}
	}
}

// done says that a format has finished writing: it will not range again.
func (s *sharedRead) done() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.live--
	if s.live == 0 {
		s.cancel()
	}
	s.startIfAllAsked()
}

// startIfAllAsked starts the next read when every format still writing
// has asked for it. s.mu is held.
func (s *sharedRead) startIfAllAsked() {
	if len(s.asked) == 0 || len(s.asked) < s.live {
		return
	}
	subs := s.asked
	s.asked = nil
	go s.hand(subs)
}

// hand reads every sprite once and hands each to subs, passing over a
// format that has stopped ranging; it ends the read early when all have,
// or when ctx ends.
func (s *sharedRead) hand(subs []*readerSub) {
	defer func() {
		for _, sub := range subs {
			close(sub.ch)
		}
	}()
	for sp := range s.read() {
		left := 0
		for _, sub := range subs {
			select {
			case <-sub.quit:
				continue
			default:
			}
			select {
			case sub.ch <- sp:
				left++
			case <-sub.quit:
			case <-s.ctx.Done():
				return
			}
		}
		if left == 0 {
			return
		}
	}
}
