/** The pending-approvals view: short ids, decisions in words, escaping, cut values and the JSON shape. */
import { describe, expect, test } from 'vitest';

// Times are shown in the machine's local time: these expectations are written for UTC.
process.env.TZ = 'UTC';

import { decisionText, pendingJson, renderPending, shortApprovalIds, type PendingItem, type QuestionItem } from '../../src/cli/pending-view.ts';

const item = (approval_id: string, extra: Partial<PendingItem> = {}): PendingItem => ({
  approval_id,
  call_id: 'c1',
  tool_call_id: 't1',
  chain: ['main'],
  toolset: 'filesystem',
  tool: 'write_file',
  args: { path: 'a.txt', content: 'x' },
  description: 'Write a file',
  ...extra,
});

const question = (question_id: string, extra: Partial<QuestionItem> = {}): QuestionItem => ({
  question_id,
  call_id: 'c2',
  tool_call_id: 't2',
  chain: ['main', 'planner'],
  question: 'Which city?',
  ...extra,
});

describe('pending view', () => {
  test('short ids: at least 8 characters, longer only where two ids share more', () => {
    expect(shortApprovalIds(['0123456789ab', '0123456789ac', 'ffffffffffff'])).toEqual(
      new Map([
        ['0123456789ab', '0123456789ab'],
        ['0123456789ac', '0123456789ac'],
        ['ffffffffffff', 'ffffffff'],
      ]),
    );
    expect(shortApprovalIds(['abc'])).toEqual(new Map([['abc', 'abc']]));
  });

  test('decisions in words, the reason escaped', () => {
    expect(decisionText({ action: 'approve' })).toBe('approved');
    expect(decisionText({ action: 'approve', remember: 'call' })).toBe('approved (this call for the rest of the run)');
    expect(decisionText({ action: 'approve', remember: 'tool' })).toBe('approved (this tool for the rest of the run)');
    expect(decisionText({ action: 'approve', remember: 'project' })).toBe('approved (always, in this project)');
    expect(decisionText({ action: 'deny', reason: 'no\u001b[2J' })).toBe('denied: no\\x1b[2J');
  });

  test('everything from the model is escaped: chain, tool, arguments, note', () => {
    const text = renderPending('r1', [
      item('aaaaaaaa-1', { chain: ['main', 'evil\u202e'], tool: 'x\u001b]0;t\u0007', args: { a: 'b\u009b' }, note: 'n\u0000' }),
    ]);
    expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202e]/);
    expect(text).toContain('main › evil\\u202e wants to run x\\x1b]0;t\\x07');
    expect(text).toContain('note: n\\0');
  });

  test('a long value is cut with the command that shows it whole; full shows everything', () => {
    const content = Array.from({ length: 60 }, (_, n) => `line ${n + 1}`).join('\n');
    const pending = [item('aaaaaaaa-1', { args: { path: 'big.txt', content } })];
    const cut = renderPending('r1', pending);
    expect(cut).toContain('… 20 more lines (cut; llm-do approvals r1 --full shows everything)');
    expect(cut).not.toContain('line 41');
    expect(renderPending('r1', pending, [], { full: true })).toContain('60 │ line 60');
  });

  test('what to do next: the decide commands while any is undecided, resume once all are', () => {
    const decided = { decision: { action: 'approve' as const }, decided_by: 'ada@box', decided_at: '2026-11-23T16:00:00.000Z' };
    expect(renderPending('r1', [item('aaaaaaaa-1')])).toMatch(
      /\napprove all and go on:\n {2}llm-do approve r1 --all && llm-do resume r1\nor decide each \(ids above\), then llm-do resume r1:\n {2}llm-do approve r1 aaaaaaaa\n {2}llm-do deny r1 aaaaaaaa --reason "not now"$/,
    );
    const all = renderPending('r1', [item('aaaaaaaa-1', { decision: decided })]);
    expect(all).toContain('    decision: approved (ada@box, 2026-11-23 16:00:00)');
    expect(all).toMatch(/\nevery pending approval is decided; go on with: llm-do resume r1$/);
  });

  test('JSON: kind, approval_id, call_id, chain, tool, args, and note and decision only when there are', () => {
    const decided = { decision: { action: 'deny' as const, reason: 'no' }, decided_by: 'ada@box', decided_at: 'T' };
    expect(pendingJson([item('a'), item('b', { note: 'may already have run', decision: decided })])).toEqual([
      { kind: 'approval', approval_id: 'a', call_id: 'c1', chain: ['main'], tool: 'write_file', args: { path: 'a.txt', content: 'x' } },
      {
        kind: 'approval',
        approval_id: 'b',
        call_id: 'c1',
        chain: ['main'],
        tool: 'write_file',
        args: { path: 'a.txt', content: 'x' },
        note: 'may already have run',
        decision: { action: 'deny', reason: 'no', decided_by: 'ada@box', decided_at: 'T' },
      },
    ]);
  });

  test('questions: short ids among approvals and questions, the chain and the question escaped, the answer, what to do next', () => {
    const text = renderPending('r1', [item('abcdef01-1')], [question('abcdef01-2', { question: 'Which\ncity?\u001b[2J', chain: ['main', 'plan\u202ener'] })]);
    // Both ids start alike: each is shortened to what tells it from the other, whatever its kind.
    expect(text).toContain('  abcdef01-1  main wants to run write_file');
    expect(text).toContain('  abcdef01-2  main › plan\\u202ener asks:\n    Which\n    city?\\x1b[2J\n    answer: none yet');
    expect(text).not.toMatch(/[\u001b\u202e]/);
    expect(text).toMatch(
      /\napprove all:\n {2}llm-do approve r1 --all\nor decide each \(ids above\):\n {2}llm-do approve r1 abcdef01-1\n {2}llm-do deny r1 abcdef01-1 --reason "not now"\nanswer each \(ids above\), then llm-do resume r1:\n {2}llm-do answer r1 abcdef01-2 "your answer"$/,
    );

    const answered = { text: 'Lisbon\u001b[2J', answered_by: 'ada@box', answered_at: '2026-11-23T16:00:00.000Z' };
    const onlyQuestions = renderPending('r1', [], [question('q1', { answer: answered })]);
    expect(onlyQuestions).toContain('    answer: Lisbon\\x1b[2J (ada@box, 2026-11-23 16:00:00)');
    expect(onlyQuestions).toMatch(/\nevery question is answered; go on with: llm-do resume r1$/);
    expect(renderPending('r1', [], [question('q1')])).toMatch(/\nanswer each \(ids above\), then llm-do resume r1:\n {2}llm-do answer r1 q1 "your answer"$/);
  });

  test('JSON: questions after approvals, told apart by kind; the answer only when recorded', () => {
    const answered = { text: 'Lisbon', answered_by: 'ada@box', answered_at: 'T' };
    expect(pendingJson([item('a')], [question('q1'), question('q2', { answer: answered })])).toEqual([
      { kind: 'approval', approval_id: 'a', call_id: 'c1', chain: ['main'], tool: 'write_file', args: { path: 'a.txt', content: 'x' } },
      { kind: 'question', question_id: 'q1', call_id: 'c2', chain: ['main', 'planner'], question: 'Which city?' },
      { kind: 'question', question_id: 'q2', call_id: 'c2', chain: ['main', 'planner'], question: 'Which city?', answer: answered },
    ]);
  });
});
