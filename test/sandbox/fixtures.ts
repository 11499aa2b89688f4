/** Test fixtures for the sandbox suites: the same file tree on the Node and the memory backends. */
import * as nodeFs from 'node:fs';
import * as os from 'node:os';
import { posix } from 'node:path';
import { createMemoryFileSystem } from '../../src/sandbox/memory-file-system.ts';
import { createNodeFileSystem } from '../../src/sandbox/node-file-system.ts';
import type { FileSystem } from '../../src/sandbox/file-system.ts';

export interface Fixture {
  name: string;
  fs: FileSystem;
  /** Absolute host directory holding the tree (real path, no symlinks). */
  root: string;
  write(rel: string, content: string | Uint8Array): Promise<void>;
  symlink(target: string, rel: string): Promise<void>;
  /** Content of a file (not following a final symlink's absence), or undefined when missing. */
  read(rel: string): Promise<string | undefined>;
  /** Names in a directory (sorted), or undefined when missing. */
  names(rel: string): Promise<string[] | undefined>;
  cleanup(): void;
}

/** A fresh real temp directory on disk. */
export function nodeFixture(): Fixture {
  const root = nodeFs.realpathSync(nodeFs.mkdtempSync(posix.join(os.tmpdir(), 'llm-do-sandbox-')));
  const at = (rel: string) => posix.join(root, rel);
  return {
    name: 'node',
    fs: createNodeFileSystem(),
    root,
    async write(rel, content) {
      nodeFs.mkdirSync(posix.dirname(at(rel)), { recursive: true });
      nodeFs.writeFileSync(at(rel), content);
    },
    async symlink(target, rel) {
      nodeFs.mkdirSync(posix.dirname(at(rel)), { recursive: true });
      nodeFs.symlinkSync(target, at(rel));
    },
    async read(rel) {
      try {
        return nodeFs.readFileSync(at(rel), 'utf8');
      } catch {
        return undefined;
      }
    },
    async names(rel) {
      try {
        return nodeFs.readdirSync(at(rel)).sort();
      } catch {
        return undefined;
      }
    },
    cleanup() {
      nodeFs.rmSync(root, { recursive: true, force: true });
    },
  };
}

/** The same tree in memory, under /host/tmp. */
export function memoryFixture(): Fixture {
  const fs = createMemoryFileSystem();
  const root = '/host/tmp';
  const at = (rel: string) => posix.join(root, rel);
  return {
    name: 'memory',
    fs,
    root,
    write: (rel, content) => fs.writeFile(at(rel), content),
    async symlink(target, rel) {
      fs.symlink(target, at(rel));
    },
    async read(rel) {
      try {
        return await fs.readText(at(rel));
      } catch {
        return undefined;
      }
    },
    async names(rel) {
      try {
        return (await fs.readDir(at(rel))).map((entry) => entry.name);
      } catch {
        return undefined;
      }
    },
    cleanup() {},
  };
}

export const FIXTURES: readonly [string, () => Fixture][] = [
  ['node', nodeFixture],
  ['memory', memoryFixture],
];

/** One call a recording wrapper saw. */
export interface FsCall {
  op: string;
  path: string;
}

/**
 * Wraps a backend, logging every call (`read` = bytes read through an opened handle). `hooks`
 * may run before a call, e.g. to swap a file for a symlink between check and open.
 */
export function recordingFs(
  inner: FileSystem,
  calls: FsCall[],
  hooks: { after?: (op: string, path: string) => Promise<void> | void; withoutOpenFile?: boolean } = {},
): FileSystem {
  const wrap =
    <A extends unknown[], R>(op: string, fn: (path: string, ...rest: A) => Promise<R>) =>
    async (path: string, ...rest: A): Promise<R> => {
      calls.push({ op, path });
      const result = await fn(path, ...rest);
      await hooks.after?.(op, path);
      return result;
    };
  const fs: FileSystem = {
    readFile: wrap('readFile', (p) => inner.readFile(p)),
    readText: wrap('readText', (p) => inner.readText(p)),
    writeFile: wrap('writeFile', (p, d: string | Uint8Array) => inner.writeFile(p, d)),
    remove: wrap('remove', (p, o?: { recursive?: boolean }) => inner.remove(p, o)),
    stat: wrap('stat', (p) => inner.stat(p)),
    lstat: wrap('lstat', (p) => inner.lstat(p)),
    realpath: wrap('realpath', (p) => inner.realpath(p)),
    readDir: wrap('readDir', (p) => inner.readDir(p)),
    mkdir: wrap('mkdir', (p) => inner.mkdir(p)),
  };
  if (inner.openFile && !hooks.withoutOpenFile) {
    const open = inner.openFile.bind(inner);
    fs.openFile = wrap('openFile', async (p) => {
      const handle = await open(p);
      return {
        stat: () => handle.stat(),
        read: (max?: number) => {
          calls.push({ op: 'read', path: p });
          return handle.read(max);
        },
        close: () => handle.close(),
      };
    });
  }
  return fs;
}

/** The calls that read file content (whole-file reads and handle reads). */
export function contentReads(calls: readonly FsCall[]): string[] {
  return calls.filter((c) => c.op === 'readFile' || c.op === 'readText' || c.op === 'read').map((c) => c.path);
}
