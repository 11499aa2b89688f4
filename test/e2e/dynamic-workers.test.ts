/**
 * Dynamic workers through the built CLI (docs/dynamic-workers.md) with `--model scripted:FILE`: a worker creates a
 * worker and calls it; requests for more than the creator has are refused with the reason; a locked
 * worker with `worker_factory` is refused before any request; a run paused at `worker_create`'s
 * approval resumes, creates and calls; `llm-do promote` previews, writes, and refuses to overwrite,
 * an unknown run or name, and a path outside the workers directory.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { tempDir, writeTree } from '../project/fixture.ts';
import { runCli } from './helpers/run-cli.ts';

const MAIN = `---
name: main
description: Makes helpers.
toolsets:
  filesystem: {}
  worker_factory: {}
sandbox:
  paths:
    notes: { root: ./notes, mode: ro }
    out: { root: ./out, mode: rw }
---
You make helpers.
`;

const CREATE = `
- match: { worker: main, turn: 1 }
  respond:
    tool_calls:
      - name: worker_create
        args:
          name: summarizer
          description: Summarizes a note.
          instructions: "Summarize the note at {{ input }} in one line."
          toolsets: [filesystem]
          mounts: { /notes: ro }
- match: { worker: main, turn: 2, text: created worker summarizer }
  respond:
    tool_calls:
      - name: summarizer
        args: { input: /notes/tides.md }
- match: { worker: summarizer, turn: 1 }
  respond:
    tool_calls:
      - name: read_file
        args: { path: /notes/tides.md }
- match: { worker: summarizer, turn: 2, text: Moon }
  respond: { text: "Tides: the Moon." }
- match: { worker: main, turn: 3, text: "Tides: the Moon." }
  respond: { text: "done: Tides: the Moon." }
`;

function setup(main = MAIN, script = CREATE) {
  const root = writeTree(
    { 'main.worker': main, 'notes/tides.md': 'The Moon causes the tides.\n', 'out/.keep': '', 'script.yaml': script },
    tempDir('llm-do-e2e-dynamic-'),
  );
  const home = tempDir('llm-do-e2e-dynamic-home-');
  const cli = (args: string[], stdin?: string) => runCli(args, { cwd: root, env: { LLM_DO_HOME: home }, ...(stdin !== undefined ? { stdin } : {}) });
  return { root, cli };
}

const events = (root: string) =>
  fs
    .readFileSync(path.join(root, 'trace.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));

describe('dynamic workers', { timeout: 120_000 }, () => {
  test('create, then call: the created worker runs with its own instructions and only read tools', async () => {
    const { root, cli } = setup();
    const result = await cli(['.', 'go', '--model', 'scripted:script.yaml', '--approve-all', '--trace', 'trace.jsonl']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('done: Tides: the Moon.\n');
    const trace = events(root);
    const start = trace.find((event) => event.type === 'delegation_start');
    expect(start).toMatchObject({ worker: 'summarizer', chain: ['main', 'summarizer'], caller: 'main' });
    const requests = trace.filter((event) => event.type === 'model_request');
    expect(requests.find((event) => event.worker === 'summarizer').tools).toEqual(['list_files', 'read_file', 'file_info']);
    expect(requests.filter((event) => event.worker === 'main').map((event) => event.tools.includes('summarizer'))).toEqual([false, true, true]);
    expect(trace.find((event) => event.type === 'approval_decision' && event.tool === 'worker_create')).toMatchObject({ approved: true, source: 'mode' });
  });

  test('without approval (no terminal) worker_create is denied, and nothing is created', async () => {
    const { cli } = setup(MAIN, `${CREATE.split('- match: { worker: main, turn: 2')[0]}- match: { worker: main, turn: 2 }\n  respond: { text: "no helper" }\n`);
    const result = await cli(['.', 'go', '--model', 'scripted:script.yaml', '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ output: 'no helper', denied_calls: 1 });
    expect(result.stderr).toContain('approval needed for worker_create but no terminal');
  });

  test('requests wider than the creator are refused, each naming what and why', async () => {
    const script = `
- match: { worker: main, turn: 1 }
  respond:
    tool_calls:
      - name: worker_create
        args: { name: runner, description: x, instructions: x, toolsets: [shell] }
      - name: worker_create
        args: { name: editor, description: x, instructions: x, toolsets: [filesystem], mounts: { /notes: rw } }
      - name: worker_create
        args: { name: snoop, description: x, instructions: x, mounts: { /home: ro } }
      - name: worker_create
        args: { name: leaky, description: x, instructions: "{{ file('notes/tides.md') }}" }
      - name: worker_create
        args: { name: main, description: x, instructions: x }
      - name: worker_create
        args: { name: __proto__, description: x, instructions: x }
- match: { worker: main, turn: 2 }
  respond: { text: "refused" }
`;
    const { root, cli } = setup(MAIN, script);
    const result = await cli(['.', 'go', '--model', 'scripted:script.yaml', '--approve-all', '--trace', 'trace.jsonl']);
    expect(result.code, result.stderr).toBe(0);
    const errors = events(root)
      .filter((event) => event.type === 'tool_result')
      .map((event) => event.error);
    expect(errors).toHaveLength(6);
    expect(errors).toEqual(
      expect.arrayContaining([
        'worker_create failed: toolsets: worker main cannot give runner the shell toolset: a created worker gets only toolsets its creator has, and main has filesystem, worker_factory',
        'worker_create failed: mounts: worker main cannot give editor /notes read-write (rw): it has /notes read-only (ro) itself',
        'worker_create failed: mounts: worker main has no mount /home, so it cannot give it to snoop; its mounts are /notes (ro), /out (rw)',
        "worker_create failed: instructions, line 1: file() cannot be used here: this template may not read other templates or files (a created worker's instructions are data; put what it needs in them)",
        'worker_create failed: name: main is taken (the project has the worker main in main.worker); choose another name (a created worker cannot replace a worker or be created twice)',
        expect.stringMatching(/^invalid arguments for worker_create: name/),
      ]),
    );
  });

  test('locked: true with worker_factory is refused by check and by a run, before any request', async () => {
    const { cli } = setup(MAIN.replace('description: Makes helpers.', 'description: Makes helpers.\nlocked: true'));
    const check = await cli(['check', '.']);
    expect(check.code).toBe(2);
    expect(check.stdout + check.stderr).toContain(
      'main.worker: worker main is locked (locked: true forbids creating workers at run time) but enables the worker_factory toolset',
    );
    const run = await cli(['.', 'go', '--model', 'scripted:script.yaml']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('worker main is locked');
  });

  test('paused at the worker_create approval: approve, resume, and the worker is created and called', async () => {
    const { cli } = setup();
    const paused = await cli(['.', 'go', '--model', 'scripted:script.yaml', '--on-approval', 'pause', '--json']);
    expect(paused.code, paused.stderr).toBe(3);
    const result = JSON.parse(paused.stdout);
    expect(result.pending).toMatchObject([{ tool: 'worker_create', chain: ['main'], args: { name: 'summarizer' } }]);
    expect((await cli(['promote', result.run_id, 'summarizer'])).stderr).toContain('it created no workers');

    expect((await cli(['approve', result.run_id, '--all'])).code).toBe(0);
    const resumed = await cli(['resume', result.run_id]);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stdout).toBe('done: Tides: the Moon.\n');
    const promoted = await cli(['promote', result.run_id, 'summarizer', '--yes']);
    expect(promoted.code, promoted.stderr).toBe(0);
  });

  test('promote: previews without a terminal, writes with --yes, and the file is an ordinary worker', async () => {
    const { root, cli } = setup();
    expect((await cli(['.', 'go', '--model', 'scripted:script.yaml', '--approve-all'])).code).toBe(0);
    const file = path.join(root, 'workers/summarizer.worker');

    const shown = await cli(['runs', 'show', 'last']);
    expect(shown.stdout).toMatch(/created {2}summarizer \(by main\): Summarizes a note\. · llm-do promote [0-9a-f-]{36} summarizer/);
    const shownJson = JSON.parse((await cli(['runs', 'show', 'last', '--json'])).stdout);
    expect(shownJson.run.created_workers).toEqual([{ name: 'summarizer', created_by: 'main', description: 'Summarizes a note.' }]);

    const preview = await cli(['promote', 'last', 'summarizer']);
    expect(preview.code, preview.stderr).toBe(0);
    const expected = [
      '---',
      'name: summarizer',
      'description: Summarizes a note.',
      'toolsets:',
      '  filesystem: {}',
      'sandbox:',
      '  paths:',
      '    notes:',
      '      root: ./notes',
      '      mode: ro',
      '---',
      'Summarize the note at {{ input }} in one line.',
      '',
    ].join('\n');
    expect(preview.stdout).toBe(expected);
    expect(preview.stderr).toContain('not written: stdin is not a terminal; run again with --yes to write it to workers/summarizer.worker');
    expect(fs.existsSync(file)).toBe(false);

    const written = await cli(['promote', 'last', 'summarizer', '--yes']);
    expect(written.code, written.stderr).toBe(0);
    expect(fs.readFileSync(file, 'utf8')).toBe(expected);
    expect(written.stderr).toContain('wrote workers/summarizer.worker (worker summarizer)');
    const list = await cli(['list', '.', '--json']);
    expect(JSON.parse(list.stdout).map((worker: { id: string }) => worker.id)).toContain('summarizer');

    const again = await cli(['promote', 'last', 'summarizer', '--yes']);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('refusing to overwrite workers/summarizer.worker: it exists; choose another path with --to');

    const nested = await cli(['promote', 'last', 'summarizer', '--to', 'workers/notes/short.worker', '--yes']);
    expect(nested.code, nested.stderr).toBe(0);
    expect(fs.readFileSync(path.join(root, 'workers/notes/short.worker'), 'utf8')).toContain('name: notes/short\n');
    expect((await cli(['check', '.'])).stderr).toContain('0 errors');
    // The promoted worker runs as any worker of the project does.
    const run = await cli(['.', '--entry', 'summarizer', '/notes/tides.md', '--model', 'test']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('worker summarizer received "/notes/tides.md" (tools: list_files, read_file, file_info)');
  });

  test.each([
    [['promote', 'last', 'reviewer'], 'created no worker named reviewer (it created: summarizer)'],
    [['promote', 'ffffffff', 'summarizer'], 'no recorded run has an id starting with "ffffffff" (llm-do runs lists them)'],
    [['promote', 'last', 'summarizer', '--to', '../elsewhere.worker'], 'is outside the project'],
    [['promote', 'last', 'summarizer', '--to', 'main2.worker'], "must name a .worker file in the project's workers directory, workers/"],
    [['promote', 'last', 'summarizer', '--to', 'workers/x.txt'], "must name a .worker file in the project's workers directory"],
    [['promote', 'last', 'summarizer', '--to', 'workers/main.worker', '--yes'], 'the project already has a worker main (main.worker)'],
  ])('promote refuses %j', async (args, message) => {
    const { cli } = setup();
    expect((await cli(['.', 'go', '--model', 'scripted:script.yaml', '--approve-all'])).code).toBe(0);
    const result = await cli(args);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
  });
});
