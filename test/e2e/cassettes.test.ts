/**
 * Cassettes through the built CLI (docs/testing.md): a run with a delegation and a file tool is recorded
 * against the scripted server (the real provider package, streaming and not), the server is
 * stopped, and the replay gives the same answer, the same tool calls and the same files, with no
 * key and no network. The cassette holds no key; a changed request is refused with the difference.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { startScriptedServer } from '../../src/testkit/index.ts';
import { scriptedEnv } from '../helpers/scripted-env.ts';
import { tempDir, writeTree } from '../project/fixture.ts';
import { runCli } from './helpers/run-cli.ts';
import { byWorker } from './helpers/scripted.ts';

function project(): string {
  return writeTree(
    {
      'project.yaml': 'name: taped\n',
      'main.worker':
        '---\nname: main\ntoolsets:\n  filesystem: {}\n  workers:\n    allowed_workers: [helper]\nsandbox:\n  paths:\n    out: { root: ./out, mode: rw }\n---\nYou are worker main.\n',
      'workers/helper.worker': '---\nname: helper\n---\nYou are worker helper.\n',
      'out/.keep': '',
    },
    tempDir('llm-do-e2e-cassette-'),
  );
}

const traceTools = (file: string) =>
  fs
    .readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line))
    .filter((event) => event.type === 'tool_call')
    .map((event) => [event.worker, event.tool, event.args]);

describe('cassettes', { timeout: 60_000 }, () => {
  for (const streaming of [true, false]) {
    test(`record against the server, replay with it stopped: same answer, tool calls and files (${streaming ? 'streaming' : 'not streaming'})`, async () => {
      const server = await startScriptedServer(
        byWorker({
          main: (request) =>
            request.toolResults.length === 0
              ? { toolCalls: [{ name: 'helper', args: { input: 'a word' } }] }
              : request.toolResults.length === 1
                ? { toolCalls: [{ name: 'write_file', args: { path: '/out/word.txt', content: `${request.toolResults[0]!.content}\n` } }] }
                : { text: 'saved the word' },
          helper: () => ({ text: 'tide' }),
        }),
      );
      const root = project();
      const cassette = path.join(root, 'run.cassette.json');
      const stream = streaming ? [] : ['--no-stream'];
      const args = (trace: string) => [
        '.',
        'find a word and save it',
        '--model',
        'openai-compatible:taped',
        '--approve-all',
        '--no-log',
        '--trace',
        trace,
        ...stream,
      ];
      const recorded = await runCli([...args(path.join(root, 'a.jsonl')), '--record', cassette], {
        cwd: root,
        env: scriptedEnv(server, { OPENAI_COMPATIBLE_API_KEY: 'sk-secret-key-123' }),
      });
      expect(recorded.code, recorded.stderr).toBe(0);
      await server.close();
      const firstFile = fs.readFileSync(path.join(root, 'out/word.txt'), 'utf8');
      fs.rmSync(path.join(root, 'out/word.txt'));

      const text = fs.readFileSync(cassette, 'utf8');
      expect(JSON.parse(text).interactions).toHaveLength(4);
      expect(text).not.toContain('sk-secret-key-123');

      // No server, no base URL, no key: only the cassette answers.
      const replayed = await runCli([...args(path.join(root, 'b.jsonl')), '--replay', cassette], {
        cwd: root,
        env: { OPENAI_COMPATIBLE_BASE_URL: 'http://192.0.2.1:9/v1' },
      });
      expect(replayed.code, replayed.stderr).toBe(0);
      expect(replayed.stdout).toBe(recorded.stdout);
      expect(fs.readFileSync(path.join(root, 'out/word.txt'), 'utf8')).toBe(firstFile);
      expect(traceTools(path.join(root, 'b.jsonl'))).toEqual(traceTools(path.join(root, 'a.jsonl')));
    });
  }

  test('a request the cassette does not hold is an error showing how it differs from the nearest one', async () => {
    const root = project();
    const cassette = path.join(root, 'c.json');
    const recorded = await runCli(['.', 'hello', '--model', 'test', '--no-log', '--record', cassette], { cwd: root });
    expect(recorded.code, recorded.stderr).toBe(0);
    const changed = await runCli(['.', 'goodbye', '--model', 'test', '--no-log', '--replay', cassette], { cwd: root });
    expect(changed.code).toBe(1);
    expect(changed.stderr).toContain('no recorded request matches this request of test (worker main)');
    expect(changed.stderr).toMatch(/- .*hello/);
    expect(changed.stderr).toMatch(/\+ .*goodbye/);

    const missing = await runCli(['.', 'hello', '--model', 'test', '--no-log', '--replay', 'nope.json'], { cwd: root });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('nope.json: no such file; record one first with --record');
    fs.writeFileSync(path.join(root, 'bad.json'), '{"interactions": 3}');
    const bad = await runCli(['.', 'hello', '--model', 'test', '--no-log', '--replay', 'bad.json'], { cwd: root });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('not a cassette of this llm-do');
    const both = await runCli(['.', 'hello', '--record', 'a.json', '--replay', 'c.json'], { cwd: root });
    expect(both.code).toBe(2);
  });
});
