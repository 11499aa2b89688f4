/**
 * What the page reads and does (src/ui/api.ts) over a run log seeded with a paused run: the views,
 * decisions recorded as `llm-do approve` / `deny` record them, and every bad request refused with
 * its status and a message naming the field, changing nothing.
 */
import { describe, expect, test } from 'vitest';
import { openRunDatabase } from '../../src/run-log/database.ts';
import { createPausedRuns } from '../../src/run-log/paused-runs.ts';
import { createSqliteRunStore } from '../../src/run-log/sqlite-run-store.ts';
import type { RunSnapshot } from '../../src/runtime/saved-state.ts';
import {
  ApiError,
  checkResumable,
  createUndecidedCounter,
  parseStart,
  promptView,
  recordAnswer,
  recordDecisions,
  runIdOf,
  runsView,
  runView,
} from '../../src/ui/api.ts';
import { catchError } from '../helpers/catch-error.ts';
import { feed, seedPausedRun, SHELL_APPROVAL, tempLog, WRITE_APPROVAL } from '../run-log/helpers.ts';

const RUN = '0193aaaa-0000-7000-8000-00000000000a';

function pausedLog() {
  const db = openRunDatabase(tempLog());
  seedPausedRun(
    createSqliteRunStore(db, {
      onWriteFailure: (error) => {
        throw error;
      },
    }),
    RUN,
  );
  return db;
}

const QUESTION = 'c0ffee00-0000-4000-8000-000000000003';

/** The paused run, whose entry also waits for the answer to a question (ask_user, t3). */
function pausedLogWithQuestion() {
  const db = openRunDatabase(tempLog());
  const store = feed(
    createSqliteRunStore(db, {
      onWriteFailure: (error) => {
        throw error;
      },
    }),
  );
  const state: RunSnapshot = structuredClone(seedPausedRun(store, RUN));
  state.root!.tool_calls.push({
    tool_call_id: 't3',
    tool: 'ask_user',
    args: { question: 'Which <b>city</b>?' },
    status: 'pending',
    question: { question_id: QUESTION, question: 'Which <b>city</b>?' },
    children: [],
  });
  store.checkpoint(state);
  return db;
}

function refusalOf(work: () => unknown): { status: number; message: string } {
  const error = catchError(work);
  expect(error).toBeInstanceOf(ApiError);
  return { status: (error as ApiError).status, message: (error as ApiError).message };
}

describe('ui api', () => {
  test('the runs list counts undecided approvals of paused runs; a run shows its tree and pending approvals', () => {
    const db = pausedLog();
    expect(runsView(db, createUndecidedCounter(db))).toMatchObject({ runs: [{ id: RUN, status: 'paused' }], undecided: { [RUN]: 2 } });
    const view = runView(db, RUN.slice(0, 10));
    expect(view.run.root).toMatchObject({ call_id: 'c1', tool_calls: [{ tool: 'helper', call: { call_id: 'c2' } }, { tool: 'write_file' }] });
    expect(view.pending.map((item) => item.approval_id).sort()).toEqual([WRITE_APPROVAL, SHELL_APPROVAL]);
    expect(runView(db, 'last').run.id).toBe(RUN);
    // Prompts are not sent with the run, only on demand.
    expect(JSON.stringify(view)).not.toContain('"prompt"');
    expect(refusalOf(() => promptView(db, RUN, 'c9', 1))).toEqual({ status: 404, message: `run ${RUN} has no recorded prompt for call c9 at step 1` });
  });

  test('decisions are recorded all or none, with who decided; resume waits until every approval is decided', () => {
    const db = pausedLog();
    const countUndecided = createUndecidedCounter(db);
    expect(runsView(db, countUndecided).undecided[RUN]).toBe(2);
    expect(refusalOf(() => checkResumable(db, RUN))).toMatchObject({
      status: 409,
      message: expect.stringMatching(/still has 2 undecided approval\(s\) \(.*\); approve or deny each first/),
    });
    recordDecisions(db, RUN, { decisions: [{ approval_id: WRITE_APPROVAL, action: 'approve', remember: 'tool' }] }, 'ada@host');
    // The counter read the saved state once; it sees the new decision.
    expect(runsView(db, countUndecided).undecided[RUN]).toBe(1);
    recordDecisions(db, RUN, { decisions: [{ approval_id: SHELL_APPROVAL, action: 'deny', reason: 'not that' }] }, 'ada@host');
    expect(createPausedRuns(db).decisions(RUN)).toEqual(
      new Map([
        [WRITE_APPROVAL, { action: 'approve', remember: 'tool' }],
        [SHELL_APPROVAL, { action: 'deny', reason: 'not that' }],
      ]),
    );
    expect(runView(db, RUN).pending.find((item) => item.approval_id === SHELL_APPROVAL)?.decision).toMatchObject({ decided_by: 'ada@host' });
    expect(() => checkResumable(db, RUN)).not.toThrow();
  });

  test('a bad decision request is a 400 or 409 naming what is wrong, and records nothing', () => {
    const db = pausedLog();
    const refused = (body: unknown) => refusalOf(() => recordDecisions(db, RUN, body, 'ada@host'));
    expect(refused({})).toMatchObject({ status: 400, message: expect.stringContaining('decisions: expected a non-empty list') });
    expect(refused({ decisions: [] })).toMatchObject({ status: 400 });
    expect(refused({ decisions: ['x'] })).toMatchObject({ status: 400, message: 'decisions[0]: expected an object {approval_id, action}' });
    expect(refused({ decisions: [{ approval_id: WRITE_APPROVAL, action: 'allow' }] })).toMatchObject({
      status: 400,
      message: 'decisions[0].action: expected "approve" or "deny", got "allow"',
    });
    expect(refused({ decisions: [{ approval_id: WRITE_APPROVAL, action: 'approve', reason: 'x' }] })).toMatchObject({
      message: 'decisions[0].reason: only a denial takes a reason',
    });
    expect(refused({ decisions: [{ approval_id: WRITE_APPROVAL, action: 'deny', remember: 'tool' }] })).toMatchObject({
      message: 'decisions[0].remember: only an approval can be remembered',
    });
    expect(refused({ decisions: [{ approval_id: WRITE_APPROVAL, action: 'approve', remember: 'project' }] })).toMatchObject({
      message: expect.stringContaining('expected "tool"'),
    });
    expect(refused({ decisions: [{ approval_id: WRITE_APPROVAL, action: 'deny', reason: ' ' }] })).toMatchObject({
      message: expect.stringContaining('decisions[0].reason: expected a text of 1 to 2000'),
    });
    expect(refused({ decisions: [{ approval_id: WRITE_APPROVAL, action: 'deny', extra: 1 }] })).toMatchObject({
      message: 'decisions[0]: unknown field extra; valid fields: approval_id, action, remember, reason',
    });
    expect(
      refused({
        decisions: [
          { approval_id: WRITE_APPROVAL, action: 'approve' },
          { approval_id: WRITE_APPROVAL, action: 'deny' },
        ],
      }),
    ).toMatchObject({ message: expect.stringContaining('decided twice') });
    // One unknown id refuses the whole request: the valid decision beside it is not recorded either.
    expect(
      refused({
        decisions: [
          { approval_id: WRITE_APPROVAL, action: 'approve' },
          { approval_id: 'nope', action: 'approve' },
        ],
      }),
    ).toMatchObject({ status: 409, message: expect.stringContaining(`run ${RUN} has no pending approval nope`) });
    expect(createPausedRuns(db).decisions(RUN).size).toBe(0);
    expect(refusalOf(() => runIdOf(db, 'ffff'))).toMatchObject({
      status: 404,
      message: expect.stringContaining('no recorded run has an id starting with "ffff"'),
    });
  });

  test('questions: listed and counted beside the approvals, answered once as llm-do answer records them; resume waits for the answer', () => {
    const db = pausedLogWithQuestion();
    const counter = createUndecidedCounter(db);
    expect(runsView(db, counter)).toMatchObject({ undecided: { [RUN]: 2 }, unanswered: { [RUN]: 1 } });
    expect(runView(db, RUN).questions).toEqual([{ question_id: QUESTION, call_id: 'c1', tool_call_id: 't3', chain: ['main'], question: 'Which <b>city</b>?' }]);
    recordDecisions(
      db,
      RUN,
      {
        decisions: [
          { approval_id: WRITE_APPROVAL, action: 'approve' },
          { approval_id: SHELL_APPROVAL, action: 'deny' },
        ],
      },
      'ada@host',
    );
    expect(refusalOf(() => checkResumable(db, RUN))).toEqual({ status: 409, message: `run ${RUN} still has 1 unanswered question(s); answer each first` });

    const refused = (body: unknown) => refusalOf(() => recordAnswer(db, RUN, body, 'ada@host'));
    expect(refused([])).toEqual({ status: 400, message: 'expected a JSON object {question_id, text}' });
    expect(refused({ question_id: QUESTION, text: '  ' })).toEqual({ status: 400, message: 'text: expected the text of the answer, e.g. "Lisbon"' });
    expect(refused({ question_id: QUESTION, text: 3 })).toMatchObject({ status: 400 });
    expect(refused({ question_id: '', text: 'Lisbon' })).toEqual({ status: 400, message: 'question_id: expected the id of a pending question' });
    expect(refused({ question_id: QUESTION, text: 'Lisbon', by: 'eve' })).toEqual({
      status: 400,
      message: 'unknown field by; valid fields: question_id, text',
    });
    expect(refused({ question_id: 'nope', text: 'Lisbon' })).toEqual({
      status: 409,
      message: `run ${RUN} has no pending question nope (pending questions: ${QUESTION})`,
    });
    expect(refused({ question_id: WRITE_APPROVAL, text: 'Lisbon' })).toMatchObject({
      status: 409,
      message: expect.stringContaining(`${WRITE_APPROVAL} is an approval of run ${RUN}, not a question`),
    });
    expect(createPausedRuns(db).answers(RUN).size).toBe(0);

    recordAnswer(db, RUN, { question_id: QUESTION, text: ' Lisbon, in May ' }, 'ada@host');
    expect(runView(db, RUN).questions[0]!.answer).toEqual({ text: 'Lisbon, in May', answered_by: 'ada@host', answered_at: expect.any(String) });
    expect(runsView(db, counter)).toMatchObject({ undecided: { [RUN]: 0 }, unanswered: {} });
    expect(refused({ question_id: QUESTION, text: 'Porto' })).toMatchObject({
      status: 409,
      message: expect.stringMatching(new RegExp(`^question ${QUESTION} of run ${RUN} is answered already \\("Lisbon, in May", by ada@host at .*\\)`)),
    });
    expect(() => checkResumable(db, RUN)).not.toThrow();
  });

  test('a start request names a worker of the project and gives text, or a JSON object to a worker with schema_in', () => {
    const workers = [
      { id: 'main', structured: false },
      { id: 'report', structured: true },
    ];
    expect(parseStart({ worker: 'main', input: 'hi' }, workers)).toEqual({ worker: 'main', input: 'hi' });
    expect(parseStart({ worker: 'report', input: '{"topic": "tides"}' }, workers)).toEqual({ worker: 'report', input: { topic: 'tides' } });
    const refused = (body: unknown) => refusalOf(() => parseStart(body, workers));
    expect(refused([])).toMatchObject({ status: 400, message: 'expected a JSON object {worker, input}' });
    expect(refused({ worker: '../x', input: '' })).toMatchObject({ message: 'worker: expected one of main, report, got "../x"' });
    expect(refused({ worker: 'main', input: 3 })).toMatchObject({ message: expect.stringContaining('input: expected a text') });
    expect(refused({ worker: 'report', input: 'tides' })).toMatchObject({
      message: expect.stringMatching(/^input: worker report takes a JSON object \(schema_in\), and this is not JSON/),
    });
    expect(refused({ worker: 'report', input: '[1]' })).toMatchObject({ message: 'input: worker report takes a JSON object (schema_in), got an array' });
  });
});
