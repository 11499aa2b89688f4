import { mkdtempSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApprovalController, sourceForOnApproval } from '../../src/approval/controller.ts';
import {
  approveAll,
  callback,
  denyAll,
  fromDecisions,
  fromPrompter,
  noTerminal,
  type ApprovalQuestion,
  type Decision,
} from '../../src/approval/decision-source.ts';
import { createApprovalGate } from '../../src/approval/gate.ts';
import { openProjectGrants } from '../../src/approval/grants.ts';
import type { ApprovalEvent, ApprovalRequest } from '../../src/approval/types.ts';
import { ProjectError, RunError, UsageError } from '../../src/errors.ts';
import { createNodeFileSystem } from '../../src/sandbox/node-file-system.ts';

const request = (toolset = 'filesystem', toolName = 'write_file', args: unknown = { path: 'out/a.md', content: 'hi' }): ApprovalRequest => ({
  chain: ['main'],
  toolset,
  toolName,
  args,
  description: 'Write a file',
  callId: 'c1',
  toolCallId: 't1',
});

const question = (over: Partial<ApprovalQuestion> = {}): ApprovalQuestion => ({
  approval_id: 'a1',
  call_id: 'c1',
  tool_call_id: 't1',
  chain: ['main'],
  toolset: 'filesystem',
  tool: 'write_file',
  args: {},
  description: '',
  ...over,
});

function projectDir(grantsYaml?: string): string {
  const root = mkdtempSync(join(tmpdir(), 'llm-do-grants-'));
  if (grantsYaml !== undefined) {
    mkdirSync(join(root, '.llm-do'));
    writeFileSync(join(root, '.llm-do', 'approvals.yaml'), grantsYaml);
  }
  return root;
}

const grantsOf = (root: string) => openProjectGrants({ fs: createNodeFileSystem(), root, who: 'ada', now: () => Date.UTC(2026, 0, 2) });

describe('decision sources', () => {
  it('approveAll, denyAll and noTerminal answer without asking anyone', async () => {
    expect(await approveAll.decide(question())).toEqual({ action: 'approve' });
    expect(await denyAll().decide(question())).toEqual({ action: 'deny', message: 'denied by policy (auto_deny)' });
    expect(await noTerminal.decide(question())).toEqual({
      action: 'deny',
      message: 'approval needed for write_file but no terminal; use --approve-all or pre-approve the tool',
    });
    expect([approveAll.interactive, denyAll().interactive, noTerminal.interactive]).toEqual([false, false, false]);
  });

  it('fromDecisions answers by approval id or tool call id, each answer once, and falls back for the rest', async () => {
    const source = fromDecisions(new Map<string, Decision>([['t1', { action: 'approve', remember: 'tool' }]]), denyAll('not decided'));
    expect(await source.decide(question())).toEqual({ action: 'approve', remember: 'tool' });
    expect(await source.decide(question({ tool_call_id: 't2', approval_id: 'a2' }))).toEqual({ action: 'deny', message: 'not decided' });
    // A later call that reuses the id (the model chooses tool call ids) is not covered by the answer.
    expect(await source.decide(question())).toEqual({ action: 'deny', message: 'not decided' });
  });

  it('fromPrompter maps a/s/t/p/d/q to decisions', async () => {
    const answers = [
      { action: 'approve_once' },
      { action: 'approve_call' },
      { action: 'approve_tool' },
      { action: 'approve_project' },
      { action: 'deny', reason: 'no' },
      { action: 'abort' },
    ] as const;
    const seen: ApprovalRequest[] = [];
    let next = 0;
    const source = fromPrompter({ ask: async (req) => (seen.push(req), answers[next++]!) });
    const decisions = [];
    for (let i = 0; i < answers.length; i++) decisions.push(await source.decide(question()));
    expect(decisions).toEqual([
      { action: 'approve' },
      { action: 'approve', remember: 'call' },
      { action: 'approve', remember: 'tool' },
      { action: 'approve', remember: 'project' },
      { action: 'deny', reason: 'no' },
      { action: 'abort' },
    ]);
    expect(seen[0]).toMatchObject({ toolName: 'write_file', toolset: 'filesystem', callId: 'c1', toolCallId: 't1' });
  });

  it('why a call asks reaches the callback as reason and the prompter as askReason', async () => {
    const questions: ApprovalQuestion[] = [];
    const reason = 'option "-W" is not an option known to be safe for awk';
    await createApprovalController({ mode: 'interactive', source: callback((q) => (questions.push(q), { action: 'approve' })) }).authorize(
      { ...request(), askReason: reason },
      'ask',
    );
    expect(questions[0]?.reason).toBe(reason);
    const seen: ApprovalRequest[] = [];
    await fromPrompter({ ask: async (req) => (seen.push(req), { action: 'approve_once' }) }).decide(question({ reason }));
    expect(seen[0]?.askReason).toBe(reason);
  });

  it('callback treats anything but a decision as a denial', async () => {
    const bad = callback(() => ({ action: 'maybe' }) as unknown as Decision);
    expect(await bad.decide(question())).toEqual({ action: 'deny', message: 'denied: the approval callback returned no decision' });
  });

  it('onApproval names a source, and a bad value lists the valid ones', () => {
    expect(sourceForOnApproval('approve', 'interactive').mode).toBe('approve');
    expect(sourceForOnApproval('deny', 'interactive').mode).toBe('deny');
    expect(sourceForOnApproval(undefined, 'auto_deny').mode).toBe('deny');
    expect(sourceForOnApproval(() => ({ action: 'approve' }), 'interactive').mode).toBe('callback');
    expect(sourceForOnApproval('pause', 'interactive').mode).toBe('pause');
    expect(() => sourceForOnApproval('later' as never, 'interactive')).toThrow(UsageError);
    expect(() => sourceForOnApproval('later' as never, 'interactive')).toThrow(
      'onApproval must be "ask", "approve", "deny", "pause" or a function, got "later"',
    );
  });
});

describe('the gate with a callback source', () => {
  it('asks the callback, emits request and decision naming what decided, remembers `tool` for the session', async () => {
    const events: ApprovalEvent[] = [];
    const questions: ApprovalQuestion[] = [];
    const controller = createApprovalController({
      mode: 'interactive',
      source: callback((q) => (questions.push(q), { action: 'approve', remember: 'tool' })),
      onEvent: (event) => events.push(event),
    });
    expect(await controller.authorize(request(), 'ask')).toEqual({ approved: true, source: 'callback' });
    expect(await controller.authorize(request('filesystem', 'write_file', { path: 'other' }), 'ask')).toEqual({ approved: true, source: 'session' });
    expect(questions).toHaveLength(1);
    expect(questions[0]).toMatchObject({ call_id: 'c1', tool_call_id: 't1', toolset: 'filesystem', tool: 'write_file', chain: ['main'] });
    expect(events.map((e) => e.type)).toEqual(['approval_request', 'approval_decision', 'approval_decision']);
  });

  it('a callback denial with a message is the exact model-visible text; abort ends the run', async () => {
    const deny = createApprovalGate({ source: callback(() => ({ action: 'deny', message: 'not on Fridays' })) });
    expect(await deny.authorize(request(), 'ask')).toEqual({ approved: false, source: 'callback', message: 'not on Fridays' });
    const abort = createApprovalGate({ source: callback(() => ({ action: 'abort' })) });
    await expect(abort.authorize(request(), 'ask')).rejects.toThrow(RunError);
  });

  it('precheck settles rules and memory without the source', () => {
    const gate = createApprovalGate({ source: approveAll });
    expect(gate.precheck(request(), 'preApproved')).toEqual({ approved: true, source: 'rule' });
    expect(gate.precheck(request(), 'blocked')).toEqual({ approved: false, source: 'policy', message: 'blocked by policy' });
    expect(gate.precheck(request(), 'ask')).toBeUndefined();
  });
});

describe('persistent grants', () => {
  it('a `project` answer writes a grant with a header; the next run is not asked for that exact call', async () => {
    const root = projectDir();
    const grants = await grantsOf(root);
    const gate = createApprovalGate({ source: callback(() => ({ action: 'approve', remember: 'project' })), grants });
    expect(await gate.authorize(request(), 'ask')).toEqual({ approved: true, source: 'callback' });
    const text = readFileSync(join(root, '.llm-do', 'approvals.yaml'), 'utf8');
    expect(text).toMatch(/^# Persistent approval grants/);
    expect(text).toContain('granted_by: ada');
    expect(text).toContain('granted_at: 2026-01-02T00:00:00.000Z');

    const asked: ApprovalQuestion[] = [];
    const next = createApprovalGate({ source: callback((q) => (asked.push(q), { action: 'deny' })), grants: await grantsOf(root) });
    expect(await next.authorize(request(), 'ask')).toEqual({ approved: true, source: 'grant' });
    // Other arguments, or a same-named tool of another toolset, are still asked.
    expect((await next.authorize(request('filesystem', 'write_file', { path: 'out/b.md', content: 'hi' }), 'ask')).approved).toBe(false);
    expect((await next.authorize(request('custom', 'write_file'), 'ask')).approved).toBe(false);
    expect(asked).toHaveLength(2);
  });

  it('a grant never overrides blocked', async () => {
    const root = projectDir();
    const grants = await grantsOf(root);
    await grants.add({ toolset: 'filesystem', tool: 'write_file' }, request().args);
    const gate = createApprovalGate({ source: approveAll, grants });
    expect(await gate.authorize(request(), 'blocked')).toEqual({ approved: false, source: 'policy', message: 'blocked by policy' });
  });

  it('adding keeps entries and comments written meanwhile; revoke removes one by number', async () => {
    const root = projectDir('# mine\ngrants:\n  - toolset: shell\n    tool: shell\n    args: {command: ls}\n    granted_by: bob\n    granted_at: "2025"\n');
    const grants = await grantsOf(root);
    await grants.add({ toolset: 'filesystem', tool: 'write_file' }, { path: 'a' });
    const text = readFileSync(join(root, '.llm-do', 'approvals.yaml'), 'utf8');
    expect(text).toContain('# mine');
    expect(grants.list().map((g) => g.tool)).toEqual(['shell', 'write_file']);
    expect((await grants.revoke(1)).tool).toBe('shell');
    expect((await grantsOf(root)).list().map((g) => g.tool)).toEqual(['write_file']);
    await expect(grants.revoke(5)).rejects.toThrow('--revoke expects a grant number from 1 to 1');
  });

  it('revoking from a project with no grants says there is nothing to revoke', async () => {
    const grants = await grantsOf(projectDir());
    await expect(grants.revoke(1)).rejects.toThrow(/holds no grants \(there is nothing to revoke\)/);
  });

  it('a malformed file is an error naming the file and line', async () => {
    const root = projectDir('grants:\n  - toolset: filesystem\n    tool: 3\n    args: {}\n    granted_by: ada\n    granted_at: "2026"\n');
    const error = await grantsOf(root).catch((e: unknown) => e);
    expect(ProjectError.isInstance(error)).toBe(true);
    expect((error as ProjectError).message).toContain(join(root, '.llm-do', 'approvals.yaml'));
    expect((error as ProjectError).location.line).toBe(3);
  });
});
