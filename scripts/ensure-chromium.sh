#!/usr/bin/env bash
# Browser tests need a Chromium. Playwright cannot download its own on machines
# without internet access, so we use Debian's package where it exists.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if ls "${PLAYWRIGHT_BROWSERS_PATH:-$HOME/.cache/ms-playwright}"/chromium-* >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's chromium for the browser tests…"
  DEBIAN_FRONTEND=noninteractive apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "Failed to find a Chromium for the browser tests: run 'sudo apt-get install -y chromium' (Debian/Ubuntu) or 'npx playwright install chromium'." >&2
exit 1
