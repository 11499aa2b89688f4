/**
 * Listening on 127.0.0.1 only, for the local servers of the CLI (`mcp serve --http`, `ui`): a port
 * that cannot be had is a UsageError naming the flag, the port and the way out.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { UsageError } from './errors.ts';

/** The only interface llm-do's local servers listen on. */
export const LOOPBACK = '127.0.0.1';

/** Listens on 127.0.0.1:`port` (0: any free port) and answers the port bound. `flag` names the option that chose it. */
export function listenOnLoopback(http: Server, port: number, flag: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http.once('error', (error: NodeJS.ErrnoException) => {
      const why =
        error.code === 'EADDRINUSE'
          ? 'is in use by another program'
          : error.code === 'EACCES'
            ? 'needs privileges this process does not have'
            : `cannot be opened (${error.message})`;
      reject(new UsageError(`${flag} ${port}: port ${port} on ${LOOPBACK} ${why}; choose another port, or 0 for a free one`));
    });
    http.listen(port, LOOPBACK, () => resolve((http.address() as AddressInfo).port));
  });
}
