/** `${field}` mounts in the runtime (docs/security.md): bound per call, through `runWorker`, kept in the run's state. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, test } from 'vitest';
import type { RunStore } from '../../src/runtime/run-store.ts';
import { applyStateDelta, migrateSavedState, STATE_VERSION } from '../../src/runtime/saved-state.ts';
import { savedStateFixture } from '../helpers/saved-state-fixtures.ts';
import type { RunSnapshot } from '../../src/runtime/saved-state.ts';
import { worker } from '../project/fixture.ts';
import { project, registryOf, run, scriptedModel } from './helpers.ts';

const SUMMARIZER = worker(
  'summarizer',
  'schema_in:\n  type: object\n  properties:\n    dir: { type: string }\n  required: [dir]\nsandbox:\n  paths:\n    folder: { root: "${dir}", mode: rw }\ntoolsets:\n  filesystem: {}',
);

async function folders(mainFields: string) {
  const loaded = await project({
    'project.yaml': 'name: folders\nmodel: test\n',
    'main.worker': worker('main', mainFields),
    'workers/summarizer.worker': SUMMARIZER,
    'drafts/alpha/a.md': 'A',
    'other/b.md': 'B',
  });
  return loaded;
}

/** main hands `dir` to summarizer, which lists /folder; returns what each saw. */
function handOver(dir: string) {
  const seen: { results: string[]; offered: string[] } = { results: [], offered: [] };
  const { model } = scriptedModel(({ worker: id, toolResults, options }) => {
    if (id === 'main') seen.offered = (options.tools ?? []).map((tool) => ('description' in tool ? `${tool.name}: ${tool.description}` : tool.name));
    if (id === 'summarizer')
      return toolResults.length === 0 ? { toolCalls: [{ name: 'list_files', args: { path: '/folder' } }] } : { text: `saw ${toolResults[0]}` };
    if (toolResults.length === 0) return { toolCalls: [{ name: 'summarizer', args: { dir } }] };
    seen.results.push(...toolResults);
    return { text: 'done' };
  });
  return { model, seen };
}

describe('bound ${field} mounts in a run', () => {
  test('a caller restricted to /drafts hands /drafts/alpha over, and the callee sees it at /folder', async () => {
    const { project: loaded } = await folders(
      'toolsets:\n  filesystem: {}\n  workers:\n    allowed_workers: [summarizer]\nsandbox:\n  paths:\n    drafts: { root: ./drafts }\n    other: { root: ./other }\n  restrict: /drafts',
    );
    const { model, seen } = handOver('/drafts/alpha');
    const { result, events } = await run({ project: loaded, input: 'go', models: registryOf(model) });
    expect(result.status, String(result.error)).toBe('ok');
    expect(seen.results).toEqual(['saw {"files":["/folder/a.md"]}']);
    expect(events.find((event) => event.type === 'delegation_start')).toMatchObject({ mounts: [{ path: '/folder', from: '/drafts/alpha', mode: 'ro' }] });
    // The calling model is told what dir is.
    expect(seen.offered).toContain(
      'summarizer: Run the worker summarizer. (dir is a directory of your sandbox, which it sees as /folder; it gets no more access there than you have.)',
    );
  });

  test('a value outside the caller’s restrict subtree is an error result naming the field', async () => {
    const { project: loaded } = await folders(
      'toolsets:\n  filesystem: {}\n  workers:\n    allowed_workers: [summarizer]\nsandbox:\n  paths:\n    drafts: { root: ./drafts }\n    other: { root: ./other }\n  restrict: /drafts',
    );
    const { model, seen } = handOver('/other');
    const { result } = await run({ project: loaded, input: 'go', models: registryOf(model) });
    expect(result.status).toBe('ok');
    expect(seen.results[0]).toContain(
      'input field dir of worker summarizer (the directory of its mount /folder): /other is outside /drafts, the only part of the sandbox this worker may use (give a directory inside /drafts (ro))',
    );
  });

  test('a caller with no sandbox configured hands over what it sees: the project, read-only', async () => {
    const { project: loaded } = await folders('toolsets:\n  workers:\n    allowed_workers: [summarizer]');
    const { model, seen } = handOver('/drafts/alpha');
    const { result, events } = await run({ project: loaded, input: 'go', models: registryOf(model) });
    expect(result.status, String(result.error)).toBe('ok');
    expect(seen.results).toEqual(['saw {"files":["/folder/a.md"]}']);
    expect(events.find((event) => event.type === 'delegation_start')).toMatchObject({ mounts: [{ path: '/folder', from: '/drafts/alpha', mode: 'ro' }] });
  });

  test('the entry’s value binds from runWorker, and the state keeps every call’s bound mounts as JSON', async () => {
    const { root, project: loaded } = await folders(
      'toolsets:\n  filesystem: {}\n  workers:\n    allowed_workers: [summarizer]\nsandbox:\n  paths:\n    drafts: { root: ./drafts, mode: rw }',
    );
    const { model, seen } = handOver('/drafts/alpha');
    const states: RunSnapshot[] = [];
    const store: RunStore = { record: (entry) => void (entry.type === 'checkpoint_delta' && states.push(applyStateDelta(states.at(-1), entry.state))) };
    const { result } = await run({ project: loaded, input: 'go', store, models: registryOf(model) });
    expect(result.status, String(result.error)).toBe('ok');
    expect(seen.results).toEqual(['saw {"files":["/folder/a.md"]}']);
    const during = states.find((state) => state.root?.tool_calls[0]?.children.length);
    const child = during!.root!.tool_calls[0]!.children[0]!;
    expect(child.bound_mounts).toEqual([
      { name: 'folder', host_root: fs.realpathSync(path.join(root, 'drafts/alpha')), mode: 'rw', bound_from: '/drafts/alpha' },
    ]);
    expect(JSON.parse(JSON.stringify(during))).toEqual(during);
    expect(migrateSavedState(JSON.parse(JSON.stringify(during)), 'state')).toEqual(during);

    // Run directly: a directory of the project, relative to its root.
    const direct = scriptedModel(({ toolResults }) =>
      toolResults.length === 0 ? { toolCalls: [{ name: 'list_files', args: { path: '/folder' } }] } : { text: toolResults[0]! },
    );
    const entry = await run({ project: loaded, entry: 'summarizer', input: { dir: 'drafts/alpha' }, models: registryOf(direct.model) });
    expect(entry.result.output).toBe('{"files":["/folder/a.md"]}');
    const outside = await run({ project: loaded, entry: 'summarizer', input: { dir: '../' }, models: registryOf(direct.model) });
    expect(outside.result.status).toBe('error');
    expect(String(outside.result.error)).toContain('input field dir of worker summarizer (the directory of its mount /folder): "../" is outside the project');
  });

  test('a schema_in module is checked when it is imported: a ${field} it lacks stops the run before any request', async () => {
    const { project: loaded } = await project({
      'project.yaml': 'name: folders\nmodel: test\n',
      'main.worker': worker('main', 'schema_in: schemas.ts:In\nsandbox:\n  paths:\n    folder: { root: "${dir}" }\ntoolsets:\n  filesystem: {}'),
      'schemas.ts': 'import { z } from "zod";\nexport const In = z.object({ folder: z.string() });\n',
    });
    const { model, calls } = scriptedModel(() => ({ text: 'never' }));
    const { result } = await run({ project: loaded, input: { folder: 'x' }, models: registryOf(model) });
    expect(result.status).toBe('error');
    expect(String(result.error)).toContain('sandbox.paths.folder.root is ${dir}, but schema_in has no field dir (schema_in declares folder)');
    expect(calls).toHaveLength(0);
  });

  test('a saved state whose bound mount is not an absolute host path is refused as corrupt', () => {
    const state = JSON.parse(savedStateFixture(STATE_VERSION, 'paused-approvals').text);
    state.root.bound_mounts = [{ name: 'folder', host_root: 'relative/dir', mode: 'rw', bound_from: '/x' }];
    expect(() => migrateSavedState(state, 'state file s.json')).toThrow('state file s.json is corrupt (root.bound_mounts.0.host_root');
  });
});
