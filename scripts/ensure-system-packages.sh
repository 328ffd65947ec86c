#!/usr/bin/env bash
# Install the named Debian packages that are missing; silent when all are present.
#
# Usage: scripts/ensure-system-packages.sh PACKAGE...
# Installing needs root; without it the script only checks and says what to run.
set -euo pipefail

missing=()
for pkg in "$@"; do
    status=$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)
    if [[ "$status" != "install ok installed" ]]; then
        missing+=("$pkg")
    fi
done

if [[ ${#missing[@]} -eq 0 ]]; then
    exit 0
fi

if [[ $(id -u) -ne 0 ]]; then
    echo "Missing system packages: ${missing[*]}" >&2
    echo "Install them as root, then run make again:" >&2
    echo "    sudo apt-get update && sudo apt-get install ${missing[*]}" >&2
    exit 1
fi

echo "Installing system packages: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}"
