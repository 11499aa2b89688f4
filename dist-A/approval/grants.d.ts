import { z } from 'zod';
import { type FileSystem } from '../sandbox/file-system.ts';
import { type ToolKey } from './session-memory.ts';
/** Where a project keeps its grants, relative to its root. */
export declare const GRANTS_FILE = ".llm-do/approvals.yaml";
declare const GrantSchema: z.ZodObject<{
    toolset: z.ZodString;
    tool: z.ZodString;
    args: z.ZodUnknown;
    granted_by: z.ZodString;
    granted_at: z.ZodString;
}, z.core.$strict>;
/** One persistent grant as the file holds it. */
export type Grant = z.infer<typeof GrantSchema>;
/** The grants of one project: read once, consulted by the gate, appended to by `p`. */
export interface ProjectGrants {
    /** The file, for messages. */
    readonly file: string;
    /** The grants, in file order (`approvals rules` numbers them from 1). */
    list(): readonly Grant[];
    /** True when a grant covers this tool called with exactly these arguments. */
    covers(key: ToolKey, args: unknown): boolean;
    /** Adds a grant (re-reading the file first, so entries written meanwhile are kept). */
    add(key: ToolKey, args: unknown): Promise<void>;
    /** Removes grant number `n` (1-based) and returns it. */
    revoke(n: number): Promise<Grant>;
}
export interface OpenGrantsOptions {
    fs: FileSystem;
    /** Project root (host path). */
    root: string;
    /** Who answers `p` (recorded as `granted_by`). */
    who: string;
    /** @default Date.now */
    now?: () => number;
}
/**
 * Reads a project's grants. A missing file is no grants; a malformed one is a ProjectError naming
 * the file and line.
 */
export declare function openProjectGrants(options: OpenGrantsOptions): Promise<ProjectGrants>;
export {};
