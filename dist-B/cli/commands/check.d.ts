import type { Project } from '../../project/types.ts';
import { type CliIO } from '../io.ts';
/** Options shared by `check` and `list`. */
export interface ProjectCommandOptions {
    /** Project directory or worker file. @default '.' */
    dir?: string;
    /** `--project DIR`. */
    project?: string;
    /** `--lib PATH` values. */
    lib?: string[];
    json?: boolean;
}
/**
 * Finds and loads the project a `check`/`list` command names: `--project`, else DIR (default `.`,
 * where `LLM_DO_PROJECT` applies). Library paths resolve against the working directory.
 */
export declare function loadCommandProject(options: ProjectCommandOptions, io: CliIO): Promise<Project>;
/**
 * Prints every problem a ProjectError carries (one per line on stderr) and returns its exit code;
 * other errors go through `reportError`. With `json`, the error is the JSON answer on stdout.
 */
export declare function reportProblems(error: unknown, io: CliIO, json?: boolean): number;
/** Options of `check`. */
export interface CheckCommandOptions extends ProjectCommandOptions {
    /** `--import-tools`: also import tool and schema modules (runs project code). */
    importTools?: boolean;
}
/** Runs `check`: problems on stdout (`path:line:col: message`), a summary line on stderr. */
export declare function runCheck(options: CheckCommandOptions, io: CliIO): Promise<number>;
