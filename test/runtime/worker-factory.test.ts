/**
 * `worker_factory` in a run (docs/dynamic-workers.md): `worker_create` asks by default, makes a worker that its
 * creator calls as a tool from its next step on, with only what it was given; refusals (a name in
 * use, a model the creator may not give, a widening) reach the model as error results; the created
 * worker is saved with the run's state and restored when a paused run resumes.
 */
import { describe, expect, test } from 'vitest';
import { worker } from '../project/fixture.ts';
import { planWorker } from '../../src/project/worker-plan.ts';
import { createdWorkerDefinition } from '../../src/runtime/created-workers.ts';
import { startResumedRun } from '../../src/runtime/resume-run.ts';
import type { RunSnapshot } from '../../src/runtime/saved-state.ts';
import { project, registryOf, run, scriptedModel, systemOf, type MockScript } from './helpers.ts';

const PREAPPROVED = '    approval: { default: preApproved }\n';

function files(factory = PREAPPROVED, extra: Record<string, string> = {}) {
  return {
    'project.yaml': 'name: factory\nmodel: test\n',
    'main.worker': worker(
      'main',
      `toolsets:\n  filesystem: {}\n  worker_factory:\n${factory}sandbox:\n  paths:\n    input: { root: ./input, mode: ro }\n    out: { root: ./out, mode: rw }`,
    ),
    'workers/existing.worker': worker('existing'),
    'input/note.md': 'The Moon causes the tides.\n',
    'out/.keep': '',
    ...extra,
  };
}

const CREATE = {
  name: 'helper',
  description: 'Reads notes.',
  instructions: 'You are helper. Task: {{ input }}',
  toolsets: ['filesystem'],
  mounts: { '/input': 'ro' },
};

/** main creates helper (with `create` args), calls it, then answers with what it got. */
const createThenCall =
  (create: Record<string, unknown> = CREATE): MockScript =>
  ({ worker: id, toolResults }) => {
    if (id === 'helper')
      return toolResults.length === 0 ? { toolCalls: [{ name: 'read_file', args: { path: '/input/note.md' } }] } : { text: `helper read: ${toolResults[0]}` };
    if (toolResults.length === 0) return { toolCalls: [{ name: 'worker_create', args: create }] };
    if (toolResults.length === 1) return { toolCalls: [{ name: 'helper', args: { input: 'read the note' } }] };
    return { text: toolResults.join(' | ') };
  };

describe('worker_create', () => {
  test('creates a worker its creator calls as a tool from the next step, with only what it was given', async () => {
    const { project: loaded } = await project(files());
    const { model, calls } = scriptedModel(createThenCall());
    const { result, events } = await run({ project: loaded, input: 'go', models: registryOf(model) });

    expect(result.status, String(result.error)).toBe('ok');
    expect(result.output).toBe('created worker helper; call it with the tool helper | helper read: The Moon causes the tides.\n');
    const main = calls.filter((call) => call.worker === 'main');
    expect(main[0]!.tools).not.toContain('helper');
    expect(main[1]!.tools).toContain('helper');
    const helper = calls.find((call) => call.worker === 'helper')!;
    expect(systemOf(helper.prompt)).toBe('You are helper. Task: read the note');
    // Only the filesystem toolset (no worker_create), and only reads: its one mount is read-only.
    expect(helper.tools).toEqual(['list_files', 'read_file', 'file_info']);
    expect(events.filter((e) => e.type === 'delegation_start').map((e) => e.chain)).toEqual([['main', 'helper']]);
  });

  test('its sandbox is what it was given: only /out, read-write', async () => {
    const { project: loaded, root } = await project(files());
    const { model } = scriptedModel(({ worker: id, toolResults }) => {
      if (id === 'helper') {
        return toolResults.length === 0
          ? {
              toolCalls: [
                { name: 'write_file', args: { path: '/out/x.txt', content: 'x' } },
                { name: 'read_file', args: { path: '/input/note.md' } },
              ],
            }
          : { text: toolResults.join(' | ') };
      }
      return createThenCall({ ...CREATE, mounts: { '/out': 'rw' } })({ worker: id, toolResults } as never);
    });
    const { result } = await run({ project: loaded, input: 'go', onApproval: 'approve', models: registryOf(model) });
    expect(result.status, String(result.error)).toBe('ok');
    const [, written, read] = String(result.output).split(' | ');
    expect(written).toContain('/out/x.txt');
    expect(read).toMatch(/read_file failed: .*\/input/);
    const fs = await import('node:fs');
    expect(fs.readFileSync(`${root}/out/x.txt`, 'utf8')).toBe('x');
  });

  test('asks by default: denied without a person, and nothing is created', async () => {
    const { project: loaded } = await project(files('    {}\n'));
    const { model, calls } = scriptedModel(({ toolResults }) =>
      toolResults.length === 0 ? { toolCalls: [{ name: 'worker_create', args: CREATE }] } : { text: toolResults[0]! },
    );
    const { result, events } = await run({ project: loaded, input: 'go', models: registryOf(model) });
    expect(result.output).toBe('denied by policy (auto_deny)');
    expect(calls[1]!.tools).not.toContain('helper');
    expect(events.find((e) => e.type === 'approval_decision')).toMatchObject({ tool: 'worker_create', approved: false });
  });

  test.each([
    ['a project worker', { ...CREATE, name: 'existing' }, 'name: existing is taken (the project has the worker existing in workers/existing.worker)'],
    ['a tool of the creator', { ...CREATE, name: 'read_file' }, 'name: read_file is taken (worker main already has a tool of that name)'],
    ['a toolset the creator lacks', { ...CREATE, toolsets: ['shell'] }, 'worker main cannot give helper the shell toolset'],
    ['rw on a mount the creator has ro', { ...CREATE, mounts: { '/input': 'rw' } }, 'cannot give helper /input read-write (rw)'],
    ['a model the creator may not give', { ...CREATE, model: 'nope:zzz' }, 'model "nope:zzz" is not one main may give: use its creator\'s model'],
    ['a model that is a file', { ...CREATE, model: 'scripted:/etc/passwd' }, 'model "scripted:/etc/passwd" is not one main may give'],
    ['an include', { ...CREATE, instructions: "{% include 'x.jinja' %}" }, '{% include %} cannot be used here'],
    [
      'a schema_in that is not a JSON Schema',
      { ...CREATE, schema_in: { type: 'object', properties: { a: { type: 'nonsense' } } } },
      'worker helper cannot be created: schema_in',
    ],
    ['a bad name', { ...CREATE, name: '../x' }, 'invalid arguments for worker_create: name'],
  ])('refuses %s with an error result that says why', async (_what, create, message) => {
    const { project: loaded } = await project(files());
    const { model, calls } = scriptedModel(({ worker: id, toolResults }) =>
      id === 'main' && toolResults.length === 0 ? { toolCalls: [{ name: 'worker_create', args: create }] } : { text: toolResults[0] ?? '' },
    );
    const { result } = await run({ project: loaded, input: 'go', models: registryOf(model) });
    expect(result.status, String(result.error)).toBe('ok');
    expect(String(result.output)).toContain(message);
    // Nothing new is offered.
    expect(calls.at(-1)!.tools).toEqual(calls[0]!.tools);
  });

  test('a name can be created once per run; after a refusal it can be asked for again', async () => {
    const { project: loaded } = await project(files());
    const { model } = scriptedModel(({ toolResults }) => {
      if (toolResults.length === 0)
        return { toolCalls: [{ name: 'worker_create', args: { ...CREATE, schema_in: { type: 'object', properties: { a: { type: 'nonsense' } } } } }] };
      if (toolResults.length === 1) return { toolCalls: [{ name: 'worker_create', args: CREATE }] };
      if (toolResults.length === 2) return { toolCalls: [{ name: 'worker_create', args: { ...CREATE, description: 'again' } }] };
      return { text: toolResults.join('\n') };
    });
    const { result } = await run({ project: loaded, input: 'go', models: registryOf(model) });
    const [first, second, third] = String(result.output).split('\n');
    expect(first).toContain('cannot be created');
    expect(second).toBe('created worker helper; call it with the tool helper');
    expect(third).toContain('name: helper is taken (worker main created it earlier in this run)');
  });

  test('a created worker given worker_factory creates and calls a worker of its own, which its creator alone may call', async () => {
    const { project: loaded } = await project(files());
    const { model, calls } = scriptedModel(({ worker: id, toolResults }) => {
      if (id === 'leaf') return { text: 'leaf says hi' };
      if (id === 'maker') {
        if (toolResults.length === 0)
          return { toolCalls: [{ name: 'worker_create', args: { name: 'leaf', description: 'A leaf.', instructions: 'You are leaf.', toolsets: ['shell'] } }] };
        if (toolResults.length === 1)
          return { toolCalls: [{ name: 'worker_create', args: { name: 'leaf', description: 'A leaf.', instructions: 'You are leaf.' } }] };
        if (toolResults.length === 2) return { toolCalls: [{ name: 'leaf', args: { input: 'hi' } }] };
        return { text: toolResults.join(' | ') };
      }
      if (toolResults.length === 0)
        return {
          toolCalls: [{ name: 'worker_create', args: { name: 'maker', description: 'Makes.', instructions: 'You are maker.', toolsets: ['worker_factory'] } }],
        };
      if (toolResults.length === 1) return { toolCalls: [{ name: 'maker', args: { input: 'go' } }] };
      return { text: toolResults.at(-1)! };
    });
    const { result, events } = await run({ project: loaded, input: 'go', models: registryOf(model) });
    expect(result.status, String(result.error)).toBe('ok');
    const [refused, created, called] = String(result.output).split(' | ');
    expect(refused).toContain(
      'worker maker cannot give leaf the shell toolset: a created worker gets only toolsets its creator has, and maker has worker_factory',
    );
    expect(created).toBe('created worker leaf; call it with the tool leaf');
    expect(called).toBe('leaf says hi');
    expect(events.filter((e) => e.type === 'delegation_start').map((e) => e.chain)).toEqual([
      ['main', 'maker'],
      ['main', 'maker', 'leaf'],
    ]);
    // main is never offered leaf: only its creator calls it.
    expect(calls.filter((call) => call.worker === 'main').every((call) => !call.tools.includes('leaf'))).toBe(true);
  });

  test('tool code reaches a worker its worker created through ctx.callWorker, under the same rules', async () => {
    const tools = `import { defineTool } from 'llm-do';
import { z } from 'zod';
export const consult = defineTool({
  description: 'Asks another worker.',
  inputSchema: z.object({ who: z.string() }),
  needsApproval: false,
  execute: async ({ who }, ctx) => ctx.callWorker(who, 'hello'),
});
`;
    const main = worker('main', `toolsets:\n  custom: {}\n  worker_factory:\n${PREAPPROVED}`);
    const { project: loaded } = await project(files(PREAPPROVED, { 'main.worker': main, 'tools.ts': tools }));
    const { model } = scriptedModel(({ worker: id, toolResults }) => {
      if (id === 'helper') return { text: 'helper got it' };
      if (toolResults.length === 0)
        return { toolCalls: [{ name: 'worker_create', args: { name: 'helper', description: 'Helps.', instructions: 'You are helper.' } }] };
      if (toolResults.length === 1)
        return {
          toolCalls: [
            { name: 'consult', args: { who: 'helper' } },
            { name: 'consult', args: { who: 'nobody' } },
          ],
        };
      return { text: toolResults.slice(1).join(' | ') };
    });
    const { result } = await run({ project: loaded, input: 'go', models: registryOf(model) });
    expect(result.status, String(result.error)).toBe('ok');
    const [reached, missing] = String(result.output).split(' | ');
    expect(reached).toBe('helper got it');
    expect(missing).toMatch(/^consult failed: .*worker nobody not found/);
  });

  test('a run creates at most 32 workers', async () => {
    const { project: loaded } = await project(files());
    const creates = Array.from({ length: 33 }, (_, index) => ({ name: 'worker_create', args: { ...CREATE, name: `helper${index}` } }));
    const { model } = scriptedModel(({ toolResults }) => (toolResults.length === 0 ? { toolCalls: creates } : { text: toolResults.at(-1)! }));
    const { result } = await run({ project: loaded, input: 'go', models: registryOf(model) });
    expect(result.output).toBe('worker_create failed: a run may create at most 32 workers, and this one has made (or is making) 32; call one of them instead');
  });

  test('the run state saves it, and a run paused inside it resumes with it', async () => {
    const { project: loaded, root } = await project(files());
    const { model, calls } = scriptedModel(({ worker: id, toolResults }) => {
      if (id === 'helper')
        return toolResults.length === 0
          ? { toolCalls: [{ name: 'write_file', args: { path: '/out/a.txt', content: 'A' } }] }
          : { text: `helper: ${toolResults[0]}` };
      return createThenCall({ ...CREATE, mounts: { '/out': 'rw' } })({ worker: id, toolResults } as never);
    });
    const states: RunSnapshot[] = [];
    const paused = await run({
      project: loaded,
      input: 'go',
      onApproval: 'pause',
      onCheckpoint: (state) => states.push(state),
      models: registryOf(model),
    });
    expect(paused.result.status, String(paused.result.error)).toBe('paused');
    const state = states.at(-1)!;
    expect(state.created_workers).toMatchObject([
      { name: 'helper', created_by: 'main', call_id: 'c1', instructions: CREATE.instructions, config: { sandbox: { paths: { out: { mode: 'rw' } } } } },
    ]);
    expect(paused.result.pending).toMatchObject([{ chain: ['main', 'helper'], tool: 'write_file' }]);

    const restored = JSON.parse(JSON.stringify(state)) as RunSnapshot;
    const decisions = { [paused.result.pending![0]!.approval_id]: { action: 'approve' as const } };
    const handle = await startResumedRun(restored, { project: loaded, decisions, stream: false }, { models: registryOf(model) });
    const resumed = await handle.result;
    expect(resumed.status, String(resumed.error)).toBe('ok');
    expect(resumed.output).toContain('helper: ');
    const fs = await import('node:fs');
    expect(fs.readFileSync(`${root}/out/a.txt`, 'utf8')).toBe('A');
    expect(calls.filter((call) => call.worker === 'helper')).toHaveLength(2);
  });
});

describe("a created worker's template", () => {
  test('reads nothing, even when its instructions come from a saved state rather than worker_create', async () => {
    const { project: loaded } = await project(files(PREAPPROVED, { 'templates/secret.jinja': 'SECRET', 'secret.md': 'SECRET' }));
    const creator = await loaded.resolveWorker('main');
    const render = async (instructions: string) => {
      const definition = createdWorkerDefinition(
        { name: 'helper', created_by: 'main', call_id: 'c1', config: { name: 'helper' }, own_toolsets: {}, instructions, front_matter: {} },
        creator,
      );
      const { plan } = await planWorker(loaded, definition, { env: {} });
      return plan.renderer.render(instructions, { input: 'x' }, definition.displayPath);
    };
    expect(await render('plain {{ input }}')).toBe('plain x');
    for (const hostile of ["{% include 'secret.jinja' %}", '{{ file("secret.md") }}', "{% set name = 'secret.jinja' %}{% include name %}"]) {
      const error = await render(hostile).then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(String(error), hostile).not.toContain('SECRET');
      expect(error, hostile).toBeInstanceOf(Error);
    }
  });
});

describe('locked', () => {
  test('a locked worker with worker_factory is refused before any request', async () => {
    const { project: loaded } = await project(files(PREAPPROVED, { 'main.worker': worker('main', 'locked: true\ntoolsets:\n  worker_factory: {}') }));
    const { model, calls } = scriptedModel(() => ({ text: 'never' }));
    const { result } = await run({ project: loaded, input: 'go', models: registryOf(model) });
    expect(result.status).toBe('error');
    expect(String(result.error)).toContain('worker main is locked (locked: true forbids creating workers at run time) but enables the worker_factory toolset');
    expect(calls).toHaveLength(0);
  });
});
