/** The progress bar and the summary line of `llm-do batch`, on stderr. */
import type { BatchProgress } from '../batch/run-batch.ts';
import { formatCost } from './commands/runs-view.ts';
import type { CliIO } from './io.ts';
import { createStatusLine } from './status-line.ts';
import { createStyle, isFancyTerminal } from './style.ts';
import { escapeTerminalText } from './terminal-text.ts';

const BAR_WIDTH = 24;

/** The progress line, redrawn in place on stderr (a terminal) by the status line; `end` erases it. */
export function drawBatchProgress(io: CliIO): { update: (progress: BatchProgress) => void; end: () => void } {
  const line = createStatusLine({ stream: io.stderr, style: createStyle(isFancyTerminal(io.stderr, io.env)), minRedrawMs: 100 });
  const started = Date.now();
  return {
    update: (progress) => line.update(progressLine(progress), started),
    end: () => line.stop(),
  };
}

/** `[##########..............] 412/1000 · ETA 3m10s · ok 400 · failed 3 · paused 2 · invalid 7 · 8 running · 1.2M tokens · $0.4210` (what matters most first: a narrow terminal cuts the end) */
export function progressLine(progress: BatchProgress): string {
  const done = finished(progress);
  const filled = progress.total === 0 ? BAR_WIDTH : Math.round((done / progress.total) * BAR_WIDTH);
  const eta = progress.eta_ms === undefined ? '' : ` · ETA ${formatSpan(progress.eta_ms)}`;
  return `[${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${done}/${progress.total}${eta} · ${counts(progress)} · ${progress.running} running · ${formatTokens(progress.tokens)} tokens · ${formatCost(progress.cost_usd, true)}`;
}

/** The line that ends a batch: what happened to every input, and where to look next. */
export function formatBatchSummary(progress: BatchProgress, out: string, interrupted: boolean): string {
  const head = interrupted ? 'batch interrupted (rerun the same command to go on)' : 'batch done';
  const skipped = progress.skipped > 0 ? ` (${progress.skipped} of them from an earlier batch)` : '';
  const duplicates = progress.duplicates > 0 ? ` · ${progress.duplicates} duplicate input(s) run once` : '';
  const lines = [
    `${head}: ${progress.total} input(s) · ${counts(progress)}${skipped}${duplicates} · ${formatTokens(progress.tokens)} tokens · ${formatCost(progress.cost_usd, true)} · ${formatSpan(progress.elapsed_ms)} → ${escapeTerminalText(out)}`,
  ];
  if (progress.paused > 0)
    lines.push(
      `${progress.paused} input(s) paused at tool calls that ask or at questions: llm-do approvals lists them; approve, deny or answer, llm-do resume RUN, then rerun this batch to collect their results`,
    );
  if (progress.failed > 0 && !interrupted) lines.push('inputs that failed are skipped by a rerun; add --retry-failed to run them again');
  // Last, as `llm-do run` ends: an answer given with calls refused is not a plain "done".
  if (progress.denied_calls > 0)
    lines.push(
      `⊘ done with ${progress.denied_calls} denied call${progress.denied_calls === 1 ? '' : 's'} in ${progress.denied_inputs} input(s): their results carry denied_calls; llm-do runs show RUN shows each call`,
    );
  return lines.join('\n');
}

function finished(progress: BatchProgress): number {
  return progress.ok + progress.failed + progress.invalid + progress.paused;
}

function counts(progress: BatchProgress): string {
  return `ok ${progress.ok} · failed ${progress.failed} · paused ${progress.paused} · invalid ${progress.invalid}`;
}

/** `950`, `12.3k`, `1.2M`. */
function formatTokens(tokens: number): string {
  if (tokens < 1000) return String(tokens);
  if (tokens < 1_000_000) return `${(tokens / 1000).toFixed(1)}k`;
  return `${(tokens / 1_000_000).toFixed(1)}M`;
}

/** `850ms`, `42s`, `3m10s`, `2h05m`. */
function formatSpan(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)}ms`;
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m${String(seconds % 60).padStart(2, '0')}s`;
  return `${Math.floor(minutes / 60)}h${String(minutes % 60).padStart(2, '0')}m`;
}
