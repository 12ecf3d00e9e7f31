#!/usr/bin/env bash
# `npm test`: everything the tests need, on a fresh machine, then every check (issue 2, item 8).
#   1. npm dependencies (npm install when node_modules is missing or older than the lock file)
#   2. system tools (scripts/ensure-tools.sh: redis-server, chromium, poppler-utils, ...)
#   3. local infrastructure (npm run infra:up: Kafka, FerretDB, Redis, MailDev)
#   4. lint, type check, unit tests, integration tests, web build, end-to-end tests in Chromium
#   5. infrastructure down again (unless KEEP_INFRA=1, handy while developing)
# Exits non-zero on the first failure; never reports success with infrastructure missing.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }
fail() { printf '\n\033[31mFAILED: %s\033[0m\n' "$*" >&2; exit 1; }

step "npm dependencies"
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  # npm install, not npm ci: the lock file leaves out optional platform packages the registry
  # does not serve (rollup's non-Linux builds), which npm ci would refuse.
  npm install --no-audit --no-fund || fail "npm install"
fi

step "system tools"
bash scripts/ensure-tools.sh || fail "scripts/ensure-tools.sh"

step "local infrastructure"
started_infra=0
if ! npx tsx infra/cli.ts status --quiet >/dev/null 2>&1; then started_infra=1; fi
npm run --silent infra:up || fail "npm run infra:up"
cleanup() {
  if [ "$started_infra" = 1 ] && [ "${KEEP_INFRA:-0}" != 1 ]; then
    step "local infrastructure down"
    npm run --silent infra:down || true
  fi
}
trap cleanup EXIT

step "lint"
npm run --silent lint || fail "npm run lint"

step "type check"
npm run --silent typecheck || fail "npm run typecheck"

mkdir -p .data/test-results
step "unit tests"
npx vitest run --project unit --project frontend --reporter=default --reporter=json --outputFile=.data/test-results/unit.json || fail "unit tests"

# Test stacks keep their databases until the secrets scan has read them (it drops them).
export KEEP_TEST_DATABASES=1

step "integration tests (real Kafka, FerretDB, Redis, MailDev)"
npx vitest run --project integration --reporter=default --reporter=json --outputFile=.data/test-results/integration.json || fail "integration tests"

step "web app build"
npm run --silent build -w frontend || fail "npm run build -w frontend"

step "end-to-end tests (built web app in Debian's Chromium, real services)"
# One browser and one stack at a time: the machine has two cores.
npx vitest run --project e2e --no-file-parallelism --reporter=default --reporter=json --outputFile=.data/test-results/e2e.json || fail "end-to-end tests"

step "secrets scan (databases and logs)"
npx tsx scripts/scan-secrets.ts --drop-test-databases || fail "secrets scan"

step "summary"
node scripts/test-summary.mjs .data/test-results/unit.json .data/test-results/integration.json .data/test-results/e2e.json
