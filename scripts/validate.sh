#!/usr/bin/env bash
# `npm run validate`: what CI runs (.ci/run), minus the installs: typecheck, lint, tests on PGlite
# (and on the PostgreSQL server when one answers on 127.0.0.1:5432), build, end-to-end in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n=== %s ===\n' "$*"; }

step "typecheck"
npm run typecheck

step "lint"
npm run lint

step "unit + integration tests (PGlite)"
npm test

if pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then
  step "integration tests (PostgreSQL server)"
  TEST_DATABASE_URL="postgres://postgres@127.0.0.1:5432/postgres" npm test -- --project integration
else
  echo "PostgreSQL is not answering on 127.0.0.1:5432; skipped the server run"
fi

step "build"
npm run build

step "end-to-end (Chromium)"
npm run test:e2e
