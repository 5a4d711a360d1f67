/**
 * What names a value when it opens a clause or sits in a list after a label.
 *
 * A bracketed aside inside the words before a value is said in passing, not a new clause:
 * "Pet courier for Miso (Bristol to Utrecht, door to door) quoted £690", "BES talk (Liverpool,
 * 11 December): 15 minutes": the words outside the brackets name the value, so the aside is
 * left out before the clause is cut at its commas.
 *
 * A "label: a, b, c" record names every item of its list: "Oudegracht flat: two bedrooms, 62 m²,
 * third floor": the 62 m² is the flat's, though "two bedrooms" stands right before it. Pure.
 */

/** The text with each closed bracketed aside blanked to a space, and an aside left open at its end dropped. */
export function withoutAsides(text: string): string {
  return text.replace(/\([^()]*\)/g, " ").replace(/\([^()]*$/, " ");
}

/** The words of a record's label that every value of its list is of, or none when the sentence is no record. */
export function labelWords(st: { keyValue?: { key: readonly string[] } }): readonly string[] {
  return st.keyValue?.key ?? [];
}
