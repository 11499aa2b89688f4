/** Allocates the id of a call that is starting: `c1`, `c2`, … in order of start. */
export function nextCallId(state) {
    return `c${++state.callCount}`;
}
