/**
 * When the nightly reflection is due, with catch-up.
 *
 * Night D is the local date on which `reflectAt` falls (03:00 on 2026-11-21 is night
 * 2026-11-21). At any moment the night that matters is the one of the latest `reflectAt`
 * at or before now. It is done when the state says so ("nightly.lastDate" ≥ D) or when a
 * reflection (by the daemon, cron or by hand) finished after that `reflectAt`. If it is not
 * done, it is due now — on time, or as a catch-up after the machine slept or the daemon was
 * down. Only the latest night is ever owed, so a week away means one run, not seven, and a
 * night is never run twice. A night before the workspace existed is never owed: a daemon
 * started the afternoon `agent init` ran reflects first the coming night, not "for 03:00".
 */
import { statWorkspacePath } from "../../workspace/guard.js";
import { previousClockTime, nextClockTime, zonedDate, zonedTime, timeZoneLabel } from "../../workspace/time.js";

export const NIGHTLY_STATE_KEY = "nightly.lastDate";

export interface NightlyStatus {
  due: boolean;
  /** "YYYY-MM-DD" of the night in question. */
  night: string;
  /** The `reflectAt` instant of that night. */
  scheduledAt: number;
  /** When due: now. When done: the next `reflectAt`. */
  next: number;
  /** True when due well after its time (the daemon was not running then). */
  catchUp: boolean;
  /** True when the night came before the workspace existed: nothing is owed for it (nor a dream). */
  beforeWorkspace: boolean;
  reason: string;
}

export interface NightlyInput {
  now: number;
  reflectAt: string;
  timeZone?: string;
  /** The last night recorded as done. */
  lastDate: string | undefined;
  /** Whether some reflection finished (complete or skip) at or after this instant. */
  reflectedSince: (ms: number) => boolean;
  /** Lateness beyond which a due run counts as catch-up (the tick length). */
  graceMs: number;
  /** When the workspace came to be (workspaceBornAt): earlier nights are not owed. */
  owedFrom?: number;
}

export function nightlyStatus(input: NightlyInput): NightlyStatus {
  const scheduledAt = previousClockTime(input.reflectAt, input.timeZone, input.now);
  const night = zonedDate(scheduledAt, input.timeZone);
  const doneByState = input.lastDate !== undefined && input.lastDate >= night;
  const notOwed = input.owedFrom !== undefined && scheduledAt < input.owedFrom;
  if (doneByState || notOwed || input.reflectedSince(scheduledAt)) {
    const next = nextClockTime(input.reflectAt, input.timeZone, input.now + 1);
    const why = doneByState ? "recorded" : notOwed ? "the workspace did not exist yet" : "a reflection ran after " + input.reflectAt;
    return {
      due: false,
      night,
      scheduledAt,
      next,
      catchUp: false,
      beforeWorkspace: notOwed && !doneByState,
      reason: `night ${night} is done (${why}); next at ${zonedDate(next, input.timeZone)} ${zonedTime(next, input.timeZone)} (${timeZoneLabel(input.timeZone)})`,
    };
  }
  const catchUp = input.now - scheduledAt > input.graceMs;
  return {
    due: true,
    night,
    scheduledAt,
    next: input.now,
    catchUp,
    beforeWorkspace: false,
    reason: catchUp
      ? `catch-up: reflection for night ${night} (due ${input.reflectAt}) did not run`
      : `scheduled reflection for night ${night}`,
  };
}

/**
 * When the workspace came to be, on the file system's clock: the earlier of its folder's and
 * agent.config.json's birth (their change time where the file system keeps no birth time).
 * Undefined when neither can be read, or when the answer lies after `now`: then the clock
 * that decides is not the file system's (a simulated one), and nothing is held back.
 */
export function workspaceBornAt(workspace: string, now: number): number | undefined {
  // Asked on every tick; a workspace is born once (its config may be saved anew, which only
  // makes the answer later, so the first answer stands).
  if (!bornCache.has(workspace)) bornCache.set(workspace, readBirth(workspace));
  const born = bornCache.get(workspace);
  return born !== undefined && born <= now ? born : undefined;
}

const bornCache = new Map<string, number | undefined>();

function readBirth(workspace: string): number | undefined {
  const times = [".", "agent.config.json"].map((rel) => statWorkspacePath(workspace, rel)?.bornMs).filter((t): t is number => t !== undefined);
  return times.length > 0 ? Math.min(...times) : undefined;
}
