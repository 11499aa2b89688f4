import type { Toolbox } from '../tools/toolbox.ts';
import type { ToolContext, ToolsetTool } from '../tools/types.ts';
import { type Caller } from './delegation.ts';
import type { RunContext } from './run-context.ts';
/**
 * The context of `caller`'s tools. `toolbox` is the caller's own (made after this context, hence a
 * getter); `trackedTool` gives each execution a `callWorker` of its own tool call.
 */
export declare function createCustomToolsContext(ctx: RunContext, caller: Caller, toolbox: () => Toolbox): ToolContext;
/**
 * `tool` as `caller`'s toolbox runs it: each execution is tracked in the run's branches (the toolbox
 * stops waiting for it on an abort; the run does not end before it settles), and gets a `callWorker`
 * whose calls are numbered under its tool call.
 */
export declare function trackedTool(ctx: RunContext, caller: Caller, tool: ToolsetTool, toolbox: () => Toolbox): ToolsetTool;
