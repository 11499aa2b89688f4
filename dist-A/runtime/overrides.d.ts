import type { WorkerDefinition } from '../project/types.ts';
export interface ConfigOverride {
    /** Dotted field path, e.g. `attachment_policy.max_attachments`. */
    path: string;
    value: unknown;
}
/** Parses `KEY=VALUE` (VALUE is YAML: `5`, `true`, `[a, b]`, `{x: 1}`, or plain text). */
export declare function parseOverride(text: string): ConfigOverride;
/** A copy of `definition` with the overrides applied (last wins); the result must validate. */
export declare function applyOverrides(definition: WorkerDefinition, overrides: readonly ConfigOverride[]): WorkerDefinition;
