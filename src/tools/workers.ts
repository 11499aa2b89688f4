/** `workers`: one tool per worker the caller may call (docs/tools.md); the runtime builds them, as delegation runs workers. */
import type { WorkersToolsetConfig } from '../worker-file/schema.ts';
import { singleInstance, type ToolsetKind } from './toolset-kind.ts';

export const workersToolset: ToolsetKind<WorkersToolsetConfig> = {
  kind: 'workers',
  summary: 'call the workers allowed_workers names, each as a tool',
  needsSandbox: true,
  instances: singleInstance('workers'),
  create: (_config, host) => host.delegationTools(),
};
