#!/usr/bin/env bash
# Installs the system tools the project needs on a fresh Debian machine, idempotently
# (DESIGN.md section 7): redis-server, Debian's chromium (browser tests), poppler-utils
# (pdftoppm/pdftotext for looking at PDFs). Checks that java, mvn, go and node exist.
# apt-get runs only when something is missing, and then once.
set -euo pipefail

missing_toolchains=()
for tool in node npm java mvn go; do
  command -v "$tool" >/dev/null 2>&1 || missing_toolchains+=("$tool")
done
if [ ${#missing_toolchains[@]} -gt 0 ]; then
  echo "ensure-tools: missing toolchains: ${missing_toolchains[*]} (Node 20+, Java 17 with Maven, Go are expected on the machine)" >&2
  exit 1
fi

# command → Debian package
declare -A packages=([redis-server]=redis-server [chromium]=chromium [pdftoppm]=poppler-utils)
to_install=()
for cmd in "${!packages[@]}"; do
  command -v "$cmd" >/dev/null 2>&1 || to_install+=("${packages[$cmd]}")
done

if [ ${#to_install[@]} -gt 0 ]; then
  echo "ensure-tools: installing ${to_install[*]}"
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo_cmd apt-get -o DPkg::Lock::Timeout=600 update -qq || { echo "ensure-tools: apt-get update failed" >&2; exit 1; }
  $sudo_cmd apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "${to_install[@]}" >/dev/null \
    || { echo "ensure-tools: apt-get install ${to_install[*]} failed" >&2; exit 1; }
fi
# Debian starts its own redis-server service on install; ours runs from infra/ instead.
if command -v systemctl >/dev/null 2>&1 && systemctl is-active --quiet redis-server 2>/dev/null; then
  systemctl stop redis-server || true
fi
echo "ensure-tools: redis-server, chromium, pdftoppm, java, mvn, go, node present"
