/** Every kind of junk a consolidation loop is known to promote, with the check that names it. */
export const JUNK_CASES: [string, string][] = [
  ["Candidate: User: System: [2026-04-10 15:04:28] Model switched to qwen2.5:3b", "a raw transcript or candidate line"],
  ["User: System: [2026-04-10 15:04:28] Model switched", "a raw transcript or candidate line"],
  ["System: compaction done", "a raw transcript or candidate line"],
  ["npm run build && npm test", "a shell command"],
  ["$ git push origin main", "a shell command"],
  ["docker compose up -d --build", "a shell command"],
  ["cd ~/projects/api", "a shell command"],
  ["## Alice's Decision", "a heading"],
  ["### Decision:", "a heading"],
  ["[score=0.850 recalls=0] Alice prefers tea", "score metadata"],
  ["score: 0.85 relevance: 0.7", "score metadata"],
  ["Conversation info (untrusted metadata): message_id 5417 from the bridge", "transport or pipeline metadata"],
  ["Alice prefers tea, evidence: memory/.dreams/session-corpus/a.txt, status: staged", "transport or pipeline metadata"],
  ["[2026-04-10 15:04:28] deploy finished", "a timestamp"],
  ["2026-04-10 15:04 — 15:30", "a timestamp"],
  ["15:04:28 standup", "a timestamp"],
  ["Nightly reflection: SOUL.md is now version 4", "the engine's own output"],
  ["## 03:00 — notes before compaction (session main)", "a heading"],
  ["Sure! Here is the durable fact:", "boilerplate"],
  ["Curated long-term facts: the things worth knowing in every session.", "boilerplate"],
  ["const x = await fetch(url);", "code"],
  ["```", "a code fence"],
  ["TODO", "boilerplate"],
];

export const JUNK = JUNK_CASES.map(([j]) => j);
