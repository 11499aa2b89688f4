/** The step's middleware: a plain request, or (with `stream`) a streamed one turned into the same result. */
export function meteredStep(meter, stream) {
    return {
        specificationVersion: 'v3',
        async wrapGenerate({ doGenerate, doStream, params }) {
            meter.onRequest(params);
            if (!stream) {
                const result = await doGenerate();
                meter.onUsage(result.usage);
                return result;
            }
            const { stream: parts, request, response } = await doStream();
            const gathered = gatherParts(meter);
            const reader = parts.getReader();
            try {
                for (;;) {
                    const { done, value } = await reader.read();
                    if (done)
                        break;
                    gathered.add(value);
                }
            }
            finally {
                gathered.flushText();
                reader.releaseLock();
            }
            return gathered.result({ ...(request ? { request } : {}), ...(response ? { response } : {}) });
        },
    };
}
function gatherParts(meter) {
    const content = [];
    // Text and reasoning are built from their deltas, in the order they started.
    const open = new Map();
    const warnings = [];
    let metadata = {};
    let finish;
    // A fast provider sends a delta per token and a socket read carries thousands: the deltas read in
    // one turn are reported as one, at the next turn or before anything else (linear display, SPEC §16).
    let held = '';
    let timer;
    const flushText = () => {
        if (timer !== undefined)
            clearTimeout(timer);
        timer = undefined;
        if (held === '')
            return;
        const text = held;
        held = '';
        meter.onTextDelta?.(text);
    };
    const started = (type, id, providerMetadata) => {
        const part = { type, text: '', ...(providerMetadata ? { providerMetadata } : {}) };
        open.set(`${type}:${id}`, part);
        content.push(part);
        return part;
    };
    const grown = (type, id, delta) => {
        (open.get(`${type}:${id}`) ?? started(type, id, undefined)).text += delta;
    };
    return {
        flushText,
        add(part) {
            if (part.type === 'text-delta') {
                grown('text', part.id, part.delta);
                held += part.delta;
                timer ??= setTimeout(flushText, 0);
                return;
            }
            flushText();
            switch (part.type) {
                case 'text-start':
                case 'reasoning-start':
                    started(part.type === 'text-start' ? 'text' : 'reasoning', part.id, part.providerMetadata);
                    return;
                case 'reasoning-delta':
                    grown('reasoning', part.id, part.delta);
                    return;
                case 'tool-call':
                case 'tool-result':
                case 'tool-approval-request':
                case 'file':
                case 'source':
                    content.push(part);
                    return;
                case 'stream-start':
                    warnings.push(...part.warnings);
                    return;
                case 'response-metadata': {
                    const { type: _type, ...rest } = part;
                    metadata = { ...metadata, ...rest };
                    return;
                }
                case 'finish':
                    finish = part;
                    meter.onUsage(part.usage);
                    return;
                case 'error':
                    throw part.error;
                default:
                    // Partial tool input, raw chunks, ends of text: nothing the result needs.
                    return;
            }
        },
        result(envelope) {
            if (!finish)
                throw new Error('the model stream ended without a finish part');
            return {
                content: content.filter((part) => !((part.type === 'text' || part.type === 'reasoning') && part.text === '' && !part.providerMetadata)),
                finishReason: finish.finishReason,
                usage: finish.usage,
                ...(finish.providerMetadata ? { providerMetadata: finish.providerMetadata } : {}),
                ...(envelope.request ? { request: envelope.request } : {}),
                response: { ...metadata, ...envelope.response },
                warnings,
            };
        },
    };
}
