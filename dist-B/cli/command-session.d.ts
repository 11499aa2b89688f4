import type { Project } from '../project/types.ts';
import type { RunResult, RunWorkerOptions } from '../runtime/run-worker.ts';
import { type CliIO } from './io.ts';
import { type RunLog } from './run-setup.ts';
import { type TraceWriter } from './trace-writer.ts';
/** The `--json` object of a run that failed before it started: the usual keys, empty. */
export declare const NOT_RUN_JSON: {
    readonly worker: null;
    readonly output: null;
    readonly usage: {
        readonly input_tokens: 0;
        readonly output_tokens: 0;
        readonly cache_read_tokens: 0;
        readonly cache_write_tokens: 0;
        readonly cost_usd: 0;
        readonly unpriced_models: readonly [];
        readonly by_worker: {};
    };
};
/** What a run is shown and recorded through: the views, trace, telemetry, terminal and run log of one command. */
export interface CommandSession {
    openTrace(options: Record<string, any>): Promise<TraceWriter | undefined>;
    openLog(options: Record<string, any>, project: Project, resumedRunId?: string): Promise<RunLog | undefined>;
    /** The run options that show the run (progress, answer stream, trace, telemetry), ask at the terminal, and stop it on Ctrl-C. */
    surround(options: Record<string, any>, how: {
        answerAsJson: boolean;
        stdinIsInput: boolean;
        grants: boolean;
    }): Promise<Pick<RunWorkerOptions, 'prompter' | 'signal' | 'subscribe' | 'debug'>>;
    /** Prints the result (the answer, `--json`, or what a paused run waits for) and returns the exit code. */
    report(result: RunResult, options: Record<string, any>): Promise<number>;
    fail(error: unknown, options: Record<string, any>): Promise<number>;
    close(): Promise<void>;
}
/** One command's session; `close` it whatever happens. */
export declare function openCommandSession(io: CliIO): CommandSession;
