import type { Project } from '../../project/types.ts';
import type { ModelMessage } from 'ai';
import { type CliIO } from '../io.ts';
import { type RunFlags } from '../run-setup.ts';
/** `llm-do chat TARGET`, or `llm-do chat --resume RUN` to go on with the conversation of a turn. */
export declare function runChatCommand(target: string | undefined, flags: RunFlags, io: CliIO): Promise<number>;
/** Runs the REPL against an already loaded project. */
export declare function chatWithProject(project: Project, entry: string | undefined, flags: RunFlags, io: CliIO, history?: ModelMessage[]): Promise<number>;
