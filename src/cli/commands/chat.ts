/**
 * `llm-do chat TARGET` (also `--chat`, or an entry worker with `mode: chat`): a REPL over a chat
 * session. Replies stream to stdout; prompts, tool progress and approvals go to stderr. `/exit` or
 * Ctrl-D ends it; Ctrl-C, or `q` at an approval prompt, cancels the current turn only; `/help` lists
 * the commands. Without a terminal, each stdin line is a turn
 * (approvals are then asked on /dev/tty when there is one). Exit 1 if any turn failed.
 */
import { createInterface, type Interface } from 'node:readline';
import { resolve } from 'node:path';
import type { ApprovalPrompter } from '../../approval/types.ts';
import { AbortedError, UsageError } from '../../errors.ts';
import type { Project } from '../../project/types.ts';
import type { ModelMessage } from 'ai';
import { startChatSession, type ChatSession } from '../../runtime/chat-session.ts';
import type { EventBus } from '../../runtime/event-bus.ts';
import { createAnswerStream } from '../answer-stream.ts';
import { approvalTerminal } from '../controlling-terminal.ts';
import { EXIT_FAILED, EXIT_OK, reportError } from '../exit-codes.ts';
import { printError, writeOutput, type CliIO } from '../io.ts';
import { createProgressDisplay } from '../progress-display.ts';
import { asksAtTerminal, openGrants, openRunLog, openRunTarget, runOptionsFromFlags } from '../run-setup.ts';
import type { SessionFlags } from '../shared-flags.ts';
import { createStyle, isFancyTerminal } from '../style.ts';
import { createTerminalPrompter } from '../terminal-prompter.ts';
import { cancellableTurnInput } from '../turn-keys.ts';
import { joinConversation } from './chat-conversation.ts';
import { openTelemetry } from '../telemetry-option.ts';
import { openTraceWriter } from '../trace-writer.ts';

const PROMPT = 'you› ';
const HINT = '(type /exit or press Ctrl-D to end the chat, /help for the commands)';
const HELP = `commands:
  /help    list these commands
  /exit    end the chat (or press Ctrl-D)
  Ctrl-C   cancel the current turn
  q        at an approval prompt: cancel the current turn (the chat goes on)`;

/** In a chat, \`q\` at an approval prompt cancels the turn, not the chat: it aborts the turn's signal. */
function cancellingTurn(prompter: ApprovalPrompter, cancelTurn: () => void): ApprovalPrompter {
  return {
    async ask(request, signal) {
      const answer = await prompter.ask(request, signal);
      if (answer.action !== 'abort') return answer;
      cancelTurn();
      throw new AbortedError('turn cancelled');
    },
    // A worker's question has no `q`: Ctrl-C cancels the turn while it waits.
    ...(prompter.answer ? { answer: prompter.answer } : {}),
  };
}

/** `rl.question` as a promise (the REPL's interface is callback-style so it can be iterated). */
function questionOn(rl: Interface, query: string, signal?: AbortSignal): Promise<string> {
  return new Promise((resolveAnswer, reject) => {
    if (signal?.aborted) return reject(new AbortedError());
    rl.question(query, signal ? { signal } : {}, resolveAnswer);
    signal?.addEventListener('abort', () => reject(new AbortedError()), { once: true });
  });
}

/** Options of `llm-do chat`. */
export interface ChatCommandOptions extends SessionFlags {
  /** `--resume RUN`: the recorded run whose conversation goes on. */
  resume?: string;
  /** `--continue`: go on with the project's last conversation. */
  continue?: boolean;
  /** `--conversation ID`: go on with this recorded conversation. */
  conversation?: string;
}

/**
 * `llm-do chat TARGET`; `--resume RUN`, `--conversation ID` or `--continue` go on with a recorded
 * conversation (docs/runs.md, "Conversations"), in its project unless a target is given.
 */
export async function runChatCommand(target: string | undefined, flags: ChatCommandOptions, io: CliIO): Promise<number> {
  try {
    // An empty id is given too: the resolvers refuse it rather than the chat starting afresh.
    const named = [flags.resume !== undefined && '--resume', flags.conversation !== undefined && '--conversation', flags.continue && '--continue'].filter(
      Boolean,
    );
    if (named.length > 1) throw new UsageError(`chat takes one of --resume, --conversation and --continue, not ${named.join(' and ')}`);
    const recorded = flags.resume !== undefined ? { run: flags.resume } : flags.conversation !== undefined ? { conversation: flags.conversation } : undefined;
    let joined = recorded ? await joinConversation(recorded, io) : undefined;
    const { project, entry } = await openRunTarget(target ?? joined?.root, flags, io);
    if (flags.continue) joined = await joinConversation({ lastOf: project.root }, io);
    if (joined && project.root !== joined.root) {
      throw new UsageError(
        `${flags.resume !== undefined ? `run ${joined.runId}` : `conversation ${joined.id}`} belongs to the project at ${joined.root}, not ${project.root}; leave out the target to go on with it there`,
      );
    }
    // The conversation goes on with the model it had, unless told otherwise.
    const model = flags.model ?? joined?.model;
    return await chatWithProject(
      project,
      entry ?? joined?.entry,
      { ...flags, ...(model ? { model } : {}) },
      io,
      joined && { history: joined.history, conversationId: joined.id, turns: joined.turns },
    );
  } catch (error) {
    return reportError(error, io);
  }
}

/** Runs the REPL against an already loaded project. */
export async function chatWithProject(
  project: Project,
  entry: string | undefined,
  flags: SessionFlags,
  io: CliIO,
  recorded?: { history: ModelMessage[]; conversationId: string; turns: number },
): Promise<number> {
  if (flags.onApproval === 'pause') throw new UsageError('--on-approval pause is for runs: a chat waits at each approval; use ask, approve or deny');
  const interactive = Boolean(io.stdin.isTTY);
  // Created once the session has started: lines read before the loop iterates would be lost.
  let rl: Interface | undefined;
  // Telemetry first: a bad --otel is refused before the trace file is created.
  const telemetry = await openTelemetry(flags, io);
  const log = await openRunLog(flags, project, io);
  const trace = flags.trace ? await openTraceWriter(resolve(io.cwd, flags.trace)) : undefined;
  let turn: AbortController | undefined;
  const display = createProgressDisplay(io, flags, { conversation: true, interrupted: () => turn?.signal.aborted === true });
  // Piped turns: approvals go to the controlling terminal, if a person is at one.
  const terminal = interactive || !asksAtTerminal(flags) ? undefined : approvalTerminal(io, true);
  const answer = createAnswerStream(io, display);
  const cancelCurrentTurn = () => turn?.abort(new AbortedError('turn cancelled'));

  let session: ChatSession;
  try {
    const grants = await openGrants(project, io);
    const promptOptions = { display, projectGrants: Boolean(grants), quitLabel: 'cancel the turn' };
    const prompter = interactive
      ? createTerminalPrompter(io.stdin, io.stderr, {
          ...promptOptions,
          question: (query, signal) => questionOn(rl!, query, signal),
          style: createStyle(isFancyTerminal(io.stderr, io.env)),
        })
      : terminal
        ? createTerminalPrompter(terminal.input, terminal.output, { ...promptOptions, style: createStyle(isFancyTerminal(terminal.output, io.env)) })
        : undefined;
    session = await startChatSession({
      project,
      ...(entry ? { entry } : {}),
      ...runOptionsFromFlags(flags, io),
      ...(log ? { store: log.store } : {}),
      ...(grants ? { grants } : {}),
      ...(prompter ? { prompter: cancellingTurn(prompter, cancelCurrentTurn) } : {}),
      ...(recorded ? { history: recorded.history, conversationId: recorded.conversationId } : {}),
      onEvent: answer.onEvent,
      subscribe: (bus: EventBus) => {
        trace?.attach(bus);
        telemetry?.attach(bus);
      },
    });
  } catch (error) {
    terminal?.close();
    await log?.close();
    await trace?.close();
    await telemetry?.close();
    return reportError(error, io);
  }
  // At a terminal, Ctrl-D while a turn runs cancels that turn, as Ctrl-C does; at the prompt it ends the chat.
  const keys = interactive ? cancellableTurnInput(io.stdin, () => turn !== undefined, cancelCurrentTurn) : undefined;
  const lines = createInterface({ input: keys?.input ?? io.stdin, output: io.stderr, terminal: interactive, historySize: 1000 });
  rl = lines;

  const cancelTurn = () => {
    if (turn) turn.abort(new AbortedError('turn cancelled'));
    else if (interactive) {
      printError(io, `\n${HINT}`);
      lines.prompt();
    } else lines.close();
  };
  lines.setPrompt(PROMPT);
  lines.on('SIGINT', cancelTurn);
  process.on('SIGINT', cancelTurn);
  // Said only now that the session has started: a worker that no longer loads ends with its error alone.
  if (recorded && !flags.quiet)
    printError(io, `continuing conversation ${recorded.conversationId} (${recorded.turns} turn${recorded.turns === 1 ? '' : 's'} so far)`);
  if (interactive) printError(io, `chatting with ${session.worker} (${session.model}) ${HINT}`);

  // A session that looks fine but had a turn fail must not exit 0 (a script feeding turns would miss it).
  let anyTurnFailed = false;
  try {
    if (interactive) lines.prompt();
    for await (const line of lines) {
      const text = line.trim();
      if (text === '/exit') break;
      if (text === '/help') {
        printError(io, HELP);
        if (interactive) lines.prompt();
        continue;
      }
      if (text === '') {
        if (interactive) lines.prompt();
        continue;
      }
      turn = new AbortController();
      answer.reset();
      try {
        const reply = await session.send(text, { signal: turn.signal });
        answer.end();
        display.clear();
        if (!answer.streamed) {
          const output = typeof reply.output === 'string' ? reply.output : JSON.stringify(reply.output, null, 2);
          writeOutput(io, output.endsWith('\n') ? output : `${output}\n`);
        }
      } catch (error) {
        answer.end();
        display.clear();
        if (AbortedError.isInstance(error)) printError(io, '(turn cancelled)');
        else {
          anyTurnFailed = true;
          reportError(error, io);
        }
      } finally {
        turn = undefined;
      }
      if (interactive) lines.prompt();
    }
  } finally {
    lines.off('SIGINT', cancelTurn);
    process.off('SIGINT', cancelTurn);
    lines.close();
    keys?.close();
    display.stop();
    terminal?.close();
    session.close();
    await log?.close();
    await trace?.close();
    await telemetry?.close();
  }
  if (interactive) io.stderr.write('\n');
  return anyTurnFailed ? EXIT_FAILED : EXIT_OK;
}
