/**
 * Asks the person at the terminal to approve a tool call (SPEC §8): shows the worker chain, the tool,
 * its description and arguments (edits as a diff, written files numbered), and reads one of
 * a/s/t/d/q. An empty line (accidental Enter) or anything else asks again rather than choosing;
 * `d` then asks for an optional reason, which reaches the model with the denial.
 */
import { createInterface } from 'node:readline/promises';
import type { ApprovalAnswer, ApprovalPrompter, ApprovalRequest } from '../approval/types.ts';
import { renderArguments } from './diff-view.ts';
import { shorten } from './progress.ts';
import { createStyle, type Style } from './style.ts';

const CHOICES: readonly [string, string][] = [
  ['a', 'approve once'],
  ['s', 'this call for the session'],
  ['t', 'this tool for the session'],
  ['d', 'deny'],
  ['q', 'quit'],
];

/** Renders the approval request as the lines shown above the question. */
export function describeRequest(request: ApprovalRequest, style: Style = createStyle(false), width = 100): string {
  const description = shorten(request.description.split('\n')[0] ?? '', false, width);
  const lines = [
    '',
    `${style.yellow('approval needed')} · ${style.bold(request.chain.join(' › '))} wants to run ${style.bold(request.toolName)}`,
    ...(description ? [`  ${style.dim(description)}`] : []),
    ...renderArguments(request.toolName, request.args, { style, width }),
    CHOICES.map(([key, label]) => `[${style.bold(key)}] ${label}`).join('  '),
  ];
  return lines.join('\n');
}

/** Asks one question and resolves with the typed line. */
export type AskLine = (query: string, signal?: AbortSignal) => Promise<string>;

export interface TerminalPrompterOptions {
  /** Use this when another readline interface (the chat REPL) owns the terminal, so both do not read the same keys. */
  question?: AskLine;
  /** Hidden while the prompt is open (the progress status line). */
  display?: { pause(): void; resume(): void };
  /** @default plain */
  style?: Style;
}

/** Reads lines from `input` with a private readline interface, closed after each prompt. */
function ownQuestion(input: NodeJS.ReadableStream, output: NodeJS.WritableStream): AskLine {
  return async (query, signal) => {
    const rl = createInterface({ input, output, terminal: false });
    try {
      return await rl.question(query, signal ? { signal } : {});
    } finally {
      rl.close();
    }
  };
}

/** A prompter reading answers from `input` and writing the request to `output`. */
export function createTerminalPrompter(input: NodeJS.ReadableStream, output: NodeJS.WritableStream, options: TerminalPrompterOptions = {}): ApprovalPrompter {
  const ask = options.question ?? ownQuestion(input, output);
  const style = options.style ?? createStyle(false);
  return {
    async ask(request, signal) {
      options.display?.pause();
      try {
        const columns = (output as { columns?: number }).columns ?? 100;
        output.write(`${describeRequest(request, style, Math.max(40, columns - 4))}\n`);
        while (true) {
          const parsed = parseAnswer((await ask('choice> ', signal)).trim().toLowerCase());
          if (parsed === 'deny') {
            const reason = (await ask('reason (optional, Enter to skip)> ', signal)).trim();
            return reason ? { action: 'deny', reason } : { action: 'deny' };
          }
          if (parsed) return parsed;
          output.write(`please type one of ${CHOICES.map(([key]) => key).join(', ')} and press Enter\n`);
        }
      } finally {
        options.display?.resume();
      }
    },
  };
}

function parseAnswer(answer: string): ApprovalAnswer | 'deny' | undefined {
  switch (answer) {
    case 'a':
      return { action: 'approve_once' };
    case 's':
      return { action: 'approve_call' };
    case 't':
      return { action: 'approve_tool' };
    case 'd':
      return 'deny';
    case 'q':
      return { action: 'abort' };
    default:
      return undefined;
  }
}
