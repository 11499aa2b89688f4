/**
 * `llm-do test` (docs/testing.md): finds the `*.test.yaml` files of a project and runs their cases, each in
 * a fresh copy of the project (the user's files are never touched), several at a time, offline unless
 * `live`: a case whose model would go over the network fails with that reason instead of hanging.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import type { AnswerQuestion, ApprovalQuestion, Decision } from '../approval/decision-source.ts';
import { ProjectError, UsageError } from '../errors.ts';
import { compileFieldGlob } from '../glob/index.ts';
import { parseModelId, TEST_MODEL_ID } from '../models/model-id.ts';
import type { CassetteOption } from '../models/registry.ts';
import type { ScriptRule } from '../models/scripted-model.ts';
import { loadProject } from '../project/open-project.ts';
import { mapConcurrently } from '../project/map-concurrently.ts';
import type { RunEvent } from '../runtime/events.ts';
import type { RunStore, RunTags } from '../runtime/run-store.ts';
import { runWorkerWith, type RunResult } from '../runtime/run-worker.ts';
import { checkExpectations, isSubset, type CaseRun } from './expectations.ts';
import { parseTestFile, type ParsedTestFile, type TestCase } from './test-file.ts';

/** Providers that answer without a network. */
const OFFLINE_PROVIDERS = new Set([TEST_MODEL_ID, 'scripted']);
/** Directories never searched for test files, nor copied into a case's project. */
const SKIPPED_DIRS = new Set(['node_modules', '.git', '.llm-do']);

export interface RunTestsOptions {
  /** A project directory, a directory inside one, or one test file. */
  target: string;
  /** Only cases whose `file: name` contains this text. */
  filter?: string;
  /** Let cases use real providers. */
  live?: boolean;
  /** Record the cassettes of cases that replay one again, from the worker's real model (needs `live`). */
  update?: boolean;
  /** Library directories to search, as `--lib` gives them to a run. */
  libPaths?: readonly string[];
  /** Cases at once. @default 4 */
  concurrency?: number;
  env: Record<string, string | undefined>;
  homeDir: string;
  apiKeys?: Readonly<Record<string, string>>;
  /** Told of each case as it ends. */
  onResult?: (result: CaseResult) => void;
}

export interface CaseResult {
  /** The test file, relative to the project root. */
  file: string;
  name: string;
  passed: boolean;
  /** Why it failed, each a readable message with expected and actual values. */
  failures: string[];
  duration_ms: number;
}

/** Runs every case; throws ProjectError/UsageError for a missing target or a malformed test file (nothing runs then). */
export async function runTests(options: RunTestsOptions): Promise<CaseResult[]> {
  if (options.update && !options.live) throw new UsageError('--update records cassettes again from the real models: it needs --live');
  const target = resolve(options.target);
  if (!existsSync(target)) throw new UsageError(`${options.target}: no such file or directory; give a project directory or a .test.yaml file`);
  const isFile = statSync(target).isFile();
  const project = await loadProject(isFile ? dirname(target) : target, {
    env: options.env,
    homeDir: options.homeDir,
    importTools: false,
    libPaths: [...(options.libPaths ?? [])],
  });
  const root = project.root;
  const files = isFile ? [target] : findTestFiles(root);
  const parsed = files.map((file) => ({ path: file, ...parseTestFile(readFileSync(file, 'utf8'), relative(root, file) || file) }));
  const cases = parsed.flatMap((file) => file.cases.map((testCase) => ({ file, testCase })));
  const chosen = options.filter === undefined ? cases : cases.filter(({ file, testCase }) => `${file.file}: ${testCase.name}`.includes(options.filter!));
  if (cases.length === 0) throw new UsageError(`no test cases: no *.test.yaml file under ${root} (docs/testing.md shows one)`);
  return mapConcurrently(chosen, options.concurrency ?? 4, async ({ file, testCase }) => {
    const result = await runCase(root, file, testCase, options);
    options.onResult?.(result);
    return result;
  });
}

/** `*.test.yaml` files under `root`, sorted. */
export function findTestFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory() && !SKIPPED_DIRS.has(entry.name)) walk(join(dir, entry.name));
      else if (entry.isFile() && entry.name.endsWith('.test.yaml')) found.push(join(dir, entry.name));
    }
  };
  walk(root);
  return found.sort();
}

async function runCase(
  root: string,
  file: ParsedTestFile & { path: string },
  testCase: TestCase & Pick<ParsedTestFile['cases'][number], 'caseModel'>,
  options: RunTestsOptions,
): Promise<CaseResult> {
  const started = Date.now();
  const finish = (failures: string[]): CaseResult => ({
    file: file.file,
    name: testCase.name,
    passed: failures.length === 0,
    failures,
    duration_ms: Date.now() - started,
  });
  const model = modelFor(testCase, file, options.update === true);
  if (model.offline === false && !options.live) {
    return finish([`needs the network (model ${String(model.model)}); give the case a scripted model, or run llm-do test --live`]);
  }
  let run: WorkerTestRun | undefined;
  try {
    run = await runWorkerForTest({
      project: root,
      ...(testCase.worker ? { worker: testCase.worker } : {}),
      ...(testCase.input !== undefined ? { input: testCase.input } : {}),
      ...(testCase.attachments ? { attachments: testCase.attachments } : {}),
      ...(model.model !== undefined ? { model: model.model } : {}),
      ...(model.cassette ? { cassette: model.cassette } : {}),
      ...(testCase.approvals ? { approvals: testCase.approvals } : {}),
      ...(testCase.answers ? { answers: testCase.answers } : {}),
      live: options.live === true,
      env: options.env,
      homeDir: options.homeDir,
      ...(options.apiKeys ? { apiKeys: options.apiKeys } : {}),
      ...(options.libPaths ? { libPaths: options.libPaths } : {}),
    });
    return finish(checkExpectations(testCase.expect ?? {}, run));
  } catch (error) {
    return finish([`could not run: ${error instanceof Error ? error.message : String(error)}`]);
  } finally {
    run?.dispose();
  }
}

/** What {@link runWorkerForTest} runs. */
export interface WorkerTestOptions {
  /** The project's root directory; the worker runs in a temporary copy of it. */
  project: string;
  /** @default the project's entry */
  worker?: string;
  input?: string | Record<string, unknown>;
  /** Files of the project (relative paths) to attach. */
  attachments?: readonly string[];
  /** A model id, or scripted rules (docs/testing.md); without one, the worker's own model (needs `live`). */
  model?: string | readonly ScriptRule[];
  /** Replay (or record) a cassette instead. */
  cassette?: CassetteOption;
  /** Decisions for the calls that ask: the first rule whose tool glob and argument subset match; else `default` (deny). */
  approvals?: TestCase['approvals'];
  /** Answers to the questions of interactive workers: the first rule whose `question` text the question contains and whose `worker` glob matches the asking worker; else refused. */
  answers?: TestCase['answers'];
  /** Let requests leave the machine. @default false: the first request fails, saying the run needs the network */
  live?: boolean;
  env?: Record<string, string | undefined>;
  homeDir?: string;
  apiKeys?: Readonly<Record<string, string>>;
  libPaths?: readonly string[];
  /** Records the run in a run log, tagged (`llm-do eval`: kind `eval` and the eval's id). */
  record?: { store: RunStore; tags: RunTags };
  /** The fetch of a `live` run (`llm-do eval`: under its request gate). @default globalThis.fetch */
  fetch?: typeof fetch;
  signal?: AbortSignal;
  /** Told of every event of the run. */
  onEvent?: (event: RunEvent) => void;
  /** The clock the latency is measured with. @default Date.now */
  now?: () => number;
}

/** What a worker run by {@link runWorkerForTest} did; `dispose` removes its copy of the project. */
export interface WorkerTestRun extends CaseRun {
  result: RunResult;
  /** The run's id (the run log's, when it was recorded). */
  runId: string | undefined;
  /** The temporary copy of the project the worker ran in. */
  dir: string;
  dispose(): void;
}

/**
 * Runs a worker of a project in a temporary copy of it, offline unless `live`, and answers what it
 * did: its result, tool calls, denied calls, and its files afterwards (`readFile`). Call `dispose`
 * when done. The project's own files are never touched.
 *
 * @example
 * const run = await runWorkerForTest({ project: 'examples/greeter', input: 'Ada', model: [{ respond: { text: 'Hello, Ada!' } }] });
 * expect(run.output).toBe('Hello, Ada!');
 * run.dispose();
 */
export async function runWorkerForTest(options: WorkerTestOptions): Promise<WorkerTestRun> {
  const scratch = mkdtempSync(join(tmpdir(), 'llm-do-test-'));
  const dispose = () => rmSync(scratch, { recursive: true, force: true });
  try {
    const env = options.env ?? process.env;
    const homeDir = options.homeDir ?? homedir();
    const libPaths = [...(options.libPaths ?? [])];
    const root = (await loadProject(options.project, { env, homeDir, importTools: false, libPaths })).root;
    const copy = copyProject(root, join(scratch, basename(root)));
    const project = await loadProject(copy, { env, homeDir, libPaths });
    let model = options.model;
    if (Array.isArray(model)) {
      const script = join(scratch, 'script.json');
      writeFileSync(script, JSON.stringify(model));
      model = `scripted:${script}`;
    }
    const toolCalls: CaseRun['toolCalls'] = [];
    const denied: string[] = [];
    let runId: string | undefined;
    let compactions = 0;
    const onEvent = (event: RunEvent) => {
      options.onEvent?.(event);
      if (event.type === 'run_start') runId ??= event.run_id;
      if (event.type === 'context_compaction') compactions += 1;
      if (event.type === 'tool_call') toolCalls.push({ name: event.tool, args: event.args });
      if (event.type === 'tool_result' && event.denied) denied.push(event.tool);
    };
    const now = options.now ?? Date.now;
    const started = now();
    const result = await runWorkerWith(
      {
        project,
        ...(options.worker ? { entry: options.worker } : {}),
        ...(options.input !== undefined ? { input: options.input } : {}),
        ...(options.attachments ? { attachments: options.attachments.map((attachment) => join(copy, attachment)) } : {}),
        ...(typeof model === 'string' ? { model } : {}),
        ...(options.cassette ? { cassette: options.cassette } : {}),
        onApproval: decide(options.approvals),
        onQuestion: answer(options.answers),
        env,
        ...(options.apiKeys ? { apiKeys: options.apiKeys } : {}),
        ...(options.live ? (options.fetch ? { fetch: options.fetch } : {}) : { fetch: offlineFetch }),
        ...(options.record ? { store: options.record.store } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
        onEvent,
      },
      options.record ? { tagsOf: () => options.record!.tags } : {},
    ).result;
    return {
      result,
      runId,
      status: result.status,
      output: result.output,
      error: result.error?.message,
      toolCalls,
      denied,
      compactions,
      tokens: result.usage.input_tokens + result.usage.output_tokens,
      cost: result.usage.cost_usd,
      latencyMs: now() - started,
      readFile: (path) => readInside(copy, path),
      dir: copy,
      dispose,
    };
  } catch (error) {
    dispose();
    throw error;
  }
}

/** Copies the project (without node_modules, .git and .llm-do; node_modules is linked, so tool modules still resolve). */
function copyProject(root: string, to: string): string {
  cpSync(root, to, {
    recursive: true,
    verbatimSymlinks: true,
    filter: (source) => !SKIPPED_DIRS.has(source.slice(source.lastIndexOf(sep) + 1)) || source === root,
  });
  if (existsSync(join(root, 'node_modules'))) symlinkSync(join(root, 'node_modules'), join(to, 'node_modules'));
  return to;
}

/**
 * The model of a case: an id or scripted rules, or a cassette to replay (or, with `update`, to
 * record again from the worker's own model), and whether it answers offline (undefined: the
 * worker's own model decides).
 */
function modelFor(
  testCase: { caseModel: ParsedTestFile['cases'][number]['caseModel'] },
  file: { path: string },
  update: boolean,
): { model?: string | ScriptRule[]; offline?: boolean; cassette?: CassetteOption } {
  const model = testCase.caseModel;
  if (model.kind === 'worker') return {};
  if (model.kind === 'cassette') {
    const cassette = resolve(dirname(file.path), model.file);
    return update ? { cassette: { record: cassette } } : { cassette: { replay: cassette }, offline: true };
  }
  if (model.kind === 'script') return { model: model.rules, offline: true };
  if (model.kind === 'script-file') return { model: `scripted:${resolve(dirname(file.path), model.file)}`, offline: true };
  return { model: model.id, offline: OFFLINE_PROVIDERS.has(parseModelId(model.id).provider) };
}

/** Without `--live`, a request that would leave the machine fails at once, saying why. */
const offlineFetch: typeof fetch = async (input) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  throw new ProjectError('invalid-field', `needs the network (a request to ${new URL(url).host}); give the case a scripted model, or run llm-do test --live`, {
    field: 'model',
  });
};

/** The case's scripted decisions: the first rule whose tool glob and argument subset match, else the default (deny). */
function decide(approvals: TestCase['approvals']): (question: ApprovalQuestion) => Decision {
  const rules = (approvals?.rules ?? []).map((rule) => ({ ...rule, tool: compileFieldGlob(rule.tool, { segmented: false }, { field: 'approvals.tool' }) }));
  const fallback = approvals?.default ?? 'deny';
  return (question) => {
    const rule = rules.find((candidate) => candidate.tool.matches(question.tool) && (candidate.args === undefined || isSubset(candidate.args, question.args)));
    const action = rule?.decision ?? fallback;
    if (action === 'approve') return { action: 'approve' };
    return { action: 'deny', reason: rule?.reason ?? (rule ? 'denied by the test case' : 'no approval rule of the test case matched') };
  };
}

/** The case's scripted answers: the first rule whose text the question contains and whose worker glob matches the asking worker, else a refusal. */
function answer(answers: TestCase['answers']): AnswerQuestion {
  const rules = (answers ?? []).map((rule) => ({
    ...rule,
    worker: rule.worker === undefined ? undefined : compileFieldGlob(rule.worker, { segmented: false }, { field: 'answers.worker' }),
  }));
  return (question) => {
    const asker = question.chain.at(-1) ?? '';
    const rule = rules.find(
      (candidate) =>
        (candidate.question === undefined || question.question.includes(candidate.question)) &&
        (candidate.worker === undefined || candidate.worker.matches(asker)),
    );
    return rule ? rule.answer : { refuse: 'no answer of the test case matched' };
  };
}

/** A file of the case's copy, or undefined when absent; a path leaving the copy is absent. */
function readInside(root: string, path: string): string | undefined {
  const full = resolve(root, path);
  if (full !== root && !full.startsWith(root + sep)) return undefined;
  try {
    return readFileSync(full, 'utf8');
  } catch {
    return undefined;
  }
}
