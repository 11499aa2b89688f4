export function createCallLabels() {
    const calls = new Map();
    const started = new Map();
    const active = new Map();
    const activeOf = (worker) => active.get(worker) ?? 0;
    /** Whether `ancestor` is `callId` or one of the calls it was delegated from. */
    const descends = (callId, ancestor) => {
        for (let id = callId; id; id = calls.get(id)?.parent)
            if (id === ancestor)
                return true;
        return false;
    };
    return {
        observe(event) {
            if (event.type === 'run_start' || event.type === 'delegation_start') {
                const ordinal = (started.get(event.worker) ?? 0) + 1;
                started.set(event.worker, ordinal);
                active.set(event.worker, activeOf(event.worker) + 1);
                calls.set(event.call_id, { worker: event.worker, ordinal, parent: event.parent_call_id });
            }
            else if (event.type === 'delegation_end' || event.type === 'run_end') {
                const call = calls.get(event.call_id);
                if (!call)
                    return;
                calls.delete(event.call_id);
                active.set(call.worker, activeOf(call.worker) - 1);
            }
        },
        of(callId, worker) {
            const call = calls.get(callId);
            if (!call || activeOf(worker) <= 1)
                return worker;
            return `${worker}#${call.ordinal}`;
        },
        concurrent(callId) {
            if (!calls.has(callId))
                return false;
            for (const other of calls.keys()) {
                if (!descends(callId, other) && !descends(other, callId))
                    return true;
            }
            return false;
        },
    };
}
