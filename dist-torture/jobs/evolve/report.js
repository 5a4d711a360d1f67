/**
 * The weekly evolution report, pure: the markdown written to reflections/weekly-YYYY-Www.md
 * (and summarised in the inbox), and the team section's one line per pair of agents.
 */
import { driftLine } from "./drift.js";
import { TRAIT_NAMES, TRAIT_TITLES } from "./snapshot.js";
import { MEMORY_TYPES, typeLabel } from "./types.js";
/** First line of every report we write; a file without it was not written by us. */
export const REPORT_MARKER = "<!-- written by `agent evolve`; an edited copy is never overwritten -->";
export function weeklyReportMarkdown(r) {
    const out = [REPORT_MARKER, `# Weekly evolution ${r.week} — ${r.agent}`, ""];
    out.push(`${r.period.from} to ${r.period.to}, written ${r.generatedAt}.`, "");
    out.push("## Who I am now", "", r.narrative, "", `_(narrative by ${r.narrativeBy})_`, "");
    out.push("## SOUL.md this week", "");
    if (r.soul.versions.length === 0)
        out.push("- No new SOUL versions this week.");
    else {
        out.push(`- ${r.soul.versions.length} new version(s): +${r.soul.added} / −${r.soul.removed} lines over the week.`);
        for (const v of r.soul.versions)
            out.push(`  - v${v.number} (${v.date}, ${v.origin}): ${v.summary}`);
    }
    if (r.soul.words !== null)
        out.push(`- SOUL.md now: ${r.soul.words} words.`);
    out.push("");
    const m = r.memories;
    out.push("## Memories", "");
    out.push(`- ${m.active} active, ${m.vivid} vivid, ${m.fading} fading, ${m.pinned} pinned; ${m.archivedTotal} in the archive.`);
    out.push(`- This week: ${m.formed} formed, ${m.reinforced} reinforced, ${m.recalled} recall(s), ${m.archived.length} faded into the archive.`);
    const types = MEMORY_TYPES.filter((t) => m.byType[t] > 0).map((t) => `${typeLabel(t)} ${m.byType[t]}`);
    if (types.length > 0)
        out.push(`- By type: ${types.join(", ")}.`);
    for (const a of m.archived)
        out.push(`  - archived #${a.id} (${typeLabel(a.type)}): ${a.content} — ${a.reason}`);
    out.push("");
    out.push("## Defining experiences", "");
    if (r.defining.length === 0)
        out.push("- None yet.");
    for (const d of r.defining) {
        out.push(`- #${d.id} ${typeLabel(d.type)} (${d.domain}, significance ${d.significance.toFixed(2)}, vividness ${d.vividness.toFixed(2)}): ${d.content}`);
    }
    out.push("");
    out.push("## Personality", "");
    for (const t of TRAIT_NAMES)
        out.push(`- ${TRAIT_TITLES[t]}: **${r.traits[t].label}** (${r.traits[t].score.toFixed(2)})`);
    out.push("");
    out.push("## Drift", "");
    if (!r.hadPrevious)
        out.push("- First snapshot: nothing to compare with yet.");
    else if (r.drift.length === 0)
        out.push("- No trait moved since the last snapshot.");
    for (const d of r.drift) {
        out.push(`- ${driftLine(d)}`);
        for (const e of d.evidence)
            out.push(`  - ${e}`);
    }
    out.push("");
    if (r.team.length > 0) {
        out.push("## Team", "");
        for (const line of r.team)
            out.push(`- ${line}`);
        out.push("");
    }
    return out.join("\n");
}
/**
 * One line per pair of agents (this one included): which traits they share, where they
 * differ, and the domains both have experience in. A member without a snapshot gets one
 * line saying so instead of pairs.
 */
export function teamLines(members) {
    const lines = [];
    const ready = members.filter((m) => m.traits !== null);
    for (const m of members)
        if (m.traits === null)
            lines.push(`${m.name}: ${m.note ?? "no snapshot yet"}`);
    for (let i = 0; i < ready.length; i++) {
        for (let j = i + 1; j < ready.length; j++) {
            const a = ready[i];
            const b = ready[j];
            const ta = a.traits;
            const tb = b.traits;
            const same = TRAIT_NAMES.filter((t) => ta[t].label === tb[t].label);
            const differ = TRAIT_NAMES.filter((t) => ta[t].label !== tb[t].label);
            const shared = a.domains.filter((d) => b.domains.includes(d) && d !== "general");
            const parts = [`${same.length}/${TRAIT_NAMES.length} traits alike${same.length > 0 ? ` (${same.map((t) => ta[t].label).join(", ")})` : ""}`];
            if (differ.length > 0)
                parts.push(`differ in ${differ.map((t) => `${TRAIT_TITLES[t]} (${ta[t].label} vs ${tb[t].label})`).join(", ")}`);
            parts.push(shared.length > 0 ? `shared domains: ${shared.join(", ")}` : "no shared domains yet");
            lines.push(`${a.name} ↔ ${b.name}: ${parts.join("; ")}`);
        }
    }
    return lines;
}
//# sourceMappingURL=report.js.map