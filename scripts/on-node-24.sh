#!/usr/bin/env bash
# on-node-24.sh <command...>: runs the command with Node 24 first on PATH. `npm ci` run this way
# (as .ci/run does) runs npm itself and the install scripts on the Node the project runs on, so
# npm checks the dependencies' engines against 24 rather than against an older machine Node.
# Node 24 is the registry's node-linux-<arch> package at the version package.json pins (the one
# `npm ci` then installs into node_modules/.bin), fetched into npm's own cache, not the work tree,
# since `npm ci` starts by deleting node_modules.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "$(node -p 'process.versions.node.split(".")[0]')" -lt 24 ]; then
  package="node-$(node -p 'process.platform + "-" + process.arch')"
  version=$(node -p "require('./package.json').optionalDependencies['$package'] ?? ''")
  if [ -z "$version" ]; then
    echo "Recoup runs on Node 24; this machine has $(node --version) and package.json pins no $package: install Node 24" >&2
    exit 1
  fi
  scratch=$(mktemp -d)
  node_bin=$(cd "$scratch" && npm exec --yes --package "$package@$version" -- sh -c 'readlink -f "$(command -v node)"')
  rmdir "$scratch"
  PATH="$(dirname "$node_bin"):$PATH"
fi
exec "$@"
