/** A message with no content yet. */
export function emptyMessage(role) {
    return { role, text: '', toolCalls: [], toolResults: [], files: 0 };
}
/** Appends text to a message, separating parts with a newline. */
export function appendText(message, text) {
    message.text = message.text === '' ? text : `${message.text}\n${text}`;
}
/** Adds a tool result, merging consecutive results into one `tool` message as Anthropic does. */
export function pushToolResult(messages, result) {
    let last = messages.at(-1);
    if (last?.role !== 'tool') {
        last = emptyMessage('tool');
        messages.push(last);
    }
    last.toolResults.push(result);
}
/** Tool-call arguments arrive as JSON text; keep the raw text when it is not JSON. */
export function parseArguments(text) {
    if (typeof text !== 'string')
        return text;
    try {
        return JSON.parse(text);
    }
    catch {
        return text;
    }
}
/** Text of a content value: a string, or an array of parts with `text` (other parts ignored). */
export function textOfContent(content) {
    if (typeof content === 'string')
        return content;
    if (!Array.isArray(content))
        return content === undefined || content === null ? '' : JSON.stringify(content);
    return content
        .filter((part) => typeof part?.text === 'string')
        .map((part) => part.text)
        .join('\n');
}
/** Throws the readable error the server turns into a 400 answer. */
export function invalid(message) {
    throw new TypeError(message);
}
/** Rough token count of a text, as the defaults for usage. */
export function roughTokens(text) {
    return Math.ceil(text.length / 4);
}
/** Unix seconds, as the providers report creation times. */
export function nowSeconds() {
    return Math.floor(Date.now() / 1000);
}
