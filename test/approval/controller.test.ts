import { describe, expect, it } from 'vitest';
import { createApprovalController } from '../../src/approval/controller.ts';
import { createSessionMemory } from '../../src/approval/session-memory.ts';
import type { ApprovalAnswer, ApprovalEvent, ApprovalPrompter, ApprovalRequest } from '../../src/approval/types.ts';
import { AbortedError, RunError } from '../../src/errors.ts';
import type { ApprovalMode, ApprovalRule } from '../../src/worker-file/schema.ts';

function request(toolName = 'write_file', args: unknown = { path: '/out/a.md' }, chain: string[] = ['main']): ApprovalRequest {
  return { chain, toolset: 'filesystem', toolName, args, description: 'Write a file' };
}

/** A prompter answering from a script, recording what it was asked. */
function scripted(...answers: ApprovalAnswer[]) {
  const asked: ApprovalRequest[] = [];
  const prompter: ApprovalPrompter = {
    async ask(req) {
      asked.push(req);
      const answer = answers.shift();
      if (!answer) throw new Error('prompter asked more often than scripted');
      return answer;
    },
  };
  return { prompter, asked };
}

/** A prompter whose answers the test gives by hand, one pending question at a time. */
function manual() {
  const pending: { req: ApprovalRequest; answer: (a: ApprovalAnswer) => void }[] = [];
  let open = 0;
  let maxOpen = 0;
  const prompter: ApprovalPrompter = {
    ask(req) {
      open += 1;
      maxOpen = Math.max(maxOpen, open);
      return new Promise((resolve) => {
        pending.push({
          req,
          answer: (a) => {
            open -= 1;
            resolve(a);
          },
        });
      });
    },
  };
  return { prompter, pending, maxOpen: () => maxOpen };
}

/** One turn of the event loop: every queued prompt and answer has been handled by then. */
const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('approval controller: each mode × each rule', () => {
  type Row = [ApprovalMode, ApprovalRule, { approved: boolean; source: string; message?: string; prompted: boolean }];
  const rows: Row[] = [
    ['interactive', 'preApproved', { approved: true, source: 'rule', prompted: false }],
    ['interactive', 'ask', { approved: true, source: 'user', prompted: true }],
    ['interactive', 'blocked', { approved: false, source: 'policy', message: 'blocked by policy', prompted: false }],
    ['approve_all', 'preApproved', { approved: true, source: 'rule', prompted: false }],
    ['approve_all', 'ask', { approved: true, source: 'mode', prompted: false }],
    ['approve_all', 'blocked', { approved: false, source: 'policy', message: 'blocked by policy', prompted: false }],
    ['auto_deny', 'preApproved', { approved: true, source: 'rule', prompted: false }],
    ['auto_deny', 'ask', { approved: false, source: 'policy', message: 'denied by policy (auto_deny)', prompted: false }],
    ['auto_deny', 'blocked', { approved: false, source: 'policy', message: 'blocked by policy', prompted: false }],
  ];

  it.each(rows)('%s / %s', async (mode, rule, expected) => {
    const { prompter, asked } = scripted({ action: 'approve_once' });
    const events: ApprovalEvent[] = [];
    const controller = createApprovalController({ mode, prompter, onEvent: (e) => events.push(e) });
    const decision = await controller.authorize(request(), rule);
    const { prompted, ...shape } = expected;
    expect(decision).toEqual(shape);
    expect(asked.length).toBe(prompted ? 1 : 0);
    expect(controller.mode).toBe(mode);
    const last = events.at(-1);
    expect(last).toMatchObject({ type: 'approval_decision', tool: 'write_file', chain: ['main'], approved: expected.approved, source: expected.source });
    if (expected.message) expect(last).toMatchObject({ reason: expected.message });
    expect(events.some((e) => e.type === 'approval_request')).toBe(prompted);
  });

  it('interactive without a terminal denies every ask call with the documented message', async () => {
    const controller = createApprovalController({ mode: 'interactive' });
    expect(await controller.authorize(request('delete_file'), 'ask')).toEqual({
      approved: false,
      source: 'no-terminal',
      message: 'approval needed for delete_file but no terminal; use --approve-all or pre-approve the tool',
    });
    expect(await controller.authorize(request('read_file'), 'preApproved')).toEqual({ approved: true, source: 'rule' });
  });
});

describe('approval controller: answers', () => {
  it('shows the chain, tool, args and description to the person', async () => {
    const { prompter, asked } = scripted({ action: 'approve_once' });
    const controller = createApprovalController({ mode: 'interactive', prompter });
    await controller.authorize(request('write_file', { path: '/x' }, ['main', 'pitch_evaluator']), 'ask');
    expect(asked).toEqual([
      { chain: ['main', 'pitch_evaluator'], toolset: 'filesystem', toolName: 'write_file', args: { path: '/x' }, description: 'Write a file' },
    ]);
  });

  it('a: approves only this once', async () => {
    const { prompter, asked } = scripted({ action: 'approve_once' }, { action: 'deny' });
    const controller = createApprovalController({ mode: 'interactive', prompter });
    expect((await controller.authorize(request(), 'ask')).approved).toBe(true);
    expect(await controller.authorize(request(), 'ask')).toEqual({ approved: false, source: 'user', message: 'denied by user' });
    expect(asked).toHaveLength(2);
  });

  it('s: a repeated identical call (any key order) asks once; other args ask again', async () => {
    const { prompter, asked } = scripted({ action: 'approve_call' }, { action: 'approve_once' });
    const controller = createApprovalController({ mode: 'interactive', prompter });
    await controller.authorize(request('write_file', { path: '/a', content: 'x' }), 'ask');
    expect(await controller.authorize(request('write_file', { content: 'x', path: '/a' }), 'ask')).toEqual({ approved: true, source: 'session' });
    expect(asked).toHaveLength(1);
    await controller.authorize(request('write_file', { path: '/b', content: 'x' }), 'ask');
    expect(asked).toHaveLength(2);
  });

  it('t: approves the tool with any args for the whole run, sub-workers included', async () => {
    const { prompter, asked } = scripted({ action: 'approve_tool' });
    const controller = createApprovalController({ mode: 'interactive', prompter });
    await controller.authorize(request('shell', { command: 'ls' }, ['main', 'helper']), 'ask');
    expect(await controller.authorize(request('shell', { command: 'git status' }, ['main']), 'ask')).toEqual({ approved: true, source: 'session' });
    expect(asked).toHaveLength(1);
  });

  it('a memory passed in is shared, e.g. across the turns of a chat', async () => {
    const memory = createSessionMemory();
    const first = scripted({ action: 'approve_tool' });
    await createApprovalController({ mode: 'interactive', prompter: first.prompter, memory }).authorize(request('shell'), 'ask');
    const second = scripted();
    const decision = await createApprovalController({ mode: 'interactive', prompter: second.prompter, memory }).authorize(request('shell'), 'ask');
    expect(decision).toEqual({ approved: true, source: 'session' });
    expect(second.asked).toHaveLength(0);
  });

  it('session approval never overrides blocked', async () => {
    const { prompter } = scripted({ action: 'approve_tool' });
    const controller = createApprovalController({ mode: 'interactive', prompter });
    await controller.authorize(request('shell'), 'ask');
    expect((await controller.authorize(request('shell'), 'blocked')).approved).toBe(false);
  });

  it('d: the reason reaches the decision', async () => {
    const { prompter } = scripted({ action: 'deny', reason: '  not in the output folder ' }, { action: 'deny', reason: '   ' });
    const events: ApprovalEvent[] = [];
    const controller = createApprovalController({ mode: 'interactive', prompter, onEvent: (e) => events.push(e) });
    expect(await controller.authorize(request(), 'ask')).toEqual({ approved: false, source: 'user', message: 'denied by user: not in the output folder' });
    expect(await controller.authorize(request(), 'ask')).toMatchObject({ message: 'denied by user' });
    expect(events.map((e) => e.type)).toEqual(['approval_request', 'approval_decision', 'approval_request', 'approval_decision']);
  });

  it('q: throws RunError aborted-by-user, and every later call throws too', async () => {
    const { prompter, asked } = scripted({ action: 'abort' });
    const controller = createApprovalController({ mode: 'interactive', prompter });
    const first = controller.authorize(request('write_file', {}, ['main', 'sub']), 'ask');
    await expect(first).rejects.toSatisfy((e: unknown) => RunError.isInstance(e) && e.code === 'aborted-by-user' && e.worker === 'sub');
    await expect(controller.authorize(request(), 'preApproved')).rejects.toThrow(/aborted by user/);
    expect(asked).toHaveLength(1);
  });
});

describe('approval controller: concurrency and aborts', () => {
  it('serializes concurrent prompts and re-checks memory after waiting', async () => {
    const { prompter, pending, maxOpen } = manual();
    const controller = createApprovalController({ mode: 'interactive', prompter });
    const calls = [
      controller.authorize(request('shell', { command: 'ls' }), 'ask'),
      controller.authorize(request('shell', { command: 'pwd' }), 'ask'),
      controller.authorize(request('write_file', { path: '/a' }), 'ask'),
      controller.authorize(request('write_file', { path: '/a' }), 'ask'),
    ];
    await tick();
    expect(pending).toHaveLength(1);
    pending[0]!.answer({ action: 'approve_tool' }); // covers the second shell call
    await tick();
    expect(pending).toHaveLength(2);
    expect(pending[1]!.req.toolName).toBe('write_file');
    pending[1]!.answer({ action: 'approve_call' }); // covers the identical fourth call
    const decisions = await Promise.all(calls);
    expect(decisions.map((d) => d.source)).toEqual(['user', 'session', 'user', 'session']);
    expect(pending).toHaveLength(2);
    expect(maxOpen()).toBe(1);
  });

  it('a prompt that is still waiting is abandoned when the signal aborts, without blocking the queue', async () => {
    const { prompter, pending } = manual();
    const controller = createApprovalController({ mode: 'interactive', prompter });
    const aborter = new AbortController();
    const first = controller.authorize(request('a'), 'ask');
    const second = controller.authorize(request('b'), 'ask', aborter.signal);
    const third = controller.authorize(request('c'), 'ask');
    await tick();
    aborter.abort();
    await expect(second).rejects.toSatisfy(AbortedError.isInstance);
    expect(pending).toHaveLength(1);
    pending[0]!.answer({ action: 'approve_once' });
    await first;
    await tick();
    expect(pending.map((p) => p.req.toolName)).toEqual(['a', 'c']);
    pending[1]!.answer({ action: 'deny' });
    expect((await third).approved).toBe(false);
  });

  it('an already aborted signal throws AbortedError before deciding', async () => {
    const controller = createApprovalController({ mode: 'approve_all' });
    await expect(controller.authorize(request(), 'preApproved', AbortSignal.abort())).rejects.toSatisfy(AbortedError.isInstance);
  });

  it('a prompter failure propagates and frees the queue', async () => {
    let calls = 0;
    const controller = createApprovalController({
      mode: 'interactive',
      prompter: {
        async ask() {
          calls += 1;
          if (calls === 1) throw new Error('terminal closed');
          return { action: 'approve_once' };
        },
      },
    });
    await expect(controller.authorize(request(), 'ask')).rejects.toThrow('terminal closed');
    expect((await controller.authorize(request(), 'ask')).approved).toBe(true);
  });
});

describe('approval controller: session answers are keyed by toolset + tool (docs/security.md)', () => {
  it('"t" for the filesystem read_file does not approve a custom read_file', async () => {
    const { prompter, asked } = scripted({ action: 'approve_tool' }, { action: 'deny' });
    const controller = createApprovalController({ mode: 'interactive', prompter });
    await controller.authorize(request('read_file', { path: '/a' }), 'ask');
    const custom = { ...request('read_file', { path: '/a' }), toolset: 'custom' };
    expect(await controller.authorize(custom, 'ask')).toEqual({ approved: false, source: 'user', message: 'denied by user' });
    expect(asked.map((req) => req.toolset)).toEqual(['filesystem', 'custom']);
    expect(await controller.authorize(request('read_file', { path: '/b' }), 'ask')).toEqual({ approved: true, source: 'session' });
  });
});
