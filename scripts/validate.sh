#!/usr/bin/env bash
# `npm run validate`: what CI runs (.ci/run), minus the installs: typecheck, lint, build, tests on
# PGlite, then — side by side, as they share no port, database or folder — the end-to-end suite in
# Chromium and the integration tests on the PostgreSQL server (when one answers on 127.0.0.1:5432).
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n=== %s ===\n' "$*"; }

step "typecheck"
npm run typecheck

step "lint"
npm run lint

step "build"
npm run build

step "unit + integration tests (PGlite)"
npm test

# The PostgreSQL run goes beside the end-to-end suite (one browser, one file at a time), which
# leaves a core mostly idle; its output is printed whole when it ends.
pg_log=""
pg_pid=""
if pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then
  pg_log="$(mktemp -t rifq-pg-tests.XXXXXX)"
  # The fuzzers' 1,000 runs per action went through the PGlite run above; what PostgreSQL can
  # answer differently (constraints, types, errors) shows in 100 (docs/decisions/021). One
  # worker: the end-to-end suite beside it is the longer of the two, so it gets the other core.
  TEST_DATABASE_URL="postgres://postgres@127.0.0.1:5432/postgres" FUZZ_RUNS=100 \
    npm test -- --project integration --maxWorkers=1 >"$pg_log" 2>&1 &
  pg_pid=$!
  echo "integration tests on the PostgreSQL server: started beside the end-to-end suite"
else
  echo "PostgreSQL is not answering on 127.0.0.1:5432; skipped the server run"
fi

step "end-to-end (Chromium)"
e2e_status=0
e2e_log="$(mktemp -t rifq-e2e.XXXXXX)"
npm run test:e2e 2>&1 | tee "$e2e_log" || e2e_status=$?

pg_status=0
if [ -n "$pg_pid" ]; then
  wait "$pg_pid" || pg_status=$?
  step "integration tests (PostgreSQL server)"
  cat "$pg_log"
  rm -f "$pg_log"
fi

# The PostgreSQL log above is long: repeat the end-to-end failures last, where CI's tail shows them.
if [ "$e2e_status" -ne 0 ]; then
  step "end-to-end failures (repeated)"
  sed -n '/Failed Tests/,$p' "$e2e_log" | head -300
fi
rm -f "$e2e_log"

if [ "$e2e_status" -ne 0 ] || [ "$pg_status" -ne 0 ]; then
  echo "failed: end-to-end exit $e2e_status, PostgreSQL integration exit $pg_status"
  exit 1
fi
