import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { ProjectError } from '../../src/errors.ts';
import { createNodeFileSystem } from '../../src/sandbox/node-file-system.ts';
import { createTemplateRenderer } from '../../src/templates/render.ts';
import { loadLibraryManifest, loadManifest, loadWorkerFile, parseWorkerSource } from '../../src/worker-file/worker-file.ts';
import { catchError, catchRejection } from '../helpers/catch-error.ts';

const fixture = fileURLToPath(new URL('../fixtures/worker-file/project', import.meta.url));
const nodeFs = createNodeFileSystem();
const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-worker-file-'));
afterAll(() => fs.rmSync(temp, { recursive: true, force: true }));

function write(name: string, content: string | Buffer): string {
  const file = path.join(temp, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  return file;
}

function projectError(fn: () => unknown): ProjectError {
  const error = catchError(fn);
  expect(ProjectError.isInstance(error)).toBe(true);
  return error as ProjectError;
}

describe('parseWorkerSource (.worker)', () => {
  it('splits front matter and instructions, trimming the blank lines before the body', () => {
    const parsed = parseWorkerSource('---\nname: greet\nmodel: test\n---\n\nSay hi to {{ input }}.\n---\nstill body\n', 'greet.worker', 'worker');
    expect(parsed.config).toEqual({ name: 'greet', model: 'test' });
    expect(parsed.instructions).toBe('Say hi to {{ input }}.\n---\nstill body\n');
    expect(parsed.instructionsLineOffset).toBe(5);
  });

  it('tolerates CRLF line ends and a BOM', () => {
    const parsed = parseWorkerSource('\uFEFF---\r\nname: greet\r\n---\r\nHello\r\nthere\r\n', 'greet.worker', 'worker');
    expect(parsed.config.name).toBe('greet');
    expect(parsed.instructions).toBe('Hello\nthere\n');
  });

  it('gives an empty string for an empty body', () => {
    expect(parseWorkerSource('---\nname: a\n---\n', 'a.worker', 'worker').instructions).toBe('');
    expect(parseWorkerSource('---\nname: a\n---', 'a.worker', 'worker').instructions).toBe('');
  });

  it('explains that a .worker file starts with ---', () => {
    const error = projectError(() => parseWorkerSource('name: greet\nHello', 'workers/greet.worker', 'worker'));
    expect(error.code).toBe('invalid-yaml');
    expect(error.message).toMatch(/^workers\/greet\.worker:1:1: a \.worker file starts with a "---" line/);
  });

  it('refuses front matter that is never closed', () => {
    const error = projectError(() => parseWorkerSource('---\nname: greet\nHello\n', 'workers/greet.worker', 'worker'));
    expect(error.message).toContain('never closed');
  });

  it('reports front-matter problems at file lines', () => {
    const error = projectError(() => parseWorkerSource('---\nname: greet\nmodle: test\nmode: multi\n---\nHi\n', 'workers/greet.worker', 'worker'));
    expect(error.problems.map((p) => p.message)).toEqual([
      'workers/greet.worker:3:1: unknown key "modle" (did you mean "model"?)',
      'workers/greet.worker:4:7: mode must be one of single, chat (found "multi")',
    ]);
  });

  it('reports YAML syntax errors at file lines', () => {
    const error = projectError(() => parseWorkerSource('---\nname: greet\ntoolsets: {a\n---\nHi\n', 'w.worker', 'worker'));
    expect(error.code).toBe('invalid-yaml');
    expect(error.location.line).toBeGreaterThanOrEqual(3);
  });

  it('reports empty front matter at its opening line', () => {
    const error = projectError(() => parseWorkerSource('---\n---\nHi\n', 'w.worker', 'worker'));
    expect(error.message).toBe('w.worker:1: missing required field "name"');
  });

  it('refuses instructions: in the front matter', () => {
    const error = projectError(() => parseWorkerSource('---\nname: greet\ninstructions: Hi\n---\n', 'w.worker', 'worker'));
    expect(error.code).toBe('invalid-field');
    expect(error.message).toBe(
      'w.worker:3:1: instructions: is not allowed in the front matter of a .worker file; write the instructions after the closing "---" line',
    );
  });
});

describe('parseWorkerSource (.yaml)', () => {
  it('reads instructions: and the line where they start', () => {
    const parsed = parseWorkerSource('name: greet\ninstructions: |\n  Hello {{ input }}\n', 'workers/greet.yaml', 'yaml');
    expect(parsed.instructions).toBe('Hello {{ input }}\n');
    expect(parsed.instructionsLineOffset).toBe(2);
  });

  it('leaves instructions undefined when absent', () => {
    const parsed = parseWorkerSource('name: greet\n', 'workers/greet.yaml', 'yaml');
    expect(parsed.instructions).toBeUndefined();
    expect(parsed.instructionsLineOffset).toBe(0);
  });

  it('reports problems at file lines', () => {
    const error = projectError(() => parseWorkerSource('name: greet\nmax_steps: many\n', 'workers/greet.yaml', 'yaml'));
    expect(error.message).toBe('workers/greet.yaml:2:12: max_steps must be a number (found "many")');
  });
});

describe('loadWorkerFile', () => {
  it('loads a .worker file using every field, whose instructions render', async () => {
    const parsed = await loadWorkerFile(nodeFs, path.join(fixture, 'workers/full.worker'), 'workers/full.worker');
    expect(parsed.config).toMatchObject({
      name: 'full',
      compatible_models: ['anthropic:*'],
      toolsets: { shell: { rules: [{ command: 'git status', approval: 'preApproved' }], default: 'ask', cwd: '/input' } },
      sandbox: { paths: { output: { mode: 'rw', max_file_bytes: 1048576 } }, restrict: '/input' },
      schema_in: 'schemas/pitch.json',
      schema_out: 'schemas.ts:Verdict',
      attachment_policy: { max_attachments: 2, denied_suffixes: ['.exe'] },
      imports: { workers: ['utils:summarizer'], tools: ['./extra-tools.ts'] },
      max_steps: 12,
      max_context_tokens: 8000,
      locked: true,
    });
    const renderer = createTemplateRenderer({
      fs: nodeFs,
      projectRoot: fixture,
      searchDirs: [path.join(fixture, 'templates')],
      fileDirs: [fixture],
    });
    const text = await renderer.render(parsed.instructions!, { input: 'A cat café' }, 'workers/full.worker');
    expect(text).toBe('You review pitches.\n- clarity\nPitch: A cat café\n');
  });

  it('loads a .yaml worker using every field', async () => {
    const parsed = await loadWorkerFile(nodeFs, path.join(fixture, 'workers/full.yaml'), 'workers/full.yaml');
    expect(parsed.config).toMatchObject({
      mode: 'chat',
      toolsets: { filesystem: false, workers: { allowed_workers: ['*'] } },
      sandbox: { root: { root: './data', mode: 'rw' }, readonly: true },
      schema_in: { type: 'object', required: ['topic'] },
      attachment_policy: { max_attachments: 0 },
    });
    expect(parsed.instructions).toBe('Write about {{ topic }}.\n');
  });

  it('refuses a missing file, a file over 1 MiB and an unknown extension', async () => {
    const missing = (await catchRejection(loadWorkerFile(nodeFs, path.join(temp, 'nope.worker'), 'nope.worker'))) as ProjectError;
    expect(missing.code).toBe('file-not-found');
    expect(missing.message).toBe('nope.worker: file not found');

    const big = write('big.worker', `---\nname: big\n---\n${'x'.repeat(1024 * 1024)}`);
    const tooLarge = (await catchRejection(loadWorkerFile(nodeFs, big, 'big.worker'))) as ProjectError;
    expect(tooLarge.code).toBe('file-too-large');
    expect(tooLarge.message).toMatch(/^big\.worker: file is \d+ bytes; project files may be at most 1048576 bytes/);

    const text = write('notes.txt', 'name: x');
    const wrong = (await catchRejection(loadWorkerFile(nodeFs, text, 'notes.txt'))) as ProjectError;
    expect(wrong.message).toBe('notes.txt: not a worker file: a worker file ends in .worker, .yaml or .yml');
  });

  it('refuses a directory', async () => {
    fs.mkdirSync(path.join(temp, 'dir.worker'), { recursive: true });
    const error = (await catchRejection(loadWorkerFile(nodeFs, path.join(temp, 'dir.worker'), 'dir.worker'))) as ProjectError;
    expect(error.message).toBe('dir.worker: expected a file, found a directory');
  });
});

describe('loadManifest / loadLibraryManifest', () => {
  it('loads project.yaml', async () => {
    const manifest = await loadManifest(nodeFs, path.join(fixture, 'project.yaml'), 'project.yaml');
    expect(manifest).toEqual({
      name: 'fixture',
      version: '1.0.0',
      entry: 'main',
      model: 'test',
      toolsets: { filesystem: {} },
      approval: { mode: 'auto_deny' },
    });
  });

  it('treats an empty manifest as empty and reports bad ones by line', async () => {
    expect(await loadManifest(nodeFs, write('empty/project.yaml', ''), 'project.yaml')).toEqual({});
    const file = write('bad/project.yaml', 'name: x\napproval: { mode: yolo }\n');
    const error = (await catchRejection(loadManifest(nodeFs, file, 'project.yaml'))) as ProjectError;
    expect(error.message).toBe('project.yaml:2:19: approval.mode must be one of interactive, approve_all, auto_deny (found "yolo")');
  });

  it('loads lib.yaml and requires name and version', async () => {
    const good = write('lib/lib.yaml', 'name: utils\nversion: 1.2.0\nexports: [summarizer]\n');
    expect(await loadLibraryManifest(nodeFs, good, 'lib.yaml')).toEqual({ name: 'utils', version: '1.2.0', exports: ['summarizer'] });
    const bad = write('lib2/lib.yaml', 'name: utils\nversion: 1.0\n');
    const error = (await catchRejection(loadLibraryManifest(nodeFs, bad, 'lib.yaml'))) as ProjectError;
    expect(error.message).toBe('lib.yaml:2:10: version must be a string (found 1; put it in quotes)');
  });
});
