/**
 * One MCP tool call of `llm-do mcp serve`: the arguments checked (size cap, then the tool's input
 * schema), a full run of the worker, and its outcome as an MCP tool result. Every failure is a
 * result with `isError: true` and a message; nothing here throws to the protocol layer.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Project } from '../project/types.ts';
import type { RunEvent } from '../runtime/events.ts';
import type { RunWorkerOptions } from '../runtime/run-options.ts';
import { runWorker, type RunResult } from '../runtime/run-worker.ts';
import { validateWith } from '../worker-file/json-schema.ts';
import type { DefaultArguments, ServedTool } from './tools.ts';

/** Largest arguments object a call may carry, as JSON (a worker's input is a prompt, not a payload). */
export const MAX_ARGUMENTS_BYTES = 1024 * 1024;

/** The `_meta` key of a result that names the run in the run log (`llm-do runs show ID`). */
export const RUN_ID_META_KEY = 'llm-do/run_id';

/** What every run of the server shares: the run options the `mcp serve` flags give (model, approvals, run log, …). */
export type ServeRunOptions = Omit<RunWorkerOptions, 'project' | 'entry' | 'input' | 'instructions' | 'signal' | 'onEvent'>;

/** One call's surroundings. */
export interface ServedCall {
  project: Project;
  runOptions: ServeRunOptions;
  /** The client's cancellation and the server's shutdown. */
  signal: AbortSignal;
  /** Told of each step of the run (model steps, tool calls, delegations), when the client asked for progress. */
  onProgress?: (message: string) => void;
}

/** A denied tool call, as the run's `approval_decision` event tells it. */
interface Denial {
  tool: string;
  reason: string | undefined;
  /** Nobody could be asked: the flag that allows such calls helps. */
  unasked: boolean;
}

/** Runs `tool`'s worker with `args` and answers the MCP result. */
export async function callServedTool(tool: ServedTool, args: unknown, call: ServedCall): Promise<CallToolResult> {
  const size = Buffer.byteLength(JSON.stringify(args ?? {}));
  if (size > MAX_ARGUMENTS_BYTES) {
    return errorResult(`arguments of ${tool.name} are ${size} bytes of JSON, over the limit of ${MAX_ARGUMENTS_BYTES} bytes; pass a shorter input`);
  }
  const validated = validateWith<Record<string, unknown>>(tool.input.zod, args ?? {});
  if (!validated.ok) return errorResult(`invalid arguments for ${tool.name}: ${validated.errors.join('; ')}`);

  const input = tool.structuredInput ? { input: validated.value } : defaultInput(validated.value as unknown as DefaultArguments);
  const denials: Denial[] = [];
  let runId: string | undefined;
  const onEvent = (event: RunEvent) => {
    if (event.type === 'run_start') runId = event.run_id;
    if (event.type === 'approval_decision' && !event.approved)
      denials.push({ tool: event.tool, reason: event.reason, unasked: event.source === 'no-terminal' });
    const step = call.onProgress && progressMessage(event);
    if (step) call.onProgress!(step);
  };
  try {
    const result = await runWorker({ ...call.runOptions, project: call.project, entry: tool.worker.id, ...input, signal: call.signal, onEvent }).result;
    return withRunId(resultOf(tool, result, denials), runId);
  } catch (error) {
    // runWorker settles every run; this is a bug or an option it refused before starting.
    return errorResult(`${tool.name} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function defaultInput(args: DefaultArguments): Pick<RunWorkerOptions, 'input' | 'instructions'> {
  return { input: args.input, ...(args.instructions !== undefined ? { instructions: args.instructions } : {}) };
}

function resultOf(tool: ServedTool, result: RunResult, denials: readonly Denial[]): CallToolResult {
  const note = denialNote(denials);
  if (result.status !== 'ok') {
    const why = result.status === 'interrupted' ? 'was cancelled' : `failed: ${result.error?.message ?? result.status}`;
    return errorResult([`worker ${result.worker} ${why}`, ...note].join('\n\n'));
  }
  const { output } = result;
  const text = typeof output === 'string' ? output : JSON.stringify(output, null, 2);
  const content: CallToolResult['content'] = [{ type: 'text', text }, ...note.map((line) => ({ type: 'text' as const, text: line }))];
  const structured = tool.outputSchema !== undefined && typeof output === 'object' && output !== null && !Array.isArray(output);
  return { content, ...(structured ? { structuredContent: output as Record<string, unknown> } : {}) };
}

/**
 * What the client is told about denied calls: which, why, and (when nobody could be asked) the
 * flag that lets `mcp serve` approve them.
 */
function denialNote(denials: readonly Denial[]): string[] {
  if (denials.length === 0) return [];
  // A call nobody could be asked about needs no reason: the hint says why and what would allow it.
  const calls = denials.map((denial) => (denial.unasked || !denial.reason ? denial.tool : `${denial.tool} (${denial.reason})`)).join(', ');
  const hint = denials.some((denial) => denial.unasked)
    ? ". llm-do mcp serve has no terminal to ask for approval: restart it with --on-approval approve (or --approve-all) to allow tool calls that ask, or pre-approve the tools in the worker's approval rules"
    : '';
  return [`note: ${denials.length} tool call(s) of this run were denied: ${calls}${hint}.`];
}

/** A short line for a progress notification, for the events worth one. */
function progressMessage(event: RunEvent): string | undefined {
  if (event.type === 'tool_call') return `${event.worker}: ${event.tool}`;
  if (event.type === 'model_request') return `${event.worker}: asking ${event.model}`;
  return undefined;
}

function errorResult(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

function withRunId(result: CallToolResult, runId: string | undefined): CallToolResult {
  return runId === undefined ? result : { ...result, _meta: { [RUN_ID_META_KEY]: runId } };
}
