/**
 * Secrets out of captured text, before anything is written or indexed. Pure: text in, text
 * out, the rules are data (REDACTION_RULES) so a test can walk them and a new shape is one row.
 *
 * Where the rules come from. The token shapes are ported from gitleaks' published rule set
 * (github.com/gitleaks/gitleaks, config/gitleaks.toml, MIT licence, Copyright (c) 2019 Zachary
 * Rice): ids `openai-api-key`, `anthropic-api-key`, `github-pat`, `github-oauth`,
 * `github-app-token`, `github-refresh-token`, `github-fine-grained-pat`, `aws-access-token`,
 * `slack-*-token`, `slack-webhook-url`, `jwt`, `private-key`, `stripe-access-token`,
 * `gcp-api-key`, `gitlab-pat`, `npm-access-token`, `huggingface-access-token`. The credential
 * in a URL follows detect-secrets' BasicAuthDetector and the key/password assignments its
 * KeywordDetector (github.com/Yelp/detect-secrets, Apache-2.0).
 * What is changed from them, and why: gitleaks matches exact lengths and checksums (an OpenAI
 * key must hold `T3BlbkFJ`, a GitHub token exactly 36 characters) to keep a scanner of whole
 * repositories quiet; here a missed key is the costly mistake (it is injected into other
 * prompts), so the distinctive prefixes match from a shorter tail. secretlint's recommended
 * preset (measured in STACK.md) misses short and cut keys for the same reason, and costs
 * 17 ms a turn on the prompt hook's path, so it is not used.
 *
 * A placeholder keeps the shape: `[redacted: openai key]`, and for an assignment the name
 * stays (`password=[redacted: password]`), so the sentence still reads. Redaction is
 * idempotent: no placeholder matches any rule.
 */

export interface RedactionRule {
  /** Stable id (gitleaks' where the shape is theirs). */
  id: string;
  /** What the placeholder says: `[redacted: <label>]`. */
  label: string;
  /**
   * Global pattern. A named group `secret` marks the part to replace (the rest of the match
   * stays, e.g. the `password=` before it); without one the whole match is replaced.
   */
  pattern: RegExp;
  /**
   * A cheap test any text the pattern matches also passes (not global): a text that fails it
   * is not scanned with the pattern. For the patterns that try a match at every word (the
   * assignments, the URL credential), most of the cost of reading a long note.
   */
  hint?: RegExp;
  /**
   * A last test on the secret as matched (with its quotes, if any): false keeps the match as it
   * was. For the generic names (`token`, `secret`), whose values are as often words as credentials.
   */
  accept?: (secret: string) => boolean;
}

/** A value that is a reference, not a secret: `$VAR`, `${VAR}`, `<your key>`, an earlier placeholder. */
const NOT_A_VALUE = /^(?:\$|<|\[redacted|\*{3,}|x{4,}$|\.{3}|…|(?:YOUR|PASTE|INSERT|REPLACE)[-_A-Z])/;

/**
 * The same names as JSON and JavaScript configs spell them (`"apiKey"`, `accessToken`,
 * `openaiApiKey`, `clientSecret`): OpenCode's, OpenClaw's and most SDKs' provider settings hold
 * the key under `apiKey`, and a config pasted to an assistant is a common way a key is typed;
 * and as an HTTP header names it (`x-api-key: …`, in the curl line an assistant runs).
 */
const CAMEL_SECRET_NAME = String.raw`(?:[Xx]-)?(?:api|Api|API)-(?:key|Key|KEY)|(?:[a-z][A-Za-z0-9]*?)?(?:(?:api|Api|API)Key|(?:access|Access|auth|Auth|refresh|Refresh|bot|Bot|id|Id)Token|(?:client|Client|app|App)Secret|(?:secret|Secret|private|Private)Key)`;

/** Names of settings that hold a secret (`OPENAI_API_KEY`, `github_token`, `client_secret`, `DB_PASSWORD`). */
const SECRET_NAME = String.raw`[A-Z][A-Z0-9_]*?(?:_KEY|_TOKEN|_SECRET|_PASSWORD|_PASSWD|_PASS|_PAT|_CREDENTIALS?)|API_?KEY|SECRET|TOKEN|[a-z0-9_]*?(?:api_?key|access_?token|auth_?token|refresh_?token|bot_?token|client_?secret|app_?secret|secret_?key|private_?key)|${CAMEL_SECRET_NAME}`;

/**
 * An unquoted value that looks like a credential, not code: a digit or a sign in it, no call or
 * index (`data.get('x')`, `os.environ[…]`), not a constant (`True`, `None`).
 */
const BARE_VALUE = String.raw`(?![A-Za-z_][\w.]*[([])(?!(?:True|False|None|null|true|false|undefined)\b)(?=[^\s"'\x60,;)]*[0-9!@#$%^&*+=?~-])[^\s"'\x60,;()[\]{}]{4,}`;

/** Shannon entropy of a string, in bits per character. */
export function entropyBits(s: string): number {
  const counts = new Map<string, number>();
  for (const c of s) counts.set(c, (counts.get(c) ?? 0) + 1);
  let h = 0;
  for (const n of counts.values()) h -= (n / s.length) * Math.log2(n / s.length);
  return h;
}

/**
 * A value under a generic name that is a credential, not a word: gitleaks' generic-api-key
 * test (10+ characters of the token alphabet, entropy of at least 3.5 bits a character, which
 * ordinary words and version numbers stay under), and a digit and a letter in it.
 */
export function looksGenerated(value: string): boolean {
  return /^[A-Za-z0-9_.~+/=-]{10,}$/.test(value) && /[0-9]/.test(value) && /[A-Za-z]/.test(value) && entropyBits(value) >= 3.5;
}

/**
 * A generic name's value that is a credential: quoted (a JSON or a config value) one word of
 * 8+ characters with a digit in it; bare (prose could follow the colon) only a generated-looking one.
 */
function genericSecretValue(secret: string): boolean {
  const quoted = /^(["']).*\1$/.test(secret);
  return quoted ? /^\S{8,}$/.test(secret.slice(1, -1)) && /[0-9]/.test(secret) : looksGenerated(secret);
}

/**
 * The generic names of gitleaks' generic-api-key rule that the names above leave out, in any
 * case and spelling: `token`, `secret`, `auth`, each alone or ending a longer name
 * (`session_token`, `webhook-secret`, `sessionToken`, `x-auth`). Plurals are another word
 * (`max_tokens` is a count).
 */
const GENERIC_SECRET_NAME = String.raw`(?:[A-Za-z0-9]+[_.-]|[a-z][A-Za-z0-9]*(?=[A-Z]))*(?:[Tt]oken|TOKEN|[Ss]ecret|SECRET|[Aa]uth|AUTH|[Ss]ig(?:nature)?|SIG(?:NATURE)?)`;

export const REDACTION_RULES: readonly RedactionRule[] = [
  // The person's own mark: everything between the tags (an unclosed tag runs to the end).
  { id: "private-span", label: "private", pattern: /<private>[\s\S]*?(?:<\/private>|$)/gi, hint: /<private>/i },
  // gitleaks private-key; a block cut before its END line still loses its body.
  {
    id: "private-key",
    label: "private key",
    pattern: /-----BEGIN[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----(?:[\s\S]*?-----END[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----|[A-Za-z0-9+/=\s\\]*)/g,
  },
  { id: "anthropic-api-key", label: "anthropic key", pattern: /\bsk-ant-[A-Za-z0-9_-]{8,}/g },
  { id: "openai-api-key", label: "openai key", pattern: /\bsk-(?:proj|svcacct|admin|None)-[A-Za-z0-9_-]{8,}|\bsk-[A-Za-z0-9]{20,}(?:T3BlbkFJ[A-Za-z0-9]*)?/g },
  // Keys of the hosted model routers people point their assistants at, by the prefixes the
  // providers publish: OpenRouter (`sk-or-v1-…`, which the OpenAI shape misses at its second
  // dash), Groq (`gsk_…`), xAI (`xai-…`), Perplexity (`pplx-…`), Replicate (`r8_…`).
  { id: "model-router-key", label: "api key", pattern: /\bsk-or-(?:v\d+-)?[A-Za-z0-9]{16,}|\bgsk_[A-Za-z0-9]{20,}|\bxai-[A-Za-z0-9]{20,}|\bpplx-[A-Za-z0-9]{20,}|\br8_[A-Za-z0-9]{20,}/g },
  // The chat bots OpenClaw's channels run on, whose token a person pastes while setting one up:
  // gitleaks telegram-bot-api-token (`123456789:AA…`, any context here) and discord's bot token
  // (three dot-separated parts, the first its base64 user id).
  { id: "telegram-bot-api-token", label: "telegram bot token", pattern: /\b\d{5,16}:A[A-Za-z0-9_-]{32,34}(?![A-Za-z0-9_-])/g },
  { id: "discord-bot-token", label: "discord bot token", pattern: /\b[MNO][A-Za-z0-9_-]{23,27}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27,40}(?![A-Za-z0-9_-])/g },
  { id: "github-fine-grained-pat", label: "github token", pattern: /\bgithub_pat_[A-Za-z0-9_]{20,}/g },
  { id: "github-token", label: "github token", pattern: /\bgh[pousr]_[A-Za-z0-9]{20,}/g },
  { id: "gitlab-pat", label: "gitlab token", pattern: /\bglpat-[A-Za-z0-9_-]{20,}/g },
  { id: "aws-access-token", label: "aws access key", pattern: /\b(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}\b/g },
  { id: "slack-token", label: "slack token", pattern: /\bxox[abposre]-[A-Za-z0-9-]{10,}|\bxapp-\d-[A-Za-z0-9-]{10,}/g },
  { id: "slack-webhook-url", label: "slack webhook", pattern: /https?:\/\/hooks\.slack\.com\/(?:services|workflows|triggers)\/[A-Za-z0-9+/_-]{20,}/g },
  { id: "stripe-access-token", label: "stripe key", pattern: /\b(?:sk|rk)_(?:test|live|prod)_[A-Za-z0-9]{10,99}\b/g },
  { id: "gcp-api-key", label: "google api key", pattern: /\bAIza[A-Za-z0-9_-]{35}\b/g },
  { id: "npm-access-token", label: "npm token", pattern: /\bnpm_[A-Za-z0-9]{36}\b/g },
  { id: "huggingface-access-token", label: "hugging face token", pattern: /\bhf_[A-Za-z]{34}\b/g },
  { id: "jwt", label: "jwt", pattern: /\bey[A-Za-z0-9]{17,}\.ey[A-Za-z0-9/\\_-]{17,}\.(?:[A-Za-z0-9/\\_-]{10,}={0,2})?/g },
  // An Authorization header: whatever follows the scheme is the credential.
  { id: "authorization-header", label: "credential", pattern: /\bAuthorization["']?\s*[:=]\s*["']?(?:Bearer|Basic|Token|Bot)\s+(?<secret>[^\s"'`,;]{6,})/gi },
  // A bare "Bearer <token>": only a token-looking word (a digit in it), not "bearer authentication".
  { id: "bearer-token", label: "bearer token", pattern: /\b[Bb]earer\s+(?<secret>(?=[A-Za-z._~+/-]*[0-9])[A-Za-z0-9._~+/-]{12,}=*)/g },
  // detect-secrets BasicAuthDetector: scheme://user:password@host.
  { id: "url-credentials", label: "password", pattern: /\b[a-z][a-z0-9+.-]{1,20}:\/\/[^\s:/?#[\]@"'`]+:(?<secret>[^\s:/?#[\]@"'`]+)(?=@)/gi, hint: /:\/\/[^\s/?#@]+@/ },
  // detect-secrets KeywordDetector, for the password family: `password=…`, `passwd: "…"`, `"pwd": "…"`.
  // Unquoted, only a value that looks like one (BARE_VALUE: `password: changed` is prose,
  // `password = data.get('password')` is code).
  {
    id: "password-assignment",
    label: "password",
    pattern: new RegExp(String.raw`\b[A-Za-z0-9_.-]*(?:password|passwd|passphrase|pwd)["']?\s*(?:=|:=|=>|:)\s*(?<secret>"[^"\n]{2,}"|'[^'\n]{2,}'|${BARE_VALUE})`, "gi"),
    hint: /(?:passwd|passphrase|password|pwd)["']?\s*[:=]/i,
  },
  // `export OPENAI_API_KEY=…`, `GITHUB_TOKEN: …`, `"client_secret": "…"`.
  {
    id: "secret-assignment",
    label: "secret",
    pattern: new RegExp(String.raw`\b(?:${SECRET_NAME})\b["']?\s*(?:=|:=|=>|:)\s*(?<secret>"[^"\n]{4,}"|'[^'\n]{4,}'|${BARE_VALUE})`, "g"),
    // Every SECRET_NAME ends in one of these words.
    hint: /(?:key|token|secret|password|passwd|pass|pat|credentials?)["']?\s*[:=]/i,
  },
  // A URL's query parameter or an assignment (`?token=…`, `&sig=…`, `"token": "…"`, `secret: …`,
  // `session_token=…`) under a generic name: only a value that is one (genericSecretValue).
  // In a URL the value ends at the next parameter.
  {
    id: "generic-secret-assignment",
    label: "secret",
    pattern: new RegExp(String.raw`(?<![A-Za-z0-9_-])(?:${GENERIC_SECRET_NAME})(?![A-Za-z0-9_])["']?\s*(?:=|:=|=>|:)\s*(?<secret>"[^"\n]{8,}"|'[^'\n]{8,}'|[A-Za-z0-9_.~+/=-]{10,})(?![A-Za-z0-9_.~+/=-])`, "g"),
    hint: /(?:token|secret|auth|sig|signature)["']?\s*[:=]/i,
    accept: genericSecretValue,
  },
];

export interface RedactionResult {
  text: string;
  /** How many secrets were replaced. */
  count: number;
  /** The rule ids that fired, once each. */
  rules: string[];
}

export function placeholder(label: string): string {
  return `[redacted: ${label}]`;
}

/** The line ends a replaced span held, so every line after it keeps its number. */
function linesOf(replaced: string, keepLines: boolean): string {
  if (!keepLines) return "";
  const n = replaced.split("\n").length - 1;
  return n > 0 ? "\n".repeat(n) : "";
}

/**
 * One rule over the text; the replacement keeps the quotes around a quoted value, and with
 * `keepLines` the line ends of a replaced span (a key block, a private span).
 */
function applyRule(rule: RedactionRule, text: string, fired: { count: number }, keepLines = false): string {
  if (rule.hint !== undefined && !rule.hint.test(text)) return text;
  rule.pattern.lastIndex = 0;
  return text.replace(rule.pattern, (...args: unknown[]) => {
    const match = args[0] as string;
    const last = args[args.length - 1];
    const groups = typeof last === "object" && last !== null ? (last as Record<string, string | undefined>) : undefined;
    const secret = groups?.secret ?? groups?.secret2;
    if (secret === undefined) {
      fired.count++;
      return placeholder(rule.label) + linesOf(match, keepLines);
    }
    const bare = secret.replace(/^["']|["']$/g, "");
    if (NOT_A_VALUE.test(bare) || (rule.accept !== undefined && !rule.accept(secret))) return match;
    fired.count++;
    const quote = secret !== bare ? secret[0]! : "";
    // The secret is the match's tail (every pattern ends with its secret group).
    return match.slice(0, match.length - secret.length) + quote + placeholder(rule.label) + quote + linesOf(secret, keepLines);
  });
}

export interface RedactOptions {
  /**
   * Keep every line end a replaced span held (after its placeholder): the text keeps its line
   * count, so a note's redacted text still cites the person's file by the right line.
   */
  keepLines?: boolean;
}

/**
 * One test per set of rules (grouped by their flags, `g` aside): all their patterns (a rule's
 * hint instead, when it has one: without it the rule is not tried) as one alternation, their
 * named groups made plain. It matches a text exactly when one rule could fire on it, so a text it
 * does not match is left as it is by every rule; most texts hold no secret, and one scan costs
 * less than a replace per rule. A pattern with a back-reference is left out of the screen (its
 * numbering would move), and then nothing is skipped.
 */
function screenOf(rules: readonly RedactionRule[]): RegExp[] | null {
  const tests = rules.map((r) => r.hint ?? r.pattern);
  if (tests.some((re) => /\\(?:k<|[1-9])/.test(re.source))) return null;
  const byFlags = new Map<string, string[]>();
  for (const re of tests) {
    const flags = re.flags.replace("g", "").replace("y", "");
    const src = `(?:${re.source.replace(/\(\?<(?![=!])[A-Za-z0-9_$]+>/g, "(?:")})`;
    byFlags.set(flags, [...(byFlags.get(flags) ?? []), src]);
  }
  return [...byFlags].map(([flags, srcs]) => new RegExp(srcs.join("|"), flags));
}

const SCREENS = new WeakMap<readonly RedactionRule[], RegExp[] | null>();

/** Whether any of the rules could fire on the text (see `screenOf`). */
function mayHoldSecret(text: string, rules: readonly RedactionRule[]): boolean {
  let screen = SCREENS.get(rules);
  if (screen === undefined) SCREENS.set(rules, (screen = screenOf(rules)));
  return screen === null || screen.some((re) => re.test(text));
}

/** The text with every secret the rules know replaced by its placeholder. */
export function redactSecrets(text: string, rules: readonly RedactionRule[] = REDACTION_RULES, opts: RedactOptions = {}): RedactionResult {
  if (!mayHoldSecret(text, rules)) return { text, count: 0, rules: [] };
  let out = text;
  let count = 0;
  const fired: string[] = [];
  for (const rule of rules) {
    const c = { count: 0 };
    out = applyRule(rule, out, c, opts.keepLines ?? false);
    if (c.count > 0) {
      count += c.count;
      fired.push(rule.id);
    }
  }
  return { text: out, count, rules: fired };
}

/** The text with its secrets replaced (redactSecrets' text). */
export function redact(text: string): string {
  return redactSecrets(text).text;
}

/**
 * A hand-written note's text as it may leave the workspace (index, search, injection, a
 * tool's read, a job's prompt): redacted, every line where it was. The file is not changed.
 * Cheap when there is nothing to find: most notes hold no secret.
 */
export function redactNote(text: string): string {
  return redactSecrets(text, REDACTION_RULES, { keepLines: true }).text;
}

/**
 * A JSON value with every string in it redacted (keys stay): for a transcript line, whose
 * content and any extra fields may hold what was typed. Returns the same object when nothing changed.
 */
export function redactJson(value: unknown): { value: unknown; count: number } {
  if (typeof value === "string") {
    const r = redactSecrets(value);
    return { value: r.count > 0 ? r.text : value, count: r.count };
  }
  if (Array.isArray(value)) {
    let count = 0;
    const out = value.map((v) => {
      const r = redactJson(v);
      count += r.count;
      return r.value;
    });
    return { value: count > 0 ? out : value, count };
  }
  if (value !== null && typeof value === "object") {
    let count = 0;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      const r = redactJson(v);
      count += r.count;
      out[k] = r.value;
    }
    return { value: count > 0 ? out : value, count };
  }
  return { value, count: 0 };
}

/**
 * A transcript's text (JSON lines) with the secrets in each line's strings redacted; a line
 * that is not JSON is redacted as text. Lines without a secret keep their exact bytes.
 */
export function redactJsonLines(text: string): RedactionResult {
  let count = 0;
  const fired = new Set<string>();
  const lines = text.split("\n").map((line) => {
    const trimmed = line.trim();
    if (trimmed.startsWith("{")) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(trimmed);
      } catch {
        parsed = undefined;
      }
      if (parsed !== undefined) {
        // Decoded first: a key block's newlines and a quoted value are escapes in the raw line.
        const r = redactJson(parsed);
        if (r.count === 0) return line;
        count += r.count;
        for (const id of redactSecrets(trimmed).rules) fired.add(id);
        return JSON.stringify(r.value);
      }
    }
    const raw = redactSecrets(line);
    count += raw.count;
    for (const id of raw.rules) fired.add(id);
    return raw.text;
  });
  return { text: lines.join("\n"), count, rules: [...fired] };
}
