import { useEffect } from "preact/hooks";
import { Loading, Problem, useApi } from "../util.js";

interface Doctor {
  workspace: string;
  ok: boolean;
  checks: { name: string; status: string; detail: string; fix?: string }[];
}

/** `agent doctor`, live: again every 15 seconds while the page is open, and on every change. */
export function HealthPage() {
  const { data, error, loading, reload } = useApi<Doctor>("health");
  useEffect(() => {
    const t = setInterval(reload, 15_000);
    return () => clearInterval(t);
  }, []);
  return (
    <section>
      <h2>Health</h2>
      <Problem error={error} />
      <Loading when={loading && !data} />
      {data ? (
        <>
          <p class={data.ok ? "notice" : "attention"}>{data.ok ? "all checks pass" : "some checks need attention"}</p>
          <table class="checks">
            <tbody>
              {data.checks.map((c) => (
                <tr key={c.name}>
                  <td>
                    <span class={`badge ${c.status}`}>{c.status}</span>
                  </td>
                  <th scope="row">{c.name}</th>
                  <td>
                    {c.detail}
                    {c.fix ? <div class="muted">fix: {c.fix}</div> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
    </section>
  );
}
