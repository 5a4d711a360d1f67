/**
 * E-mail and street addresses as values: "onboarding-geo@uu.nl", "9 Cliff Road", "Oudegracht
 * 218". Like a phone number, each names its own kind, so what it is of is whose it is or what
 * it is for ("the landlord's e-mail", "our address from 1 November"), not the words next to
 * it; and like one, a second address is as often another place or account beside the first
 * as a new one, so it replaces an earlier one only when the newer sentence says something
 * changed ("new address", "use … from now on"). Pure.
 */

/** A value kind that names its own slot: whose it is decides, its kind's words say nothing more. */
export const OWN_KIND: ReadonlySet<string> = new Set(["phone", "email", "address"]);

/** Words that only repeat what an e-mail or street address is ("email", "address", "contact"). */
export const ADDRESS_WORDS: ReadonlySet<string> = new Set(["email", "mail", "address", "contact", "inbox", "write", "send", "street", "road", "postcod", "zip"]);

/** name@example.co.uk */
export const EMAIL = /(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b/g;

/** Street words written after the name: "9 Cliff Road", "221B Baker Street". */
const AFTER = "Street|St|Road|Rd|Lane|Ln|Avenue|Ave|Close|Drive|Way|Place|Terrace|Crescent|Gardens|Square|Court|Grove|Hill|Row|Walk|Mews|Parade|Boulevard|Blvd";
/** Street words written into the name, the number after it: "Oudegracht 218", "Hauptstraße 5", "Vesterbrogade 12". */
const GLUED = "straat|gracht|weg|laan|plein|kade|singel|dijk|straße|strasse|gasse|allee|platz|ring|gade|vej|gatan|vägen|veien";
export const STREET = new RegExp(String.raw`\b\d{1,4}[A-Za-z]?,?\s(?:[A-Z][\p{L}'’-]+\s){1,3}(?:${AFTER})\b|\b[A-Z][\p{L}-]*(?:${GLUED})\s\d{1,4}(?:[a-z]\b|-[\p{L}]+)?`, "gu");

/** The comparable form of an address: lower case, single spaces, no trailing comma. */
export const addressNorm = (text: string): string => text.toLowerCase().replace(/,/g, "").replace(/\s+/g, " ").trim();
