/**
 * "How much did the laptop repair cost" is answered by the line that gives the price ("Repair
 * shop called, its the fan. 85 euro, ready thursday"), not by the day the laptop went in for
 * repair, which shares as many of the question's words. Among the notes that share them, the
 * one whose matching line also states an amount of money is the likelier answer, as a
 * question asking when prefers the line stating a time (dates/when.ts).
 *
 * Pure: the caller hands in the question, or a chunk's text and the forms of its terms.
 */

/**
 * Questions that ask for an amount of money: "how much …" (not "how much time/longer"), and
 * the price words ("what did the boiler cost", "whats the price of …", "how much do I pay").
 */
const ASKS_AMOUNT = /\bhow\s+much\b(?!\s+(?:time|longer|later|earlier|older|younger|further|farther)\b)|\b(?:cost|costs|costing|price|prices|priced|paid|pay|pays|charge|charged|fee|fees)\b/i;

export function asksAmount(query: string): boolean {
  return ASKS_AMOUNT.test(query);
}

const CURRENCY_SIGN = "[$£€¥₹₩₽₺]";
const CURRENCY_WORD = "(?:euros?|eur|usd|gbp|chf|dollars?|bucks|pounds?|quid|p|pence|cents?|kr|sek|nok|dkk|zl|pln|lei|ron|huf|czk|yen|rupees?|rs|k)";
/**
 * An amount of money as people write it in a note: a currency sign beside a number ("£180",
 * "12€"), a number and a currency word ("85 euro", "86 quid", "2.5k"), a number with thousands
 * separators ("1,386") or with pence or cents ("306.80"; "8.40" alone reads as a time and is
 * left out unless marked), and a bare number of three to five digits that is not a year and
 * names no unit after it ("2 bed, 980, top floor": a price; "200 pages", "2019" are not).
 */
const AMOUNT = new RegExp(
  [
    `${CURRENCY_SIGN}\\s?\\d`,
    `\\d(?:[\\d.,]*\\d)?\\s?${CURRENCY_SIGN}`,
    `\\b\\d+(?:[.,]\\d+)?\\s?${CURRENCY_WORD}\\b`,
    `\\b\\d{1,3}(?:,\\d{3})+(?:\\.\\d{2})?\\b`,
    `\\b\\d{3,}\\.\\d{2}\\b`,
    `(?<![\\d.,:/-])\\b(?!(?:19|20)\\d{2}\\b)\\d{3,5}\\b(?![.,:/-]?\\d)(?!\\s*(?:[a-z%°]|x\\b))`,
  ].join("|"),
  "i",
);

export function statesAmount(line: string): boolean {
  return AMOUNT.test(line);
}

/**
 * Whether a line of `text` that contains one of the query's words (by any of its forms, matched
 * by their first letters as snippets match them) also states an amount. Lines, not sentences:
 * a note gives the price a sentence after naming the thing ("Repair shop called. 85 euro").
 */
export function statesAmountWhereItMatches(text: string, forms: readonly (readonly string[])[]): boolean {
  return someLineWhereItMatches(text, forms, statesAmount);
}

/** Whether a line of `text` holding one of the query's words (as statesAmountWhereItMatches reads them) passes `test`. */
export function someLineWhereItMatches(text: string, forms: readonly (readonly string[])[], test: (line: string) => boolean): boolean {
  const prefixes = forms.map((fs) => fs.map((f) => f.toLowerCase().slice(0, Math.max(4, Math.min(f.length, 6)))));
  for (const line of text.split("\n")) {
    if (!test(line)) continue;
    const lower = line.toLowerCase();
    if (prefixes.some((ps) => ps.some((p) => lower.includes(p)))) return true;
  }
  return false;
}
