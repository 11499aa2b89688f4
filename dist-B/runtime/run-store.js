/** Whether runs of `project` may be recorded: manifest `log: false` turns recording off. */
export function recordsRuns(project) {
    return project.manifest?.log !== false;
}
/**
 * Subscribes `store` to `bus` as a lossless subscriber: each run (a chat session has one per turn)
 * begins at its first event, described from `options`.
 */
export function attachRunStore(bus, store, options, resumedRunId) {
    if (!recordsRuns(options.project))
        return;
    // A resumed run was begun by the run it continues.
    const begun = new Set(resumedRunId ? [resumedRunId] : []);
    const recorded = recordedOptions(options);
    bus.subscribe((event) => {
        if (!begun.has(event.run_id)) {
            begun.add(event.run_id);
            store.begin({
                run_id: event.run_id,
                project: { name: options.project.name, root: options.project.root },
                entry: event.worker,
                input: event.type === 'run_start' ? event.input : (options.input ?? null),
                options: recorded,
                started_at: event.ts,
            });
        }
        store.record(event);
    }, { lossless: true, drop: ['text_delta'] });
}
function recordedOptions(options) {
    return {
        ...(options.model !== undefined ? { model: options.model } : {}),
        ...(options.approval !== undefined ? { approval: options.approval } : {}),
        ...(options.maxDepth !== undefined ? { max_depth: options.maxDepth } : {}),
        ...(options.mounts?.length ? { mounts: options.mounts.map(({ name, hostDir, mode }) => ({ name, dir: hostDir, mode })) } : {}),
        ...(options.set?.length ? { set: options.set.map(({ path, value }) => ({ path, value })) } : {}),
        ...(options.attachments?.length ? { attachments: [...options.attachments] } : {}),
        stream: options.stream ?? true,
    };
}
