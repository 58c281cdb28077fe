package hull

// minHeap is a binary min-heap of values ordered by their before method.
// The merges of Pieces take their cheapest candidate from one (Outline's
// vertex limit keeps its steps in a stepHeap, which can replace them).
type minHeap[T interface{ before(T) bool }] []T

func (h *minHeap[T]) push(x T) {
	*h = append(*h, x)
	a := *h
	for i := len(a) - 1; i > 0; {
		p := (i - 1) / 2
		if !a[i].before(a[p]) {
			break
		}
		a[i], a[p] = a[p], a[i]
		i = p
	}
}

func (h *minHeap[T]) pop() T {
	a := *h
	top := a[0]
	last := len(a) - 1
	a[0] = a[last]
	*h = a[:last]
	h.down()
	return top
}

// replaceTop replaces the least value by x: a pop and a push in one sift.
func (h *minHeap[T]) replaceTop(x T) {
	(*h)[0] = x
	h.down()
}

// down moves the value at the top down to its place.
func (h *minHeap[T]) down() {
	a := *h
	for i := 0; ; {
		c := 2*i + 1
		if c >= len(a) {
			break
		}
		if c+1 < len(a) && a[c+1].before(a[c]) {
			c++
		}
		if !a[c].before(a[i]) {
			break
		}
		a[i], a[c] = a[c], a[i]
		i = c
	}
}
