/** True when `error` is a "no such file" error from any backend. */
export function isNotFound(error) {
    return typeof error === 'object' && error !== null && error.code === 'ENOENT';
}
/** The error code of a backend error, if it has one. */
export function errorCode(error) {
    const code = typeof error === 'object' && error !== null ? error.code : undefined;
    return typeof code === 'string' ? code : undefined;
}
// Short on purpose: a name near the 255-byte limit must still be writable, so the temp name does
// not grow with the target's name.
const TEMP_FILE_NAME = /^\.llm-do-[0-9a-f]{12}\.tmp$/;
/** A fresh name for a write's temp file (`.llm-do-<12 hex>.tmp`, 24 bytes). */
export function tempFileName() {
    const bytes = crypto.getRandomValues(new Uint8Array(6));
    return `.llm-do-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}.tmp`;
}
/** True for a write's temp file, which listings never show. */
export function isTempFileName(name) {
    return TEMP_FILE_NAME.test(name);
}
