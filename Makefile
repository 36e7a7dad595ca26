# Two commands do all set-up on a fresh machine:
#   make run   -- virtual environment, then the station with mock hardware on http://127.0.0.1:8080
#   make test  -- virtual environment, test extras, Debian's chromium, then the whole test suite
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
HOST   ?= 127.0.0.1
PORT   ?= 8080

.PHONY: run test venv system-packages conformance bench clean

# the station alone (make run), then the test extras on top (make test)
$(BIN)/station: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e .
	touch $@

$(VENV)/.test-extras: $(BIN)/station
	$(BIN)/pip install --quiet -e '.[test]'
	touch $@

venv: $(BIN)/station

run: venv
	$(BIN)/station run --mock --host $(HOST) --port $(PORT)

# Debian packages the tests use: chromium (browser tests), shellcheck (installer check),
# mosquitto (the MQTT tests start their own broker on a free loopback port)
system-packages:
	@missing=""; \
	command -v chromium >/dev/null 2>&1 || missing="$$missing chromium"; \
	command -v shellcheck >/dev/null 2>&1 || missing="$$missing shellcheck"; \
	command -v mosquitto >/dev/null 2>&1 || [ -x /usr/sbin/mosquitto ] || missing="$$missing mosquitto"; \
	if [ -n "$$missing" ]; then \
	  echo "installing Debian's$$missing for the tests"; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	  $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq $$missing; \
	fi

test: $(VENV)/.test-extras system-packages
	$(BIN)/python -m pytest -q

# both public corpora: the rules (corpus) and the house-rule options (corpus_house)
conformance: venv
	../shared/conformance/compare ../shared/conformance/corpus '$(BIN)/station replay {} --json'
	../shared/conformance/compare ../shared/conformance/corpus_house '$(BIN)/station replay {} --json'

# every bench runs; the target fails at the end if any of them missed its target
BENCHES := engine hardware station web club vision
bench: $(VENV)/.test-extras
	@echo "machine: $$(nproc) cores, $$($(BIN)/python -V), $$(uname -m)"; \
	missed=""; \
	for b in $(BENCHES); do $(BIN)/python bench/$$b.py || missed="$$missed $$b"; done; \
	if [ -n "$$missed" ]; then echo "missed a target:$$missed"; exit 1; fi

clean:
	rm -rf $(VENV) .pytest_cache
