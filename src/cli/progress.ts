/**
 * Progress on stderr, from the run's events, drawn as a tree in the order things happen: each worker
 * opens with `▸ worker · model`, its text said alongside tool calls (`»`), each finished tool call
 * on one line (`✓` / `✗` / `⊘ denied`, tool, shortened arguments, duration, error), the workers it calls indented below it, `◂ worker ✓`
 * when a delegation returns, and a summary line at the end. On a terminal a {@link StatusLine} shows
 * what the run is waiting on (and the text streaming in); it is never part of the permanent output.
 * Every name and text from an event is escaped ({@link escapeTerminalText}) before styling.
 */
import { toolNameForWorker } from '../project/tool-name.ts';
import type { RunEvent, TokenUsage } from '../runtime/events.ts';
import type { StatusLine } from './status-line.ts';
import { createStyle, type Style } from './style.ts';
import { escapeTerminalText as safe } from './terminal-text.ts';

export interface ProgressOptions {
  /** Receives permanent output (whole lines). */
  write(text: string): void;
  /** Full arguments, results and text; a line per model request; usage per worker. */
  verbose: boolean;
  /**
   * Chat: the entry worker's turn is the conversation itself (its text goes to stdout), so its
   * header, text and per-turn summary are not progress (the summary still shows with `verbose`).
   * @default false
   */
  conversation?: boolean;
  /** @default plain (no colors) */
  style?: Style;
  /** The live line on a terminal; permanent output then goes through its `print`. */
  status?: StatusLine;
}

const MAX_ARGS = 80;
const MAX_TEXT = 200;

/** One-line, shortened JSON of a value (full with `verbose`), escaped for the terminal. */
export function shorten(value: unknown, verbose: boolean, max = MAX_ARGS): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value) ?? 'undefined';
  const flat = text.replace(/\s+/g, ' ').trim();
  return safe(verbose || flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`);
}

/** `812ms`, `1.2s`. */
export function formatDuration(ms: number): string {
  return ms < 1000 ? `${ms}ms` : `${(ms / 1000).toFixed(1)}s`;
}

/**
 * `1200 in (800 cached) / 300 out tokens · $0.0123`, or `… · cost unknown` (naming the unpriced
 * models when `explain`d): an unknown price is never shown as $0 (SPEC §16).
 */
export function formatUsage(usage: TokenUsage, explain = false): string {
  const cached = usage.cache_read_tokens > 0 ? ` (${usage.cache_read_tokens} cached)` : '';
  const unknown = explain ? `cost unknown (no price for ${usage.unpriced_models.map(safe).join(', ')})` : 'cost unknown';
  const cost = usage.cost_usd === null ? unknown : `$${usage.cost_usd.toFixed(4)}`;
  return `${usage.input_tokens} in${cached} / ${usage.output_tokens} out tokens · ${cost}`;
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
  key: string;
  tool: string;
  args: unknown;
  /** Set when the call turned out to be a delegation: its `▸`/`◂` lines stand for it. */
  delegation: boolean;
}

interface StepText {
  text: string;
  printed: boolean;
}

/** Returns an event listener that renders progress. */
export function createProgressRenderer(options: ProgressOptions): (event: RunEvent) => void {
  const { verbose, status, conversation = false, style = createStyle(false) } = options;
  const write = status ? (text: string) => status.print(text) : options.write;
  const pending = new Map<string, PendingCall>();
  const stepText = new Map<string, StepText>();
  let steps = 0;
  let started = false;
  let stepSince = Date.now();

  const keyOf = (chain: readonly string[]) => chain.join('\u0000');
  const worker = (chain: readonly string[]) => safe(chain[chain.length - 1] ?? '');

  const printText = (chain: readonly string[], text: string) => {
    const body = text.trim();
    if (!body || (conversation && chain.length === 1)) return;
    const lines = verbose ? safe(body).split('\n') : [shorten(body, false, MAX_TEXT)];
    write(lines.map((line) => `${bodyPad(chain)}${style.dim(`» ${line}`)}\n`).join(''));
  };
  const flushText = (chain: readonly string[]) => {
    const entry = stepText.get(keyOf(chain));
    if (!entry || entry.printed || !entry.text.trim()) return;
    entry.printed = true;
    printText(chain, entry.text);
  };
  const header = (chain: readonly string[], model: string, input?: unknown) => {
    const shown = input === undefined || input === '' ? '' : `  ${style.dim(shorten(input, verbose, 60))}`;
    write(`${headerPad(chain)}${style.cyan('▸')} ${style.bold(worker(chain))} ${style.dim(`· ${safe(model)}`)}${shown}\n`);
  };

  return (event) => {
    switch (event.type) {
      case 'run_start':
        started = true;
        if (!conversation) header(event.chain, event.model);
        status?.update(`${event.worker} · waiting for the model`);
        break;
      case 'model_request':
        stepSince = Date.now();
        stepText.set(keyOf(event.chain), { text: '', printed: false });
        if (verbose) write(`${bodyPad(event.chain)}${style.dim(`· step ${event.step} · ${event.model}`)}\n`);
        status?.update(`${event.worker} · waiting for the model`, stepSince);
        break;
      case 'text_delta': {
        const entry = stepText.get(keyOf(event.chain)) ?? { text: '', printed: false };
        entry.text += event.text;
        stepText.set(keyOf(event.chain), entry);
        status?.update(`${event.worker}: ${shorten(entry.text.slice(-400), false, 400).slice(-120)}`, stepSince);
        break;
      }
      case 'model_step': {
        steps += 1;
        // Streamed text was printed at the first tool call; without streaming it is known only now
        // (after the step's tool calls, which the SDK runs before reporting the step).
        const entry = stepText.get(keyOf(event.chain));
        if (event.tool_calls > 0 && !entry?.printed) printText(event.chain, event.text);
        stepText.delete(keyOf(event.chain));
        break;
      }
      case 'tool_call':
        flushText(event.chain);
        pending.set(event.call_id, { key: keyOf(event.chain), tool: event.tool, args: event.args, delegation: false });
        status?.update(`${event.worker} → ${event.tool}`);
        break;
      case 'delegation_start': {
        const callerKey = keyOf(event.chain.slice(0, -1));
        const tool = toolNameForWorker(event.worker);
        const call = [...pending.values()].find((c) => !c.delegation && c.key === callerKey && c.tool === tool);
        if (call) call.delegation = true;
        header(event.chain, event.model, event.input);
        status?.update(`${event.worker} · waiting for the model`);
        break;
      }
      case 'delegation_end': {
        const outcome = event.ok ? style.green('✓') : style.red('✗');
        const error = event.ok ? '' : `: ${shorten(event.error ?? '', verbose, 160)}`;
        write(`${headerPad(event.chain)}${style.cyan('◂')} ${style.bold(safe(event.worker))} ${outcome} ${style.dim(formatDuration(event.duration_ms))}${error}\n`);
        break;
      }
      case 'tool_result': {
        const call = pending.get(event.call_id);
        pending.delete(event.call_id);
        if (call?.delegation) break;
        const outcome = event.ok ? style.green('✓') : event.denied ? style.yellow('⊘ denied') : style.red('✗');
        const detail = event.ok ? '' : `: ${shorten(event.error ?? '', verbose, 160)}`;
        const args = call ? ` ${style.dim(shorten(call.args, verbose))}` : '';
        write(`${bodyPad(event.chain)}${outcome} ${safe(event.tool)}${args}  ${style.dim(formatDuration(event.duration_ms))}${detail}\n`);
        if (verbose && event.ok) write(`${bodyPad(event.chain)}  ${style.dim(`= ${shorten(event.result, true)}`)}\n`);
        break;
      }
      case 'approval_decision':
        if (verbose) write(`${bodyPad(event.chain)}${style.dim(`${event.approved ? 'approved' : 'denied'} ${safe(event.tool)} (${event.source})`)}\n`);
        break;
      case 'warning':
        write(`${bodyPad(event.chain)}${style.yellow(`! ${safe(event.message)}`)}\n`);
        break;
      case 'run_end': {
        status?.update('');
        // A run that failed before starting (configuration) has only its error message to show.
        if (!started || (conversation && !verbose)) break;
        const { usage } = event;
        const outcome = event.status === 'ok' ? style.green('✓ done') : style.red('✗ failed');
        const count = `${steps} step${steps === 1 ? '' : 's'}`;
        write(`${outcome} in ${formatDuration(event.duration_ms)} · ${count} · ${formatUsage(usage)}\n`);
        if (verbose) {
          for (const [name, byWorker] of Object.entries(usage.by_worker)) {
            write(`${style.dim(`    ${safe(name)}: ${formatUsage(byWorker, true)}`)}\n`);
          }
        }
        steps = 0;
        break;
      }
      default:
        break;
    }
  };
}
