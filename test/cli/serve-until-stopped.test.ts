import { describe, expect, test } from 'vitest';
import { UsageError } from '../../src/errors.ts';
import { EXIT_USAGE, reportError } from '../../src/cli/exit-codes.ts';
import { serveUntilStopped, whenAborted, type ServerCommand } from '../../src/cli/serve-until-stopped.ts';
import { captureIO } from '../project/fixture.ts';

/** A server command that records what happens to it, in order. */
function recordingServer(serve: ServerCommand['serve']): { command: ServerCommand; steps: string[] } {
  const steps: string[] = [];
  return {
    steps,
    command: {
      name: 'llm-do test-server',
      report: (error, io) => {
        steps.push('report');
        return reportError(error, io);
      },
      serve: async (stop, lifetime) => {
        lifetime.work.addEventListener('abort', () => steps.push('work cancelled'));
        return serve(stop, lifetime);
      },
    },
  };
}

describe('serveUntilStopped', () => {
  test.each(['SIGINT', 'SIGTERM'] as const)(
    '%s stops the server; then its work is cancelled and drained, what it opened released, last first',
    async (signal) => {
      const { io, stderr } = captureIO({ cwd: '.' });
      const before = process.listenerCount(signal);
      const { command, steps } = recordingServer(async (stop, { drain, release }) => {
        release(() => void steps.push('log closed'));
        release(() => void steps.push('cache closed'));
        drain(async () => void steps.push('drained'));
        await whenAborted(stop);
        steps.push('server closed');
      });
      // Its listeners are set and `serve` has begun by the time it first waits.
      const exit = serveUntilStopped(io, command);
      // The listener it added, called as the signal would (emitting the signal would reach the test runner's own listeners too).
      const added = process.listeners(signal).slice(before);
      expect(added).toHaveLength(1);
      added[0]!(signal);
      expect(await exit).toBe(0);
      expect(steps).toEqual(['server closed', 'work cancelled', 'drained', 'cache closed', 'log closed']);
      expect(stderr()).toBe('llm-do test-server: stopped\n');
      expect(process.listenerCount(signal)).toBe(before);
    },
  );

  test('a server that ends by itself (a stdio client closed stdin) stops the same way', async () => {
    const { io, stderr } = captureIO({ cwd: '.' });
    const { command, steps } = recordingServer(async (_stop, { drain }) => {
      drain(async () => void steps.push('drained'));
    });
    expect(await serveUntilStopped(io, command)).toBe(0);
    expect(steps).toEqual(['work cancelled', 'drained']);
    expect(stderr()).toBe('llm-do test-server: stopped\n');
  });

  test('a failure to start is reported with its exit code; what was opened is still released and the work cancelled, and nothing says stopped', async () => {
    const { io, stderr } = captureIO({ cwd: '.' });
    const sigints = process.listenerCount('SIGINT');
    const { command, steps } = recordingServer(async (_stop, { drain, release }) => {
      release(() => void steps.push('log closed'));
      drain(async () => void steps.push('drained'));
      throw new UsageError('--port expects a port number from 0 to 65535 (0: any free port), got "x"');
    });
    expect(await serveUntilStopped(io, command)).toBe(EXIT_USAGE);
    expect(steps).toEqual(['report', 'work cancelled', 'log closed']);
    expect(stderr()).toBe('llm-do: --port expects a port number from 0 to 65535 (0: any free port), got "x"\n');
    expect(process.listenerCount('SIGINT')).toBe(sigints);
  });

  test('a command that ends without serving gives its own exit code, having said why', async () => {
    const { io, stderr } = captureIO({ cwd: '.' });
    const { command, steps } = recordingServer(async (_stop, { release }) => {
      release(() => void steps.push('log closed'));
      io.stderr.write('llm-do: the project has 1 error(s); nothing is served\n');
      return EXIT_USAGE;
    });
    expect(await serveUntilStopped(io, command)).toBe(EXIT_USAGE);
    expect(steps).toEqual(['work cancelled', 'log closed']);
    expect(stderr()).toBe('llm-do: the project has 1 error(s); nothing is served\n');
  });
});
