-- The single source of the engine's database schemas, in three sections:
--
--   1. index  (.agent/index.db): derived from the workspace's markdown, rebuildable at any
--      time. A version change rebuilds it rather than migrating, so an index is never read
--      with the wrong layout. Bump schema_version whenever the index section changes.
--   2. state  (.agent/state.db): the engine's own state (SOUL versions, reflection runs,
--      job runs, memories). Never derived, never rebuilt: it upgrades by numbered
--      migrations that run once each, in order. Add a new "-- migration: N" block; never
--      edit one that has shipped.
--   3. cache  (.agent/embeddings.db, or embed.cacheDir): vectors keyed by (model, text
--      hash). A cache: losing it costs only re-embedding time; kept apart from the index so
--      a rebuild re-embeds nothing.

-- ==== database: index ====
-- schema_version: 7

CREATE TABLE IF NOT EXISTS meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

-- One row per indexed workspace file. (size, mtime_ms) is the cheap "unchanged?" test;
-- hash decides whether a touched file really changed.
CREATE TABLE IF NOT EXISTS files (
  id          INTEGER PRIMARY KEY,
  path        TEXT NOT NULL UNIQUE,          -- relative to the workspace, forward slashes
  kind        TEXT NOT NULL,                 -- soul, memory, daily, bootstrap, note, session, reflection
  source      TEXT NOT NULL,                 -- memory (markdown) or sessions (transcripts)
  date        TEXT,                          -- YYYY-MM-DD for daily notes and sessions
  size        INTEGER NOT NULL,
  mtime_ms    REAL NOT NULL,
  hash        TEXT NOT NULL,                 -- sha256 of the file's bytes
  capped      INTEGER NOT NULL DEFAULT 0,    -- 1 when only the first maxFileBytes were indexed
  chunk_count INTEGER NOT NULL,
  indexed_at  INTEGER NOT NULL               -- ms since epoch
);

-- AUTOINCREMENT: a chunk id is never reused, even after the highest chunks are deleted, so a
-- vector computed for a chunk's text can never be stored under another text's id.
CREATE TABLE IF NOT EXISTS chunks (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  file_id    INTEGER NOT NULL REFERENCES files(id) ON DELETE CASCADE,
  seq        INTEGER NOT NULL,
  start_line INTEGER NOT NULL,               -- 1-based, inclusive
  end_line   INTEGER NOT NULL,               -- 1-based, inclusive
  heading    TEXT NOT NULL,                  -- heading path, "A > B", '' before any heading
  text       TEXT NOT NULL,
  hash       TEXT NOT NULL,                  -- sha256 of text: the embedding cache key
  tokens     INTEGER NOT NULL,
  date       TEXT,                           -- copied from files.date so search needs no join to filter
  UNIQUE (file_id, seq)
);
-- No separate index on file_id: UNIQUE (file_id, seq) already serves lookups by file.
CREATE INDEX IF NOT EXISTS chunks_date ON chunks(date);

-- Keyword index. rowid = chunks.id. `cjk` holds character bigrams of CJK runs, because
-- unicode61 would treat a whole unspaced CJK sentence as one token and never match a word.
-- Contentless: search reads text from `chunks`, never from here, so the index alone is kept
-- (storing the text a second time was a third of a full index's writes); contentless_delete
-- lets the trigger below delete by rowid.
CREATE VIRTUAL TABLE IF NOT EXISTS chunks_fts USING fts5(
  heading, body, cjk,
  content = '', contentless_delete = 1,
  tokenize = 'porter unicode61 remove_diacritics 2'
);

CREATE TRIGGER IF NOT EXISTS chunks_fts_delete AFTER DELETE ON chunks BEGIN
  DELETE FROM chunks_fts WHERE rowid = old.id;
END;

-- Embedded windows of chunks, for the one model named in meta('embed_model'). A chunk that
-- has rows here is done; chunks without rows are what progressive indexing still has to do.
CREATE TABLE IF NOT EXISTS chunk_vectors (
  id       INTEGER PRIMARY KEY,              -- = vec_chunks.rowid
  chunk_id INTEGER NOT NULL REFERENCES chunks(id) ON DELETE CASCADE,
  win      INTEGER NOT NULL,                 -- window number within the chunk
  UNIQUE (chunk_id, win)
);

-- The vector table itself is created at run time by src/store/vectors.ts, because its
-- dimension comes from the embedding model ({{dimension}} is replaced), and it is dropped
-- and recreated when the model changes. sqlite-vec's vec0 was measured faster than a JS
-- scan over Float32 blobs at 50k chunks: cold 75 ms vs 671 ms, warm 71 ms vs 85 ms (README).
-- chunk_size 32 instead of vec0's 1024: reading one vector back (MMR's similarities, the
-- in-memory copy) reads its whole chunk, 174 µs at 1024 against 16 µs at 32, while the
-- exact scan of 50k vectors takes the same time (33 ms) and the file the same space.
-- @vectors-begin
-- CREATE VIRTUAL TABLE vec_chunks USING vec0(embedding float[{{dimension}}] distance_metric=cosine, chunk_size=32);
-- CREATE TRIGGER chunk_vectors_delete AFTER DELETE ON chunk_vectors BEGIN DELETE FROM vec_chunks WHERE rowid = old.id; END;
-- @vectors-end

-- Inline annotations of a chunk (issue #7): `ctx::`, `project::`, `meeting::`, `mode::`
-- markers on its lines or in its heading path (src/indexer/annotations.ts). `value` is the
-- display form, `norm` the lower-cased form filters match against (fuzzily, in search).
CREATE TABLE IF NOT EXISTS chunk_annotations (
  chunk_id INTEGER NOT NULL REFERENCES chunks(id) ON DELETE CASCADE,
  key      TEXT NOT NULL,                  -- ctx | project | meeting | mode
  value    TEXT NOT NULL,
  norm     TEXT NOT NULL,
  PRIMARY KEY (chunk_id, key, norm)
);
CREATE INDEX IF NOT EXISTS chunk_annotations_key ON chunk_annotations(key, norm);

-- Statements of the person's notes and turns that a later one may replace or deny
-- (src/indexer/statements.ts): one sentence each, of dated files and MEMORY.md only.
-- `ord` is when it was said (ms: the turn's time, a daily note's day, MEMORY.md's last
-- change); `data` holds its words, values, denial and the person's mark as JSON.
CREATE TABLE IF NOT EXISTS statements (
  id       INTEGER PRIMARY KEY,
  chunk_id INTEGER NOT NULL REFERENCES chunks(id) ON DELETE CASCADE,
  line     INTEGER NOT NULL,                 -- 1-based line of the file
  ord      REAL NOT NULL,
  text     TEXT NOT NULL,
  data     TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS statements_chunk ON statements(chunk_id);

-- Links between statements (src/indexer/supersede.ts), recomputed from the statements after
-- every pass that changed a file: `update` (newer replaced older: same slot, new value) or
-- `contradiction` (one denies what the other says happened). `by` is guess or person
-- (a `supersedes::` mark).
CREATE TABLE IF NOT EXISTS statement_links (
  older    INTEGER NOT NULL REFERENCES statements(id) ON DELETE CASCADE,
  newer    INTEGER NOT NULL REFERENCES statements(id) ON DELETE CASCADE,
  kind     TEXT NOT NULL,                    -- update | contradiction
  slot     TEXT NOT NULL,
  by       TEXT NOT NULL,                    -- guess | person
  strength REAL NOT NULL,
  rule     TEXT NOT NULL DEFAULT '',         -- which rule made it: slot | correction | role | choice | move | mark | denial | value-clash
  PRIMARY KEY (older, newer, kind)
);
CREATE INDEX IF NOT EXISTS statement_links_newer ON statement_links(newer);

-- Files that could not be indexed as they are (skipped, capped, lossy decode, bad date).
CREATE TABLE IF NOT EXISTS problems (
  path     TEXT PRIMARY KEY,
  severity TEXT NOT NULL,                    -- 'skipped' | 'warning'
  message  TEXT NOT NULL,
  seen_at  INTEGER NOT NULL
);

-- ==== database: cache ====
-- schema_version: 1
CREATE TABLE IF NOT EXISTS embeddings (
  model_id   TEXT    NOT NULL,
  text_hash  TEXT    NOT NULL,               -- sha256 of the exact text embedded
  dim        INTEGER NOT NULL,
  vector     BLOB    NOT NULL,               -- Float32, little-endian
  created_at INTEGER NOT NULL,
  PRIMARY KEY (model_id, text_hash)
) WITHOUT ROWID;

-- ==== database: state ====

-- migration: 1
CREATE TABLE meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

-- migration: 2
-- Reflection (issue #4). Every SOUL.md that reflection or a rollback put in place, and the
-- SOUL.md a person had before (origin 'baseline'), so any version can be restored.
CREATE TABLE soul_versions (
  number        INTEGER PRIMARY KEY,          -- 1, 2, 3... in the order they were recorded
  created_at    INTEGER NOT NULL,             -- ms since epoch
  content       TEXT NOT NULL,                -- the whole SOUL.md
  content_hash  TEXT NOT NULL,                -- sha256 of content (utf8)
  words         INTEGER NOT NULL,
  tokens        INTEGER NOT NULL,             -- estimated
  summary       TEXT NOT NULL,                -- one line
  report        TEXT,                         -- the evolution report shown to the person
  insights      TEXT,                         -- JSON {insights:[{content,topics}], principles:[...]}
  model         TEXT,                         -- provider model that wrote it
  session_ids   TEXT NOT NULL DEFAULT '[]',   -- JSON array of the sessions reflected on
  origin        TEXT NOT NULL CHECK (origin IN ('reflection', 'rollback', 'baseline')),
  run_id        INTEGER,                      -- reflection_runs.id for origin 'reflection'
  restored_from INTEGER                       -- the version a rollback restored
);

-- One row per `agent reflect` run: 'tick' when it starts (a run killed midway stays 'tick'
-- with no ended_at), then 'skip', 'complete' or 'error' with the reason.
CREATE TABLE reflection_runs (
  id         INTEGER PRIMARY KEY,
  started_at INTEGER NOT NULL,
  ended_at   INTEGER,
  outcome    TEXT NOT NULL CHECK (outcome IN ('tick', 'skip', 'complete', 'error')),
  reason     TEXT,
  details    TEXT NOT NULL DEFAULT '{}'       -- JSON: version, words, tokens, proposal, sessions...
);
CREATE INDEX reflection_runs_outcome ON reflection_runs(outcome, started_at);

-- migration: 3
-- The scheduler (issue #5): every job run the daemon or `agent flush|heartbeat` made, the
-- inbox of alerts and reports, per-session flush cycles, and small scheduler facts.
CREATE TABLE job_runs (
  id         INTEGER PRIMARY KEY,
  job        TEXT NOT NULL,                 -- 'heartbeat', 'flush', 'reflect'
  started_at INTEGER NOT NULL,              -- ms since epoch
  ended_at   INTEGER,                       -- NULL while running (or when the process died)
  outcome    TEXT NOT NULL CHECK (outcome IN ('running', 'ok', 'skip', 'error')),
  reason     TEXT,
  details    TEXT NOT NULL DEFAULT '{}'     -- JSON: session, file, chars, trigger...
);
CREATE INDEX job_runs_job ON job_runs(job, started_at);

CREATE TABLE inbox (
  id         INTEGER PRIMARY KEY,
  created_at INTEGER NOT NULL,
  kind       TEXT NOT NULL CHECK (kind IN ('alert', 'report')),
  title      TEXT NOT NULL,
  body       TEXT NOT NULL,
  source     TEXT,                          -- the job that produced it
  run_id     INTEGER,                       -- job_runs.id
  read       INTEGER NOT NULL DEFAULT 0     -- 1 once shown by `agent inbox`
);
CREATE INDEX inbox_unread ON inbox(read, created_at);

-- One row per session transcript: the compaction cycle whose pre-compaction flush is done.
-- cycle_key names the cycle by its latest compaction marker ('0:' before the first).
CREATE TABLE flush_cycles (
  session    TEXT PRIMARY KEY,
  cycle_key  TEXT NOT NULL,
  flushed_at INTEGER NOT NULL,
  run_id     INTEGER
);

-- Small named facts, e.g. 'nightly.lastDate' = the last night (YYYY-MM-DD) reflection ran for.
CREATE TABLE job_state (
  key        TEXT PRIMARY KEY,
  value      TEXT NOT NULL,
  updated_at INTEGER NOT NULL
);

-- migration: 4
-- `agent ask` (issue #7): conversations with the local model, kept so they can be resumed
-- and forked by id. Every step is a message: the question, each tool call and result, the
-- answer (with its citations and status in `data`). IF NOT EXISTS: this block was numbered
-- while another migration was in flight, so it must be safe to renumber.
CREATE TABLE IF NOT EXISTS conversations (
  id          TEXT PRIMARY KEY,             -- "ask-YYYYMMDD-xxxxxx"
  created_at  INTEGER NOT NULL,             -- ms since epoch
  updated_at  INTEGER NOT NULL,
  title       TEXT NOT NULL,                -- the first question, on one line
  forked_from TEXT                          -- the conversation this one was copied from
);

CREATE TABLE IF NOT EXISTS conversation_messages (
  conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
  seq        INTEGER NOT NULL,              -- 1, 2, 3... within the conversation
  created_at INTEGER NOT NULL,
  role       TEXT NOT NULL CHECK (role IN ('user', 'assistant', 'tool')),
  kind       TEXT NOT NULL CHECK (kind IN ('question', 'tool-call', 'tool-result', 'answer')),
  content    TEXT NOT NULL,
  data       TEXT NOT NULL DEFAULT '{}',    -- JSON: tool and args, citations, status
  PRIMARY KEY (conversation_id, seq)
);

-- migration: 5
-- The evolution system (issue #6; numbered 5 because `agent ask` took 4). Typed memories that
-- form (nightly reflection), fade (lazily: vividness is stored with the instant it was computed
-- at, and decay is applied from there) and are recalled (context injection); the archive is
-- the rows with archived_at set — a memory that fades out or is forgotten is moved there with
-- the reason, never deleted. Personality snapshots with their traits, narrative and drift.
-- IF NOT EXISTS, like migration 4, so the block stays safe to renumber.
CREATE TABLE IF NOT EXISTS memories (
  id                 INTEGER PRIMARY KEY,
  type               TEXT NOT NULL CHECK (type IN ('lesson_learned', 'pattern_recognized', 'relationship_event',
                       'failure', 'triumph', 'user_preference', 'system_knowledge', 'decision_record',
                       'process_note', 'personality_moment')),
  content            TEXT NOT NULL,                 -- one sentence a person can read
  data               TEXT NOT NULL DEFAULT '{}',    -- JSON: structured details, signals
  significance       REAL NOT NULL CHECK (significance >= 0 AND significance <= 1),
  valence            TEXT NOT NULL CHECK (valence IN ('positive', 'neutral', 'negative')),
  domain             TEXT NOT NULL DEFAULT 'general',
  created_at         INTEGER NOT NULL,              -- ms since epoch
  last_recalled_at   INTEGER,
  recall_count       INTEGER NOT NULL DEFAULT 0,
  reinforce_count    INTEGER NOT NULL DEFAULT 0,    -- later candidates that repeated it
  last_reinforced_at INTEGER,
  vividness          REAL NOT NULL,                 -- 1 = vivid, 0 = forgotten; as of vivid_at
  vivid_at           INTEGER NOT NULL,              -- decay is applied from this instant on read
  pinned             INTEGER NOT NULL DEFAULT 0,    -- 1: never fades
  source             TEXT NOT NULL DEFAULT '{}',    -- JSON {kind: reflection|session|note|manual, runId?, sessions?, path?}
  archived_at        INTEGER,                       -- set once it moved to the archive
  archive_reason     TEXT
);
CREATE INDEX IF NOT EXISTS memories_active ON memories(archived_at, type);

-- Every recall: a memory injected into a prompt (via 'context') or returned by a search ('search').
CREATE TABLE IF NOT EXISTS memory_recalls (
  id        INTEGER PRIMARY KEY,
  memory_id INTEGER NOT NULL REFERENCES memories(id),
  at        INTEGER NOT NULL,
  via       TEXT NOT NULL,
  query     TEXT
);
CREATE INDEX IF NOT EXISTS memory_recalls_memory ON memory_recalls(memory_id, at);

-- Personality snapshots (weekly by `agent evolve` / the daemon, or on demand by `agent snapshot`).
CREATE TABLE IF NOT EXISTS personality_snapshots (
  id           INTEGER PRIMARY KEY,
  created_at   INTEGER NOT NULL,
  trigger      TEXT NOT NULL CHECK (trigger IN ('weekly', 'manual')),
  week         TEXT NOT NULL,                 -- ISO week of created_at, "2026-W47"
  traits       TEXT NOT NULL,                 -- JSON {workStyle: {label, score, inputs, evidence}, ...}
  narrative    TEXT NOT NULL,                 -- "who you are now"
  narrative_by TEXT NOT NULL,                 -- 'rules', or the model that wrote it
  defining     TEXT NOT NULL DEFAULT '[]',    -- JSON: the three defining memories
  stats        TEXT NOT NULL DEFAULT '{}',    -- JSON: memory statistics the traits came from
  drift        TEXT NOT NULL DEFAULT '[]',    -- JSON: trait changes since the previous snapshot
  soul_hash    TEXT,                          -- sha256 of SOUL.md's text when taken
  report_path  TEXT,                          -- workspace-relative weekly report, when one was written
  report_hash  TEXT                           -- sha256 of the report as written (ours to replace only if unchanged)
);

-- migration: 6
-- Dreaming. `recalls`: one row per result a retrieval presented (search, boot, context, ask,
-- MCP), with the normalised query and the front; the chunk is named by file, lines and its
-- text's hash (the index is rebuildable, its ids are not stable). Local days are computed
-- when the dream reads them, so a search never pays for loading time-zone data. Bounded by
-- dream.recall.retentionDays and dream.recall.maxRows. `dream_proposals`: facts the nightly
-- dream distilled, waiting for the person (pending), accepted into MEMORY.md, or rejected
-- with a reason (never proposed again). `memory_versions`: MEMORY.md as it was before and
-- after every change the engine made, so an accept can be undone like a SOUL change.
-- IF NOT EXISTS, like migrations 4 and 5, so the block stays safe to renumber.
CREATE TABLE IF NOT EXISTS recalls (
  id         INTEGER PRIMARY KEY,
  at         INTEGER NOT NULL,               -- ms since epoch
  front      TEXT NOT NULL,                  -- 'cli', 'mcp', 'daemon', 'boot', 'context', 'ask', 'api'
  query      TEXT NOT NULL,                  -- normalised: NFKC, lower case, words only
  path       TEXT NOT NULL,                  -- workspace-relative
  start_line INTEGER NOT NULL,
  end_line   INTEGER NOT NULL,
  chunk_hash TEXT NOT NULL,                  -- sha256 of the chunk's text ('' when unknown)
  rank       INTEGER NOT NULL                -- 1 = the first result presented
);
CREATE INDEX IF NOT EXISTS recalls_chunk ON recalls(path, chunk_hash, at);
CREATE INDEX IF NOT EXISTS recalls_at ON recalls(at);

CREATE TABLE IF NOT EXISTS dream_proposals (
  id          INTEGER PRIMARY KEY,
  created_at  INTEGER NOT NULL,
  status      TEXT NOT NULL CHECK (status IN ('pending', 'accepted', 'rejected')),
  text        TEXT NOT NULL,                 -- the fact line as the model distilled it
  final_text  TEXT,                          -- what went into MEMORY.md (the person's edit, if any)
  source_key  TEXT NOT NULL,                 -- 'path#chunk_hash' or 'memory#id': never proposed twice
  provenance  TEXT NOT NULL DEFAULT '{}',    -- JSON {path, startLine, endLine, queries, signals, model}
  run_id      INTEGER,                       -- job_runs.id of the dream that proposed it
  decided_at  INTEGER,
  reason      TEXT,                          -- why it was rejected
  version     INTEGER                        -- memory_versions.number its accept produced
);
CREATE INDEX IF NOT EXISTS dream_proposals_status ON dream_proposals(status, created_at);
CREATE INDEX IF NOT EXISTS dream_proposals_source ON dream_proposals(source_key);

CREATE TABLE IF NOT EXISTS memory_versions (
  number        INTEGER PRIMARY KEY,
  created_at    INTEGER NOT NULL,
  content       TEXT NOT NULL,               -- the whole MEMORY.md
  content_hash  TEXT NOT NULL,               -- sha256 of content (utf8)
  origin        TEXT NOT NULL CHECK (origin IN ('baseline', 'dream', 'rollback')),
  summary       TEXT NOT NULL,
  restored_from INTEGER
);

-- migration: 7
-- Several devices (docs/devices.md): the tables above that every device shares are folded
-- from per-device event logs in the workspace (.agent-state/<device>.jsonl). `gid` is a row's
-- global id (the event that made it, or a hash of an imported row), the same on every
-- device; the integer keys are assigned by the fold in event order. `event_logs` is how far
-- this device has read each log; `shared_devices` and `shared_facts` (the home device) are
-- folded like the rest; `pending_refs` holds references to rows not folded in yet.
ALTER TABLE soul_versions ADD COLUMN gid TEXT;
ALTER TABLE memory_versions ADD COLUMN gid TEXT;
ALTER TABLE memories ADD COLUMN gid TEXT;
ALTER TABLE memory_recalls ADD COLUMN gid TEXT;
ALTER TABLE personality_snapshots ADD COLUMN gid TEXT;
ALTER TABLE dream_proposals ADD COLUMN gid TEXT;
ALTER TABLE recalls ADD COLUMN gid TEXT;
CREATE UNIQUE INDEX soul_versions_gid ON soul_versions(gid);
CREATE UNIQUE INDEX memory_versions_gid ON memory_versions(gid);
CREATE UNIQUE INDEX memories_gid ON memories(gid);
CREATE UNIQUE INDEX memory_recalls_gid ON memory_recalls(gid);
CREATE UNIQUE INDEX personality_snapshots_gid ON personality_snapshots(gid);
CREATE UNIQUE INDEX dream_proposals_gid ON dream_proposals(gid);
CREATE UNIQUE INDEX recalls_gid ON recalls(gid);

CREATE TABLE event_logs (
  device    TEXT PRIMARY KEY,
  offset    INTEGER NOT NULL,               -- bytes read (complete lines only)
  lines     INTEGER NOT NULL,               -- lines read, for line numbers in reports
  head      TEXT,                           -- sha256 of the first line: a rewritten log starts differently
  events    INTEGER NOT NULL,
  last_seq  INTEGER NOT NULL,
  last_hlc  TEXT,
  first_key TEXT,                           -- the device's earliest event (hlc|device|seq)
  bad       INTEGER NOT NULL DEFAULT 0,     -- lines that did not parse
  unknown   INTEGER NOT NULL DEFAULT 0      -- events of a type this engine does not know
);

CREATE TABLE shared_devices (
  id   TEXT PRIMARY KEY,
  name TEXT NOT NULL
);

CREATE TABLE shared_facts (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

CREATE TABLE pending_refs (
  tbl    TEXT NOT NULL,
  gid    TEXT NOT NULL,
  col    TEXT NOT NULL,
  target TEXT NOT NULL
);
CREATE INDEX pending_refs_target ON pending_refs(target);

-- This device's events applied here whose transaction may still be open: appended to its log
-- (and deleted here) once it committed, so a rolled-back write never reaches the log.
CREATE TABLE pending_events (
  seq  INTEGER PRIMARY KEY,
  line TEXT NOT NULL
);
