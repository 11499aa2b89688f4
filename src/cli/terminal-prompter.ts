/**
 * Asks the person at the terminal to approve a tool call (docs/cli.md, docs/security.md): shows the worker chain, the
 * tool, its description and the exact arguments (edits as a diff, written files numbered, everything
 * escaped), and reads one of a/s/t/d/q, plus p ("always, in this project") where grants can be kept:
 * a single key where it owns a terminal (`key-reader.ts`), else a line.
 * When a very long value had to be cut, the prompt says so and
 * `v` prints every argument whole before asking again. An empty line (accidental Enter) or anything
 * else asks again rather than choosing; `d` then asks for an optional reason, which reaches the model.
 * It also puts an interactive worker's question (docs/worker-format.md): the chain and the question, escaped,
 * then a line of text as the answer.
 */
import { createInterface } from 'node:readline/promises';
import type { ApprovalAnswer, ApprovalPrompter, ApprovalRequest, UserQuestionRequest } from '../approval/types.ts';
import { renderArguments } from './diff-view.ts';
import { canReadKeys, readKey } from './key-reader.ts';
import { shorten } from './progress.ts';
import { createStyle, type Style } from './style.ts';
import { escapeTerminalText } from './terminal-text.ts';

type Choice = readonly [key: string, label: string];

const SESSION_CHOICES: readonly Choice[] = [
  ['a', 'approve once'],
  ['s', 'this call for the session'],
  ['t', 'this tool for the session'],
];
const PROJECT_GRANT: Choice = ['p', 'always, in this project'];
const DENY: Choice = ['d', 'deny'];
const QUIT: Choice = ['q', 'quit'];
const VIEW_ALL: Choice = ['v', 'view the full arguments'];

/** The answers a prompt offers: `p` only where grants can be kept, `q` worded as what it ends. */
function choicesOf(options: Pick<TerminalPrompterOptions, 'projectGrants' | 'quitLabel'>): readonly Choice[] {
  const quit: Choice = options.quitLabel ? ['q', options.quitLabel] : QUIT;
  return [...SESSION_CHOICES, ...(options.projectGrants ? [PROJECT_GRANT] : []), DENY, quit];
}

export interface RequestView {
  text: string;
  /** Whether an argument was cut (then `v` shows everything). */
  cut: boolean;
}

/** Names the calling worker's call as progress does (`reviewer#2`), so a queued prompt says whose it is. */
export type CallLabel = (callId: string, worker: string) => string;

/** The chain as the prompt shows it: `main › reviewer#2` when that call is one of several. */
function chainOf(request: Pick<ApprovalRequest, 'chain' | 'callId'>, callLabel: CallLabel | undefined): string {
  const worker = request.chain.at(-1);
  if (!callLabel || request.callId === undefined || worker === undefined) return request.chain.join(' › ');
  return [...request.chain.slice(0, -1), callLabel(request.callId, worker)].join(' › ');
}

/** Renders the approval request as the lines shown above the question; `full` cuts no argument. */
export function describeRequest(
  request: ApprovalRequest,
  style: Style = createStyle(false),
  width = 100,
  full = false,
  callLabel?: CallLabel,
  offered: readonly Choice[] = choicesOf({}),
): RequestView {
  const description = shorten(request.description.split('\n')[0] ?? '', false, width);
  const chain = escapeTerminalText(chainOf(request, callLabel));
  const args = renderArguments(request.toolName, request.args, { style, full });
  const choices = args.cut ? [...offered, VIEW_ALL] : offered;
  const lines = [
    '',
    `${style.yellow('approval needed')} · ${style.bold(chain)} wants to run ${style.bold(escapeTerminalText(request.toolName))}`,
    ...(description ? [`  ${style.dim(description)}`] : []),
    // A resumed run asks again about a call that started before its process died.
    ...(request.note ? [`  ${style.yellow(`note: ${escapeTerminalText(request.note)}`)}`] : []),
    // A rule would pre-approve the call; this says what made it ask.
    ...(request.askReason ? [`  ${style.yellow(`asks: ${escapeTerminalText(request.askReason)}`)}`] : []),
    ...args.lines,
    ...choiceLines(choices, style, width),
  ];
  return { text: lines.join('\n'), cut: args.cut };
}

/** The choices, `[a] approve once  [s] …`, broken between choices so that no line is wider than `width`. */
function choiceLines(choices: readonly Choice[], style: Style, width: number): string[] {
  const lines: { plain: string; styled: string }[] = [];
  for (const [key, label] of choices) {
    const plain = `[${key}] ${label}`;
    const styled = `[${style.bold(key)}] ${label}`;
    const last = lines.at(-1);
    if (last && last.plain.length + 2 + plain.length <= width) {
      last.plain += `  ${plain}`;
      last.styled += `  ${styled}`;
    } else lines.push({ plain, styled });
  }
  return lines.map((line) => line.styled);
}

/** Renders a worker's question as the lines shown above the answer prompt. */
export function describeQuestion(request: UserQuestionRequest, style: Style = createStyle(false), callLabel?: CallLabel): string {
  const chain = escapeTerminalText(chainOf(request, callLabel));
  const question = escapeTerminalText(request.question)
    .split('\n')
    .map((line) => `  ${line}`);
  return ['', `${style.yellow('question')} · ${style.bold(chain)} asks:`, ...question].join('\n');
}

/** Asks one question and resolves with the typed line. */
export type AskLine = (query: string, signal?: AbortSignal) => Promise<string>;

export interface TerminalPrompterOptions {
  /** Use this when another readline interface (the chat REPL) owns the terminal, so both do not read the same keys. */
  question?: AskLine;
  /** Paused while the prompt is open (the progress view holds its output back); names the calling call. */
  display?: { pause(): void; resume(): void; callLabel?: CallLabel };
  /** @default plain */
  style?: Style;
  /** Offer `p` (a persistent grant of this exact call): only where the project can keep grants. */
  projectGrants?: boolean;
  /** What `q` is called (chat: "cancel the turn"). @default "quit" */
  quitLabel?: string;
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
  // A single key where this prompter owns the terminal; the chat REPL's readline owns it otherwise.
  const singleKey = !options.question && canReadKeys(input) ? input : undefined;
  const readChoice = singleKey
    ? async (signal?: AbortSignal) => {
        const key = await readKey(singleKey, output, 'choice> ', signal);
        output.write(`${escapeTerminalText(key)}\n`);
        return key;
      }
    : (signal?: AbortSignal) => ask('choice> ', signal);
  const style = options.style ?? createStyle(false);
  const offered = choicesOf(options);
  return {
    async ask(request, signal) {
      options.display?.pause();
      try {
        const columns = (output as { columns?: number }).columns ?? 100;
        const width = Math.max(40, columns - 4);
        const callLabel = options.display?.callLabel;
        const view = describeRequest(request, style, width, false, callLabel, offered);
        output.write(`${view.text}\n`);
        const keys = [...offered, ...(view.cut ? [VIEW_ALL] : [])].map(([key]) => key).join(', ');
        while (true) {
          const typed = (await readChoice(signal)).trim().toLowerCase();
          const parsed = typed === 'p' && !options.projectGrants ? undefined : parseAnswer(typed);
          if (parsed === 'deny') {
            const reason = (await ask('reason (optional, Enter to skip)> ', signal)).trim();
            return reason ? { action: 'deny', reason } : { action: 'deny' };
          }
          if (parsed === 'view') output.write(`${describeRequest(request, style, width, true, callLabel, offered).text}\n`);
          else if (parsed) return parsed;
          else output.write(singleKey ? `please press one of ${keys}\n` : `please type one of ${keys} and press Enter\n`);
        }
      } finally {
        options.display?.resume();
      }
    },
    async answer(request, signal) {
      options.display?.pause();
      try {
        output.write(`${describeQuestion(request, style, options.display?.callLabel)}\n`);
        while (true) {
          const typed = (await ask('answer> ', signal)).trim();
          if (typed) return typed;
          // An accidental Enter is not an answer.
          output.write('please type an answer and press Enter (Ctrl-C stops the run)\n');
        }
      } finally {
        options.display?.resume();
      }
    },
  };
}

function parseAnswer(answer: string): ApprovalAnswer | 'deny' | 'view' | undefined {
  switch (answer) {
    case 'a':
      return { action: 'approve_once' };
    case 's':
      return { action: 'approve_call' };
    case 't':
      return { action: 'approve_tool' };
    case 'p':
      return { action: 'approve_project' };
    case 'd':
      return 'deny';
    case 'q':
      return { action: 'abort' };
    case 'v':
      return 'view';
    default:
      return undefined;
  }
}
