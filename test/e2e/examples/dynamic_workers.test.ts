/**
 * examples/dynamic_workers: `worker_factory` in a real project. `main` creates a summarizer with
 * read-only `/notes` and calls it against a scripted provider; the created worker is offered only
 * read tools and its prompt is the instructions main wrote.
 *
 * Guards: dropping `worker_factory` from main.worker fails the offered-tools assertion and the
 * scripted run (no worker_create); making /notes rw makes the summarizer be offered write tools.
 */
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { REPO_ROOT, runCli } from '../helpers/run-cli.ts';
import { expectCheckPasses } from '../helpers/check-example.ts';
import { CHAT, closeServers, scripted } from '../helpers/scripted.ts';

afterAll(closeServers);

const EXAMPLE = path.join(REPO_ROOT, 'examples/dynamic_workers');

describe.concurrent('examples/dynamic_workers', () => {
  test('llm-do check passes', () => expectCheckPasses(EXAMPLE, 1));

  test('runs offline with --model test and offers worker_create', async () => {
    const result = await runCli([EXAMPLE, 'hi', '--model', 'test']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('test model: worker main received "hi" (tools: list_files, read_file, file_info, worker_create)\n');
  });

  test('scripted: main creates a summarizer and calls it; the summarizer reads a note with read tools only', async () => {
    const { server, env } = await scripted((request) => {
      if (request.system.startsWith('Summarize')) {
        return request.toolResults.length === 0
          ? { toolCalls: [{ name: 'read_file', args: { path: '/notes/tides.md' } }] }
          : { text: 'The Moon makes the tides.' };
      }
      const step = request.toolResults.length;
      if (step === 0) {
        return {
          toolCalls: [
            {
              name: 'worker_create',
              args: {
                name: 'summarizer',
                description: 'Summarizes a note.',
                instructions: 'Summarize the note at {{ input }}.',
                toolsets: ['filesystem'],
                mounts: { '/notes': 'ro' },
              },
            },
          ],
        };
      }
      if (step === 1) return { toolCalls: [{ name: 'summarizer', args: { input: '/notes/tides.md' } }] };
      return { text: `main: ${request.toolResults.at(-1)!.content}` };
    });
    const result = await runCli([EXAMPLE, 'summarize the tides note', '--model', CHAT.model, '--approve-all', '--no-log'], { env });

    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('main: The Moon makes the tides.\n');
    const summarizer = server.requests.filter((request) => request.system.startsWith('Summarize'));
    expect(summarizer[0]!.system).toBe('Summarize the note at /notes/tides.md.');
    expect(summarizer[0]!.tools).toEqual(['list_files', 'read_file', 'file_info']);
    expect(server.requests[1]!.tools).toContain('summarizer');
    expect(summarizer[1]!.toolResults[0]!.content).toContain("The Moon's gravity");
  });
});
