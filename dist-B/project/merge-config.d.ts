/**
 * Config inheritance (SPEC §3): manifest defaults → worker file. Scalars: the worker wins; objects
 * (`toolsets`, `sandbox` with its `paths`, `attachment_policy`): deep merge, the worker adding or
 * overriding keys; lists: the worker's list replaces the manifest's.
 */
import type { Manifest, WorkerConfig } from '../worker/schema.ts';
/** Deep merge of plain objects; anything else in `override` (including lists and `false`) replaces. */
export declare function deepMerge(base: unknown, override: unknown): unknown;
/** The worker's effective config with the manifest's defaults applied; `instructions` removed. */
export declare function mergeWorkerConfig(manifest: Manifest | undefined, worker: WorkerConfig): WorkerConfig;
