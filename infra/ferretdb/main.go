// Command ferretdb runs FerretDB 1.x, a MongoDB wire-protocol server, with its SQLite backend,
// for local development and tests (docs/architecture.md, Local infrastructure). It embeds the
// ferretdb package instead of installing FerretDB's own command, which panics without its
// generated version file.
//
// Clients connect to a small proxy on -listen that takes a lock per database around each command
// (a write holds its database alone) and passes it to FerretDB, which listens on a Unix socket in
// the data directory (see serialize.go for why). The FerretDB module is built with the patches of
// this directory (see go.mod).
//
// Flags: -listen (TCP address, default 127.0.0.1:27017), -data (SQLite directory), -sync
// (SQLite's synchronous setting: "normal" by default, see below) and -pprof (an address for Go's
// profiling endpoints, /debug/pprof/; off by default, FERRETDB_PPROF sets it too), which is how
// the server's CPU per command was profiled under the checkout bench (bench/checkout-mix.ts).
package main

import (
	"context"
	"flag"
	"log/slog"
	"net"
	"net/http"
	_ "net/http/pprof"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"syscall"

	"github.com/FerretDB/FerretDB/ferretdb"
)

func main() {
	listen := flag.String("listen", "127.0.0.1:27017", "TCP address to listen on")
	data := flag.String("data", ".data/ferretdb", "directory of the SQLite databases")
	level := flag.String("log-level", "warn", "log level: debug, info, warn or error")
	// SQLite in WAL mode with synchronous=NORMAL commits without an fsync; the WAL is synced at
	// checkpoints. A crash of this process loses nothing; a crash of the machine may lose the
	// last commits but never corrupts the file. FULL (SQLite's default, which FerretDB keeps)
	// fsyncs every commit, and one checkout makes some forty small writes to ordering's database
	// alone, each waiting for the disk while it holds that database's write lock (serialize.go).
	// This server is the local development and test database; production runs MongoDB
	// (docker-compose, k8s).
	sync := flag.String("sync", "normal", "SQLite synchronous setting: normal or full")
	pprofAddr := flag.String("pprof", os.Getenv("FERRETDB_PPROF"), "address for /debug/pprof/ (empty: off)")
	flag.Parse()

	// Go's default collects garbage each time the heap doubles. This server allocates a lot per
	// command (each document is decoded from its JSON), and collecting at every fifth growth
	// instead cut its CPU under the checkout bench by about a fifth for some tens of MB more
	// (resource-tracking.patch has the figures). GOGC, when set, still decides.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	// One processor for Go code unless GOMAXPROCS says otherwise. Each command hands its work from
	// goroutine to goroutine (connection, handler, SQLite); with a processor per core those hand-offs
	// wake threads on the other core, which this machine's virtual CPUs pay dearly for (a TCP ping-pong
	// between two processes costs 27 µs of CPU per round trip across cores and 3 µs on one). On the
	// checkout bench one processor took the server's CPU per checkout from 81 to 68 core-ms alone and
	// from 98-104 to 83 in the browse mix, with lower latency; the server stays far from a whole core.
	if os.Getenv("GOMAXPROCS") == "" {
		runtime.GOMAXPROCS(1)
	}

	if *pprofAddr != "" {
		go func() { _ = http.ListenAndServe(*pprofAddr, nil) }()
	}

	var lvl slog.Level
	if err := lvl.UnmarshalText([]byte(*level)); err != nil {
		lvl = slog.LevelWarn
	}
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: lvl}))

	if *sync != "normal" && *sync != "full" {
		logger.Error("-sync must be normal or full", "sync", *sync)
		os.Exit(2)
	}

	dir, err := filepath.Abs(*data)
	if err == nil {
		err = os.MkdirAll(dir, 0o755)
	}
	if err != nil {
		logger.Error("cannot prepare the data directory", "dir", *data, "error", err)
		os.Exit(1)
	}

	socket := filepath.Join(dir, "ferretdb.sock")
	_ = os.Remove(socket)
	f, err := ferretdb.New(&ferretdb.Config{
		Listener:  ferretdb.ListenerConfig{Unix: socket},
		Logger:    logger,
		Handler:   "sqlite",
		SQLiteURL: "file:" + dir + "/?_pragma=synchronous(" + *sync + ")",
	})
	if err != nil {
		logger.Error("cannot configure FerretDB", "error", err)
		os.Exit(1)
	}

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	ln, err := net.Listen("tcp", *listen)
	if err != nil {
		logger.Error("cannot listen", "address", *listen, "error", err)
		os.Exit(1)
	}
	go func() {
		<-ctx.Done()
		ln.Close()
	}()
	go serializeCommands(ln, func() (net.Conn, error) { return net.Dial("unix", socket) }, logger)

	logger.Info("FerretDB starting", "listen", *listen, "data", dir)
	if err := f.Run(ctx); err != nil && ctx.Err() == nil {
		logger.Error("FerretDB stopped", "error", err)
		os.Exit(1)
	}
}
