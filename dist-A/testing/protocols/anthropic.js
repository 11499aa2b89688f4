import { appendText, emptyMessage, invalid, pushToolResult, textOfContent } from "./protocol.js";
/**
 * The tool the AI SDK adds for structured output on models without native JSON output: the
 * answer is a forced call of this tool whose input is the object.
 */
const JSON_TOOL = 'json';
/** The Messages protocol. */
export const anthropicProtocol = {
    parse(body) {
        if (!Array.isArray(body.messages))
            invalid('messages must be an array');
        const messages = [];
        for (const message of body.messages) {
            if (message?.role !== 'user' && message?.role !== 'assistant')
                invalid(`unknown message role ${JSON.stringify(message?.role)}`);
            const blocks = typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : (message.content ?? []);
            // Tool results come first in a user message; they become their own `tool` message.
            for (const block of blocks.filter((b) => b?.type === 'tool_result')) {
                pushToolResult(messages, { callId: block.tool_use_id, content: textOfContent(block.content) });
            }
            const rest = blocks.filter((b) => b?.type !== 'tool_result');
            if (rest.length === 0)
                continue;
            const neutral = emptyMessage(message.role);
            for (const block of rest) {
                if (block?.type === 'text')
                    appendText(neutral, block.text);
                else if (block?.type === 'tool_use')
                    neutral.toolCalls.push({ id: block.id, name: block.name, args: block.input });
                else if (block?.type === 'image' || block?.type === 'document')
                    neutral.files++;
            }
            messages.push(neutral);
        }
        const tools = body.tools ?? [];
        return {
            model: body.model,
            system: textOfContent(body.system),
            messages,
            tools: tools.map((tool) => tool.name),
            responseFormat: body.output_config?.format ?? (usesJsonTool(body) ? tools.find((t) => t.name === JSON_TOOL)?.input_schema : undefined),
        };
    },
    respond(reply, request) {
        const content = contentBlocks(reply, usesJsonTool(request.body));
        return {
            id: `msg_${reply.id}`,
            type: 'message',
            role: 'assistant',
            model: request.model,
            content: content.map(({ block, input }) => (block.type === 'tool_use' ? { ...block, input } : block)),
            stop_reason: stopReason(content),
            stop_sequence: null,
            usage: { ...inputUsage(reply), output_tokens: reply.usage.output },
        };
    },
    streamEvents(reply, request) {
        const content = contentBlocks(reply, usesJsonTool(request.body));
        const events = [];
        const emit = (type, fields) => events.push({ event: type, data: JSON.stringify({ type, ...fields }) });
        emit('message_start', {
            message: {
                id: `msg_${reply.id}`,
                type: 'message',
                role: 'assistant',
                model: request.model,
                content: [],
                stop_reason: null,
                stop_sequence: null,
                usage: { ...inputUsage(reply), output_tokens: 1 },
            },
        });
        content.forEach(({ block, input }, index) => {
            // A block starts empty and is filled by deltas: text pieces, or the tool input as partial JSON.
            emit('content_block_start', { index, content_block: block.type === 'text' ? { type: 'text', text: '' } : block });
            if (block.type === 'text') {
                for (const text of block.text.match(/\S+\s*|\s+/g) ?? [])
                    emit('content_block_delta', { index, delta: { type: 'text_delta', text } });
            }
            else {
                emit('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: JSON.stringify(input) } });
            }
            emit('content_block_stop', { index });
        });
        emit('message_delta', { delta: { stop_reason: stopReason(content), stop_sequence: null }, usage: { output_tokens: reply.usage.output } });
        emit('message_stop', {});
        return events;
    },
    errorBody(status, message) {
        return { type: 'error', error: { type: ERROR_TYPES[status] ?? (status >= 500 ? 'api_error' : 'invalid_request_error'), message } };
    },
};
const ERROR_TYPES = {
    401: 'authentication_error',
    403: 'permission_error',
    404: 'not_found_error',
    413: 'request_too_large',
    429: 'rate_limit_error',
    529: 'overloaded_error',
};
/** Input usage as Messages reports it: `input_tokens` counts only the tokens the cache did not serve or take. */
function inputUsage({ usage }) {
    return {
        input_tokens: usage.input - usage.cacheRead - usage.cacheWrite,
        cache_read_input_tokens: usage.cacheRead,
        cache_creation_input_tokens: usage.cacheWrite,
    };
}
/** Whether the client forces the `json` tool (the AI SDK's structured output fallback). */
function usesJsonTool(body) {
    const choice = body.tool_choice;
    const forced = choice?.type === 'any' || (choice?.type === 'tool' && choice.name === JSON_TOOL);
    return forced && (body.tools ?? []).some((tool) => tool?.name === JSON_TOOL);
}
/** Content blocks of a reply; a tool block's `input` travels apart because streaming sends it as deltas. */
function contentBlocks(reply, jsonTool) {
    if (jsonTool && reply.json !== undefined) {
        return [{ block: { type: 'tool_use', id: `toolu_${reply.id}`, name: JSON_TOOL, input: {} }, input: reply.json }];
    }
    const blocks = [];
    if (reply.text !== '' || reply.toolCalls.length === 0)
        blocks.push({ block: { type: 'text', text: reply.text } });
    for (const call of reply.toolCalls)
        blocks.push({ block: { type: 'tool_use', id: call.id, name: call.name, input: {} }, input: call.args });
    return blocks;
}
function stopReason(blocks) {
    return blocks.some(({ block }) => block.type === 'tool_use') ? 'tool_use' : 'end_turn';
}
