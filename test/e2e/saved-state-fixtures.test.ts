/**
 * States saved by every state version llm-do has written (test/fixtures/saved-state) go on through
 * the built CLI: a run's with `llm-do resume --state FILE`, a chat turn's, recorded in the run log,
 * with `llm-do chat --resume RUN`. The scripted model (`scripted:script.yaml`, which each state names)
 * answers from the project copy, the working directory.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { openRunDatabase } from '../../src/run-log/database.ts';
import { createSqliteRunStore } from '../../src/run-log/sqlite-run-store.ts';
import { STATE_VERSION, type RunSnapshot } from '../../src/runtime/saved-state.ts';
import { fixtureVersions, savedStateFixture } from '../helpers/saved-state-fixtures.ts';
import { beginning, NO_USAGE, stamper } from '../run-log/helpers.ts';
import { runCli } from './helpers/run-cli.ts';

/** Runs `llm-do resume --state FILE …flags --json` on fixture `name` in a copy of its project. */
async function resumeFromFile(version: number, name: string, flags: string[]) {
  const { root, text } = savedStateFixture(version, name);
  const stateFile = path.join(root, 'state.json');
  fs.writeFileSync(stateFile, text);
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-e2e-home-'));
  const result = await runCli(['resume', '--state', stateFile, ...flags, '--json'], { cwd: root, env: { LLM_DO_HOME: home } });
  return { result, json: result.stdout ? JSON.parse(result.stdout) : undefined, root, saved: JSON.parse(text) };
}

describe.each(fixtureVersions())('states saved as state_version %i, through the CLI', { timeout: 60_000 }, (version) => {
  test('a paused run with pending approvals in a delegation: resume --state FILE --approve-all finishes it', async () => {
    const { result, json, root, saved } = await resumeFromFile(version, 'paused-approvals', ['--approve-all']);
    expect(result.code, result.stderr).toBe(0);
    expect(json).toMatchObject({ status: 'ok', output: 'main is done' });
    expect(fs.readFileSync(path.join(root, 'out/b.txt'), 'utf8')).toBe('B');
    // The file is kept up to date: it now holds the run's last state, as this llm-do writes it.
    expect(JSON.parse(fs.readFileSync(path.join(root, 'state.json'), 'utf8'))).toMatchObject({ state_version: STATE_VERSION, run_id: saved.run_id });
  });

  test('a run cut short mid tool call resumes from its file', async () => {
    const { result, json, root } = await resumeFromFile(version, 'crashed-mid-tool-call', ['--approve-all']);
    expect(result.code, result.stderr).toBe(0);
    expect(json).toMatchObject({ status: 'ok', output: 'main is done' });
    expect(fs.readFileSync(path.join(root, 'out/a.txt'), 'utf8')).toBe('A');
  });

  test('a pending question pauses again under the same id when nobody answers', async () => {
    const { result, json, saved } = await resumeFromFile(version, 'paused-question', ['--on-approval', 'pause']);
    expect(result.code, result.stderr).toBe(3);
    const asked = saved.root.tool_calls[0].question;
    expect(json.pending).toMatchObject([{ kind: 'question', question_id: asked.question_id, question: 'Where would you like to go?' }]);
  });

  test('a run paused in a created worker resumes with that worker', async () => {
    const { result, json, root } = await resumeFromFile(version, 'paused-in-created-worker', ['--approve-all']);
    expect(result.code, result.stderr).toBe(0);
    expect(json).toMatchObject({ status: 'ok', output: 'maker is done' });
    expect(fs.readFileSync(path.join(root, 'out/c.txt'), 'utf8')).toBe('C');
  });

  test('a chat turn recorded in the run log goes on with chat --resume', async () => {
    const { root, text } = savedStateFixture(version, 'chat-turn');
    const state = JSON.parse(text) as RunSnapshot;
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-e2e-home-'));
    // The turn as a chat records it: its start, its state, its end.
    const db = openRunDatabase(path.join(home, 'runs.db'));
    const store = createSqliteRunStore(db, { onWriteFailure: (error) => expect.fail(error.message) });
    const { identity, stamp } = stamper(state.run_id);
    const call = identity('c2', 'chatty');
    store.record({ type: 'begin', run: { ...beginning(state.run_id, 'what is my name?'), project: state.project, entry: 'chatty' } });
    store.record({ type: 'event', event: stamp({ ...call, type: 'run_start', model: state.options.model!, input: 'what is my name?' }) });
    store.record({ type: 'checkpoint', state, at: new Date().toISOString() });
    store.record({ type: 'event', event: stamp({ ...call, type: 'run_end', status: 'ok', output: 'noted', usage: NO_USAGE, duration_ms: 5 }) });
    db.close();

    const chat = await runCli(['chat', '--resume', state.run_id], { cwd: root, env: { LLM_DO_HOME: home }, stdin: 'and now?\n' });
    expect(chat.code, chat.stderr).toBe(0);
    expect(chat.stdout).toContain('noted');
  });
});
