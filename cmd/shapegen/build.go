package main

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"runtime/trace"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/shapegen/shapegen/internal/config"
	"github.com/shapegen/shapegen/internal/pipeline"
	"github.com/shapegen/shapegen/internal/plural"
)

// BuildOptions are the inputs of `shapegen build`.
type BuildOptions struct {
	IO
	Dir, Out string
	Workers  int
	NoCache  bool
	Verbose  bool
	// CPUProfile and MemProfile name files for runtime/pprof profiles of
	// the build, Trace one for a runtime/trace execution trace ("" for
	// none).
	CPUProfile, MemProfile, Trace string
	// MemoryLimit is the soft limit of the Go runtime's memory in MiB
	// (runtime/debug.SetMemoryLimit), 0 for none; GOMEMLIMIT, when set,
	// wins.
	MemoryLimit int
	// Shard is "i/n" to build a share of the folder, "" for all of it.
	Shard    string
	Settings settingsFlags
	// now is the clock of the progress bar (tests fix it).
	now func() time.Time
}

func newBuildCmd(ios IO, runF func(*BuildOptions) error) *cobra.Command {
	opts := &BuildOptions{IO: ios, now: time.Now}
	cmd := &cobra.Command{
		Use:   "build [DIR] -o OUT",
		Short: "Compute, verify and write the shapes of every sprite under DIR",
		Long: `Build reads every PNG under DIR (default ".") with its sprite sheets and
atlases, computes each sprite's collision shapes, proves them against the
pixels and writes OUT/shapes.json (and shapes.yaml, shapes.compact and
the engine formats as --formats asks, report.html and, with
--preview, OUT/preview/<sprite>.png, OUT/sprite/<sprite>.png at 1x and
OUT/contact-sheet.png).
Settings come from DIR/shapegen.yaml; flags override it.
Exit status: 0 all well, 1 some sprite failed (the rest is written), 2 bad usage.`,
		Args: rangeArgs(0, 1),
		RunE: func(c *cobra.Command, args []string) error {
			opts.Dir = "."
			if len(args) == 1 {
				opts.Dir = args[0]
			}
			if runF != nil {
				return runF(opts)
			}
			return runBuild(c, opts)
		},
	}
	cmd.Flags().StringVarP(&opts.Out, "out", "o", "out", "output folder")
	cmd.Flags().IntVar(&opts.Workers, "workers", 0, "images decoded at once (0: one per core)")
	cmd.Flags().BoolVar(&opts.NoCache, "no-cache", false, "recompute everything (the cache is still refreshed)")
	cmd.Flags().BoolVarP(&opts.Verbose, "verbose", "v", false, "list the files the build ignores, with the reason")
	cmd.Flags().StringVar(&opts.Shard, "shard", "", `build only share i of n of the images ("i/n"), for "shapegen merge"`)
	cmd.Flags().StringVar(&opts.CPUProfile, "cpuprofile", "", "write a CPU profile of the build to this file (go tool pprof)")
	cmd.Flags().StringVar(&opts.MemProfile, "memprofile", "", "write a heap profile at the end of the build to this file (go tool pprof)")
	cmd.Flags().StringVar(&opts.Trace, "trace", "", "write an execution trace of the build to this file: where it waited, goroutine by goroutine (go tool trace)")
	cmd.Flags().IntVar(&opts.MemoryLimit, "memory-limit", DefaultMemoryLimit, "soft limit of the build's memory in MiB: the garbage collector runs more often near it (0: none; GOMEMLIMIT, when set, wins)")
	opts.Settings.bind(cmd.Flags(), true)
	return cmd
}

// DefaultMemoryLimit is the default of --memory-limit, in MiB. A build
// holds little beyond its cache index (about 1 kB per sprite), but the Go
// runtime lets the heap grow to three times what is live before
// collecting (gcPercent); with the limit it collects sooner instead, which keeps a build of
// 100,000 sprites under 200 MB at the cost of some more collections (see
// README, Measured figures, Scale). The limit is soft: a build whose live
// memory passes it still runs.
const DefaultMemoryLimit = 170

// gcPercent is the garbage collector's target (runtime/debug.SetGCPercent)
// during a build, unless GOGC is set: a build allocates some 60 kB a
// sprite that dies at once (masks, records, encodings) over a small live
// heap, so at Go's default of 100 it collects every few dozen images and
// the runtime hands pages back to the system and faults them in again;
// at 200 a cold build of 10,000 sprites takes about 7 % less CPU and
// peaks at about 90 MB. Past a few tens of thousands of sprites the
// memory limit decides instead, as before.
const gcPercent = 200

func runBuild(c *cobra.Command, opts *BuildOptions) error {
	if opts.MemoryLimit < 0 {
		return usageErrorf("--memory-limit: %d MiB: want 0 (none) or more", opts.MemoryLimit)
	}
	if _, set := os.LookupEnv("GOMEMLIMIT"); !set && opts.MemoryLimit > 0 {
		defer debug.SetMemoryLimit(debug.SetMemoryLimit(int64(opts.MemoryLimit) << 20))
	}
	if _, set := os.LookupEnv("GOGC"); !set {
		defer debug.SetGCPercent(debug.SetGCPercent(gcPercent))
	}
	if err := folder(opts.Dir, "asset folder"); err != nil {
		return err
	}
	cfg, err := config.Load(opts.Dir)
	if err != nil {
		return usageErrorf("%v", err)
	}
	if err := opts.Settings.apply(&cfg); err != nil {
		return usageErrorf("%v", err)
	}
	for _, w := range cfg.Warnings {
		fmt.Fprintln(opts.ErrOut, w)
	}
	var shard pipeline.Shard
	if opts.Shard != "" {
		if shard, err = pipeline.ParseShard(opts.Shard); err != nil {
			return usageErrorf("--shard: %v", err)
		}
	}
	for _, r := range []struct {
		flag, file string
		start      func(io.Writer) error
		stop       func()
	}{
		{"--cpuprofile", opts.CPUProfile, pprof.StartCPUProfile, pprof.StopCPUProfile},
		{"--trace", opts.Trace, trace.Start, trace.Stop},
	} {
		if r.file == "" {
			continue
		}
		f, err := os.Create(r.file)
		if err != nil {
			return usageErrorf("%s: %v", r.flag, err)
		}
		defer f.Close()
		if err := r.start(f); err != nil {
			return usageErrorf("%s: %v", r.flag, err)
		}
		defer r.stop()
	}
	if opts.MemProfile != "" {
		defer func() {
			f, err := os.Create(opts.MemProfile)
			if err != nil {
				fmt.Fprintf(opts.ErrOut, "--memprofile: %v\n", err)
				return
			}
			defer f.Close()
			runtime.GC()
			pprof.Lookup("allocs").WriteTo(f, 0)
		}()
	}
	bar := newProgressBar(opts.ErrOut, opts.IsTerminal, opts.now)
	res, err := pipeline.Build(c.Context(), pipeline.Options{
		Dir: opts.Dir, Out: opts.Out, Config: cfg, Workers: opts.Workers, NoCache: opts.NoCache,
		Verbose: opts.Verbose, Shard: shard, Progress: bar.update,
		Waiting: func(pid int) {
			fmt.Fprintf(opts.ErrOut, "waiting for process %d, which is building into %s\n", pid, opts.Out)
		},
	})
	bar.finish()
	if err != nil {
		return failedf("%v", err)
	}
	for _, f := range res.Failures {
		fmt.Fprintln(opts.ErrOut, f)
	}
	summary(opts.IO.Out, res, opts.Verbose)
	if res.Failed() {
		return errFailed
	}
	return nil
}

// summary writes the end-of-build summary; verbose lists the files the
// build ignored.
func summary(w io.Writer, res *pipeline.Result, verbose bool) {
	fmt.Fprintf(w, "%s, %s (%s of sheets and atlases), %s, %d empty, %d decoded, %s\n",
		plural.Count(res.Images, "image"), plural.Count(res.Sprites, "sprite"), plural.Count(res.Frames, "frame"),
		plural.Count(len(res.Failures), "failure"), len(res.Empty), res.Decoded, res.Elapsed.Round(time.Millisecond))
	parts := []string{plural.Count(res.Images, "image"), plural.Count(res.Lists, "frame list")}
	for _, ig := range res.Ignored {
		part := fmt.Sprintf("%d %s", ig.Count, ig.Reason)
		if ig.Reason == "in an output folder" && len(res.Outputs) > 0 {
			part += " (" + list(res.Outputs, 3) + ")"
		}
		parts = append(parts, part)
	}
	fmt.Fprintf(w, "%s: %s\n", plural.Count(res.Files, "file"), strings.Join(parts, ", "))
	if verbose {
		for _, ig := range res.Ignored {
			for _, p := range ig.Paths {
				fmt.Fprintf(w, "ignored (%s): %s\n", ig.Reason, p)
			}
		}
	}
	if len(res.Empty) > 0 {
		fmt.Fprintf(w, "empty (no opaque pixel): %s\n", list(res.Empty, 5))
	}
	for _, n := range res.Notes {
		fmt.Fprintf(w, "note: %s\n", n)
	}
	if worst := res.Worst(5); len(worst) > 0 {
		parts := make([]string, len(worst))
		for i, s := range worst {
			parts[i] = fmt.Sprintf("%s %.2f", s.Name, s.FPArea)
		}
		fmt.Fprintf(w, "worst polygon fp_area: %s\n", strings.Join(parts, ", "))
	}
}

// list joins up to n names and says how many more there are.
func list(names []string, n int) string {
	if len(names) <= n {
		return strings.Join(names, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(names[:n], ", "), len(names)-n)
}
