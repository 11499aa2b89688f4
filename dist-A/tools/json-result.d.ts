/**
 * Tool results travel as JSON (to the provider, to `--trace`, to `--json`). A value JSON cannot
 * hold — a cycle, a BigInt, a function, a symbol, a throwing `toJSON` or getter — would crash the
 * request or the trace far from the tool, so it is caught here, where the tool is known.
 */
/** A tool's output as a plain JSON value, or why it is not one. */
export type JsonResult = {
    ok: true;
    value: unknown;
} | {
    ok: false;
    reason: string;
};
/**
 * Serialises `output` once and parses it back: the copy is plain data (no getters, no `toJSON`, no
 * prototypes), so what the model, the trace and the events see is the same value. A tool that
 * returns nothing (`undefined`) did run, so its result is `null`, not an error.
 */
export declare function toJsonResult(output: unknown): JsonResult;
