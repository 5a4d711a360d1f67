/**
 * A secret in SOUL.md reaches the model as its placeholder (every request is redacted before
 * it is sent), so the model's SOUL holds `[redacted: …]` where the person's text held a key,
 * or drops that line. Neither may reach SOUL.md: the placeholder would stand in the file in
 * place of what the person wrote, and the key would be lost by a model that never saw it.
 * A line the model kept as it was shown is put back as written; a line it rewrote around the
 * placeholder, or dropped, refuses the new SOUL (SOUL.md is kept, the run says why).
 */
import { redactNote } from "../../shared/redact.js";

const PLACEHOLDER = /\[redacted: [^\]\n]+\]/;

export type SecretsKept = { ok: true; text: string; restored: number } | { ok: false; reason: string };

/** `base`'s lines that hold a secret, each with the line the model was shown in its place. */
function secretLines(base: string): { raw: string; shown: string; line: number }[] {
  const raw = base.split("\n");
  // Redacted whole, lines kept: a key block spanning lines is shown as its placeholder and blank lines.
  const shown = redactNote(base).split("\n");
  return raw.flatMap((l, i) => (shown[i] !== undefined && shown[i] !== l ? [{ raw: l, shown: shown[i]!, line: i + 1 }] : []));
}

/** The model's SOUL with the person's secret-holding lines back as written, or why it is refused. */
export function keepSoulSecrets(base: string, drafted: string): SecretsKept {
  const secrets = secretLines(base);
  if (secrets.length === 0) return { ok: true, text: drafted, restored: 0 };
  const waiting = new Map<string, string[]>();
  // A key block's later lines are shown blank: a blank line of the model's is never one of them.
  for (const s of secrets.filter((x) => x.shown.trim() !== "")) waiting.set(s.shown, [...(waiting.get(s.shown) ?? []), s.raw]);
  const own = new Set(base.split("\n"));
  let restored = 0;
  const lines = drafted.split("\n").map((l) => {
    const raw = own.has(l) ? undefined : waiting.get(l)?.shift();
    if (raw === undefined) return l;
    restored++;
    return raw;
  });
  const stray = lines.findIndex((l) => PLACEHOLDER.test(l) && !own.has(l));
  if (stray >= 0) {
    return { ok: false, reason: `the new SOUL rewrote a line of SOUL.md that holds a secret (the model only saw "${lines[stray]!.trim()}"), so the placeholder would replace what you wrote; kept the existing SOUL.md — move the secret out of SOUL.md, or lock its section` };
  }
  const present = new Set(lines);
  // Every line of a key block counts: one put back without the rest would be a broken key.
  const lost = secrets.filter((s) => !present.has(s.raw));
  if (lost.length > 0) {
    return { ok: false, reason: `the new SOUL drops line${lost.length > 1 ? "s" : ""} ${lost.map((s) => s.line).join(", ")} of SOUL.md, which hold${lost.length > 1 ? "" : "s"} a secret the model never saw; kept the existing SOUL.md — move the secret out of SOUL.md, or lock its section` };
  }
  return { ok: true, text: lines.join("\n"), restored };
}
