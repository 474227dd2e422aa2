#!/usr/bin/env bash
# The browser journeys drive Debian's Chromium; a fresh machine does not have it yet.
set -euo pipefail
if command -v chromium >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" != "0" ]; then
  echo "Chromium is missing: run 'apt-get install -y chromium fonts-liberation' as root." >&2
  exit 1
fi
echo "Installing Debian chromium for the browser journeys..."
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-liberation >/dev/null
