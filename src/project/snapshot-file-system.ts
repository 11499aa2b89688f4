/**
 * The file system as one `check` pass sees it: each directory is listed once, and its listing
 * answers for its entries. A name it lacks is not there (no stat: most names `check` tries are
 * candidates that do not exist), and a path whose last entry is not a symbolic link has its
 * directory's real path plus its name as real path, so real paths cost one native `realpath` per
 * directory, not one per file. Stats of existing paths and texts are asked once, so the template
 * every worker includes is read once.
 *
 * Only for a pass that reads a tree nobody changes meanwhile. A run must not use it: there the model
 * acts between two lookups, and a stale answer about a symbolic link would be an escape. A write
 * through this view goes to the real file system and forgets everything remembered.
 */
import { errorCode, type DirEntry, type FileKind, type FileStat, type FileSystem } from '../sandbox/file-system.ts';

/** What a directory's listing tells about its entries. */
interface Listing {
  entries: DirEntry[];
  kinds: Map<string, FileKind>;
  /** Names lower-cased: on a case-insensitive file system a name differing only in case is there too. */
  folded: Set<string>;
}

/** `fs` seen through a memo of its answers. */
export function snapshotFileSystem(fs: FileSystem): FileSystem {
  /** Stats of paths that exist (an absent one is answered by its directory's listing). */
  const stats = new Map<string, Promise<FileStat | undefined>>();
  /** Real paths derived so far (the worker file, the shared template and the tool module are asked again and again). */
  const realPaths = new Map<string, Promise<string>>();
  /** Native real paths of directories, from which the real paths of their entries are derived. */
  const realDirectories = new Map<string, Promise<string>>();
  const texts = new Map<string, Promise<string>>();
  const listings = new Map<string, Promise<Listing>>();
  /** What is known of each directory looked into: its listing, or that it is absent (or cannot be listed: undefined). */
  const directories = new Map<string, Promise<Listing | 'absent' | undefined>>();
  /** The same, for the directories whose answer has arrived (`CANNOT_LIST` for undefined). */
  const knownDirectories = new Map<string, Listing | 'absent' | typeof CANNOT_LIST>();
  /** Counts the writes: an answer asked before one is not remembered after it. */
  let writes = 0;
  const forgetAll = () => {
    writes++;
    [stats, realPaths, realDirectories, texts, listings, directories, knownDirectories].forEach((memo) => memo.clear());
  };
  const forgetting =
    <A extends unknown[], R>(write: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await write(...args);
      } finally {
        forgetAll();
      }
    };

  function list(dir: string): Promise<Listing> {
    return remembered(listings, dir, async () => {
      const entries = await fs.readDir(dir);
      return { entries, kinds: new Map(entries.map((entry) => [entry.name, entry.kind])), folded: new Set(entries.map((entry) => entry.name.toLowerCase())) };
    });
  }

  /**
   * {@link entryKind} answered at once when the directory's listing is already known, else
   * `NOT_YET`. Most lookups of a check are answered here: awaiting a promise for each of them took
   * a fifth of the time in allocation and garbage collection (bench/RESULTS.md, session 8).
   */
  function knownEntryKind(path: string): FileKind | 'absent' | undefined | typeof NOT_YET {
    // Only a normalised absolute path is "directory + name"; `/` has no directory.
    if (!path.startsWith('/') || NOT_NORMALISED.test(path)) return undefined;
    const slash = path.lastIndexOf('/');
    const listing = knownDirectories.get(slash === 0 ? '/' : path.slice(0, slash));
    if (listing === undefined) return NOT_YET;
    if (listing === CANNOT_LIST) return undefined;
    return listing === 'absent' ? listing : kindIn(listing, path.slice(slash + 1));
  }

  /**
   * The kind of the last entry of `path` (a symlink is `symlink`) from its directory's listing;
   * `absent` when it is surely not there, `undefined` when the listing cannot tell.
   */
  async function entryKind(path: string): Promise<FileKind | 'absent' | undefined> {
    const known = knownEntryKind(path);
    if (known !== NOT_YET) return known;
    const slash = path.lastIndexOf('/');
    const listing = await listingOf(slash === 0 ? '/' : path.slice(0, slash));
    return listing === 'absent' || listing === undefined ? listing : kindIn(listing, path.slice(slash + 1));
  }

  /** The listing of `dir`; `absent` when it is not a directory, which its own directory's listing may already tell. */
  function listingOf(dir: string): Promise<Listing | 'absent' | undefined> {
    return remembered(directories, dir, async () => {
      const asked = writes;
      const kind = dir === '/' ? 'directory' : await entryKind(dir);
      let listing: Listing | 'absent' | undefined;
      if (kind === 'absent' || kind === 'file' || kind === 'other') listing = 'absent';
      else {
        try {
          listing = await list(dir);
        } catch (error) {
          const code = errorCode(error);
          listing = code === 'ENOENT' || code === 'ENOTDIR' ? 'absent' : undefined;
        }
      }
      if (asked === writes) knownDirectories.set(dir, listing ?? CANNOT_LIST);
      return listing;
    });
  }

  function stat(path: string): Promise<FileStat | undefined> {
    const known = stats.get(path);
    if (known !== undefined) return known;
    const kind = knownEntryKind(path);
    if (kind === NOT_YET) return statUnlessAbsent(path);
    return kind === 'absent' ? NO_STAT : remembered(stats, path, () => fs.stat(path));
  }

  async function statUnlessAbsent(path: string): Promise<FileStat | undefined> {
    return (await entryKind(path)) === 'absent' ? undefined : remembered(stats, path, () => fs.stat(path));
  }

  function realPath(path: string): Promise<string> {
    return realPaths.get(path) ?? derivedRealPath(path);
  }

  async function derivedRealPath(path: string): Promise<string> {
    const kind = await entryKind(path);
    if (kind === undefined || kind === 'absent' || kind === 'symlink') return fs.realpath(path);
    const slash = path.lastIndexOf('/');
    const parent = slash === 0 ? '/' : path.slice(0, slash);
    const realParent = await remembered(realDirectories, parent, () => fs.realpath(parent));
    const real = `${realParent === '/' ? '' : realParent}/${path.slice(slash + 1)}`;
    realPaths.set(path, Promise.resolve(real));
    return real;
  }

  return {
    stat,
    lstat: (path) => fs.lstat(path),
    realpath: realPath,
    readText: (path) => remembered(texts, path, () => fs.readText(path)),
    readFile: (path) => fs.readFile(path),
    readDir: async (path) => [...(await list(path)).entries],
    openDirectory: (path) => fs.openDirectory(path),
    writeFile: forgetting((path: string, data: string | Uint8Array) => fs.writeFile(path, data)),
    remove: forgetting((path: string, options?: { recursive?: boolean }) => fs.remove(path, options)),
    mkdir: forgetting((path: string) => fs.mkdir(path)),
  };
}

/** What the kind of `name` in `listing` is, as {@link entryKind} answers it. */
function kindIn(listing: Listing, name: string): FileKind | 'absent' | undefined {
  const kind = listing.kinds.get(name);
  if (kind !== undefined) return kind;
  // A non-ASCII name may be stored under another Unicode normalisation (macOS): ask the file system.
  return ASCII.test(name) && !listing.folded.has(name.toLowerCase()) ? 'absent' : undefined;
}

const NOT_YET = Symbol('listing not yet known');
const CANNOT_LIST = Symbol('directory cannot be listed');
/** The answer for every path known to be absent (one promise, not one per lookup). */
const NO_STAT: Promise<FileStat | undefined> = Promise.resolve(undefined);
const ASCII = /^[\x20-\x7e]*$/;
/** An empty, `.` or `..` segment, or a trailing `/`. */
const NOT_NORMALISED = /\/(?:\.{0,2})(?:\/|$)/;

/** The memoized answer for `key`, asking `ask` the first time (a failure is remembered too). */
function remembered<T>(memo: Map<string, Promise<T>>, key: string, ask: () => Promise<T>): Promise<T> {
  let answer = memo.get(key);
  if (answer === undefined) {
    answer = ask();
    memo.set(key, answer);
  }
  return answer;
}
