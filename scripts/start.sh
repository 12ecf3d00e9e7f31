#!/usr/bin/env bash
# `npm start`: installs what is missing, brings the local infrastructure up, builds the web app
# and runs every process of the marketplace until Ctrl-C (then stops all of it, infrastructure too).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm install --no-audit --no-fund
fi
bash scripts/ensure-tools.sh
exec npx tsx scripts/start.ts "$@"
