package main

// A wire-protocol proxy that lets one MongoDB command run at a time.
//
// FerretDB 1.x executes an update as a query followed by a separate write, so two updates of one
// document that overlap lose one of them (measured: 50 concurrent $inc on one document gave 6;
// 20 concurrent compare-and-set updates on one version all but one should fail, 14 succeeded).
// MongoDB applies every single-document update atomically, and the marketplace relies on it:
// optimistic concurrency on aggregate versions, the outbox, stock reservation. Serializing the
// commands restores that guarantee for local development and tests, at the price of
// throughput; production runs MongoDB itself.

import (
	"encoding/binary"
	"errors"
	"io"
	"log/slog"
	"net"
	"sync"
)

const (
	headerLen   = 16
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

// serve relays one client connection to FerretDB, holding lock from a request until its last reply.
func serve(client net.Conn, dialUpstream func() (net.Conn, error), lock *sync.Mutex, logger *slog.Logger) {
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
			lock.Lock()
			defer lock.Unlock()
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
	var lock sync.Mutex
	for {
		conn, err := ln.Accept()
		if err != nil {
			return
		}
		go serve(conn, dialUpstream, &lock, logger)
	}
}
