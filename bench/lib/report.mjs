/**
 * Turns the measurements of `npm run bench` into its Markdown report: one side-by-side summary of
 * the bare AI SDK, `@openai/agents` and llm-do, one table per benchmark with median, min and max,
 * issue 14's targets with PASS or MISS, and how to run the benchmarks that are separate scripts.
 */
import { formatNumber as n } from './common.mjs';

const ms = (value) => `${n(value)} ms`;
const mb = (value) => `${n(value)} MB`;
const ratio = (value) => `${value.toFixed(2)}×`;
/** `{ median, min, max }` → "189 ms (172–230)". */
const spread = ({ median, min, max }, unit = ms) => `${unit(median)} (${n(min)}–${n(max)})`;

/** One Markdown table. */
function table(header, rows) {
  return [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n');
}

/** The per-step rows by role (their order is step-overhead.mjs's). */
function stepRows(steps) {
  const [bare, llmDo, bareStream, llmDoStream, agents] = steps.rows;
  return { bare, llmDo, bareStream, llmDoStream, agents };
}

/**
 * Issue 14's targets checked against the results, each a ratio of medians taken in this run.
 * @returns `{ name, measured, limit, pass }[]` (`limit` is the largest passing ratio)
 */
export function checkTargets({ steps, cold, toolLoop, fanOut }) {
  const { bare, llmDo, bareStream, llmDoStream } = stepRows(steps);
  const target = (name, measured, limit) => ({ name, measured, limit, pass: measured <= limit });
  return [
    target('per model step, llm-do / bare AI SDK (generateText)', llmDo.usPerStep / bare.usPerStep, 1.05),
    target('per model step, llm-do / bare AI SDK (streaming)', llmDoStream.usPerStep / bareStream.usPerStep, 1.05),
    target('cold start to the first model request, llm-do / bundled bare script', cold.ratio, 1.3),
    target(
      `${toolLoop.calls}-call tool loop with a tools.ts (warm cache), llm-do / bundled bare script`,
      toolLoop.warm.ms.median / toolLoop.bare.ms.median,
      1.15,
    ),
    target(
      `peak RSS of the ${toolLoop.calls}-call run (warm cache), llm-do / bundled bare script`,
      toolLoop.warm.rssMb.median / toolLoop.bare.rssMb.median,
      1.1,
    ),
    target(`fan-out of ${fanOut.width} × ${fanOut.delayMs} ms, streaming, llm-do / bare AI SDK script`, fanOut.llmDo.ms.median / fanOut.bare.ms.median, 1.05),
  ];
}

/** The side-by-side table: every row measured in this run, the three implementations in columns. */
function summary({ steps, cold, toolLoop, fanOut }, targets) {
  const { bare, llmDo, bareStream, llmDoStream, agents } = stepRows(steps);
  const verdict = (index) => `≤ ${targets[index].limit.toFixed(2)}×: ${targets[index].pass ? 'PASS' : 'MISS'}`;
  const us = (value) => `${n(value)} µs`;
  return table(
    ['measurement (median)', 'bare AI SDK', '@openai/agents', 'llm-do', 'llm-do / bare', 'target'],
    [
      ['per model step, non-streaming', us(bare.usPerStep), us(agents.usPerStep), us(llmDo.usPerStep), ratio(targets[0].measured), verdict(0)],
      ['per model step, streaming', us(bareStream.usPerStep), '', us(llmDoStream.usPerStep), ratio(targets[1].measured), verdict(1)],
      ['spawn → first model request', ms(cold.bare.first.median), '', ms(cold.llmDo.first.median), ratio(targets[2].measured), verdict(2)],
      [
        `${toolLoop.calls}-call tool loop, spawn → exit (warm cache)`,
        ms(toolLoop.bare.ms.median),
        '',
        ms(toolLoop.warm.ms.median),
        ratio(targets[3].measured),
        verdict(3),
      ],
      [
        `${toolLoop.calls}-call tool loop, spawn → exit (cold cache)`,
        ms(toolLoop.bare.ms.median),
        '',
        ms(toolLoop.cold.ms.median),
        ratio(toolLoop.cold.ms.median / toolLoop.bare.ms.median),
        '',
      ],
      [
        `the same, \`--no-log\` (no run log)`,
        ms(toolLoop.bare.ms.median),
        '',
        ms(toolLoop.noLog.ms.median),
        ratio(toolLoop.noLog.ms.median / toolLoop.bare.ms.median),
        '',
      ],
      [
        `peak RSS of the ${toolLoop.calls}-call run (warm cache)`,
        mb(toolLoop.bare.rssMb.median),
        '',
        mb(toolLoop.warm.rssMb.median),
        ratio(targets[4].measured),
        verdict(4),
      ],
      [
        `the same, \`--no-log\` (no run log)`,
        mb(toolLoop.bare.rssMb.median),
        '',
        mb(toolLoop.noLog.rssMb.median),
        ratio(toolLoop.noLog.rssMb.median / toolLoop.bare.rssMb.median),
        '',
      ],
      [
        `fan-out, ${fanOut.width} sub-workers × ${fanOut.delayMs} ms`,
        ms(fanOut.bare.ms.median),
        '',
        ms(fanOut.llmDo.ms.median),
        ratio(targets[5].measured),
        verdict(5),
      ],
    ],
  );
}

/** The whole report as Markdown. */
export function renderReport({ machine, load, steps, cold, toolLoop, fanOut, targets, totalMs }) {
  const loop = (row) => [
    spread(row.ms),
    ratio(row.ms.median / toolLoop.bare.ms.median),
    spread(row.rssMb, mb),
    ratio(row.rssMb.median / toolLoop.bare.rssMb.median),
  ];
  return [
    '## Machine',
    '',
    machine,
    `- Load average (1 min) at the start and the end: ${load.start.toFixed(2)}, ${load.end.toFixed(2)}`,
    '',
    '## Summary',
    '',
    summary({ steps, cold, toolLoop, fanOut }, targets),
    '',
    'Every ratio is of two medians measured in this run, the variants alternating. `@openai/agents` is',
    'measured per step only (section 1); the sections below give min and max.',
    '',
    `## 1. Per-step overhead (${steps.steps} steps, each calling one file tool; median of ${steps.rounds} rotating rounds)`,
    '',
    table(
      ['variant', 'µs / step, wall (min–max)', 'µs / step, CPU (min–max)', 'ratio vs bare, wall (min–max of rounds)', 'ratio vs bare, CPU (min–max of rounds)'],
      steps.rows.map((row) => [
        row.name,
        spread({ median: row.usPerStep, min: row.min, max: row.max }, n),
        spread({ median: row.cpuUsPerStep, min: row.cpuMin, max: row.cpuMax }, n),
        row.ratio === undefined ? '' : `${ratio(row.ratio)} (${ratio(row.ratioMin)}–${ratio(row.ratioMax)})`,
        row.cpuRatio === undefined ? '' : `${ratio(row.cpuRatio)} (${ratio(row.cpuRatioMin)}–${ratio(row.cpuRatioMax)})`,
      ]),
    ),
    '',
    'Each llm-do row is compared with the bare AI SDK row with the same streaming mode. CPU is the',
    "benchmark's own process: client and scripted server together.",
    '',
    `## 2. Cold start (median (min–max) of ${cold.rounds} rotating rounds)`,
    '',
    table(
      ['command', 'spawn → first model request', 'spawn → exit'],
      [
        ['`node dist/cli/bin.js PROJECT hi`', spread(cold.llmDo.first), spread(cold.llmDo.exit)],
        ['bare script bundled: `ai` + `@ai-sdk/openai-compatible`, one `generateText`', spread(cold.bare.first), spread(cold.bare.exit)],
        ['ratio llm-do / bare', ratio(cold.ratio), ''],
        ['`node dist/cli/bin.js --help`', '', spread(cold.help.exit)],
        ['`node -e ""` (Node alone)', '', spread(cold.node.exit)],
      ],
    ),
    '',
    `## 3. ${toolLoop.calls}-call tool loop with a tools.ts (median (min–max) of ${toolLoop.rounds} rotating rounds)`,
    '',
    table(
      ['variant', 'spawn → exit', 'ratio', 'peak RSS', 'ratio'],
      [
        ['`node dist/cli/bin.js PROJECT go`, compiled-module cache warm', ...loop(toolLoop.warm)],
        ['the same, cache empty (a fresh `$LLM_DO_HOME` each run)', ...loop(toolLoop.cold)],
        ['the same, cache warm, `--no-log` (nothing recorded)', ...loop(toolLoop.noLog)],
        ['bare script bundled: `ai` + provider + zod, `streamText` with the same tool', ...loop(toolLoop.bare)],
      ],
    ),
    '',
    'llm-do runs with default options (streaming, run log on) but in the `--no-log` row. Ratios are over',
    'the bare script. The targets are of the default run; the `--no-log` row shows what of it is the run log',
    '(a run writes its journal; the next command that opens the log records it, docs/runs.md) and what is the rest of llm-do.',
    '',
    `## 4. Delegation fan-out (${fanOut.width} sub-workers in one step, each reply delayed ${fanOut.delayMs} ms; streaming)`,
    '',
    table(
      ['run', 'llm-do', 'bare AI SDK script', 'ratio'],
      [
        [
          `warm: median (min–max) of ${fanOut.rounds} alternating runs`,
          spread(fanOut.llmDo.ms),
          spread(fanOut.bare.ms),
          ratio(fanOut.llmDo.ms.median / fanOut.bare.ms.median),
        ],
        ['first run in the process', ms(fanOut.llmDo.coldMs), ms(fanOut.bare.coldMs), ratio(fanOut.llmDo.coldMs / fanOut.bare.coldMs)],
        ['peak RSS of the process', mb(fanOut.llmDo.maxRssMb), mb(fanOut.bare.maxRssMb), ratio(fanOut.llmDo.maxRssMb / fanOut.bare.maxRssMb)],
      ],
    ),
    '',
    '## Targets (issue 14)',
    '',
    ...targets.map((target) => `- ${target.pass ? 'PASS' : 'MISS'}: ${target.name} ${ratio(target.measured)} (target ≤ ${target.limit.toFixed(2)}×)`),
    '',
    '## Not in this report (each takes minutes; run them separately, after `npm run build`)',
    '',
    '- `node bench/check-scale.mjs`: `llm-do check` on 5,000 / 10,000 / 20,000 workers under `ulimit -n 1024` (target < 5 s at 20,000, linear).',
    '- `node bench/run-log.mjs`: what recording a run in the run log costs (target ≤ 3% of a 10-call run).',
    '- `node bench/tool-module.mjs`: loading a `tools.ts` with an empty and a warm compiled-module cache.',
    '- `node bench/redraw.mjs`: a streamed 400 KB answer on a terminal (target ≤ 1.2× a bare `streamText` script).',
    '',
    `Total benchmark time: ${(totalMs / 1000).toFixed(0)} s.`,
    '',
  ].join('\n');
}
