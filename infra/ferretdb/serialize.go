package main

// A wire-protocol proxy that takes a lock per database around every MongoDB command.
//
// FerretDB 1.x executes an update as a query followed by a separate write, so two updates of one
// document that overlap lose one of them (measured: 50 concurrent $inc on one document gave 6;
// 20 concurrent compare-and-set updates on one version all but one should fail, 14 succeeded).
// MongoDB applies every single-document update atomically, and the marketplace relies on it:
// optimistic concurrency on aggregate versions, the outbox, stock reservation.
//
// A document lives in one database, so it is enough that a command which may write holds its
// database alone until its last reply: reads of a database run together, a write waits for them
// and excludes them, and databases (one SQLite file each, one per service) never wait for each
// other. Commands that touch no database's documents (hello, ping, authentication, ...) take no
// lock; a command whose reach we cannot tell (an unknown command on the admin database, such as
// renameCollection across databases, or a message we cannot parse) holds every database.
// Production runs MongoDB itself.

import (
	"encoding/binary"
	"errors"
	"io"
	"log/slog"
	"net"
	"strings"
	"sync"

	"go.mongodb.org/mongo-driver/bson"
)

const (
	headerLen   = 16
	opQuery     = 2004
	opMsg       = 2013
	moreToCome  = 1 << 1
	maxMsgBytes = 48 * 1024 * 1024
)

// readMessage reads one wire message (header and body) from r.
func readMessage(r io.Reader) ([]byte, error) {
	header := make([]byte, headerLen)
	if _, err := io.ReadFull(r, header); err != nil {
		return nil, err
	}
	length := int(binary.LittleEndian.Uint32(header[0:4]))
	if length < headerLen || length > maxMsgBytes {
		return nil, errors.New("invalid wire message length")
	}
	msg := make([]byte, length)
	copy(msg, header)
	if _, err := io.ReadFull(r, msg[headerLen:]); err != nil {
		return nil, err
	}
	return msg, nil
}

// hasMoreToCome reports an OP_MSG whose sender does not wait for a reply (request) or will send
// another reply after it (response).
func hasMoreToCome(msg []byte) bool {
	return binary.LittleEndian.Uint32(msg[12:16]) == opMsg && len(msg) >= headerLen+4 &&
		binary.LittleEndian.Uint32(msg[headerLen:headerLen+4])&moreToCome != 0
}

// access is what a command needs of the databases.
type access int

const (
	noLock    access = iota // touches no database's documents
	read                    // reads one database
	write                   // may write one database (the default for a command we do not know)
	exclusive               // may touch several databases, or we cannot tell: holds all of them
)

// serverCommands read or change no documents, whatever database they are sent to.
var serverCommands = set(
	"hello", "isMaster", "ismaster", "ping", "buildInfo", "buildinfo", "getParameter", "hostInfo",
	"whatsmyuri", "connectionStatus", "serverStatus", "getLog", "listCommands", "getCmdLineOpts",
	"saslStart", "saslContinue", "authenticate", "logout", "endSessions", "getFreeMonitoringStatus",
	"currentOp",
	// reads the list and sizes of all databases; a read needs no lock for atomicity
	"listDatabases",
)

// readCommands only read the database they are sent to (aggregate: without $out or $merge).
var readCommands = set(
	"find", "count", "distinct", "aggregate", "getMore", "killCursors", "listCollections",
	"listIndexes", "collStats", "dbStats", "dataSize", "explain", "validate", "usersInfo",
)

func set(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}

// classify tells which database a request addresses and what it needs of it.
func classify(msg []byte) (db string, mode access) {
	if len(msg) < headerLen+4 {
		return "", exclusive
	}
	var cmd bson.Raw
	switch binary.LittleEndian.Uint32(msg[12:16]) {
	case opMsg:
		cmd, db = opMsgBody(msg)
	case opQuery:
		// Drivers send their first hello as OP_QUERY to <db>.$cmd.
		cmd, db = opQueryBody(msg)
	}
	if cmd == nil {
		return "", exclusive
	}
	first, err := cmd.IndexErr(0)
	if err != nil {
		return "", exclusive
	}
	name := first.Key()
	switch {
	case serverCommands[name]:
		return db, noLock
	case db == "":
		return "", exclusive
	case name == "aggregate" && writesOut(cmd):
		// $out and $merge may name another database.
		return db, exclusive
	case readCommands[name]:
		return db, read
	case db == "admin":
		// renameCollection, dropDatabase of admin, ...: may reach any database.
		return db, exclusive
	default:
		return db, write
	}
}

// opMsgBody returns the body section (kind 0) of an OP_MSG and its $db.
func opMsgBody(msg []byte) (bson.Raw, string) {
	b := msg[headerLen+4:]
	for len(b) > 0 {
		kind := b[0]
		b = b[1:]
		if len(b) < 4 {
			return nil, ""
		}
		size := int(binary.LittleEndian.Uint32(b))
		if size < 5 || size > len(b) {
			return nil, ""
		}
		if kind == 0 {
			doc := bson.Raw(b[:size])
			if doc.Validate() != nil {
				return nil, ""
			}
			name, _ := doc.Lookup("$db").StringValueOK()
			return doc, name
		}
		// kind 1, a document sequence: its size counts itself
		b = b[size:]
	}
	return nil, ""
}

// opQueryBody returns the query document of an OP_QUERY command and the database it names.
func opQueryBody(msg []byte) (bson.Raw, string) {
	b := msg[headerLen+4:]
	end := strings.IndexByte(string(b), 0)
	if end < 0 || len(b) < end+1+8+4 {
		return nil, ""
	}
	ns := string(b[:end])
	b = b[end+1+8:]
	size := int(binary.LittleEndian.Uint32(b))
	if size < 5 || size > len(b) {
		return nil, ""
	}
	doc := bson.Raw(b[:size])
	if doc.Validate() != nil {
		return nil, ""
	}
	if q, ok := doc.Lookup("$query").DocumentOK(); ok {
		doc = q
	}
	db, coll, _ := strings.Cut(ns, ".")
	if coll != "$cmd" {
		return nil, ""
	}
	return doc, db
}

// writesOut reports an aggregate pipeline with a $out or $merge stage.
func writesOut(cmd bson.Raw) bool {
	pipeline, ok := cmd.Lookup("pipeline").ArrayOK()
	if !ok {
		return false
	}
	stages, err := pipeline.Values()
	if err != nil {
		return true
	}
	for _, s := range stages {
		stage, ok := s.DocumentOK()
		if !ok {
			continue
		}
		if first, err := stage.IndexErr(0); err == nil && (first.Key() == "$out" || first.Key() == "$merge") {
			return true
		}
	}
	return false
}

// locks holds one readers-writer lock per database in use.
type locks struct {
	// all is held shared by every database command and alone by an exclusive one.
	all sync.RWMutex

	mu  sync.Mutex
	dbs map[string]*dbLock
}

type dbLock struct {
	sync.RWMutex
	users int // commands holding or waiting for it; the entry goes when none is left
}

func newLocks() *locks { return &locks{dbs: map[string]*dbLock{}} }

// acquire takes what a command of mode on db needs and returns its release.
func (l *locks) acquire(db string, mode access) (release func()) {
	switch mode {
	case noLock:
		return func() {}
	case exclusive:
		l.all.Lock()
		return l.all.Unlock
	}
	l.all.RLock()
	d := l.db(db)
	if mode == read {
		d.RLock()
		return func() { d.RUnlock(); l.put(db); l.all.RUnlock() }
	}
	d.Lock()
	return func() { d.Unlock(); l.put(db); l.all.RUnlock() }
}

// db returns the lock of db, counting the caller as a user.
func (l *locks) db(name string) *dbLock {
	l.mu.Lock()
	defer l.mu.Unlock()
	d := l.dbs[name]
	if d == nil {
		d = &dbLock{}
		l.dbs[name] = d
	}
	d.users++
	return d
}

// put ends a use of the lock of db taken with l.db.
func (l *locks) put(name string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if d := l.dbs[name]; d != nil {
		if d.users--; d.users == 0 {
			delete(l.dbs, name)
		}
	}
}

// serve relays one client connection to FerretDB, holding what each request needs from the
// request until its last reply.
//
// A request with moreToCome (an unacknowledged write, w:0) gets no reply, so its lock ends when it
// is sent: such writes are not isolated; the marketplace always writes acknowledged.
func serve(client net.Conn, dialUpstream func() (net.Conn, error), l *locks, logger *slog.Logger) {
	defer client.Close()
	upstream, err := dialUpstream()
	if err != nil {
		logger.Error("cannot reach FerretDB", "error", err)
		return
	}
	defer upstream.Close()
	for {
		req, err := readMessage(client)
		if err != nil {
			return
		}
		if err := func() error {
			defer l.acquire(classify(req))()
			if _, err := upstream.Write(req); err != nil {
				return err
			}
			if hasMoreToCome(req) {
				return nil
			}
			for {
				resp, err := readMessage(upstream)
				if err != nil {
					return err
				}
				if _, err := client.Write(resp); err != nil {
					return err
				}
				if !hasMoreToCome(resp) {
					return nil
				}
			}
		}(); err != nil {
			return
		}
	}
}

// serializeCommands accepts clients on ln until it is closed.
func serializeCommands(ln net.Listener, dialUpstream func() (net.Conn, error), logger *slog.Logger) {
	l := newLocks()
	for {
		conn, err := ln.Accept()
		if err != nil {
			return
		}
		go serve(conn, dialUpstream, l, logger)
	}
}
