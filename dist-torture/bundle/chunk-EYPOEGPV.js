import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);
import {
  TimeZoneSchema
} from "./chunk-PUIWUURG.js";
import {
  parseClockTime
} from "./chunk-UWHEQYUJ.js";
import {
  external_exports
} from "./chunk-EIUDDPL2.js";

// dist/jobs/flush/config.js
var FlushConfigSchema = external_exports.object({
  enabled: external_exports.boolean().default(true),
  /** The assistant's context window, in tokens. */
  contextWindow: external_exports.number().int().min(1024).default(32768),
  /** Tokens the assistant keeps free for its reply and tools; compaction happens near here. */
  reserveTokensFloor: external_exports.number().int().min(0).default(2e4),
  /** Flush this many tokens before the reserve is reached. */
  softThresholdTokens: external_exports.number().int().min(0).default(4e3),
  /** Bytes of transcript since the last compaction that trigger a flush regardless of tokens. */
  maxBytes: external_exports.number().int().min(1024).default(2e5),
  /** The newest part of the transcript given to the model, in characters (small models break on long prompts). */
  maxTranscriptChars: external_exports.number().int().min(1e3).max(1e6).default(16e3),
  /** Output limit of the flush call. */
  maxReplyTokens: external_exports.number().int().min(16).default(512),
  temperature: external_exports.number().min(0).max(2).default(0.2)
}).strict().superRefine((c, ctx) => {
  if (c.contextWindow - c.reserveTokensFloor - c.softThresholdTokens <= 0) {
    ctx.addIssue({
      code: "custom",
      path: ["contextWindow"],
      message: `must be larger than reserveTokensFloor + softThresholdTokens (${c.reserveTokensFloor} + ${c.softThresholdTokens})`
    });
  }
});
function flushThresholdTokens(c) {
  return c.contextWindow - c.reserveTokensFloor - c.softThresholdTokens;
}

// dist/shared/duration.js
var UNIT_MS = {
  s: 1e3,
  m: 6e4,
  min: 6e4,
  h: 36e5,
  d: 864e5,
  w: 7 * 864e5
};
function parseDuration(text) {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(s|m|min|h|d|w)\s*$/i.exec(text);
  if (!m)
    return void 0;
  const ms = Number(m[1]) * UNIT_MS[m[2].toLowerCase()];
  return Number.isFinite(ms) && ms > 0 ? ms : void 0;
}

// dist/jobs/heartbeat/config.js
var clock = (allow24) => external_exports.string().refine((s) => parseClockTime(s, { allow24 }) !== void 0, {
  message: allow24 ? 'expected a time of day "HH:MM" (00:00 to 24:00)' : 'expected a time of day "HH:MM" (00:00 to 23:59)'
});
var ActiveHoursSchema = external_exports.object({
  start: clock(false).default("08:00"),
  end: clock(true).default("22:00")
}).strict();
var NotifierConfigSchema = external_exports.object({
  /** Shell command run for each alert, with the alert on stdin (title, blank line, body). */
  command: external_exports.string().min(1).optional(),
  /** URL that receives each alert as a JSON POST. */
  webhook: external_exports.string().refine((u) => /^https?:\/\//i.test(u) && URL.canParse(u), { message: "expected an http:// or https:// URL" }).optional(),
  /** How long the command or the webhook may take. */
  timeoutMs: external_exports.number().int().min(100).max(6e5).default(1e4)
}).strict();
var HeartbeatConfigSchema = external_exports.object({
  enabled: external_exports.boolean().default(true),
  /** Time between heartbeats: "30m", "1h"; at least a minute. */
  interval: external_exports.string().default("30m").refine((s) => (parseDuration(s) ?? 0) >= 6e4, { message: 'expected a duration of at least a minute, like "30m" or "1h"' }),
  activeHours: ActiveHoursSchema.prefault({}),
  /** Zone of the active hours; default context.timeZone, else this machine's. */
  timeZone: TimeZoneSchema.optional(),
  /**
   * A reply that starts or ends with HEARTBEAT_OK is "nothing to report" when what is left
   * besides the token is at most this many characters ("HEARTBEAT_OK — all quiet.").
   */
  okMaxChars: external_exports.number().int().min(0).max(2e3).default(120),
  maxReplyTokens: external_exports.number().int().min(16).default(400),
  temperature: external_exports.number().min(0).max(2).default(0.2),
  notifier: NotifierConfigSchema.prefault({})
}).strict();
function heartbeatIntervalMs(c) {
  return parseDuration(c.interval);
}

// dist/jobs/reflect/config.js
var ReflectionConfigSchema = external_exports.object({
  /** A session must have at least this many user/assistant messages in the window to count. */
  minMessagesPerSession: external_exports.number().int().min(1).default(3),
  /** Fewer qualifying sessions than this and the run is skipped (with the reason recorded). */
  minSessions: external_exports.number().int().min(1).default(1),
  /** The transcript given to the model keeps only the newest this-many messages... */
  maxMessages: external_exports.number().int().min(1).max(1e4).default(100),
  /** ...each cut to this many characters. */
  maxMessageChars: external_exports.number().int().min(20).max(1e5).default(200),
  /** Longer SOUL.md proposals are cut at the last complete sentence within this many words. */
  maxSoulWords: external_exports.number().int().min(50).max(2e4).default(600),
  /**
   * The floor: a new SOUL shorter than this many words is refused (or shorter than the
   * current SOUL, when that is shorter still). Default: half the lower word target the
   * prompt asks for (min(400, 2/3 of maxSoulWords)), i.e. 200 with the defaults.
   */
  minSoulWords: external_exports.number().int().min(1).max(2e4).optional(),
  /** Estimated tokens SOUL.md may take in the assistant's context; over it is a warning. */
  tokenBudget: external_exports.number().int().min(50).default(800),
  /** Largest share of SOUL.md's lines one run may change; bigger rewrites become a proposal. */
  changeBudget: external_exports.number().min(0).max(1).default(0.3),
  /** When true the whole "Core Identity" section is locked, not only <!-- locked --> blocks. */
  lockCoreIdentity: external_exports.boolean().default(false),
  /** Window used when no reflection has completed yet (or with --since): "24h", "3d", "90m". */
  since: external_exports.string().default("24h").refine((s) => parseDuration(s) !== void 0, { message: 'expected a duration like "24h", "3d" or "90m"' }),
  /** Output limits of the two model calls. */
  reflectionMaxTokens: external_exports.number().int().min(16).default(1024),
  soulMaxTokens: external_exports.number().int().min(16).default(2048),
  temperature: external_exports.number().min(0).max(2).default(0.3)
}).strict();
function soulWordTarget(cfg) {
  return { min: Math.min(400, Math.floor(cfg.maxSoulWords * 2 / 3)), max: cfg.maxSoulWords };
}
function soulWordFloor(cfg) {
  return cfg.minSoulWords ?? Math.floor(soulWordTarget(cfg).min / 2);
}

// dist/jobs/schedule/config.js
var ScheduleConfigSchema = external_exports.object({
  /** Run the nightly reflection (set false when cron runs `agent reflect` instead). */
  reflect: external_exports.boolean().default(true),
  /** Local time of the nightly reflection. */
  reflectAt: external_exports.string().default("03:00").refine((s) => parseClockTime(s) !== void 0, { message: 'expected a time of day "HH:MM" (00:00 to 23:59)' }),
  /** Zone of reflectAt; default context.timeZone, else this machine's. */
  timeZone: TimeZoneSchema.optional(),
  /** How often the daemon wakes to look for due work and growing transcripts. */
  tick: external_exports.string().default("1m").refine((s) => {
    const ms = parseDuration(s);
    return ms !== void 0 && ms >= 1e3 && ms <= 36e5;
  }, { message: 'expected a duration between 1s and 1h, like "1m" or "30s"' })
}).strict();
function scheduleTimeZone(c) {
  return c.schedule.timeZone ?? c.context.timeZone;
}

export {
  FlushConfigSchema,
  flushThresholdTokens,
  parseDuration,
  HeartbeatConfigSchema,
  heartbeatIntervalMs,
  ReflectionConfigSchema,
  soulWordTarget,
  soulWordFloor,
  ScheduleConfigSchema,
  scheduleTimeZone
};
//# sourceMappingURL=chunk-EYPOEGPV.js.map
