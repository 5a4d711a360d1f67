// How a script tells the reader to run this clone's CLI: `agent` when the `agent` found first
// on the PATH is this clone's (what `npm link` makes), else `node dist/cli/main.js` from the
// clone, so a suggestion never names a command the reader does not have, or another one.
import { realpathSync, statSync } from "node:fs";
import path from "node:path";

/** The first executable `name` on `searchPath`, resolved through its links; null when none. */
export function onPath(name, searchPath = process.env.PATH ?? "") {
  for (const dir of searchPath.split(path.delimiter)) {
    if (dir === "") continue;
    const file = path.join(dir, name);
    try {
      if (statSync(file).isFile() && (statSync(file).mode & 0o111) !== 0) return realpathSync(file);
    } catch {
      // Not in this folder: the next one.
    }
  }
  return null;
}

/** `agent` when it is this clone's `main` (a path to dist/cli/main.js), else `node dist/cli/main.js`. */
export function cliCommand(main, searchPath = process.env.PATH ?? "") {
  const found = onPath("agent", searchPath);
  let own = main;
  try {
    own = realpathSync(main);
  } catch {
    // Not built yet: compared as written.
  }
  return found !== null && found === own ? "agent" : "node dist/cli/main.js";
}
