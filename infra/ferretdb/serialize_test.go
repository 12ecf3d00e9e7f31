package main

// Tests of the per-database locking of serialize.go, without FerretDB: a fake upstream holds a
// write open for as long as the test wants, so what waits and what does not is decided by the
// locks alone, never by timing. (packages/platform/test/atomicity.int.test.ts checks the real
// server's single-document atomicity through the proxy.)

import (
	"encoding/binary"
	"io"
	"log/slog"
	"net"
	"path/filepath"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/bson"
)

// opMsgOf builds an OP_MSG request whose body is doc.
func opMsgOf(t *testing.T, doc bson.D) []byte {
	t.Helper()
	body, err := bson.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	msg := make([]byte, headerLen+4+1, headerLen+4+1+len(body))
	binary.LittleEndian.PutUint32(msg[12:16], opMsg)
	msg = append(msg, body...)
	binary.LittleEndian.PutUint32(msg[0:4], uint32(len(msg)))
	return msg
}

// opQueryOf builds a legacy OP_QUERY command on ns, as drivers send their first hello.
func opQueryOf(t *testing.T, ns string, doc bson.D) []byte {
	t.Helper()
	body, err := bson.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	msg := make([]byte, headerLen+4)
	binary.LittleEndian.PutUint32(msg[12:16], opQuery)
	msg = append(msg, ns...)
	msg = append(msg, 0)
	msg = append(msg, make([]byte, 8)...)
	msg = append(msg, body...)
	binary.LittleEndian.PutUint32(msg[0:4], uint32(len(msg)))
	return msg
}

func TestClassify(t *testing.T) {
	pipeline := func(stages ...bson.D) bson.A {
		a := bson.A{}
		for _, s := range stages {
			a = append(a, s)
		}
		return a
	}
	cases := []struct {
		name string
		msg  []byte
		db   string
		mode access
	}{
		{"find", opMsgOf(t, bson.D{{"find", "items"}, {"filter", bson.D{{"_id", "x"}}}, {"$db", "catalogue"}}), "catalogue", read},
		{"count", opMsgOf(t, bson.D{{"count", "items"}, {"$db", "catalogue"}}), "catalogue", read},
		{"getMore", opMsgOf(t, bson.D{{"getMore", int64(7)}, {"collection", "items"}, {"$db", "catalogue"}}), "catalogue", read},
		{"listCollections", opMsgOf(t, bson.D{{"listCollections", 1}, {"$db", "catalogue"}}), "catalogue", read},
		{"aggregate", opMsgOf(t, bson.D{{"aggregate", "items"}, {"pipeline", pipeline(bson.D{{"$match", bson.D{}}})}, {"$db", "catalogue"}}), "catalogue", read},
		{"aggregate $out", opMsgOf(t, bson.D{{"aggregate", "items"}, {"pipeline", pipeline(bson.D{{"$match", bson.D{}}}, bson.D{{"$out", "copy"}})}, {"$db", "catalogue"}}), "catalogue", exclusive},
		{"aggregate $merge", opMsgOf(t, bson.D{{"aggregate", "items"}, {"pipeline", pipeline(bson.D{{"$merge", bson.D{{"into", "copy"}}}})}, {"$db", "catalogue"}}), "catalogue", exclusive},
		{"update", opMsgOf(t, bson.D{{"update", "items"}, {"$db", "catalogue"}}), "catalogue", write},
		{"findAndModify", opMsgOf(t, bson.D{{"findAndModify", "items"}, {"$db", "ordering"}}), "ordering", write},
		{"unknown command", opMsgOf(t, bson.D{{"somethingNew", 1}, {"$db", "ordering"}}), "ordering", write},
		{"hello", opMsgOf(t, bson.D{{"hello", 1}, {"$db", "admin"}}), "admin", noLock},
		{"ping in a database", opMsgOf(t, bson.D{{"ping", 1}, {"$db", "catalogue"}}), "catalogue", noLock},
		{"listDatabases", opMsgOf(t, bson.D{{"listDatabases", 1}, {"$db", "admin"}}), "admin", noLock},
		{"renameCollection", opMsgOf(t, bson.D{{"renameCollection", "a.x"}, {"to", "b.x"}, {"$db", "admin"}}), "admin", exclusive},
		{"no $db", opMsgOf(t, bson.D{{"insert", "items"}}), "", exclusive},
		{"legacy isMaster", opQueryOf(t, "admin.$cmd", bson.D{{"isMaster", 1}}), "admin", noLock},
		{"legacy insert", opQueryOf(t, "shop.$cmd", bson.D{{"insert", "items"}}), "shop", write},
		{"legacy query of a collection", opQueryOf(t, "shop.items", bson.D{{"x", 1}}), "", exclusive},
		{"garbage", []byte("not a wire message at all"), "", exclusive},
	}
	for _, c := range cases {
		db, mode := classify(c.msg)
		if db != c.db || mode != c.mode {
			t.Errorf("%s: got (%q, %d), want (%q, %d)", c.name, db, mode, c.db, c.mode)
		}
	}
}

func TestLocks(t *testing.T) {
	l := newLocks()
	held := func(db string) *dbLock {
		l.mu.Lock()
		defer l.mu.Unlock()
		return l.dbs[db]
	}

	releaseRead := l.acquire("a", read)
	if !held("a").TryRLock() {
		t.Fatal("a second read of a database waited for the first")
	}
	held("a").RUnlock()
	if held("a").TryLock() {
		t.Fatal("a write of a database did not wait for its reads")
	}

	releaseWrite := l.acquire("b", write)
	if held("b").TryRLock() {
		t.Fatal("a read of a database did not wait for its write")
	}
	// Another database is not held back by either.
	l.acquire("c", write)()
	l.acquire("c", read)()
	if l.all.TryLock() {
		t.Fatal("an exclusive command did not wait for the database commands")
	}
	releaseRead()
	releaseWrite()

	if n := len(l.dbs); n != 0 {
		t.Fatalf("%d database locks left after every command ended", n)
	}
	releaseAll := l.acquire("", exclusive)
	if l.all.TryRLock() {
		t.Fatal("a database command did not wait for an exclusive one")
	}
	releaseAll()
	l.acquire("", noLock)()
}

// TestProxyDatabasesDoNotWait runs the proxy against a fake FerretDB that answers a write to
// database "b" only when the test says so: a find in database "a" is answered meanwhile, and
// database "b" stays held by the write.
func TestProxyDatabasesDoNotWait(t *testing.T) {
	socket := filepath.Join(t.TempDir(), "upstream.sock")
	upstream, err := net.Listen("unix", socket)
	if err != nil {
		t.Fatal(err)
	}
	defer upstream.Close()
	writeStarted := make(chan struct{})
	finishWrite := make(chan struct{})
	reply := opMsgOf(t, bson.D{{"ok", 1.0}})
	go func() {
		for {
			conn, err := upstream.Accept()
			if err != nil {
				return
			}
			go func() {
				defer conn.Close()
				for {
					req, err := readMessage(conn)
					if err != nil {
						return
					}
					if db, mode := classify(req); db == "b" && mode == write {
						close(writeStarted)
						<-finishWrite
					}
					if _, err := conn.Write(reply); err != nil {
						return
					}
				}
			}()
		}
	}()

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	l := newLocks()
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	go func() {
		for {
			conn, err := ln.Accept()
			if err != nil {
				return
			}
			go serve(conn, func() (net.Conn, error) { return net.Dial("unix", socket) }, l, logger)
		}
	}()

	send := func(doc bson.D) chan error {
		done := make(chan error, 1)
		go func() {
			conn, err := net.Dial("tcp", ln.Addr().String())
			if err != nil {
				done <- err
				return
			}
			defer conn.Close()
			if _, err = conn.Write(opMsgOf(t, doc)); err == nil {
				_, err = readMessage(conn)
			}
			done <- err
		}()
		return done
	}
	// A bound on a hang, not a measured time: with one lock for all databases the find never gets
	// its answer while the write is open.
	wait := func(what string, done chan error) {
		t.Helper()
		select {
		case err := <-done:
			if err != nil {
				t.Fatalf("%s: %v", what, err)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("%s: no answer while a write to another database was open", what)
		}
	}

	writeDone := send(bson.D{{"insert", "items"}, {"$db", "b"}})
	<-writeStarted
	wait("find in database a", send(bson.D{{"find", "items"}, {"$db", "a"}}))
	wait("update in database a", send(bson.D{{"update", "items"}, {"$db", "a"}}))
	wait("hello", send(bson.D{{"hello", 1}, {"$db", "admin"}}))

	l.mu.Lock()
	b := l.dbs["b"]
	l.mu.Unlock()
	if b == nil || b.TryRLock() {
		t.Fatal("database b was not held by its open write")
	}
	close(finishWrite)
	wait("insert in database b", writeDone)
}
