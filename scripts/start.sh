#!/usr/bin/env bash
# `npm start`: installs what is missing (npm ci, on the project's pinned Node; see
# scripts/project-node.sh), brings the local infrastructure up, compiles the backend processes and
# builds the web app when their sources changed, and runs every process of the marketplace until
# Ctrl-C (then stops all of it, and the infrastructure when this run started it). `npm run dev`
# (--dev) runs the TypeScript sources through tsx with reloading instead.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/project-node.sh
bash scripts/ensure-tools.sh
exec node --import tsx scripts/start.ts "$@"
