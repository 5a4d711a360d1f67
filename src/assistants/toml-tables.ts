/**
 * TOML tables found and taken out by their header lines, pure: for a config file another
 * program also saves (Codex re-serialises its `[mcp_servers]` when it adds a server, and drops
 * the comment lines that marked our block), where our tables must still be found by name.
 * Only header lines (`[a.b]`, `[[a.b]]`) are read; a table runs to the next header.
 */

/** The key path of a table header line (`[mcp_servers."agent-memory".tools]`), or null for any other line. */
export function tomlHeaderPath(line: string): string[] | null {
  const m = /^\s*\[\[?\s*(.+?)\s*\]\]?\s*(?:#.*)?$/.exec(line);
  if (m === null) return null;
  const keys: string[] = [];
  // Bare keys, "basic" and 'literal' quoted keys, separated by dots.
  const re = /\s*(?:"((?:[^"\\]|\\.)*)"|'([^']*)'|([A-Za-z0-9_-]+))\s*(\.|$)/y;
  let at = 0;
  const body = m[1]!;
  while (at < body.length) {
    re.lastIndex = at;
    const k = re.exec(body);
    if (k === null) return null;
    keys.push(k[1] !== undefined ? (JSON.parse(`"${k[1]}"`) as string) : (k[2] ?? k[3]!));
    at = re.lastIndex;
    if (k[4] === "") break;
  }
  return at >= body.length ? keys : null;
}

/** The text without every table whose header `ours` accepts (the header line up to the next header). */
export function removeTomlTables(text: string, ours: (path: string[]) => boolean): string {
  const out: string[] = [];
  let dropping = false;
  for (const line of text.split("\n")) {
    const header = tomlHeaderPath(line);
    if (header !== null) dropping = ours(header);
    if (!dropping) out.push(line);
  }
  return out.join("\n");
}

/** The table paths of the headers in `text`. */
export function tomlHeaders(text: string): string[][] {
  return text.split("\n").flatMap((l) => {
    const h = tomlHeaderPath(l);
    return h === null ? [] : [h];
  });
}
