/**
 * `llm-do/browser` in real headless Chromium (SPEC §22, issue 19 (a)): the built bundle, served from
 * 127.0.0.1, opens a project from OPFS and runs it with delegation against a scripted OpenAI Chat
 * Completions server on 127.0.0.1; the page answers the approval of `write_file` in its callback and
 * the file lands in OPFS, where the test reads it back. Then what fails clearly: no OPFS, a project
 * needing Node, bad options.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type * as LlmDoBrowser from '../../src/browser/index.ts';
import { startScriptedServer, type ScriptedRequest, type ScriptedServer } from '../../src/testing/index.ts';
import { openBundlePage, type BundlePage } from '../helpers/bundle-page.ts';
import { chromiumMissing } from '../helpers/chromium.ts';

type Bundle = typeof LlmDoBrowser;
declare global {
  /** The bundle, as the test page loads it (test/helpers/bundle-page.ts). */
  var llmDo: Bundle;
}

const MAIN = `---
name: main
description: Hands the writing to writer.
model: openai-compatible:scripted
toolsets:
  workers:
    allowed_workers: [writer]
---
Ask writer to write the report.
`;

const WRITER = `---
name: writer
description: Writes the report into /out.
model: openai-compatible:scripted
toolsets:
  filesystem: {}
sandbox:
  paths:
    out: { root: ./out, mode: rw }
---
Write what you are given to /out/report.md.
`;

/** main calls writer, writer calls write_file, then each answers with what its tool said. */
function delegatingModel(request: ScriptedRequest) {
  const result = request.toolResults.at(-1)?.content;
  if (request.tools.includes('writer')) {
    return result === undefined ? { toolCalls: [{ name: 'writer', args: { input: 'hello from the page' } }] } : { text: `main saw: ${result}` };
  }
  if (request.tools.includes('write_file')) {
    return result === undefined ? { toolCalls: [{ name: 'write_file', args: { path: '/out/report.md', content: `# Report\n\n${request.lastUserText}\n` } }] } : { text: `writer saw: ${result}` };
  }
  return { text: 'unexpected request' };
}

describe.skipIf(chromiumMissing)('llm-do/browser in headless Chromium', { timeout: 60_000 }, () => {
  let browser: BundlePage;
  let server: ScriptedServer;
  beforeAll(async () => {
    [browser, server] = await Promise.all([openBundlePage(), startScriptedServer(delegatingModel, { cors: true })]);
  });
  afterAll(async () => {
    await Promise.all([browser?.close(), server?.close()]);
  });

  test('runs a project from OPFS with delegation, an approval answered in the page and a file written to OPFS', async () => {
    const seen = await browser.page.evaluate(
      async ({ files, baseURL }) => {
        const llm = globalThis.llmDo;
        const opfs = await navigator.storage.getDirectory();
        const dir = await opfs.getDirectoryHandle('demo', { create: true });
        for (const [name, text] of Object.entries(files)) {
          const parent = name.includes('/') ? await dir.getDirectoryHandle(name.split('/')[0]!, { create: true }) : dir;
          const writable = await (await parent.getFileHandle(name.split('/').at(-1)!, { create: true })).createWritable();
          await writable.write(text);
          await writable.close();
        }
        const project = await llm.openProject({ opfs: 'demo' });
        const questions: unknown[] = [];
        const { events, result } = llm.runWorker({
          project,
          input: 'go',
          env: { OPENAI_COMPATIBLE_BASE_URL: baseURL },
          onApproval: (question) => {
            questions.push({ tool: question.tool, chain: question.chain, args: question.args, toolset: question.toolset });
            return { action: 'approve' };
          },
        });
        const types: string[] = [];
        for await (const event of events) types.push(`${event.type}:${event.chain.join('>')}`);
        const done = await result;
        const out = await dir.getDirectoryHandle('out');
        const written = await (await (await out.getFileHandle('report.md')).getFile()).text();
        return { status: done.status, output: done.output, error: done.error?.message, questions, types, written };
      },
      { files: { 'main.worker': MAIN, 'workers/writer.worker': WRITER }, baseURL: server.openaiBaseUrl },
    );

    expect(seen.error).toBeUndefined();
    expect(seen.status).toBe('ok');
    expect(seen.questions).toEqual([{ tool: 'write_file', chain: ['main', 'writer'], toolset: 'filesystem', args: { path: '/out/report.md', content: '# Report\n\nhello from the page\n' } }]);
    expect(seen.written).toBe('# Report\n\nhello from the page\n');
    expect(seen.output).toBe('main saw: writer saw: wrote 30 characters to /out/report.md');
    expect(seen.types).toEqual(
      expect.arrayContaining(['delegation_start:main>writer', 'approval_request:main>writer', 'approval_decision:main>writer', 'delegation_end:main>writer', 'run_end:main']),
    );
    // Four model requests went over fetch to the scripted server: main, writer, writer, main.
    expect(server.requests.map((request) => request.tools.includes('writer'))).toEqual([true, false, false, true]);
  });

  test('a denial in the page reaches the model as the tool result, and nothing is written', async () => {
    const seen = await browser.page.evaluate(
      async ({ files, baseURL }) => {
        const llm = globalThis.llmDo;
        const project = await llm.openProject({ files });
        const { result } = llm.runWorker({
          project,
          entry: 'writer',
          input: 'secret',
          env: { OPENAI_COMPATIBLE_BASE_URL: baseURL },
          onApproval: () => ({ action: 'deny', reason: 'not today' }),
        });
        const done = await result;
        const out = await project.fs.stat('/project/out/report.md');
        return { status: done.status, output: done.output, denied: done.denied_calls, written: out !== undefined };
      },
      { files: { 'main.worker': MAIN, 'workers/writer.worker': WRITER }, baseURL: server.openaiBaseUrl },
    );
    expect(seen).toMatchObject({ status: 'ok', denied: 1, written: false });
    expect(seen.output).toMatch(/^writer saw: .*denied.*not today/);
  });

  test('without OPFS, opening an OPFS project fails with an error saying what is missing', async () => {
    // A page of its own: OPFS is taken away from it.
    const page = await browser.newPage();
    const seen = await page.evaluate(async () => {
      const llm = globalThis.llmDo;
      // A browser without OPFS: the method is absent from StorageManager.
      delete (StorageManager.prototype as Partial<StorageManager>).getDirectory;
      try {
        await llm.openProject({ opfs: 'demo' });
        return { opened: true };
      } catch (error) {
        const { name, message, code, kind } = error as { name: string; message: string; code?: string; kind?: string };
        return { opened: false, name, message, code, kind, isProjectError: llm.ProjectError.isInstance(error) };
      }
    });
    expect(seen).toMatchObject({ opened: false, code: 'not-available', kind: 'project', isProjectError: true });
    expect((seen as { message: string }).message).toMatch(/^OPFS \(the Origin Private File System\) is not available in this browser: navigator\.storage\.getDirectory is missing/);
  });

  test('a worker that needs Node stops the run before any request, naming the worker and toolset', async () => {
    const before = server.requests.length;
    const seen = await browser.page.evaluate(async () => {
      const llm = globalThis.llmDo;
      const project = await llm.openProject({
        files: {
          'main.worker': '---\nname: main\nmodel: openai-compatible:scripted\ntoolsets:\n  workers:\n    allowed_workers: [runner]\n---\nDelegate.\n',
          'workers/runner.worker': '---\nname: runner\nmodel: openai-compatible:scripted\ntoolsets:\n  shell: {}\n  custom: {}\n---\nRun things.\n',
          'tools.ts': 'export const x = 1;\n',
        },
      });
      const { result } = llm.runWorker({ project, input: 'go', env: { OPENAI_COMPATIBLE_BASE_URL: 'http://127.0.0.1:9/v1' }, onApproval: 'approve' });
      const done = await result;
      const error = done.error as { message: string; code?: string; problems?: { message: string }[] } | undefined;
      return { status: done.status, message: error?.message, code: error?.code, problems: error?.problems?.map((problem) => problem.message) };
    });
    expect(seen.status).toBe('error');
    expect(seen.code, seen.message).toBe('not-available');
    expect(seen.problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^workers\/runner\.worker: worker runner: toolset shell is not available in the browser: it runs commands as processes/),
        expect.stringMatching(/^workers\/runner\.worker: worker runner: toolset custom is not available in the browser: its tools are TS\/JS modules/),
      ]),
    );
    expect(server.requests.length).toBe(before);
  });

  test('bad openProject options are refused by name', async () => {
    const seen = await browser.page.evaluate(async () => {
      const llm = globalThis.llmDo;
      const attempt = (options: unknown) =>
        llm.openProject(options as LlmDoBrowser.OpenProjectOptions).then(
          () => 'opened',
          (error: Error) => error.message,
        );
      return Promise.all([
        attempt({ files: { '../escape.worker': 'x' } }),
        attempt({ files: { '/abs.worker': 'x' } }),
        attempt({ files: {}, opfs: 'demo' }),
        attempt({}),
        attempt({ opfs: 'no-such-dir' }),
        attempt({ files: { 'main.worker': 42 } }),
      ]);
    });
    expect(seen).toEqual([
      'openProject files: "../escape.worker" must be a path relative to the project root, without ".." (e.g. "workers/helper.worker")',
      'openProject files: "/abs.worker" must be a path relative to the project root, without ".." (e.g. "workers/helper.worker")',
      'openProject needs exactly one of files, directory or opfs, got files and opfs',
      'openProject needs exactly one of files, directory or opfs',
      expect.stringMatching(/^not a project: OPFS has no directory no-such-dir/),
      'openProject files: the content of "main.worker" must be a string or a Uint8Array',
    ]);
  });
});
