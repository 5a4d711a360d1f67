/**
 * The rules of the request contract, without the schema library: each field's check and the
 * one sentence that refuses a bad value. The zod schemas in requests.ts are built from these,
 * and the CLI checks its flags with them directly (start-up is a hot path: a search must not
 * load zod), so `2026-02-31` gets the same answer from the CLI, MCP, the socket and the web.
 *
 * A message names the field by its contract name (`from`, not `--from` or `dateFrom`): the
 * fronts show it as it is.
 */
import { ANNOTATION_KEYS, type AnnotationKey } from "../indexer/annotations.js";
import { SEARCH_SOURCES } from "../search/filters.js";
import { isValidSessionId, SESSION_ROLES } from "../workspace/sessions.js";

/** A request the contract refuses: the caller's mistake (exit code 2 on the CLI, "bad-request" on the socket, 400 on the web). */
export class RequestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RequestError";
  }
}

export const SEARCH_MODES = ["hybrid", "keyword", "vector"] as const;
export const SESSION_SCOPES = ["main", "group", "isolated"] as const;
/** The transcript's own role list, under the contract's name. */
export const LOG_ROLES = SESSION_ROLES;
export { ANNOTATION_KEYS, SEARCH_SOURCES };

/** Results a search or a boot returns at most. */
export const MAX_LIMIT = 100;
/** Days a boot looks back at most (ten years). */
export const MAX_DAYS = 3650;
/** Lines a read returns at most at once. */
export const MAX_READ_LINES = 2000;

/** The fields a request cannot do without: what to give, and an example. */
export const REQUIRED = {
  query: ["something to look for", '"what did we decide about the database"'],
  question: ["a question", '"what did we decide about the VPS?"'],
  path: ["a workspace-relative path", "memory/2026-11-21.md"],
  text: ["the text", '"Called the wholesaler about the fridge."'],
  reason: ["a reason", '"not true any more"'],
  session: ["the assistant's session id", '"4f1c2a7e-…"'],
} as const;

/** A value as the message quotes it: strings in quotes, numbers as they are. */
function shown(v: unknown): string {
  return typeof v === "string" ? JSON.stringify(v) : v === undefined ? "nothing" : typeof v === "object" ? JSON.stringify(v) : String(v);
}

/** The one sentence for each kind of bad value; every front shows these unchanged. */
export const say = {
  date: (field: string, v: unknown) => `${field} must be a real date like 2026-03-01, got ${shown(v)}`,
  range: (from: string, to: string) => `from ${from} is after to ${to}: give from on or before to`,
  whole: (field: string, min: number, max: number | undefined, v: unknown) =>
    max === undefined ? `${field} must be a whole number from ${min} up, got ${shown(v)}` : `${field} must be a whole number from ${min} to ${max}, got ${shown(v)}`,
  fraction: (field: string, v: unknown) => `${field} must be a number from 0 to 1, got ${shown(v)}`,
  choice: (field: string, choices: readonly string[], v: unknown) => `${field} must be one of ${choices.join(", ")}, got ${shown(v)}`,
  text: (field: string, v: unknown) => `${field} must be text, got ${shown(v)}`,
  required: (field: string, what: string, example: string) => `${field} is required: give ${what}, e.g. ${example}`,
  flag: (field: string, v: unknown) => `${field} must be true or false, got ${shown(v)}`,
  annotationKey: (key: string) => `annotations take the keys ${ANNOTATION_KEYS.join(", ")}, got "${key}"`,
  annotationValue: (key: string, v: unknown) => `annotations.${key} must be text, got ${shown(v)}`,
  sessionId: (field: string, v: unknown) => `${field} must be letters, digits, '.', '_' or '-' (up to 128), got ${shown(v)}`,
  forkWithoutSession: () => "fork needs session: the conversation to fork",
  roleWithoutText: (role: string) => `no text to log for role ${role}`,
  textWithoutRole: () => "role is required with text (user or assistant)",
  unknown: (keys: readonly PropertyKey[], known: readonly string[]) =>
    `unknown field${keys.length === 1 ? "" : "s"} ${keys.map((k) => `"${String(k)}"`).join(", ")}; the fields are ${known.join(", ")}`,
};

/** A real calendar day written YYYY-MM-DD (2026-02-31 and 2026-13-45 are not). */
export function isRealDate(v: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/** Session and conversation ids become file names: the transcript's own rule. */
export const isSessionId = isValidSessionId;

export function isAnnotationKey(k: string): k is AnnotationKey {
  return (ANNOTATION_KEYS as readonly string[]).includes(k);
}

// ---- checks of one value written as text (a CLI flag, a query-string parameter) -------------

/** A flag's text as the schema would see the value: a number when it reads as one. */
function asValue(v: string): string | number {
  const n = Number(v);
  return v.trim() !== "" && Number.isFinite(n) ? n : v;
}

export function checkDate(field: string, v: string): string {
  if (!isRealDate(v)) throw new RequestError(say.date(field, v));
  return v;
}

export function checkWhole(field: string, v: string, min: number, max?: number): number {
  const n = asValue(v);
  if (typeof n !== "number" || !Number.isInteger(n) || n < min || (max !== undefined && n > max)) throw new RequestError(say.whole(field, min, max, n));
  return n;
}

export function checkFraction(field: string, v: string): number {
  const n = asValue(v);
  if (typeof n !== "number" || n < 0 || n > 1) throw new RequestError(say.fraction(field, n));
  return n;
}

export function checkChoice<T extends string>(field: string, choices: readonly T[], v: string): T {
  if (!(choices as readonly string[]).includes(v)) throw new RequestError(say.choice(field, choices, v));
  return v as T;
}

/** A required text field (the words of a query or a question): refused when empty. */
export function checkRequired(field: keyof typeof REQUIRED, v: string): string {
  if (v.trim() === "") throw new RequestError(say.required(field, REQUIRED[field][0], REQUIRED[field][1]));
  return v;
}

export function checkSessionId(field: string, v: string): string {
  if (!isSessionId(v)) throw new RequestError(say.sessionId(field, v));
  return v;
}

// ---- rules across fields: shared by the schemas' refinements and the CLI ------------------

/** The problems of a date range, if any (none when either end is open). */
export function rangeProblem(r: { from?: string | undefined; to?: string | undefined }): string | null {
  return r.from !== undefined && r.to !== undefined && r.from > r.to ? say.range(r.from, r.to) : null;
}

export function askProblem(r: { session?: string | undefined; fork?: boolean | undefined }): string | null {
  return r.fork && r.session === undefined ? say.forkWithoutSession() : null;
}

export function logProblem(r: { text?: string | undefined; role?: string | undefined }): string | null {
  const text = r.text ?? "";
  if (text !== "" && r.role === undefined) return say.textWithoutRole();
  if (text === "" && r.role !== undefined) return say.roleWithoutText(r.role);
  return null;
}

/** Throws the problem a cross-field rule found (the CLI's way; the schemas add it as an issue). */
export function refuse(problem: string | null): void {
  if (problem !== null) throw new RequestError(problem);
}
