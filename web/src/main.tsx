import { render } from "preact";
import { useEffect, useState } from "preact/hooks";
import { ApiFailure, get, startSession } from "./api.js";
import { HealthPage } from "./pages/health.js";
import { JobsPage } from "./pages/jobs.js";
import { MemoriesPage } from "./pages/memories.js";
import { NotePage, NotesPage } from "./pages/notes.js";
import { PersonalityPage } from "./pages/personality.js";
import { SearchPage } from "./pages/search.js";
import { SoulPage } from "./pages/soul.js";
import { LiveTick, Prose } from "./util.js";

const PAGES = [
  ["search", "Search"],
  ["notes", "Notes"],
  ["soul", "SOUL"],
  ["memories", "Memories"],
  ["personality", "Personality"],
  ["jobs", "Jobs"],
  ["health", "Health"],
] as const;

/** How often the page asks whether anything changed (one cheap request). */
const POLL_MS = 1500;

function route(): { page: string; params: URLSearchParams } {
  const h = location.hash.replace(/^#\/?/, "");
  const [page = "", query = ""] = h.split("?");
  return { page: page || "search", params: new URLSearchParams(query) };
}

/** Follows the workspace: when the daemon's change mark moves, the pages reload what they show. */
function useLive(enabled: boolean): number {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!enabled) return;
    let last: string | undefined;
    let stop = false;
    const poll = async () => {
      try {
        const { mark } = await get<{ mark: string }>("version");
        if (last !== undefined && mark !== last) setTick((t) => t + 1);
        last = mark;
      } catch {
        // The daemon restarting or gone: keep showing what we have and try again.
      }
      if (!stop) timer = setTimeout(poll, POLL_MS);
    };
    let timer = setTimeout(poll, 0);
    return () => {
      stop = true;
      clearTimeout(timer);
    };
  }, [enabled]);
  return tick;
}

function Page({ page, params }: { page: string; params: URLSearchParams }) {
  switch (page) {
    case "notes":
      return <NotesPage />;
    case "note":
      return <NotePage params={params} />;
    case "soul":
      return <SoulPage />;
    case "memories":
      return <MemoriesPage />;
    case "personality":
      return <PersonalityPage />;
    case "jobs":
      return <JobsPage />;
    case "health":
      return <HealthPage />;
    default:
      return <SearchPage initial={params} />;
  }
}

function App() {
  const [where, setWhere] = useState(route);
  const [session, setSession] = useState<{ workspace?: string; error?: string }>({});
  useEffect(() => {
    const on = () => setWhere(route());
    addEventListener("hashchange", on);
    startSession().then(
      (s) => setSession({ workspace: s.workspace }),
      (e: unknown) => setSession({ error: e instanceof ApiFailure && e.status === 401 ? "Not logged in. Run `agent ui` and open the link it prints (it works once)." : String(e) }),
    );
    return () => removeEventListener("hashchange", on);
  }, []);
  const tick = useLive(session.workspace !== undefined);
  useEffect(() => {
    // The page is usable from here on: what `npm run bench:ui` reads as the load time.
    if (session.workspace !== undefined) performance.mark("agent:ready");
  }, [session.workspace]);
  return (
    <LiveTick.Provider value={tick}>
      <header>
        <a class="skip-link" href="#main">
          skip to content
        </a>
        <h1>agent</h1>
        <nav aria-label="pages">
          {PAGES.map(([id, title]) => (
            <a key={id} href={`#/${id}`} aria-current={where.page === id ? "page" : undefined}>
              {title}
            </a>
          ))}
        </nav>
        {session.workspace ? <span class="workspace muted">{session.workspace}</span> : null}
      </header>
      <main id="main" tabIndex={-1}>
        {session.error ? <p class="error">
            <Prose text={session.error} />
          </p> : session.workspace ? <Page key={`${where.page}?${where.params.toString()}`} page={where.page} params={where.params} /> : <p class="muted">connecting…</p>}
      </main>
    </LiveTick.Provider>
  );
}

render(<App />, document.getElementById("app")!);
