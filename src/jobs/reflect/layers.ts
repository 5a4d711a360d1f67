/**
 * The three layers (Core Identity / Active Values / Recent Growth) are the shape reflection
 * writes into, never a reason to refuse a SOUL. Pure functions over strings.
 *
 * The mapping rule, for a SOUL.md that lacks one or more layers (hand-written, a SOUL from
 * another tool, a list, a paragraph):
 *   - a heading that names a layer, whatever its level, case, numbering or trailing colon
 *     ("### 2. active values:"), is that layer; its section stays as it is, under the
 *     canonical heading, and reflection may revise it like any layer;
 *   - everything else the person wrote (text before the first heading, and every section
 *     under another heading, with its heading) is kept word for word, in its order, as ONE
 *     locked block at the top of the SOUL, so no model rewrites or drops it: locked blocks
 *     come back byte-identical or the proposal is refused. Removing the two markers by hand
 *     hands that text over to reflection;
 *   - the missing layers are added empty, in order, for reflection to fill.
 * Restructuring is not a change the model made, so the change budget of a mapped run counts
 * only lines of the mapped SOUL the model removed or rewrote (see removedLineShare); what it
 * adds into the new, empty layers is not counted.
 */
import { LOCK_CLOSE, LOCK_OPEN, SOUL_LAYERS, missingLayers } from "./soul-safety.js";

const HEADING_RE = /^(#{1,6})[ \t]+(.+?)[ \t]*#*[ \t]*$/;

/** The layer a heading's title names ("2. Active values:", "**RECENT GROWTH**"), or undefined. */
export function layerOf(title: string): (typeof SOUL_LAYERS)[number] | undefined {
  const key = title
    .replace(/[*_`]/g, "")
    .replace(/^\s*(?:\d+|[ivx]+|[a-c])[.):]\s*/i, "")
    .replace(/^\s*(?:layer|section)\s*\d*\s*[:.-]?\s*/i, "")
    .replace(/[:.\s]+$/, "")
    .trim()
    .toLowerCase()
    .replace(/\s+/g, " ");
  return SOUL_LAYERS.find((l) => l.toLowerCase() === key);
}

interface Part {
  /** The layer this part is, or undefined for text before any layer / under another heading. */
  layer: (typeof SOUL_LAYERS)[number] | undefined;
  lines: string[];
}

/** Splits a SOUL into parts: each layer heading starts one; other headings belong to "other" parts. */
function split(text: string): { title: string | undefined; parts: Part[] } {
  const lines = text.replace(/\r\n/g, "\n").split("\n");
  let title: string | undefined;
  // Only the generic title stays outside the person's block; their own title is their text.
  if (lines.length > 0 && /^#[ \t]+soul[ \t]*$/i.test(lines[0]!)) {
    title = lines.shift()!;
  }
  const parts: Part[] = [{ layer: undefined, lines: [] }];
  let layerLevel = 0;
  for (const line of lines) {
    const m = HEADING_RE.exec(line);
    if (m) {
      const level = m[1]!.length;
      const layer = layerOf(m[2]!);
      if (layer !== undefined) {
        parts.push({ layer, lines: [`## ${layer}`] });
        layerLevel = level;
        continue;
      }
      const cur = parts[parts.length - 1]!;
      if (cur.layer !== undefined && level <= layerLevel) {
        // Another section at the layer's level ends the layer: it is the person's own text.
        parts.push({ layer: undefined, lines: [line] });
        continue;
      }
    }
    parts[parts.length - 1]!.lines.push(line);
  }
  return { title, parts };
}

function trimBlank(lines: string[]): string[] {
  let a = 0;
  let b = lines.length;
  while (a < b && lines[a]!.trim() === "") a++;
  while (b > a && lines[b - 1]!.trim() === "") b--;
  return lines.slice(a, b);
}

export interface MappedSoul {
  /** The SOUL in the three-layer shape; equal to the input when nothing had to move. */
  text: string;
  /**
   * The layers the input already had (by any spelling) and those it lacked and were added
   * empty: what the person is told is about these, never about all three at once.
   */
  had?: string[];
  added?: string[];
  /** True when text outside the layers was kept as one locked block. */
  ownLocked?: boolean;
  /** True when the input lacked layers and was mapped by the rule above. */
  mapped: boolean;
  /** Layer headings that were renamed to their canonical spelling or moved into order. */
  renamed: boolean;
}

/** Applies the mapping rule; a SOUL that has the three layers comes back as it is. */
export function mapToLayers(text: string): MappedSoul {
  if (missingLayers(text).length === 0) return { text, mapped: false, renamed: false };
  const { title, parts } = split(text);
  const had = SOUL_LAYERS.filter((l) => parts.some((p) => p.layer === l));
  const added = SOUL_LAYERS.filter((l) => !had.includes(l));
  const own = trimBlank(parts.filter((p) => p.layer === undefined).flatMap((p) => [...p.lines, ""]));
  const out: string[] = [];
  const ownText = own.join("\n").trim();
  if (title !== undefined) out.push(title, "");
  else if (!/^#\s/.test(ownText)) out.push("# SOUL", "");
  if (ownText !== "") out.push(LOCK_OPEN, ...own, LOCK_CLOSE, "");
  for (const layer of SOUL_LAYERS) {
    const p = parts.find((x) => x.layer === layer);
    out.push(...(p ? trimBlank(p.lines) : [`## ${layer}`]), "");
  }
  return { text: out.join("\n").replace(/\s+$/, "") + "\n", mapped: true, renamed: false, had, added, ownLocked: ownText !== "" };
}

/**
 * A model's SOUL with its layer headings spelled canonically ("## 1. CORE IDENTITY:" ->
 * "## Core Identity") and the layers in order, each moved with everything under it. Text
 * before the first layer stays first. Used on replies, so a small model's numbering, case or
 * order is not a reason to refuse its SOUL.
 */
export function canonicalLayers(text: string): MappedSoul {
  const lines = text.replace(/\r\n/g, "\n").split("\n");
  let renamed = false;
  const fixed = lines.map((line) => {
    const m = HEADING_RE.exec(line);
    if (!m || m[1]!.length > 3) return line;
    const layer = layerOf(m[2]!);
    if (layer === undefined) return line;
    const canon = `## ${layer}`;
    if (line !== canon) renamed = true;
    return canon;
  });
  // Chunks: text before the first layer, then one chunk per layer heading.
  const chunks: { layer: string | undefined; lines: string[] }[] = [{ layer: undefined, lines: [] }];
  for (const line of fixed) {
    const layer = SOUL_LAYERS.find((l) => line === `## ${l}`);
    if (layer !== undefined) chunks.push({ layer, lines: [line] });
    else chunks[chunks.length - 1]!.lines.push(line);
  }
  const found = chunks.filter((c) => c.layer !== undefined).map((c) => c.layer);
  const ordered = SOUL_LAYERS.filter((l) => found.includes(l));
  const inOrder = found.length === ordered.length && found.every((l, i) => l === ordered[i]);
  if (inOrder || new Set(found).size !== found.length) {
    return { text: fixed.join("\n"), mapped: false, renamed };
  }
  const head = chunks[0]!;
  const body = SOUL_LAYERS.flatMap((l) => {
    const c = chunks.find((x) => x.layer === l);
    return c ? [trimBlank(c.lines).join("\n")] : [];
  });
  const headText = trimBlank(head.lines).join("\n");
  return { text: [headText, ...body].filter((s) => s !== "").join("\n\n") + "\n", mapped: false, renamed: true };
}

/**
 * What the person is told about a mapped SOUL.md, true to the file: the layers it had stay
 * named as theirs, only the missing ones are said to be missing, and the locked block is
 * mentioned only when there was text outside the layers.
 */
export function describeMapping(had: readonly string[], added: readonly string[], lockedOwnText: boolean): string {
  const list = (xs: readonly string[]) => xs.join(" / ");
  const parts: string[] = [];
  if (added.length > 0) {
    parts.push(`your SOUL.md had no ${list(added)} ${added.length === 1 ? "layer" : "layers"}: added for reflection to fill`);
  }
  if (had.length > 0) parts.push(`its ${list(had)} ${had.length === 1 ? "layer was" : "layers were"} kept as written`);
  if (lockedOwnText) parts.push("your other text was kept word for word as a locked block");
  return `${parts.join("; ")} (see README, Reflection)`;
}
