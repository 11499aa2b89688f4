import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SandboxError, ToolError } from '../../src/errors.ts';
import { createNodeFileSystem } from '../../src/sandbox/node-file-system.ts';
import { createSandbox, truncationMarker } from '../../src/sandbox/sandbox.ts';
import type { Sandbox } from '../../src/sandbox/types.ts';
import { createFilesystemToolset, EDIT_FILE_MAX_BYTES, EDIT_FILE_MAX_OLD_CHARS, LIST_FILES_LIMIT, READ_FILE_MAX_CHARS } from '../../src/tools/filesystem.ts';
import type { ToolContext, ToolsetTool } from '../../src/tools/types.ts';

let dir: string;
let sandbox: Sandbox;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-fs-tools-'));
  fs.mkdirSync(path.join(dir, 'in', 'notes'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'out'));
  fs.writeFileSync(path.join(dir, 'in', 'a.md'), '# A\nalpha\n');
  fs.writeFileSync(path.join(dir, 'in', 'notes', 'b.md'), 'beta');
  fs.writeFileSync(path.join(dir, 'in', 'c.txt'), 'gamma');
  fs.writeFileSync(path.join(dir, 'out', 'doc.md'), 'one two two three three three');
  sandbox = createSandbox({
    fs: createNodeFileSystem(),
    mounts: [
      { name: 'input', hostRoot: path.join(dir, 'in'), mode: 'ro' },
      { name: 'output', hostRoot: path.join(dir, 'out'), mode: 'rw' },
    ],
  });
});

afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const tools = createFilesystemToolset();

function context(withSandbox: Sandbox | null = sandbox): ToolContext {
  return { sandbox: withSandbox ?? undefined, signal: new AbortController().signal, callWorker: async () => undefined, chain: ['main'] };
}

function tool(name: string): ToolsetTool {
  const found = tools.find((t) => t.name === name);
  if (!found) throw new Error(`no tool ${name}`);
  return found;
}

const call = (name: string, args: unknown, ctx = context()) => Promise.resolve(tool(name).execute(args, ctx));
const hostText = (...parts: string[]) => fs.readFileSync(path.join(dir, ...parts), 'utf8');

describe('createFilesystemToolset', () => {
  it('offers exactly the six tools with reads pre-approved and changes asking', () => {
    expect(tools.map((t) => [t.name, t.defaultRule, t.toolset])).toEqual([
      ['list_files', 'preApproved', 'filesystem'],
      ['read_file', 'preApproved', 'filesystem'],
      ['write_file', 'ask', 'filesystem'],
      ['edit_file', 'ask', 'filesystem'],
      ['delete_file', 'ask', 'filesystem'],
      ['file_info', 'preApproved', 'filesystem'],
    ]);
    for (const t of tools) expect(t.description.length).toBeGreaterThan(20);
  });

  it('leaves out write_file, edit_file and delete_file when nothing the worker sees is writable', () => {
    const readOnly = createFilesystemToolset(undefined, { writable: false });
    expect(readOnly.map((t) => t.name)).toEqual(['list_files', 'read_file', 'file_info']);
  });

  it('refuses every tool when the worker has no sandbox', async () => {
    for (const t of tools) {
      const error = await Promise.resolve(t.execute({ path: '/output/x.md', content: '', old: 'a', new: 'b' }, context(null))).catch((e: unknown) => e);
      expect(ToolError.isInstance(error), t.name).toBe(true);
      expect((error as Error).message).toBe('this worker has no file access (it has no sandbox mounts)');
    }
  });
});

describe('list_files', () => {
  it('lists virtual paths under a directory, filtered by pattern', async () => {
    expect(await call('list_files', { path: '/input', pattern: '**/*.md' })).toEqual({ files: ['/input/a.md', '/input/notes/b.md'] });
    expect(await call('list_files', { path: '/input', pattern: '*.txt' })).toEqual({ files: ['/input/c.txt'] });
  });

  it('defaults to every file of every mount, never showing host paths', async () => {
    const result = (await call('list_files', {})) as { files: string[] };
    expect(result.files).toEqual(['/input/a.md', '/input/c.txt', '/input/notes/b.md', '/output/doc.md'].sort());
    expect(JSON.stringify(result)).not.toContain(dir);
  });

  it(`caps the answer at ${LIST_FILES_LIMIT} paths and says how many more there are`, async () => {
    const many = path.join(dir, 'out', 'many');
    fs.mkdirSync(many);
    for (let i = 0; i < LIST_FILES_LIMIT + 7; i++) fs.writeFileSync(path.join(many, `f${String(i).padStart(4, '0')}.txt`), '');
    const result = (await call('list_files', { path: '/output/many' })) as { files: string[]; note: string };
    expect(result.files).toHaveLength(LIST_FILES_LIMIT);
    expect(result.files[0]).toBe('/output/many/f0000.txt');
    expect(result.note).toBe(`showing the first ${LIST_FILES_LIMIT} of ${LIST_FILES_LIMIT + 7} files (7 more); narrow path or pattern to see the rest`);
  });
});

describe('read_file', () => {
  it('returns the whole text of a short file', async () => {
    expect(await call('read_file', { path: '/input/a.md' })).toBe('# A\nalpha\n');
  });

  it('cuts a long file at max_chars and says so in the result', async () => {
    const text = (await call('read_file', { path: '/output/doc.md', max_chars: 7 })) as string;
    expect(text.startsWith('one two\n')).toBe(true);
    expect(text).toBe(`one two${truncationMarker(7, 29)}`);
    expect(text).toContain('truncated');
    expect(await call('read_file', { path: '/output/doc.md', max_chars: 29 })).toBe('one two two three three three');
  });

  it('reports a missing file by its virtual path', async () => {
    const error = await call('read_file', { path: '/input/missing.md' }).catch((e: unknown) => e);
    expect(SandboxError.isInstance(error)).toBe(true);
    expect((error as Error).message).toContain('/input/missing.md');
    expect((error as Error).message).not.toContain(dir);
  });

  it('refuses a path escaping the mounts', async () => {
    const error = await call('read_file', { path: '/input/../../etc/passwd' }).catch((e: unknown) => e);
    expect(SandboxError.isInstance(error)).toBe(true);
  });
});

describe('hard limits', () => {
  it(`clamps a huge max_chars to ${READ_FILE_MAX_CHARS} and says so in the description`, async () => {
    fs.writeFileSync(path.join(dir, 'in', 'big.txt'), 'x'.repeat(READ_FILE_MAX_CHARS + 10));
    const text = (await call('read_file', { path: '/input/big.txt', max_chars: Number.MAX_SAFE_INTEGER })) as string;
    expect(text).toBe('x'.repeat(READ_FILE_MAX_CHARS) + truncationMarker(READ_FILE_MAX_CHARS, READ_FILE_MAX_CHARS + 10));
    expect(tool('read_file').description).toContain(`at most ${READ_FILE_MAX_CHARS}`);
  });

  it('refuses to edit a file over the edit_file limit, pointing at write_file', async () => {
    fs.writeFileSync(path.join(dir, 'out', 'huge.md'), 'a'.repeat(EDIT_FILE_MAX_BYTES + 1));
    const error = await call('edit_file', { path: '/output/huge.md', old: 'a', new: 'b' }).catch((e: unknown) => e);
    expect(SandboxError.isInstance(error) && error.code).toBe('too-large');
    expect((error as Error).message).toBe(`/output/huge.md is over the ${EDIT_FILE_MAX_BYTES}-byte limit of edit_file; rewrite it whole with write_file`);
    expect(tool('edit_file').description).toContain(`${EDIT_FILE_MAX_BYTES} bytes`);
  });

  it('stops counting occurrences at 100 and refuses an oversized old text in the schema', async () => {
    fs.writeFileSync(path.join(dir, 'out', 'many.md'), 'a'.repeat(100_000));
    await expect(call('edit_file', { path: '/output/many.md', old: 'aaaa', new: 'b' })).rejects.toThrow('old text found more than 100 times');
    const schema = tool('edit_file').inputSchema as { safeParse(value: unknown): { success: boolean } };
    expect(schema.safeParse({ path: '/output/many.md', old: 'a'.repeat(EDIT_FILE_MAX_OLD_CHARS + 1), new: '' }).success).toBe(false);
  });
});

describe('write_file', () => {
  it('writes a new file, creating parent directories', async () => {
    expect(await call('write_file', { path: '/output/new/report.md', content: 'hello' })).toBe('wrote 5 characters to /output/new/report.md');
    expect(hostText('out', 'new', 'report.md')).toBe('hello');
  });

  it('is refused on a read-only mount with a clear error, leaving the file alone', async () => {
    const error = await call('write_file', { path: '/input/a.md', content: 'changed' }).catch((e: unknown) => e);
    expect(SandboxError.isInstance(error) && error.code).toBe('read-only');
    expect((error as Error).message).toContain('/input');
    expect(hostText('in', 'a.md')).toBe('# A\nalpha\n');
  });
});

describe('edit_file', () => {
  it('replaces the one occurrence of old', async () => {
    expect(await call('edit_file', { path: '/output/doc.md', old: 'one', new: 'ONE' })).toBe('replaced 1 occurrence in /output/doc.md');
    expect(hostText('out', 'doc.md')).toBe('ONE two two three three three');
  });

  it('takes the replacement literally (no $& patterns)', async () => {
    await call('edit_file', { path: '/output/doc.md', old: 'one', new: '$&$1' });
    expect(hostText('out', 'doc.md')).toBe('$&$1 two two three three three');
  });

  it('refuses when old is missing, naming the file', async () => {
    const error = await call('edit_file', { path: '/output/doc.md', old: 'four', new: 'x' }).catch((e: unknown) => e);
    expect(ToolError.isInstance(error) && error.code).toBe('no-match');
    expect((error as Error).message).toBe('old text not found in /output/doc.md; read the file and copy the exact text to replace');
  });

  it('refuses when old is found 3 times, naming the count, and changes nothing', async () => {
    const error = await call('edit_file', { path: '/output/doc.md', old: 'three', new: 'x' }).catch((e: unknown) => e);
    expect((error as Error).message).toBe('old text found 3 times in /output/doc.md; include more context so it matches exactly once');
    expect(hostText('out', 'doc.md')).toBe('one two two three three three');
  });

  it('counts overlapping occurrences as ambiguous', async () => {
    fs.writeFileSync(path.join(dir, 'out', 'aaa.txt'), 'aaa');
    const error = await call('edit_file', { path: '/output/aaa.txt', old: 'aa', new: 'b' }).catch((e: unknown) => e);
    expect((error as Error).message).toContain('old text found 2 times in /output/aaa.txt');
  });

  it('is refused on a read-only mount', async () => {
    const error = await call('edit_file', { path: '/input/a.md', old: 'alpha', new: 'x' }).catch((e: unknown) => e);
    expect(SandboxError.isInstance(error) && error.code).toBe('read-only');
    expect(hostText('in', 'a.md')).toBe('# A\nalpha\n');
  });
});

describe('delete_file', () => {
  it('deletes a file on a writable mount', async () => {
    expect(await call('delete_file', { path: '/output/doc.md' })).toBe('deleted /output/doc.md');
    expect(fs.existsSync(path.join(dir, 'out', 'doc.md'))).toBe(false);
  });

  it('is refused on a read-only mount and the file survives', async () => {
    const error = await call('delete_file', { path: '/input/a.md' }).catch((e: unknown) => e);
    expect(SandboxError.isInstance(error) && error.code).toBe('read-only');
    expect(fs.existsSync(path.join(dir, 'in', 'a.md'))).toBe(true);
  });
});

describe('file_info', () => {
  it('describes an existing file', async () => {
    const info = (await call('file_info', { path: '/input/c.txt' })) as Record<string, unknown>;
    expect(info).toMatchObject({ path: '/input/c.txt', exists: true, kind: 'file', size: 5 });
    expect(new Date(info.mtime as string).getTime()).toBeGreaterThan(0);
  });

  it('describes a directory and a missing path without failing', async () => {
    expect(await call('file_info', { path: '/input/notes' })).toMatchObject({ path: '/input/notes', exists: true, kind: 'directory' });
    expect(await call('file_info', { path: '/output/nothing.md' })).toMatchObject({ path: '/output/nothing.md', exists: false });
  });
});
