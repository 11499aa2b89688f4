import { type CliIO } from '../io.ts';
export interface ApprovalsListOptions {
    json?: boolean;
    /** Show every argument whole. */
    full?: boolean;
}
/** Lists the pending approvals of run `ref` (an id, a unique prefix or `last`), or of every paused run. */
export declare function runApprovalsList(ref: string | undefined, options: ApprovalsListOptions, io: CliIO): Promise<number>;
export interface ApprovalRulesOptions {
    project?: string;
    json?: boolean;
    revoke?: string;
}
/** Lists the grants of the project at `dir`, or revokes one. */
export declare function runApprovalRules(dir: string | undefined, options: ApprovalRulesOptions, io: CliIO): Promise<number>;
