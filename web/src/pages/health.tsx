import { useEffect } from "preact/hooks";
import type { HealthAnswer } from "../answers.js";
import { Loading, Problem, Prose, useApi } from "../util.js";
import { TruthSection } from "./truth.js";

/** One line over the checks: a failure is named as one; warnings (a model to install) are not "broken". */
function summary(d: HealthAnswer): { cls: string; text: string } {
  const failed = d.checks.filter((c) => c.status === "fail").map((c) => c.name);
  if (failed.length > 0) return { cls: "attention", text: `${failed.length} check(s) failed: ${failed.join(", ")}` };
  const warned = d.checks.filter((c) => c.status === "warn").map((c) => c.name);
  if (warned.length > 0) return { cls: "notice", text: `search works; worth a look: ${warned.join(", ")}` };
  return { cls: "notice", text: "all checks pass" };
}

/** `agent doctor`, live: again every 15 seconds while the page is open, and on every change. */
export function HealthPage() {
  const { data, error, loading, reload } = useApi<HealthAnswer>("health");
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
          <p class={summary(data).cls} id="health-summary">
            {summary(data).text}
          </p>
          <table class="checks">
            <tbody>
              {data.checks.map((c) => (
                <tr key={c.name}>
                  <td>
                    <span class={`badge ${c.status}`}>{c.status}</span>
                  </td>
                  <th scope="row">{c.name}</th>
                  <td>
                    <Prose text={c.detail} />
                    {c.fix ? (
                      <div class="muted">
                        fix: <Prose text={c.fix} />
                      </div>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
      <TruthSection />
    </section>
  );
}
