import type { CliIO } from '../io.ts';
export interface ApproveOptions {
    all?: boolean;
    /** Approve the tool for the rest of the run (the prompt's `t`). */
    session?: boolean;
}
export interface DenyOptions {
    reason?: string;
}
export declare function runApprove(ref: string, ids: readonly string[], options: ApproveOptions, io: CliIO): Promise<number>;
export declare function runDeny(ref: string, id: string | undefined, options: DenyOptions, io: CliIO): Promise<number>;
