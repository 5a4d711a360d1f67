/**
 * Files that hold the person's conversations and notes in another form (the index, the state
 * database) are the owner's only: 0600, whatever the umask. SQLite gives a database's -wal,
 * -shm and -journal files the mode of the database file itself, so setting it on the
 * database before SQLite opens it covers them; ones already there are set too.
 */
import { chmodSync, closeSync, fchmodSync, lstatSync, openSync } from "node:fs";

export const PRIVATE_FILE_MODE = 0o600;

const SIDECARS = ["", "-wal", "-shm", "-journal"] as const;

/** Creates `file` empty at 0600 when absent; sets 0600 on it and its sidecars when they are more open. */
export function makePrivateDbFile(file: string): void {
  if (file === ":memory:" || file === "") return;
  try {
    const fd = openSync(file, "wx", PRIVATE_FILE_MODE);
    try {
      fchmodSync(fd, PRIVATE_FILE_MODE);
    } finally {
      closeSync(fd);
    }
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EEXIST") return; // SQLite says what is wrong.
  }
  for (const s of SIDECARS) {
    try {
      const st = lstatSync(file + s);
      if (st.isFile() && (st.mode & 0o777) !== PRIVATE_FILE_MODE) chmodSync(file + s, PRIVATE_FILE_MODE);
    } catch {
      // Absent, or another user's: nothing to tighten.
    }
  }
}
