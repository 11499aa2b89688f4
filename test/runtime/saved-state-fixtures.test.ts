/**
 * States saved by every state version llm-do has written (test/fixtures/saved-state) go on under
 * this llm-do through the library: read (and migrated) as the run log and `--state` read them, then
 * resumed with `resumeRun` (a chat turn's with `startChatSession`), ending as the run would have.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { open } from '../project/fixture.ts';
import { conversationOf, startChatSession } from '../../src/runtime/chat-session.ts';
import type { RunEvent } from '../../src/runtime/events.ts';
import { resumeRun, type ResumeRunOptions } from '../../src/runtime/resume-run.ts';
import { parseRunSnapshot } from '../../src/runtime/saved-state.ts';
import { pendingQuestions } from '../../src/runtime/state.ts';
import { fixtureVersions, savedStateFixture } from '../helpers/saved-state-fixtures.ts';

/** Resumes fixture `name` of `version`, deciding every approval `approve`; its result, events and project root. */
async function resumed(version: number, name: string, options: Partial<ResumeRunOptions> = {}) {
  const { root, text, model } = savedStateFixture(version, name);
  const state = parseRunSnapshot(text, `fixture v${version}/${name}`);
  const events: RunEvent[] = [];
  const handle = await resumeRun(state, {
    project: await open(root),
    model,
    onApproval: 'approve',
    stream: false,
    onEvent: (event) => events.push(event),
    ...options,
  });
  const result = await handle.result;
  expect(result.status, String(result.error)).toBe('ok');
  expect(events[0]).toMatchObject({ type: 'run_resumed', run_id: state.run_id });
  const count = (type: string, tool?: string) =>
    events.filter((event) => event.type === type && (tool === undefined || (event as { tool?: string }).tool === tool)).length;
  return { result, state, root, count };
}

const file = (root: string, name: string) => fs.readFileSync(path.join(root, name), 'utf8');

/** What each fixture's run does when it goes on; every stored fixture must have a case. */
const CASES: Record<string, (version: number) => Promise<void>> = {
  'paused-approvals': async (version) => {
    const { result, root, count } = await resumed(version, 'paused-approvals');
    expect(result.output).toBe('main is done');
    expect([file(root, 'out/a.txt'), file(root, 'out/b.txt')]).toEqual(['A', 'B']);
    // Only the requests after the pause: helper's answer, then main's. main's finished read did not run again.
    expect(count('model_request')).toBe(2);
    expect(count('tool_result', 'read_file')).toBe(0);
  },
  'crashed-mid-tool-call': async (version) => {
    const { result, root, count } = await resumed(version, 'crashed-mid-tool-call');
    expect(result.output).toBe('main is done');
    // The started read runs again (idempotent); the started write goes back to a decision; the finished one stays done.
    expect(count('tool_result', 'read_file')).toBe(1);
    expect(count('tool_result', 'write_file')).toBe(1);
    expect(file(root, 'out/a.txt')).toBe('A');
    expect(fs.existsSync(path.join(root, 'out/b.txt'))).toBe(false);
  },
  'paused-question': async (version) => {
    const { text } = savedStateFixture(version, 'paused-question');
    const [question] = pendingQuestions(parseRunSnapshot(text, 'fixture'));
    expect(question).toMatchObject({ chain: ['asker'], question: 'Where would you like to go?' });
    const { result } = await resumed(version, 'paused-question', { answers: { [question!.question_id]: 'Lisbon' } });
    expect(result.output).toBe('Three days in Lisbon.');
  },
  'paused-in-created-worker': async (version) => {
    const { result, state, root } = await resumed(version, 'paused-in-created-worker');
    expect(state.created_workers?.map((worker) => worker.name)).toEqual(['scribe']);
    expect(result.output).toBe('maker is done');
    expect(file(root, 'out/c.txt')).toBe('C');
  },
  'chat-turn': async (version) => {
    const { root, text, model } = savedStateFixture(version, 'chat-turn');
    const history = conversationOf(parseRunSnapshot(text, 'fixture'), true);
    expect(history.map((message) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    const chat = await startChatSession({ project: await open(root), entry: 'chatty', model, history, stream: false });
    expect((await chat.send('and now?')).output).toBe('noted');
    expect(chat.history()).toHaveLength(6);
    chat.close();
  },
};

describe.each(fixtureVersions())('states saved as state_version %i', (version) => {
  const names = fs.readdirSync(path.resolve(import.meta.dirname, `../fixtures/saved-state/v${version}`)).map((name) => name.replace(/\.json$/, ''));
  test.each(names)('%s goes on under this llm-do', async (name) => {
    const run = CASES[name];
    if (!run) throw new Error(`no case for the fixture v${version}/${name}.json: add one to CASES`);
    await run(version);
  });
});
