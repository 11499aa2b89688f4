/**
 * Hard limits of the sandbox (docs/security.md): whatever a model, a tool or a config asks for, one
 * operation never holds more than this in memory, so a huge `max_chars` or file cannot exhaust the heap.
 */

/** A whole-file read (`readBinary`, `read` without `maxChars`) refuses files larger than this. */
export const MAX_WHOLE_READ_BYTES = 64 * 1024 * 1024;

/** `read` with `maxChars` returns at most this many characters, whatever `maxChars` says. */
export const MAX_READ_CHARS = 1_000_000;
