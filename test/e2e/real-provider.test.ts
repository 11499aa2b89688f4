/**
 * Smoke test against a real provider: runs `examples/greeter` through the built CLI with the
 * Anthropic API when ANTHROPIC_API_KEY is set, else the OpenAI API when OPENAI_API_KEY is set.
 * Without either key it is skipped, visibly: the test name says why and a message is printed.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from './helpers/run-cli.ts';

const anthropicKey = process.env.ANTHROPIC_API_KEY?.trim();
const openaiKey = process.env.OPENAI_API_KEY?.trim();
const provider = anthropicKey
  ? { name: 'Anthropic', args: [] as string[], env: { ANTHROPIC_API_KEY: anthropicKey, ANTHROPIC_BASE_URL: process.env.ANTHROPIC_BASE_URL } }
  : openaiKey
    ? { name: 'OpenAI', args: ['--model', 'openai:gpt-4.1-mini'], env: { OPENAI_API_KEY: openaiKey, OPENAI_BASE_URL: process.env.OPENAI_BASE_URL } }
    : undefined;

if (!provider) {
  console.log('real-provider smoke test skipped: set ANTHROPIC_API_KEY or OPENAI_API_KEY to run examples/greeter against a real API');
}

describe('real provider', () => {
  it.skipIf(!provider)(
    provider
      ? `examples/greeter answers through the real ${provider.name} API`
      : 'examples/greeter against a real API (skipped: no ANTHROPIC_API_KEY or OPENAI_API_KEY set)',
    async () => {
      const result = await runCli(['examples/greeter', 'Ada', ...provider!.args], { env: provider!.env, timeoutMs: 60_000 });

      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout.trim().length).toBeGreaterThan(0);
      expect(result.stdout).toMatch(/Ada/i);
      expect(result.stderr).toMatch(/✓ done in .* tokens/);
    },
    60_000,
  );
});
