#!/usr/bin/env node
/**
 * Long runs (issue 36): what a run of many steps and a chat of many turns cost as they grow.
 * `node bench/long-run.mjs [STEPS] [TURNS] [--chat]` (defaults 1000 and 500; `npm run bench:long-run`) runs
 * the built CLI against a scripted server on 127.0.0.1, each with a fresh `$LLM_DO_HOME`:
 *
 * - a tool loop of STEPS model steps, each calling `add` (a few dozen bytes of arguments and result),
 *   and a 300-step one;
 * - a piped chat of TURNS one-line turns, and a 300-turn one.
 *
 * For each it prints the bytes in `$LLM_DO_HOME` but the caches (journals, `runs.db`, its WAL) after
 * the run and again after `llm-do runs` has recorded the journal, per step; the time per step early
 * (median of the gaps between requests 11 to 60) and late (median of the last 50 gaps) and their
 * ratio; and the process's peak RSS (GNU time). That time is measured from outside, between the
 * requests the server receives, so it includes what grows with the history by necessity: the
 * provider package converting the whole prompt to its API's JSON, sending it, and the server parsing it.
 *
 * Then llm-do's own time per step, in this process: `runWorker` and `startChatSession` of the built
 * library (through their internal entries, to be given a model object) with a model whose answer
 * costs the same at every step (it does not read the prompt), recording into a run journal as the
 * CLI does; a step's own time is from its `model_step` event to the next step's `model_prompt` (the
 * tool call, the checkpoint, the journal line, the events, converting and recording the next
 * prompt), without the model's answer, in CPU time of the process. Early is the median of steps 11 to 60, late of the
 * last 50. It checks issue
 * 36's targets and exits 1 when one is missed. `--chat` runs only the 300-turn chat and checks its
 * target (the store's size against the conversation's text), leaving its home in
 * `bench/.generated/long-run/homes/` to look into, as the run left it and as `llm-do runs` did.
 */
import fs from 'node:fs';
import path from 'node:path';
import { cliBin, generatedDir, importDist, median, requireBuild, timeNode, timeNodeWithRss, writeTree } from './lib/common.mjs';
import { writeToolLoopProject } from './lib/tool-loop.mjs';

requireBuild();
const args = process.argv.slice(2);
// `--chat`: only the piped 300-turn chat and its target, to measure the chat store quickly.
const chatOnly = args.includes('--chat');
const [stepsArg, turnsArg] = args.filter((arg) => arg !== '--chat');
const steps = Number(stepsArg ?? 1000);
const turns = Number(turnsArg ?? 500);
if (!Number.isInteger(steps) || steps < 120 || !Number.isInteger(turns) || turns < 120 || args.some((arg) => arg.startsWith('-') && arg !== '--chat')) {
  console.error('usage: node bench/long-run.mjs [STEPS] [TURNS] [--chat]   (whole numbers ≥ 120; defaults 1000 and 500)');
  process.exit(2);
}

const { startScriptedServer } = await importDist('testkit/index.js');
const server = await startScriptedServer();
const root = path.join(generatedDir, 'long-run');
const MiB = 1024 * 1024;

/** Bytes of every file under `dir`; `skip` names a directory left out (the home's `cache`). */
function bytesUnder(dir, skip = path.join(dir, 'cache')) {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory() && file !== skip) total += bytesUnder(file, skip);
    else if (entry.isFile()) total += fs.statSync(file).size;
  }
  return total;
}

/** Records the arrival time of every request the handler answers. */
function timed(handler) {
  const arrivals = [];
  return {
    arrivals,
    handler: (request) => {
      arrivals.push(performance.now());
      return handler(request);
    },
  };
}

/** Early and late time per step from request arrivals: medians of gaps 11–60 and of the last 50. */
function stepTimes(arrivals) {
  const gaps = arrivals.slice(1).map((at, index) => at - arrivals[index]);
  const early = median(gaps.slice(10, 60));
  const late = median(gaps.slice(-50));
  return { early, late, ratio: late / early };
}

async function measure(name, { args, input, handler, expectRequests, conversationBytes }) {
  const home = path.join(root, 'homes', name);
  fs.rmSync(home, { recursive: true, force: true });
  fs.rmSync(`${home}-after-run`, { recursive: true, force: true });
  fs.mkdirSync(home, { recursive: true });
  const env = { ...process.env, OPENAI_COMPATIBLE_BASE_URL: server.openaiBaseUrl, HOME: path.join(root, '.home'), LLM_DO_MODEL: '', LLM_DO_HOME: home };
  const clock = timed(handler);
  server.setHandler(clock.handler);
  server.requests.length = 0;
  const result = await timeNodeWithRss([cliBin, ...args], { env, cwd: root, input });
  if (clock.arrivals.length !== expectRequests) {
    throw new Error(`${name}: ${clock.arrivals.length} model requests, expected ${expectRequests}: ${result.stderr.slice(-400)}`);
  }
  server.requests.length = 0;
  const afterRun = bytesUnder(home);
  // Kept as the run left it (its journal), to look into beside what `llm-do runs` made of it.
  if (chatOnly) fs.cpSync(home, `${home}-after-run`, { recursive: true });
  await timeNode([cliBin, 'runs', '--limit', '1'], { env, cwd: root });
  const afterRead = bytesUnder(home);
  return { name, units: expectRequests, afterRun, afterRead, rssMb: result.maxRssMb, ...stepTimes(clock.arrivals), conversationBytes };
}

/** The tool loop of `calls` steps (the project of `npm run bench`'s 10-call loop, with more calls). */
function toolLoop(calls) {
  const project = writeToolLoopProject(calls);
  return {
    args: [project, 'go'],
    expectRequests: calls + 1,
    handler: (request) =>
      request.toolResults.length < calls
        ? { toolCalls: [{ name: 'add', args: { a: request.toolResults.length, b: 1 } }], usage: { input: 20, output: 5 } }
        : { text: 'done', usage: { input: 40, output: 1 } },
  };
}

/** A piped chat of `count` one-line turns, each answered with one line. */
function chat(count) {
  const project = writeTree(path.join(root, 'chat-project'), {
    'main.worker': '---\nname: main\nmodel: openai-compatible:chat\n---\nAnswer in one line.\n',
  });
  const lines = Array.from({ length: count }, (_, index) => `turn ${index + 1}: what comes after ${index}?`);
  const answer = (text) => `After ${text.replace(/^turn \d+: what comes after /, '').replace('?', '')} comes the next number.`;
  const conversationBytes = lines.reduce((total, line) => total + Buffer.byteLength(line) + Buffer.byteLength(answer(line)), 0);
  return {
    args: ['chat', project, '-q'],
    input: `${lines.join('\n')}\n`,
    expectRequests: count,
    conversationBytes,
    handler: (request) => ({ text: answer(request.lastUserText), usage: { input: 20, output: 10 } }),
  };
}

const rows = [];
const runs = chatOnly
  ? [['chat, 300 turns', chat(300)]]
  : [
      ['tool loop, 300 steps', toolLoop(300)],
      [`tool loop, ${steps} steps`, toolLoop(steps)],
      ['chat, 300 turns', chat(300)],
      [`chat, ${turns} turns`, chat(turns)],
    ];
for (const [name, spec] of runs) {
  console.error(`long-run: ${name}…`);
  rows.push(await measure(name.replace(/\W+/g, '-'), spec).then((row) => ({ ...row, name })));
}
await server.close();

const kb = (bytes) => (bytes / 1024).toFixed(1);
console.log('| run | stored after the run | after `llm-do runs` | per step | ms/step early | late | late/early | peak RSS MiB |');
console.log('|---|---|---|---|---|---|---|---|');
for (const row of rows) {
  const text = row.conversationBytes ? ` (${(row.afterRead / row.conversationBytes).toFixed(1)}× the conversation's ${kb(row.conversationBytes)} KB)` : '';
  console.log(
    `| ${row.name} | ${kb(row.afterRun)} KB | ${kb(row.afterRead)} KB${text} | ${kb(row.afterRead / row.units)} KB | ${row.early.toFixed(2)} | ${row.late.toFixed(2)} | ${row.ratio.toFixed(2)} | ${row.rssMb.toFixed(1)} |`,
  );
}

/**
 * llm-do's own time per step in this process (see the top): a tool loop of `count` steps of
 * `file_info`, or a chat of `count` turns, with a model whose answer costs the same at every step, recorded in a run journal.
 */
async function ownTime(kind, count) {
  const { loadProject } = await importDist('index.js');
  const { runWorkerWith } = await importDist('runtime/run-worker.js');
  const { startChatSessionWith } = await importDist('runtime/chat-session.js');
  const { createRunJournal } = await importDist('run-log/run-journal.js');
  const dir = writeTree(path.join(root, `own-${kind}`), {
    'main.worker': `---\nname: main\nmax_steps: ${count}\ntoolsets:\n  filesystem:\n    approval:\n      tools: { file_info: preApproved }\n---\nCall file_info, then answer.\n`,
    'data.txt': 'hello\n',
  });
  const journal = createRunJournal(path.join(dir, 'home', 'runs.db'), { onWriteFailure: (error) => console.error(`long-run: ${error.message}`) });
  const project = await loadProject(dir);
  // A model whose answer costs the same at every step: it does not read the prompt, as a provider's request would.
  let calls = 0;
  const content =
    kind === 'loop'
      ? () => [{ type: 'tool-call', toolCallId: `t${++calls}`, toolName: 'file_info', input: '{"path":"/data.txt"}' }]
      : () => [{ type: 'text', text: 'The next number.' }];
  const model = {
    specificationVersion: 'v4',
    provider: 'bench',
    modelId: 'constant',
    supportedUrls: {},
    doGenerate: async () => ({
      content: content(),
      finishReason: { unified: kind === 'loop' ? 'tool-calls' : 'stop', raw: undefined },
      usage: { inputTokens: { total: 20, noCache: 20, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 5, text: 5, reasoning: 0 } },
      warnings: [],
    }),
    doStream: async () => {
      throw new Error('not streamed');
    },
  };
  const internals = { models: { resolve: async () => model } };
  // CPU time (user + system) of this process, which other processes on the machine move less than wall time.
  const cpuMs = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  };
  const marks = [];
  let answered;
  const onEvent = (event) => {
    if (event.type === 'model_step') answered = cpuMs();
    else if (event.type === 'model_prompt' && answered !== undefined) marks.push(cpuMs() - answered);
  };
  // `test` names a provider llm-do knows; the model itself is the one above.
  const options = { project, model: 'test', store: journal, onEvent, stream: false };
  if (kind === 'loop') {
    // The loop ends at max_steps: what is measured is every step before it.
    const result = await runWorkerWith({ ...options, entry: 'main', input: 'go' }, internals).result;
    if (result.error?.code !== 'max-steps') throw new Error(`long-run: the ${count}-step loop ended with ${result.status}: ${result.error?.message}`);
  } else {
    const chat = await startChatSessionWith({ ...options, entry: 'main' }, internals);
    for (let turn = 1; turn <= count; turn++) await chat.send(`turn ${turn}: what comes after ${turn - 1}?`);
    chat.close();
  }
  journal.close();
  if (marks.length < count - 2) throw new Error(`long-run: ${marks.length} steps measured of ${count}`);
  const early = median(marks.slice(10, 60));
  const late = median(marks.slice(-50));
  return { name: kind === 'loop' ? `tool loop, ${count} steps` : `chat, ${count} turns`, early, late, ratio: late / early };
}

/** The 300-turn chat's ratio of stored bytes to conversation text, and its target. */
const chat300 = rows.find((row) => row.name === 'chat, 300 turns');
const chatTarget = [
  '300-turn chat stores ≤ 50× its conversation (after the run and after `llm-do runs`)',
  Math.max(chat300.afterRun, chat300.afterRead) <= 50 * chat300.conversationBytes,
];
if (chatOnly) {
  console.log(`\n| ${chatTarget[0]} | ${chatTarget[1] ? 'PASS' : 'MISS'} |`);
  if (!chatTarget[1]) process.exitCode = 1;
  process.exit();
}

const own = [];
for (const [kind, count] of [
  ['loop', 300],
  ['loop', steps],
  ['chat', 300],
  ['chat', turns],
]) {
  console.error(`long-run: llm-do's own time, ${kind} of ${count}…`);
  own.push(await ownTime(kind, count));
}
console.log("\nllm-do's own time per step (in process, a model of constant cost; see the top of bench/long-run.mjs)\n");
console.log('| run | CPU ms/step early | late | late/early |\n|---|---|---|---|');
for (const row of own) console.log(`| ${row.name} | ${row.early.toFixed(3)} | ${row.late.toFixed(3)} | ${row.ratio.toFixed(2)} |`);

/** Issue 36's targets. */
const [loop300, loopLong] = rows;
const targets = [
  ['300-step loop stores ≤ 3 MB', Math.max(loop300.afterRun, loop300.afterRead) <= 3 * MiB],
  [`${steps}-step loop stores ≤ ${((10 * steps) / 1000).toFixed(0)} MB`, Math.max(loopLong.afterRun, loopLong.afterRead) <= (10 * MiB * steps) / 1000],
  chatTarget,
  ["llm-do's own late/early per step ≤ 1.3 (each run)", own.every((row) => row.ratio <= 1.3)],
  ['peak RSS ≤ 110 MiB (300-step loop, 300-turn chat)', loop300.rssMb <= 110 && chat300.rssMb <= 110],
];
console.log('\n| target | result |\n|---|---|');
for (const [target, met] of targets) console.log(`| ${target} | ${met ? 'PASS' : 'MISS'} |`);
if (targets.some(([, met]) => !met)) process.exitCode = 1;
