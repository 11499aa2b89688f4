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

export function createTerminalPrompter(input: NodeJS.ReadableStream, output: NodeJS.WritableStream): ApprovalPrompter {
  return {
    async ask(request, signal) {
      const rl = createInterface({ input, output, terminal: false });
      try {
        output.write(`${describeRequest(request)}\n`);
        while (true) {
          const answer = (await rl.question('choice> ', signal ? { signal } : {})).trim().toLowerCase();
          const parsed = parseAnswer(answer);
          if (parsed === 'deny') {
            const reason = (await rl.question('reason (optional)> ', signal ? { signal } : {})).trim();
            return reason ? { action: 'deny', reason } : { action: 'deny' };
          }
          if (parsed) return parsed;
          output.write(`please type a, s, t, d or q\n`);
        }
      } finally {
        rl.close();
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
