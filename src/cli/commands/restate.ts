/**
 * `llm-do restate serve [TARGET] --port N`: hosts the batch service for `llm-do batch --engine
 * restate` (docs/scale-out.md). Run one on each node; Restate sends each input to one of them, and
 * plays an input again on another when its process dies. Nobody can be asked: tool calls that ask
 * are denied unless `--on-approval approve`. Ctrl-C or SIGTERM stops it.
 */
import { createRequestGate } from '../../batch/request-gate.ts';
import { printError, type CliIO } from '../io.ts';
import { parsePortOption } from '../port-option.ts';
import { openGrants, openRunLog, openRunTarget, runOptionsFromFlags } from '../run-setup.ts';
import { serveUntilStopped, whenAborted } from '../serve-until-stopped.ts';
import type { UnattendedRunFlags } from '../shared-flags.ts';
import { positiveInteger } from './batch.ts';
import { reportProblems } from './check.ts';

/** Options of `llm-do restate serve`. */
export interface RestateServeOptions extends UnattendedRunFlags {
  /** `--port N`. @default 9080 */
  port?: string;
  /** `--host ADDRESS`. @default '127.0.0.1' */
  host?: string;
  /** `--register URL`: the Restate admin API to register with. */
  register?: string;
  /** `--identity-key KEY` values. */
  identityKey?: string[];
  /** `--advertise URL`: where Restate reaches this endpoint. */
  advertise?: string;
  /** `--model ID` for every worker of every input. */
  model?: string;
  /** `--rpm N`. */
  rpm?: string;
  /** `--tpm N`. */
  tpm?: string;
  /** `--set KEY=VALUE` values. */
  set?: string[];
  /** `false` with `--no-log`. */
  log?: boolean;
}

export function runRestateServe(target: string | undefined, flags: RestateServeOptions, io: CliIO): Promise<number> {
  return serveUntilStopped(io, {
    name: 'llm-do restate serve',
    report: reportProblems,
    async serve(stop, { release }) {
      const port = flags.port === undefined ? 9080 : parsePortOption(flags.port, '--port');
      const rpm = flags.rpm === undefined ? undefined : positiveInteger(flags.rpm, '--rpm');
      const tpm = flags.tpm === undefined ? undefined : positiveInteger(flags.tpm, '--tpm');
      const { project } = await openRunTarget(target, flags, io);
      const { fetch, ...runOptions } = runOptionsFromFlags(flags, io);
      const log = await openRunLog(flags, project, io);
      release(() => log?.close());
      const grants = await openGrants(project, io);
      const gate = createRequestGate({ ...(rpm ? { rpm } : {}), ...(tpm ? { tpm } : {}) });
      const { serveBatchEndpoint, registerDeployment } = await import('../../restate/serve.ts');
      const served = await serveBatchEndpoint({
        project,
        // Nobody can be asked and a journaled run cannot pause: `ask` calls are denied unless --on-approval approve.
        runOptions: { ...runOptions, onApproval: runOptions.onApproval ?? 'deny', ...(log ? { store: log.store } : {}), ...(grants ? { grants } : {}) },
        fetch: gate.wrap(fetch),
        onTokens: (tokens) => gate.addTokens(tokens),
        host: flags.host ?? '127.0.0.1',
        port,
        ...(flags.identityKey ? { identityKeys: flags.identityKey } : {}),
        log: (line) => printError(io, `llm-do restate serve: ${line}`),
      });
      try {
        const uri = flags.advertise ?? served.url;
        if (flags.register) await registerDeployment(flags.register, uri);
        printError(
          io,
          `llm-do restate serve: the workers of ${project.name} at ${served.url} (service llmdo_batch)${flags.register ? `, registered with ${flags.register} as ${uri}` : ''}; Ctrl-C stops`,
        );
        await whenAborted(stop);
      } finally {
        await served.close();
      }
    },
  });
}
