package pipeline

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/shapegen/shapegen/internal/config"
)

// outputTree returns every file under out but the cache, the lock and a
// shard file, by slash-separated path.
func outputTree(t *testing.T, out string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	err := filepath.WalkDir(out, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if d.Name() == CacheDir {
				return filepath.SkipDir
			}
			return nil
		}
		if d.Name() == LockFile || d.Name() == ShardFile {
			return nil
		}
		rel, _ := filepath.Rel(out, p)
		b, err := os.ReadFile(p)
		files[filepath.ToSlash(rel)] = b
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// TestShardMerge builds testdata/sprites whole, and as n shards merged,
// for n = 1, 2, 3, 7, with every format and previews: the merged output
// folder holds the same files with the same bytes.
func TestShardMerge(t *testing.T) {
	cfg, err := config.Load(sprites)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Formats = config.Formats
	cfg.Preview = true
	base := t.TempDir()
	single := filepath.Join(base, "single")
	if _, err := Build(context.Background(), Options{Dir: sprites, Out: single, Config: cfg}); err != nil {
		t.Fatal(err)
	}
	want := outputTree(t, single)
	for _, n := range []int{1, 2, 3, 7} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			var shards []string
			images := 0
			for i := 1; i <= n; i++ {
				dir := filepath.Join(base, fmt.Sprintf("n%d-shard%d", n, i))
				res, err := Build(context.Background(), Options{Dir: sprites, Out: dir, Config: cfg, Shard: Shard{i, n}})
				if err != nil {
					t.Fatal(err)
				}
				images += res.Images
				shards = append(shards, dir)
			}
			merged := filepath.Join(base, fmt.Sprintf("merged%d", n))
			res, err := Merge(context.Background(), MergeOptions{Shards: shards, Out: merged})
			if err != nil {
				t.Fatal(err)
			}
			if images != res.Images {
				t.Errorf("the shards read %d images, the merge %d", images, res.Images)
			}
			got := outputTree(t, merged)
			for name, b := range want {
				if g, ok := got[name]; !ok {
					t.Errorf("merged output lacks %s", name)
				} else if !bytes.Equal(g, b) {
					t.Errorf("merged %s differs from the single build's", name)
				}
			}
			for name := range got {
				if _, ok := want[name]; !ok {
					t.Errorf("merged output has %s, which the single build has not", name)
				}
			}
		})
	}
	// A missing or repeated shard is refused.
	a := filepath.Join(base, "n2-shard1")
	if _, err := Merge(context.Background(), MergeOptions{Shards: []string{a}, Out: filepath.Join(base, "bad")}); err == nil {
		t.Errorf("Merge of shard 1/2 alone: no error")
	}
	if _, err := Merge(context.Background(), MergeOptions{Shards: []string{a, a}, Out: filepath.Join(base, "bad")}); err == nil {
		t.Errorf("Merge of shard 1/2 twice: no error")
	}
}
