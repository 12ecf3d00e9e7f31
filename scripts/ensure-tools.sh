#!/usr/bin/env bash
# Installs the system tools the project needs on a fresh Debian machine, idempotently
# (docs/architecture.md, Local infrastructure): redis-server (local Redis of infra/cli.ts), chromium and fonts-liberation
# (browser tests render pages with real fonts), poppler-utils (pdftoppm/pdftotext for looking at
# PDFs), Schemathesis from PyPI in a virtualenv under .data/tools (the API fuzzer).
# Checks that the toolchains the machine must bring are there: node with npm (the project's own
# Node 24+ comes from the npm registry, see scripts/project-node.sh), Java 17+
# with Maven (the Kafka broker), Go (FerretDB), python3 with venv and pip (Schemathesis). apt-get runs only when something is
# missing, and then `apt-get update` once. Non-interactive; as root, or through sudo otherwise.
set -euo pipefail

problems=()
for tool in node npm java mvn go; do
  command -v "$tool" >/dev/null 2>&1 || problems+=("$tool is missing")
done
# infra/opensearch compiles its small Java main (LocalNode.java) at infra:up: a JDK, not only a JRE.
command -v javac >/dev/null 2>&1 || problems+=("javac is missing (a JDK 17, e.g. apt-get install openjdk-17-jdk-headless: infra/opensearch compiles its Java main)")
# The node on PATH here is the project's pinned one (scripts/project-node.sh puts it first); the
# machine's own Node only has to run npm for the first install.
if command -v node >/dev/null 2>&1 &&
  ! node -e 'process.exit(Number(process.versions.node.split(".")[0]) >= 24 ? 0 : 1)'; then
  problems+=("node $(node --version) is too old (24+ needed; run through npm start or npm test, which put the project's Node first on PATH)")
fi
if command -v java >/dev/null 2>&1; then
  # `java -version` prints e.g. openjdk version "17.0.15" (or "1.8.0_x" for Java 8) on stderr.
  java_major=$(java -version 2>&1 | sed -n 's/.*version "\([0-9]*\)\.\{0,1\}\([0-9]*\).*/\1 \2/p' | head -1 |
    awk '{ print ($1 == 1) ? $2 : $1 }')
  if [ -z "$java_major" ] || [ "$java_major" -lt 17 ]; then
    problems+=("java ${java_major:-?} is too old (17+ needed for Kafka 3.9)")
  fi
fi
if [ ${#problems[@]} -gt 0 ]; then
  printf 'ensure-tools: %s\n' "${problems[@]}" >&2
  echo "ensure-tools: the machine must bring Node with npm, Java 17+ with Maven, and Go" >&2
  exit 1
fi

# Debian package → a command or file it installs (what tells us it is there).
declare -A provides=(
  [redis-server]=/usr/bin/redis-server
  [chromium]=/usr/bin/chromium
  [fonts-liberation]=/usr/share/fonts/truetype/liberation
  [poppler-utils]=/usr/bin/pdftoppm
)
to_install=()
for pkg in redis-server chromium fonts-liberation poppler-utils; do
  [ -e "${provides[$pkg]}" ] || to_install+=("$pkg")
done

if [ ${#to_install[@]} -gt 0 ]; then
  echo "ensure-tools: installing ${to_install[*]}"
  sudo_cmd=()
  [ "$(id -u)" -ne 0 ] && sudo_cmd=(sudo --non-interactive)
  redis_was_there=0
  [ -e /usr/bin/redis-server ] && redis_was_there=1
  # Waits for another apt/dpkg run (unattended upgrades, a parallel session) instead of failing.
  apt=("${sudo_cmd[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 -y -q)
  "${apt[@]}" update >/dev/null || { echo "ensure-tools: apt-get update failed" >&2; exit 1; }
  "${apt[@]}" install --no-install-recommends "${to_install[@]}" >/dev/null ||
    { echo "ensure-tools: apt-get install ${to_install[*]} failed" >&2; exit 1; }
  # Debian starts and enables a system redis-server on install (where services may start): it
  # would hold 6379 with Debian's settings. infra/cli.ts runs its own, so stop the one we brought.
  # A system Redis that was there before us is someone's choice and is left alone.
  if [ "$redis_was_there" = 0 ]; then
    if [ -d /run/systemd/system ]; then
      "${sudo_cmd[@]}" systemctl disable --now redis-server >/dev/null 2>&1 || true
    elif [ -x /etc/init.d/redis-server ]; then
      "${sudo_cmd[@]}" /etc/init.d/redis-server stop >/dev/null 2>&1 || true
    fi
  fi
fi

# Schemathesis (`npm run fuzz` and the fuzz integration test) from PyPI, pinned, in its own
# virtualenv under the git-ignored .data/tools; skipped when that version is already there.
SCHEMATHESIS_VERSION=4.32.5
st_venv="$(cd "$(dirname "$0")/.." && pwd)/.data/tools/schemathesis"
if [ "$("$st_venv/bin/st" --version 2>/dev/null | awk '{ print $NF }')" != "$SCHEMATHESIS_VERSION" ]; then
  command -v python3 >/dev/null 2>&1 || { echo "ensure-tools: python3 (3.9+) is needed for Schemathesis" >&2; exit 1; }
  echo "ensure-tools: installing schemathesis $SCHEMATHESIS_VERSION into $st_venv"
  rm -rf "$st_venv"
  mkdir -p "$(dirname "$st_venv")"
  python3 -m venv "$st_venv" || { echo "ensure-tools: python3 -m venv failed (Debian: apt-get install python3-venv)" >&2; exit 1; }
  "$st_venv/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION" ||
    { echo "ensure-tools: pip install schemathesis==$SCHEMATHESIS_VERSION failed" >&2; exit 1; }
fi

for pkg in "${!provides[@]}"; do
  [ -e "${provides[$pkg]}" ] || { echo "ensure-tools: $pkg did not install (${provides[$pkg]} is missing)" >&2; exit 1; }
done
echo "ensure-tools: node $(node --version), java $java_major, $(mvn -B --version 2>/dev/null | sed 's/\x1b\[[0-9;]*m//g' | head -1 | cut -d' ' -f1-3)," \
  "$(go version | cut -d' ' -f3), $(redis-server --version | cut -d' ' -f1-3), chromium, fonts-liberation, pdftoppm," \
  "schemathesis $SCHEMATHESIS_VERSION: present"
