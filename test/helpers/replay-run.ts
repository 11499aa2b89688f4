/**
 * Runs a one-worker project with `runWorker` against a replay server (`replay-server.ts`), through
 * the real provider package of its model. The worker `main` has pre-approved custom tools (`touch`
 * unless named otherwise) that write what they were given to the file `TOUCHED` of the project: a
 * test can tell whether one ran.
 */
import path from 'node:path';
import { afterEach } from 'vitest';
import type { RunEvent } from '../../src/runtime/events.ts';
import type { RunWorkerOptions } from '../../src/runtime/run-options.ts';
import { runWorker } from '../../src/runtime/run-worker.ts';
import { open, tempDir, worker, writeTree } from '../project/fixture.ts';
import { type ReplayResponse, type ReplayServer, startReplayServer } from './replay-server.ts';

const servers: ReplayServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/**
 * Runs `main` on `model` (with the worker `fields`) with input `go`, the n-th request answered by
 * `responses[n]`. `tools` names its custom tools (default `touch`): each writes its `text` argument
 * (or all its arguments as JSON) to `marker` and answers `touched`.
 */
export async function runOnReplay(
  model: string,
  responses: readonly ReplayResponse[],
  options: { fields?: string; tools?: readonly string[] } & Partial<RunWorkerOptions> = {},
) {
  const server = await startReplayServer(responses);
  servers.push(server);
  const { fields = '', tools = ['touch'], ...rest } = options;
  const root = tempDir('llm-do-replay-');
  const marker = path.join(root, 'TOUCHED');
  const toolSource = tools.flatMap((name) => [
    `export const ${name}Schema = { type: 'object', properties: { text: { type: 'string' } } };`,
    `export function ${name}(args: Record<string, unknown>) { fs.writeFileSync(${JSON.stringify(marker)}, typeof args.text === 'string' ? args.text : JSON.stringify(args)); return 'touched'; }`,
  ]);
  writeTree(
    {
      'main.worker': worker('main', `model: ${model}\ntoolsets:\n  custom:\n    approval:\n      default: preApproved\n${fields}`),
      'tools.ts': ["import fs from 'node:fs';", ...toolSource].join('\n'),
    },
    root,
  );
  const events: RunEvent[] = [];
  const result = await runWorker({ project: await open(root), input: 'go', env: server.env, onEvent: (event) => events.push(event), ...rest }).result;
  return { result, events, server, marker };
}

/** The events of one type. */
export function eventsOf<T extends RunEvent['type']>(events: readonly RunEvent[], type: T): Extract<RunEvent, { type: T }>[] {
  return events.filter((event): event is Extract<RunEvent, { type: T }> => event.type === type);
}
