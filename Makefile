# Build, serve, test and benchmark the site. `make serve` and `make test` do all their own
# set-up (npm packages, Python venv, test wheels) on a fresh Debian/Ubuntu machine.

PYTHON ?= python3
PORT ?= 8000
VENV := .venv
VENV_PY := $(VENV)/bin/python
WHEELS := .cache/pyodide-wheels
NPM_STAMP := node_modules/.package-lock.json
VENV_STAMP := $(VENV)/.installed
WHEELS_STAMP := $(WHEELS)/.downloaded
CHROMIUM_PATH ?= /usr/bin/chromium
export CHROMIUM_PATH

# pytest exits 5 when it collects no test (e.g. a suite not written yet): report, don't fail.
define pytest_allowing_empty
status=0; $(1) || status=$$?; \
if [ $$status -eq 5 ]; then echo "(no tests collected: $(1))"; elif [ $$status -ne 0 ]; then exit $$status; fi
endef

.PHONY: serve dist test test-python test-pyodide test-e2e fuzz bench bench-boot bench-core bench-ai bench-hostile bench-memory bench-review bench-explain solve-stymie puzzles calibrate-komi browser clean

serve: dist
	$(PYTHON) tools/serve.py --root dist --port $(PORT)

dist: $(NPM_STAMP) $(VENV_STAMP)
	$(VENV_PY) tools/build.py dist

$(NPM_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund

$(VENV_STAMP): requirements-dev.txt
	$(PYTHON) -m venv $(VENV)
	$(VENV_PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $@

# the pure-Python wheels that tools/pyodide_pytest.mjs unpacks into Pyodide (make test-pyodide)
.PHONY: pyodide-wheels
pyodide-wheels: $(WHEELS_STAMP)

$(WHEELS_STAMP): requirements-pyodide.txt $(VENV_STAMP)
	rm -rf $(WHEELS)
	$(VENV_PY) -m pip download --quiet --disable-pip-version-check --only-binary=:all: \
		--platform any --python-version 3.14 --implementation py -d $(WHEELS) -r requirements-pyodide.txt
	touch $@

# Debian's Chromium when present (CI installs it); elsewhere Playwright's own download.
browser: $(VENV_STAMP)
	@if [ -x "$(CHROMIUM_PATH)" ]; then echo "browser: $(CHROMIUM_PATH)"; \
	else $(VENV)/bin/playwright install chromium; fi

test: check test-python test-pyodide test-e2e test-engines

# the fast loop while working (docs/testing.md): the static checks, the CPython suite without
# the tests marked slow, and beside it a browser smoke of the e2e tests marked quick (boot, a
# computer turn, a save and reload, an embed; its output follows); `make test` runs everything
.PHONY: test-quick
test-quick: check $(NPM_STAMP) browser
	@log=$$(mktemp); $(VENV_PY) -m pytest -q -m quick e2e > $$log 2>&1 & smoke=$$!; \
	$(VENV_PY) -m pytest -q -m "not slow" tests; unit=$$?; \
	wait $$smoke; browser=$$?; echo "browser smoke (pytest -m quick e2e):"; cat $$log; rm -f $$log; \
	[ $$unit -eq 0 ] && [ $$browser -eq 0 ]

# the loop for every edit (docs/testing.md): ruff and mypy over the changed Python files, then the
# CPython tests (not slow) that import a changed module or its importers, and changed test files.
# Changed: `git diff HEAD` + untracked; BASE=main: since main's merge base; FILES="a.py b.json":
# exactly these; E2E=1: the e2e tests reached too
.PHONY: test-fast
test-fast: $(VENV_STAMP)
	$(VENV_PY) tools/fast_tests.py $(if $(BASE),--base $(BASE)) $(if $(FILES),--files $(FILES)) $(if $(E2E),--e2e)

# static checks, a few seconds: ruff (a small rule set) over everything, mypy over pygame_core/
# and lab/ (held to --strict), ui/ and tools/ (settings and reasons in pyproject.toml); eslint
# over the JavaScript (eslint.config.mjs); every element id the Python reads exists in index.html
JS_SOURCES := assets bench/*.js tools/*.mjs tools/sw_template.js eslint.config.mjs
.PHONY: check
check: $(NPM_STAMP) $(VENV_STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy
	node_modules/.bin/eslint $(JS_SOURCES)
	$(VENV_PY) tools/check_element_ids.py

test-python: $(NPM_STAMP) $(VENV_STAMP)
	@$(call pytest_allowing_empty,$(VENV_PY) -m pytest -q tests)
	$(VENV_PY) -m pygame_core lessons --check

test-pyodide: $(NPM_STAMP) $(WHEELS_STAMP)
	@$(call pytest_allowing_empty,node tools/pyodide_pytest.mjs --wheels $(WHEELS) -q tests/core tests/fuzz)

# the adversarial fuzz of every outside-text reader, long: examples, time and any failure
fuzz: $(VENV_STAMP)
	FUZZ_EXAMPLES=$${FUZZ_EXAMPLES:-2000} $(VENV_PY) -m pytest -q tests/fuzz --hypothesis-show-statistics

# a test whose browser tab crashed (Chromium's renderer, not an assertion) runs once more:
# CI met one such crash in ~190 tests (docs/testing.md)
test-e2e: $(NPM_STAMP) $(VENV_STAMP) browser
	$(VENV_PY) -m pytest -q e2e --reruns 1 --only-rerun "Page crashed" --only-rerun "Target crashed"

.PHONY: test-engines bench-first-answer

# the smoke suite in Firefox ESR and WebKitGTK (e2e/engines/smoke.py); an engine not installed
# here is skipped with the reason printed (.ci/run installs both)
test-engines: $(NPM_STAMP) $(VENV_STAMP)
	$(VENV_PY) -m e2e.engines.smoke

# the computer's first answer on a first visit by reported core count, with browser memory,
# in Chromium, and the same answer in Firefox and WebKit where installed
bench-first-answer: $(NPM_STAMP) $(VENV_STAMP) browser
	$(VENV_PY) tools/bench_first_answer.py

bench: bench-boot bench-core bench-ai bench-hostile bench-eval

bench-boot: $(NPM_STAMP) $(VENV_STAMP) browser
	$(VENV_PY) tools/bench_boot.py

.PHONY: bench-first-visit
# a new player's cold first visit (fast 4G, a slow-4G phone; the bare Pyodide page interleaved; bytes on
# the wire, gzip; before ready: the longest main-thread task, total blocking, the slowest answer to a key
# press every 1.5 s) and another site's blog page with four embeds (boards drawn, browser memory)
bench-first-visit: $(NPM_STAMP) $(VENV_STAMP) browser
	$(VENV_PY) tools/bench_first_visit.py

# SUSAN's evaluations, hand and learned, in CPython and in Pyodide (target: learned <= 25 us in Pyodide)
.PHONY: bench-eval
bench-eval: $(NPM_STAMP) $(VENV_STAMP)
	$(VENV_PY) tools/bench_eval_speed.py

# the worst 400k-character imports, timed in the browser (target: under a second each)
bench-hostile: $(NPM_STAMP) $(VENV_STAMP) browser
	$(VENV_PY) tools/bench_hostile.py

.PHONY: bench-many-saves
# a reload and a move with 1 and with 1,000 saves, two tabs taking turns at the autosave (issue 38)
bench-many-saves: $(NPM_STAMP) $(VENV_STAMP) browser
	$(VENV_PY) tools/bench_many_saves.py

# re-prove the solved STYMIE boards (PROVED in pygame_core/games/stymie/solver.py); SIZES=3 4 to try more
solve-stymie: $(VENV_STAMP)
	$(VENV_PY) -m pygame_core.games.stymie.solver $(SIZES)

# re-mine the puzzles from fixed-seed self-play and the SUSAN manual's diagrams, prove each one
# and rewrite pygame_core/puzzles/puzzles.json (tests/core/test_puzzles.py re-proves the file),
# then rate each by how often the computer's levels solve it (tools/rate_puzzles.py)
puzzles: $(VENV_STAMP)
	nice -n 10 $(VENV_PY) tools/mine_puzzles.py
	nice -n 10 $(VENV_PY) tools/rate_puzzles.py

# SUPERSTAR komi: self-play at the default level, White's win rate and the margins (long: ~25 s a game)
calibrate-komi: $(VENV_STAMP)
	nice -n 10 $(VENV_PY) tools/calibrate_komi.py --komi $${KOMI:-5.5} --games $${GAMES:-200} --jobs $${JOBS:-2}

# memory with the opponent's worker running, over a loop of 15 boots, and crashes
bench-memory: $(NPM_STAMP) $(VENV_STAMP) browser
	$(VENV_PY) tools/bench_memory.py

bench-core: $(VENV_STAMP)
	$(VENV_PY) -m pygame_core bench

# MCTS iterations/s on CPython, then iterations and playouts/s in the browser worker vs CPython
bench-ai: $(NPM_STAMP) $(VENV_STAMP) browser
	$(VENV_PY) -m pygame_core bench-ai
	$(VENV_PY) tools/bench_ai.py

# the coach's review of a 60-move SUSAN game at the default depth, in the browser (target <= 30 s)
bench-review: $(NPM_STAMP) $(VENV_STAMP) browser
	$(VENV_PY) tools/bench_review.py

# the engine's first best line per game (issue 39: within 1 s), on CPython and in Chromium through the page
bench-explain: $(NPM_STAMP) $(VENV_STAMP) browser
	$(VENV_PY) tools/bench_explain.py --browser

clean:
	rm -rf dist build .cache

.PHONY: messages
# the catalogs (docs/languages.md): extract the site's texts into ui/locale/messages.pot with Babel
# (babel.cfg), then merge them into every language's ui/locale/<code>.po (a missing one is created)
messages: $(VENV_STAMP)
	$(VENV_PY) tools/i18n.py extract
	$(VENV_PY) tools/i18n.py update

.PHONY: bench-boot-faults
# a first visit whose download fails once, per runtime file and fault: seconds to "Try again" (target
# 30 s, a stall 45 s) and from the click to ready; the stall cases wait the real 30 s timeout
bench-boot-faults: $(NPM_STAMP) $(VENV_STAMP) browser
	$(VENV_PY) tools/bench_boot_faults.py

# issue 28: a game's move-pattern weights from self-play (numpy, dev only); e.g.
#   make train GAME=susan GAMES=60 JOBS=2
.PHONY: train
GAMES ?= 40
JOBS ?= 2
SEED ?= 28
train: $(VENV_STAMP)
	nice -n 19 $(VENV_PY) tools/train_patterns.py --game $(GAME) --games $(GAMES) --jobs $(JOBS) --seed $(SEED)

# issue 37: the ladder (lab/ladder/, `python -m lab ladder`). Plays GAME's LADDER_PLAYERS (player
# specs) over LADDER_PAIRS paired openings, each from both seats, on all cores (LADDER_JOBS=N for fewer), appends the games to LADDER_RESULTS
# (run it again to resume or to add pairs), then prints the ratings; e.g.
#   make ladder GAME=stymie LADDER_PAIRS=100
#   make ladder GAME=susan LADDER_SCHEDULE=gauntlet LADDER_PLAYERS="mcts:iterations=800 mcts:iterations=1600" \
#        LADDER_RESULTS=docs/ladder/susan-scaling-medium.jsonl
# `make ladder-report` rewrites docs/ladder/ (levels.svg, scaling.svg, tables.md) from its results files
# (susan-levels-playouts.jsonl holds SUSAN's levels before the cut: other players, left out).
.PHONY: ladder ladder-report
LADDER_GAME = $(or $(GAME),susan)
LADDER_PLAYERS ?= mcts:level=easy mcts:level=medium mcts:level=hard mcts:level=expert
LADDER_SCHEDULE ?= chain
LADDER_PAIRS ?= 100
LADDER_RESULTS ?= docs/ladder/$(LADDER_GAME)-levels.jsonl
ladder: $(VENV_STAMP)
	$(VENV_PY) -m lab ladder run $(LADDER_GAME) $(foreach p,$(LADDER_PLAYERS),--player $(p)) \
		--schedule $(LADDER_SCHEDULE) --pairs $(LADDER_PAIRS) --seed 37 --cpu-time \
		$(if $(LADDER_JOBS),--jobs $(LADDER_JOBS)) --results $(LADDER_RESULTS)
	$(VENV_PY) -m lab ladder ratings $(LADDER_RESULTS)

# Levels as shipped: GAME-levels.jsonl, runs of later pairs (GAME-shipped-*), SUSAN's hard and
# STYMIE's expert at their budgets named explicitly (stymie-expert12k-hard.jsonl: expert before)
SUSAN_HARD_EXPLICIT = mcts:level=hard,iterations=10000,seconds=4
STYMIE_EXPERT_EXPLICIT = mcts:level=expert,iterations=18000,seconds=10
# the registered measurements of the levels as a player gets them (docs/ladder/runs.json), resumed
# from their files: `make ladder-measure WORKERS=1 JOBS=1 [GAMES="stymie lisbon"]`; hours of CPU
# (docs/confirmations.md)
.PHONY: ladder-measure
ladder-measure: $(VENV_STAMP)
	nice -n 19 $(VENV_PY) -m lab ladder measure --progress $(if $(WORKERS),--workers $(WORKERS)) $(if $(JOBS),--jobs $(JOBS)) \
		$(foreach game,$(GAMES),--game $(game))

ladder-report: $(VENV_STAMP)
	$(VENV_PY) -m lab ladder report --levels $(wildcard docs/ladder/*-levels.jsonl) \
		$(wildcard docs/ladder/*-shipped-*.jsonl) docs/ladder/susan-rebudget-medium-hard10k.jsonl \
		--same $(SUSAN_HARD_EXPLICIT) mcts:level=hard --same $(STYMIE_EXPERT_EXPLICIT) mcts:level=expert \
		--scaling $(wildcard docs/ladder/*-scaling*.jsonl) --runs docs/ladder/runs.json --out docs/ladder
