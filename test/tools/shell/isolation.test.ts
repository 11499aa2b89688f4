import { describe, expect, it } from 'vitest';
import type { ProtectedLayout, Sandbox } from '../../../src/sandbox/types.ts';
import { bwrapArguments, commandEnvironment } from '../../../src/tools/shell/isolation.ts';
import { hideHostPaths, planShellLayout, type ShellLayout } from '../../../src/tools/shell/layout.ts';

/** A sandbox stub: mounts by virtual path with their host directories, and what each protects. */
function stubSandbox(mounts: Record<string, { host: string; mode: 'ro' | 'rw' }>, layouts: Record<string, ProtectedLayout | Error> = {}): Sandbox {
  return {
    protectedLayout: async (host: string) => {
      const layout = layouts[host] ?? { readOnly: [], sealed: [] };
      if (layout instanceof Error) throw layout;
      return layout;
    },
    describe: () => Object.entries(mounts).map(([path, { mode }]) => ({ path, mode })),
    hostDirectory: async (path: string) => {
      const mount = Object.entries(mounts).find(([virtual]) => path === virtual || path.startsWith(`${virtual === '/' ? '' : virtual}/`));
      if (!mount) throw new Error(`${path} is not visible`);
      return mount[1].host + path.slice(mount[0] === '/' ? 0 : mount[0].length).replace(/\/$/, '');
    },
  } as unknown as Sandbox;
}

describe('shell layout', () => {
  it('binds mounts at their virtual paths and starts in the first one', async () => {
    const layout = await planShellLayout(stubSandbox({ '/data': { host: '/h/data', mode: 'ro' }, '/repo': { host: '/h/proj/repo', mode: 'rw' } }), undefined);
    expect(layout.boxRoot).toBe('/');
    expect(layout.cwd).toEqual({ virtual: '/data', host: '/h/data', box: '/data' });
    expect(layout.mounts.map((mount) => [mount.box, mount.mode])).toEqual([
      ['/data', 'ro'],
      ['/repo', 'rw'],
    ]);
  });

  it('asks the sandbox what each writable mount protects, and only writable ones', async () => {
    const guard: ProtectedLayout = { readOnly: ['/h/proj/project.yaml'], sealed: [] };
    const layout = await planShellLayout(
      stubSandbox({ '/data': { host: '/h/data', mode: 'ro' }, '/proj': { host: '/h/proj', mode: 'rw' } }, { '/h/proj': guard, '/h/data': guard }),
      undefined,
    );
    expect(layout.mounts.map((mount) => mount.protected)).toEqual([undefined, guard]);
  });

  it('keeps a writable mount read-only when what it protects cannot be worked out', async () => {
    const layout = await planShellLayout(stubSandbox({ '/proj': { host: '/h/proj', mode: 'rw' } }, { '/h/proj': new Error('EACCES: /h/proj') }), undefined);
    expect(layout.mounts[0]!.protected).toEqual({ readOnly: ['/h/proj'], sealed: [] });
  });

  it.each(['/', '/tmp', '/usr'])('moves the sandbox under /sandbox when a mount is at %s', async (virtual) => {
    const layout = await planShellLayout(stubSandbox({ [virtual]: { host: '/h/x', mode: 'ro' } }), undefined);
    expect(layout.boxRoot).toBe('/sandbox');
    expect(layout.cwd.box).toBe(virtual === '/' ? '/sandbox' : `/sandbox${virtual}`);
  });

  it('replaces host directories in output with virtual paths, only at path boundaries', () => {
    const layout: ShellLayout = {
      boxRoot: '/sandbox',
      mounts: [
        { virtual: '/', host: '/h/proj', box: '/sandbox', mode: 'ro' },
        { virtual: '/data', host: '/h/proj-data', box: '/sandbox/data', mode: 'rw' },
      ],
      cwd: { virtual: '/', host: '/h/proj', box: '/sandbox' },
    };
    expect(hideHostPaths('/h/proj\n/h/proj/src/a.js /h/proj-data/x /h/projects /sandbox/src /sandbox', layout)).toBe('/\n/src/a.js /data/x /h/projects /src /');
  });
});

describe('bubblewrap arguments', () => {
  const layout: ShellLayout = {
    boxRoot: '/',
    mounts: [
      { virtual: '/repo', host: '/h/repo', box: '/repo', mode: 'ro' },
      { virtual: '/out', host: '/h/out', box: '/out', mode: 'rw' },
    ],
    cwd: { virtual: '/repo', host: '/h/repo', box: '/repo' },
  };

  it('unshares everything, network included, binds mounts as declared, and ends options before argv', () => {
    const args = bwrapArguments(layout, ['--bind', '/', '/x']);
    expect(args.slice(0, 6)).toEqual(['--unshare-all', '--die-with-parent', '--new-session', '--cap-drop', 'ALL', '--ro-bind-try']);
    expect(args).not.toContain('--share-net');
    expect(args.join(' ')).toContain('--ro-bind /h/repo /repo --bind /h/out /out --chdir /repo -- --bind / /x');
    expect(args.join(' ')).toContain('--dev /dev --tmpfs /tmp --dir /tmp/home');
    // No procfs: its mountinfo would name the host directory of every mount.
    expect(args).not.toContain('--proc');
    expect(args).not.toContain('/etc/resolv.conf');
  });

  it('keeps the project configuration read-only: sealed directories after their mount, protected paths after every mount', () => {
    const guarded: ShellLayout = {
      boxRoot: '/sandbox',
      mounts: [
        {
          virtual: '/',
          host: '/h/proj',
          box: '/sandbox',
          mode: 'rw',
          protected: { readOnly: ['/h/proj/project.yaml', '/h/proj/workers'], sealed: [{ dir: '/h/proj', writable: ['/h/proj/input', '/h/proj/README.md'] }] },
        },
        { virtual: '/input', host: '/h/proj/input', box: '/sandbox/input', mode: 'ro' },
      ],
      cwd: { virtual: '/', host: '/h/proj', box: '/sandbox' },
    };
    const args = bwrapArguments(guarded, ['touch', 'x']).join(' ');
    expect(args).toContain(
      '--bind /h/proj /sandbox --ro-bind /h/proj /sandbox --bind /h/proj/input /sandbox/input --bind /h/proj/README.md /sandbox/README.md ' +
        '--ro-bind /h/proj/input /sandbox/input --ro-bind /h/proj/project.yaml /sandbox/project.yaml --ro-bind /h/proj/workers /sandbox/workers --chdir /sandbox',
    );
  });

  it('shares the network and binds name resolution only with network: true', () => {
    const args = bwrapArguments(layout, ['curl', 'x'], { network: true });
    expect(args.slice(0, 2)).toEqual(['--unshare-all', '--share-net']);
    expect(args).toContain('/etc/resolv.conf');
  });

  it('gives the box its own PATH and HOME', () => {
    const env = commandEnvironment('bwrap');
    expect(env.HOME).toBe('/tmp/home');
    expect(env.PATH).toBe('/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin');
    expect(env.TERM).toBe('dumb');
  });
});
