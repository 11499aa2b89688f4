/**
 * The run log's tables, as numbered migrations: migration N brings a database from `user_version`
 * N-1 to N. A database newer than the last one here was written by a newer llm-do and is refused.
 *
 * Prompts are stored as the `model_prompt` events carry them, a delta per request (`prompt_from`,
 * the new messages, tools only when they changed), and rebuilt on read with `createPromptAssembler`:
 * a loop of n steps stores its messages once, not n times. Values that can be large (tool arguments
 * and results) are cut at a cap with their full size kept (`*_size`, in UTF-8 bytes of their JSON).
 */
export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE runs (
    id TEXT PRIMARY KEY,
    project TEXT NOT NULL,
    project_root TEXT NOT NULL,
    entry TEXT NOT NULL,
    model TEXT,
    input TEXT,
    options TEXT NOT NULL,
    status TEXT NOT NULL,
    exit_code INTEGER,
    started_at TEXT NOT NULL,
    ended_at TEXT,
    duration_ms INTEGER,
    output TEXT,
    error TEXT,
    usage TEXT,
    input_tokens INTEGER NOT NULL DEFAULT 0,
    output_tokens INTEGER NOT NULL DEFAULT 0,
    cache_read_tokens INTEGER NOT NULL DEFAULT 0,
    cache_write_tokens INTEGER NOT NULL DEFAULT 0,
    cost_usd REAL,
    pid INTEGER NOT NULL,
    host TEXT NOT NULL
  );
  CREATE INDEX runs_by_start ON runs (started_at);
  CREATE TABLE calls (
    run_id TEXT NOT NULL,
    call_id TEXT NOT NULL,
    parent_call_id TEXT,
    parent_tool_call_id TEXT,
    worker TEXT NOT NULL,
    chain TEXT NOT NULL,
    model TEXT,
    depth INTEGER NOT NULL,
    input TEXT,
    started_at TEXT NOT NULL,
    ended_at TEXT,
    duration_ms INTEGER,
    status TEXT NOT NULL,
    error TEXT,
    PRIMARY KEY (run_id, call_id)
  );
  CREATE TABLE model_requests (
    run_id TEXT NOT NULL,
    call_id TEXT NOT NULL,
    step INTEGER NOT NULL,
    model TEXT NOT NULL,
    started_at TEXT NOT NULL,
    system_sha256 TEXT,
    message_count INTEGER,
    tool_names TEXT,
    prompt_from INTEGER,
    prompt_messages TEXT,
    prompt_tools TEXT,
    settings TEXT,
    finish_reason TEXT,
    text TEXT,
    tool_calls INTEGER,
    input_tokens INTEGER,
    output_tokens INTEGER,
    cache_read_tokens INTEGER,
    cache_write_tokens INTEGER,
    cost_usd REAL,
    duration_ms INTEGER,
    PRIMARY KEY (run_id, call_id, step)
  );
  CREATE TABLE tool_calls (
    id INTEGER PRIMARY KEY,
    run_id TEXT NOT NULL,
    call_id TEXT NOT NULL,
    tool_call_id TEXT NOT NULL,
    step INTEGER,
    tool TEXT NOT NULL,
    started_at TEXT NOT NULL,
    args TEXT,
    args_size INTEGER,
    ok INTEGER,
    denied INTEGER,
    result TEXT,
    result_size INTEGER,
    error TEXT,
    duration_ms INTEGER
  );
  CREATE INDEX tool_calls_by_run ON tool_calls (run_id, call_id, tool_call_id);
  CREATE TABLE approvals (
    id INTEGER PRIMARY KEY,
    run_id TEXT NOT NULL,
    call_id TEXT NOT NULL,
    tool_call_id TEXT NOT NULL,
    tool TEXT NOT NULL,
    asked_at TEXT,
    decided_at TEXT,
    approved INTEGER,
    source TEXT,
    reason TEXT
  );
  CREATE INDEX approvals_by_run ON approvals (run_id, call_id, tool_call_id);
  CREATE TABLE warnings (
    run_id TEXT NOT NULL,
    call_id TEXT NOT NULL,
    ts TEXT NOT NULL,
    message TEXT NOT NULL
  );
  CREATE INDEX warnings_by_run ON warnings (run_id);
  CREATE VIRTUAL TABLE search USING fts5 (run_id UNINDEXED, kind UNINDEXED, text);
  `,
  // 2: the run's latest checkpoint (`RunSnapshot` JSON), saved with the rows of its step.
  `
  ALTER TABLE runs ADD COLUMN state TEXT;
  `,
  // 3: paused runs (docs/durable-runs.md): the last recorded event's seq, so a resumed run's events go on after
  // it, and the decisions recorded for pending approvals while a run is paused (one per approval;
  // \`used_at\` is set by the first checkpoint whose state no longer has that approval pending).
  `
  ALTER TABLE runs ADD COLUMN last_seq INTEGER NOT NULL DEFAULT 0;
  CREATE TABLE decisions (
    run_id TEXT NOT NULL,
    approval_id TEXT NOT NULL,
    decision TEXT NOT NULL,
    decided_at TEXT NOT NULL,
    decided_by TEXT NOT NULL,
    used_at TEXT,
    PRIMARY KEY (run_id, approval_id)
  );
  `,
  // 4: a call's `${field}` mounts as bound (docs/security.md): JSON `[{path, from, mode}]`, virtual paths only.
  `
  ALTER TABLE calls ADD COLUMN mounts TEXT;
  `,
  // 5: the run journals (`journal-ingest.ts`): how many bytes of each are recorded, and its writer.
  `
  CREATE TABLE journals (
    name TEXT PRIMARY KEY,
    recorded_bytes INTEGER NOT NULL,
    pid INTEGER NOT NULL,
    host TEXT NOT NULL
  );
  `,
  // 6: why the model stopped, and what it thought (docs/models.md, "Stop reasons", "Reasoning and
  // commentary"): the run's stop reason (its entry call's last step), each request's commentary and
  // reasoning text and its reasoning tokens.
  `
  ALTER TABLE runs ADD COLUMN finish_reason TEXT;
  ALTER TABLE model_requests ADD COLUMN commentary TEXT;
  ALTER TABLE model_requests ADD COLUMN reasoning TEXT;
  ALTER TABLE model_requests ADD COLUMN reasoning_tokens INTEGER;
  `,
  // 7: what providers do on their side (docs/models.md): tool calls the provider ran
  // (\`provider_executed\`, no approval), the sources an answer cites (JSON \`[{type, url, title}]\`) and
  // the searches a request was billed for. Older rows are local tool calls with no sources.
  `
  ALTER TABLE tool_calls ADD COLUMN provider_executed INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE model_requests ADD COLUMN sources TEXT;
  ALTER TABLE model_requests ADD COLUMN web_search_requests INTEGER;
  `,
  // 8: telling runs apart (docs/runs.md, "llm-do runs"): how a run began (\`kind\`), the chat conversation and
  // the eval it belongs to, and its input's first line. Older rows are plain runs; their excerpt is made on read.
  `
  ALTER TABLE runs ADD COLUMN kind TEXT NOT NULL DEFAULT 'run';
  ALTER TABLE runs ADD COLUMN conversation_id TEXT;
  ALTER TABLE runs ADD COLUMN eval_id TEXT;
  ALTER TABLE runs ADD COLUMN input_excerpt TEXT;
  CREATE INDEX runs_by_conversation ON runs (conversation_id, started_at);
  `,
  // 9: a run's state stored apart from its messages (\`stored-state.ts\`, issue 36): \`runs.state\` without
  // the calls' messages (\`state_apart\` = 1), the messages one row each, so a checkpoint writes what
  // its step added; \`state_base\`, the run whose messages its entry call starts with (a chat's turn
  // before). A state written before (\`state_apart\` = 0) is whole, and read as it is. A request's
  // \`prompt_base\` (JSON \`{run_id, call_id, step}\`): the request of another call it extends (a chat
  // turn's first, the turn before's last), none for the requests before.
  `
  ALTER TABLE model_requests ADD COLUMN prompt_base TEXT;
  ALTER TABLE runs ADD COLUMN state_apart INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE runs ADD COLUMN state_base TEXT;
  CREATE INDEX runs_by_state_base ON runs (state_base) WHERE state_base IS NOT NULL;
  CREATE TABLE state_messages (
    run_id TEXT NOT NULL,
    call_id TEXT NOT NULL,
    idx INTEGER NOT NULL,
    message TEXT NOT NULL,
    PRIMARY KEY (run_id, call_id, idx)
  ) WITHOUT ROWID;
  `,
  // 10: a smaller log per chat turn (docs/performance.md, "Long runs"). A state may be kept as its
  // change from the state of the run \`state_base\` names (\`state_apart\` = 2: a chat turn's from the
  // turn before's, \`stored-state.ts\`), a message of one text part as \`[role, text]\`
  // (\`stored-message.ts\`), a request's \`prompt_base\` as \`[run_id, call_id, step]\`: the version keeps
  // an llm-do that would misread them away from the log. No
  // \`usage\` JSON is written (its columns and the state keep it). \`calls\` is keyed by its primary key
  // alone (WITHOUT ROWID: no second index of it), and so are \`decisions\` and \`journals\`; \`search\`
  // keeps no column sizes (FTS5 \`columnsize=0\`: ranking reads the text instead).
  `
  CREATE TABLE calls_rebuilt (
    run_id TEXT NOT NULL,
    call_id TEXT NOT NULL,
    parent_call_id TEXT,
    parent_tool_call_id TEXT,
    worker TEXT NOT NULL,
    chain TEXT NOT NULL,
    model TEXT,
    depth INTEGER NOT NULL,
    input TEXT,
    started_at TEXT NOT NULL,
    ended_at TEXT,
    duration_ms INTEGER,
    status TEXT NOT NULL,
    error TEXT,
    mounts TEXT,
    PRIMARY KEY (run_id, call_id)
  ) WITHOUT ROWID;
  INSERT INTO calls_rebuilt SELECT run_id, call_id, parent_call_id, parent_tool_call_id, worker, chain, model, depth, input, started_at, ended_at, duration_ms, status, error, mounts FROM calls;
  DROP TABLE calls;
  ALTER TABLE calls_rebuilt RENAME TO calls;
  CREATE TABLE decisions_rebuilt (
    run_id TEXT NOT NULL,
    approval_id TEXT NOT NULL,
    decision TEXT NOT NULL,
    decided_at TEXT NOT NULL,
    decided_by TEXT NOT NULL,
    used_at TEXT,
    PRIMARY KEY (run_id, approval_id)
  ) WITHOUT ROWID;
  INSERT INTO decisions_rebuilt SELECT run_id, approval_id, decision, decided_at, decided_by, used_at FROM decisions;
  DROP TABLE decisions;
  ALTER TABLE decisions_rebuilt RENAME TO decisions;
  CREATE TABLE journals_rebuilt (
    name TEXT PRIMARY KEY,
    recorded_bytes INTEGER NOT NULL,
    pid INTEGER NOT NULL,
    host TEXT NOT NULL
  ) WITHOUT ROWID;
  INSERT INTO journals_rebuilt SELECT name, recorded_bytes, pid, host FROM journals;
  DROP TABLE journals;
  ALTER TABLE journals_rebuilt RENAME TO journals;
  CREATE VIRTUAL TABLE search_rebuilt USING fts5 (run_id UNINDEXED, kind UNINDEXED, text, columnsize=0);
  INSERT INTO search_rebuilt (rowid, run_id, kind, text) SELECT rowid, run_id, kind, text FROM search;
  DROP TABLE search;
  ALTER TABLE search_rebuilt RENAME TO search;
  `,
];

export const SCHEMA_VERSION = MIGRATIONS.length;
