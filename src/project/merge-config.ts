/**
 * Config inheritance (docs/worker-format.md): manifest defaults → worker file. Scalars: the worker wins; objects
 * (`toolsets`, `sandbox` with its `paths`, `attachment_policy`, `model_settings` with its `provider_options`): deep merge, the worker adding or
 * overriding keys; lists: the worker's list replaces the manifest's.
 */
import type { Manifest, WorkerConfig } from '../worker-file/schema.ts';

/** Manifest fields that are defaults for every worker. */
const INHERITED = ['model', 'fallback_models', 'toolsets', 'sandbox', 'max_steps', 'attachment_policy', 'model_settings'] as const;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Deep merge of plain objects; anything else in `override` (including lists and `false`) replaces. */
export function deepMerge(base: unknown, override: unknown): unknown {
  if (override === undefined) return base;
  if (!isPlainObject(base) || !isPlainObject(override)) return override;
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(override)) merged[key] = deepMerge(base[key], value);
  return merged;
}

/** The worker's effective config with the manifest's defaults applied; `instructions` removed. */
export function mergeWorkerConfig(manifest: Manifest | undefined, worker: WorkerConfig): WorkerConfig {
  // A loop rather than `{ instructions, ...own }`: object rest is a slow path, and this runs once per worker.
  const merged: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(worker)) if (key !== 'instructions') merged[key] = value;
  if (manifest) {
    for (const key of INHERITED) {
      const value = deepMerge(manifest[key], worker[key]);
      if (value !== undefined) merged[key] = value;
    }
  }
  return merged as WorkerConfig;
}
