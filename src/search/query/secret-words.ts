/**
 * The words for the number that opens something: a question asks "whats the copier code" and
 * the note says "copier pin changed to 4471"; another asks for the alarm's pin and the note
 * wrote its code. People use the two for one thing (a PIN is a code), so each stands for the
 * others in a query (searched as one term with it, query/forms.ts).
 *
 * Kept to the words that name nothing else in a household's notes: "password" is left out (a
 * wifi password is not a key safe's code, and a question about one answered by the other's
 * number is a wrong answer, not a paraphrase), and so is "combination" (a combination of
 * anything).
 */
const GROUP = ["code", "codes", "pin", "pins", "passcode", "passcodes"];

/** Singular and plural of each word, so "codes" finds "pins" and "code" finds "pin". */
const SINGULAR = new Map(GROUP.map((w) => [w, w.endsWith("s") ? w.slice(0, -1) : w]));

/** The other words for one thing that opens something ("code" → pin, passcode); none for any other word. */
export function secretWords(word: string): readonly string[] {
  if (!SINGULAR.has(word)) return [];
  return GROUP.filter((w) => SINGULAR.get(w) !== SINGULAR.get(word));
}
