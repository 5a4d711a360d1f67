/**
 * A degree is finished once: "MSc in Ecology at the University of Lisbon, finished in 2024" and,
 * later, "I finished my master's in 2023" cannot both be so. A degree is written many ways
 * ("MSc", "MA", "master's", "masters degree"), so each is read as its level (master, bachelor,
 * doctorate) and told as a happening of the kind "graduated" with that level as what it
 * happened to (event-years.ts compares two such years). The field, when said ("in Ecology"),
 * tells two degrees of one level apart. Only a sentence naming one degree, a verb of finishing
 * it and a year. Pure.
 */
import { contentWords } from "./statements.js";

/** The level each way of writing a degree names; "MA" and "BA" only in capitals, as typed, a word form also opening a sentence. */
const LEVELS: readonly [RegExp, string][] = [
  [/\b(?:MSc|MA|MPhil|MRes|MEng|MBA|LLM|M\.Sc\.?|M\.A\.|[Mm]aster['’]?s(?: degree)?)(?![\p{L}])/u, "master"],
  [/\b(?:BSc|BA|BEng|LLB|B\.Sc\.?|B\.A\.|[Bb]achelor['’]?s(?: degree)?|[Uu]ndergrad(?:uate)? degree)(?![\p{L}])/u, "bachelor"],
  [/\b(?:PhD|DPhil|Ph\.D\.?|[Dd]octorate)(?![\p{L}])/u, "doctorate"],
];
/** A verb of finishing a degree, then its year (within the clause's words): "finished in 2024", "graduated in 2019", "completed it in 2020". */
const FINISHED = /\b(?:finished|completed|graduated|got|earned|obtained|awarded|passed)\b[^.;!?]{0,40}?\b(?:in|from|by)\s+((?:19|20)\d{2})\b/i;

/** The field after a degree: "MSc in Ecology" → ecology. */
const FIELD = /^\s+in\s+([A-Z][\p{L}-]+(?:\s+[A-Z][\p{L}-]+)?)/u;

/** The degree levels a sentence names, with where each is and its field when said. */
function degreesIn(sentence: string): { level: string; field?: string }[] {
  const out: { level: string; field?: string }[] = [];
  for (const [re, level] of LEVELS) {
    const m = re.exec(sentence);
    if (!m) continue;
    const field = FIELD.exec(sentence.slice(m.index + m[0].length))?.[1];
    out.push({ level, ...(field !== undefined ? { field: contentWords(field).join(" ") } : {}) });
  }
  return out;
}

/** The year a sentence says a degree was finished, as a happening ("graduated", the level, the field): none unless it names exactly one degree. */
export function degreeYears(sentence: string): { kind: string; year: string; thing: string[]; field?: string }[] {
  const degrees = degreesIn(sentence);
  const m = FINISHED.exec(sentence);
  if (degrees.length !== 1 || !m) return [];
  const d = degrees[0]!;
  return [{ kind: "graduated", year: m[1]!, thing: [d.level], ...(d.field ? { field: d.field } : {}) }];
}
