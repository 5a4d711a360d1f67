/**
 * What a durable MEMORY.md line is, as pure checks: the same tests judge a source line (is
 * it worth showing the model?) and a model's answer (may it be proposed?). Junk that a
 * consolidation loop is known to promote is named here so a test can feed each kind: raw
 * transcript or candidate lines, shell and build commands, headings with no body, score
 * metadata, timestamp dumps, the engine's own reports, boilerplate.
 */

const STOP = new Set(
  (
    "the a an and or but if then than that this these those there their they them he she it its his her him we our us you your i me my mine " +
    "is are was were be been being am do does did done have has had having will would shall should can could may might must " +
    "of to in on at by for from with without about into onto over under after before between through during as so not no yes " +
    "all any each every some such very more most less least just also only too again still yet already ever never always " +
    "what which who whom whose when where why how here now there's it's that's i'm we're you're they're don't doesn't didn't " +
    "one two get got make made use used like well really"
  ).split(" "),
);

/** Lower-case content words (no stop words, 3+ letters, or any number), crudely stemmed. */
export function contentWords(text: string): string[] {
  const out: string[] = [];
  for (const m of text.normalize("NFKC").toLowerCase().matchAll(/[\p{L}\p{N}]+(?:['’.][\p{L}\p{N}]+)*/gu)) {
    const w = m[0].replace(/['’]s$/, "");
    if (STOP.has(w)) continue;
    if (/^\p{N}/u.test(w) || w.length >= 3) out.push(stem(w));
  }
  return out;
}

/** Enough stemming that "prefers" grounds "prefer" and "meetings" grounds "meeting". */
function stem(w: string): string {
  if (/^\p{N}/u.test(w) || w.length <= 4) return w;
  return w.replace(/(?:ies)$/, "y").replace(/(?:ing|ed|es|s)$/, "") || w;
}

/** Share of `line`'s content words found in `source` (1 when the line has none: it is judged elsewhere). */
export function groundedShare(line: string, source: string): number {
  const words = contentWords(line);
  if (words.length === 0) return 1;
  const src = new Set(contentWords(source));
  return words.filter((w) => src.has(w)).length / words.length;
}

/** Share of content words in common, of the smaller text (0..1): a cheap "same fact?" test. */
export function keywordOverlap(a: string, b: string): number {
  const x = new Set(contentWords(a));
  const y = new Set(contentWords(b));
  if (x.size === 0 || y.size === 0) return 0;
  let both = 0;
  for (const w of x) if (y.has(w)) both++;
  return both / Math.min(x.size, y.size);
}

/** Share of `a`'s content words that are in `b` (0..1): does `b` already say what `a` says? */
export function containment(a: string, b: string): number {
  const x = new Set(contentWords(a));
  if (x.size === 0) return 0;
  const y = new Set(contentWords(b));
  let both = 0;
  for (const w of x) if (y.has(w)) both++;
  return both / x.size;
}

/** A model's line as a person would write it: no bullet, number, quotes, bold or "Fact:" label. */
export function cleanLine(raw: string): string {
  let s = raw.trim();
  for (let i = 0; i < 3; i++) {
    s = s
      .replace(/^(?:[-*•+]\s+|\d{1,2}[.)]\s+)/, "")
      .replace(/^\*\*(.+?)\*\*:?\s*$/, "$1")
      .replace(/^\*\*(?:durable\s+)?fact\s*[:\-–]\s*\*\*\s*/i, "")
      .replace(/^\*\*?(?:durable\s+)?fact\*?\*?\s*[:\-–]\s*/i, "")
      .replace(/^(?:durable\s+)?fact\s*[:\-–]\s*/i, "")
      .replace(/^["“'`](.*)["”'`]$/, "$1")
      .trim();
  }
  return s.replace(/\*\*(.+?)\*\*/g, "$1").replace(/\s+/g, " ").trim();
}

const SHELL_WORDS =
  "npm npx pnpm yarn node deno bun git cd ls cat rm mv cp mkdir rmdir chmod chown sudo su apt apt-get brew dnf yum pacman pip pip3 python python3 " +
  "docker docker-compose kubectl helm make cmake cargo rustc go gcc tsc vitest jest pytest curl wget ssh scp rsync systemctl journalctl " +
  "export echo grep sed awk find tar unzip ollama agent openclaw";
const SHELL = new Set(SHELL_WORDS.split(" "));

const ROLE = /^(?:candidate|user|system|assistant|human|ai|tool|bot|model|agent)\s*:/i;
/** Transport and pipeline metadata chat bridges and memory pipelines wrap messages in. */
const METADATA = /\b(?:untrusted metadata|conversation info|message_id|sender_id|chat_id|thread_id|confidence\s*:\s*[\d.]|evidence\s*:|status\s*:\s*(?:staged|promoted|pending))/i;
const TIMESTAMP = /\[?\d{4}-\d{2}-\d{2}[ T]\d{1,2}:\d{2}(?::\d{2})?/;
const SCORE = /\b(?:score|recalls?|relevance|cosine|bm25|similarity|confidence|weight)\s*[=:]\s*-?\d/i;
const ENGINE =
  /\b(?:SOUL\.md|MEMORY\.md|SOUL\.proposed\.md|HEARTBEAT\.md|nightly reflection|evolution report|dream(?:ing)? (?:report|diary|phase)|DREAMS\.md|notes before compaction|agent (?:dream|reflect|soul|flush|evolve)|light sleep|rem phase|deep phase)\b/i;
const BOILERPLATE =
  /^(?:sure|okay|ok|certainly|of course|here(?:'s| is| are)|i hope|let me know|as an ai|i cannot|i can't|i'm sorry|note:|explanation:|summary:|in summary|this (?:fact|line|is a durable)|the (?:durable )?fact is)\b/i;
const TEMPLATE =
  /^(?:curated long-term facts|keep it short and current|move detail to daily notes|the things worth knowing in every session|todo:?$|tbd\.?$|n\/a\.?$|lorem ipsum)/i;

/** What names a secret, and a value given for it ("the wifi password for the cabin is X", "api key: X"). */
const SECRET_NAME = String.raw`(?:password|passwd|passcode|passphrase|pin(?:\s+code)?|api[\s_-]?keys?|secret(?:\s+key)?|access[\s_-]?token|auth(?:entication)?\s+token|bearer\s+token|token|private\s+key|ssh\s+key|(?:[\w-]+\s+)?key|credit\s+card(?:\s+number)?|card\s+number|cvv|iban|social\s+security\s+number|ssn|login)`;
const SECRET_GIVEN = new RegExp(String.raw`\b${SECRET_NAME}(?:\s+(?:for|of|to|on)\s+(?:the\s+|my\s+|our\s+|his\s+|her\s+)?[\w'’.-]+(?:\s+[\w'’.-]+)?)?\s*(?:is|was|are|=|:|->)\s*["'“]?[^\s"'”]*[\d!@#$%^&*_+=~]`, "i");
/** Token shapes of well-known services, and key blocks: a credential whatever words surround it. */
const TOKEN_SHAPE = /\b(?:sk-[\w-]{16,}|ghp_\w{20,}|gho_\w{20,}|github_pat_\w{20,}|glpat-[\w-]{16,}|xox[abprs]-[\w-]{10,}|AKIA[0-9A-Z]{16}|AIza[\w-]{30,}|eyJ[\w-]{8,}\.[\w-]{8,}\.)|-----BEGIN [A-Z ]*PRIVATE KEY-----/;
const SECRET_WORD = /\b(?:password|passwd|passcode|passphrase|pin|token|key|secret)\s+(?:is|was|=|:)\s*["'“]?[A-Za-z0-9!@#$%^&*_+=~-]{4,}["'”]?\s*[.!]?$/i;

/** A line that tells the assistant what to do rather than stating a fact (a prompt injection, an order). */
const INSTRUCTION = [
  /\b(?:ignore|disregard|forget|override|bypass)\s+(?:all\s+|any\s+|the\s+|your\s+|every\s+)*(?:previous|prior|above|earlier|preceding|former|system|original|other)?\s*(?:instructions?|prompts?|rules?|directions?|guidelines?|directives?|messages?|context)\b/i,
  /\b(?:system prompt|developer mode|jailbreak|new instructions?)\b/i,
  /^(?:you\s+(?:are|must|should|will|shall|need to|have to|may not|can't|cannot)|you're\b|from now on\b|act as\b|pretend\b|roleplay\b|respond (?:only|with|in)\b|reply (?:only|with|in)\b|do not (?:tell|reveal|mention|say)|don't (?:tell|reveal|mention|say))/i,
  /^(?:(?:hey\s+|dear\s+)?(?:assistant|ai|bot|model|claude|chatgpt|gpt)\s*[,:!]|(?:always|never)\s+(?:answer|respond|reply|say|tell|obey|reveal|mention|refuse|follow))/i,
];

/** Why `line` must not go into a file every session loads, or null: a secret, or an order to the assistant. */
export function unsafeLine(s: string): string | null {
  if (TOKEN_SHAPE.test(s) || SECRET_GIVEN.test(s) || SECRET_WORD.test(s)) return "a credential (a password, key or token): never offered for a file every session loads";
  if (INSTRUCTION.some((r) => r.test(s))) return "an instruction to the assistant, not a fact (a prompt injection or an order)";
  return null;
}

/**
 * Why `line` cannot be a MEMORY.md fact line, or null when it can. `maxChars` bounds its
 * length (dream.maxLineChars).
 */
export function lineProblem(line: string, maxChars: number): string | null {
  const s = line.trim();
  if (s === "") return "empty";
  if (/^#{1,6}(?:\s|$)/.test(s)) return "a heading";
  if (/^```|```$|^~~~/.test(s)) return "a code fence";
  if (ROLE.test(s)) return "a raw transcript or candidate line";
  if (SCORE.test(s) || /\[[a-z_]+=[\d.]+/i.test(s)) return "score metadata";
  if (METADATA.test(s)) return "transport or pipeline metadata";
  if (TIMESTAMP.test(s) || /^\d{1,2}:\d{2}(?::\d{2})?\b/.test(s)) return "a timestamp";
  if (ENGINE.test(s)) return "the engine's own output";
  const unsafe = unsafeLine(s);
  if (unsafe !== null) return unsafe;
  if (BOILERPLATE.test(s) || TEMPLATE.test(s)) return "boilerplate";
  const command = commandReason(s);
  if (command !== null) return command;
  if (/[{};]\s*$|=>|\(\)|^\s*(?:const|let|var|function|import|export|def|class|return)\b|<\/?[a-z]+>/.test(s)) return "code";
  if (s.length > maxChars) return `longer than ${maxChars} characters`;
  if (/:\s*$/.test(s)) return "a label with no body";
  const words = s.match(/[\p{L}]{2,}/gu) ?? [];
  if (words.length < 4) return "not a sentence (fewer than four words)";
  const letters = (s.match(/\p{L}/gu) ?? []).length;
  if (letters < s.replace(/\s/g, "").length * 0.6) return "mostly numbers or symbols, not a sentence";
  return null;
}

function commandReason(s: string): string | null {
  if (/^(?:\$|>|#!|PS>|C:\\)\s?/.test(s)) return "a shell command";
  if (/^`[^`]+`$/.test(s)) return "a command or code in backticks";
  if (/\s(?:&&|\|\||\|)\s|\s--?[a-z][\w-]*(?:=\S+)?(?:\s|$)|(?:^|\s)\.{0,2}\/[\w.-]+\/[\w./-]+/.test(s) && !/[.!?]$/.test(s)) return "a shell command";
  const first = s.split(/\s+/)[0]!.toLowerCase();
  if (SHELL.has(first) && !/^[A-Z]/.test(s)) return "a shell command";
  if (SHELL.has(first) && s.split(/\s+/).length <= 6 && !/[.!?]$/.test(s)) return "a shell command";
  return null;
}
