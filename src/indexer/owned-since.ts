/**
 * "The Defender's been ours since 2021", "we've had the caravan since 2018": a thing held since a
 * year was got that year, as "bought in 2019" says. So the two years are one happening's
 * (event-years.ts, kind "bought") and cannot both be so. Only with a word of having it ("ours",
 * "mine", "had", "owned"): "lived here since 2019" or "friends since 2010" got nothing. Pure.
 */
import { contentWords } from "./statements.js";

const YEAR = String.raw`((?:19|20)\d{2})\b(?!\s*[-–/]\d)`;
/** "<thing>'s been ours since 2021", "<thing> has been mine since 2019". */
const BEEN_OURS = new RegExp(String.raw`([\p{L}'’ -]{2,60}?)(?:['’]s|\s+has|\s+have)\s+been\s+(?:ours|mine|his|hers|theirs|with us)\s+since\s+${YEAR}`, "giu");
/** "we've had the caravan since 2018", "I have owned my bike since 2012". */
const HAD_SINCE = new RegExp(String.raw`\b(?:we|i)(?:['’]ve|\s+have)\s+(?:had|owned)\s+((?:[\p{L}'’-]+\s+){1,4}?)since\s+${YEAR}`, "giu");
/** Where a clause starts: what is before it names another thing. */
const CLAUSE_START = /[:;,.!?()]|\b(?:and|but|when|because|so)\b/gi;

/** The last clause of a text: the words naming the thing held. */
const lastClause = (t: string) => t.split(CLAUSE_START).at(-1) ?? t;

/** The years since which a sentence says a thing was had, as the year it was got. */
export function ownedSinceYears(sentence: string): { kind: string; year: string; thing: string[] }[] {
  const out: { kind: string; year: string; thing: string[] }[] = [];
  for (const re of [BEEN_OURS, HAD_SINCE]) {
    for (const m of sentence.matchAll(re)) {
      const thing = [...new Set(contentWords(lastClause(m[1]!)))];
      if (thing.length > 0) out.push({ kind: "bought", year: m[2]!, thing });
    }
  }
  return out;
}
