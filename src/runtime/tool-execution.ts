/**
 * Turns gated tools into AI SDK tools. This is the only bridge from the model to tool code, and it
 * accepts nothing but tools made by `createToolbox`, so every execution passes the approval controller.
 */
import { jsonSchema, tool, type ToolSet } from 'ai';
import { isGatedTool, type Toolbox } from '../tools/toolbox.ts';
import type { RunContext } from './run-context.ts';

/** Carries a tool's error text to the model as its error result. */
class ToolErrorResult extends Error {}

export function toAiTools(toolbox: Toolbox, ctx: RunContext, chain: string[]): ToolSet {
  const worker = chain[chain.length - 1] ?? '';
  const tools: ToolSet = {};
  for (const gated of toolbox.tools) {
    if (!isGatedTool(gated)) throw new TypeError(`tool ${String((gated as { name?: unknown }).name)} was not made by createToolbox`);
    tools[gated.name] = tool<unknown, unknown>({
      description: gated.description,
      // The toolbox validates arguments itself and answers the model with the field errors.
      inputSchema: jsonSchema<unknown>(gated.inputSchema as Parameters<typeof jsonSchema>[0]),
      execute: async (args: unknown, { toolCallId, abortSignal }) => {
        const started = ctx.now();
        ctx.emit({ type: 'tool_call', chain, worker, tool: gated.name, call_id: toolCallId, args });
        let outcome;
        try {
          outcome = await gated.run(args, { signal: abortSignal ?? ctx.signal });
        } catch (error) {
          // The toolbox turns tool failures into outcomes; what still throws ends the run (abort, quit).
          ctx.fail(error);
          throw error;
        }
        const duration_ms = ctx.now() - started;
        if (outcome.ok) {
          ctx.emit({ type: 'tool_result', chain, worker, tool: gated.name, call_id: toolCallId, ok: true, result: outcome.output, duration_ms });
          return outcome.output;
        }
        ctx.emit({
          type: 'tool_result',
          chain,
          worker,
          tool: gated.name,
          call_id: toolCallId,
          ok: false,
          ...(outcome.denied ? { denied: true } : {}),
          error: outcome.error,
          duration_ms,
        });
        throw new ToolErrorResult(outcome.error);
      },
    });
  }
  return tools;
}
