#!/bin/sh
# The container's build stage (Dockerfile), and what deploy/release.test.ts runs on a copy of
# the sources, so the image holds the release that test installs and runs:
#
#   deploy/container/build.sh OUT
#
# installs the build tools exactly as package-lock.json pins them, makes the release
# (scripts/release.ts: the built server and web bundle, and their tarball with checksums),
# installs its run-time packages, and leaves in OUT:
#   app/   the installed release, which the image's runtime stage copies whole
#   data/  an empty folder, which becomes the image's /data volume (owned by uid 1000 there)
set -eu
out=${1:?usage: deploy/container/build.sh OUT}

# --ignore-scripts: the official Node image's npm (10) does not honour package.json's
# allowScripts, and would run Electron's install script (a ~100 MB download the server never
# uses). Nothing the server's build needs has an install script.
npm ci --ignore-scripts --no-audit --no-fund

node scripts/release.ts --out "$out" --install
rm -rf "$out/app" "$out/data"
for release in "$out"/ashnote-*/; do
  mv "$release" "$out/app"
done
mkdir "$out/data"
