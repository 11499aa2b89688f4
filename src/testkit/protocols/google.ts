/**
 * Google Generative AI (`POST /v1beta/models/MODEL:generateContent`, and
 * `:streamGenerateContent?alt=sse` for server-sent events): text and function calls. The model and
 * whether to stream are in the URL, not the body.
 */
import type { NeutralMessage } from '../scripted-types.ts';
import { appendText, emptyMessage, invalid, pushToolResult, textOfContent, type PlannedReply, type Protocol, type SseEvent } from './protocol.ts';

/** `/v1beta/models/gemini-2.5-flash:streamGenerateContent` → the model and the method. */
export const GOOGLE_PATH = /^\/(?:v1beta|v1)\/models\/([^/:]+):(generateContent|streamGenerateContent)$/;

/** The Generative AI protocol. */
export const googleProtocol: Protocol = {
  parse(body, url) {
    const [, model = '', method] = GOOGLE_PATH.exec(url.pathname) ?? [];
    if (!Array.isArray(body.contents)) invalid('contents must be an array');
    const messages: NeutralMessage[] = [];
    for (const content of body.contents) {
      if (content?.role !== 'user' && content?.role !== 'model') invalid(`unknown content role ${JSON.stringify(content?.role)}`);
      const parts: any[] = Array.isArray(content.parts) ? content.parts : invalid('every content needs a parts array');
      // Function responses come in a `user` content; they become their own `tool` message.
      for (const part of parts.filter((p) => p?.functionResponse)) {
        const { id, name, response } = part.functionResponse;
        pushToolResult(messages, { callId: id ?? name, name, content: textOfContent(response?.content ?? response) });
      }
      const rest = parts.filter((p) => !p?.functionResponse);
      if (rest.length === 0) continue;
      const neutral = emptyMessage(content.role === 'model' ? 'assistant' : 'user');
      for (const part of rest) {
        if (typeof part?.text === 'string') appendText(neutral, part.text);
        else if (part?.functionCall)
          neutral.toolCalls.push({ id: part.functionCall.id ?? part.functionCall.name, name: part.functionCall.name, args: part.functionCall.args ?? {} });
        else if (part?.inlineData || part?.fileData) neutral.files++;
      }
      messages.push(neutral);
    }
    const declarations: any[] = (body.tools ?? []).flatMap((tool: any) => tool?.functionDeclarations ?? []);
    const config = body.generationConfig ?? {};
    return {
      model,
      stream: method === 'streamGenerateContent',
      system: textOfContent(body.systemInstruction?.parts),
      messages,
      tools: declarations.map((declaration) => declaration.name),
      responseFormat: config.responseMimeType === 'application/json' ? (config.responseSchema ?? { type: 'json' }) : undefined,
    };
  },

  respond(reply, request) {
    return { ...chunk(reply, request.model, parts(reply)), usageMetadata: usageOf(reply) };
  },

  streamEvents(reply, request) {
    // Text arrives in word-sized chunks; function calls come whole, in the last chunk with the usage.
    const events: SseEvent[] = (reply.text.match(/\S+\s*|\s+/g) ?? []).map((text) => ({
      data: JSON.stringify(chunk(reply, request.model, [{ text }], false)),
    }));
    const calls = reply.toolCalls.map((call) => ({ functionCall: { id: call.id, name: call.name, args: call.args } }));
    events.push({ data: JSON.stringify({ ...chunk(reply, request.model, calls), usageMetadata: usageOf(reply) }) });
    return events;
  },

  errorBody(status, message) {
    return { error: { code: status, message, status: STATUS_NAMES[status] ?? (status >= 500 ? 'INTERNAL' : 'INVALID_ARGUMENT') } };
  },
};

const STATUS_NAMES: Record<number, string> = {
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  503: 'UNAVAILABLE',
};

/** The parts of a whole answer: the text (or the JSON text of structured output), then the calls. */
function parts(reply: PlannedReply): object[] {
  const found: object[] = [];
  if (reply.text !== '' || reply.toolCalls.length === 0) found.push({ text: reply.text });
  for (const call of reply.toolCalls) found.push({ functionCall: { id: call.id, name: call.name, args: call.args } });
  return found;
}

/** One `GenerateContentResponse`; `last` carries the finish reason. */
function chunk(reply: PlannedReply, model: string, content: object[], last = true) {
  return {
    candidates: [{ content: { role: 'model', parts: content }, index: 0, ...(last ? { finishReason: 'STOP' } : {}) }],
    modelVersion: model,
    responseId: reply.id,
  };
}

/** `promptTokenCount` counts every input token, the cached ones (`cachedContentTokenCount`) included. */
function usageOf({ usage }: PlannedReply) {
  return {
    promptTokenCount: usage.input,
    candidatesTokenCount: usage.output,
    totalTokenCount: usage.input + usage.output,
    ...(usage.cacheRead > 0 ? { cachedContentTokenCount: usage.cacheRead } : {}),
  };
}
