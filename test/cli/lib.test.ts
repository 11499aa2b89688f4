import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { runLibInfo, runLibInstall, runLibList, runLibRemove } from '../../src/cli/commands/lib.ts';
import { runCheck } from '../../src/cli/commands/check.ts';
import { captureIO, tempDir, worker, writeTree } from '../project/fixture.ts';

function utils(version: string, extra: Record<string, string> = {}): string {
  return writeTree({
    'lib.yaml': `name: utils\nversion: "${version}"\ndescription: Text helpers\nexports: [summarizer]\n`,
    'workers/summarizer.worker': worker('summarizer', 'description: Summarize'),
    'workers/internal.worker': worker('internal'),
    'templates/disclaimer.jinja': 'Not advice.',
    'node_modules/junk/index.js': '',
    ...extra,
  });
}

describe('llm-do lib', () => {
  test('install, list, info, use from a project, remove', async () => {
    const homeDir = tempDir('llm-do-home-');
    const cwd = tempDir();
    const run = async (action: (io: any) => Promise<number>) => {
      const capture = captureIO({ cwd, homeDir });
      const code = await action(capture.io);
      return { code, out: capture.stdout(), err: capture.stderr() };
    };
    const installed = path.join(homeDir, '.llm-do/libs/utils@1.0.0');
    expect(await run((io) => runLibInstall(utils('1.0.0'), io))).toEqual({ code: 0, out: `installed utils@1.0.0 to ${installed}\n`, err: '' });
    expect(fs.existsSync(path.join(installed, 'templates/disclaimer.jinja'))).toBe(true);
    expect(fs.existsSync(path.join(installed, 'node_modules'))).toBe(false);
    await run((io) => runLibInstall(utils('1.1.0'), io));

    expect((await run((io) => runLibList({}, io))).out).toBe('utils@1.0.0  Text helpers\nutils@1.1.0  Text helpers\n');
    const listed = JSON.parse((await run((io) => runLibList({ json: true }, io))).out);
    expect(listed[1]).toMatchObject({ name: 'utils', version: '1.1.0', exports: ['summarizer'], dependencies: [] });

    const info = await run((io) => runLibInfo('utils@1.1.0', io));
    expect(info.out).toContain('utils@1.1.0\n  description:  Text helpers\n');
    expect(info.out).toContain('  exports:      summarizer\n');
    expect(info.out).toContain('  workers:      internal, summarizer\n');

    const project = writeTree({
      'project.yaml': 'model: test\ndependencies: [utils]\n',
      'main.worker': worker('main', 'toolsets:\n  workers:\n    allowed_workers: [utils:summarizer]'),
    });
    const checked = captureIO({ cwd: project, homeDir });
    expect(await runCheck({}, checked.io)).toBe(0);

    expect(await run((io) => runLibRemove('utils@1.0.0', io))).toEqual({ code: 0, out: 'removed utils@1.0.0\n', err: '' });
    expect(await run((io) => runLibRemove('utils', io))).toEqual({ code: 0, out: 'removed utils@1.1.0\n', err: '' });
    expect(await run((io) => runLibInfo('utils', io))).toEqual({ code: 2, out: '', err: 'llm-do: library utils is not installed (see llm-do lib list)\n' });
    expect((await run((io) => runLibList({}, io))).err).toBe(`no libraries installed in ${path.join(homeDir, '.llm-do/libs')}\n`);
  });

  test('install refuses to overwrite an installed version', async () => {
    const homeDir = tempDir('llm-do-home-');
    const source = utils('2.0');
    expect(await runLibInstall(source, captureIO({ cwd: '/', homeDir }).io)).toBe(0);
    const again = captureIO({ cwd: '/', homeDir });
    expect(await runLibInstall(source, again.io)).toBe(2);
    expect(again.stderr()).toBe(
      `llm-do: library utils@2.0 is already installed at ${path.join(homeDir, '.llm-do/libs/utils@2.0')}; remove it first (llm-do lib remove utils@2.0) or raise the version in lib.yaml\n`,
    );
  });

  test('install validates: lib.yaml present and valid, exported workers load', async () => {
    const homeDir = tempDir('llm-do-home-');
    const attempt = async (dir: string) => {
      const capture = captureIO({ cwd: '/', homeDir });
      return { code: await runLibInstall(dir, capture.io), err: capture.stderr() };
    };
    const plain = tempDir();
    expect(await attempt(plain)).toEqual({ code: 2, err: `llm-do: ${plain} is not a library: it has no lib.yaml (name, version, exports)\n` });
    const broken = writeTree({ 'lib.yaml': 'name: x\nversion: "1"\nexports: [missing]\n' });
    expect((await attempt(broken)).err).toMatch(/^llm-do: worker missing not found/);
    const invalid = writeTree({ 'lib.yaml': 'name: x\n' });
    expect((await attempt(invalid)).err).toBe(`llm-do: ${invalid}/lib.yaml:1:1: missing required field "version"\n`);
    expect(fs.existsSync(path.join(homeDir, '.llm-do/libs'))).toBe(false);
  });
});
