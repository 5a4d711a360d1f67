/**
 * The shipped template's labels are not the person's words: USER.md's "- How to address them:
 * Ruth" holds "address" only because the template asked for it. A question that names the slot
 * ("how should you address me", "what's my time zone") is answered by the label, since every
 * distinctive word it asks is there; a question about something else that shares a label word
 * ("whats the adress of the bungalow") is not: the label word is no evidence that the result
 * speaks of the bungalow. So a matched word the result holds only inside the template's labels
 * or boilerplate lines counts as unmatched for the floor, when the question has a distinctive
 * word the labels do not hold.
 *
 * A label: a template line "- Words:" with nothing after the colon; the person's line starts
 * with it and goes on with their value. A boilerplate line: a template line kept as written
 * ("Who I work for. Fill this in …"). Pure but for the template read (boilerplate.ts, cached).
 */
import { templateLines } from "../../indexer/boilerplate.js";
import { holds, prefixOf } from "./list-apart.js";

/** A template line that is a label: a list item ending in a colon, nothing after it. */
const LABEL = /^[-*+]\s+(.+:)$/;

const labelCache = new Map<string, readonly string[]>();

/** The lower-case labels of the template file of this path ("how to address them:"), none for a file the template does not ship. */
function labelsOf(path: string, lines: ReadonlySet<string>): readonly string[] {
  let labels = labelCache.get(path);
  if (labels === undefined) {
    labels = [...lines].flatMap((l) => LABEL.exec(l)?.[1]?.toLowerCase() ?? []);
    labelCache.set(path, labels);
  }
  return labels;
}

/** The text without the template's words: labels cut from the start of their lines, boilerplate lines dropped; lower case. */
export function withoutTemplate(text: string, lines: ReadonlySet<string>, labels: readonly string[]): string {
  const kept: string[] = [];
  for (const raw of text.split("\n")) {
    const line = raw.replace(/\s+/g, " ").trim();
    if (lines.has(line)) continue;
    const lower = line.toLowerCase();
    const item = lower.replace(/^[-*+]\s+/, "");
    const label = item === lower ? undefined : labels.find((l) => item.startsWith(l));
    kept.push(label === undefined ? lower : item.slice(label.length));
  }
  return kept.join("\n");
}

/**
 * The matched terms a result holds only in the template's words, when the question asks
 * more than those: none when the file is no template file, or when every distinctive word of
 * the question is among them (the question asks for the slot itself).
 * `formsOf`: a term's written forms, the term first.
 */
export function templateOnly(path: string, text: string, matched: readonly string[], distinctive: Iterable<string>, formsOf: (term: string) => readonly string[]): string[] {
  const lines = templateLines(path);
  if (lines === null || matched.length === 0) return [];
  const mine = withoutTemplate(text, lines, labelsOf(path, lines));
  const whole = text.toLowerCase();
  const held = (t: string, in_: string): boolean => holds(in_, formsOf(t).map((f) => prefixOf(f.toLowerCase())));
  const only = matched.filter((t) => held(t, whole) && !held(t, mine));
  if (only.length === 0) return [];
  for (const t of distinctive) if (!only.includes(t)) return only;
  return [];
}
