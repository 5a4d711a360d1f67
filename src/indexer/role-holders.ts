/**
 * Who holds a role, said without a title: "Treasurer is Gordon Mills", "Anita Rowe is treasurer
 * now", "our new chair is Sue Brandt", "Priti took over as secretary". The titled form ("teacher
 * Mrs Patel") is read with the statement's values (statements.ts); this reads the plain one, for
 * roles that a group or a household gives to one person at a time. Pure.
 */

/** Roles one person holds at a time in a club, a committee, a team or a house. */
const ROLE_WORDS = "treasurer chair chairman chairwoman chairperson secretary president vice-chair captain vice-captain coach manager organiser organizer coordinator convenor warden caretaker landlord landlady headteacher accountant solicitor shearer farrier gardener cleaner childminder babysitter".split(" ");
/** Each role as written at a sentence's start or inside it ("Treasurer", "treasurer"); the name must be capitalised, so no case-blind match. */
const ROLES = ROLE_WORDS.map((r) => `[${r[0]!.toUpperCase()}${r[0]}]${r.slice(1).replace("-", "[- ]")}`).join("|");
/** A name: one or two capitalised words ("Anita", "Anita Rowe"). */
const NAME = "([A-Z][\\p{L}'-]+(?: [A-Z][\\p{L}'-]+)?)";
const ROLE_FIRST = new RegExp(`\\b(?:[Tt]he |[Oo]ur |[Mm]y |[Nn]ew |club |society )*(${ROLES}) (?:is|will be|is now|now is)\\s+(?:now\\s+)?${NAME}`, "gu");
/** A record's label ("Accountant: Sandra Greaves at …"), opening the line: the role, then its holder. */
const ROLE_LABEL = new RegExp(`^(?:[Oo]ur |[Mm]y )?(${ROLES}):\\s+${NAME}`, "u");
const NAME_FIRST = new RegExp(`${NAME} (?:is|is now|'s|’s|became|becomes|took over as|takes over as|has taken over as)\\s+(?:now\\s+)?(?:the |our |new |acting )*(${ROLES})\\b`, "gu");

/**
 * A role told by its work: "Ceri Lewis is shearing this year", "Bea's cleaning for us now". The
 * verb names the role ("shearing" → shearer); the name must be capitalised, as above.
 */
const ROLE_BY_WORK: Record<string, string> = { shearing: "shearer", cleaning: "cleaner", gardening: "gardener", childminding: "childminder", babysitting: "babysitter", coaching: "coach", chairing: "chair" };
const WORK_FIRST = new RegExp(`${NAME}(?: is| will be|'s|’s)\\s+(?:now\\s+|also\\s+)?(${Object.keys(ROLE_BY_WORK).join("|")})\\b`, "gu");

/** A day or a month after a label ("Captain: Tuesday") is when, not who. */
const WHEN_WORD = /^(?:mon|tue|wed|thu|fri|sat|sun|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|today|tomorrow|tonight)/i;

/** A role and who holds it, both lower case. */
export interface RoleHolder {
  role: string;
  name: string;
}

/** Words that open a sentence in capitals and are no one's name. */
const NOT_NAMES = new Set(["the", "our", "my", "new", "she", "he", "they", "who", "it", "this", "that"]);

/** The roles a sentence says someone holds (a question or a "was" names no current holder; the caller reads mood). */
export function roleHolders(sentence: string): RoleHolder[] {
  const out: RoleHolder[] = [];
  const add = (role: string, name: string) => {
    const n = name.toLowerCase();
    if (NOT_NAMES.has(n.split(" ")[0]!)) return;
    out.push({ role: role.toLowerCase().replace(/[- ]/g, ""), name: n });
  };
  for (const m of sentence.matchAll(ROLE_FIRST)) add(m[1]!, m[2]!);
  for (const m of sentence.matchAll(NAME_FIRST)) add(m[2]!, m[1]!);
  for (const m of sentence.matchAll(WORK_FIRST)) add(ROLE_BY_WORK[m[2]!]!, m[1]!);
  const label = ROLE_LABEL.exec(sentence);
  if (label && !WHEN_WORD.test(label[2]!)) add(label[1]!, label[2]!);
  return out;
}

/** Words that say a role passed to someone: "took over", "stood down", "new", the last holder "retired", another "instead". */
export const HANDED_OVER = /\b(?:now|new|took over|takes over|taken over|stood down|stepped down|steps down|handed over|replaced|elected|appointed|retired|retiring|instead)\b/i;
