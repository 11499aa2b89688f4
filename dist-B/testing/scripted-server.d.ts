import type { ScriptedHandler, ScriptedServer } from './scripted-types.ts';
/**
 * Starts a scripted server on a free port of 127.0.0.1. Routes (with or without the `/v1` prefix):
 * `POST /v1/chat/completions`, `POST /v1/responses`, `POST /v1/messages`. A handler that throws
 * produces a 500 answer whose message is the thrown error's.
 */
export declare function startScriptedServer(handler?: ScriptedHandler): Promise<ScriptedServer>;
