# Lamina — build, test and demo entry points.
#
# `make test` and `make demo` work on a fresh Debian 12 machine: both install the Debian packages
# they need first (`make deps`), then build with the Swift toolchain on PATH.

SWIFT      ?= swift
SWIFTFLAGS ?=

# Debian packages the build, the tests and the demo need.
DEB_PACKAGES := pkg-config libegl-dev libgles-dev libgbm-dev libdrm-dev libegl-mesa0 \
                libgl1-mesa-dri libpng-dev libturbojpeg0-dev libzip-dev libcairo2-dev glslang-tools libsystemd-dev systemd \
                libpango1.0-dev fonts-dejavu-core fonts-wqy-microhei \
                libavcodec-dev libavformat-dev libswscale-dev libavutil-dev \
                libwayland-dev wayland-protocols libxkbcommon-dev weston
# The Python client's tests make a venv of Debian's Python and install the package into it offline,
# built by Debian's setuptools and wheel, its NumPy paths tested with Debian's NumPy (`make test-python`).
DEB_PACKAGES += python3-venv python3-setuptools python3-wheel python3-numpy


.PHONY: check-mutations fuzz-render-list fuzz-json fuzz-session fuzz-lottie
.PHONY: all deps build generate test check-shaders demo bench-scenes bench-daemon fuzz fuzz-pipeline install uninstall clean

all: build

# Installs what is missing, prints what it installs, and does nothing when all is there.
deps:
	@missing=""; \
	for p in $(DEB_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then sudo=""; else sudo="sudo"; fi; \
	  echo "make deps: installing$$missing"; \
	  $$sudo apt-get update -q && \
	  DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -q --no-install-recommends $$missing; \
	else \
	  echo "make deps: all Debian packages present"; \
	fi

build: deps
	$(SWIFT) build $(SWIFTFLAGS)

# What LaminaSchema generates (LaminaCore's keys and property table, the client library's properties,
# the docs' property tables): run after editing a row of Sources/LaminaSchema/LayerSchema.swift. A
# test fails while a generated file is stale.
generate:
	$(SWIFT) build --product lamina-schema $(SWIFTFLAGS)
	$$($(SWIFT) build --show-bin-path $(SWIFTFLAGS))/lamina-schema .

# Every GLSL ES shader through the reference front end (glslangValidator picks the stage from the
# .vert/.frag extension and exits non-zero on errors). It cannot see a varying declared on one side
# only: the LaminaRender tests link every program on the real driver for that. The layer program is
# checked as the renderer builds it: with layer-instance.glsl (InstanceLayout's header) after #version.
SHADERS := $(filter-out Shaders/layer.vert Shaders/layer.frag,$(wildcard Shaders/*.vert Shaders/*.frag))
# The layer program's variants: the first word of each row of the table LaminaRender builds them from.
LAYER_VARIANTS := $(shell grep -v '^\#' Shaders/layer-variants.txt | awk '{print $$1}')

check-shaders: deps
	@for f in $(SHADERS); do \
	  glslangValidator "$$f" >/dev/null || { glslangValidator "$$f"; echo "make check-shaders: $$f has errors"; exit 1; }; \
	done; \
	tmp=$$(mktemp -d); \
	for stage in vert frag; do \
	  { head -n 1 Shaders/layer.$$stage; [ $$stage = vert ] && echo "#define VERTEX_SHADER 1"; cat Shaders/layer-instance.glsl; \
	    tail -n +2 Shaders/layer.$$stage; } > $$tmp/layer.$$stage; \
	done; \
	for variant in $(LAYER_VARIANTS); do \
	  define=$$( [ $$variant = - ] && echo FULL_BUILD || echo $$variant ); \
	  glslangValidator -l -D$$define $$tmp/layer.vert $$tmp/layer.frag >/dev/null \
	    || { glslangValidator -l -D$$define $$tmp/layer.vert $$tmp/layer.frag; echo "make check-shaders: layer ($$variant) has errors"; exit 1; }; \
	done; \
	rm -rf $$tmp; \
	echo "make check-shaders: $(words $(SHADERS)) shaders valid, and layer with its generated header in its $(words $(LAYER_VARIANTS)) variants ($(LAYER_VARIANTS))"

# The load test runs alone, after the rest: it measures the daemon's frame timing. The suite takes
# minutes; a run past 40 is a test waiting for ever, which `timeout` turns into a failure that names
# the tests still running (Swift Testing printed them as started) instead of a silent CI limit.
test: deps check-shaders
	$(SWIFT) build --build-tests $(SWIFTFLAGS)
	timeout --kill-after=60 40m $(SWIFT) test --skip-build --skip HostileLoadTests $(SWIFTFLAGS)
	timeout --kill-after=60 20m $(SWIFT) test --skip-build --filter HostileLoadTests $(SWIFTFLAGS)
	$(MAKE) fuzz-pipeline FUZZ_RUNS=$(FUZZ_SMOKE_RUNS) FUZZ_SEED=$(FUZZ_SMOKE_SEED)
	$(MAKE) fuzz-render-list FUZZ_RUNS=$(FUZZ_RENDER_LIST_SMOKE_RUNS) FUZZ_SEED=$(FUZZ_SMOKE_SEED)
	$(MAKE) fuzz-json FUZZ_RUNS=$(FUZZ_JSON_SMOKE_RUNS) FUZZ_SEED=$(FUZZ_SMOKE_SEED)
	$(MAKE) fuzz-session FUZZ_RUNS=$(FUZZ_SESSION_SMOKE_RUNS) FUZZ_SEED=$(FUZZ_SMOKE_SEED)
	$(MAKE) fuzz-lottie FUZZ_RUNS=$(FUZZ_LOTTIE_SMOKE_RUNS) FUZZ_SEED=$(FUZZ_SMOKE_SEED)
	$(MAKE) test-python

# The Python client (clients/python) against a real laminad: a venv of Debian's Python in
# out/python-venv (made once), the package installed into it offline, and its unittest suite, each
# module starting its own daemon (LAMINAD) and the input test driving the Wayland test host's seat.
# The venv sees the system's packages: Debian's setuptools and wheel build the package without a
# download, and the optional NumPy paths are tested where NumPy is installed (a test checks that
# importing lamina imports no NumPy).
PYTHON      ?= /usr/bin/python3
PYTHON_VENV ?= out/python-venv
.PHONY: test-python
test-python: deps
	$(SWIFT) build --product laminad $(SWIFTFLAGS)
	$(SWIFT) build --product lamina-wayland-test-host $(SWIFTFLAGS)
	@[ -x $(PYTHON_VENV)/bin/python ] || $(PYTHON) -m venv --system-site-packages $(PYTHON_VENV)
	$(PYTHON_VENV)/bin/pip install --no-build-isolation --no-index ./clients/python
	bin=$$($(SWIFT) build --show-bin-path $(SWIFTFLAGS)); cd clients/python/tests && \
	  PYTHONDONTWRITEBYTECODE=1 LAMINAD=$$bin/laminad LAMINA_WAYLAND_TEST_HOST=$$bin/lamina-wayland-test-host \
	  $(abspath $(PYTHON_VENV))/bin/python -m unittest discover -s . -t . -v

# The render list's mutations (scripts/mutations/*.patch), each applied in turn: the CPU invariant
# suite (LaminaRenderListTests) must fail on every one. About a minute a mutation on two cores.
check-mutations: deps
	bash scripts/check-mutations.sh

# The whole-path fuzzer's smoke in `make test`: about a minute in release on two cores; the render
# list's, on the CPU alone, about half a minute. The smoke runs are seeded (scripts/fuzz.sh), so CI's
# run is close to the one made here; `make fuzz-*` alone picks a new seed each time (FUZZ_SEED= empty).
FUZZ_SMOKE_SEED ?= 1
FUZZ_SEED ?=
export FUZZ_SEED
FUZZ_SMOKE_RUNS ?= 100000
FUZZ_RENDER_LIST_SMOKE_RUNS ?= 200000
FUZZ_JSON_SMOKE_RUNS ?= 200000
FUZZ_SESSION_SMOKE_RUNS ?= 30000
FUZZ_LOTTIE_SMOKE_RUNS ?= 20000

# The examples, each rendered once by the embedded compositor (no daemon) at a time that shows it
# off, plus the card flip as a frame sequence. NAME:TIME pairs.
DEMO_DIR    ?= out/demo
DEMO_SCENES := sprite-sheet:0.15 nine-slice-button:0.5 card-flip:0.6 keyframe-path:1.3 \
               implicit-timeline:1.3 transition:1.5 layer-speeds:0.5 shadows-and-masks:0 \
               progress-ring:1.2 chart:1.0 gradient-background:0.6 text-card:0 \
               frosted-glass:1.5 activity-indicator:0.5 cube:0.3 confetti:3.6 \
               scrolling-list:0.9 tiled-zoom:1.5
# Lottie files (examples/lottie, from the test corpus), NAME:TIME.
DEMO_LOTTIE := bouncy_ball:0.5 starfish:1.0 Precomps:2.0

demo: deps
	$(SWIFT) build --product lamina $(SWIFTFLAGS)
	@mkdir -p $(DEMO_DIR)
	@bin=$$($(SWIFT) build --show-bin-path $(SWIFTFLAGS))/lamina; \
	for pair in $(DEMO_SCENES); do \
	  name=$${pair%%:*}; time=$${pair##*:}; \
	  $$bin render examples/$$name.json --time $$time --output $(DEMO_DIR)/$$name.png || exit 1; \
	  echo "make demo: examples/$$name.json at $$time s -> $(DEMO_DIR)/$$name.png"; \
	done; \
	$$bin render examples/card-flip.json --frames 0:3:20 --output $(DEMO_DIR)/card-flip-frames || exit 1; \
	echo "make demo: examples/card-flip.json, 0 to 3 s at 20 fps -> $(DEMO_DIR)/card-flip-frames/"; \
	for pair in $(DEMO_LOTTIE); do \
	  name=$${pair%%:*}; time=$${pair##*:}; \
	  $$bin render examples/lottie/$$name.json --time $$time --output $(DEMO_DIR)/lottie-$$name.png || exit 1; \
	  echo "make demo: examples/lottie/$$name.json (Lottie) at $$time s -> $(DEMO_DIR)/lottie-$$name.png"; \
	done; \
	$$bin lottie-check examples/lottie/Precomps.json || exit 1

# The 1,000- and 10,000-layer benchmark scenes (generated, not committed), for `lamina bench`.
bench-scenes: deps
	$(SWIFT) build --product lamina $(SWIFTFLAGS)
	@mkdir -p out/bench
	@bin=$$($(SWIFT) build --show-bin-path $(SWIFTFLAGS))/lamina; \
	for n in 1000 10000; do $$bin make-bench-scene --layers $$n --output out/bench/layers-$$n.json || exit 1; \
	  echo "make bench-scenes: out/bench/layers-$$n.json"; done

# The daemon's benchmarks (scripts/bench-daemon.sh), with Weston beside it when installed.
bench-daemon: deps
	$(SWIFT) build -c release --product laminad $(SWIFTFLAGS)
	$(SWIFT) build -c release --product lamina $(SWIFTFLAGS)
	BIN=$$($(SWIFT) build -c release --show-bin-path $(SWIFTFLAGS)) scripts/bench-daemon.sh

# The wire decoder under libFuzzer: FUZZ_RUNS inputs (0: until stopped), corpus in out/fuzz-corpus.
FUZZ_RUNS ?= 1000000
fuzz: deps
	$(SWIFT) build -c release --package-path Fuzz -Xswiftc -sanitize=fuzzer $(SWIFTFLAGS)
	@mkdir -p out/fuzz-corpus
	scripts/fuzz.sh wire Fuzz/.build/release/WireFuzzer -runs=$(FUZZ_RUNS) -max_len=4096 -print_final_stats=1 out/fuzz-corpus

# The daemon's whole path under libFuzzer: decode → validate → apply → evaluate → render list
# (LaminaFuzzing's PipelineHarness). New inputs go to out/fuzz-pipeline, read with the kept corpus in
# Fuzz/Corpus; a crash leaves its input in out/fuzz-crashes (scripts/fuzz.sh), which belongs in
# Fuzz/Regressions once fixed.
fuzz-pipeline: deps
	$(SWIFT) build -c release --package-path Fuzz -Xswiftc -sanitize=fuzzer --product PipelineFuzzer $(SWIFTFLAGS)
	@mkdir -p out/fuzz-pipeline
	scripts/fuzz.sh pipeline Fuzz/.build/release/PipelineFuzzer -runs=$(FUZZ_RUNS) -max_len=2048 -timeout=1 -rss_limit_mb=2048 \
	  -print_final_stats=1 out/fuzz-pipeline Fuzz/Corpus

# The render list's invariants under libFuzzer, on the CPU alone (LaminaRenderListChecks'
# RenderListFuzzing: every frame against a fresh build, caches, occlusion, damage). New inputs go to
# out/fuzz-render-list, read with the kept corpus in Fuzz/RenderListCorpus; a crash leaves its input in
# out/fuzz-crashes, which belongs in Fuzz/RenderListRegressions once fixed.
fuzz-render-list: deps
	$(SWIFT) build -c release --package-path Fuzz -Xswiftc -sanitize=fuzzer --product RenderListFuzzer $(SWIFTFLAGS)
	@mkdir -p out/fuzz-render-list
	scripts/fuzz.sh render-list Fuzz/.build/release/RenderListFuzzer -runs=$(FUZZ_RUNS) -max_len=1024 -timeout=2 -rss_limit_mb=2048 \
	  -print_final_stats=1 out/fuzz-render-list Fuzz/RenderListCorpus

# The JSON parser and writer under libFuzzer (LaminaJSON's JSONRoundTrip), over the kept corpus in
# Fuzz/JSONCorpus; a crash belongs in Fuzz/JSONRegressions once fixed.
fuzz-json: deps
	$(SWIFT) build -c release --package-path Fuzz -Xswiftc -sanitize=fuzzer --product JSONFuzzer $(SWIFTFLAGS)
	@mkdir -p out/fuzz-json
	scripts/fuzz.sh json Fuzz/.build/release/JSONFuzzer -runs=$(FUZZ_RUNS) -max_len=4096 -timeout=2 -print_final_stats=1 out/fuzz-json Fuzz/JSONCorpus

# The Lottie importer under libFuzzer (LottieImportCheck: refused with an error, or compiled into
# operations the model accepts), over the kept corpus in Fuzz/LottieCorpus; a crash belongs in
# Fuzz/LottieRegressions once fixed.
fuzz-lottie: deps
	$(SWIFT) build -c release --package-path Fuzz -Xswiftc -sanitize=fuzzer --product LottieFuzzer $(SWIFTFLAGS)
	@mkdir -p out/fuzz-lottie
	scripts/fuzz.sh lottie Fuzz/.build/release/LottieFuzzer -runs=$(FUZZ_RUNS) -max_len=65536 -timeout=5 -print_final_stats=1 out/fuzz-lottie Fuzz/LottieCorpus

# A client's protocol session under libFuzzer (LaminaFuzzing's SessionFuzzing: bytes in, replies out,
# the session's promises checked), over the kept corpus in Fuzz/SessionCorpus; a crash belongs in
# Fuzz/SessionRegressions once fixed.
fuzz-session: deps
	$(SWIFT) build -c release --package-path Fuzz -Xswiftc -sanitize=fuzzer --product SessionFuzzer $(SWIFTFLAGS)
	@mkdir -p out/fuzz-session
	scripts/fuzz.sh session Fuzz/.build/release/SessionFuzzer -runs=$(FUZZ_RUNS) -max_len=4096 -timeout=2 -rss_limit_mb=2048 -print_final_stats=1 \
	  out/fuzz-session Fuzz/SessionCorpus

# Installs where Debian expects things (PREFIX=/usr for a package; /usr/local by hand), under DESTDIR
# for staging: the binaries, the systemd units (ExecStart= rewritten for PREFIX), the sysusers entry,
# an example configuration and the documentation.
PREFIX   ?= /usr/local
DESTDIR  ?=
UNITDIR  ?= $(PREFIX)/lib/systemd/system
DOCDIR   ?= $(PREFIX)/share/doc/lamina

install: deps
	$(SWIFT) build -c release --product laminad $(SWIFTFLAGS)
	$(SWIFT) build -c release --product lamina $(SWIFTFLAGS)
	@bin=$$($(SWIFT) build -c release --show-bin-path $(SWIFTFLAGS)); \
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(UNITDIR) $(DESTDIR)$(PREFIX)/lib/sysusers.d $(DESTDIR)$(DOCDIR) && \
	install -m 0755 $$bin/laminad $$bin/lamina $(DESTDIR)$(PREFIX)/bin/ && \
	install -m 0644 systemd/laminad.socket $(DESTDIR)$(UNITDIR)/ && \
	sed 's|ExecStart=/usr/bin/laminad|ExecStart=$(PREFIX)/bin/laminad|' systemd/laminad.service > $(DESTDIR)$(UNITDIR)/laminad.service && \
	chmod 0644 $(DESTDIR)$(UNITDIR)/laminad.service && \
	install -m 0644 systemd/lamina.sysusers $(DESTDIR)$(PREFIX)/lib/sysusers.d/lamina.conf && \
	install -m 0644 systemd/laminad.conf.example README.md ARCHITECTURE.md docs/*.md $(DESTDIR)$(DOCDIR)/ && \
	echo "make install: laminad, lamina, units and docs under $(DESTDIR)$(PREFIX)"

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/laminad $(DESTDIR)$(PREFIX)/bin/lamina $(DESTDIR)$(UNITDIR)/laminad.socket \
	  $(DESTDIR)$(UNITDIR)/laminad.service $(DESTDIR)$(PREFIX)/lib/sysusers.d/lamina.conf
	rm -rf $(DESTDIR)$(DOCDIR)

clean:
	rm -rf .build Fuzz/.build out
