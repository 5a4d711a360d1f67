import { nextClockTime, parseClockTime, timeZoneLabel, zonedMinuteOfDay, zonedParts, zonedTime } from "../../workspace/time.js";
export const HEARTBEAT_OK = "HEARTBEAT_OK";
/**
 * True when HEARTBEAT.md gives the model nothing to do: missing, or only headings, blank
 * lines, empty list items / checkboxes ("- [ ]"), HTML comments and horizontal rules. Then
 * the heartbeat skips the model call entirely.
 */
export function isHeartbeatEmpty(text) {
    if (text === null || text === undefined)
        return true;
    const withoutComments = text.replace(/<!--[\s\S]*?-->/g, "");
    for (const raw of withoutComments.split(/\r?\n/)) {
        const line = raw.trim();
        if (line === "")
            continue;
        if (/^#{1,6}(\s|$)/.test(line))
            continue; // heading
        if (/^(?:[-*+]|\d+[.)])(?:\s+\[[ xX]?\])?\s*$/.test(line))
            continue; // "-", "- [ ]", "1. [x]" with nothing after
        if (/^(?:-{3,}|\*{3,}|_{3,})$/.test(line))
            continue; // rule
        return false;
    }
    return true;
}
/**
 * True when a heartbeat reply means "nothing needs attention": HEARTBEAT_OK at the start or
 * the end (markdown emphasis and punctuation around it allowed), with at most `maxRemainder`
 * characters of anything else.
 */
export function isOkReply(text, maxRemainder = 120) {
    const t = text.trim();
    const start = new RegExp(`^[\\s*_\`"'>\\[(]*${HEARTBEAT_OK}[\\s*_\`"'.!:)\\]]*`);
    const end = new RegExp(`[\\s*_\`"'(\\[]*${HEARTBEAT_OK}[\\s*_\`"'.!)\\]]*$`);
    for (const re of [start, end]) {
        const m = re.exec(t);
        if (m === null)
            continue;
        const rest = (t.slice(0, m.index) + t.slice(m.index + m[0].length)).trim();
        if (rest.length <= maxRemainder)
            return true;
    }
    return false;
}
function minutesOf(hours) {
    const start = parseClockTime(hours.start);
    const end = parseClockTime(hours.end, { allow24: true });
    if (start === undefined)
        throw new Error(`active hours start "${hours.start}" is not HH:MM`);
    if (end === undefined)
        throw new Error(`active hours end "${hours.end}" is not HH:MM`);
    return { start, end: end === 24 * 60 ? 0 : end };
}
/**
 * Whether the wall clock in `timeZone` at `ms` is inside the window [start, end). A window
 * whose end is before its start crosses midnight (22:00–06:00 is active at 23:30 and 05:59);
 * start equal to end is active all day.
 */
export function isWithinActiveHours(ms, hours, timeZone) {
    const { start, end } = minutesOf(hours);
    if (start === end)
        return true;
    const m = zonedMinuteOfDay(ms, timeZone);
    return start < end ? m >= start && m < end : m >= start || m < end;
}
/** `ms` itself when inside the active hours, else the next time the window opens, computed forward from `ms`. */
export function nextActiveStart(ms, hours, timeZone) {
    if (isWithinActiveHours(ms, hours, timeZone))
        return ms;
    const opens = nextClockTime(hours.start, timeZone, ms);
    // On a DST day the clock may skip the start time; croner then returns the first instant
    // after the gap, which is inside the window. Guard anyway: never return a time outside it.
    return isWithinActiveHours(opens, hours, timeZone) ? opens : nextClockTime(hours.start, timeZone, opens + 60_000);
}
/**
 * When the next heartbeat is due: `interval` after the last one, pushed forward to the next
 * opening of the active hours when that falls outside them. No last heartbeat: now.
 */
export function heartbeatDueAt(now, lastStartedAt, intervalMs, hours, timeZone) {
    const wanted = lastStartedAt === undefined ? now : Math.max(now, lastStartedAt + intervalMs);
    const at = nextActiveStart(wanted, hours, timeZone);
    if (at <= now)
        return { due: true, at, reason: lastStartedAt === undefined ? "first heartbeat" : "interval elapsed" };
    const outside = !isWithinActiveHours(now, hours, timeZone) || at > wanted;
    return {
        due: false,
        at,
        reason: outside
            ? `outside active hours ${hours.start}–${hours.end} (${timeZoneLabel(timeZone)}); next at ${zonedTime(at, timeZone)}`
            : `next heartbeat at ${zonedTime(at, timeZone)}`,
    };
}
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
export function buildHeartbeatPrompt(input) {
    const p = zonedParts(input.now, input.timeZone);
    const weekday = WEEKDAYS[new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay()];
    const when = `${weekday} ${String(p.year).padStart(4, "0")}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")} ${zonedTime(input.now, input.timeZone)} (${timeZoneLabel(input.timeZone)})`;
    const system = [
        input.context.trimEnd(),
        "",
        "# Heartbeat",
        "This is a scheduled heartbeat, not a message from the person. Nobody reads your reply unless it is an alert.",
    ].join("\n");
    const user = [
        `Heartbeat at ${when}.`,
        "Read HEARTBEAT.md (in the context above) and follow it strictly. Do not infer or repeat old tasks from earlier conversations.",
        `If nothing needs the person's attention now, reply with exactly ${HEARTBEAT_OK}.`,
        "Otherwise reply with the alert only: what needs attention and why, in a few short lines, first line as a title.",
    ].join("\n");
    return { system, messages: [{ role: "user", content: user }] };
}
/** First line of an alert, without markdown heading marks, as its title. */
export function alertTitle(reply, max = 80) {
    const first = reply.trim().split("\n").find((l) => l.trim() !== "") ?? "";
    const t = first.replace(/^#+\s*/, "").replace(/[*_`]/g, "").trim();
    if (t === "")
        return "Heartbeat alert";
    return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}
//# sourceMappingURL=plan.js.map