/**
 * An OpenClaw session's kind (main / group / isolated), pure. What a session gets of the person's
 * memory follows from it (src/workspace/privacy.ts): only a main session sees MEMORY.md,
 * USER.md, daily notes and transcripts, and only a main session's lines feed that memory.
 *
 * OpenClaw names its sessions by key (docs.openclaw.ai, "Session Management"):
 *   agent:<agentId>:<mainKey>                       the person's main session (direct chats under
 *                                                   the default dmScope "main") → main
 *   agent:<agentId>:explicit:<id>, …:global,        a session the person opened themselves
 *   …:dashboard:<id>, any of these + :thread:<id>   (`openclaw agent --session-id`, the web
 *                                                   app) → main
 *   agent:<agentId>:<channel>:group:<id>            a group chat (Telegram, WhatsApp, Signal…)
 *   agent:<agentId>:<channel>:channel:<id>          a channel/room (Discord, Slack)
 *   …:group:<id>:topic:<thread>, legacy group:<id>, <id>@g.us, discord:…guild-…:channel-…
 *                                                   → group
 *   agent:<agentId>:dm:<peer>, …:<channel>:dm:<peer>, …:<channel>:direct:<peer>, …:<account>:dm:<peer>
 *                                                   a direct chat with ONE sender under a per-peer
 *                                                   dmScope, chosen because several people write to
 *                                                   the agent → isolated (the sender may not be the
 *                                                   person), unless the plugin's `mainPeers` names it
 *   agent:<agentId>:cron:…, …:subagent:…, hook:…, cron:… → isolated (nobody's conversation)
 * No key at all (an older OpenClaw, a test driving the plugin by hand): main, as before.
 * Anything else unrecognised: isolated (a wrong "main" would leak; a wrong "isolated" only
 * leaves memories out).
 */
import { userSpeakerOf, type SessionKind, type Speaker } from "../../workspace/sessions.js";

const GROUP_KINDS = new Set(["group", "channel"]);
const DIRECT_KINDS = new Set(["dm", "direct"]);
const NOBODY = new Set(["cron", "subagent", "hook", "acp", "heartbeat"]);
/** The person's own surfaces: the terminal's `--session-id`, the web app. */
const OWN = new Set(["explicit", "dashboard"]);

/** The kind of an OpenClaw session, from the `sessionKey` OpenClaw hands its hooks and tools. */
export function openClawSessionKind(sessionKey: string | undefined, mainPeers: readonly string[] = []): SessionKind {
  const key = (sessionKey ?? "").trim().toLowerCase();
  if (key === "") return "main";
  const rest = agentRest(key);
  const parts = rest.split(":");
  if (isLegacyGroup(rest) || (parts.length > 1 && parts.some((p) => GROUP_KINDS.has(p)))) return "group";
  if (NOBODY.has(parts[0]!) || parts.includes("subagent")) return "isolated";
  const direct = parts.findIndex((p) => DIRECT_KINDS.has(p));
  if (direct >= 0) {
    const peer = parts.slice(direct + 1).join(":");
    const channelPeer = direct > 0 ? `${parts[0]}:${peer}` : peer;
    return mainPeers.some((m) => m.toLowerCase() === peer || m.toLowerCase() === channelPeer) ? "main" : "isolated";
  }
  if (OWN.has(parts[0]!)) return "main";
  // agent:<id>:<mainKey> (or `global`), one word, perhaps with a thread of it.
  const word = /^[a-z0-9._-]+$/.test(parts[0]!);
  return word && (parts.length === 1 || (parts.length === 3 && parts[1] === "thread")) ? "main" : "isolated";
}

/**
 * Who writes the "user" side of an OpenClaw session: the person in a main one; in a group, or in
 * a direct chat kept apart for one sender (who may be anyone), another participant; in a cron
 * run, a sub-agent's or a hook's session, the agent or job that started it.
 */
export function openClawAsker(sessionKey: string | undefined, mainPeers: readonly string[] = []): Speaker {
  const kind = openClawSessionKind(sessionKey, mainPeers);
  if (kind !== "isolated") return userSpeakerOf(kind);
  const parts = agentRest((sessionKey ?? "").trim().toLowerCase()).split(":");
  return NOBODY.has(parts[0]!) || parts.includes("subagent") ? "agent" : "participant";
}

/** The key after `agent:<agentId>:`, or the whole key when it has no agent prefix. */
function agentRest(key: string): string {
  if (!key.startsWith("agent:")) return key;
  const end = key.indexOf(":", 6);
  return end === -1 ? "" : key.slice(end + 1);
}

function isLegacyGroup(rest: string): boolean {
  return /^[^:]*@g\.us$/.test(rest.replace(/^whatsapp:/, "")) || /^discord:(?:[^:]+:)?guild-[^:]+:channel-[^:]+$/.test(rest);
}
