#!/usr/bin/env bash
# Fails when an install rewrote a committed lock file: the lock would no longer pin
# what every machine installs, and CI would test something other than what is committed.
# Usage: scripts/check-lock-files.sh <lock file>...
set -euo pipefail
if ! git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  echo "Failed to check the lock files: $(pwd) is not a git checkout, so there is no committed lock to compare with." >&2
  exit 1
fi
changed=$(git diff --name-only -- "$@")
if [ -n "$changed" ]; then
  git diff --stat -- "$@" >&2
  echo "Failed to keep the lock files as committed: the install changed $(echo "$changed" | paste -sd ' ' -). Run npm install on a fresh clone and commit the lock file it writes." >&2
  exit 1
fi
