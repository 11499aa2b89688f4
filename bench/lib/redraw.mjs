/**
 * Bounded redraw (docs/cli.md): wall time to show a long streamed answer through the built CLI on a
 * pseudo-terminal, against a bare AI SDK `streamText` script writing the deltas to a
 * pseudo-terminal, for several answer sizes. llm-do runs twice: with stdout on the terminal (the
 * answer streams to it) and with stdout in a file (the answer is written there at the end, and the
 * live status line on the terminal shows the tail of the text as it streams in). All run under
 * `script -qec` (util-linux), alternating, one warm-up round first.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { benchDir, cliBin, generatedDir, median, writeTree } from './common.mjs';

/** Quotes `value` for `sh -c`. */
const shellQuote = (value) => `'${value.replaceAll("'", "'\\''")}'`;

/**
 * Runs `node ARGS` on a pseudo-terminal (stdout into `stdoutFile` when given); resolves with its wall
 * time and the bytes shown or written, rejects when it fails.
 */
function timeOnTerminal(args, { env, cwd, stdoutFile }) {
  return new Promise((resolve, reject) => {
    const redirect = stdoutFile ? ` > ${shellQuote(stdoutFile)}` : '';
    const command = [process.execPath, ...args].map(shellQuote).join(' ') + redirect;
    const started = performance.now();
    const child = spawn('script', ['-qec', command, '/dev/null'], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let bytes = 0;
    let tail = '';
    const take = (chunk) => {
      bytes += chunk.length;
      tail = (tail + chunk.toString()).slice(-800);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('error', (error) => reject(new Error(`cannot run \`script\` (util-linux): ${error.message}`)));
    child.on('close', (code) => {
      if (code === 0) resolve({ ms: performance.now() - started, bytes: bytes + (stdoutFile ? fs.statSync(stdoutFile).size : 0) });
      else reject(new Error(`script -qec ${command} exited ${code}: ${tail.trim()}`));
    });
  });
}

/** A text of about `bytes` bytes, in words (the scripted server streams one word per event). */
export function answerOf(bytes) {
  const words = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const word = i % 12 === 11 ? `word${i}.\n` : `word${i} `;
    words.push(word);
    size += word.length;
  }
  return words.join('');
}

/**
 * Measures each size in `sizes` (bytes). `server` is a scripted server whose handler this function sets.
 * @returns rows `{ bytes, llmDoMs, bareMs, ratio, ratioMin, ratioMax, toFileMs, toFileRatio }` (medians; min/max of
 *   per-round ratios; `toFile`: llm-do with stdout in a file)
 */
export async function measureRedraw(server, { sizes = [100_000, 400_000], rounds = 7 } = {}) {
  const root = writeTree(path.join(generatedDir, 'redraw'), {
    'main.worker': '---\nname: main\nmodel: openai-compatible:redraw\n---\nAnswer at length.\n',
    '.home/.keep': '',
  });
  const { NO_COLOR: _noColor, ...inherited } = process.env;
  const env = { ...inherited, TERM: 'xterm-256color', OPENAI_COMPATIBLE_BASE_URL: server.openaiBaseUrl, HOME: path.join(root, '.home'), LLM_DO_MODEL: '' };
  const rows = [];
  for (const bytes of sizes) {
    const text = answerOf(bytes);
    server.setHandler(() => ({ text, usage: { input: 5, output: Math.round(bytes / 4) } }));
    const commands = {
      llmDo: () => timeOnTerminal([cliBin, root, 'hi'], { env, cwd: root }),
      toFile: () => timeOnTerminal([cliBin, root, 'hi'], { env, cwd: root, stdoutFile: path.join(root, 'answer.txt') }),
      bare: () => timeOnTerminal([path.join(benchDir, 'children', 'bare-stream.mjs'), 'hi'], { env, cwd: root }),
    };
    const samples = { llmDo: [], toFile: [], bare: [] };
    for (let round = -1; round < rounds; round++) {
      // Rotate which command goes first, so none always runs on a warmer machine.
      const names = Object.keys(commands);
      const order = names.map((_, index) => names[(index + round + 1) % names.length]);
      for (const name of order) {
        const { ms, bytes: shown } = await commands[name]();
        if (shown < bytes) throw new Error(`${name} showed ${shown} bytes of a ${bytes}-byte answer`);
        if (round >= 0) samples[name].push(ms);
      }
    }
    const ratios = samples.llmDo.map((ms, index) => ms / samples.bare[index]);
    const bareMs = median(samples.bare);
    rows.push({
      bytes,
      llmDoMs: median(samples.llmDo),
      bareMs,
      ratio: median(samples.llmDo) / bareMs,
      ratioMin: Math.min(...ratios),
      ratioMax: Math.max(...ratios),
      toFileMs: median(samples.toFile),
      toFileRatio: median(samples.toFile) / bareMs,
    });
  }
  return rows;
}
