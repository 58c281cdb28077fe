package preview_test

import (
	"context"
	"os"
	"testing"

	"github.com/shapegen/shapegen/internal/config"
	"github.com/shapegen/shapegen/internal/pipeline"
)

func TestZZProfBuild(t *testing.T) {
	if os.Getenv("ZZPROF") == "" {
		t.Skip()
	}
	cfg := config.Default()
	cfg.Preview = true
	os.RemoveAll("/tmp/zzb")
	_, err := pipeline.Build(context.Background(), pipeline.Options{Dir: "../../../shared/corpus/platformer-art", Out: "/tmp/zzb", Config: cfg, NoCache: true})
	if err != nil {
		t.Fatal(err)
	}
}
