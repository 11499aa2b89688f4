/** Manifest fields that are defaults for every worker. */
const INHERITED = ['model', 'toolsets', 'sandbox', 'max_steps', 'attachment_policy'];
function isPlainObject(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}
/** Deep merge of plain objects; anything else in `override` (including lists and `false`) replaces. */
export function deepMerge(base, override) {
    if (override === undefined)
        return base;
    if (!isPlainObject(base) || !isPlainObject(override))
        return override;
    const merged = { ...base };
    for (const [key, value] of Object.entries(override))
        merged[key] = deepMerge(base[key], value);
    return merged;
}
/** The worker's effective config with the manifest's defaults applied; `instructions` removed. */
export function mergeWorkerConfig(manifest, worker) {
    // A loop rather than `{ instructions, ...own }`: object rest is a slow path, and this runs once per worker.
    const merged = {};
    for (const [key, value] of Object.entries(worker))
        if (key !== 'instructions')
            merged[key] = value;
    if (manifest) {
        for (const key of INHERITED) {
            const value = deepMerge(manifest[key], worker[key]);
            if (value !== undefined)
                merged[key] = value;
        }
    }
    return merged;
}
