import { type Protocol } from './protocol.ts';
/** The Chat Completions protocol. */
export declare const openaiChatProtocol: Protocol;
/** OpenAI's error body, shared by Chat Completions and Responses. */
export declare function openaiErrorBody(status: number, message: string): unknown;
