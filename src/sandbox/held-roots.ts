/**
 * Mount roots held open for the life of a worker call. Every file operation of the sandbox opens
 * the mount root and checks that the directory it got is the checked root (`opened-path.ts`); on
 * a real disk that is an open, a read of the handle's real path and a close per operation (about
 * 5% of the CPU of a model step whose tool stats a file, bench/RESULTS.md). With a holder, the
 * root is opened and checked that way once, its identity (device and inode) kept, and each later
 * operation checks only that the root's path still names that very directory (one `lstat`): a
 * root swapped for a link, or for another directory, is refused as before. A handle is closed
 * once the holder is released and no operation still uses it, so a descriptor number is never
 * reused under an operation in flight.
 */
import type { FileSystem, OpenedDirectory } from './file-system.ts';
import { changedWhileOpening, notFound } from './refusals.ts';

/** Opens a mount root the unheld way: by its path, checked against its real path, closed by the caller. */
export type OpenRoot = () => Promise<OpenedDirectory>;

/** The mount roots one worker call holds open. */
export interface HeldRoots {
  /**
   * The mount root at `root` (a real path), open: the held handle when the path still names the
   * directory held, else opened by `open` (and held, unless the holder was released). The caller
   * closes what it gets; closing a held root only ends this use of it.
   * @throws SandboxError `symlink-escape` when the path no longer names the held directory
   */
  open(fs: FileSystem, root: string, virtual: string, open: OpenRoot): Promise<OpenedDirectory>;
  /** Closes every held root as soon as no operation uses it; later opens hold nothing. */
  release(): Promise<void>;
}

interface Held {
  dir: OpenedDirectory;
  dev: number;
  ino: number;
  users: number;
}

/** A holder with nothing held yet. */
export function createHeldRoots(): HeldRoots {
  const held = new Map<string, Promise<Held | undefined>>();
  let released = false;

  async function hold(open: OpenRoot): Promise<Held | undefined> {
    const dir = await open();
    const { dev, ino } = await dir.stat().catch(async (error: unknown) => {
      await dir.close();
      throw error;
    });
    // A backend that cannot tell one directory from another gets no holding.
    if (dev === undefined || ino === undefined) {
      await dir.close();
      return undefined;
    }
    return { dir, dev, ino, users: 0 };
  }

  const closeIfUnused = (entry: Held) => (released && entry.users === 0 ? entry.dir.close() : Promise.resolve());

  return {
    async open(fs, root, virtual, open) {
      if (released) return open();
      let holding = held.get(root);
      if (!holding) {
        holding = hold(open);
        held.set(root, holding);
        // A root that failed to open is tried again by the next operation.
        holding.catch(() => held.delete(root));
      }
      const entry = await holding;
      if (!entry || released) return open();
      entry.users++;
      let closed = false;
      const close = async () => {
        if (closed) return;
        closed = true;
        entry.users--;
        await closeIfUnused(entry);
      };
      try {
        // What opening by path checked on every operation: the path still leads to the directory held.
        const now = await fs.lstat(root);
        // A root removed since is missing, as opening it by path would have found.
        if (now === undefined) throw notFound(virtual);
        if (now.kind !== 'directory' || now.dev !== entry.dev || now.ino !== entry.ino) throw changedWhileOpening(virtual);
      } catch (error) {
        await close();
        throw error;
      }
      return { ...entry.dir, close };
    },
    async release() {
      if (released) return;
      released = true;
      const entries = await Promise.all([...held.values()].map((holding) => holding.catch(() => undefined)));
      held.clear();
      await Promise.all(entries.map((entry) => (entry ? closeIfUnused(entry) : undefined)));
    },
  };
}
