/**
 * The V8 flags the built CLI sets before it loads anything (src/cli/v8-memory.ts; docs/performance.md,
 * "Memory"): a command that runs workers favours memory, the commands whose own code is the work keep
 * V8's defaults, and `LLM_DO_V8_DEFAULTS=1` keeps them for any command. `LLM_DO_DEBUG=1` says which.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { runCli } from '../e2e/helpers/run-cli.ts';

const home = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-v8-memory-')));
afterAll(() => fs.rmSync(home, { recursive: true, force: true }));

const SMALL_MEMORY = '--optimize-for-size --no-maglev --no-turbofan';

/** What `LLM_DO_DEBUG=1 llm-do ARGS` said of V8's flags. */
async function v8FlagsOf(args: string[], env: Record<string, string> = {}): Promise<string> {
  const result = await runCli(args, { env: { LLM_DO_HOME: path.join(home, 'llm-do'), LLM_DO_DEBUG: '1', ...env }, home });
  expect(result.code, result.stderr).toBe(0);
  const said = /^debug: V8 flags: (.*)$/m.exec(result.stderr);
  expect(said, result.stderr).not.toBeNull();
  return said![1]!;
}

test('a run of a worker favours memory', async () => {
  expect(await v8FlagsOf(['examples/greeter', 'hi', '--model', 'test'])).toBe(SMALL_MEMORY);
});

test('check keeps V8 defaults: its own code is the work', async () => {
  expect(await v8FlagsOf(['check', 'examples/greeter'])).toBe("V8's defaults (llm-do check)");
});

test('LLM_DO_V8_DEFAULTS=1 keeps V8 defaults for a run too', async () => {
  expect(await v8FlagsOf(['examples/greeter', 'hi', '--model', 'test'], { LLM_DO_V8_DEFAULTS: '1' })).toBe("V8's defaults (LLM_DO_V8_DEFAULTS=1)");
});
