#!/usr/bin/env bash
# The assistants this engine plugs into, installed from the npm registry into a cache folder
# outside the clone (never the project's dependencies), for the integration tests and CI:
#   scripts/harness.sh install claude-code codex opencode openclaw
#   scripts/harness.sh path claude-code     # prints the folder whose bin/ holds the command
#   scripts/harness.sh list
#   scripts/harness.sh install conformance  # the MCP conformance suite, same cache
# The cache is $AGENT_HARNESS_CACHE (default ~/.cache/agent-memory-engine/harnesses). OpenClaw
# needs Node >= 24.16: it is installed and run with Node 24 from scripts/node.sh.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cache="${AGENT_HARNESS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/agent-memory-engine/harnesses}"

# name → npm package@version and its command (versions measured in ../shared/HARNESSES.md).
spec() {
  case "$1" in
    claude-code) echo "@anthropic-ai/claude-code@2.1.332 claude" ;;
    codex) echo "@openai/codex@0.171.0 codex" ;;
    opencode) echo "opencode-ai@1.18.33 opencode" ;;
    openclaw) echo "openclaw@2026.9.6 openclaw" ;;
    # Not an assistant: the official MCP conformance suite (needs Node >= 22 to run; this
    # version knows the 2026-07-28 and 2025-11-25 requirement sets), for test/mcp/conformance.test.ts.
    conformance) echo "@modelcontextprotocol/conformance@0.2.0-alpha.12 conformance" ;;
    *) echo "harness.sh: unknown assistant '$1' (claude-code, codex, opencode, openclaw, conformance)" >&2; return 2 ;;
  esac
}

install_one() {
  local name="$1" pkg cmd dir
  read -r pkg cmd < <(spec "$name")
  dir="$cache/$name"
  if [ -x "$dir/node_modules/.bin/$cmd" ]; then echo "$name: already in $dir"; return 0; fi
  mkdir -p "$dir"
  echo "$name: installing $pkg into $dir" >&2
  local run=()
  [ "$name" = openclaw ] && run=("$here/node.sh" 24)
  (cd "$dir" && "${run[@]}" npm install --no-save --no-audit --no-fund --loglevel=error "$pkg" >&2)
}

case "${1:-}" in
  install) shift; for n in "$@"; do install_one "$n"; done ;;
  path) read -r _ cmd < <(spec "$2"); echo "$cache/$2/node_modules/.bin/$cmd" ;;
  list) for n in claude-code codex opencode openclaw; do read -r _ cmd < <(spec "$n"); b="$cache/$n/node_modules/.bin/$cmd"; [ -x "$b" ] && echo "$n $b" || echo "$n (not installed)"; done ;;
  *) echo "usage: scripts/harness.sh install|path|list [claude-code|codex|opencode|openclaw|conformance…]" >&2; exit 2 ;;
esac
