/**
 * The record of an eval (docs/evals.md): `$LLM_DO_HOME/evals/ID.jsonl`, a first line saying what the eval
 * runs, then one line per finished sample, appended as it finishes (one `write` of a whole line), so
 * `--resume ID` after a kill runs only what has no line, and `--compare ID` reads an earlier eval.
 */
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from '../errors.ts';
import type { EvalModel } from './model-list.ts';

/** What an eval runs, as `llm-do eval` was given it: `--resume` runs the same again. */
export interface EvalSpec {
  id: string;
  /** Absolute project root. */
  project: string;
  cases?: string;
  models: EvalModel[];
  repeat: number;
  started_at: string;
}

/** How one sample of one case with one model ended. */
export interface SampleResult {
  /** `case id · label · sample`: unique within the eval. */
  key: string;
  case: string;
  label: string;
  model: string;
  sample: number;
  passed: boolean;
  /** Why it failed: each expectation not met, a judge's verdict below its pass mark, or the error of the run. */
  failures: string[];
  /** The mean of its judges' scores, null without judges (or when a judge failed). */
  score: number | null;
  reasons?: string[];
  status: string;
  output?: unknown;
  tokens: number;
  /** USD; null when a model has no known price. */
  cost_usd: number | null;
  latency_ms: number;
  run_id?: string;
}

export interface EvalRecord {
  spec: EvalSpec;
  results: SampleResult[];
}

const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

export function evalFile(dir: string, id: string): string {
  if (!ID_PATTERN.test(id)) throw new UsageError(`"${id}" is not an eval id (letters, digits, - and _); llm-do eval prints the id of each eval it starts`);
  return join(dir, `${id}.jsonl`);
}

/** Starts the record of a new eval. */
export function createEvalRecord(dir: string, spec: EvalSpec): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  writeFileSync(evalFile(dir, spec.id), `${JSON.stringify(spec)}\n`, { flag: 'wx', mode: 0o600 });
}

export function appendSample(dir: string, id: string, result: SampleResult): void {
  appendFileSync(evalFile(dir, id), `${JSON.stringify(result)}\n`);
}

/**
 * Reads the eval `id`; a line cut short by a kill is left out (its sample runs again on resume).
 * @throws UsageError when there is no such eval, naming the evals there are
 */
export function readEvalRecord(dir: string, id: string, flag: string): EvalRecord {
  const file = evalFile(dir, id);
  if (!existsSync(file)) {
    const known = listEvalIds(dir);
    throw new UsageError(`${flag} ${id}: no such eval in ${dir}${known.length > 0 ? `; known evals: ${known.slice(-5).join(', ')}` : '; no eval has run yet'}`);
  }
  const lines = readFileSync(file, 'utf8').split('\n');
  const parse = (line: string): unknown => {
    try {
      return JSON.parse(line);
    } catch {
      return undefined;
    }
  };
  const spec = parse(lines[0] ?? '') as EvalSpec | undefined;
  if (spec?.id !== id || !Array.isArray(spec.models)) throw new UsageError(`${flag} ${id}: ${file} is not the record of an llm-do eval`);
  const results = lines
    .slice(1)
    .map(parse)
    .filter((value): value is SampleResult => typeof (value as SampleResult | undefined)?.key === 'string');
  // The last line of a key wins (a resumed eval may have run one again).
  return { spec, results: [...new Map(results.map((result) => [result.key, result])).values()] };
}

/** The ids of the evals in `dir`, oldest first (ids start with their time). */
export function listEvalIds(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.jsonl'))
    .map((name) => name.slice(0, -'.jsonl'.length))
    .sort();
}

/** An eval as a list shows it (`llm-do ui` can list the evals with this and show one with `summarizeEval(readEvalRecord(…))`). */
export interface EvalListing {
  id: string;
  project: string;
  started_at: string;
  models: EvalModel[];
  repeat: number;
  /** Samples finished so far. */
  finished: number;
}

/** The evals in `dir`, newest first; a record that cannot be read is left out. */
export function listEvals(dir: string): EvalListing[] {
  return listEvalIds(dir)
    .reverse()
    .flatMap((id) => {
      try {
        const { spec, results } = readEvalRecord(dir, id, 'eval');
        return [{ id, project: spec.project, started_at: spec.started_at, models: spec.models, repeat: spec.repeat, finished: results.length }];
      } catch {
        return [];
      }
    });
}
