/**
 * Progress on stderr, from the run's events: the delegation tree (indented by depth), model steps,
 * tool calls with shortened arguments and their outcome, approvals, and a usage line at the end.
 */
import type { RunEvent } from '../runtime/events.ts';

export interface ProgressOptions {
  write(text: string): void;
  verbose: boolean;
}

const MAX_ARGS = 100;

/** One-line, shortened JSON of a value (full with `verbose`). */
export function shorten(value: unknown, verbose: boolean, max = MAX_ARGS): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value) ?? 'undefined';
  const flat = text.replace(/\s+/g, ' ');
  return verbose || flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}

function indent(chain: readonly string[]): string {
  return '  '.repeat(Math.max(0, chain.length - 1));
}

function seconds(ms: number): string {
  return ms < 1000 ? `${ms}ms` : `${(ms / 1000).toFixed(1)}s`;
}

/** Returns an event listener that renders progress lines. */
export function createProgressRenderer(options: ProgressOptions): (event: RunEvent) => void {
  const { write, verbose } = options;
  let steps = 0;
  let started = false;
  return (event) => {
    const pad = indent(event.chain);
    switch (event.type) {
      case 'run_start':
        started = true;
        write(`▸ ${event.worker} · ${event.model}\n`);
        break;
      case 'delegation_start':
        write(`${indent(event.chain.slice(0, -1))}  ▸ ${event.worker} · ${event.model}  ${shorten(event.input, verbose, 60)}\n`);
        break;
      case 'delegation_end':
        write(`${indent(event.chain.slice(0, -1))}  ◂ ${event.worker} ${event.ok ? '✓' : `✗ ${event.error ?? ''}`} ${seconds(event.duration_ms)}\n`);
        break;
      case 'model_step': {
        steps += 1;
        const calls = event.tool_calls > 0 ? ` · ${event.tool_calls} tool call${event.tool_calls === 1 ? '' : 's'}` : '';
        write(`${pad}  · step ${event.step}${calls} · ${seconds(event.duration_ms)}\n`);
        // Text said alongside tool calls is progress, not the answer (which goes to stdout).
        if (event.tool_calls > 0 && event.text.trim()) write(`${pad}    ${shorten(event.text.trim(), verbose, 200)}\n`);
        break;
      }
      case 'tool_call':
        write(`${pad}  → ${event.tool} ${shorten(event.args, verbose)}\n`);
        break;
      case 'tool_result': {
        const status = event.ok ? '✓' : event.denied ? '⊘ denied' : '✗';
        const detail = event.ok ? (verbose ? ` ${shorten(event.result, true)}` : '') : ` ${shorten(event.error, verbose, 160)}`;
        write(`${pad}  ${status} ${event.tool} ${seconds(event.duration_ms)}${detail}\n`);
        break;
      }
      case 'approval_decision':
        if (event.source === 'user' || verbose) write(`${pad}  ${event.approved ? 'approved' : 'denied'} ${event.tool} (${event.source})\n`);
        break;
      case 'warning':
        write(`${pad}  ! ${event.message}\n`);
        break;
      case 'run_end': {
        // A run that failed before starting (configuration) has only its error message to show.
        if (!started) break;
        const { usage } = event;
        const status = event.status === 'ok' ? '✓ done' : '✗ failed';
        write(`${status} in ${seconds(event.duration_ms)} · ${steps} step${steps === 1 ? '' : 's'} · ${usage.input_tokens} in / ${usage.output_tokens} out tokens\n`);
        if (verbose) {
          for (const [worker, byWorker] of Object.entries(usage.by_worker)) {
            write(`    ${worker}: ${byWorker.input_tokens} in / ${byWorker.output_tokens} out\n`);
          }
        }
        break;
      }
      default:
        break;
    }
  };
}
