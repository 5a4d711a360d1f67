/**
 * The checks that make nightly re-distillation of SOUL.md safe, as pure functions over
 * strings: locked sections (extract, restore, verify), the change budget, word and token
 * counts, and cutting an over-long SOUL at a sentence. Nothing here trusts the model: every
 * guarantee is enforced on the text the model returned.
 */
import { estimateTokens as estimateTextTokens } from "../../store/fts-text.js";
import { diffLines } from "./diff.js";
export const LOCK_OPEN = "<!-- locked -->";
export const LOCK_CLOSE = "<!-- /locked -->";
const OPEN_RE = /<!--\s*locked\s*-->/gi;
const CLOSE_RE = /<!--\s*\/\s*locked\s*-->/gi;
const HEADING_RE = /^(#{1,6})[ \t]+(.+?)[ \t]*#*[ \t]*$/;
/** Every `<!-- locked -->…<!-- /locked -->` block, in order. Nested opens belong to the outer block. */
export function findLockedBlocks(text) {
    const marks = [];
    for (const m of text.matchAll(OPEN_RE))
        marks.push({ at: m.index, end: m.index + m[0].length, open: true });
    for (const m of text.matchAll(CLOSE_RE))
        marks.push({ at: m.index, end: m.index + m[0].length, open: false });
    marks.sort((x, y) => x.at - y.at);
    const blocks = [];
    const problems = [];
    let openAt;
    let depth = 0;
    for (const mark of marks) {
        if (mark.open) {
            if (depth === 0)
                openAt = mark.at;
            depth++;
        }
        else if (depth === 0) {
            problems.push(`line ${lineOf(text, mark.at)}: "${LOCK_CLOSE}" without an opening "${LOCK_OPEN}" (ignored)`);
        }
        else if (--depth === 0) {
            blocks.push(block(text, openAt, mark.end));
        }
    }
    if (depth > 0 && openAt !== undefined) {
        problems.push(`line ${lineOf(text, openAt)}: "${LOCK_OPEN}" is never closed; everything after it is treated as locked`);
        blocks.push(block(text, openAt, text.length));
    }
    return { blocks, problems };
}
function block(text, start, end) {
    return { start, end, text: text.slice(start, end), heading: headingBefore(text, start) };
}
function lineOf(text, offset) {
    let n = 1;
    for (let i = 0; i < offset; i++)
        if (text.charCodeAt(i) === 10)
            n++;
    return n;
}
/** The nearest markdown heading line above `offset` ("" when there is none). */
function headingBefore(text, offset) {
    const lines = text.slice(0, offset).split("\n");
    for (let i = lines.length - 1; i >= 0; i--) {
        if (HEADING_RE.test(lines[i]))
            return lines[i].trim();
    }
    return "";
}
function headingTitle(line) {
    const m = HEADING_RE.exec(line.trim());
    return (m ? m[2] : line).trim().toLowerCase().replace(/\s+/g, " ");
}
/**
 * The section under a heading titled `title` (any level, case-insensitive): from its heading
 * line to the next heading of the same or a higher level, without trailing blank lines.
 */
export function findSection(text, title) {
    const want = title.trim().toLowerCase();
    const lines = text.split("\n");
    let offset = 0;
    let found;
    let end = text.length;
    for (const line of lines) {
        const m = HEADING_RE.exec(line);
        if (m) {
            const level = m[1].length;
            if (found === undefined && headingTitle(line) === want)
                found = { start: offset, level };
            else if (found !== undefined && level <= found.level) {
                end = offset;
                break;
            }
        }
        offset += line.length + 1;
    }
    if (found === undefined)
        return undefined;
    let stop = Math.min(end, text.length);
    while (stop > found.start && /\s/.test(text[stop - 1]))
        stop--;
    return { start: found.start, end: stop, text: text.slice(found.start, stop), level: found.level };
}
export const CORE_IDENTITY = "Core Identity";
export const ACTIVE_VALUES = "Active Values";
export const RECENT_GROWTH = "Recent Growth";
export const SOUL_LAYERS = [CORE_IDENTITY, ACTIVE_VALUES, RECENT_GROWTH];
/**
 * Puts the original's locked content back into a proposal, byte for byte: the Core Identity
 * section when it is locked, then every locked block (in place when the proposal kept the
 * markers, otherwise re-inserted under the heading it sat under, or at the end with that
 * heading when the proposal dropped the heading). Follow with `verifyLocked`.
 */
export function restoreLocked(original, proposal, opts) {
    const restored = [];
    let text = proposal;
    if (opts.lockCoreIdentity) {
        const orig = findSection(original, CORE_IDENTITY);
        if (orig !== undefined) {
            const mine = findSection(text, CORE_IDENTITY);
            if (mine === undefined) {
                const at = firstSectionStart(text);
                text = `${text.slice(0, at)}${orig.text}\n\n${text.slice(at)}`;
                restored.push(`the locked "${CORE_IDENTITY}" section was missing and was put back`);
            }
            else if (mine.text !== orig.text) {
                text = text.slice(0, mine.start) + orig.text + text.slice(mine.end);
                restored.push(`the locked "${CORE_IDENTITY}" section was changed and was put back`);
            }
        }
    }
    const want = findLockedBlocks(original).blocks;
    const have = findLockedBlocks(text).blocks;
    // Match original blocks to identical proposal blocks, in order.
    const matched = new Map(); // want index -> have index
    let from = 0;
    want.forEach((w, i) => {
        for (let j = from; j < have.length; j++) {
            if (have[j].text === w.text) {
                matched.set(i, j);
                from = j + 1;
                return;
            }
        }
    });
    if (matched.size === want.length && have.length === want.length)
        return { text, restored };
    if (have.length === want.length) {
        // Same number of blocks: the model edited inside some of them. Put each one back in place.
        for (let i = want.length - 1; i >= 0; i--) {
            const h = have[i];
            if (h.text === want[i].text)
                continue;
            text = text.slice(0, h.start) + want[i].text + text.slice(h.end);
            restored.push(`locked block under "${want[i].heading || "(top)"}" was changed and was put back`);
        }
        return { text, restored };
    }
    // Different number of blocks: drop the proposal's unmatched ones, re-insert the missing originals.
    const keep = new Set(matched.values());
    for (let j = have.length - 1; j >= 0; j--) {
        if (keep.has(j))
            continue;
        const h = have[j];
        // Remove the block and the blank line it leaves, nothing else.
        let end = h.end;
        while (end < text.length && (text[end] === " " || text[end] === "\t"))
            end++;
        if (text[end] === "\n" && (h.start === 0 || text[h.start - 1] === "\n"))
            end++;
        if (text[end] === "\n" && h.start >= 2 && text.slice(h.start - 2, h.start) === "\n\n")
            end++;
        text = text.slice(0, h.start) + text.slice(end);
        restored.push(`a locked block the original does not have was removed`);
    }
    want.forEach((w, i) => {
        if (matched.has(i))
            return;
        text = insertUnderHeading(text, w.heading, w.text);
        restored.push(`locked block under "${w.heading || "(top)"}" was missing and was put back`);
    });
    return { text, restored };
}
/** Offset of the first level-2 (or deeper) heading, else the end: where a section goes first. */
function firstSectionStart(text) {
    const lines = text.split("\n");
    let offset = 0;
    for (const line of lines) {
        const m = HEADING_RE.exec(line);
        if (m && m[1].length >= 2)
            return offset;
        offset += line.length + 1;
    }
    return text.length;
}
function insertUnderHeading(text, heading, blockText) {
    if (heading === "") {
        // Before any heading in the original: keep it above the first section.
        const at = firstSectionStart(text);
        return `${text.slice(0, at)}${blockText}\n\n${text.slice(at)}`;
    }
    const title = headingTitle(heading);
    const lines = text.split("\n");
    let offset = 0;
    for (const line of lines) {
        if (HEADING_RE.test(line) && headingTitle(line) === title) {
            const after = offset + line.length + 1;
            return `${text.slice(0, after)}\n${blockText}\n${text.slice(after)}`;
        }
        offset += line.length + 1;
    }
    const base = text.replace(/\s*$/, "");
    return `${base}\n\n${heading}\n\n${blockText}\n`;
}
/**
 * The code check behind "locked sections come back byte-identical": the proposal's locked
 * blocks must equal the original's, in order, and (when configured) so must Core Identity.
 * Returns what is wrong; empty means safe.
 */
export function verifyLocked(original, proposal, opts) {
    const problems = [];
    const want = findLockedBlocks(original).blocks.map((b) => b.text);
    const have = findLockedBlocks(proposal).blocks.map((b) => b.text);
    if (want.length !== have.length) {
        problems.push(`the original has ${want.length} locked block(s), the proposal ${have.length}`);
    }
    else {
        want.forEach((w, i) => {
            if (have[i] !== w)
                problems.push(`locked block ${i + 1} differs from the original`);
        });
    }
    if (opts.lockCoreIdentity) {
        const orig = findSection(original, CORE_IDENTITY);
        const mine = findSection(proposal, CORE_IDENTITY);
        if (orig !== undefined && mine?.text !== orig.text)
            problems.push(`the locked "${CORE_IDENTITY}" section differs from the original`);
    }
    return problems;
}
/** The lines the change budget compares: trailing spaces and blank lines do not count. */
function contentLines(t) {
    return t
        .replace(/\r\n/g, "\n")
        .split("\n")
        .map((l) => l.replace(/\s+$/, ""))
        .filter((l) => l.trim() !== "");
}
/**
 * The change budget's measure: the share of non-blank lines that differ, counted over both
 * versions — (lines removed + lines added) / (old lines + new lines), from a line diff that
 * ignores blank lines and trailing spaces. Replacing k of n lines gives k/n; adding k lines
 * to n gives k/(2n+k); an unchanged file 0; a complete rewrite 1.
 */
export function changedLineShare(oldText, newText) {
    const a = contentLines(oldText);
    const b = contentLines(newText);
    if (a.length + b.length === 0)
        return 0;
    let changed = 0;
    for (const op of diffLines(a, b))
        if (op.kind !== "equal")
            changed++;
    return changed / (a.length + b.length);
}
// A word: letters or digits, joined by apostrophes, hyphens or underscores ("don't", "day-to-day").
const WORD_RE = /[\p{L}\p{N}]+(?:['’_-][\p{L}\p{N}]+)*/gu;
/** HTML comments (the lock markers) replaced by spaces, so offsets stay the same. */
function blankComments(text) {
    return text.replace(/<!--[\s\S]*?-->/g, (c) => " ".repeat(c.length));
}
/** Words as a reader counts them: markdown symbols and comment markers are not words. */
export function countWords(text) {
    let n = 0;
    for (const _ of blankComments(text).matchAll(WORD_RE))
        n++;
    return n;
}
/** Estimated tokens the text costs in a model's context (about 4 characters per token). */
export function estimateTokens(text) {
    return estimateTextTokens(text);
}
/**
 * Cuts text longer than `maxWords` at the end of the last complete sentence within the
 * limit (a ".", "!", "?" or "…" followed by space, or the end of a list item), never
 * before `keepUntil` (the end of the last locked block, which must survive). Headings left
 * without content at the end are dropped. Text within the limit comes back unchanged.
 */
export function truncateAtSentence(text, maxWords, keepUntil = 0) {
    const total = countWords(text);
    if (total <= maxWords)
        return { text, truncated: false, words: total };
    const scan = blankComments(text);
    let limitEnd = text.length;
    let n = 0;
    for (const m of scan.matchAll(WORD_RE)) {
        if (++n === maxWords) {
            limitEnd = m.index + m[0].length;
            break;
        }
    }
    let cut = -1;
    // Sentence ends: terminal punctuation, optional closing quotes/brackets/emphasis, then space or end.
    for (const m of scan.matchAll(/[.!?…]["'’”)\]*_]*(?=\s|$)/g)) {
        if (m.index > limitEnd)
            break;
        const end = m.index + m[0].length;
        if (end >= keepUntil)
            cut = end;
    }
    // The end of a list item line counts as the end of a sentence too.
    let offset = 0;
    for (const line of scan.split("\n")) {
        const end = offset + line.replace(/\s+$/, "").length;
        if (end > limitEnd)
            break;
        if (/^\s*(?:[-*+]|\d+[.)])\s+\S/.test(line) && end >= keepUntil && end > cut)
            cut = end;
        offset += line.length + 1;
    }
    if (cut < 0)
        cut = Math.max(limitEnd, keepUntil);
    let out = text.slice(0, cut);
    // Drop trailing headings that lost all their content, and blank lines.
    const lines = out.split("\n");
    while (lines.length > 0 && (lines[lines.length - 1].trim() === "" || HEADING_RE.test(lines[lines.length - 1]))) {
        const candidate = lines.slice(0, -1).join("\n");
        if (candidate.length < keepUntil)
            break;
        lines.pop();
    }
    out = lines.join("\n").replace(/\s+$/, "") + "\n";
    return { text: out, truncated: true, words: countWords(out) };
}
/** Offset just after the last locked block: truncation must not cut before it. */
export function lockedEnd(text) {
    const blocks = findLockedBlocks(text).blocks;
    return blocks.length === 0 ? 0 : blocks[blocks.length - 1].end;
}
/** Which of the three layer headings the text lacks (empty when all are there). */
export function missingLayers(text) {
    return SOUL_LAYERS.filter((l) => findSection(text, l) === undefined);
}
/** Line endings and trailing space normalised, exactly one final newline. */
export function normalizeSoul(text) {
    return text.replace(/\r\n/g, "\n").replace(/\s+$/, "") + "\n";
}
/**
 * The change budget's measure for a SOUL that was mapped into the layers: the share of the
 * mapped SOUL's non-blank, non-heading lines that the new SOUL no longer has. What the model
 * added (into layers that were empty) is not counted: the person's text is all that existed.
 */
export function removedLineShare(oldText, newText) {
    const a = contentLines(oldText);
    const b = contentLines(newText);
    const content = a.filter((l) => !HEADING_RE.test(l)).length;
    if (content === 0)
        return 0;
    let removed = 0;
    for (const op of diffLines(a, b))
        if (op.kind === "delete" && !HEADING_RE.test(op.line))
            removed++;
    return removed / content;
}
/**
 * Locked text a proposal must keep: every locked block of SOUL.md and of every earlier version
 * back to (and including) the newest one a person made. A block the person removed by hand is
 * not required any more: their edit was recorded as a version of their own before reflection
 * read it, so the walk stops there.
 */
export function requiredLockedTexts(current, newestFirst) {
    const out = [];
    const seen = new Set();
    const add = (text, from) => {
        for (const b of findLockedBlocks(text).blocks) {
            if (seen.has(b.text))
                continue;
            seen.add(b.text);
            out.push({ text: b.text, from });
        }
    };
    if (current !== undefined)
        add(current, "SOUL.md");
    for (const v of newestFirst) {
        add(v.content, `version ${v.number}`);
        if (v.byUser)
            break;
    }
    return out;
}
/** The required locked texts a proposal does not contain, byte for byte (inside a bigger block counts). */
export function droppedLocked(required, proposal) {
    return required.filter((r) => !proposal.includes(r.text));
}
/**
 * The shortest SOUL a run may write: `minWords`, or the current SOUL's own length when that is
 * shorter (a person's 50-word SOUL is not made to grow to 200 in one night, but may not shrink).
 */
export function wordFloor(minWords, currentWords) {
    return currentWords === undefined ? minWords : Math.min(minWords, currentWords);
}
//# sourceMappingURL=soul-safety.js.map