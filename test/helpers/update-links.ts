import { utimesSync } from "node:fs";
import path from "node:path";
import { Engine } from "../../src/index.js";
import { cleanup, tempDir, write } from "./workspace.js";

/**
 * The update links the real engine finds in a workspace of these files, as "older path:line >
 * newer path:line"; a file given a day was last changed at noon that day (MEMORY.md, USER.md).
 */
export function updateLinksOf(files: Record<string, string>, days: Record<string, string> = {}): string[] {
  const ws = tempDir();
  try {
    for (const [rel, text] of Object.entries(files)) {
      write(ws, rel, text);
      const day = days[rel];
      if (day) utimesSync(path.join(ws, rel), new Date(`${day}T12:00:00Z`), new Date(`${day}T12:00:00Z`));
    }
    const engine = Engine.open({ workspace: ws });
    try {
      engine.indexing.index();
      return engine.indexing
        .links()
        .filter((l) => l.kind === "update")
        .map((l) => `${l.older.path}:${l.older.line} > ${l.newer.path}:${l.newer.line}`);
    } finally {
      void engine.close();
    }
  } finally {
    cleanup(ws);
  }
}
