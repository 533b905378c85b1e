# cubecensus: make run (build and run the default pipeline into out/results
# and check it against the published tables in results/),
# make test (vet, Go tests, a cosets job array on a real single-node Slurm,
# every notebook executed headless), make bench.
# Each target installs what it needs: Go modules through the module proxy,
# the notebooks' Python environment from notebooks/requirements.txt (hashes).

GO       ?= go
PYTHON   ?= python3
BIN      := bin/cubecensus
VENV     := notebooks/.venv
NOTEBOOKS := $(sort $(wildcard notebooks/*.ipynb))
RESULTS  ?= results
RUN_OUT  ?= out/results

.PHONY: all build run publish test vet gotest slurmtest notebooks requirements bench fuzz clean

all: build

build:
	$(GO) build -buildvcs=auto -o $(BIN) ./cmd/cubecensus

# The upperface search's STM depth 15 (1.4e11 probes, about an hour) is
# settled from the committed merged shard tables, every hit checked; the
# docs/upperface.md says how to search it again.
#
# make run never writes into the published results/: it writes into
# $(RUN_OUT) (ignored by git) and fails if what it computed contradicts
# results/ (cubecensus compare). Replacing results/ is `make publish`, after
# a full run.
run: build
	./$(BIN) run --out $(RUN_OUT) --upperface-hits-from results/upperface-stm-depth15
	./$(BIN) compare $(RUN_OUT) --published $(RESULTS)

publish: build
	./$(BIN) compare $(RUN_OUT) --published $(RESULTS)
	cp $(RUN_OUT)/*.arrow $(RESULTS)/

test: vet gotest slurmtest notebooks

vet:
	$(GO) vet ./...
	@test -z "$$(gofmt -l .)" || { echo "gofmt needed:"; gofmt -l .; exit 1; }

gotest:
	$(GO) test -count=1 ./...

# A real single-node Slurm (installed from Debian's packages when missing,
# which needs root), a cosets job array of three shards merged and compared
# with one process (scripts/slurm/test.sh).
slurmtest: build
	scripts/slurm/test.sh $(BIN)

$(VENV)/.installed: notebooks/requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --disable-pip-version-check --require-hashes --no-deps -r notebooks/requirements.txt
	touch $@

notebooks: $(VENV)/.installed
	cd notebooks && CUBECENSUS_RESULTS=../$(RESULTS) ../$(VENV)/bin/python -m unittest -q test_cubecensus_tables
	@for nb in $(NOTEBOOKS); do \
		echo "executing $$nb"; \
		(cd notebooks && CUBECENSUS_RESULTS=../$(RESULTS) ../$(VENV)/bin/jupyter execute --timeout=600 $$(basename $$nb)) || exit 1; \
	done

# Regenerates the pinned, hashed notebooks/requirements.txt from
# notebooks/requirements.in (run by hand after editing requirements.in).
requirements:
	$(PYTHON) -m venv .cache/uv && .cache/uv/bin/pip install --quiet uv
	.cache/uv/bin/uv pip compile --generate-hashes --python-version 3.11 \
		--python-platform x86_64-manylinux_2_28 notebooks/requirements.in -o notebooks/requirements.txt

bench: build
	./scripts/bench.sh > BENCHMARKS.md

fuzz:
	$(GO) test -run '^$$' -fuzz FuzzParseManeuver -fuzztime 60s ./cube
	$(GO) test -run '^$$' -fuzz FuzzParseFacelets -fuzztime 60s ./cube
	$(GO) test -run '^$$' -fuzz FuzzRead -fuzztime 60s ./tables
	$(GO) test -run '^$$' -fuzz FuzzReadAll -fuzztime 60s ./internal/sealed

clean:
	rm -rf bin $(VENV) .cache
