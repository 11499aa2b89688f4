/**
 * The file system as one `check` pass sees it: every answer about a path (stat, lstat, real path,
 * directory listing, text) is asked once and remembered, so the template every worker includes, the
 * project root's real path and the conventional tool module are looked at once, not once per worker.
 *
 * Real paths cost one native `realpath` per directory: a path whose last entry is not a symbolic
 * link (its directory's listing, or an lstat, says so) is its directory's real path plus its name.
 *
 * Only for a pass that reads a tree nobody changes meanwhile. A run must not use it: there the model
 * acts between two lookups, and a stale answer about a symbolic link would be an escape. A write
 * through this view goes to the real file system and forgets everything remembered.
 */
import { posix } from 'node:path';
import type { DirEntry, FileStat, FileSystem } from '../sandbox/file-system.ts';

/** `fs` seen through a memo of its answers. */
export function snapshotFileSystem(fs: FileSystem): FileSystem {
  const stats = new Map<string, Promise<FileStat | undefined>>();
  const lstats = new Map<string, Promise<FileStat | undefined>>();
  const realPaths = new Map<string, Promise<string>>();
  /** Native real paths of directories, from which the real paths of their entries are derived. */
  const realDirectories = new Map<string, Promise<string>>();
  const texts = new Map<string, Promise<string>>();
  const listings = new Map<string, Promise<DirEntry[]>>();
  /** Kind of each entry of the directories listed so far, by full path. */
  const listedKinds = new Map<string, DirEntry['kind']>();
  const forgetAll = () => [stats, lstats, realPaths, realDirectories, texts, listings, listedKinds].forEach((memo) => memo.clear());
  const forgetting =
    <A extends unknown[], R>(write: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await write(...args);
      } finally {
        forgetAll();
      }
    };

  /** Whether the last entry of `path` is a symbolic link (undefined: missing), from a listing when there is one. */
  async function isSymlink(path: string): Promise<boolean | undefined> {
    const listed = listedKinds.get(path);
    if (listed !== undefined) return listed === 'symlink';
    const stat = await view.lstat(path);
    return stat === undefined ? undefined : stat.kind === 'symlink';
  }

  async function realPath(path: string): Promise<string> {
    const parent = posix.dirname(path);
    // Derived only for a normalised absolute path, where "directory + name" is exactly what realpath means.
    if (parent === path || posix.normalize(path) !== path || !posix.isAbsolute(path) || path.endsWith('/')) return fs.realpath(path);
    if ((await isSymlink(path)) !== false) return fs.realpath(path);
    const realParent = await remembered(realDirectories, parent, () => fs.realpath(parent));
    return posix.join(realParent, posix.basename(path));
  }

  const view: FileSystem = {
    stat: (path) => remembered(stats, path, () => fs.stat(path)),
    lstat: (path) => remembered(lstats, path, () => fs.lstat(path)),
    realpath: (path) => remembered(realPaths, path, () => realPath(path)),
    readText: (path) => remembered(texts, path, () => fs.readText(path)),
    readFile: (path) => fs.readFile(path),
    async readDir(path) {
      const entries = await remembered(listings, path, async () => {
        const listed = await fs.readDir(path);
        for (const entry of listed) listedKinds.set(posix.join(path, entry.name), entry.kind);
        return listed;
      });
      return [...entries];
    },
    openDirectory: (path) => fs.openDirectory(path),
    writeFile: forgetting((path: string, data: string | Uint8Array) => fs.writeFile(path, data)),
    remove: forgetting((path: string, options?: { recursive?: boolean }) => fs.remove(path, options)),
    mkdir: forgetting((path: string) => fs.mkdir(path)),
  };
  return view;
}

/** The memoized answer for `key`, asking `ask` the first time (a failure is remembered too). */
function remembered<T>(memo: Map<string, Promise<T>>, key: string, ask: () => Promise<T>): Promise<T> {
  let answer = memo.get(key);
  if (answer === undefined) {
    answer = ask();
    memo.set(key, answer);
  }
  return answer;
}
