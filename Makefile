# Two commands do all set-up on a fresh machine:
#   make run   -- virtual environment, then the station with mock hardware on http://127.0.0.1:8080
#   make test  -- virtual environment, test extras, Debian's chromium, then the whole test suite
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
HOST   ?= 127.0.0.1
PORT   ?= 8080

.PHONY: run test venv system-packages conformance bench clean hub-box hub-box-packages

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
# mosquitto (the MQTT tests start their own broker on a free loopback port), openscad (the
# enclosure rendered to STL: tests/hardware/test_enclosure.py)
system-packages:
	@missing=""; \
	command -v chromium >/dev/null 2>&1 || missing="$$missing chromium"; \
	command -v shellcheck >/dev/null 2>&1 || missing="$$missing shellcheck"; \
	command -v mosquitto >/dev/null 2>&1 || [ -x /usr/sbin/mosquitto ] || missing="$$missing mosquitto"; \
	command -v openscad >/dev/null 2>&1 || missing="$$missing openscad"; \
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
BENCHES := engine hardware station web ws abuse club vision past_games
bench: $(VENV)/.test-extras
	@echo "machine: $$(nproc) cores, $$($(BIN)/python -V), $$(uname -m)"; \
	missed=""; \
	for b in $(BENCHES); do $(BIN)/python bench/$$b.py || missed="$$missed $$b"; done; \
	if [ -n "$$missed" ]; then echo "missed a target:$$missed"; exit 1; fi

# The hub's own OS in a box (docs/install.md, "The hub in a box"): a trixie VM under QEMU with the
# installer, the unit's sandbox, the devices, the sensor board, a pulled plug; an aarch64 trixie
# root with the [pi]/[pi5] builds and tests. Needs root; roots and wheels are cached in
# /var/cache/mexican-train-box (BOX_CACHE). HUB_BOX=vm or arm64 runs one part.
HUB_BOX ?= all
BOX_DEBS := mmdebstrap qemu-system-x86 qemu-utils qemu-user-static binfmt-support systemd-container arch-test debian-archive-keyring e2fsprogs
hub-box-packages:   # as root only: without root tools/hub-box/run.sh says in one line that it needs it
	@[ "$$(id -u)" = 0 ] || exit 0; missing=""; for p in $(BOX_DEBS); do dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then echo "installing Debian's$$missing for the hub box"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; fi

hub-box: hub-box-packages
	tools/hub-box/run.sh $(HUB_BOX)

clean:
	rm -rf $(VENV) .pytest_cache
