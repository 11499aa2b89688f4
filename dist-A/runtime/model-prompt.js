/** Call options that are neither the prompt, the tools, nor things that must not be recorded (headers may hold keys). */
const UNRECORDED_OPTIONS = new Set(['prompt', 'tools', 'headers', 'abortSignal', 'includeRawChunks']);
/** Describes the requests of one model loop, each relative to the previous one. */
export function createPromptRecorder() {
    let previous = [];
    let previousTools;
    return (options) => {
        // A message object repeated from the last request (the engine splices them back) is not serialised again.
        const messages = options.prompt.map((message, index) => {
            const before = previous[index];
            return before?.message === message ? before : { message, text: JSON.stringify(recordable(message)) };
        });
        let from = 0;
        while (from < previous.length && from < messages.length && messages[from].text === previous[from].text)
            from++;
        // Only a pure extension is sent as a delta; anything else is sent whole.
        if (from < previous.length)
            from = 0;
        previous = messages;
        const tools = JSON.stringify(recordable(options.tools ?? []));
        const toolsChanged = tools !== previousTools;
        previousTools = tools;
        const settings = {};
        for (const [key, value] of Object.entries(options)) {
            if (!UNRECORDED_OPTIONS.has(key) && value !== undefined)
                settings[key] = recordable(value);
        }
        return {
            prompt_from: from,
            messages: messages.slice(from).map(({ text }) => JSON.parse(text)),
            ...(toolsChanged ? { tools: JSON.parse(tools) } : {}),
            settings,
        };
    };
}
/** A prompt part as JSON: binary data (attachments) is kept as its size, not its bytes. */
function recordable(value) {
    if (value instanceof Uint8Array)
        return { omitted_bytes: value.byteLength };
    if (value instanceof ArrayBuffer)
        return { omitted_bytes: value.byteLength };
    if (value instanceof URL)
        return value.href;
    if (Array.isArray(value))
        return value.map(recordable);
    if (value !== null && typeof value === 'object') {
        const copy = {};
        for (const [key, item] of Object.entries(value))
            if (item !== undefined)
                copy[key] = recordable(item);
        return copy;
    }
    return value;
}
/** Rebuilds each request's full prompt from a run's `model_prompt` events, fed in `seq` order. */
export function createPromptAssembler() {
    const byCall = new Map();
    return (event) => {
        const previous = event.prompt_from === 0 ? undefined : byCall.get(event.call_id);
        const messages = [...(previous?.messages.slice(0, event.prompt_from) ?? []), ...event.messages];
        const tools = event.tools ?? previous?.tools ?? [];
        byCall.set(event.call_id, { messages, tools });
        return { messages, tools, settings: event.settings };
    };
}
