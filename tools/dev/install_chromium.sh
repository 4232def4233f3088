#!/usr/bin/env bash
# Make a Chromium available to the end-to-end tests (called by `make test`).
# Debian's package where apt can install it (skipped when already there), else Playwright's own
# download (a developer laptop). e2e/conftest.py uses Debian's when it exists.
set -euo pipefail
venv_python=${1:-.venv/bin/python}
debian_chromium=/usr/lib/chromium/chromium

if [ -x "$debian_chromium" ]; then
  echo "chromium: using Debian's ($debian_chromium)"
  exit 0
fi

if command -v apt-get >/dev/null 2>&1; then
  if [ "$(id -u)" -eq 0 ]; then sudo=""; elif sudo -n true 2>/dev/null; then sudo="sudo -n"; else sudo=none; fi
  if [ "$sudo" != none ]; then
    echo "chromium: installing Debian's package with apt-get"
    if $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -q \
       && $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends chromium \
       && [ -x "$debian_chromium" ]; then
      exit 0
    fi
    echo "chromium: apt-get could not install it; falling back to Playwright's" >&2
  fi
fi

echo "chromium: installing Playwright's build"
"$venv_python" -m playwright install chromium
