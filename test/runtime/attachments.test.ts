/**
 * Attachment policies through `runWorker`: files the user attaches to the entry, and files a caller
 * attaches to a callee, are checked for count, total size and suffix against every policy involved.
 */
import path from 'node:path';
import type { LanguageModelV4Prompt } from '@ai-sdk/provider';
import { describe, expect, test } from 'vitest';
import { readAttachmentFiles } from '../../src/runtime/attachments.ts';
import { parseOverride } from '../../src/runtime/overrides.ts';
import { createMemoryFileSystem } from '../../src/sandbox/memory-file-system.ts';
import { createSandbox } from '../../src/sandbox/sandbox.ts';
import { worker } from '../project/fixture.ts';
import { project, registryOf, run, scriptedModel } from './helpers.ts';

const PDF = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';

/** Non-text parts and the text parts of the last user message. */
function lastUser(prompt: LanguageModelV4Prompt) {
  const user = prompt.findLast((message) => message.role === 'user')!;
  return {
    files: user.content.flatMap((part) => (part.type === 'file' ? [{ mediaType: part.mediaType, filename: part.filename }] : [])),
    texts: user.content.flatMap((part) => (part.type === 'text' ? [part.text] : [])),
  };
}

function entry(fields = '') {
  return {
    'main.worker': worker('main', `model: test\n${fields}`),
    'files/a.pdf': PDF,
    'files/b.txt': 'plain notes',
    'files/c.md': '# heading',
    'files/d.txt': 'more',
    'files/e.txt': 'even more',
    'files/blob.bin': 'binary\u0000data',
  };
}

describe('attachments the user gives the entry worker', () => {
  test('a PDF becomes a file part and text files become text parts', async () => {
    const { root, project: loaded } = await project(entry());
    const { model, calls } = scriptedModel(() => ({ text: 'ok' }));
    const { result } = await run({
      project: loaded,
      input: 'read these',
      attachments: [path.join(root, 'files/a.pdf'), path.join(root, 'files/b.txt')],
      models: registryOf(model),
    });

    expect(result.status).toBe('ok');
    const { files, texts } = lastUser(calls[0]!.prompt);
    expect(files).toEqual([{ mediaType: 'application/pdf', filename: 'a.pdf' }]);
    expect(texts).toEqual(['read these', 'Attached file b.txt:\n\nplain notes']);
  });

  test('more files than max_attachments (default 4) are refused before any request', async () => {
    const { root, project: loaded } = await project(entry());
    const five = ['a.pdf', 'b.txt', 'c.md', 'd.txt', 'e.txt'].map((name) => path.join(root, 'files', name));
    const { model, calls } = scriptedModel(() => ({ text: 'ok' }));
    const { result } = await run({ project: loaded, attachments: five, models: registryOf(model) });

    expect(result.error!.message).toBe('--attach: 5 attachments exceed the limit of 4 set by worker main');
    expect(calls).toHaveLength(0);

    const raised = await run({
      project: loaded,
      attachments: five,
      set: [parseOverride('attachment_policy.max_attachments=5')],
      models: registryOf(model),
    });
    expect(raised.result.status).toBe('ok');
  });

  test('max_total_bytes counts every file together', async () => {
    const { root, project: loaded } = await project(entry('attachment_policy:\n  max_total_bytes: 15'));
    const { model, calls } = scriptedModel(() => ({ text: 'ok' }));
    const { result } = await run({
      project: loaded,
      attachments: [path.join(root, 'files/b.txt'), path.join(root, 'files/c.md')],
      models: registryOf(model),
    });

    expect(result.error!.message).toBe('--attach: attachments total 20 bytes, over the limit of 15 bytes set by worker main');
    expect(calls).toHaveLength(0);
  });

  test('allowed_suffixes and denied_suffixes are enforced (case-insensitively)', async () => {
    const { root, project: loaded } = await project({
      ...entry('attachment_policy:\n  allowed_suffixes: [.PDF, .txt]\n  denied_suffixes: [.txt]'),
      'files/UP.PDF': PDF,
    });
    const { model, calls } = scriptedModel(() => ({ text: 'ok' }));
    const attach = (name: string) => run({ project: loaded, attachments: [path.join(root, 'files', name)], models: registryOf(model) });

    expect((await attach('c.md')).result.error!.message).toContain('c.md has suffix ".md", not allowed by worker main (allowed: .pdf, .txt)');
    expect((await attach('b.txt')).result.error!.message).toContain('b.txt has suffix ".txt", denied by worker main');
    expect(calls).toHaveLength(0);
    expect((await attach('UP.PDF')).result.status).toBe('ok');
  });

  test('a missing file and a binary file that no model can read are refused', async () => {
    const { root, project: loaded } = await project(entry());
    const { model, calls } = scriptedModel(() => ({ text: 'ok' }));
    const missing = await run({ project: loaded, attachments: [path.join(root, 'files/nope.pdf')], models: registryOf(model) });
    expect(missing.result.error!.message).toContain('nope.pdf: no such file');

    const binary = await run({ project: loaded, attachments: [path.join(root, 'files/blob.bin')], models: registryOf(model) });
    expect(binary.result.error!.message).toBe('--attach: attachment blob.bin is binary and not a PDF or image, so no model can read it');
    expect(calls).toHaveLength(0);
  });
});

describe('attachments a caller hands to a callee', () => {
  const delegating = (callerPolicy: string, calleePolicy: string) => ({
    'project.yaml': 'model: test\n',
    'main.worker': worker('main', `sandbox:\n  paths:\n    docs: { root: ./docs }\ntoolsets:\n  workers:\n    allowed_workers: [reader]\n${callerPolicy}`),
    'workers/reader.worker': worker('reader', calleePolicy),
    'docs/a.pdf': PDF,
    'docs/b.txt': 'notes',
    'docs/c.md': '# c',
    'outside.pdf': PDF,
  });

  /** main attaches `paths` to one call of reader; returns what reader's model saw and the result main got. */
  async function handOver(files: Record<string, string>, paths: string[]) {
    const { project: loaded } = await project(files);
    const { model, calls } = scriptedModel(({ worker: id, toolResults, prompt }) => {
      if (id === 'reader') return { text: `reader got ${lastUser(prompt).files.length} file(s)` };
      return toolResults.length === 0 ? { toolCalls: [{ name: 'reader', args: { input: 'read', attachments: paths } }] } : { text: toolResults[0]! };
    });
    const { result } = await run({ project: loaded, models: registryOf(model) });
    expect(result.status).toBe('ok');
    return { toolResult: String(result.output), readerCalls: calls.filter((call) => call.worker === 'reader') };
  }

  test('a sandbox file within both policies reaches the callee as a file part', async () => {
    const { toolResult, readerCalls } = await handOver(delegating('', ''), ['/docs/a.pdf']);
    expect(toolResult).toBe('reader got 1 file(s)');
    expect(lastUser(readerCalls[0]!.prompt).files).toEqual([{ mediaType: 'application/pdf', filename: 'a.pdf' }]);
  });

  test("the callee's allowed_suffixes refuse other files", async () => {
    const { toolResult, readerCalls } = await handOver(delegating('', 'attachment_policy:\n  allowed_suffixes: [.pdf]'), ['/docs/a.pdf', '/docs/b.txt']);
    expect(toolResult).toContain('attachment /docs/b.txt has suffix ".txt", not allowed by worker reader (allowed: .pdf)');
    expect(readerCalls).toHaveLength(0);
  });

  test("the caller's denied_suffixes refuse too", async () => {
    const { toolResult, readerCalls } = await handOver(delegating('attachment_policy:\n  denied_suffixes: [.md]', ''), ['/docs/c.md']);
    expect(toolResult).toContain('attachment /docs/c.md has suffix ".md", denied by worker main');
    expect(readerCalls).toHaveLength(0);
  });

  test('the stricter count limit of the two applies', async () => {
    const { toolResult } = await handOver(delegating('', 'attachment_policy:\n  max_attachments: 1'), ['/docs/a.pdf', '/docs/b.txt']);
    expect(toolResult).toContain('2 attachments exceed the limit of 1 set by worker reader');
  });

  test("the callee's max_total_bytes applies to the caller's files", async () => {
    const { toolResult } = await handOver(delegating('', 'attachment_policy:\n  max_total_bytes: 10'), ['/docs/a.pdf']);
    expect(toolResult).toMatch(/attachments total \d+ bytes, over the limit of 10 bytes set by worker reader/);
  });

  test("files outside the caller's sandbox cannot be attached", async () => {
    const { toolResult, readerCalls } = await handOver(delegating('', ''), ['/outside.pdf']);
    expect(toolResult).toContain('/outside.pdf');
    expect(readerCalls).toHaveLength(0);
  });
});

describe('readAttachmentFiles', () => {
  test('holds the files as opened to the tightest max_total_bytes, even after the names passed', async () => {
    const fs = createMemoryFileSystem({ '/p/in/a.txt': 'x'.repeat(60), '/p/in/b.txt': 'y'.repeat(60) });
    const sandbox = createSandbox({ fs, mounts: [{ name: 'in', hostRoot: '/p/in', mode: 'ro' }] });
    const policies = [
      { owner: 'worker main', policy: { max_total_bytes: 500 } },
      { owner: 'worker callee', policy: { max_total_bytes: 100 } },
    ];
    const read = (name: string, maxBytes: number) => sandbox.readBinary(name, { maxBytes });
    // The names were checked while both files were small; then one grew.
    await fs.writeFile('/p/in/b.txt', 'y'.repeat(90));
    await expect(readAttachmentFiles(['/in/a.txt', '/in/b.txt'], policies, read)).rejects.toThrow('/in/b.txt is 90 bytes, over the 40-byte limit of this read');
    await fs.writeFile('/p/in/b.txt', 'y'.repeat(40));
    const read2 = await readAttachmentFiles(['/in/a.txt', '/in/b.txt'], policies, read);
    expect(read2.map((file) => [file.name, file.data.length])).toEqual([
      ['/in/a.txt', 60],
      ['/in/b.txt', 40],
    ]);
  });
});
