#!/usr/bin/env bash
# `npm test`: everything the tests need, on a fresh machine, then every check.
#   1. npm dependencies (npm ci when node_modules is missing or older than the lock file) and the
#      project's pinned Node first on PATH (scripts/project-node.sh); the lock checked with npm ci --dry-run
#   2. system tools (scripts/ensure-tools.sh: redis-server, chromium, poppler-utils, ...)
#   3. local infrastructure (npm run infra:up: Kafka, FerretDB, Redis, MailDev, OpenSearch)
#   4. lint, type check, unit tests, integration tests, web and backend builds, end-to-end tests
#      in Chromium against the compiled backend processes
#   5. infrastructure down again (unless KEEP_INFRA=1, handy while developing)
# Exits non-zero on the first failure; never reports success with infrastructure missing.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }
fail() { printf '\n\033[31mFAILED: %s\033[0m\n' "$*" >&2; exit 1; }

step "npm dependencies (npm ci from the lock file; the project's pinned Node)"
source scripts/project-node.sh
echo "node $(node --version) from $(command -v node)"
# The lock must stay installable with `npm ci` (what the Dockerfile and CI systems run), even when
# node_modules is already up to date and the install above was skipped.
npm ci --dry-run --ignore-scripts --no-audit --no-fund >/dev/null ||
  fail "package.json and package-lock.json are out of sync (npm ci --dry-run); run npm install and commit the lock"

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

step "builds: the web app and the compiled backend processes (what npm start runs)"
NODE_ENV=production npm run --silent build -w frontend || fail "npm run build -w frontend"
npm run --silent build:services || fail "npm run build:services"

step "end-to-end tests (built web app in Debian's Chromium, compiled services)"
# One browser and one stack at a time: the machine has two cores. TEST_COMPILED=1: the stacks run
# the compiled bundles, as npm start and the images do.
TEST_COMPILED=1 npx vitest run --project e2e --no-file-parallelism --reporter=default --reporter=json --outputFile=.data/test-results/e2e.json || fail "end-to-end tests"

step "secrets scan (databases and logs)"
npx tsx scripts/scan-secrets.ts --drop-test-databases || fail "secrets scan"

step "summary"
node scripts/test-summary.mjs .data/test-results/unit.json .data/test-results/integration.json .data/test-results/e2e.json
