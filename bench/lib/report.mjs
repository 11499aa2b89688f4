/**
 * Turns the measurements into the Markdown report of `npm run bench`: one table per benchmark and a
 * list of the targets with PASS or MISS.
 */
import { formatNumber as n } from './common.mjs';

const ms = (value) => `${n(value)} ms`;
const ratio = (value) => `${value.toFixed(2)}×`;

/** One Markdown table. */
function table(header, rows) {
  return [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n');
}

/**
 * The targets of issue 7 checked against the results.
 * @returns `{ name, pass, detail }[]`
 */
export function checkTargets({ steps, cold, fanOut, scale }) {
  const [bare, llmDo, , llmDoStream, agents] = steps.rows;
  const at = (workers) => scale.find((row) => row.workers === workers);
  const [small, medium, large] = [at(100), at(1000), at(5000)];
  // Per-worker slope between sizes, start-up excluded; linear = the 1,000→5,000 slope is not steeper.
  const slopeLow = (medium.checkMs - small.checkMs) / (medium.workers - small.workers);
  const slopeHigh = (large.checkMs - medium.checkMs) / (large.workers - medium.workers);
  return [
    { name: 'per-step ratio llm-do / bare AI SDK ≤ 1.10 (generateText)', pass: llmDo.ratio <= 1.1, detail: ratio(llmDo.ratio) },
    { name: 'per-step ratio llm-do / bare AI SDK ≤ 1.10 (streaming)', pass: llmDoStream.ratio <= 1.1, detail: ratio(llmDoStream.ratio) },
    {
      name: 'llm-do per step below @openai/agents',
      pass: llmDo.usPerStep < agents.usPerStep && llmDoStream.usPerStep < agents.usPerStep,
      detail: `${n(llmDo.usPerStep)} / ${n(llmDoStream.usPerStep)} µs vs ${n(agents.usPerStep)} µs (bare ${n(bare.usPerStep)} µs)`,
    },
    { name: 'first model request within 1.5× the bare script', pass: cold.ratio <= 1.5, detail: `${ratio(cold.ratio)} (${ms(cold.llmDoFirstRequestMs)} vs ${ms(cold.bareFirstRequestMs)})` },
    { name: '`llm-do --help` < 150 ms', pass: cold.helpMs < 150, detail: ms(cold.helpMs) },
    { name: `fan-out of ${fanOut.width} × ${fanOut.delayMs} ms < 400 ms`, pass: fanOut.medianMs < 400, detail: ms(fanOut.medianMs) },
    { name: `fan-out ≤ 1.05× the bare AI SDK script (streaming)`, pass: fanOut.medianMs <= 1.05 * fanOut.bare.medianMs, detail: `${(fanOut.medianMs / fanOut.bare.medianMs).toFixed(2)}× (${ms(fanOut.medianMs)} vs ${ms(fanOut.bare.medianMs)})` },
    { name: '`llm-do check` on 5,000 workers < 5 s', pass: large.checkMs < 5000, detail: ms(large.checkMs) },
    {
      name: '`llm-do check` linear in the number of workers',
      pass: slopeHigh <= slopeLow * 1.3,
      detail: `${slopeLow.toFixed(2)} ms/worker (100→1,000), ${slopeHigh.toFixed(2)} ms/worker (1,000→5,000)`,
    },
  ];
}

/** The whole report as Markdown. */
export function renderReport({ machine, steps, cold, fanOut, scale, targets, totalMs }) {
  const stepRows = steps.rows.map((row) => [
    row.name,
    `${n(row.usPerStep)} (${n(row.min)}–${n(row.max)})`,
    `${n(row.cpuUsPerStep)} (${n(row.cpuMin)}–${n(row.cpuMax)})`,
    row.ratio === undefined ? '' : `${ratio(row.ratio)} (${ratio(row.ratioMin)}–${ratio(row.ratioMax)})`,
    row.cpuRatio === undefined ? '' : `${ratio(row.cpuRatio)} (${ratio(row.cpuRatioMin)}–${ratio(row.cpuRatioMax)})`,
  ]);
  return [
    '## Machine',
    '',
    machine,
    '',
    `## 1. Per-step overhead (${steps.steps} steps, each calling one file tool; median of ${steps.rounds} rounds)`,
    '',
    table(['variant', 'µs / step (wall)', 'µs / step (CPU)', 'ratio vs bare (wall)', 'ratio vs bare (CPU)'], stepRows),
    '',
    'Ratios are of the medians: each llm-do row over the bare AI SDK row with the same streaming mode; in brackets the min and max per row, and of the per-round ratios.',
    'CPU is this process: client and scripted server together.',
    '',
    `## 2. Cold start (median of ${cold.rounds} runs)`,
    '',
    table(
      ['command', 'first model request', 'process exit'],
      [
        ['`node dist/cli/bin.js PROJECT hi`', ms(cold.llmDoFirstRequestMs), ms(cold.llmDoExitMs)],
        ['bare script: `ai` + `@ai-sdk/openai-compatible`, one `generateText`', ms(cold.bareFirstRequestMs), ms(cold.bareExitMs)],
        ['ratio llm-do / bare', ratio(cold.ratio), ''],
        ['`node dist/cli/bin.js --help`', '', ms(cold.helpMs)],
        ['`node -e ""` (baseline)', '', ms(cold.nodeMs)],
      ],
    ),
    '',
    `## 3. Delegation fan-out (${fanOut.width} sub-workers in one step, each reply delayed ${fanOut.delayMs} ms)`,
    '',
    table(
      ['run (streaming)', 'llm-do', 'bare AI SDK script', 'ratio'],
      [
        [`warm (median of ${fanOut.runs})`, ms(fanOut.medianMs), ms(fanOut.bare.medianMs), `${(fanOut.medianMs / fanOut.bare.medianMs).toFixed(2)}×`],
        ['first run in the process', ms(fanOut.coldMs), ms(fanOut.bare.coldMs), `${(fanOut.coldMs / fanOut.bare.coldMs).toFixed(2)}×`],
        ['peak RSS of the process', `${n(fanOut.maxRssMb)} MB`, `${n(fanOut.bare.maxRssMb)} MB`, `${(fanOut.maxRssMb / fanOut.bare.maxRssMb).toFixed(2)}×`],
      ],
    ),
    '',
    '## 4. Scale (built CLI, process start included, median of 3)',
    '',
    table(
      ['workers', '`llm-do check`', '`llm-do list --json`'],
      scale.map((row) => [row.workers.toLocaleString('en-US'), ms(row.checkMs), ms(row.listMs)]),
    ),
    '',
    '## Targets',
    '',
    ...targets.map((target) => `- ${target.pass ? 'PASS' : 'MISS'} — ${target.name}: ${target.detail}`),
    '',
    `Total benchmark time: ${(totalMs / 1000).toFixed(0)} s.`,
    '',
  ].join('\n');
}
