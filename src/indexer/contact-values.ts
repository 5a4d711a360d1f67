/**
 * Where a thing or a person is reached: an e-mail address, an IP address, a street address. Each
 * names its own slot by its kind (like a phone number), so what decides whether two of them are
 * one slot is whose or what's they are: "invoices go to accounts@…" and later "send them to
 * maya@…"; "mix laptop: 192.168.1.40" and "mix laptop is on 192.168.1.52 now"; "billing address:
 * 22 Mill Lane, Sheffield" and "the billing address is Unit 4, Canal Wharf, Leeds". Read by
 * statements.ts as value kinds; supersede.ts compares them by their owner's words. Pure.
 */

export type ContactType = "email" | "ip" | "address";

/** name@host.tld */
export const EMAIL = /(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}(?![\p{L}\p{N}])/gu;

/** Four numbers of 0-255 joined by dots: an IPv4 address. */
export const IPV4 = /(?<![\d.])(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)(?![\d.]*\d)/g;

/** The words streets end in. */
const STREET = "(?:Road|Rd|Lane|Ln|Street|St|Avenue|Ave|Close|Drive|Dr|Way|Place|Pl|Terrace|Crescent|Cres|Grove|Court|Ct|Wharf|Quay|Yard|Square|Sq|Gardens|Row|Hill|Mews|Parade|Walk|Embankment|Boulevard|Blvd)";
/** A UK postcode ("LS11 5PS", "S3 8GG") or a US ZIP code. */
const POSTCODE = "(?:[A-Z]{1,2}\\d[A-Z\\d]? ?\\d[A-Z]{2}|\\d{5}(?:-\\d{4})?)";
/** A flat, unit or suite before the street ("Flat 3, ", "Unit 4, "). */
const PART = "(?:(?:Flat|Unit|Apt|Apartment|Suite) [\\dA-Z]+[A-Za-z]?,? )";
/** A capitalised word of a street's or a town's name. */
const NAME = "[A-Z][\\p{L}'’-]+";

/**
 * A street address: a house number or a flat before a street's name and its street word, the
 * town and postcode after it when given ("22 Mill Lane, Sheffield S3 8GG", "Unit 4, Canal Wharf,
 * Leeds LS11 5PS", "9 Cliff Road"). A street named with no number, flat or postcode is a place,
 * not an address ("the Mill Lane studio").
 */
export const STREET_ADDRESS = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${PART}?\\d{1,4}[A-Za-z]? (?:${NAME} ){1,3}${STREET}|${PART}(?:\\d{1,4}[A-Za-z]? )?(?:${NAME} ){1,3}${STREET})\\b(?:,? (?:${NAME} ){0,2}${NAME})?(?:,? ${POSTCODE})?(?![\\p{L}\\p{N}])`,
  "gu",
);

/** Street words written into the name, the number after it: "Oudegracht 218", "Hauptstraße 5", "Vesterbrogade 12". */
const GLUED = "straat|gracht|weg|laan|plein|kade|singel|dijk|straße|strasse|gasse|allee|platz|ring|gade|vej|gatan|vägen|veien";
/** A street address written the continental way, the number after the street's one-word name. */
export const GLUED_ADDRESS = new RegExp(String.raw`\b[A-Z][\p{L}-]*(?:${GLUED})\s\d{1,4}(?:[a-z]\b|-[\p{L}]+)?`, "gu");

/** The comparable form of a contact value: lower case, letters and digits only for an address. */
export function contactNorm(type: ContactType, text: string): string {
  const t = text.toLowerCase();
  return type === "address" ? t.replace(/[^\p{L}\p{N}]+/gu, " ").trim() : t;
}

/** Words that only say what kind of contact a value is ("email", "address", "IP"): its kind, not whose it is. */
export const CONTACT_WORDS: ReadonlySet<string> = new Set(["email", "mail", "address", "addr", "contact", "send", "sent", "ip", "host", "network", "live", "living", "inbox", "write", "street", "road", "postcod", "zip"]);

/** The kind words a newer statement names its contact value by, without a change word: "the billing address is …". */
export const KIND_WORD: Readonly<Record<ContactType, string>> = { email: "email", ip: "ip", address: "address" };

/** Whether a value is a contact value (e-mail, IP or street address). */
export const isContact = (v: { type: string }): boolean => v.type === "email" || v.type === "ip" || v.type === "address";

/**
 * A contact value said anew with no word of change replaces another only when the newer names
 * its kind next to it ("the billing address is …", "email: …"): a second address or e-mail named
 * otherwise is as often another place or another inbox of the same person.
 */
export const kindNamed = (v: { type: string; near: readonly string[] }): boolean => isContact(v) && v.near.includes(KIND_WORD[v.type as ContactType]);
