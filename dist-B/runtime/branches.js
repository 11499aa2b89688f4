/**
 * Work a run has started and must see settle before it ends: the entry call and every tool
 * execution (a delegation's child call runs inside one). On an abort the toolbox stops waiting for a
 * tool at once, so the run itself waits here: each branch sees the abort signal and winds down,
 * reporting its last events and usage before `run_end`. Only work that ignores the abort is given up
 * on, after a bounded grace, and named.
 */
/** How long an aborted run waits for its branches to wind down before it ends without them. */
export const DRAIN_GRACE_MS = 2000;
export function createBranches() {
    const pending = new Map();
    return {
        track(label, work) {
            const settled = work.then(() => undefined, () => undefined);
            pending.set(settled, label);
            void settled.then(() => pending.delete(settled));
            return work;
        },
        async drain(graceMs) {
            let timer;
            const expired = new Promise((resolve) => (timer = setTimeout(() => resolve('expired'), graceMs)));
            try {
                while (pending.size > 0) {
                    if ((await Promise.race([Promise.all(pending.keys()), expired])) === 'expired')
                        break;
                }
            }
            finally {
                clearTimeout(timer);
            }
            const left = innermost([...pending.values()]);
            pending.clear();
            return left;
        },
    };
}
/** Drops a label when another one runs inside it (`main › helper` when `main › helper › slow` is left). */
function innermost(labels) {
    const unique = [...new Set(labels)];
    return unique.filter((label) => !unique.some((other) => other.startsWith(`${label} › `)));
}
