import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApprovalController } from '../../src/approval/controller.ts';
import { explainApprovalRule, resolveApprovalRule, toolDefaultRule } from '../../src/approval/rules.ts';
import type { ApprovalAnswer, ApprovalEvent, ApprovalPrompter, ApprovalRequest } from '../../src/approval/types.ts';
import { AbortedError, ProjectError, RunError, ToolError } from '../../src/errors.ts';
import { createToolbox, isGatedTool } from '../../src/tools/toolbox.ts';
import type { ToolContext, ToolsetTool } from '../../src/tools/types.ts';
import type { ApprovalMode, ApprovalRule, ToolsetApproval } from '../../src/worker-file/schema.ts';

function context(overrides: Partial<ToolContext> = {}): ToolContext {
  return {
    sandbox: undefined,
    signal: new AbortController().signal,
    chain: ['main'],
    callWorker: async () => 'called',
    ...overrides,
  };
}

function recordingTool(name: string, extra: Partial<ToolsetTool> = {}) {
  const runs: unknown[] = [];
  const tool: ToolsetTool = {
    name,
    description: `The ${name} tool`,
    toolset: 'test',
    inputSchema: z.object({ path: z.string(), count: z.number().int().default(1) }),
    execute: (args) => {
      runs.push(args);
      return { done: args };
    },
    ...extra,
  };
  return { tool, runs };
}

function prompterAnswering(...answers: ApprovalAnswer[]) {
  const asked: ApprovalRequest[] = [];
  const prompter: ApprovalPrompter = {
    async ask(req) {
      asked.push(req);
      return answers.shift() ?? { action: 'deny', reason: 'unscripted' };
    },
  };
  return { prompter, asked };
}

function toolbox(tools: ToolsetTool[], options: { mode?: ApprovalMode; worker?: ToolsetApproval; prompter?: ApprovalPrompter; ctx?: ToolContext } = {}) {
  return createToolbox({
    tools,
    ruleFor: (tool) => resolveApprovalRule({ toolName: tool.name, worker: options.worker, toolDefault: toolDefaultRule(tool) }),
    controller: createApprovalController({ mode: options.mode ?? 'interactive', prompter: options.prompter }),
    context: options.ctx ?? context(),
  });
}

describe('toolbox: offering tools', () => {
  it('omits blocked tools: never offered, never run (a call by name is denied by policy)', async () => {
    const read = recordingTool('read_file', { defaultRule: 'preApproved' });
    const del = recordingTool('delete_file');
    const box = toolbox([read.tool, del.tool], { mode: 'approve_all', worker: { tools: { delete_file: 'blocked' } } });
    expect(box.tools.map((t) => t.name)).toEqual(['read_file']);
    expect(await box.get('delete_file')!.run({ path: '/a' })).toEqual({ ok: false, error: 'blocked by policy', denied: true });
    expect(del.runs).toEqual([]);
  });

  it('exposes name, description, JSON Schema and the resolved rule', () => {
    const box = toolbox([recordingTool('write_file', { defaultRule: 'ask' }).tool]);
    const tool = box.get('write_file')!;
    expect(tool.description).toBe('The write_file tool');
    expect(tool.rule).toBe('ask');
    expect(tool.inputSchema).toMatchObject({ type: 'object', properties: { path: { type: 'string' } }, required: ['path'] });
  });

  it('refuses two offered tools with one name', () => {
    const a = recordingTool('search', { toolset: 'custom' }).tool;
    const b = recordingTool('search', { toolset: 'shell' }).tool;
    expect(() => toolbox([a, b])).toThrow(
      expect.objectContaining({
        code: 'duplicate-tool-name',
        message: expect.stringContaining('two tools are named search (from the custom and shell toolsets)'),
      }),
    );
  });

  it('refuses a non-object input schema with an error naming the tool', () => {
    const tool = recordingTool('echo', { inputSchema: z.string() }).tool;
    expect(() => toolbox([tool])).toThrow(/input schema of tool echo must describe an object/);
    try {
      toolbox([tool]);
    } catch (error) {
      expect(ProjectError.isInstance(error) && error.code).toBe('schema');
    }
  });

  it('add gates one more tool as creation does: a new tools array, the same rules, no second name', async () => {
    const box = toolbox([recordingTool('read_file', { defaultRule: 'preApproved' }).tool], { mode: 'auto_deny', worker: { tools: { hidden: 'blocked' } } });
    const before = box.tools;
    const later = recordingTool('later', { defaultRule: 'ask' });
    box.add(later.tool);
    expect(box.tools).not.toBe(before);
    expect(before.map((t) => t.name)).toEqual(['read_file']);
    expect(box.tools.map((t) => t.name)).toEqual(['read_file', 'later']);
    expect(isGatedTool(box.get('later'))).toBe(true);
    expect(await box.get('later')!.run({ path: '/a' })).toMatchObject({ ok: false, denied: true });
    expect(later.runs).toEqual([]);
    box.add(recordingTool('hidden').tool);
    expect(box.tools.map((t) => t.name)).toEqual(['read_file', 'later']);
    expect(() => box.add(recordingTool('later').tool)).toThrow(/two tools are named later/);
  });

  it('brands its tools so copies and lookalikes are refused', () => {
    const gated = toolbox([recordingTool('read_file', { needsApproval: false }).tool]).get('read_file')!;
    expect(isGatedTool(gated)).toBe(true);
    expect(isGatedTool({ ...gated })).toBe(false);
    expect(isGatedTool(recordingTool('x').tool)).toBe(false);
    expect(isGatedTool(null)).toBe(false);
    expect(Object.isFrozen(gated)).toBe(true);
  });
});

describe('toolbox: running tools', () => {
  it('validates arguments, applies defaults, and passes the context', async () => {
    const seen: ToolContext[] = [];
    const tool = recordingTool('read_file', {
      needsApproval: false,
      execute: (args, ctx) => {
        seen.push(ctx);
        return args;
      },
    }).tool;
    const box = toolbox([tool], { ctx: context({ chain: ['main', 'sub'] }) });
    expect(await box.get('read_file')!.run({ path: '/a' })).toEqual({ ok: true, output: { path: '/a', count: 1 } });
    expect(seen[0]!.chain).toEqual(['main', 'sub']);
    expect(await seen[0]!.callWorker('x', 'y')).toBe('called');
  });

  it('turns invalid arguments into an error outcome listing each field', async () => {
    const { tool, runs } = recordingTool('read_file', { needsApproval: false });
    const outcome = await toolbox([tool]).get('read_file')!.run({ count: 'many' });
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.error).toMatch(/^invalid arguments for read_file: path: .+; count: .+$/);
    expect(runs).toEqual([]);
    expect((await toolbox([tool]).get('read_file')!.run('not an object')).ok).toBe(false);
  });

  it('validates JSON Schema inputs too', async () => {
    const tool = recordingTool('lookup', {
      needsApproval: false,
      inputSchema: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'], additionalProperties: false },
    }).tool;
    const box = toolbox([tool]);
    expect((await box.get('lookup')!.run({ id: 3 })).ok).toBe(true);
    expect(await box.get('lookup')!.run({ id: 'x' })).toMatchObject({ ok: false, error: expect.stringMatching(/^invalid arguments for lookup: id: /) });
  });

  it('a denial reaches the caller as an error outcome with the reason, and the tool does not run', async () => {
    const { tool, runs } = recordingTool('write_file');
    const { prompter } = prompterAnswering({ action: 'deny', reason: 'wrong folder' });
    const outcome = await toolbox([tool], { prompter }).get('write_file')!.run({ path: '/a' });
    expect(outcome).toEqual({ ok: false, error: 'denied by user: wrong folder', denied: true });
    expect(runs).toEqual([]);
  });

  it('without a terminal, an ask tool gets the documented message as its error', async () => {
    const { tool, runs } = recordingTool('write_file');
    const outcome = await toolbox([tool]).get('write_file')!.run({ path: '/a' });
    expect(outcome).toEqual({
      ok: false,
      denied: true,
      error: 'approval needed for write_file but no terminal; use --approve-all or pre-approve the tool',
    });
    expect(runs).toEqual([]);
  });

  it('asks with the validated arguments, the chain and the description', async () => {
    const { prompter, asked } = prompterAnswering({ action: 'approve_once' });
    const box = toolbox([recordingTool('write_file').tool], { prompter, ctx: context({ chain: ['main', 'pitch_evaluator'] }) });
    expect((await box.get('write_file')!.run({ path: '/a' })).ok).toBe(true);
    expect(asked).toEqual([
      { chain: ['main', 'pitch_evaluator'], toolset: 'test', toolName: 'write_file', args: { path: '/a', count: 1 }, description: 'The write_file tool' },
    ]);
  });

  it('turns a throw into "TOOL failed: message" and keeps going', async () => {
    const tool = recordingTool('flaky', {
      needsApproval: false,
      execute: () => {
        throw new Error('disk on fire');
      },
    }).tool;
    const thrower = recordingTool('weird', { needsApproval: false, execute: () => Promise.reject('plain string') }).tool;
    const box = toolbox([tool, thrower]);
    expect(await box.get('flaky')!.run({ path: '/a' })).toEqual({ ok: false, error: 'flaky failed: disk on fire' });
    expect(await box.get('weird')!.run({ path: '/a' })).toEqual({ ok: false, error: 'weird failed: plain string' });
  });

  it('propagates aborts instead of reporting them as failures', async () => {
    const run = new AbortController();
    const tool = recordingTool('slow', {
      needsApproval: false,
      execute: (_args, ctx) => new Promise((_resolve, reject) => ctx.signal.addEventListener('abort', () => reject(new Error('The operation was aborted')))),
    }).tool;
    const box = toolbox([tool], { ctx: context({ signal: run.signal }) });
    const pending = box.get('slow')!.run({ path: '/a' });
    run.abort();
    await expect(pending).rejects.toSatisfy(AbortedError.isInstance);
    await expect(box.get('slow')!.run({ path: '/a' })).rejects.toSatisfy(AbortedError.isInstance);
  });

  it('a per-call signal aborts too', async () => {
    const call = new AbortController();
    const tool = recordingTool('slow', {
      needsApproval: false,
      execute: (_args, ctx) => new Promise((_resolve, reject) => ctx.signal.addEventListener('abort', () => reject(new Error('stop')))),
    }).tool;
    const pending = toolbox([tool]).get('slow')!.run({ path: '/a' }, { signal: call.signal });
    call.abort();
    await expect(pending).rejects.toSatisfy(AbortedError.isInstance);
  });

  it("a call given the context's own signal runs under that signal, not a combination of it with itself", async () => {
    const run = new AbortController();
    const seen: AbortSignal[] = [];
    const tool = recordingTool('look', { needsApproval: false, execute: (_args, ctx) => void seen.push(ctx.signal) }).tool;
    await toolbox([tool], { ctx: context({ signal: run.signal }) })
      .get('look')!
      .run({ path: '/a' }, { signal: run.signal });
    expect(seen).toEqual([run.signal]);
    expect(seen[0]).toBe(run.signal);
  });

  it("lets a sub-worker's q (RunError aborted-by-user) through", async () => {
    const tool = recordingTool('helper', {
      needsApproval: false,
      execute: () => {
        throw new RunError('aborted-by-user', 'helper', 'run aborted by user at the approval prompt for shell');
      },
    }).tool;
    await expect(toolbox([tool]).get('helper')!.run({ path: '/a' })).rejects.toSatisfy(RunError.isInstance);
  });

  it('q at its own prompt throws', async () => {
    const { prompter } = prompterAnswering({ action: 'abort' });
    await expect(
      toolbox([recordingTool('write_file').tool], { prompter })
        .get('write_file')!
        .run({ path: '/a' }),
    ).rejects.toSatisfy((e: unknown) => RunError.isInstance(e) && e.code === 'aborted-by-user');
  });
});

describe('toolbox: a function needsApproval', () => {
  const shellLike = () =>
    recordingTool('shell', {
      inputSchema: z.object({ command: z.string() }),
      needsApproval: (args: { command: string }) => !args.command.startsWith('git log'),
    });

  it("decides per call when the rule is the tool's own default", async () => {
    const { tool, runs } = shellLike();
    const { prompter, asked } = prompterAnswering({ action: 'approve_once' });
    const box = toolbox([tool], { prompter });
    expect((await box.get('shell')!.run({ command: 'git log -5' })).ok).toBe(true);
    expect(asked).toHaveLength(0);
    expect((await box.get('shell')!.run({ command: 'rm -rf x' })).ok).toBe(true);
    expect(asked).toHaveLength(1);
    expect(runs).toHaveLength(2);
  });

  it('is ignored when worker or manifest config chose the rule', async () => {
    const { tool } = shellLike();
    const { prompter, asked } = prompterAnswering({ action: 'deny' });
    const box = createToolbox({
      tools: [tool],
      ruleFor: (t) => explainApprovalRule({ toolName: t.name, worker: { tools: { shell: 'ask' } }, toolDefault: toolDefaultRule(t) }),
      controller: createApprovalController({ mode: 'interactive', prompter }),
      context: context(),
    });
    expect(await box.get('shell')!.run({ command: 'git log' })).toMatchObject({ ok: false, error: 'denied by user' });
    expect(asked).toHaveLength(1);

    const preApproved = toolbox([shellLike().tool], { worker: { default: 'preApproved' } });
    expect((await preApproved.get('shell')!.run({ command: 'rm -rf x' })).ok).toBe(true);
  });

  it('a throwing needsApproval becomes an error outcome and the tool does not run', async () => {
    const { tool, runs } = recordingTool('odd', {
      needsApproval: () => {
        throw new Error('cannot tell');
      },
    });
    expect(await toolbox([tool], { mode: 'approve_all' }).get('odd')!.run({ path: '/a' })).toEqual({ ok: false, error: 'odd failed: cannot tell' });
    expect(runs).toEqual([]);
  });

  it('a needsApproval that never settles still ends on abort', async () => {
    const abort = new AbortController();
    // Aborts once the tool is asked whether it needs approval, an answer that never comes.
    const { tool, runs } = recordingTool('stuck', { needsApproval: () => (abort.abort(), new Promise<boolean>(() => undefined)) });
    const running = toolbox([tool], { mode: 'approve_all' }).get('stuck')!.run({ path: '/a' }, { signal: abort.signal });
    await expect(running).rejects.toSatisfy((error: unknown) => AbortedError.isInstance(error));
    expect(runs).toEqual([]);
  });
});

describe('toolbox: per-call rules and results that report a failure', () => {
  it('a callRule that throws a ToolError refuses the call as a denial, before any approval and without running it', async () => {
    const { tool, runs } = recordingTool('cmd', {
      callRule: () => {
        throw new ToolError('not-allowed', 'cmd', 'command not allowed: rm; allowed: ls');
      },
    });
    const { prompter, asked } = prompterAnswering({ action: 'approve_once' });
    const outcome = await toolbox([tool], { prompter }).get('cmd')!.run({ path: '/a' });
    expect(outcome).toEqual({ ok: false, error: 'denied by rule: command not allowed: rm; allowed: ls', denied: true });
    expect(asked).toHaveLength(0);
    expect(runs).toHaveLength(0);
  });

  it('any other error from a callRule is a failure, not a denial', async () => {
    const { tool } = recordingTool('cmd', {
      callRule: () => {
        throw new Error('a bug');
      },
    });
    expect(await toolbox([tool]).get('cmd')!.run({ path: '/a' })).toEqual({ ok: false, error: 'cmd failed: a bug' });
  });

  it('failureOf marks a result as a failure and keeps the result', async () => {
    const { tool } = recordingTool('cmd', {
      needsApproval: false,
      execute: (args) => ({ exit_code: args.count }),
      failureOf: (output: { exit_code: number }) => (output.exit_code === 0 ? undefined : `exit code ${output.exit_code}`),
    });
    const box = toolbox([tool]);
    expect(await box.get('cmd')!.run({ path: '/a', count: 2 })).toEqual({ ok: true, output: { exit_code: 2 }, failure: 'exit code 2' });
    expect(await box.get('cmd')!.run({ path: '/a', count: 0 })).toEqual({ ok: true, output: { exit_code: 0 } });
  });
});

describe('toolbox: a per-call rule (callRule)', () => {
  const perCall = (reason?: string) =>
    recordingTool('run', { defaultRule: 'preApproved', callRule: () => (reason ? { rule: 'ask', reason } : { rule: 'preApproved' }) }).tool;

  it('shows why a call its rule would pre-approve asks, in the request and the approval_request event', async () => {
    const { prompter, asked } = prompterAnswering({ action: 'approve_once' });
    const events: ApprovalEvent[] = [];
    const box = createToolbox({
      tools: [perCall('option "-W" is not an option known to be safe for awk')],
      ruleFor: (tool) => resolveApprovalRule({ toolName: tool.name, toolDefault: toolDefaultRule(tool) }),
      controller: createApprovalController({ mode: 'interactive', prompter, onEvent: (event) => events.push(event) }),
      context: context(),
    });
    expect((await box.get('run')!.run({ path: '/a' })).ok).toBe(true);
    expect(asked[0]?.askReason).toBe('option "-W" is not an option known to be safe for awk');
    expect(events.find((event) => event.type === 'approval_request')).toMatchObject({ reason: 'option "-W" is not an option known to be safe for awk' });
  });

  it('is pre-approved with no question when the call rule allows it', async () => {
    const { prompter, asked } = prompterAnswering();
    expect((await toolbox([perCall()], { prompter }).get('run')!.run({ path: '/a' })).ok).toBe(true);
    expect(asked).toEqual([]);
  });
});

describe('toolbox: results must be JSON (docs/security.md)', () => {
  const returning = (output: () => unknown) => recordingTool('odd', { defaultRule: 'preApproved', execute: output });
  const cyclic = () => {
    const value: Record<string, unknown> = { a: 1 };
    value.self = value;
    return value;
  };

  it.each([
    ['a cycle', cyclic, 'Converting circular structure to JSON'],
    ['a BigInt', () => ({ n: 10n }), 'BigInt'],
    ['a function', () => () => 1, 'the tool returned a function'],
    ['a symbol', () => Symbol('s'), 'the tool returned a symbol'],
    [
      'a throwing toJSON',
      () => ({
        toJSON: () => {
          throw new Error('no JSON for you');
        },
      }),
      'no JSON for you',
    ],
  ])('%s becomes an error result naming the tool', async (_what, output, reason) => {
    const outcome = await toolbox([returning(output).tool])
      .get('odd')!
      .run({ path: '/a' });
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.error).toMatch(/^odd: tool result is not JSON-serialisable: /);
    expect(!outcome.ok && outcome.error).toContain(reason);
  });

  it('undefined is null (the tool ran and returned nothing); other values are plain JSON copies', async () => {
    expect(
      await toolbox([returning(() => undefined).tool])
        .get('odd')!
        .run({ path: '/a' }),
    ).toEqual({ ok: true, output: null });
    const dated = await toolbox([returning(() => ({ at: new Date(0), skip: undefined })).tool])
      .get('odd')!
      .run({ path: '/a' });
    expect(dated).toEqual({ ok: true, output: { at: '1970-01-01T00:00:00.000Z' } });
  });
});

describe('toolbox: modes', () => {
  it.each<[ApprovalMode, ApprovalRule, boolean]>([
    ['approve_all', 'ask', true],
    ['auto_deny', 'ask', false],
    ['auto_deny', 'preApproved', true],
  ])('%s with a %s tool runs: %s', async (mode, rule, runs) => {
    const made = recordingTool('t', { defaultRule: rule });
    const outcome = await toolbox([made.tool], { mode }).get('t')!.run({ path: '/a' });
    expect(outcome.ok).toBe(runs);
    expect(made.runs.length).toBe(runs ? 1 : 0);
    if (!runs) expect(outcome).toEqual({ ok: false, error: 'denied by policy (auto_deny)', denied: true });
  });
});

describe('toolbox: what a tool source claims (MCP annotations)', () => {
  it('is shown first in the approval request, marked, and leaves the model description and the rule alone', async () => {
    const { prompter, asked } = prompterAnswering({ action: 'approve_once' });
    const note = '[server says, unverified: readOnlyHint]';
    const box = toolbox([recordingTool('srv__read', { defaultRule: 'ask', approvalNote: note }).tool], { prompter });
    const tool = box.get('srv__read')!;
    expect(tool.rule).toBe('ask');
    expect(tool.description).toBe('The srv__read tool');
    await tool.run({ path: '/a' });
    expect(asked[0]!.description).toBe(`${note} The srv__read tool`);
  });
});
