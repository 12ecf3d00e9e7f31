#!/usr/bin/env bash
# Rewrites test/upgrade/fixture-7ab8169/ (the upgrade test's databases, topic messages and old
# answers) by running the services of commit 7ab8169 against the local servers
# (`npm run infra:up` first):
#   1. a worktree of 7ab8169 (default /tmp/at-7ab8169, or $UPGRADE_WORKTREE), made when missing,
#      with its own node_modules (npm ci there: a real directory, never a symlink to this one);
#   2. generate-7ab8169.ts copied into it as scripts/upgrade-fixture.ts and run there, so it
#      drives that version's @market/testing, services and gateway;
#   3. the JSON formatted with this repository's prettier (npm run lint checks it).
# Usage: bash test/upgrade/regenerate.sh   (from anywhere; about 2 minutes)
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$PWD
wt=${UPGRADE_WORKTREE:-/tmp/at-7ab8169}
[ -d "$wt" ] || git worktree add --detach "$wt" 7ab8169
[ "$(git -C "$wt" rev-parse --short=7 HEAD)" = 7ab8169 ] || { echo "$wt is not a checkout of 7ab8169" >&2; exit 1; }
[ -x "$wt/node_modules/.bin/tsx" ] || (cd "$wt" && npm ci --no-audit --no-fund)
cp "$repo/test/upgrade/generate-7ab8169.ts" "$wt/scripts/upgrade-fixture.ts"
(
  cd "$wt"
  PATH="$wt/node_modules/.bin:$PATH" NODE_ENV=test LOG_LEVEL=error OTEL_SDK_DISABLED=true \
    INTERNAL_SECRET=test-internal-secret-0123456789 tsx scripts/upgrade-fixture.ts "$repo/test/upgrade/fixture-7ab8169"
)
source scripts/project-node.sh
npx prettier --write test/upgrade/fixture-7ab8169 >/dev/null
du -sh test/upgrade/fixture-7ab8169
