#!/usr/bin/env bash
# Browser tests run in three engines. Playwright cannot download its own browsers on
# machines without internet access, so the suite uses Debian's packages: chromium and its
# headless shell, firefox-esr (driven over WebDriver BiDi), and WebKitGTK's WebKitWebDriver
# with its MiniBrowser, on a virtual display (xvfb). Installed with apt-get when run as root.
set -euo pipefail
missing=()
own_chromium() { ls "${PLAYWRIGHT_BROWSERS_PATH:-$HOME/.cache/ms-playwright}"/chromium* >/dev/null 2>&1; }
# The reader's browser for the bench, and its headless shell for the tests (a fresh context starts twice as fast).
[ -x /usr/bin/chromium ] || own_chromium || missing+=(chromium)
[ -x /usr/bin/chromium-headless-shell ] || own_chromium || missing+=(chromium-headless-shell)
[ -x /usr/bin/firefox-esr ] || missing+=(firefox-esr)
[ -x /usr/bin/WebKitWebDriver ] || missing+=(webkit2gtk-driver)
[ -x /usr/bin/Xvfb ] || missing+=(xvfb)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's ${missing[*]} for the browser tests…"
  DEBIAN_FRONTEND=noninteractive apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  exit 0
fi
echo "Failed to find the browsers the tests run in: run 'sudo apt-get install -y ${missing[*]}' (Debian/Ubuntu)." >&2
exit 1
