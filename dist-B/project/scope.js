/** The id of a worker in `scope` from its local id. */
export function fullId(scope, localId) {
    return scope.idPrefix + localId;
}
/** True when a worker of a library scope may be reached from outside it. */
export function isExported(scope, localId) {
    return scope.exports === undefined || scope.exports.has(localId);
}
