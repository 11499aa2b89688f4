/**
 * Hard limits of the sandbox (SPEC §15): whatever a model, a tool or a config asks for, one
 * operation never holds more than this in memory, so a huge `max_chars` or file cannot exhaust the heap.
 */
/** A whole-file read (`readBinary`, `read` without `maxChars`) refuses files larger than this. */
export declare const MAX_WHOLE_READ_BYTES: number;
/** `read` with `maxChars` returns at most this many characters, whatever `maxChars` says. */
export declare const MAX_READ_CHARS = 1000000;
