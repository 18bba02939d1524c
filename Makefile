# The two commands of the README:
#   make run   — install, build, seed demo data and serve http://127.0.0.1:8080 under Litestream
#   make test  — every test: Go, front-end unit, end-to-end in Debian's Chromium
# Everything a fresh Debian machine with Go, Node/npm and apt needs is installed here.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := run

ROOT        := $(abspath .)
BIN         := $(ROOT)/bin
CASINO_DATA ?= $(ROOT)/data
CASINO_ADDR ?= 127.0.0.1:8080
LITESTREAM_VERSION := v0.5.18
REMOTES     := lobby cashier profile calendar country-block backoffice
export CASINO_DATA CASINO_ADDR

.PHONY: run test bench bench-rng bench-lighthouse bench-pages bench-capacity bench-studio setup deps chromium build generate go-build frontends publish seed test-go test-unit test-e2e clean

run: build seed publish
	@echo "Aurum Casino on http://$(CASINO_ADDR) (data in $(CASINO_DATA), replica in $(CASINO_DATA)/replica)"
	$(BIN)/litestream replicate -config litestream.yml -exec "$(BIN)/casino serve --addr $(CASINO_ADDR) --data $(CASINO_DATA)"

test: deps chromium build test-go test-unit test-e2e
	@echo "all tests passed"

bench: build bench-rng
	node e2e/bench/run.mjs
	node e2e/bench/lighthouse.mjs

# Lighthouse alone (visitor pages, mobile, median of 3): its section of docs/benchmarks.md.
bench-lighthouse: build
	node e2e/bench/lighthouse.mjs

# ent and dieharder on the studio's RNG output (installs them with apt-get).
bench-rng:
	node e2e/bench/rng.mjs

# Guest and logged-in pages (3 interleaved runs each, median), docs/benchmarks.md.
bench-pages: build
	node e2e/bench/pages.mjs

# Database bytes per round and Litestream replica lag under wallet load (docs/capacity.md).
bench-capacity: go-build deps
	node e2e/bench/capacity.mjs

# Frames per second of the studio's slots and roulette wheel on a phone profile (CPU 4x slower), docs/benchmarks.md.
bench-studio: go-build deps chromium
	node e2e/bench/studio-fps.mjs

# --- setup -------------------------------------------------------------------

deps: node_modules/.package-lock.json $(BIN)/litestream
	go mod download

node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund
	@touch $@

$(BIN)/litestream:
	GOBIN=$(BIN) go install github.com/benbjohnson/litestream/cmd/litestream@$(LITESTREAM_VERSION)

# Debian's Chromium for the browser tests (playwright cannot download browsers here).
chromium:
	@if ! command -v chromium >/dev/null; then \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	fi
	@chromium --version

# --- build -------------------------------------------------------------------

build: deps generate go-build frontends

generate:
	go tool templ generate -log-level error

go-build:
	go build -o $(BIN)/casino ./bff/cmd/casino

frontends:
	npm run build

seed: go-build
	$(BIN)/casino seed --data $(CASINO_DATA)

# Publishing the same build twice is a no-op (versions are content hashes).
publish: go-build
	$(BIN)/casino frontends --data $(CASINO_DATA) publish root shell/root-config/dist
	@for r in $(REMOTES); do $(BIN)/casino frontends --data $(CASINO_DATA) publish $$r frontends/$$r/dist; done

# --- tests -------------------------------------------------------------------

test-go:
	go vet ./...
	go test -count=1 ./...

test-unit:
	npm run test:unit

# Each e2e file starts its own BFF and Chromium, so files run side by side
# (E2E_JOBS at once); the restore drill kills processes and measures a loss
# window, so it runs alone afterwards.
E2E_JOBS ?= 2
E2E_FILES = $(filter-out e2e/restore-drill.test.mjs,$(wildcard e2e/*.test.mjs))
test-e2e:
	node --test --test-concurrency=$(E2E_JOBS) --test-timeout=600000 --test-reporter=spec $(E2E_FILES)
	node --test --test-concurrency=1 --test-timeout=180000 --test-reporter=spec e2e/restore-drill.test.mjs

clean:
	rm -rf $(BIN) frontends/*/dist shell/root-config/dist
