#!/usr/bin/env bash
# Sourced by scripts/start.sh and scripts/test.sh (README "Runtime and builds"):
#   1. installs the npm dependencies exactly as package-lock.json says (`npm ci`) when
#      node_modules is missing or older than the lock file; the system's npm and Node only run
#      this install;
#   2. puts node_modules/.bin first on PATH, so every later `node`, `npx` and npm script runs on
#      the Node release pinned by the `node` dev dependency (the npm registry's Node binary for
#      this platform), whatever Node the machine has;
#   3. stops with a message when that Node is not the pinned one (for example when npm was set
#      to skip install scripts, which is how the `node` package fetches its binary).
# Expects the repository root as the working directory.

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "installing npm dependencies from package-lock.json (npm ci) …"
  npm ci --no-audit --no-fund || { echo "npm ci failed" >&2; exit 1; }
fi

export PATH="$PWD/node_modules/.bin:$PATH"
pinned_node=$(sed -n 's/^ *"node": "\([0-9][0-9.]*\)",\{0,1\}$/\1/p' package.json | head -1)
running_node=$(node -p 'process.versions.node' 2>/dev/null || echo none)
if [ -z "$pinned_node" ] || [ "$running_node" != "$pinned_node" ]; then
  echo "the project's Node ${pinned_node:-?} is not first on PATH (found ${running_node}):" \
    "node_modules/.bin/node is missing; reinstall with 'rm -rf node_modules && npm ci'" \
    "(install scripts must be allowed: the node package fetches its binary in one)" >&2
  exit 1
fi
