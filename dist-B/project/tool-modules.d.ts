import { ProjectError } from '../errors.ts';
import type { FileSystem } from '../sandbox/file-system.ts';
import type { Scope } from './scope.ts';
import type { ToolModuleRef, WorkerDefinition } from './types.ts';
/** The conventional tool modules of a directory, in lookup order per group (SPEC §6). */
export declare const CONVENTIONAL_TOOL_MODULES: string[][];
/** What the policy needs. */
export interface ToolModuleContext {
    fs: FileSystem;
    /** The worker's scope. */
    scope: Scope;
    /** Scopes of the worker scope's direct dependencies, in order. */
    dependencyScopes: readonly Scope[];
    /** `tools.modules` of the project manifest (project scope only) and where it was declared. */
    manifestModules: readonly string[];
    manifestFile: string | undefined;
    allowModuleImports: boolean;
    /** Conventional modules found per directory; shared across workers so each directory is probed once. */
    probed: Map<string, Promise<string[]>>;
}
/** True for `my_pkg/tools`, `@scope/pkg`, `lodash`: not a path and no module file extension. */
export declare function isBareSpecifier(entry: string): boolean;
/** Tool modules that passed the policy, and the problems of the ones that did not. */
export interface ToolModuleInspection {
    modules: ToolModuleRef[];
    problems: ProjectError[];
}
/** The modules of `worker`, policy-checked, deduplicated by host path, plus every refused or missing one. */
export declare function inspectToolModules(context: ToolModuleContext, worker: WorkerDefinition): Promise<ToolModuleInspection>;
