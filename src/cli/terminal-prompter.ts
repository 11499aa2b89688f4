/**
 * Asks the person at the terminal to approve a tool call (SPEC §8): shows the worker chain, the tool,
 * its description and arguments, and reads one of a/s/t/d/q. An empty line (accidental Enter) asks
 * again rather than choosing anything.
 */
import { createInterface } from 'node:readline/promises';
import type { ApprovalAnswer, ApprovalPrompter, ApprovalRequest } from '../approval/types.ts';
import { shorten } from './progress.ts';

const CHOICES = '[a] approve once  [s] approve this exact call for the session  [t] approve this tool for the session  [d] deny  [q] quit';

/** Renders the approval request as the lines shown above the question. */
export function describeRequest(request: ApprovalRequest, width = 100): string {
  const lines = [
    '',
    `approval needed: ${request.chain.join(' › ')} wants to run ${request.toolName}`,
    `  ${request.description.split('\n')[0] ?? ''}`,
  ];
  const args = request.args;
  if (args && typeof args === 'object' && !Array.isArray(args)) {
    for (const [key, value] of Object.entries(args)) {
      if (typeof value === 'string' && value.includes('\n')) {
        const body = value.split('\n');
        lines.push(`  ${key}: (${body.length} lines)`);
        for (const line of body.slice(0, 20)) lines.push(`  │ ${line}`);
        if (body.length > 20) lines.push(`  │ … ${body.length - 20} more lines`);
      } else {
        lines.push(`  ${key}: ${shorten(value, false, width)}`);
      }
    }
  } else {
    lines.push(`  args: ${shorten(args, false, width)}`);
  }
  lines.push(CHOICES);
  return lines.join('\n');
}

/** Asks one question and resolves with the typed line. */
export type AskLine = (query: string, signal?: AbortSignal) => Promise<string>;

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

/**
 * A prompter reading answers from `input`. Pass `question` when another readline interface (the
 * chat REPL) already owns the terminal, so both do not read the same keystrokes.
 */
export function createTerminalPrompter(input: NodeJS.ReadableStream, output: NodeJS.WritableStream, question?: AskLine): ApprovalPrompter {
  const ask = question ?? ownQuestion(input, output);
  return {
    async ask(request, signal) {
      output.write(`${describeRequest(request)}\n`);
      while (true) {
        const parsed = parseAnswer((await ask('choice> ', signal)).trim().toLowerCase());
        if (parsed === 'deny') {
          const reason = (await ask('reason (optional)> ', signal)).trim();
          return reason ? { action: 'deny', reason } : { action: 'deny' };
        }
        if (parsed) return parsed;
        output.write('please type a, s, t, d or q\n');
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
