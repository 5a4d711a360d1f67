import { createHash } from "node:crypto";
import { closeSync, openSync, readSync, fstatSync } from "node:fs";
import { redactNote } from "../shared/redact.js";
import { classify } from "./kinds.js";

export type ReadOutcome =
  | {
      ok: true;
      text: string;
      /** sha256 of the whole file's bytes, even when only a prefix was decoded. */
      hash: string;
      size: number;
      capped: boolean;
      warnings: string[];
    }
  | { ok: false; reason: string };

const SNIFF_BYTES = 8192;
const MiB = 1024 * 1024;

/**
 * Reads a workspace file for indexing without ever trusting it: binary files are refused,
 * invalid UTF-8 is decoded lossily (the file itself is untouched), and huge files are
 * indexed only up to `maxBytes`, cut at a line end so no line is split. A note's text comes
 * back with its secrets redacted (lines kept, the hash still the file's bytes): nothing the
 * index derives from it (chunks, statements, vectors) holds one. A transcript comes back as
 * written: its redaction is JSON-aware and rewrites the file (src/indexer/redaction.ts).
 */
export function readForIndex(abs: string, rel: string, maxBytes: number): ReadOutcome {
  const read = readRaw(abs, rel, maxBytes);
  if (!read.ok || classify(rel).kind === "session") return read;
  return { ...read, text: redactNote(read.text) };
}

function readRaw(abs: string, rel: string, maxBytes: number): ReadOutcome {
  let fd: number;
  try {
    fd = openSync(abs, "r");
  } catch (e) {
    return { ok: false, reason: `${rel}: cannot be read (${errCode(e)}); skipped — check its permissions` };
  }
  try {
    return readOpened(fd, fstatSync(fd).size, rel, maxBytes);
  } catch (e) {
    return { ok: false, reason: `${rel}: cannot be read (${errCode(e)}); skipped` };
  } finally {
    closeSync(fd);
  }
}

/**
 * The file open on `fd`, read for indexing as `size` bytes long (what fstat said when it was
 * opened). Exported for the test that writes between the size and the read.
 */
export function readOpened(fd: number, size: number, rel: string, maxBytes: number): ReadOutcome {
  const hasher = createHash("sha256");
  const keepBytes = Math.min(size, maxBytes);
  const kept = Buffer.alloc(keepBytes);
  // Read in blocks: hash everything, keep only the prefix we will index. Only the `size` bytes
  // counted at the open: an editor's save empties the file and then writes it, and a read
  // that counted 0 bytes but hashed on to the end would store the new text's hash with no
  // text, so the next pass would find the hash unchanged and never index the file again.
  const block = Buffer.alloc(Math.min(Math.max(size, 1), 4 * MiB));
  let pos = 0;
  while (pos < size) {
    const n = readSync(fd, block, 0, Math.min(block.length, size - pos), pos);
    if (n === 0) break;
    hasher.update(block.subarray(0, n));
    if (pos < keepBytes) block.copy(kept, pos, 0, Math.min(n, keepBytes - pos));
    pos += n;
  }
  const hash = hasher.digest("hex");
  const total = pos;
  const utf16 = utf16Bom(kept);
  if (utf16 !== null) return decodeUtf16(kept, utf16, { rel, hash, total, maxBytes });
  const sniff = kept.subarray(0, Math.min(SNIFF_BYTES, kept.length));
  if (sniff.includes(0)) {
    return { ok: false, reason: `${rel}: looks like a binary file (NUL bytes); skipped — only text is indexed` };
  }
  const warnings: string[] = [];
  let bytes = kept.subarray(0, Math.min(keepBytes, total));
  const capped = total > maxBytes;
  if (capped) {
    const lastNl = bytes.lastIndexOf(0x0a);
    if (lastNl > 0) bytes = bytes.subarray(0, lastNl + 1);
    warnings.push(
      `${rel}: ${(total / MiB).toFixed(1)} MB is over the ${(maxBytes / MiB).toFixed(1)} MB limit; only the first ${(bytes.length / MiB).toFixed(1)} MB is indexed (split the file, or raise index.maxFileBytes in agent.config.json)`,
    );
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder("utf-8").decode(bytes);
    warnings.push(`${rel}: not valid UTF-8; indexed with replacement characters (the file is unchanged — re-save it as UTF-8 to fix)`);
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  return { ok: true, text, hash, size: total, capped, warnings };
}

/** "utf-16le" / "utf-16be" when the bytes start with that byte-order mark (Windows editors save so). */
function utf16Bom(bytes: Buffer): "utf-16le" | "utf-16be" | null {
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return "utf-16le";
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return "utf-16be";
  return null;
}

/**
 * UTF-16 text is full of NUL bytes, so it is decoded before any binary test; with a BOM the
 * encoding is certain. A cap cuts at the last whole line, as for UTF-8.
 */
function decodeUtf16(
  kept: Buffer,
  encoding: "utf-16le" | "utf-16be",
  f: { rel: string; hash: string; total: number; maxBytes: number },
): ReadOutcome {
  const warnings: string[] = [];
  const bytes = kept.subarray(0, kept.length - (kept.length % 2));
  let text: string;
  try {
    text = new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder(encoding).decode(bytes);
    warnings.push(`${f.rel}: not valid ${encoding.toUpperCase()}; indexed with replacement characters (the file is unchanged — re-save it as UTF-8 to fix)`);
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.includes("\u0000")) {
    return { ok: false, reason: `${f.rel}: looks like a binary file (NUL characters in ${encoding.toUpperCase()} text); skipped — only text is indexed` };
  }
  const capped = f.total > f.maxBytes;
  if (capped) {
    const lastNl = text.lastIndexOf("\n");
    if (lastNl > 0) text = text.slice(0, lastNl + 1);
    warnings.push(
      `${f.rel}: ${(f.total / MiB).toFixed(1)} MB is over the ${(f.maxBytes / MiB).toFixed(1)} MB limit; only the first part is indexed (split the file, or raise index.maxFileBytes in agent.config.json)`,
    );
  }
  return { ok: true, text, hash: f.hash, size: f.total, capped, warnings };
}

export function sha256(text: string | Buffer): string {
  return createHash("sha256").update(text).digest("hex");
}

export function errCode(e: unknown): string {
  if (e && typeof e === "object" && "code" in e && typeof (e as { code: unknown }).code === "string") {
    return (e as { code: string }).code;
  }
  return e instanceof Error ? e.message : String(e);
}
