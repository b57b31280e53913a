# Two commands matter: `make run` and `make test`. Everything installs into .venv/ on first use.
SHELL := /bin/bash
PY := .venv/bin/python
UV := .tools/bin/uv
export UV_PROJECT_ENVIRONMENT := $(CURDIR)/.venv
STACK_PORT_OFFSET ?= 0
export STACK_PORT_OFFSET
STACK_DIR := .stack/$(STACK_PORT_OFFSET)

.PHONY: install fonts browser wrk run test stack-up stack-down protos check-protos sdk check-sdk lint-protos lint typecheck unit pytest deploy-check bench gallery load chaos rolling clean

install: .venv/.installed fonts

.venv/.installed: uv.lock pyproject.toml $(wildcard */pyproject.toml */*/pyproject.toml)
	@test -x $(UV) || (python3.11 -m venv .tools && .tools/bin/pip install -q 'uv==0.13.9')
	$(UV) sync --frozen --all-packages
	@touch $@

node_modules/.installed: package.json package-lock.json
	npm install --no-audit --no-fund --silent
	@touch $@

# Slide fonts too big to commit: Noto CJK (Japanese, Korean, Simplified and Traditional Chinese forms) and
# Noto Color Emoji from Debian. Without them decks in those scripts fail with RENDER_TEXT_UNSUPPORTED.
FONT_FILES := /usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf
fonts:
	@for f in $(FONT_FILES); do test -f $$f || missing=1; done; [ -z "$$missing" ] || { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null && \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-noto-cjk fonts-noto-color-emoji >/dev/null) ; } || \
	  { echo "install Debian's fonts-noto-cjk and fonts-noto-color-emoji (or set RENDERER_FONT_DIRS)"; exit 1; }

# Debian's Chromium for the share-page browser test (skipped with its reason when missing).
browser:
	@command -v chromium >/dev/null 2>&1 || { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null && \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) ; } || \
	  echo "chromium not installed: the browser test will be skipped"

# wrk (C, from apt) drives the HTTP load of `make bench`; without it the bench falls back to httpx,
# whose own CPU use on this 2-core machine understates the server's throughput.
wrk:
	@command -v wrk >/dev/null 2>&1 || { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null && \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null) ; } || \
	  echo "wrk not installed: make bench uses its httpx load generator"

run: install node_modules/.installed
	$(PY) scripts/stack.py up

# Background stack for tests and benchmarks; `make stack-down` stops everything it started.
# node_modules: the console's CSS and htmx (package.json) are served from there.
stack-up: install node_modules/.installed
	@mkdir -p $(STACK_DIR)
	@nohup $(PY) scripts/stack.py up > $(STACK_DIR)/stack.out 2>&1 & echo $$! > $(STACK_DIR)/stack.pid
	@$(PY) scripts/stack.py wait 300 || (cat $(STACK_DIR)/stack.out; tail -n 40 $(STACK_DIR)/logs/*.log; $(MAKE) stack-down; exit 1)

stack-down:
	@if [ -f $(STACK_DIR)/stack.pid ]; then kill $$(cat $(STACK_DIR)/stack.pid) 2>/dev/null; \
	  for i in $$(seq 1 60); do kill -0 $$(cat $(STACK_DIR)/stack.pid) 2>/dev/null || break; sleep 0.5; done; \
	  rm -f $(STACK_DIR)/stack.pid; fi

protos: install
	scripts/gen_protos.sh

check-protos: protos
	@git diff --quiet --exit-code -- libs/contracts || (echo "generated stubs are stale: run make protos and commit"; git diff --stat -- libs/contracts; exit 1)
	@test -z "$$(git status --porcelain -- libs/contracts)" || (echo "generated stubs are stale: run make protos and commit"; exit 1)

# The SDKs in sdk/ (Python client, TypeScript types) from the gateway's OpenAPI document, built
# in-process from the FastAPI app (no stack). Generators pinned: uv.lock and package-lock.json.
sdk: install node_modules/.installed
	scripts/gen_sdk.sh

check-sdk: sdk
	@git diff --quiet --exit-code -- sdk || (echo "the SDKs in sdk/ are stale: run make sdk and commit"; git diff --stat -- sdk; exit 1)
	@test -z "$$(git status --porcelain -- sdk)" || (echo "the SDKs in sdk/ are stale: run make sdk and commit"; git status --short -- sdk; exit 1)

lint-protos: node_modules/.installed
	cd protos && ../node_modules/.bin/buf lint

# lint-imports: the layering contracts in pyproject.toml ([tool.importlinter]).
lint: install
	$(UV) run --frozen ruff check .
	$(UV) run --frozen ruff format --check .
	$(UV) run --frozen lint-imports --no-cache

typecheck: install
	$(UV) run --frozen mypy libs/kit libs/testkit/testkit gateway/gateway $(foreach s,$(wildcard services/*/),$(s)$(notdir $(s:/=))/)

# Kubernetes manifests without a cluster or the stack: every overlay and component combination
# rendered, validated, scanned with checkov and checked against the deployment rules.
deploy-check: install
	$(PY) -m pytest -q tests/deploy

# The tests that need no running stack (see --without-stack in conftest.py), with nothing started: an
# offset without a stack, so a test that reached one anyway would fail here.
unit: install
	STACK_PORT_OFFSET=9990 $(PY) -m pytest -q --without-stack $(PYTEST_ARGS)

pytest: install
	$(PY) -m pytest -q -x --maxfail=5 $(PYTEST_ARGS)

# Two gateway replicas for tests, load and chaos, so chaos can kill one while the other serves.
test load chaos rolling: export STACK_GATEWAY_REPLICAS ?= 2
# Tests point billing's mail at an aiosmtpd server that the mail contract test starts.
# Short webhook retries and a local fake of TikTok's API (both started by the tests).
test: export SMTP_URL ?= smtp://127.0.0.1:$(shell echo $$((2525 + $(STACK_PORT_OFFSET))))
test: export WEBHOOK_RETRY_SCHEDULE ?= 1,2,2,2,2
test: export TIKTOK_API_BASE ?= https://127.0.0.1:$(shell echo $$((18443 + $(STACK_PORT_OFFSET))))
# TikTok's authorize page (Login Kit) is the same fake, with a test app's client key and secret.
test: export TIKTOK_AUTH_BASE ?= $(TIKTOK_API_BASE)
test: export TIKTOK_CLIENT_KEY ?= awlocaltestclientkey
test: export TIKTOK_CLIENT_SECRET ?= local-test-client-secret
# Billing's Stripe calls (Checkout, Billing Portal) go to a local stand-in the tests start.
test: export STRIPE_API_BASE ?= http://127.0.0.1:$(shell echo $$((12111 + $(STACK_PORT_OFFSET))))
test: export STRIPE_SECRET_KEY ?= sk_test_local_stand_in
test: install node_modules/.installed browser lint-protos check-protos check-sdk lint typecheck
	@$(MAKE) --no-print-directory stack-up
	@set -o pipefail; $(PY) -m pytest -q --durations=30 $(PYTEST_ARGS); rc=$$?; $(MAKE) --no-print-directory stack-down; exit $$rc

load: install
	@$(MAKE) --no-print-directory stack-up
	@$(PY) scripts/load.py --duration 60 --users 12 --orgs 3 --report out/load.json; rc=$$?; $(MAKE) --no-print-directory stack-down; exit $$rc

chaos: install
	@$(MAKE) --no-print-directory stack-up
	@$(PY) scripts/load.py --duration 90 --users 12 --orgs 3 --chaos --report out/chaos.json; rc=$$?; $(MAKE) --no-print-directory stack-down; exit $$rc

# A rolling restart under load: every process gets SIGTERM in turn (stops gracefully, exits 0).
rolling: install
	@$(MAKE) --no-print-directory stack-up
	@$(PY) scripts/load.py --duration 90 --users 12 --orgs 3 --rolling --report out/rolling.json; rc=$$?; $(MAKE) --no-print-directory stack-down; exit $$rc

bench: install wrk
	@$(MAKE) --no-print-directory stack-up
	@$(PY) scripts/bench.py; rc=$$?; $(MAKE) --no-print-directory stack-down; exit $$rc

# Every design x language x image source by default; narrow with GALLERY_ARGS, e.g.
# make gallery GALLERY_ARGS="--designs classic --languages en,ja --sources photos --formats listicle"
gallery: install
	$(PY) -m renderer.gallery out/gallery $(GALLERY_ARGS)

clean:
	rm -rf .stack out
