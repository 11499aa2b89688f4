import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { captureIO, tempDir, worker, writeTree } from '../project/fixture.ts';

describe('llm-do TARGET [INPUT] positionals', () => {
  const cwd = tempDir();
  writeTree({ 'main.worker': worker('main', 'model: test'), 'workers/greet.worker': worker('greet', 'model: test') }, path.join(cwd, 'app'));

  async function run(args: string[]) {
    const { io, stdout, stderr } = captureIO({ cwd });
    const code = await main([...args, '--quiet'], io);
    return { code, out: stdout(), err: stderr() };
  }

  test('with --project, a lone positional that is not a worker file is the input', async () => {
    const result = await run(['--project', 'app', '--entry', 'greet', 'Ada']);
    expect(result.out).toBe('test model: worker greet received "Ada" (no tools)\n');
    expect(result.code).toBe(0);
  });

  test('with --project, a worker file is still the target', async () => {
    const result = await run(['--project', 'app', 'app/workers/greet.worker', 'Bob']);
    expect(result.out).toBe('test model: worker greet received "Bob" (no tools)\n');
  });

  test('without --project, the first positional is the target', async () => {
    const result = await run(['app', 'Cy']);
    expect(result.out).toBe('test model: worker main received "Cy" (no tools)\n');
  });
});
