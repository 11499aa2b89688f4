/**
 * The evals `llm-do ui` shows (docs/ui.md, "Evals"): the records `llm-do eval` keeps in
 * `$LLM_DO_HOME/evals/` (docs/evals.md), listed newest first, and one eval's table — the same
 * summary as `llm-do eval --json` — optionally compared with an earlier eval.
 */
import { UsageError } from '../errors.ts';
import { type EvalListing, listEvals, readEvalRecord } from '../eval/eval-log.ts';
import { type CaseChange, compareEvals, type EvalSummary, summarizeEval } from '../eval/summary.ts';
import { ApiError } from './api.ts';

export interface EvalsView {
  evals: EvalListing[];
}

export interface EvalView {
  listing: EvalListing;
  summary: EvalSummary;
  /** Against `compare`, when asked: the cases that now fail or now pass. */
  compared?: { id: string; changes: CaseChange[] };
}

export function evalsView(dir: string): EvalsView {
  return { evals: listEvals(dir) };
}

/** One eval's table; an unknown eval (or one to compare with) is a 404 naming it. */
export function evalView(dir: string, id: string, compare: string | null): EvalView {
  const recordOf = (evalId: string, what: string) => {
    try {
      return readEvalRecord(dir, evalId, what);
    } catch (error) {
      if (UsageError.isInstance(error)) throw new ApiError(404, error.message);
      throw error;
    }
  };
  const record = recordOf(id, 'eval');
  const summary = summarizeEval(record);
  const { spec } = record;
  const view: EvalView = {
    listing: { id, project: spec.project, started_at: spec.started_at, models: spec.models, repeat: spec.repeat, finished: record.results.length },
    summary,
  };
  if (compare) view.compared = { id: compare, changes: compareEvals(summary, summarizeEval(recordOf(compare, 'compare with'))) };
  return view;
}
