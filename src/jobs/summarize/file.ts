/**
 * `sessions/<id>.summary.md`: a conversation's summary, derived from its transcript (deleting
 * one is safe: the next night writes it again). Front matter says what it covers, so the
 * night can tell whether the conversation grew since; the body is the model's short summary,
 * citing turns as [tN]. Pure: formatting and reading only.
 */

export interface SummaryMeta {
  session: string;
  harness: string | null;
  /** ISO timestamps of the first and last turn summarised. */
  from: string;
  to: string;
  /** User/assistant messages the summary covers: a summary is rewritten only when the conversation has more. */
  messages: number;
  topics: string[];
}

export interface SummaryFile {
  meta: SummaryMeta;
  /** The summary itself, without the title line and the derived-file note. */
  body: string;
}

/** Where a session's summary lives. */
export function summaryPath(session: string): string {
  return `sessions/${session}.summary.md`;
}

export const SUMMARY_PATH_RE = /^sessions\/([^/]+)\.summary\.md$/;

const DERIVED_NOTE = "<!-- derived by `agent summarize` from the transcript: safe to delete, the night writes it again -->";

export function formatSummary(f: SummaryFile): string {
  const m = f.meta;
  return [
    "---",
    `session: ${m.session}`,
    `harness: ${m.harness ?? "unknown"}`,
    `from: ${m.from}`,
    `to: ${m.to}`,
    `messages: ${m.messages}`,
    `topics: ${JSON.stringify(m.topics)}`,
    "derived: true",
    "---",
    "",
    `# Conversation ${m.session}`,
    "",
    f.body.trim(),
    "",
    DERIVED_NOTE,
    "",
  ].join("\n");
}

/** Reads a summary file; null when it is not one (no front matter with a session and a count). */
export function parseSummary(text: string): SummaryFile | null {
  const m = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
  if (!m) return null;
  const fields = new Map<string, string>();
  for (const line of m[1]!.split(/\r?\n/)) {
    const kv = /^([A-Za-z]+):\s*(.*)$/.exec(line);
    if (kv) fields.set(kv[1]!, kv[2]!.trim());
  }
  const session = fields.get("session");
  const messages = Number(fields.get("messages"));
  if (session === undefined || session === "" || !Number.isInteger(messages) || messages < 0) return null;
  const harness = fields.get("harness");
  const body = m[2]!
    .replace(DERIVED_NOTE, "")
    .replace(/^\s*# Conversation [^\n]*\n/, "")
    .trim();
  return {
    meta: {
      session,
      harness: harness === undefined || harness === "unknown" || harness === "" ? null : harness,
      from: fields.get("from") ?? "",
      to: fields.get("to") ?? "",
      messages,
      topics: parseTopics(fields.get("topics") ?? ""),
    },
    body,
  };
}

function parseTopics(raw: string): string[] {
  try {
    const v: unknown = JSON.parse(raw);
    if (Array.isArray(v)) return v.filter((t): t is string => typeof t === "string" && t.trim() !== "");
  } catch {
    // A hand-edited list without quotes: "[a, b]" or "a, b".
  }
  return raw
    .replace(/^\[|\]$/g, "")
    .split(",")
    .map((t) => t.trim().replace(/^["']|["']$/g, ""))
    .filter((t) => t !== "");
}
