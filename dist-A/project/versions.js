/** Library specs (`utils`, `legal@2.0`) and version ordering. */
/** `legal@2.0` → `{ name: 'legal', version: '2.0' }`. */
export function parseDependencySpec(spec) {
    const at = spec.indexOf('@');
    return at < 0 ? { name: spec } : { name: spec.slice(0, at), version: spec.slice(at + 1) };
}
/** `name` or `name@version`. */
export function formatSpec(spec) {
    return spec.version === undefined ? spec.name : `${spec.name}@${spec.version}`;
}
/** True when `installed` satisfies `wanted`: equal, or `wanted` is a prefix of whole components (`2.0` accepts `2.0.3`). */
export function versionMatches(installed, wanted) {
    return installed === wanted || installed.startsWith(`${wanted}.`);
}
/** Orders versions component by component, numerically where both components are numbers. */
export function compareVersions(a, b) {
    const left = a.split(/[.+-]/);
    const right = b.split(/[.+-]/);
    for (let index = 0; index < Math.max(left.length, right.length); index++) {
        const x = left[index];
        const y = right[index];
        if (x === undefined)
            return -1;
        if (y === undefined)
            return 1;
        const numeric = /^\d+$/.test(x) && /^\d+$/.test(y);
        const order = numeric ? Number(x) - Number(y) : x < y ? -1 : x > y ? 1 : 0;
        if (order !== 0)
            return order;
    }
    return 0;
}
