/**
 * Step 1 of reflection: which conversations happened since a moment, how many messages
 * each had, and a transcript cut to fit a small model's context.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { parseSessionText } from "../../workspace/sessions.js";
/** Reads `sessions/*.jsonl` and keeps the user/assistant turns with since <= time <= until. */
export function gatherSessions(workspace, opts) {
    const dir = path.join(workspace, "sessions");
    const sessions = [];
    const problems = [];
    let names = [];
    try {
        names = readdirSync(dir).filter((n) => n.endsWith(".jsonl")).sort();
    }
    catch (e) {
        if (e.code !== "ENOENT")
            throw e;
    }
    for (const name of names) {
        const file = path.join(dir, name);
        let text;
        let mtime;
        try {
            const st = statSync(file);
            if (!st.isFile())
                continue;
            mtime = st.mtimeMs;
            text = readFileSync(file, "utf8");
        }
        catch (e) {
            problems.push(`sessions/${name}: cannot be read (${e.message})`);
            continue;
        }
        const id = name.slice(0, -".jsonl".length);
        const parsed = parseSessionText(id, text);
        for (const p of parsed.problems)
            problems.push(`sessions/${name}:${p.line}: ${p.reason}`);
        const messages = [];
        for (const t of parsed.turns) {
            if (t.role !== "user" && t.role !== "assistant")
                continue;
            const parsedTs = Date.parse(t.ts);
            const at = Number.isNaN(parsedTs) ? mtime : parsedTs;
            if (at < opts.since || at > opts.until)
                continue;
            const m = { session: id, role: t.role, content: t.content, at };
            if (t.thread !== undefined)
                m.thread = t.thread;
            messages.push(m);
        }
        if (messages.length > 0)
            sessions.push({ id, messageCount: messages.length, messages });
    }
    sessions.sort((a, b) => a.messages[0].at - b.messages[0].at || a.id.localeCompare(b.id));
    return {
        since: opts.since,
        until: opts.until,
        sessions,
        qualified: sessions.filter((s) => s.messageCount >= opts.minMessagesPerSession),
        problems,
    };
}
/**
 * Fits the sessions into a prompt: the newest `maxMessages` messages across all sessions
 * are kept (older ones dropped first), each cut to `maxMessageChars`, then printed grouped
 * by session and thread, oldest first inside each group.
 */
export function cutTranscript(sessions, opts) {
    const all = sessions.flatMap((s) => s.messages.map((m, i) => ({ m, i })));
    const total = all.length;
    // Newest first; ties keep file order.
    all.sort((x, y) => y.m.at - x.m.at || y.i - x.i);
    const kept = all.slice(0, opts.maxMessages);
    const keptSet = new Set(kept.map((k) => k.m));
    const parts = [];
    for (const s of sessions) {
        const mine = s.messages.filter((m) => keptSet.has(m));
        if (mine.length === 0)
            continue;
        const header = mine.length === s.messages.length
            ? `## Session ${s.id} (${s.messageCount} messages)`
            : `## Session ${s.id} (${s.messageCount} messages; the newest ${mine.length} shown)`;
        parts.push(header);
        const threads = new Map();
        for (const m of mine) {
            const key = m.thread ?? "";
            const list = threads.get(key) ?? [];
            list.push(m);
            threads.set(key, list);
        }
        for (const [thread, list] of threads) {
            if (thread !== "" || threads.size > 1)
                parts.push(`### Thread: ${thread === "" ? "(main)" : thread}`);
            for (const m of list)
                parts.push(`[${stamp(m.at)}] ${m.role}: ${clip(m.content, opts.maxMessageChars)}`);
        }
        parts.push("");
    }
    return { text: parts.join("\n").trim(), shown: kept.length, total };
}
/** One line, at most `max` characters, "…" marking a cut. */
export function clip(text, max) {
    const flat = text.replace(/\s+/g, " ").trim();
    if (flat.length <= max)
        return flat;
    return flat.slice(0, Math.max(0, max - 1)).replace(/\s+\S*$/, (m) => (m.length < 20 ? "" : m)) + "…";
}
function stamp(ms) {
    const d = new Date(ms);
    const p = (n) => String(n).padStart(2, "0");
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}
//# sourceMappingURL=gather.js.map