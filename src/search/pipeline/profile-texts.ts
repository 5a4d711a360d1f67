/**
 * The chunks of MEMORY.md and the profile files (USER.md, SOUL.md…): where a person defines
 * the names their notes use (nicknames.ts, profile-names.ts). A daily note or a transcript
 * uses a name; it does not define it.
 */
import type { DB } from "../../store/open.js";
import { sql } from "./sql.js";

export function profileTexts(db: DB): string[] {
  return sql(db, "SELECT c.text FROM chunks c JOIN files f ON f.id = c.file_id WHERE f.kind IN ('memory', 'bootstrap')").pluck().all() as string[];
}
