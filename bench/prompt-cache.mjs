#!/usr/bin/env node
/**
 * What Anthropic prompt caching saves (docs/models.md): a 10-step Anthropic tool loop (nine
 * `read_file` calls, then the answer) through the built CLI against the scripted server, which
 * reports cache reads and writes the way Anthropic does, once with caching (the default) and once
 * with `model_settings.cache: false`. Billed input tokens = uncached input + 1.25 × cache writes +
 * 0.1 × cache reads: Anthropic's multipliers for its 5-minute cache, the same ratios as the bundled
 * price table's (claude-sonnet-4-5: input 3, cache write 3.75, cache read 0.3 USD per million).
 * Prints both totals and their ratio; exits 1 when the ratio is above 0.3.
 * Usage: npm run build && node bench/prompt-cache.mjs
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cliBin, generatedDir, importDist, requireBuild, timeNode, writeTree } from './lib/common.mjs';

const STEPS = 10;
const TARGET = 0.3;
const WRITE_MULTIPLIER = 1.25;
const READ_MULTIPLIER = 0.1;

requireBuild();
const { startScriptedServer } = await importDist('testkit/index.js');
const server = await startScriptedServer((request) =>
  request.toolResults.length < STEPS - 1
    ? { toolCalls: [{ name: 'read_file', args: { path: `/notes/note-${request.toolResults.length}.md` } }] }
    : { text: 'done' },
);

// A worker as people write them: a page of instructions, the filesystem tools, notes of a few hundred tokens.
const guidance = Array.from(
  { length: 60 },
  (_, i) => `- Rule ${i + 1}: cite the note a claim comes from, quote exactly, and say when the notes disagree.`,
).join('\n');
const notes = Object.fromEntries(
  Array.from({ length: STEPS }, (_, i) => [`notes/note-${i}.md`, `# Note ${i}\n\n${'Findings from the interviews, with dates and names. '.repeat(12)}\n`]),
);
const root = writeTree(path.join(generatedDir, 'prompt-cache'), {
  'main.worker': `---\nname: main\nmodel: anthropic:claude-sonnet-4-5\nmax_steps: ${STEPS + 2}\nsandbox:\n  paths:\n    notes: { root: ./notes, mode: ro }\ntoolsets:\n  filesystem: {}\n---\nYou summarise research notes.\n\n${guidance}\n`,
  ...notes,
});
const home = fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-bench-cache-'));
const env = { PATH: process.env.PATH, HOME: home, LLM_DO_HOME: home, ANTHROPIC_BASE_URL: server.openaiBaseUrl, ANTHROPIC_API_KEY: 'bench' };

/** Runs the loop and returns the run's usage (`--json`) and its billed input tokens. */
async function measure(extraArgs) {
  const { stdout } = await timeNode([cliBin, root, 'summarise the notes', '--json', '--no-log', ...extraArgs], { env, cwd: root });
  const { usage, status } = JSON.parse(stdout);
  if (status !== 'ok') throw new Error(`the run ended ${status}: ${stdout}`);
  const uncached = usage.input_tokens - usage.cache_read_tokens - usage.cache_write_tokens;
  return { usage, billed: uncached + WRITE_MULTIPLIER * usage.cache_write_tokens + READ_MULTIPLIER * usage.cache_read_tokens };
}

try {
  const cached = await measure([]);
  const requestsCached = server.requests.length;
  const plain = await measure(['--set', 'model_settings.cache=false']);
  if (requestsCached !== STEPS || server.requests.length !== 2 * STEPS)
    throw new Error(`expected ${STEPS} requests per run, got ${requestsCached} and ${server.requests.length - requestsCached}`);
  const ratio = cached.billed / plain.billed;
  const line = ({ usage, billed }) =>
    `${usage.input_tokens} input tokens (${usage.cache_write_tokens} cache writes, ${usage.cache_read_tokens} cache reads), ${Math.round(billed)} billed, $${usage.cost_usd}`;
  console.log(`${STEPS}-step Anthropic tool loop (anthropic:claude-sonnet-4-5, scripted server)`);
  console.log(`  with caching:    ${line(cached)}`);
  console.log(`  without caching: ${line(plain)}`);
  console.log(`  billed input ratio: ${ratio.toFixed(3)} (target <= ${TARGET})`);
  process.exitCode = ratio <= TARGET ? 0 : 1;
} finally {
  await server.close();
  fs.rmSync(home, { recursive: true, force: true });
}
