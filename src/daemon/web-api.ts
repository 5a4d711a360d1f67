/**
 * What the web page may ask: each route parses its parameters, calls one engine method (the
 * same one the CLI calls for the same thing) and returns its answer as JSON. Nothing here
 * reads or writes a file itself: note paths go through the engine's readFile (engine.assist()) (the MCP memory_get
 * rules: inside the workspace, never .agent/), SOUL changes through the SOUL service's
 * compare-and-swap and locked-section checks, memory changes through the evolution service.
 */
import { z } from "zod";
import { Engine } from "../engine/engine.js";
import { parseSoulRef, type SoulRef } from "../jobs/reflect/history.js";
import { fromQueryString, searchOptions } from "../contract/options.js";
import { parseRequest, SearchRequest, SoulAcceptRequest, SoulRejectRequest, SoulRollbackRequest, SoulSaveRequest } from "../contract/requests.js";
import type { WebOverview } from "../engine/overview.js";
import { MEMORY_TYPES } from "../store/memory-types.js";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

type Query = URLSearchParams;
type Body = Record<string, unknown> | undefined;
type Route = (engine: Engine, q: Query, body: Body) => Promise<unknown>;

/** Lines of a note the page shows at most (a longer one says so). */
const NOTE_LINES = 5000;

const PositiveId = z.coerce.number().int().positive();

function parse<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const r = schema.safeParse(value);
  if (!r.success) throw new ApiError(400, `${what}: ${r.error.issues.map((i) => `${i.path.join(".") || "value"}: ${i.message}`).join("; ")}`);
  return r.data;
}

/** A body parsed by the request contract: a refused one is a 400 with the contract's sentence. */
function contract<T>(schema: z.ZodType<T>, body: Body): T {
  return parseRequest(schema, body ?? {}, (m) => new ApiError(400, m));
}

/** The query string as an object, leaving out empty values (an empty filter box is no filter). */
function params(q: Query): Record<string, string> {
  return Object.fromEntries([...q.entries()].filter(([, v]) => v !== ""));
}

function soulRef(text: string | null, what: string): SoulRef | undefined {
  if (text === null || text === "") return undefined;
  try {
    return parseSoulRef(text);
  } catch (e) {
    throw new ApiError(400, `${what}: ${(e as Error).message}`);
  }
}

/**
 * A search request of the contract from the query string (`?query=…&from=…&annotations.project=…`).
 * The page's own address keeps its short `q` for the query.
 */
async function search(engine: Engine, q: Query) {
  const { q: short, ...fields } = fromQueryString(q, { numbers: ["limit", "minScore"], flags: ["explain", "rerank"] });
  const p = parseRequest(SearchRequest, short === undefined ? fields : { query: short, ...fields }, (m) => new ApiError(400, m));
  const started = performance.now();
  const report = await engine.search(p.query, { explain: true, ...searchOptions(p) });
  return { ...report, tookMs: Math.round((performance.now() - started) * 10) / 10 };
}

async function note(engine: Engine, q: Query) {
  const rel = q.get("path");
  if (!rel) throw new ApiError(400, "note: path is required");
  return (await engine.assist()).readFile(rel, { from: 1, lines: NOTE_LINES });
}

async function soulOverview(engine: Engine) {
  const soul = await engine.soul();
  return { view: soul.view(), log: soul.log(), proposal: soul.proposed() };
}

async function soulDiff(engine: Engine, q: Query) {
  return (await engine.soul()).diff(soulRef(q.get("a"), "a"), soulRef(q.get("b"), "b"));
}

async function soulVersion(engine: Engine, q: Query) {
  return (await engine.soul()).version(parse(PositiveId, q.get("n"), "version"));
}

async function memories(engine: Engine, q: Query) {
  const p = parse(z.object({ type: z.enum(MEMORY_TYPES).optional(), faded: z.enum(["0", "1"]).optional() }), params(q), "memories");
  const ev = await engine.evolution();
  return { memories: ev.list({ faded: p.faded === "1", ...(p.type ? { type: p.type } : {}) }), overview: ev.strengthAll(90) };
}

async function strength(engine: Engine, q: Query) {
  return (await engine.evolution()).strength(parse(PositiveId, q.get("id"), "memory"));
}

async function personality(engine: Engine) {
  return { snapshots: (await engine.evolution()).snapshots(52) };
}

async function jobs(engine: Engine) {
  const proposal = (await engine.soul()).pending();
  if (!engine.hasState()) return { runs: [], inbox: [], proposal };
  const service = await engine.jobs();
  return { runs: service.runs({ limit: 50 }), inbox: service.inbox.list({ all: true, limit: 50 }), proposal };
}

async function reflectionRun(engine: Engine, q: Query) {
  return (await engine.soul()).run(parse(PositiveId, q.get("id"), "run"));
}

/**
 * What each GET route answers: the engine's own types, which the page imports (`import type`,
 * erased by the bundler) instead of keeping copies that drift.
 */
export interface ApiAnswers {
  search: Awaited<ReturnType<typeof search>>;
  note: Awaited<ReturnType<typeof note>>;
  notes: Awaited<ReturnType<WebOverview["notes"]>>;
  soul: Awaited<ReturnType<typeof soulOverview>>;
  "soul/diff": Awaited<ReturnType<typeof soulDiff>>;
  "soul/version": Awaited<ReturnType<typeof soulVersion>>;
  memories: Awaited<ReturnType<typeof memories>>;
  "memories/strength": Awaited<ReturnType<typeof strength>>;
  personality: Awaited<ReturnType<typeof personality>>;
  jobs: Awaited<ReturnType<typeof jobs>>;
  "jobs/reflection": Awaited<ReturnType<typeof reflectionRun>>;
  health: Awaited<ReturnType<typeof Engine.doctor>>;
  truth: Awaited<ReturnType<Engine["indexing"]["health"]>>;
}

const GET: Record<string, Route | undefined> = {
  "/api/version": async (engine) => ({ mark: (await engine.overview()).changeMark() }),
  "/api/search": search,
  "/api/note": note,
  "/api/notes": async (engine) => (await engine.overview()).notes(),
  "/api/soul": soulOverview,
  "/api/soul/diff": soulDiff,
  "/api/soul/version": soulVersion,
  "/api/memories": memories,
  "/api/memories/strength": strength,
  "/api/personality": personality,
  "/api/jobs": jobs,
  "/api/jobs/reflection": reflectionRun,
  "/api/health": (engine) => Engine.doctor(engine.workspace),
  // `agent health`: contradictions, stale facts, duplicates, MEMORY.md's size (the same report).
  "/api/truth": (engine) => engine.indexing.health(),
};

const MemoryChange = z.object({ action: z.enum(["forget", "pin", "unpin", "restore"]), id: z.number().int().positive() }).strict();

/** The changes the page can make: the very engine calls of `agent soul …` and `agent memories …`. */
const POST: Record<string, Route | undefined> = {
  // SOUL.md's changes: the contract's requests (the MCP soul tools and the CLI take the same), one sentence for a bad one.
  "/api/soul/accept": async (engine, _q, body) => {
    contract(SoulAcceptRequest, body);
    return (await engine.soul()).accept();
  },
  "/api/soul/reject": async (engine, _q, body) => {
    const p = contract(SoulRejectRequest, body);
    return (await engine.soul()).reject(p.reason?.trim() || undefined);
  },
  "/api/soul/save": async (engine, _q, body) => {
    const p = contract(SoulSaveRequest, body);
    return (await engine.soul()).save(p.message?.trim() || undefined);
  },
  "/api/soul/rollback": async (engine, _q, body) => {
    const p = contract(SoulRollbackRequest, body);
    return (await engine.soul()).rollback(p.n);
  },
  "/api/memories/change": async (engine, _q, body) => {
    const p = parse(MemoryChange, body ?? {}, "memory");
    return (await engine.evolution()).change(p.action, p.id);
  },
};

export async function apiRoute(engine: Engine, method: "GET" | "POST", pathname: string, q: Query, body: Body): Promise<unknown> {
  const route = (method === "GET" ? GET : POST)[pathname];
  if (!route) {
    const other = (method === "GET" ? POST : GET)[pathname];
    throw new ApiError(other ? 405 : 404, other ? `${pathname} takes ${method === "GET" ? "POST" : "GET"}` : `no such route: ${pathname}`);
  }
  return route(engine, q, body);
}
