/**
 * A Restate server for tests: the binary of the `@restatedev/restate-server` npm package (a dev
 * dependency: its licence is BSL), on 127.0.0.1 with free ports and its own data directory, stopped
 * with the test. `restateMissing` says why the suites skip where the platform package is absent.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from './run-cli.ts';

const arch = process.arch === 'arm64' ? 'arm64' : 'x64';
const BINARY = path.join(REPO_ROOT, `node_modules/@restatedev/restate-server-${process.platform}-${arch}/bin/restate-server`);

export const restateMissing: string | undefined = fs.existsSync(BINARY)
  ? undefined
  : `no Restate server at ${BINARY} (npm ci installs it for linux and darwin)`;

/** A port nothing listens on now. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface RestateServer {
  ingress: string;
  admin: string;
  stop(): Promise<void>;
}

export async function startRestate(): Promise<RestateServer> {
  const [ingressPort, adminPort, nodePort] = [await freePort(), await freePort(), await freePort()];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-restate-'));
  const child = spawn(BINARY, ['--base-dir', dir, '--bind-ip', '127.0.0.1', '--bind-port', String(nodePort)], {
    env: { PATH: process.env.PATH ?? '', RESTATE_INGRESS__BIND_PORT: String(ingressPort), RESTATE_ADMIN__BIND_PORT: String(adminPort) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const admin = `http://127.0.0.1:${adminPort}`;
  const ingress = `http://127.0.0.1:${ingressPort}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    const ready = await Promise.all([fetch(`${admin}/health`), fetch(`${ingress}/restate/health`)]).then(
      (responses) => responses.every((response) => response.ok),
      () => false,
    );
    if (ready) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the Restate server did not start:\n${output.slice(-2000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    ingress,
    admin,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGKILL');
        await new Promise((resolve) => child.once('close', resolve));
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
