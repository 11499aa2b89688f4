/**
 * `llm-do/browser` in real headless Chromium (docs/browser.md, issue 19 (a)): the built bundle, served from
 * 127.0.0.1, opens a project from OPFS and runs it with delegation against a scripted OpenAI Chat
 * Completions server on 127.0.0.1; the page answers the approval of `write_file` in its callback and
 * the file lands in OPFS, where the test reads it back. Then what fails clearly: no OPFS, a project
 * needing Node, bad options.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type * as LlmDoBrowser from '../../src/browser/index.ts';
import { startScriptedServer, type ScriptedRequest, type ScriptedServer } from '../../src/testkit/index.ts';
import { openBundlePage, type BundlePage } from '../helpers/bundle-page.ts';
import { CHROMIUM_LAUNCH_TIMEOUT_MS, chromiumMissing } from '../helpers/chromium.ts';

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
    return result === undefined
      ? { toolCalls: [{ name: 'write_file', args: { path: '/out/report.md', content: `# Report\n\n${request.lastUserText}\n` } }] }
      : { text: `writer saw: ${result}` };
  }
  return { text: 'unexpected request' };
}

describe.skipIf(chromiumMissing)('llm-do/browser in headless Chromium', { timeout: 60_000 }, () => {
  let browser: BundlePage;
  let server: ScriptedServer;
  beforeAll(async () => {
    [browser, server] = await Promise.all([openBundlePage(), startScriptedServer(delegatingModel, { cors: true })]);
  }, CHROMIUM_LAUNCH_TIMEOUT_MS);
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
    expect(seen.questions).toEqual([
      { tool: 'write_file', chain: ['main', 'writer'], toolset: 'filesystem', args: { path: '/out/report.md', content: '# Report\n\nhello from the page\n' } },
    ]);
    expect(seen.written).toBe('# Report\n\nhello from the page\n');
    expect(seen.output).toBe('main saw: writer saw: wrote 30 characters to /out/report.md');
    expect(seen.types).toEqual(
      expect.arrayContaining([
        'delegation_start:main>writer',
        'approval_request:main>writer',
        'approval_decision:main>writer',
        'delegation_end:main>writer',
        'run_end:main',
      ]),
    );
    // Four model requests went over fetch to the scripted server: main, writer, writer, main.
    expect(server.requests.map((request) => request.tools.includes('writer'))).toEqual([true, false, false, true]);
  });

  test('what a run wrote to OPFS is still there after the page reloads', async () => {
    await browser.page.reload();
    await browser.page.waitForFunction(() => 'llmDo' in globalThis);
    const text = await browser.page.evaluate(async () => {
      const project = await globalThis.llmDo.openProject({ opfs: 'demo' });
      return project.fs.readText('/project/out/report.md');
    });
    expect(text).toBe('# Report\n\nhello from the page\n');
  });

  test.each([
    ['openai', 'openai:gpt-4.1-mini', (url: string) => ({ OPENAI_BASE_URL: url, OPENAI_API_KEY: 'key-from-the-page' }), 'openai-responses', 'authorization'],
    [
      'anthropic',
      'anthropic:claude-sonnet-4-5',
      (url: string) => ({ ANTHROPIC_BASE_URL: url, ANTHROPIC_API_KEY: 'key-from-the-page' }),
      'anthropic',
      'x-api-key',
    ],
  ])('reaches %s over fetch with the base URL and key the page gives', async (_name, model, settings, protocol, keyHeader) => {
    const before = server.requests.length;
    const seen = await browser.page.evaluate(
      async ({ files, env }) => {
        const llm = globalThis.llmDo;
        const project = await llm.openProject({ files });
        const done = await llm.runWorker({ project, input: 'hi', env }).result;
        return { status: done.status, output: done.output, error: done.error?.message };
      },
      { files: { 'main.worker': `---\nname: main\nmodel: ${model}\n---\nAnswer.\n` }, env: settings(server.openaiBaseUrl) },
    );
    expect(seen).toEqual({ status: 'ok', output: 'unexpected request', error: undefined });
    const [request] = server.requests.slice(before);
    expect(request?.protocol).toBe(protocol);
    expect(request?.headers[keyHeader]).toContain('key-from-the-page');
  });

  test('a run paused at an approval in the page resumes there with the decision', async () => {
    const seen = await browser.page.evaluate(
      async ({ files, baseURL }) => {
        const llm = globalThis.llmDo;
        const project = await llm.openProject({ files });
        const env = { OPENAI_COMPATIBLE_BASE_URL: baseURL };
        const paused = await llm.runWorker({ project, entry: 'writer', input: 'later', env, onApproval: 'pause' }).result;
        const before = await project.fs.stat('/project/out/report.md');
        // The state is plain data: it survives JSON, as it would in localStorage.
        const state = JSON.parse(JSON.stringify(paused.state));
        const decisions = Object.fromEntries(paused.pending!.map((pending) => [pending.approval_id, { action: 'approve' as const }]));
        const resumed = await llm.resumeRun(state, { project, env, decisions }).result;
        return {
          paused: paused.status,
          pending: paused.pending!.map((pending) => pending.tool),
          writtenBefore: before !== undefined,
          resumed: resumed.status,
          written: await project.fs.readText('/project/out/report.md'),
        };
      },
      { files: { 'main.worker': MAIN, 'workers/writer.worker': WRITER }, baseURL: server.openaiBaseUrl },
    );
    expect(seen).toEqual({ paused: 'paused', pending: ['write_file'], writtenBefore: false, resumed: 'ok', written: '# Report\n\nlater\n' });
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
    expect(seen).toMatchObject({ opened: false, name: 'ProjectError', code: 'not-available', kind: 'project', isProjectError: true });
    expect((seen as { message: string }).message).toMatch(
      /^OPFS \(the Origin Private File System\) is not available in this browser: navigator\.storage\.getDirectory is missing/,
    );
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
      const error = done.error as { name: string; message: string; code?: string; problems?: { message: string }[] } | undefined;
      return {
        status: done.status,
        name: error?.name,
        message: error?.message,
        code: error?.code,
        problems: error?.problems?.map((problem) => problem.message),
      };
    });
    expect(seen.status).toBe('error');
    expect(seen.code, seen.message).toBe('not-available');
    expect(seen.name).toBe('ProjectError');
    expect(seen.problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^workers\/runner\.worker: worker runner: toolset shell is not available in the browser: it runs commands as processes/),
        expect.stringMatching(/^workers\/runner\.worker: worker runner: toolset custom is not available in the browser: its tools are TS\/JS modules/),
      ]),
    );
    expect(server.requests.length).toBe(before);
  });

  test('the OPFS file system keeps the FileSystem contract the sandbox relies on', async () => {
    const seen = await browser.page.evaluate(async () => {
      const llm = globalThis.llmDo;
      const opfs = await navigator.storage.getDirectory();
      const fs = await llm.createOpfsFileSystem({ directory: await opfs.getDirectoryHandle('contract', { create: true }), path: '/srv/data' });
      const outcome = (promise: Promise<unknown>) =>
        promise.then(
          (value) => ({ ok: value instanceof Uint8Array ? [...value] : (value ?? null) }),
          (error: { code?: string }) => ({ code: error.code ?? String(error) }),
        );
      await fs.writeFile('/srv/data/a/b/c.txt', 'héllo');
      await fs.writeFile('/srv/data/a/b/c.txt', 'héllo again');
      await fs.writeFile('/srv/data/bin', new Uint8Array([0, 255]));
      const dir = await fs.openDirectory('/srv/data/a');
      await dir.writeFile('held.txt', new TextEncoder().encode('12345'));
      const held = await dir.openFile('held.txt');
      return {
        text: await fs.readText('/srv/data/a/b/c.txt'),
        bytes: await outcome(fs.readFile('/srv/data/bin')),
        missing: await outcome(fs.readFile('/srv/data/missing')),
        statMissing: await outcome(fs.stat('/srv/data/missing/deeper')),
        statUnderFile: await outcome(fs.stat('/srv/data/bin/x')),
        statOutside: await outcome(fs.stat('/etc/passwd')),
        statParent: await fs.stat('/srv'),
        listParent: await fs.readDir('/'),
        list: await fs.readDir('/srv/data'),
        listFile: await outcome(fs.readDir('/srv/data/bin')),
        realpath: await fs.realpath('/srv/data/a/./b/../b/c.txt'),
        realpathMissing: await outcome(fs.realpath('/srv/data/nope')),
        writeOutside: await outcome(fs.writeFile('/elsewhere.txt', 'x')),
        writeParent: await outcome(fs.writeFile('/srv', 'x')),
        removeDirPlain: await outcome(fs.remove('/srv/data/a')),
        heldRealPath: await dir.realPath(),
        heldList: await dir.readDir(),
        heldLstat: await dir.lstat('b'),
        heldRead: [...(await held.read(3))],
        heldBadName: await outcome(dir.openFile('../bin')),
        heldDirAsFile: await outcome(dir.openFile('b')),
        heldRemoveDir: await outcome(dir.remove('b')),
        heldMkdirOverFile: await outcome(dir.mkdir('held.txt').then(() => dir.openDirectory('held.txt'))),
        removeMissing: await outcome(fs.remove('/srv/data/none')),
        removeTree: await outcome(fs.remove('/srv/data/a', { recursive: true }).then(() => fs.stat('/srv/data/a'))),
      };
    });
    expect(seen).toEqual({
      text: 'héllo again',
      bytes: { ok: [0, 255] },
      missing: { code: 'ENOENT' },
      statMissing: { ok: null },
      statUnderFile: { ok: null },
      statOutside: { ok: null },
      statParent: { kind: 'directory', size: 0, mtimeMs: 0 },
      listParent: [{ name: 'srv', kind: 'directory' }],
      list: [
        { name: 'a', kind: 'directory' },
        { name: 'bin', kind: 'file' },
      ],
      listFile: { code: 'ENOTDIR' },
      realpath: '/srv/data/a/b/c.txt',
      realpathMissing: { code: 'ENOENT' },
      writeOutside: { code: 'ENOENT' },
      writeParent: { code: 'EACCES' },
      removeDirPlain: { code: 'EISDIR' },
      heldRealPath: '/srv/data/a',
      heldList: [
        { name: 'b', kind: 'directory' },
        { name: 'held.txt', kind: 'file' },
      ],
      heldLstat: { kind: 'directory', size: 0, mtimeMs: 0 },
      heldRead: [49, 50, 51],
      heldBadName: { code: 'EINVAL' },
      heldDirAsFile: { code: 'EISDIR' },
      heldRemoveDir: { code: 'EISDIR' },
      heldMkdirOverFile: { code: 'ENOTDIR' },
      removeMissing: { ok: null },
      removeTree: { ok: null },
    });
  });

  test('a model cannot write outside the sandbox on OPFS', async () => {
    server.setHandler((request) =>
      request.toolResults.length === 0
        ? {
            toolCalls: [
              { name: 'write_file', args: { path: '/out/../../escape.md', content: 'x' } },
              { name: 'write_file', args: { path: '/main.worker', content: 'x' } },
            ],
          }
        : { text: request.toolResults.map((result) => result.content).join(' | ') },
    );
    try {
      const seen = await browser.page.evaluate(
        async ({ files, baseURL }) => {
          const llm = globalThis.llmDo;
          const opfs = await navigator.storage.getDirectory();
          const dir = await opfs.getDirectoryHandle('escape', { create: true });
          for (const [name, text] of Object.entries(files)) {
            const parent = name.includes('/') ? await dir.getDirectoryHandle(name.split('/')[0]!, { create: true }) : dir;
            const writable = await (await parent.getFileHandle(name.split('/').at(-1)!, { create: true })).createWritable();
            await writable.write(text);
            await writable.close();
          }
          const project = await llm.openProject({ directory: dir });
          const done = await llm.runWorker({ project, entry: 'writer', input: 'go', env: { OPENAI_COMPATIBLE_BASE_URL: baseURL }, onApproval: 'approve' })
            .result;
          const names: string[] = [];
          for await (const name of (opfs as unknown as { keys(): AsyncIterable<string> }).keys()) names.push(name);
          const main = await (await (await dir.getFileHandle('main.worker')).getFile()).text();
          return { status: done.status, output: done.output, names, mainKept: main.startsWith('---') };
        },
        { files: { 'main.worker': MAIN, 'workers/writer.worker': WRITER }, baseURL: server.openaiBaseUrl },
      );
      expect(seen.status).toBe('ok');
      expect(seen.names).not.toContain('escape.md');
      expect(seen.mainKept).toBe(true);
      expect(seen.output).toBe(
        'write_file failed: invalid path "/out/../../escape.md": the segment ".." would leave its directory; ".." is never allowed; use a path inside a mount such as /input/notes.txt' +
          ' | write_file failed: /main.worker is not inside a mount (mounts: /out)',
      );
    } finally {
      server.setHandler(delegatingModel);
    }
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
        attempt({ directory: 'demo' }),
        attempt({ opfs: 42 }),
        attempt({ opfs: 'nowhere/../..' }),
      ]);
    });
    expect(seen).toEqual([
      'openProject files: "../escape.worker" must be a path relative to the project root, without ".." (e.g. "workers/helper.worker")',
      'openProject files: "/abs.worker" must be a path relative to the project root, without ".." (e.g. "workers/helper.worker")',
      'openProject needs exactly one of files, directory or opfs, got files and opfs',
      'openProject needs exactly one of files, directory or opfs',
      expect.stringMatching(/^not a project: OPFS has no directory no-such-dir/),
      'openProject files: the content of "main.worker" must be a string or a Uint8Array',
      'openProject directory must be a FileSystemDirectoryHandle (from navigator.storage.getDirectory() or a directory picker)',
      'openProject opfs must be a path of OPFS directories such as "projects/demo", got number',
      'openProject opfs: "nowhere/../.." must not contain ".."',
    ]);
  });
});
