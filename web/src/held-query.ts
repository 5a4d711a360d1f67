import { redact } from "../../src/shared/redact.js";

/**
 * A search's address without its secrets. The page keeps its search in the address
 * (`#/search?q=…`) so the back link from a note, the browser's Back and a reload show the same
 * results; but every address the page takes goes into the browser's history (and any synced
 * history), where a key typed into the box would stay long after the search. A query that holds
 * a secret by the engine's own redaction rules is therefore kept in this page's memory only: the
 * address carries `held=N` instead, which finds the query again while the page stays open and
 * means nothing after it (a reload shows an empty box). An ordinary query stays in the address.
 * The browser also keeps what is submitted in a form field for its suggestions (Chromium's
 * "Web Data"): the box is marked `autocomplete="off"` while it holds a secret.
 */
const held = new Map<string, string>();

/** Whether a query holds a secret by the engine's redaction rules. */
export function holdsSecret(q: string): boolean {
  return q !== "" && redact(q) !== q;
}

/** The address (query string) of a search form: `q` left out and `held` put in when `q` holds a secret. */
export function addressOf(form: Record<string, string>): string {
  const entries = Object.entries(form).filter(([, v]) => v !== "");
  const q = form.q ?? "";
  if (!holdsSecret(q)) return new URLSearchParams(entries).toString();
  let id = [...held].find(([, v]) => v === q)?.[0];
  if (id === undefined) {
    id = String(held.size + 1);
    held.set(id, q);
  }
  return new URLSearchParams([...entries.filter(([k]) => k !== "q"), ["held", id]]).toString();
}

/** The query an address stands for: its `q`, or the query its `held` names while the page is open. */
export function queryOf(params: URLSearchParams): string {
  return params.get("q") ?? held.get(params.get("held") ?? "") ?? "";
}

/** The query as a page may print it (the note page's way back): its secrets shown as placeholders. */
export function shownQuery(params: URLSearchParams): string {
  return redact(queryOf(params));
}
