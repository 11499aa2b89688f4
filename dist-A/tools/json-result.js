/**
 * Tool results travel as JSON (to the provider, to `--trace`, to `--json`). A value JSON cannot
 * hold — a cycle, a BigInt, a function, a symbol, a throwing `toJSON` or getter — would crash the
 * request or the trace far from the tool, so it is caught here, where the tool is known.
 */
/**
 * Serialises `output` once and parses it back: the copy is plain data (no getters, no `toJSON`, no
 * prototypes), so what the model, the trace and the events see is the same value. A tool that
 * returns nothing (`undefined`) did run, so its result is `null`, not an error.
 */
export function toJsonResult(output) {
    if (output === undefined)
        return { ok: true, value: null };
    let text;
    try {
        text = JSON.stringify(output);
    }
    catch (error) {
        return { ok: false, reason: firstLine(error) };
    }
    if (text === undefined)
        return { ok: false, reason: `the tool returned a ${typeof output}` };
    return { ok: true, value: JSON.parse(text) };
}
function firstLine(error) {
    const message = error instanceof Error ? error.message : String(error);
    return message.split('\n')[0]?.trim() || 'unknown error';
}
