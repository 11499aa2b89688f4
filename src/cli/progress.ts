/**
 * Progress on stderr, from the run's events, drawn as a tree in the order things happen: each worker
 * opens with `▸ worker · model`, its text said alongside tool calls (`»`), each finished tool call
 * on one line (`✓` / `✗` / `⊘ denied`, tool, shortened arguments, duration, error), the workers it calls indented below it, `◂ worker ✓`
 * when a delegation returns, and a summary line at the end. A step that stopped for a reason other
 * than an answer or tool calls says why (`! the answer was cut at the output token limit (length)`);
 * commentary shows like text said alongside tool calls, and reasoning (`∴`) with `showReasoning`.
 * Lines are keyed by call id, so parallel
 * calls stay apart; while calls run in parallel each of their lines names its call (`reviewer#2`,
 * see {@link CallLabels}). On a terminal a {@link StatusLine} shows
 * what the run is waiting on (and the text streaming in); it is never part of the permanent output.
 * Every name and text from an event is escaped ({@link escapeTerminalText}) before styling.
 */
import { describeFinish } from '../models/finish-reason.ts';
import { formatWait } from '../models/retry-policy.ts';
import { describeCompaction } from '../runtime/compaction-text.ts';
import type { AnswerSource, RunEvent, TokenUsage } from '../runtime/events.ts';
import { createCallLabels, type CallLabels } from './call-labels.ts';
import type { StatusLine } from './status-line.ts';
import { createStyle, type Style } from './style.ts';
import { escapeTerminalText as safe } from './terminal-text.ts';

export interface ProgressOptions {
  /** Receives permanent output (whole lines); with a {@link status} line, it should print through {@link StatusLine.print}. */
  write(text: string): void;
  /** Full arguments, results and text; a line per model request; usage per worker; reasoning as with {@link showReasoning}. */
  verbose: boolean;
  /** The models' reasoning (thinking, reasoning summaries) as it streams, and each step's reasoning tokens. @default false */
  showReasoning?: boolean;
  /**
   * Chat: the entry worker's turn is the conversation itself (its text goes to stdout), so its
   * header, text and per-turn summary are not progress (the summary still shows with `verbose`).
   * @default false
   */
  conversation?: boolean;
  /** The entry worker's streamed text goes to stdout ({@link AnswerStream}), so progress does not repeat it. @default false */
  entryTextOnStdout?: boolean;
  /** Shared with the approval prompt, so both name a call alike. @default a private set */
  labels?: CallLabels;
  /** @default plain (no colors) */
  style?: Style;
  /** Whether Ctrl-C was pressed: from then on, calls that end unsuccessfully show as interrupted, not as failures (docs/cli.md). */
  interrupted?: () => boolean;
  /**
   * Calls denied before the run was paused (its saved state's count): a resumed run's last line counts
   * the whole run's denials, as its usage, the `N tool call(s) denied` line and `--json` do. @default 0
   */
  deniedBefore?: number;
  /** The live line on a terminal. */
  status?: StatusLine;
}

const MAX_ARGS = 80;
const MAX_TEXT = 200;

/** One-line, shortened JSON of a value (full with `verbose`), escaped for the terminal. */
export function shorten(value: unknown, verbose: boolean, max = MAX_ARGS): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? 'undefined');
  const flat = text.replace(/\s+/g, ' ').trim();
  return safe(verbose || flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`);
}

/** Past this, an error is cut (saying so): enough for every message llm-do writes, hints included. */
const MAX_ERROR = 2000;

/**
 * A failed call's error on its progress line: whole, since its end is often the hint of what to do
 * (`… use --mount`); only a message past {@link MAX_ERROR} characters is cut, and the cut says so.
 */
export function errorText(error: string | undefined, verbose: boolean): string {
  const flat = (error ?? '').replace(/\s+/g, ' ').trim();
  if (verbose || flat.length <= MAX_ERROR) return safe(flat);
  return safe(`${flat.slice(0, MAX_ERROR)}… (cut: ${flat.length - MAX_ERROR} more characters; --verbose shows all)`);
}

/** `812ms`, `1.2s`. */
export function formatDuration(ms: number): string {
  return ms < 1000 ? `${ms}ms` : `${(ms / 1000).toFixed(1)}s`;
}

/**
 * `2026-11-23 14:35:12`: the local time of the machine showing it (the TZ variable chooses the
 * zone), as every time shown to people is, in the CLI and the UI alike (docs/cli.md).
 */
export function formatTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
}

/**
 * `1200 in (800 cached) / 300 out tokens · $0.0123`, or `… · cost unknown` (naming the unpriced
 * models when `explain`d): an unknown price is never shown as $0 (docs/cli.md).
 */
export function formatUsage(usage: TokenUsage, explain = false): string {
  const cached = usage.cache_read_tokens > 0 ? ` (${usage.cache_read_tokens} cached)` : '';
  const unknown = explain ? `cost unknown (no price for ${usage.unpriced_models.map(safe).join(', ')})` : 'cost unknown';
  const cost = usage.cost_usd === null ? unknown : `$${usage.cost_usd.toFixed(4)}`;
  return `${usage.input_tokens} in${cached} / ${usage.output_tokens} out tokens · ${cost}`;
}

/** `Title <https://…>`, or a document's title and file name: one footnote of an answer's sources, escaped. */
export function formatSource(source: AnswerSource): string {
  if (source.type === 'url') return safe(source.title ? `${source.title} <${source.url}>` : source.url);
  return safe(source.filename ? `${source.title} (${source.filename})` : source.title);
}

/** Indentation of a worker's header line (`▸ a`), two spaces per delegation level. */
function headerPad(chain: readonly string[]): string {
  return '  '.repeat(Math.max(0, chain.length - 1));
}

/** Indentation of the lines inside a worker (text, tool calls): one level below its header. */
function bodyPad(chain: readonly string[]): string {
  return `${headerPad(chain)}  `;
}

interface PendingCall {
  tool: string;
  args: unknown;
  /** Set when the call turned out to be a delegation: its `▸`/`◂` lines stand for it. */
  delegation: boolean;
}

/** A step's streamed text, as a bounded tail for the status line (the whole text comes with `model_step`). */
interface StepText {
  tail: string;
  /** Characters of reasoning streamed so far in the step (the status line's estimate of its tokens). */
  reasoning: number;
  /** The reasoning line being streamed, printed when it ends (`showReasoning`). */
  reasoningLine: string;
}

/** How much of the live text the status line keeps: redrawing never touches more, however long the answer. */
const LIVE_TAIL = 400;

const emptyStepText = (): StepText => ({ tail: '', reasoning: 0, reasoningLine: '' });

/** Stop reasons that need no word: the model answered, or asked for tools. */
const ORDINARY_FINISH = new Set(['stop', 'tool_calls']);

/** Returns an event listener that renders progress. */
export function createProgressRenderer(options: ProgressOptions): (event: RunEvent) => void {
  const { verbose, status, conversation = false, style = createStyle(false), labels = createCallLabels() } = options;
  const showReasoning = verbose || options.showReasoning === true;
  const entryTextElsewhere = conversation || Boolean(options.entryTextOnStdout);
  const { write } = options;
  const interrupted = options.interrupted ?? (() => false);
  const interruptedMark = style.yellow('⊘ interrupted');
  // Tool calls by call id and the model's tool call id (models reuse ids across calls).
  const pending = new Map<string, PendingCall>();
  const stepText = new Map<string, StepText>();
  let steps = 0;
  /** Calls of this run refused (by a rule, a person, `--auto-deny`): a run that answered anyway is not a plain "done". */
  let denied = 0;
  /** The run went on from a saved state: its steps and time are this process's, its usage the whole run's. */
  let resumed = false;
  let started = false;
  let stepSince = Date.now();

  /** What each running call is doing, in the order they started: the status line shows them all (parallel sub-workers). */
  const activity = new Map<string, { worker: string; doing: string; since: number | undefined }>();
  /** Shows on the status line that `event`'s call is doing `doing` (since `since`), with every other running call. */
  const live = (event: RunEvent, doing: string, since?: number) => {
    activity.set(event.call_id, { worker: event.worker, doing, since });
    showActivity();
  };
  // Named when shown: a call's name changes once a second call of its worker starts (`reviewer` → `reviewer#1`).
  const showActivity = () => {
    const all = [...activity].map(([callId, entry]) => ({ text: `${labels.of(callId, entry.worker)}${entry.doing}`, since: entry.since }));
    if (all.length === 1) status?.update(all[0]!.text, all[0]!.since);
    else status?.update(all.map((entry) => entry.text).join(' │ '));
  };

  const toolKey = (callId: string, toolCallId: string) => `${callId}\u0000${toolCallId}`;
  /**
   * Tool calls whose sub-worker has ended: their own result line is left out, as `◂ worker` stands for it
   * (after a resume, the `tool_call` and `delegation_start` of such a call came before the pause).
   */
  const endedDelegations = new Set<string>();
  /** Calls whose `▸` header is shown; after a resume, a sub-worker that goes on gets one before its first line. */
  const headed = new Set<string>();
  /** Where a line of `event`'s call goes: indentation, then the call's name while calls run in parallel. */
  const body = (event: RunEvent) => {
    const label = labels.concurrent(event.call_id) ? style.dim(`${safe(labels.of(event.call_id, event.worker))} `) : '';
    return `${bodyPad(event.chain)}${label}`;
  };

  const printText = (event: RunEvent, text: string) => {
    const said = text.trim();
    if (!said || (entryTextElsewhere && event.parent_call_id === null)) return;
    const lines = verbose ? safe(said).split('\n') : [shorten(said, false, MAX_TEXT)];
    write(lines.map((line) => `${body(event)}${style.dim(`» ${line}`)}\n`).join(''));
  };
  /** Commentary never reaches stdout, so the entry's is progress too. */
  const printCommentary = (event: RunEvent, text: string) => {
    const said = text.trim();
    if (!said) return;
    const lines = verbose ? safe(said).split('\n') : [shorten(said, false, MAX_TEXT)];
    write(lines.map((line) => `${body(event)}${style.dim(`» ${line}`)}\n`).join(''));
  };
  const printReasoning = (event: RunEvent, lines: string[]) => {
    const shown = lines.filter((line) => line.trim() !== '');
    if (shown.length > 0) write(shown.map((line) => `${body(event)}${style.dim(`∴ ${safe(line)}`)}\n`).join(''));
  };
  /** Ends the reasoning line being streamed (before anything else of the call is shown). */
  const endReasoning = (event: RunEvent) => {
    const entry = stepText.get(event.call_id);
    if (!entry || entry.reasoningLine === '') return;
    printReasoning(event, [entry.reasoningLine]);
    entry.reasoningLine = '';
  };
  const header = (event: RunEvent, model: string, input?: unknown) => {
    headed.add(event.call_id);
    const shown = input === undefined || input === '' ? '' : `  ${style.dim(shorten(input, verbose, 60))}`;
    write(`${headerPad(event.chain)}${style.cyan('▸')} ${style.bold(safe(labels.of(event.call_id, event.worker)))} ${style.dim(`· ${safe(model)}`)}${shown}\n`);
  };

  /** `▸ worker · resumed`: the sub-worker a resumed run goes on in, so its lines are not read as its parent's. */
  const resumedHeader = (event: RunEvent) => {
    headed.add(event.call_id);
    write(`${headerPad(event.chain)}${style.cyan('▸')} ${style.bold(safe(labels.of(event.call_id, event.worker)))} ${style.dim('· resumed')}\n`);
  };

  const render = (event: RunEvent) => {
    if (resumed && event.parent_call_id !== null && !headed.has(event.call_id) && event.type !== 'delegation_start') resumedHeader(event);
    switch (event.type) {
      case 'run_start':
        started = true;
        if (!conversation) header(event, event.model);
        live(event, ' · waiting for the model');
        break;
      case 'run_resumed': {
        started = true;
        resumed = true;
        denied = options.deniedBefore ?? 0;
        headed.add(event.call_id);
        const answers = event.answers > 0 ? `, ${event.answers} answer${event.answers === 1 ? '' : 's'}` : '';
        write(
          `${style.cyan('↻')} resumed ${style.bold(safe(labels.of(event.call_id, event.worker)))} ${style.dim(`· ${event.decisions} decision${event.decisions === 1 ? '' : 's'}${answers} recorded`)}\n`,
        );
        break;
      }
      case 'model_request':
        stepSince = Date.now();
        stepText.set(event.call_id, emptyStepText());
        if (verbose) write(`${body(event)}${style.dim(`· step ${event.step} · ${safe(event.model)}`)}\n`);
        live(event, ' · waiting for the model', stepSince);
        break;
      case 'reasoning_delta': {
        const entry = stepText.get(event.call_id) ?? emptyStepText();
        stepText.set(event.call_id, entry);
        entry.reasoning += event.text.length;
        if (showReasoning) {
          const lines = (entry.reasoningLine + event.text).split('\n');
          entry.reasoningLine = lines.pop() ?? '';
          printReasoning(event, lines);
        }
        const estimate = entry.reasoning > 0 ? ` (~${Math.ceil(entry.reasoning / 4)} tokens)` : '';
        live(event, ` · thinking${estimate}`, stepSince);
        break;
      }
      case 'commentary':
        endReasoning(event);
        printCommentary(event, event.text);
        break;
      case 'text_delta': {
        endReasoning(event);
        // Only the tail is touched per delta, so a long answer costs linear time to show.
        const entry = stepText.get(event.call_id) ?? emptyStepText();
        entry.tail = (entry.tail + event.text).slice(-LIVE_TAIL);
        stepText.set(event.call_id, entry);
        // With calls in parallel each gets a short tail, so that all of them fit.
        live(event, `: ${shorten(entry.tail, false, LIVE_TAIL).slice(activity.size > 1 ? -40 : -120)}`, stepSince);
        break;
      }
      case 'model_step': {
        steps += 1;
        endReasoning(event);
        if (showReasoning && event.reasoning_tokens) write(`${body(event)}${style.dim(`∴ ${event.reasoning_tokens} reasoning tokens`)}\n`);
        // A step comes before its tool calls, so what the model said leads to them. A final answer is
        // the worker's result, shown elsewhere.
        if (event.tool_calls > 0) printText(event, event.text);
        if (!ORDINARY_FINISH.has(event.finish_reason)) {
          const finish = {
            reason: event.finish_reason,
            ...(event.provider_finish_reason === undefined ? {} : { raw: event.provider_finish_reason }),
            ...(event.finish_detail === undefined ? {} : { detail: event.finish_detail }),
          };
          write(`${body(event)}${style.yellow(`! ${safe(describeFinish(finish))}`)}\n`);
        }
        stepText.delete(event.call_id);
        break;
      }
      case 'tool_call':
        endReasoning(event);
        pending.set(toolKey(event.call_id, event.tool_call_id), { tool: event.tool, args: event.args, delegation: false });
        live(event, ` → ${event.tool}`);
        break;
      case 'delegation_start': {
        // The child's `▸`/`◂` lines stand for the parent's tool call that started it.
        const call = event.parent_call_id === null ? undefined : pending.get(toolKey(event.parent_call_id, event.tool_call_id));
        if (call) call.delegation = true;
        header(event, event.model, event.input);
        // The sub-workers a call waits on stand for it on the status line.
        if (event.parent_call_id !== null) activity.delete(event.parent_call_id);
        live(event, ' · waiting for the model');
        break;
      }
      case 'delegation_end': {
        const outcome = event.ok ? style.green('✓') : interrupted() ? interruptedMark : style.red('✗');
        const error = event.ok || interrupted() ? '' : `: ${errorText(event.error, verbose)}`;
        write(
          `${headerPad(event.chain)}${style.cyan('◂')} ${style.bold(safe(labels.of(event.call_id, event.worker)))} ${outcome} ${style.dim(formatDuration(event.duration_ms))}${error}\n`,
        );
        activity.delete(event.call_id);
        showActivity();
        if (event.parent_call_id !== null) endedDelegations.add(toolKey(event.parent_call_id, event.tool_call_id));
        break;
      }
      case 'tool_result': {
        const key = toolKey(event.call_id, event.tool_call_id);
        const call = pending.get(key);
        pending.delete(key);
        if (event.denied) denied += 1;
        if (endedDelegations.delete(key) || call?.delegation) break;
        const outcome = event.ok ? style.green('✓') : event.denied ? style.yellow('⊘ denied') : interrupted() ? interruptedMark : style.red('✗');
        const detail = event.ok || interrupted() ? '' : `: ${errorText(event.error, verbose)}`;
        const args = call ? ` ${style.dim(shorten(call.args, verbose))}` : '';
        const where = event.provider_executed ? ` ${style.dim('· provider-run')}` : '';
        write(`${body(event)}${outcome} ${safe(event.tool)}${args}  ${style.dim(formatDuration(event.duration_ms))}${where}${detail}\n`);
        if (verbose && (event.ok || event.result !== undefined)) write(`${body(event)}  ${style.dim(`= ${shorten(event.result, true)}`)}\n`);
        break;
      }
      case 'approval_decision':
        if (verbose) write(`${body(event)}${style.dim(`${event.approved ? 'approved' : 'denied'} ${safe(event.tool)} (${event.source})`)}\n`);
        break;
      case 'model_retry':
        // The failed attempt's text was shown (live, or on stdout) and is void: its tail goes.
        if (event.restart) stepText.set(event.call_id, emptyStepText());
        write(`${body(event)}${style.yellow(`! ${describeRetry(event)}`)}\n`);
        break;
      case 'model_fallback':
        write(`${body(event)}${style.yellow(`! ${safe(`${event.model} failed (${event.message}); falling back to ${event.fallback}`)}`)}\n`);
        break;
      case 'warning':
        write(`${body(event)}${style.yellow(`! ${safe(event.message)}`)}\n`);
        break;
      case 'context_compaction':
        write(`${body(event)}${style.dim(`↻ ${describeCompaction(event)}`)}\n`);
        break;
      case 'run_end': {
        activity.clear();
        status?.update('');
        if (event.sources) write(sourceLines(event.sources));
        // A run that failed before starting (configuration) has only its error message to show.
        if (!started || (conversation && !verbose)) break;
        const { usage } = event;
        const outcome = {
          ok: denied > 0 ? style.yellow(`⊘ done with ${denied} denied call${denied === 1 ? '' : 's'}`) : style.green('✓ done'),
          interrupted: style.yellow('⊘ interrupted'),
          paused: style.yellow('⏸ paused'),
          error: style.red('✗ failed'),
        }[event.status];
        // After a resume each figure says whose it is: steps and time since resuming, usage of the whole run.
        const count = `${steps} step${steps === 1 ? '' : 's'}${resumed ? ' since resuming' : ''}`;
        write(`${outcome} in ${formatDuration(event.duration_ms)} · ${count} · ${resumed ? 'whole run: ' : ''}${formatUsage(usage)}\n`);
        if (verbose) {
          for (const [name, byWorker] of Object.entries(usage.by_worker)) {
            write(`${style.dim(`    ${safe(name)}: ${formatUsage(byWorker, true)}`)}\n`);
          }
        }
        steps = 0;
        denied = 0;
        resumed = false;
        headed.clear();
        break;
      }
      default:
        break;
    }
  };
  // A call is named from its start event on, and its end line still carries its name.
  return (event) => {
    const ends = event.type === 'delegation_end' || event.type === 'run_end';
    if (!ends) labels.observe(event);
    render(event);
    if (ends) labels.observe(event);
  };
}

/**
 * `429 from anthropic (claude-sonnet-4-5), retry 2/3 in 2.0 s`; without an HTTP status the reason
 * (`overloaded_error`, `stream_timeout`) stands first; a wait the provider asked for says so
 * (`as retry-after asked`), and a restart says the answer so far is dropped.
 */
export function describeRetry(event: Extract<RunEvent, { type: 'model_retry' }>): string {
  const colon = event.model.indexOf(':');
  const provider = colon > 0 ? `${event.model.slice(0, colon)} (${event.model.slice(colon + 1)})` : event.model;
  const what = event.status === undefined ? event.message : String(event.status);
  const asked = event.hint ? `, as ${event.hint} asked` : '';
  const wait = `retry ${event.attempt}/${event.max_retries} in ${formatWait(event.delay_ms)}${asked}`;
  if (event.restart) return safe(`${what} from ${provider} mid-answer: the text so far is discarded; restarting the step, ${wait}`);
  return safe(`${what} from ${provider}, ${wait}`);
}

/** The footnotes of an answer: `Sources:` and one `[n] Title <url>` line each. */
function sourceLines(sources: readonly AnswerSource[]): string {
  return `Sources:\n${sources.map((source, index) => `  [${index + 1}] ${formatSource(source)}\n`).join('')}`;
}
