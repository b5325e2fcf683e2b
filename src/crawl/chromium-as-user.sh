#!/bin/sh
# Chromium for a crawler running as root: Chromium refuses its sandbox to root, and the crawler
# never turns the sandbox off, so the browser runs as the unprivileged CHROMIUM_USER instead
# (src/crawl/chromium.ts starts this with CHROMIUM_PATH and CHROMIUM_USER). Playwright made the
# profile directory, as root, for this launch alone: it becomes the user's, and its home.
set -eu
profile=
for arg in "$@"; do
  case "$arg" in
    --no-sandbox) echo "chromium-as-user: refusing --no-sandbox" >&2; exit 64 ;;
    --user-data-dir=*) profile="${arg#--user-data-dir=}" ;;
  esac
done
if [ -z "$profile" ] || [ ! -d "$profile" ]; then
  echo "chromium-as-user: no --user-data-dir to hand to $CHROMIUM_USER" >&2
  exit 64
fi
chown -R "$CHROMIUM_USER:" "$profile"
cd "$profile"
# No capabilities, no supplementary groups, nothing gained by exec; only the environment below.
exec setpriv --reuid="$CHROMIUM_USER" --regid="$CHROMIUM_USER" --clear-groups --no-new-privs \
  --inh-caps=-all --bounding-set=-all --reset-env \
  env HOME="$profile" "$CHROMIUM_PATH" "$@"
