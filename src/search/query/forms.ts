import { derivedForms } from "./derivations.js";
import { GENERIC } from "./generic.js";
import { verbForms } from "./irregular.js";
import { spellingVariants } from "./spellings.js";

/**
 * The words a query word stands for, itself first: an irregular verb's forms ("go" → went,
 * gone; irregular.ts), or the other ways of writing it ("favorite" → favourite, fave, fav;
 * spellings.ts), and the people whose trade it is ("roof" → roofer; derivations.ts). They
 * are searched as one term. A generic word ("keep", "make", "call": query/generic.ts) carries
 * no topic, and neither do its people ("keeper", "maker", "caller").
 */
export function wordForms(word: string): string[] {
  const verb = verbForms(word);
  const own = verb.length > 1 ? verb : spellingVariants(word);
  const derived = GENERIC.has(word) ? [] : derivedForms(word).filter((d) => !own.includes(d));
  return derived.length > 0 ? [...own, ...derived] : own;
}

/**
 * The forms text matching can look for: snippets and lines match a word by its first letters,
 * so a form under 4 letters ("ran", "ate", "fav") would be found inside other words ("grand",
 * "great", "favour") and is left to the index. The query's own word always stays.
 */
export function textForms(word: string): string[] {
  return wordForms(word).filter((f, i) => i === 0 || f.length >= 4);
}
