/**
 * A to-do ticked off with another count: "- [ ] Book 6 seats for the quiz", later "- [x]
 * Booked 8 seats for the quiz". The open box is a plan and the ticked one what was done, which
 * are otherwise both true (slot-guards.ts keeps a plan and a deed apart); but a box is ticked
 * when its own task is done, so what the ticked line says is what the task came to, and the
 * open line's count is no longer the answer.
 *
 * Linked when the open line is older, both are checkbox lines, the ticked line says every word of
 * the open one (its verb in any tense, "book" / "booked"), each names exactly one count in the
 * task's words, and the counts differ.
 *
 * Pure.
 */
import type { Statement } from "./statements.js";
import type { Todo } from "./statement-mood.js";
import type { Link, PlacedStatement } from "./supersede.js";


/** The one count a task names, outside brackets ("(they come in packs of 12)" is an aside); null for none or several. */
function countOf(text: string): string | null {
  const nums = text.replace(/\([^()]*\)/g, " ").match(/(?<![\d.,:/£$€-])\d+(?![\d.,:/%]\d|[\d%])/g) ?? [];
  return nums.length === 1 ? nums[0]! : null;
}

type WithCount = Statement & { todoCount?: string };

/** A checkbox line's statement with its task's count, read when it is stored (linking reads no text). */
export function withTodoCount<T extends Statement>(st: T): T {
  const count = st.todo === undefined ? null : countOf(st.text);
  return count === null ? st : { ...st, todoCount: count };
}

/** The task's state and count, from the statement's stored JSON, which may come from older rules: checked, not trusted. */
function task(st: Statement): { state: Todo; count: string } | null {
  const count = (st as WithCount).todoCount;
  return (st.todo === "open" || st.todo === "done") && typeof count === "string" ? { state: st.todo, count } : null;
}

/** Updates: a ticked task that says all of an older open one's words with another count. */
export function tickedTodoUpdates(all: readonly PlacedStatement[]): Link[] {
  const open = all.filter((p) => task(p.st)?.state === "open");
  const out: Link[] = [];
  for (const n of all) {
    const t = task(n.st);
    if (t?.state !== "done") continue;
    const o = open.filter((p) => p.order < n.order && p.st.words.every((w) => n.st.words.includes(w)) && task(p.st)?.count !== t.count).sort((a, b) => b.order - a.order)[0];
    if (o) out.push({ older: o.id, newer: n.id, kind: "update", slot: o.st.words.join(" "), by: "guess", strength: 1, rule: "slot" });
  }
  return out;
}
