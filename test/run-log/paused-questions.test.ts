/**
 * Worker questions of paused runs in the run log (docs/worker-format.md): listed from the saved state beside the
 * approvals, answered once (`recordAnswer`), never mixed up with approvals, handed to the resuming
 * process by `reopen`, and used by the first checkpoint that no longer has them pending.
 */
import { spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import { describe, expect, test, vi } from 'vitest';
import type { RunSnapshot } from '../../src/runtime/saved-state.ts';
import { openRunDatabase } from '../../src/run-log/database.ts';
import { createPausedRuns } from '../../src/run-log/paused-runs.ts';
import { createSqliteRunStore } from '../../src/run-log/sqlite-run-store.ts';
import { feed, seedPausedRun, SHELL_APPROVAL, tempLog, WRITE_APPROVAL } from './helpers.ts';

const QUESTION = 'c0ffee00-0000-4000-8000-000000000003';
const ME = { pid: process.pid, host: hostname() };

/** The process that claimed run r1 is gone (a pid no process has any more). */
const processDied = (db: ReturnType<typeof openRunDatabase>) =>
  db.prepare(`UPDATE runs SET pid = ? WHERE id = 'r1'`).run(spawnSync(process.execPath, ['-e', '']).pid!);

/** A paused run whose entry also waits for the answer to a question (ask_user, t3). */
function seedWithQuestion() {
  const db = openRunDatabase(tempLog());
  const store = { ...createPausedRuns(db), ...feed(createSqliteRunStore(db, { onWriteFailure: vi.fn() })) };
  const state: RunSnapshot = structuredClone(seedPausedRun(store, 'r1'));
  state.root!.tool_calls.push({
    tool_call_id: 't3',
    tool: 'ask_user',
    args: { question: 'Which city?' },
    status: 'pending',
    question: { question_id: QUESTION, question: 'Which city?' },
    children: [],
  });
  store.checkpoint(state);
  return { db, store, state };
}

describe('worker questions of paused runs', () => {
  test('listed beside the approvals; answered once; an unknown id or an approval id is refused naming it', () => {
    const { store } = seedWithQuestion();
    const [paused] = store.pendingApprovals('r1');
    expect(paused!.pending.map((item) => item.approval_id)).toEqual([SHELL_APPROVAL, WRITE_APPROVAL]);
    expect(paused!.questions).toEqual([{ question_id: QUESTION, call_id: 'c1', tool_call_id: 't3', chain: ['main'], question: 'Which city?' }]);

    expect(() => store.recordAnswer('r1', 'nope', 'Lisbon', 'ada@box')).toThrow(`run r1 has no pending question nope (pending questions: ${QUESTION})`);
    expect(() => store.recordAnswer('r1', WRITE_APPROVAL, 'Lisbon', 'ada@box')).toThrow(
      `${WRITE_APPROVAL} is an approval of run r1, not a question; decide it with llm-do approve or llm-do deny`,
    );
    expect(() => store.recordDecisions('r1', new Map([[QUESTION, { action: 'approve' }]]), 'ada@box')).toThrow(
      `${QUESTION} is a question of run r1, not an approval; answer it with: llm-do answer r1 ID TEXT`,
    );

    store.recordAnswer('r1', QUESTION, 'Lisbon', 'ada@box');
    expect(store.pendingApprovals('r1')[0]!.questions[0]!.answer).toEqual({ text: 'Lisbon', answered_by: 'ada@box', answered_at: expect.any(String) });
    expect(() => store.recordAnswer('r1', QUESTION, 'Porto', 'bob@laptop')).toThrow(
      new RegExp(`^question ${QUESTION} of run r1 is answered already \\("Lisbon", by ada@box at .*\\); an answer cannot be changed$`),
    );
    // An answer is not a decision: approvals are still undecided.
    expect(store.decisions('r1')).toEqual(new Map());
  });

  test('reopen hands over the answers; the first checkpoint without the question pending uses its answer', () => {
    const { db, store, state } = seedWithQuestion();
    store.recordAnswer('r1', QUESTION, 'Lisbon', 'ada@box');
    store.recordDecisions('r1', new Map([[WRITE_APPROVAL, { action: 'approve' }]]), 'ada@box');
    const claimed = store.reopen('r1', ME);
    expect(claimed.answers).toEqual(new Map([[QUESTION, 'Lisbon']]));
    expect(claimed.decisions).toEqual(new Map([[WRITE_APPROVAL, { action: 'approve' }]]));

    // Saved again with the question still pending (the process dies before it got the answer): nothing used.
    store.checkpoint(state);
    processDied(db);
    expect(store.reopen('r1', ME).answers).toEqual(new Map([[QUESTION, 'Lisbon']]));
    expect(store.usedAnswers('r1')).toEqual(new Map());

    const next = structuredClone(state);
    next.root!.tool_calls[2]!.status = 'done';
    delete next.root!.tool_calls[2]!.question;
    store.checkpoint(next);
    processDied(db);
    expect(store.reopen('r1', ME).answers).toEqual(new Map());
    expect(store.usedAnswers('r1')).toEqual(new Map([[QUESTION, { text: 'Lisbon', answered_by: 'ada@box', answered_at: expect.any(String) }]]));
  });
});
