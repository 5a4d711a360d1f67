/**
 * Reading workspace files on behalf of someone else (an MCP client, the `ask` model): only
 * regular files inside the workspace, never the engine's own `.agent/` folder. A request is
 * refused when it has a `..` segment, is an absolute path outside the workspace, or resolves
 * (through symlinks, after realpath) to anything outside it.
 */
import { closeSync, fstatSync, openSync, readSync, realpathSync, statSync } from "node:fs";
import path from "node:path";
import { isInside, toRel } from "./paths.js";
export class PathRefusedError extends Error {
    requested;
    constructor(requested, reason) {
        super(`refused "${requested}": ${reason}`);
        this.requested = requested;
        this.name = "PathRefusedError";
    }
}
/**
 * One answer for "does not exist", "is an engine file" and "leads outside": telling them
 * apart would let a caller probe which files exist under .agent/ or outside the workspace.
 */
export const NOT_READABLE = "no such file in the workspace, or not one that can be read here (only regular files inside the workspace, outside .agent/)";
/** Largest file `readLines` reads whole. */
export const MAX_READ_BYTES = 20 * 1024 * 1024;
function isEngineRel(rel) {
    const r = rel.toLowerCase();
    return r === ".agent" || r.startsWith(".agent/");
}
/**
 * Resolves `requested` (workspace-relative, or absolute inside the workspace) to a regular
 * file inside the workspace, or throws PathRefusedError: `..`, outside the workspace, an
 * engine file, missing, or a file with several hard links (one of which may live outside,
 * so its content would leak). Missing, engine and through-a-link-outside files get the same
 * message (NOT_READABLE), so the answer never tells whether such a file exists.
 */
export function resolveWorkspaceFile(workspace, requested, opts) {
    if (typeof requested !== "string" || requested.trim() === "")
        throw new PathRefusedError(String(requested), "empty path");
    if (requested.includes("\u0000"))
        throw new PathRefusedError(requested, "the path contains a NUL byte");
    if (requested.split(/[\\/]+/).some((seg) => seg === "..")) {
        throw new PathRefusedError(requested, '".." is not allowed: give a path inside the workspace');
    }
    let realWs;
    try {
        realWs = realpathSync(workspace);
    }
    catch {
        throw new Error(`workspace ${workspace} does not exist`);
    }
    const abs = path.resolve(workspace, requested);
    // Checked before touching the file system, so nothing outside is even stat'ed.
    const lexWs = isInside(workspace, abs) ? workspace : isInside(realWs, abs) ? realWs : null;
    if (lexWs === null)
        throw new PathRefusedError(requested, "outside the workspace");
    if (isEngineRel(toRel(lexWs, abs)))
        throw new PathRefusedError(requested, NOT_READABLE);
    let real;
    try {
        real = realpathSync(abs);
    }
    catch (e) {
        const code = e.code;
        if (code === "ENOENT" || code === "ENOTDIR")
            throw new PathRefusedError(requested, NOT_READABLE);
        if (code === "ELOOP")
            throw new PathRefusedError(requested, "a symlink loop");
        throw new Error(`${requested}: cannot be read (${code ?? e.message})`);
    }
    if (!isInside(realWs, real))
        throw new PathRefusedError(requested, NOT_READABLE);
    const rel = toRel(realWs, real);
    if (isEngineRel(rel))
        throw new PathRefusedError(requested, NOT_READABLE);
    const st = statSync(real);
    if (!st.isFile())
        throw new Error(`${requested}: not a regular file`);
    if (st.nlink > 1 && !(opts.allowHardLinks)) {
        throw new PathRefusedError(requested, `it has ${st.nlink} hard links, and another of them may be a file outside the workspace; set index.allowHardLinks to true in agent.config.json to serve such files`);
    }
    return { abs: real, rel, size: st.size, dev: st.dev, ino: st.ino };
}
/**
 * Lines [from, from + count) of a workspace file (1-based). `from` past the end returns no
 * lines; a binary file (NUL bytes) is refused.
 */
export function readLines(workspace, requested, from = 1, count, opts) {
    const f = resolveWorkspaceFile(workspace, requested, opts);
    if (f.size > MAX_READ_BYTES)
        throw new Error(`${f.rel}: larger than ${MAX_READ_BYTES} bytes; not read`);
    let buf;
    const fd = openSync(f.abs, "r");
    try {
        // The path was checked, then opened: if it was swapped for another file (or linked
        // again) in between, the descriptor shows it.
        const st = fstatSync(fd);
        if (st.dev !== f.dev || st.ino !== f.ino || (st.nlink > 1 && !(opts.allowHardLinks))) {
            throw new PathRefusedError(requested, "the file changed while it was being opened; try again");
        }
        const size = Math.min(st.size, MAX_READ_BYTES);
        buf = Buffer.alloc(size);
        let off = 0;
        while (off < size) {
            const n = readSync(fd, buf, off, size - off, off);
            if (n === 0)
                break;
            off += n;
        }
        buf = buf.subarray(0, off);
    }
    finally {
        closeSync(fd);
    }
    if (buf.includes(0))
        throw new Error(`${f.rel}: a binary file; only text files can be read`);
    const all = buf.toString("utf8").replace(/\r\n?/g, "\n").split("\n");
    if (all.length > 0 && all[all.length - 1] === "")
        all.pop();
    const start = Math.max(1, Math.floor(from));
    const n = Math.max(0, Math.floor(count));
    const lines = all.slice(start - 1, start - 1 + n);
    return { rel: f.rel, from: start, to: start + lines.length - 1, totalLines: all.length, lines };
}
/** "  12| text" lines, so a reader can cite line numbers. */
export function numberLines(r) {
    const width = String(Math.max(r.to, 1)).length;
    return r.lines.map((l, i) => `${String(r.from + i).padStart(width, " ")}| ${l}`).join("\n");
}
//# sourceMappingURL=safe-read.js.map