/** Test fixtures for the sandbox suites: the same file tree on the Node and the memory backends. */
import * as nodeFs from 'node:fs';
import * as os from 'node:os';
import { posix } from 'node:path';
import { SandboxError } from '../../src/errors.ts';
import { createMemoryFileSystem } from '../../src/sandbox/memory-file-system.ts';
import { createNodeFileSystem } from '../../src/sandbox/node-file-system.ts';
import type { FileSystem, OpenedDirectory, OpenedFile } from '../../src/sandbox/file-system.ts';

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
 * Wraps a backend, logging every call. Calls through a held directory are logged with the real
 * path of that directory at the time (read back from the handle) plus the entry name, so a call
 * that really landed outside shows up as such (`read` = bytes read through an opened file).
 * `hooks.after` may run after a path call, e.g. to swap a file for a symlink between check and use.
 */
export function recordingFs(inner: FileSystem, calls: FsCall[], hooks: { after?: (op: string, path: string) => Promise<void> | void } = {}): FileSystem {
  const wrap =
    <A extends unknown[], R>(op: string, fn: (path: string, ...rest: A) => Promise<R>) =>
    async (path: string, ...rest: A): Promise<R> => {
      calls.push({ op, path });
      const result = await fn(path, ...rest);
      await hooks.after?.(op, path);
      return result;
    };
  const recordFile = (file: OpenedFile, path: string): OpenedFile => ({
    stat: () => file.stat(),
    read: (max, signal) => {
      calls.push({ op: 'read', path });
      return file.read(max, signal);
    },
    close: () => file.close(),
  });
  const recordDir = (dir: OpenedDirectory): OpenedDirectory => {
    const log = async (op: string, name: string) => {
      const path = posix.join(await dir.realPath(), name);
      calls.push({ op, path });
      return path;
    };
    return {
      realPath: () => dir.realPath(),
      stat: () => dir.stat(),
      readDir: async () => {
        await log('readDir', '.');
        return dir.readDir();
      },
      lstat: (name) => dir.lstat(name),
      openFile: async (name) => recordFile(await dir.openFile(name), await log('openFile', name)),
      openDirectory: async (name) => recordDir(await dir.openDirectory(name)),
      mkdir: async (name) => {
        await log('mkdir', name);
        return dir.mkdir(name);
      },
      writeFile: async (name, data, signal) => {
        await log('writeFile', name);
        return dir.writeFile(name, data, signal);
      },
      remove: async (name) => {
        await log('remove', name);
        return dir.remove(name);
      },
      close: () => dir.close(),
    };
  };
  return {
    readFile: wrap('readFile', (p) => inner.readFile(p)),
    readText: wrap('readText', (p) => inner.readText(p)),
    writeFile: wrap('writeFile', (p, d: string | Uint8Array) => inner.writeFile(p, d)),
    remove: wrap('remove', (p, o?: { recursive?: boolean }) => inner.remove(p, o)),
    stat: wrap('stat', (p) => inner.stat(p)),
    lstat: wrap('lstat', (p) => inner.lstat(p)),
    realpath: wrap('realpath', (p) => inner.realpath(p)),
    readDir: wrap('readDir', (p) => inner.readDir(p)),
    mkdir: wrap('mkdir', (p) => inner.mkdir(p)),
    openDirectory: wrap('openDirectory', async (p) => recordDir(await inner.openDirectory(p))),
  };
}

/** The calls that read file content (whole-file reads and handle reads). */
export function contentReads(calls: readonly FsCall[]): string[] {
  return calls.filter((c) => c.op === 'readFile' || c.op === 'readText' || c.op === 'read').map((c) => c.path);
}

/** The code of the `SandboxError` that `promise` rejects with (fails the test on anything else). */
export async function codeOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!SandboxError.isInstance(error)) throw new Error(`expected a SandboxError, got ${String(error)}`);
  return error.code;
}
