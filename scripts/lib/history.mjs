// A synthetic Claude Code store (`<dir>/projects/<cwd>/<session>.jsonl`) shaped like a heavy
// user's year: sessions of `turns` messages (the person's requests, the assistant's answers
// with code blocks and tool calls, the tool results Claude Code writes back), varied topics,
// and the boilerplate real transcripts repeat ("I'll take a look", "All tests pass").
// Deterministic from the seed. Used by `npm run bench -- --history N` and
// scripts/vector-choice.mjs; nothing here reads or writes a real ~/.claude.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { rng } from "../sample-notes.mjs";

const PROJECTS = ["billing-service", "garden-app", "photo-archive", "home-router", "tax-helper", "recipe-site", "bike-shop-api", "reading-tracker", "chess-engine", "weather-station", "invoice-cli", "family-calendar"];
// Each topic has its own words, so a query names one topic the way a person would.
const TOPICS = [
  ["flaky test", "retry", "vitest", "timeout", "race condition", "fixture"],
  ["database migration", "postgres", "schema", "column", "index", "rollback"],
  ["docker image", "build cache", "alpine", "layer", "registry", "multi-stage"],
  ["login page", "session cookie", "CSRF token", "password reset", "OAuth", "redirect"],
  ["memory leak", "heap snapshot", "event listener", "closure", "garbage collector", "RSS"],
  ["CSV import", "encoding", "delimiter", "header row", "UTF-8", "streaming parser"],
  ["rate limiter", "token bucket", "Redis", "burst", "429", "sliding window"],
  ["backup job", "cron", "rsync", "retention", "snapshot", "restore drill"],
  ["DNS records", "CNAME", "TTL", "Cloudflare", "propagation", "MX record"],
  ["invoice PDF", "template", "VAT", "rounding", "currency", "line items"],
  ["websocket", "reconnect", "heartbeat", "backpressure", "ping", "close code"],
  ["search ranking", "BM25", "stemming", "synonyms", "typo tolerance", "boost"],
  ["image resize", "thumbnail", "sharp", "EXIF orientation", "WebP", "lazy loading"],
  ["CI pipeline", "GitHub Actions", "matrix", "artifact", "cache key", "secrets"],
  ["TypeScript types", "generic", "discriminated union", "narrowing", "strict mode", "inference"],
  ["React form", "validation", "controlled input", "debounce", "error message", "submit"],
  ["Kubernetes", "deployment", "liveness probe", "replica", "helm chart", "ingress"],
  ["payment webhook", "Stripe", "idempotency key", "signature", "refund", "retry queue"],
  ["logging", "structured logs", "log level", "correlation id", "Grafana", "Loki"],
  ["date parsing", "time zone", "daylight saving", "ISO 8601", "locale", "UTC offset"],
  ["SQLite", "WAL mode", "busy timeout", "vacuum", "FTS5", "prepared statement"],
  ["email sending", "SMTP", "bounce", "SPF", "DKIM", "unsubscribe link"],
  ["feature flag", "rollout", "percentage", "kill switch", "experiment", "cohort"],
  ["accessibility", "screen reader", "aria label", "focus trap", "contrast", "keyboard navigation"],
  ["performance budget", "bundle size", "tree shaking", "code splitting", "Lighthouse", "first paint"],
  ["garden sensor", "soil moisture", "ESP32", "MQTT", "battery", "watering valve"],
  ["chess move generator", "bitboard", "alpha-beta", "transposition table", "perft", "zobrist hash"],
  ["weather forecast", "barometer", "humidity", "calibration", "station uptime", "rain gauge"],
  ["tax deduction", "receipts", "quarterly estimate", "spreadsheet", "depreciation", "filing deadline"],
  ["recipe scaling", "servings", "unit conversion", "grams", "ingredient list", "oven temperature"],
];
const PEOPLE = ["Ana", "Ben", "Chloe", "Dmitri", "Esra", "Farid", "Grace", "Hiro", "Ines", "Jonas", "Kai", "Lena"];
const ASKS = [
  "can you look at the {a} in {p}? it breaks when {b} is involved",
  "why does the {a} fail after I changed the {b}",
  "let's add {a} support to {p}, {c} too if it's easy",
  "{P} says the {a} is slow since yesterday, can you check the {b}",
  "refactor the {a} code so the {b} is in one place",
  "write a test for the {a} that covers {b} and {c}",
  "what did we decide about the {a} last time? I think it was about {b}",
  "the {a} throws on {b}, here is the error",
  "plan the {a} work for {p}: {b}, {c}, then docs",
  "explain how {b} interacts with the {a} in this repo",
];
const OPENERS = ["I'll take a look at the {a}.", "Let me check the {a} first.", "Good question. The {a} works like this.", "I found the cause of the {a} problem.", "Here is a plan for the {a}."];
const BODY = [
  "The {b} is read before the {c} is ready, so the first call sees stale state; moving the read after the setup fixes it.",
  "I changed the {b} handling so that {c} is checked once, at the boundary, instead of in every caller.",
  "The root cause is that the {b} defaults differ between the test and production configs; I made them the same.",
  "There are two options: keep the {b} and add {c}, or drop the {b} entirely. The first is smaller and safer.",
  "I added a regression test that reproduces the {b} issue with {c}, and it fails on the old code.",
  "{P} mentioned the {b} last week; the change keeps that behaviour and documents it in the README.",
];
const CLOSERS = ["All tests pass now.", "Let me know if you want me to commit this.", "The build is green.", "I ran the linter and the type checker: no errors.", "Want me to open a pull request?"];
const TOOLS = [
  () => ({ name: "Bash", input: { command: "npm test -- --run" } }),
  (t) => ({ name: "Bash", input: { command: `grep -rn "${t[1].split(" ")[0]}" src/` } }),
  (t, p) => ({ name: "Read", input: { file_path: `/home/me/code/${p}/src/${t[0].replace(/\W+/g, "-")}.ts` } }),
  (t, p) => ({ name: "Edit", input: { file_path: `/home/me/code/${p}/src/${t[2].replace(/\W+/g, "-")}.ts`, old_string: "a", new_string: "b" } }),
  () => ({ name: "Bash", input: { command: "git status && git diff --stat" } }),
  () => ({ name: "TodoWrite", input: { todos: [{ content: "run the tests", status: "pending" }] } }),
];

function codeBlock(r, t) {
  const fn = t[0].replace(/\W+(\w)/g, (_, c) => c.toUpperCase()).replace(/\W/g, "");
  const lines = [
    "```ts",
    `export async function ${fn}(input: ${fn[0].toUpperCase()}${fn.slice(1)}Input): Promise<Result> {`,
    `  const cfg = await loadConfig(input.path);`,
    `  if (!cfg.${fn}Enabled) return { ok: false, reason: "disabled" };`,
    `  for (const item of input.items) {`,
    `    await queue.push({ id: item.id, attempts: ${1 + Math.floor(r() * 5)} });`,
    `  }`,
    `  return { ok: true };`,
    "}",
    "```",
  ];
  return lines.join("\n");
}

function fill(tpl, t, p, person) {
  return tpl.replaceAll("{a}", t[0]).replaceAll("{b}", t[1 + Math.floor((tpl.length * 7) % 5)]).replaceAll("{c}", t[5]).replaceAll("{p}", p).replaceAll("{P}", person);
}

/**
 * Writes `sessions` transcripts of `turns` messages each under `<dir>/projects/`, one every
 * ~8 hours back from `end` (newest last); returns { files, bytes, turns }.
 */
export function writeClaudeHistory(dir, sessions, { turns = 40, seed = 45, end = Date.parse("2026-11-20T18:00:00Z") } = {}) {
  const r = rng(seed);
  const pick = (xs) => xs[Math.floor(r() * xs.length)];
  let bytes = 0;
  let count = 0;
  for (let s = 0; s < sessions; s++) {
    const project = pick(PROJECTS);
    const folder = path.join(dir, "projects", `-home-me-code-${project}`);
    mkdirSync(folder, { recursive: true });
    const sid = `${String(s).padStart(8, "0")}-4e2a-4b1c-9d3f-${(seed * 1e6 + s).toString(16).padStart(12, "0").slice(-12)}`;
    let at = end - (sessions - s) * 8 * 3600 * 1000;
    const topic = pick(TOPICS);
    const lines = [];
    let parent = null;
    let n = 0;
    const push = (obj) => {
      const uuid = `${sid.slice(0, 8)}-${String(lines.length).padStart(4, "0")}-4000-8000-000000000000`;
      at += 20_000 + Math.floor(r() * 90_000);
      lines.push(JSON.stringify({ parentUuid: parent, isSidechain: false, userType: "external", cwd: `/home/me/code/${project}`, sessionId: sid, version: "2.0.14", gitBranch: "main", ...obj, uuid, timestamp: new Date(at).toISOString() }));
      parent = uuid;
    };
    while (n < turns) {
      // A session wanders: now and then the person moves to a neighbouring topic.
      const t = r() < 0.2 ? pick(TOPICS) : topic;
      const person = pick(PEOPLE);
      let ask = fill(pick(ASKS), t, project, person);
      if (r() < 0.15) ask += `\n\n\`\`\`\nError: ${t[1]} failed: ECONNRESET\n    at ${t[0].replace(/\W/g, "")} (src/index.ts:${10 + Math.floor(r() * 300)}:7)\n\`\`\``;
      push({ type: "user", message: { role: "user", content: ask } });
      n++;
      const text = [fill(pick(OPENERS), t, project, person), fill(pick(BODY), t, project, person)];
      if (r() < 0.4) text.push(codeBlock(r, t));
      if (r() < 0.5) text.push(fill(pick(BODY), t, project, person));
      text.push(pick(CLOSERS));
      const tools = Array.from({ length: Math.floor(r() * 3) }, () => pick(TOOLS)(t, project));
      const id = `toolu_${s}_${n}`;
      push({ type: "assistant", message: { role: "assistant", model: "claude-sonnet-4-5", content: [{ type: "text", text: text.join("\n\n") }, ...tools.map((tool, i) => ({ type: "tool_use", id: `${id}_${i}`, ...tool }))] } });
      n++;
      for (let i = 0; i < tools.length; i++) {
        push({ type: "user", message: { role: "user", content: [{ type: "tool_result", tool_use_id: `${id}_${i}`, content: `ok\n${"  src/" + t[0].replace(/\W+/g, "-") + ".ts | 12 ++++--\n".repeat(3)}` }] } });
      }
    }
    const text = lines.join("\n") + "\n";
    writeFileSync(path.join(folder, `${sid}.jsonl`), text);
    bytes += Buffer.byteLength(text);
    count += n;
  }
  return { bytes, turns: count };
}

/** `n` distinct queries of 2-3 topic words, as people type them. */
export function historyQueries(n, seed = 7) {
  const r = rng(seed);
  const pick = (xs) => xs[Math.floor(r() * xs.length)];
  const seen = new Set();
  const out = [];
  for (let guard = 0; out.length < n && guard < n * 50; guard++) {
    const t = pick(TOPICS);
    const words = r() < 0.5 ? `${pick(t)} ${pick(t)}` : `${pick(t)} ${pick(PROJECTS).split("-")[0]}`;
    const q = r() < 0.2 ? `what did we decide about the ${words}` : words;
    if (seen.has(q) || new Set(q.split(" ")).size < q.split(" ").length) continue;
    seen.add(q);
    out.push(q);
  }
  return out;
}
