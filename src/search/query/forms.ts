import { ACTION_WEIGHT, actionForms } from "./actions.js";
import { derivedForms } from "./derivations.js";
import { GENERIC } from "./generic.js";
import { medicineNames } from "./medicines.js";
import { secretWords } from "./secret-words.js";
import { verbForms } from "./irregular.js";
import { spellingVariants } from "./spellings.js";
import { stateBase } from "./state-nouns.js";

/**
 * The words a query word stands for, itself first: an irregular verb's forms ("go" → went,
 * gone; irregular.ts), or the other ways of writing it ("favorite" → favourite, fave, fav;
 * spellings.ts), the people whose trade it is ("roof" → roofer; derivations.ts) or whose state
 * it names ("membership" → member; state-nouns.ts), and the verb
 * or noun of its act ("fly" → flight; actions.ts, weighed less: formWeight), and the medicines
 * a class word stands for ("tablets" → donepezil; medicines.ts), and the other words for a code
 * that opens something ("code" → pin; secret-words.ts). They are searched
 * as one term. A generic word ("keep", "make", "call": query/generic.ts) carries
 * no topic, and neither do its people ("keeper", "maker", "caller").
 */
export function wordForms(word: string): string[] {
  const verb = verbForms(word);
  const own = verb.length > 1 ? verb : spellingVariants(word);
  const derived = GENERIC.has(word) ? [] : [...derivedForms(word), ...stateBase(word)].filter((d) => !own.includes(d));
  const base = derived.length > 0 ? [...own, ...derived] : own;
  const acts = GENERIC.has(word) ? [] : actionForms(word).filter((a) => !base.includes(a));
  const named = [...medicineNames(word), ...secretWords(word)].filter((m) => !base.includes(m) && !acts.includes(m));
  return acts.length > 0 || named.length > 0 ? [...base, ...acts, ...named] : base;
}

/**
 * How much an occurrence of `form` counts for the query word `word` in BM25: 1 for the word,
 * its inflections, spellings and people; ACTION_WEIGHT for the verb or noun of its act
 * ("flight" for "fly"), a guess at the same meaning (actions.ts).
 */
export function formWeight(word: string, form: string): number {
  if (form === word || GENERIC.has(word)) return 1;
  const verb = verbForms(word);
  const own = verb.length > 1 ? verb : spellingVariants(word);
  if (own.includes(form) || derivedForms(word).includes(form)) return 1;
  return actionForms(word).includes(form) ? ACTION_WEIGHT : 1;
}

/**
 * The forms text matching can look for: snippets and lines match a word by its first letters,
 * so a form under 4 letters ("ran", "ate", "fav") would be found inside other words ("grand",
 * "great", "favour") and is left to the index. The query's own word always stays.
 */
export function textForms(word: string): string[] {
  return wordForms(word).filter((f, i) => i === 0 || f.length >= 4);
}
