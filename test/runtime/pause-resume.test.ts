/**
 * Pause and resume (docs/library-api.md): in pause mode a tool call needing a decision waits as data while its
 * siblings run on; the run stops `paused` with its state; `resumeRun` with the decisions goes on
 * without repeating a model request or a finished tool call, and ends as an uninterrupted run would.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Decision } from '../../src/approval/decision-source.ts';
import type { RunEvent } from '../../src/runtime/events.ts';
import { UsageError } from '../../src/errors.ts';
import { resumeRun, startResumedRun } from '../../src/runtime/resume-run.ts';
import type { RunStore } from '../../src/runtime/run-store.ts';
import type { RunSnapshot } from '../../src/runtime/saved-state.ts';
import { worker } from '../project/fixture.ts';
import { project, registryOf, run, scriptedModel, type MockScript } from './helpers.ts';

const FILES = {
  'project.yaml': 'name: durable\nmodel: test\n',
  'main.worker': worker('main', 'toolsets:\n  workers:\n    allowed_workers: [helper]\n  filesystem: {}'),
  'workers/helper.worker': worker('helper', 'toolsets:\n  filesystem: {}\nsandbox:\n  paths:\n    out: { root: ./out, mode: rw }'),
  'notes.txt': 'a note\n',
  'out/.keep': '',
};

/** main calls helper and reads notes.txt at once; helper writes a.txt and b.txt at once (both ask). */
const SCRIPT: MockScript = ({ worker: id, toolResults }) => {
  if (id === 'helper') {
    if (toolResults.length === 0) {
      return {
        toolCalls: [
          { name: 'write_file', args: { path: '/out/a.txt', content: 'A' } },
          { name: 'write_file', args: { path: '/out/b.txt', content: 'B' } },
        ],
      };
    }
    return { text: `helper saw: ${toolResults.join(' | ')}` };
  }
  if (toolResults.length === 0)
    return {
      toolCalls: [
        { name: 'helper', args: { input: 'write them' } },
        { name: 'read_file', args: { path: '/notes.txt' } },
      ],
    };
  return { text: `main saw: ${toolResults.join(' | ')}` };
};

/** Approve the write of a.txt, deny b.txt. */
const decide = (args: unknown): Decision => ((args as { path: string }).path === '/out/a.txt' ? { action: 'approve' } : { action: 'deny', reason: 'not b' });

const promptsOf = (calls: { worker: string; prompt: unknown }[]) => calls.map((call) => JSON.stringify([call.worker, call.prompt]));

describe('pause and resume', () => {
  test('two pending approvals in a nested delegation pause the run; resumed with decisions it ends as an uninterrupted run, nothing repeated', async () => {
    // The run decided as it goes, for comparison.
    const straight = await project(FILES);
    const reference = scriptedModel(SCRIPT);
    const uninterrupted = await run({
      project: straight.project,
      onApproval: (question) => decide(question.args),
      models: registryOf(reference.model),
    });
    expect(uninterrupted.result.status, String(uninterrupted.result.error)).toBe('ok');

    const paused = await project(FILES);
    const scripted = scriptedModel(SCRIPT);
    const first = await run({ project: paused.project, onApproval: 'pause', models: registryOf(scripted.model) });

    expect(first.result.status, String(first.result.error)).toBe('paused');
    expect(first.result.pending).toMatchObject([
      { chain: ['main', 'helper'], toolset: 'filesystem', tool: 'write_file', args: { path: '/out/a.txt' } },
      { chain: ['main', 'helper'], toolset: 'filesystem', tool: 'write_file', args: { path: '/out/b.txt' } },
    ]);
    const types = first.events.map((event) => event.type);
    expect(types.slice(-2)).toEqual(['run_paused', 'run_end']);
    expect(first.events.at(-1)).toMatchObject({ type: 'run_end', status: 'paused' });
    // The sibling read ran to its end while the writes waited.
    expect(first.events.filter((event) => event.type === 'tool_result').map((event) => (event as { tool: string }).tool)).toEqual(['read_file']);
    expect(existsSync(path.join(paused.root, 'out/a.txt'))).toBe(false);
    expect(first.events.some((event) => event.type === 'delegation_end')).toBe(false);

    // The state survives JSON, as the run store keeps it.
    const state = JSON.parse(JSON.stringify(first.result.state)) as RunSnapshot;
    const requestsBefore = scripted.calls.length;
    const decisions = Object.fromEntries(first.result.pending!.map((pending) => [pending.approval_id, decide(pending.args)]));
    const events: RunEvent[] = [];
    const lastSeq = first.events.at(-1)!.seq;
    const handle = await startResumedRun(
      state,
      {
        project: paused.project,
        decisions,
        stream: false,
        afterSeq: lastSeq,
        onEvent: (event) => events.push(event),
      },
      { models: registryOf(scripted.model) },
    );
    const second = await handle.result;

    expect(second.status, String(second.error)).toBe('ok');
    expect(second.output).toBe(uninterrupted.result.output);
    expect(events[0]).toMatchObject({ type: 'run_resumed', decisions: 2, seq: lastSeq + 1, run_id: first.events[0]!.run_id });
    // Every model request of the two runs together is exactly the uninterrupted run's: none repeated.
    expect(scripted.calls.length - requestsBefore).toBe(2);
    expect(promptsOf(scripted.calls)).toEqual(promptsOf(reference.calls));
    // The finished read did not run again; the approved write ran once, the denied one never.
    const results = events
      .filter((event) => event.type === 'tool_result')
      .map((event) => `${(event as { tool: string }).tool} ${(event as { ok: boolean }).ok}`);
    expect(results.sort()).toEqual(['helper true', 'write_file false', 'write_file true']);
    expect(readFileSync(path.join(paused.root, 'out/a.txt'), 'utf8')).toBe('A');
    expect(existsSync(path.join(paused.root, 'out/b.txt'))).toBe(false);
    expect(second.denied_calls).toBe(uninterrupted.result.denied_calls);
    expect(second.usage.input_tokens).toBe(uninterrupted.result.usage.input_tokens);
  });

  test('resumed without a decision in pause mode, the run pauses again on the same questions', async () => {
    const { project: loaded } = await project(FILES);
    const scripted = scriptedModel(SCRIPT);
    const first = await run({ project: loaded, onApproval: 'pause', models: registryOf(scripted.model) });
    const handle = await startResumedRun(
      first.result.state!,
      {
        project: loaded,
        onApproval: 'pause',
        stream: false,
      },
      { models: registryOf(scripted.model) },
    );
    const again = await handle.result;
    expect(again.status).toBe('paused');
    expect(again.pending!.map((pending) => pending.approval_id)).toEqual(first.result.pending!.map((pending) => pending.approval_id));
    expect(scripted.calls).toHaveLength(2);
  });

  test('a worker changed since the pause is refused, naming its file, unless allowed', async () => {
    const { root, project: loaded } = await project(FILES);
    const scripted = scriptedModel(SCRIPT);
    const first = await run({ project: loaded, onApproval: 'pause', models: registryOf(scripted.model) });
    const { writeFileSync } = await import('node:fs');
    writeFileSync(
      path.join(root, 'workers/helper.worker'),
      worker('helper', 'toolsets:\n  filesystem: {}\nsandbox:\n  paths:\n    out: { root: ./out, mode: rw }', 'You are someone else.'),
    );
    const { open } = await import('../project/fixture.ts');
    const reloaded = await open(root);
    await expect(startResumedRun(first.result.state!, { project: reloaded, onApproval: 'approve' }, { models: registryOf(scripted.model) })).rejects.toThrow(
      /worker helper changed since the run stopped \(workers\/helper\.worker\).*--allow-changed/,
    );
    const handle = await startResumedRun(
      first.result.state!,
      {
        project: reloaded,
        onApproval: 'approve',
        allowChanged: true,
        stream: false,
      },
      { models: registryOf(scripted.model) },
    );
    expect((await handle.result).status).toBe('ok');
  });

  test('a state from a newer llm-do is refused with a clear error: the handle ends at once with it, and the store is not told', async () => {
    const { project: loaded } = await project(FILES);
    const state = { state_version: 99, run_id: 'x', options: {}, root: null } as unknown as RunSnapshot;
    await expect(startResumedRun(state, { project: loaded })).rejects.toThrow('newer llm-do (state_version 99');

    const told: string[] = [];
    const seen: RunEvent[] = [];
    const store: RunStore = { record: (entry) => void told.push(entry.type === 'event' ? entry.event.type : entry.type) };
    const { events, result } = resumeRun(state, { project: loaded, store, onEvent: (event) => seen.push(event) });
    const refused = await result;
    expect(refused).toMatchObject({ status: 'error', worker: '', denied_calls: 0, usage: { input_tokens: 0, cost_usd: 0 } });
    expect(UsageError.isInstance(refused.error)).toBe(true);
    expect(refused.error!.message).toContain('newer llm-do (state_version 99');
    const iterated: RunEvent[] = [];
    for await (const event of events) iterated.push(event);
    expect(iterated).toMatchObject([{ type: 'run_end', run_id: 'x', status: 'error', error: refused.error!.message }]);
    expect(seen).toEqual(iterated);
    expect(told).toEqual([]);
  });

  test('after a crash, a started call of an idempotent tool runs again; any other goes back to a decision, noted "may already have run"', async () => {
    const { root, project: loaded } = await project(FILES);
    const scripted = scriptedModel(SCRIPT);
    const first = await run({ project: loaded, onApproval: 'pause', models: registryOf(scripted.model) });
    // As the state was saved when a.txt's write had started and the process died.
    const state = JSON.parse(JSON.stringify(first.result.state)) as RunSnapshot;
    const helper = state.root!.tool_calls[0]!.children[0]!;
    const [writeA, writeB] = helper.tool_calls;
    Object.assign(writeA!, { status: 'running' });
    delete writeA!.approval;
    const handle = await startResumedRun(state, { project: loaded, onApproval: 'pause', stream: false }, { models: registryOf(scripted.model) });
    const again = await handle.result;
    expect(again.status).toBe('paused');
    expect(again.pending).toMatchObject([
      { tool: 'write_file', args: { path: '/out/a.txt' }, note: 'may already have run' },
      { tool: 'write_file', args: { path: '/out/b.txt' }, approval_id: writeB!.approval!.approval_id },
    ]);
    expect(again.pending![0]!.note).toBe('may already have run');
    expect(existsSync(path.join(root, 'out/a.txt'))).toBe(false);

    // A started read (idempotent) simply runs again, unasked.
    const readState = JSON.parse(JSON.stringify(first.result.state)) as RunSnapshot;
    const read = readState.root!.tool_calls[1]!;
    expect(read.tool).toBe('read_file');
    Object.assign(read, { status: 'running' });
    delete read.answer;
    const events: RunEvent[] = [];
    const rerun = await startResumedRun(
      readState,
      {
        project: loaded,
        onApproval: 'approve',
        stream: false,
        onEvent: (event) => events.push(event),
      },
      { models: registryOf(scripted.model) },
    );
    expect((await rerun.result).status).toBe('ok');
    expect(events.filter((event) => event.type === 'tool_result' && (event as { tool: string }).tool === 'read_file')).toHaveLength(1);
    expect(events.some((event) => event.type === 'approval_request')).toBe(false);
  });
});
