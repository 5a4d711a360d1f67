/** The page's only way out: same-origin requests to the daemon, with the session's CSRF token on changes. */
let csrf = "";

export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function answer<T>(res: Response): Promise<T> {
  const body = (await res.json().catch(() => ({}))) as { error?: { message?: string } };
  if (!res.ok) throw new ApiFailure(res.status, body.error?.message ?? `${res.status} ${res.statusText}`);
  return body as T;
}

export async function startSession(): Promise<{ workspace: string }> {
  const s = await answer<{ csrf: string; workspace: string }>(await fetch("/api/session", { credentials: "same-origin" }));
  csrf = s.csrf;
  return s;
}

export async function get<T>(path: string, params: Record<string, string | number | undefined> = {}): Promise<T> {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== "") q.set(k, String(v));
  const qs = q.toString();
  return answer<T>(await fetch(`/api/${path}${qs ? `?${qs}` : ""}`, { credentials: "same-origin" }));
}

export async function post<T>(path: string, body: Record<string, unknown> = {}): Promise<T> {
  return answer<T>(
    await fetch(`/api/${path}`, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf },
      body: JSON.stringify(body),
    }),
  );
}
