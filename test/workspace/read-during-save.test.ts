import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { closeSync, fstatSync, openSync, writeFileSync } from "node:fs";
import path from "node:path";
import { readOpened, sha256 } from "../../src/workspace/read.js";
import { cleanup, tempDir } from "../helpers/workspace.js";

// An editor's save empties the file, then writes it. An indexer that opens the file in that gap
// sees 0 bytes: what it keeps and what it hashes must be the same bytes, or it stores the new
// text's hash beside no text and the next pass, finding the hash unchanged, never indexes it.
describe("a file read for indexing while a save lands in it", () => {
  let dir: string;
  beforeEach(() => {
    dir = tempDir();
  });
  afterEach(() => cleanup(dir));

  it("hashes only the bytes counted at the open, so the hash is of the text it returns", () => {
    const file = path.join(dir, "note.md");
    writeFileSync(file, "");
    const fd = openSync(file, "r");
    try {
      const size = fstatSync(fd).size;
      // The editor's write lands after the size was taken, before the bytes are read.
      writeFileSync(file, "- Dentist moved to Thursday 9am.\n- Bins out Monday.\n");
      const read = readOpened(fd, size, "note.md", 1024 * 1024);
      expect(read.ok).toBe(true);
      if (!read.ok) return;
      expect(read.text).toBe("");
      expect(read.hash).toBe(sha256(Buffer.from(read.text)));
    } finally {
      closeSync(fd);
    }
  });

  it("a file that grew after the open: the counted prefix, hashed as read", () => {
    const file = path.join(dir, "note.md");
    writeFileSync(file, "- one\n");
    const fd = openSync(file, "r");
    try {
      const size = fstatSync(fd).size;
      writeFileSync(file, "- one\n- two\n");
      const read = readOpened(fd, size, "note.md", 1024 * 1024);
      expect(read.ok && read.text).toBe("- one\n");
      expect(read.ok && read.hash).toBe(sha256(Buffer.from("- one\n")));
    } finally {
      closeSync(fd);
    }
  });
});
