import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
/**
 * The shipped template's own text (workspace-template/): placeholder lines of MEMORY.md and
 * USER.md, HEARTBEAT.md's empty checkboxes, AGENTS.md's instructions. A chunk made only of
 * such lines (plus headings and blank lines) is not indexed: it would match every query
 * about "memory" or "notes" and say nothing about the user. Once the user writes into a
 * file, their lines are not template lines and are indexed as usual.
 */
// The template ships beside src/ and dist/ at the package root (as workspace/init.ts finds it).
const TEMPLATE_DIR = fileURLToPath(new URL("../../workspace-template/", import.meta.url));
const cache = new Map();
function norm(line) {
    return line.replace(/\s+/g, " ").trim();
}
const listings = new Map();
/**
 * The template's files, listed once: a failed read per workspace file (every daily note) was
 * 15% of a full index.
 */
function templateFiles(templateDir) {
    let files = listings.get(templateDir);
    if (files === undefined) {
        try {
            files = new Set(readdirSync(templateDir, { recursive: true, encoding: "utf8" }).map((f) => f.split(path.sep).join("/")));
        }
        catch {
            files = new Set();
        }
        listings.set(templateDir, files);
    }
    return files;
}
/**
 * The template's lines for a workspace file of the same relative path, or null when the
 * template has no such file (daily notes, the user's own notes) or cannot be read.
 */
export function templateLines(rel, templateDir = TEMPLATE_DIR) {
    const key = `${templateDir}\u0000${rel}`;
    if (cache.has(key))
        return cache.get(key);
    let lines = null;
    if (!rel.includes("..") && rel.endsWith(".md") && templateFiles(templateDir).has(rel)) {
        try {
            const text = readFileSync(path.join(templateDir, rel), "utf8");
            lines = new Set(text.split(/\r?\n/).map(norm).filter((l) => l !== ""));
        }
        catch {
            lines = null;
        }
    }
    cache.set(key, lines);
    return lines;
}
const HEADING = /^ {0,3}#{1,6}(?:[ \t]|$)/;
// A checkbox or list item with nothing after it ("- [ ]", "- Name:" is template text, not this).
const EMPTY_ITEM = /^(?:[-*+]|\d+[.)])(?:\s+\[[ xX]?\])?\s*$/;
/** True when every line of a chunk is blank, a heading, an empty list item, or template text. */
export function isBoilerplate(text, template) {
    if (template === null)
        return false;
    for (const raw of text.split("\n")) {
        const line = norm(raw);
        if (line === "" || HEADING.test(line) || EMPTY_ITEM.test(line) || template.has(line))
            continue;
        return false;
    }
    return true;
}
//# sourceMappingURL=boilerplate.js.map