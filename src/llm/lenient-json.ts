/**
 * Reading the JSON object small local models (1-3 B parameters) actually write when asked for
 * JSON: wrapped in a ``` fence, followed or preceded by prose, with single quotes, Python's
 * True/False/None, trailing commas, or the last closing braces missing. Pure; never throws.
 *
 * What is repaired is only what cannot change the meaning: quoting, literals, trailing commas
 * and closers after a value that is complete. A reply cut off inside a string is not repaired
 * (the text would end mid-sentence), and says so.
 */

export type LenientJson =
  | { ok: true; value: unknown; repairs: string[] }
  | { ok: false; reason: string };

export function parseLenientJson(text: string): LenientJson {
  const direct = tryParse(text.trim());
  if (direct.ok) return { ok: true, value: direct.value, repairs: [] };
  const repairs: string[] = [];
  let body = text;
  const fence = /```[ \t]*(?:json|JSON|javascript|js)?[ \t]*\r?\n?([\s\S]*?)(?:```|$)/.exec(text);
  if (fence && fence[1]!.includes("{")) {
    body = fence[1]!;
    repairs.push("took the JSON out of a code fence");
  }
  const start = body.indexOf("{");
  if (start < 0) return { ok: false, reason: "no JSON object in the reply" };
  if (body.slice(0, start).trim() !== "" && !repairs.length) repairs.push("ignored text before the JSON");
  const scanned = scanObject(body, start);
  if (scanned.kind === "in-string") return { ok: false, reason: "the reply was cut off inside a JSON string" };
  let candidate = scanned.text;
  if (scanned.kind === "complete" && body.slice(scanned.end).trim() !== "") repairs.push("ignored text after the JSON");
  if (scanned.kind === "unclosed") {
    candidate = candidate.replace(/[\s,]*$/, "") + scanned.closers;
    repairs.push(`added the missing closing ${scanned.closers.length === 1 ? "bracket" : "brackets"} "${scanned.closers}"`);
  }
  const first = tryParse(candidate);
  if (first.ok) return { ok: true, value: first.value, repairs };
  const normalised = normaliseTokens(candidate);
  const second = tryParse(normalised.text);
  if (second.ok) return { ok: true, value: second.value, repairs: [...repairs, ...normalised.repairs] };
  return { ok: false, reason: `the JSON does not parse (${first.error})` };
}

function tryParse(s: string): { ok: true; value: unknown } | { ok: false; error: string } {
  try {
    return { ok: true, value: JSON.parse(s) as unknown };
  } catch (e) {
    return { ok: false, error: e instanceof Error ? e.message : String(e) };
  }
}

type Scan =
  | { kind: "complete"; text: string; end: number }
  | { kind: "unclosed"; text: string; closers: string }
  | { kind: "in-string" };

/** From the "{" at `start` to its matching "}", aware of "…" and '…' strings. */
function scanObject(text: string, start: number): Scan {
  const stack: string[] = [];
  let quote: string | null = null;
  for (let i = start; i < text.length; i++) {
    const c = text[i]!;
    if (quote !== null) {
      if (c === "\\") i++;
      else if (c === quote && (quote === '"' || closesSingle(text, i))) quote = null;
      continue;
    }
    if (c === '"') quote = '"';
    else if (c === "'" && opensSingle(text, i)) quote = "'";
    else if (c === "{") stack.push("}");
    else if (c === "[") stack.push("]");
    else if (c === "}" || c === "]") {
      stack.pop();
      if (stack.length === 0) return { kind: "complete", text: text.slice(start, i + 1), end: i + 1 };
    }
  }
  if (quote !== null) return { kind: "in-string" };
  return { kind: "unclosed", text: text.slice(start).replace(/```[\s\S]*$/, ""), closers: stack.reverse().join("") };
}

/** A ' opens a string only where a JSON value or key may start. */
function opensSingle(text: string, i: number): boolean {
  const before = text.slice(0, i).replace(/\s+$/, "");
  return /[{[,:]$/.test(before);
}

/** A ' closes a string only when followed by what may follow a value or key ("don't" does not). */
function closesSingle(text: string, i: number): boolean {
  return /^\s*(?:[,:}\]]|$)/.test(text.slice(i + 1));
}

/** Single-quoted strings to JSON strings, True/False/None, trailing commas. */
function normaliseTokens(text: string): { text: string; repairs: string[] } {
  const repairs = new Set<string>();
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j;
      continue;
    }
    if (c === "'" && opensSingle(text, i)) {
      let j = i + 1;
      let s = "";
      while (j < text.length && !(text[j] === "'" && closesSingle(text, j))) {
        if (text[j] === "\\" && j + 1 < text.length) {
          s += text[j + 1] === "'" ? "'" : text.slice(j, j + 2);
          j += 2;
        } else {
          s += text[j];
          j++;
        }
      }
      // Re-escape as JSON, keeping escapes the model wrote (\n, \").
      out += `"${s.replace(/(^|[^\\])"/g, '$1\\"').replace(/\n/g, "\\n")}"`;
      repairs.add("read single-quoted strings");
      i = j;
      continue;
    }
    const word = /^(True|False|None)\b/.exec(text.slice(i));
    if (word && !/[\w$]$/.test(out)) {
      out += word[1] === "True" ? "true" : word[1] === "False" ? "false" : "null";
      repairs.add("read True/False/None");
      i += word[1]!.length - 1;
      continue;
    }
    if (c === ",") {
      const rest = /^\s*[}\]]/.exec(text.slice(i + 1));
      if (rest) {
        repairs.add("dropped trailing commas");
        continue;
      }
    }
    out += c;
  }
  return { text: out, repairs: [...repairs] };
}
