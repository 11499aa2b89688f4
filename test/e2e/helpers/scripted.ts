/**
 * Shared pieces of the end-to-end tests: the fixture project, the two wire protocols every main
 * path is proven on, and routing of scripted requests by the worker whose instructions they carry.
 */
import path from 'node:path';
import { startScriptedServer, type ScriptedHandler, type ScriptedRequest, type ScriptedServer } from '../../../src/testkit/index.ts';
import { scriptedEnv } from '../../helpers/scripted-env.ts';
import { REPO_ROOT } from './run-cli.ts';

/** `test/fixtures/e2e/project`: every worker's instructions start with `You are worker <id>`. */
export const FIXTURE = path.join(REPO_ROOT, 'test/fixtures/e2e/project');

/** A provider protocol as the CLI reaches it: the `--model` value and what the server sees. */
export interface ProtocolCase {
  name: string;
  /** `--model` value. */
  model: string;
  /** `request.protocol` on the scripted server. */
  protocol: ScriptedRequest['protocol'];
  /** `request.model` on the scripted server. */
  wireModel: string;
}

export const CHAT: ProtocolCase = {
  name: 'OpenAI Chat Completions',
  model: 'openai-compatible:scripted-chat',
  protocol: 'openai-chat',
  wireModel: 'scripted-chat',
};
export const ANTHROPIC: ProtocolCase = {
  name: 'Anthropic Messages',
  model: 'anthropic:claude-sonnet-4-5',
  protocol: 'anthropic',
  wireModel: 'claude-sonnet-4-5',
};
export const PROTOCOLS: readonly ProtocolCase[] = [CHAT, ANTHROPIC];

/** The worker a request is for, read from its rendered instructions (`You are worker <id>`). */
export function workerOf(request: ScriptedRequest): string {
  const match = /You are worker ([\w/-]+)/.exec(request.system);
  if (!match) throw new Error(`request without a worker in its instructions: ${request.system.slice(0, 200)}`);
  return match[1]!;
}

/** Requests the server received for `worker`, in order. */
export function requestsOf(server: ScriptedServer, worker: string): ScriptedRequest[] {
  return server.requests.filter((request) => workerOf(request) === worker);
}

/** Routes each request to the handler of its worker; an unexpected worker fails the request (HTTP 500). */
export function byWorker(handlers: Record<string, ScriptedHandler>): ScriptedHandler {
  return (request, index) => {
    const worker = workerOf(request);
    const handler = handlers[worker];
    if (!handler) throw new Error(`no scripted handler for worker ${worker}`);
    return handler(request, index);
  };
}

const open: ScriptedServer[] = [];

/**
 * Starts a scripted server and returns it with the environment pointing the CLI at it. Servers stay
 * up until {@link closeServers} (call it in `afterAll`: tests of a `describe.concurrent` overlap).
 */
export async function scripted(handler: ScriptedHandler, extraEnv: Record<string, string | undefined> = {}) {
  const server = await startScriptedServer(handler);
  open.push(server);
  return { server, env: scriptedEnv(server, extraEnv) };
}

/** Closes every server {@link scripted} started. */
export async function closeServers(): Promise<void> {
  await Promise.all(open.splice(0).map((server) => server.close()));
}
