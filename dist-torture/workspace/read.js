import { createHash } from "node:crypto";
import { closeSync, openSync, readSync, fstatSync } from "node:fs";
const SNIFF_BYTES = 8192;
const MiB = 1024 * 1024;
/**
 * Reads a workspace file for indexing without ever trusting it: binary files are refused,
 * invalid UTF-8 is decoded lossily (the file itself is untouched), and huge files are
 * indexed only up to `maxBytes`, cut at a line end so no line is split.
 */
export function readForIndex(abs, rel, maxBytes) {
    let fd;
    try {
        fd = openSync(abs, "r");
    }
    catch (e) {
        return { ok: false, reason: `${rel}: cannot be read (${errCode(e)}); skipped — check its permissions` };
    }
    try {
        const size = fstatSync(fd).size;
        const hasher = createHash("sha256");
        const keepBytes = Math.min(size, maxBytes);
        const kept = Buffer.alloc(keepBytes);
        // Read in blocks: hash everything, keep only the prefix we will index.
        const block = Buffer.alloc(Math.min(Math.max(size, 1), 4 * MiB));
        let pos = 0;
        for (;;) {
            const n = readSync(fd, block, 0, block.length, pos);
            if (n === 0)
                break;
            hasher.update(block.subarray(0, n));
            if (pos < keepBytes)
                block.copy(kept, pos, 0, Math.min(n, keepBytes - pos));
            pos += n;
        }
        const hash = hasher.digest("hex");
        const total = pos;
        const utf16 = utf16Bom(kept);
        if (utf16 !== null)
            return decodeUtf16(kept, utf16, { rel, hash, total, maxBytes });
        const sniff = kept.subarray(0, Math.min(SNIFF_BYTES, kept.length));
        if (sniff.includes(0)) {
            return { ok: false, reason: `${rel}: looks like a binary file (NUL bytes); skipped — only text is indexed` };
        }
        const warnings = [];
        let bytes = kept.subarray(0, Math.min(keepBytes, total));
        const capped = total > maxBytes;
        if (capped) {
            const lastNl = bytes.lastIndexOf(0x0a);
            if (lastNl > 0)
                bytes = bytes.subarray(0, lastNl + 1);
            warnings.push(`${rel}: ${(total / MiB).toFixed(1)} MB is over the ${(maxBytes / MiB).toFixed(1)} MB limit; only the first ${(bytes.length / MiB).toFixed(1)} MB is indexed (split the file, or raise index.maxFileBytes in agent.config.json)`);
        }
        let text;
        try {
            text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
        }
        catch {
            text = new TextDecoder("utf-8").decode(bytes);
            warnings.push(`${rel}: not valid UTF-8; indexed with replacement characters (the file is unchanged — re-save it as UTF-8 to fix)`);
        }
        if (text.charCodeAt(0) === 0xfeff)
            text = text.slice(1);
        return { ok: true, text, hash, size: total, capped, warnings };
    }
    catch (e) {
        return { ok: false, reason: `${rel}: cannot be read (${errCode(e)}); skipped` };
    }
    finally {
        closeSync(fd);
    }
}
/** "utf-16le" / "utf-16be" when the bytes start with that byte-order mark (Windows editors save so). */
function utf16Bom(bytes) {
    if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe)
        return "utf-16le";
    if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff)
        return "utf-16be";
    return null;
}
/**
 * UTF-16 text is full of NUL bytes, so it is decoded before any binary test; with a BOM the
 * encoding is certain. A cap cuts at the last whole line, as for UTF-8.
 */
function decodeUtf16(kept, encoding, f) {
    const warnings = [];
    const bytes = kept.subarray(0, kept.length - (kept.length % 2));
    let text;
    try {
        text = new TextDecoder(encoding, { fatal: true }).decode(bytes);
    }
    catch {
        text = new TextDecoder(encoding).decode(bytes);
        warnings.push(`${f.rel}: not valid ${encoding.toUpperCase()}; indexed with replacement characters (the file is unchanged — re-save it as UTF-8 to fix)`);
    }
    if (text.charCodeAt(0) === 0xfeff)
        text = text.slice(1);
    if (text.includes("\u0000")) {
        return { ok: false, reason: `${f.rel}: looks like a binary file (NUL characters in ${encoding.toUpperCase()} text); skipped — only text is indexed` };
    }
    const capped = f.total > f.maxBytes;
    if (capped) {
        const lastNl = text.lastIndexOf("\n");
        if (lastNl > 0)
            text = text.slice(0, lastNl + 1);
        warnings.push(`${f.rel}: ${(f.total / MiB).toFixed(1)} MB is over the ${(f.maxBytes / MiB).toFixed(1)} MB limit; only the first part is indexed (split the file, or raise index.maxFileBytes in agent.config.json)`);
    }
    return { ok: true, text, hash: f.hash, size: f.total, capped, warnings };
}
export function sha256(text) {
    return createHash("sha256").update(text).digest("hex");
}
export function errCode(e) {
    if (e && typeof e === "object" && "code" in e && typeof e.code === "string") {
        return e.code;
    }
    return e instanceof Error ? e.message : String(e);
}
//# sourceMappingURL=read.js.map