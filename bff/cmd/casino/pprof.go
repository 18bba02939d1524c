package main

import (
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"
	"os"
)

// startPprof serves Go's profiler on CASINO_PPROF (e.g. 127.0.0.1:6060) for
// the load scripts (docs/capacity.md). It is off by default, on its own
// listener (never the site's mux) and only on a loopback address.
func startPprof() error {
	addr := os.Getenv("CASINO_PPROF")
	if addr == "" {
		return nil
	}
	host, _, err := net.SplitHostPort(addr)
	if ip := net.ParseIP(host); err != nil || ip == nil || !ip.IsLoopback() {
		return fmt.Errorf("CASINO_PPROF %q: want a loopback host:port such as 127.0.0.1:6060", addr)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	slog.Info("pprof listening", "addr", "http://"+ln.Addr().String()+"/debug/pprof/")
	go http.Serve(ln, mux)
	return nil
}
