/**
 * A message the person copies into their notes from whoever sent it ("Email from Saoirse at the
 * venue: "guests will now be arriving at 12:30"", "Text from the landlord: "…"") is news they
 * were given about their own affairs, not somebody's saying to keep apart: its quoted words are
 * read as said (statement-mood.ts's unquoted keeps them), so a time or a
 * price in it can replace the one written before. Other quotes stay blanked. Pure.
 */

/** What a message is sent as. */
const MESSAGE = String.raw`(?:e-?mail|text|message|msg|letter|voicemail|whatsapp|note|reply|update)`;

/**
 * "Email from Saoirse at Wymondham Barn:" right before the opening quote: the message copied in
 * whole, as a record. "Anna texted "…" but …" is a saying the sentence goes on to weigh: kept apart.
 */
const SENT = new RegExp(String.raw`\b${MESSAGE}\s+from\s+[^"“”:]{1,60}:\s*$`, "iu");

/** Whether the quote opening at `at` in `line` is a message the person was sent. */
export function reportedMessage(line: string, at: number): boolean {
  return SENT.test(line.slice(Math.max(0, at - 90), at));
}
