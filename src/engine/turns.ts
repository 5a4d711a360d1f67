/**
 * Turns for big requests in a long-lived host. A query of hundreds of words (the search bound
 * allows 400) costs ~50–100 ms of the main thread's CPU in its plan and FTS5 match, several
 * times that on a loaded machine; two clients sending such queries back to back left a third
 * client's one-word search waiting behind one big query at each of its own steps (the HTTP
 * body, the MCP server, the search), 1.3–1.9 s in all at load 11–19.
 *
 * So a host marks each request it serves from its arrival to its answer (`during`), and a
 * big query (`big`) runs only when no other request is under way and no other big one runs:
 * a small request arriving meanwhile waits at most for the one big query already running.
 * Small queries never wait here. A big query waits for other requests at most
 * MAX_DEFER_MS, so a long one (an `ask` waiting on its model) does not hold it for good.
 * Outside a host (the CLI in-process, a library) nobody marks requests and a big query runs
 * at once, unless another big one of the same engine runs.
 */
import { AsyncLocalStorage } from "node:async_hooks";

/** A query of at least this many words takes its turn (interactive queries are a few words; hooks' prompts may be long). */
export const BIG_QUERY_WORDS = 40;
/** How long a big query lets other requests under way go first, at most. */
export const MAX_DEFER_MS = 2000;

interface Visit {
  /** Counted among the requests a big query waits for (false once it is big itself, or done). */
  counted: boolean;
  /** Runs inside a big query's turn (a boot's own search does not queue again). */
  inTurn: boolean;
  /** When its turn was first asked for: MAX_DEFER_MS counts from here, however often it stepped aside. */
  since: number;
}

interface Waiter {
  since: number;
  go: () => void;
}


export class RequestTurns {
  private readonly visits = new AsyncLocalStorage<Visit>();
  /** Requests under way that are not big ones. */
  private others = 0;
  private running = false;
  private readonly waiting: Waiter[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly now: () => number = Date.now) {}

  /** A host's request, from its arrival to its answer: big queries wait while it is under way. */
  async during<T>(fn: () => Promise<T>): Promise<T> {
    const visit: Visit = { counted: true, inTurn: false, since: 0 };
    this.others++;
    try {
      return await this.visits.run(visit, fn);
    } finally {
      this.uncount(visit);
    }
  }

  /** Runs `fn`, a query of `words` words: at once when small, else in its turn. */
  async big<T>(words: number, fn: () => Promise<T>): Promise<T> {
    const visit = this.visits.getStore();
    if (words < BIG_QUERY_WORDS || visit?.inTurn === true) return fn();
    // It no longer counts as another request: big ones do not wait for each other that way.
    if (visit !== undefined) this.uncount(visit);
    const since = this.now();
    await this.turn(since);
    try {
      return await this.visits.run({ counted: false, inTurn: true, since }, fn);
    } finally {
      this.running = false;
      this.next();
    }
  }

  /**
   * Between two stages of a big query (its plan made, its search to run): when another request
   * has arrived meanwhile, the turn is handed to it and taken back first in line, so that
   * request waits for one stage of the big query, not all of it.
   */
  async stepAside(): Promise<void> {
    const visit = this.visits.getStore();
    if (visit?.inTurn !== true || !this.running || this.others === 0) return;
    this.running = false;
    await new Promise<void>((go) => {
      this.waiting.unshift({ since: visit.since, go });
      this.next();
    });
  }

  /** Requests under way (not big) and big queries waiting: what a test or a status reads. */
  get load(): { others: number; waiting: number; running: boolean } {
    return { others: this.others, waiting: this.waiting.length, running: this.running };
  }

  private uncount(visit: Visit): void {
    if (!visit.counted) return;
    visit.counted = false;
    this.others--;
    this.next();
  }

  private turn(since: number): Promise<void> {
    return new Promise((go) => {
      this.waiting.push({ since, go });
      this.next();
    });
  }

  /** Starts the first big query waiting, when none runs and nobody else is under way (or it has waited long enough). */
  private next(): void {
    if (this.running || this.waiting.length === 0) return;
    const first = this.waiting[0]!;
    const left = MAX_DEFER_MS - (this.now() - first.since);
    if (this.others > 0 && left > 0) {
      // Woken by the last request's end, or by this timer once the first has waited long enough.
      this.timer ??= setTimeout(() => {
        this.timer = null;
        this.next();
      }, left).unref();
      return;
    }
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.waiting.shift();
    this.running = true;
    first.go();
  }
}

/** Words in a query as the turns count them: runs of non-space characters. */
export function wordCount(query: string): number {
  let n = 0;
  let inWord = false;
  for (let i = 0; i < query.length; i++) {
    const space = query.charCodeAt(i) <= 32;
    if (!space && !inWord) n++;
    inWord = !space;
  }
  return n;
}
