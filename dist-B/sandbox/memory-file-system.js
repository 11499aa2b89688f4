/**
 * An in-memory {@link FileSystem} for tests and for hosts without a disk. It follows POSIX
 * semantics closely enough for the sandbox's checks to mean the same thing as on Node: symlinks are
 * resolved physically (a `..` in a link target climbs from the link's real directory), a write
 * replaces a final symlink rather than following it (like rename), a held directory keeps
 * meaning the directory it opened (like a descriptor), and errors carry Node's codes.
 */
import { posix } from 'node:path';
/** Longest chain of symlinks followed before ELOOP, as on Linux. */
const MAX_SYMLINK_HOPS = 40;
function fsError(code, op, path) {
    return Object.assign(new Error(`${code}: ${op} '${path}'`), { code });
}
function segmentsOf(path) {
    return path.split('/').filter((segment) => segment !== '' && segment !== '.');
}
/**
 * Creates an in-memory file system holding `files` (absolute host paths → content); their parent
 * directories are implied.
 *
 * @example
 * const fs = createMemoryFileSystem({ '/p/input/a.txt': 'hello' });
 * fs.symlink('/etc/passwd', '/p/input/link');
 */
export function createMemoryFileSystem(files = {}) {
    const nodes = new Map();
    let nextIno = 1;
    const encoder = new TextEncoder();
    const now = () => Date.now();
    nodes.set('/', { kind: 'directory', mtimeMs: now(), ino: nextIno++ });
    /** Resolves `path` physically; returns the canonical location and the node there (if any). */
    function walk(path, followFinal, op) {
        // Not posix.resolve: `..` must climb from where a symlink really led, as the kernel does.
        let pending = segmentsOf(path);
        let current = '/';
        let hops = 0;
        while (pending.length > 0) {
            const segment = pending.shift();
            if (segment === '..') {
                current = posix.dirname(current);
                continue;
            }
            const next = posix.join(current, segment);
            const node = nodes.get(next);
            const isLast = pending.length === 0;
            if (!node) {
                if (isLast)
                    return { canonical: next, node: undefined };
                throw fsError('ENOENT', op, path);
            }
            if (node.kind === 'symlink' && (!isLast || followFinal)) {
                if (++hops > MAX_SYMLINK_HOPS)
                    throw fsError('ELOOP', op, path);
                if (node.target.startsWith('/'))
                    current = '/';
                pending = [...segmentsOf(node.target), ...pending];
                continue;
            }
            if (!isLast && node.kind !== 'directory')
                throw fsError('ENOTDIR', op, path);
            current = next;
        }
        return { canonical: current, node: nodes.get(current) };
    }
    function existing(path, followFinal, op) {
        const { canonical, node } = walk(path, followFinal, op);
        if (!node)
            throw fsError('ENOENT', op, path);
        return { canonical, node };
    }
    function statOf(node) {
        const size = node.kind === 'file' ? node.data.length : node.kind === 'symlink' ? node.target.length : 0;
        return { kind: node.kind, size, mtimeMs: node.mtimeMs, dev: 1, ino: node.ino };
    }
    function statOrUndefined(path, followFinal) {
        try {
            const { node } = walk(path, followFinal, 'stat');
            return node ? statOf(node) : undefined;
        }
        catch (error) {
            const code = error.code;
            if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'ELOOP')
                return undefined;
            throw error;
        }
    }
    function mkdirSync(path) {
        let current = '/';
        for (const segment of segmentsOf(path)) {
            if (segment === '..') {
                current = posix.dirname(current);
                continue;
            }
            const { canonical, node } = walk(posix.join(current, segment), true, 'mkdir');
            if (!node)
                nodes.set(canonical, { kind: 'directory', mtimeMs: now(), ino: nextIno++ });
            else if (node.kind !== 'directory')
                throw fsError('ENOTDIR', 'mkdir', path);
            current = canonical;
        }
        return current;
    }
    function writeSync(path, data) {
        const name = posix.basename(path);
        if (name === '' || name === '.' || name === '..')
            throw fsError('EISDIR', 'open', path);
        const target = posix.join(mkdirSync(posix.dirname(path)), name);
        if (nodes.get(target)?.kind === 'directory')
            throw fsError('EISDIR', 'open', path);
        const bytes = typeof data === 'string' ? encoder.encode(data) : new Uint8Array(data);
        // Replacing the node (not following a final symlink) is what rename() of a temp file does.
        nodes.set(target, { kind: 'file', data: bytes, mtimeMs: now(), ino: nextIno++ });
    }
    function readSync(path) {
        const { node } = existing(path, true, 'open');
        if (node.kind === 'directory')
            throw fsError('EISDIR', 'read', path);
        return node.data.slice();
    }
    function fileHandle(node, path) {
        // Like a file descriptor, the handle keeps the node it opened even if the path is replaced.
        return {
            async stat() {
                return statOf(node);
            },
            async read(maxBytes, signal) {
                signal?.throwIfAborted();
                if (node.kind !== 'file')
                    throw fsError('EISDIR', 'read', path);
                return node.data.slice(0, maxBytes ?? node.data.length);
            },
            async close() { },
        };
    }
    /** A held directory: names resolve under `canonical` only while that path still holds this node. */
    function directoryHandle(canonical, node, path) {
        if (node.kind === 'symlink')
            throw fsError('ELOOP', 'open', path);
        if (node.kind !== 'directory')
            throw fsError('ENOTDIR', 'open', path);
        const entry = (name, op) => {
            // A removed directory has no entries, as on disk; its replacement is not looked into.
            if (nodes.get(canonical) !== node)
                throw fsError('ENOENT', op, `${path}/${name}`);
            const at = posix.join(canonical, name);
            return { at, child: nodes.get(at) };
        };
        const present = (name, op) => {
            const { at, child } = entry(name, op);
            if (!child)
                throw fsError('ENOENT', op, `${path}/${name}`);
            return { at, child };
        };
        return {
            async realPath() {
                return nodes.get(canonical) === node ? canonical : `${canonical} (deleted)`;
            },
            async stat() {
                return statOf(node);
            },
            async readDir() {
                return nodes.get(canonical) === node ? listDir(canonical) : [];
            },
            async lstat(name) {
                const { child } = entry(name, 'lstat');
                return child ? statOf(child) : undefined;
            },
            async openFile(name) {
                const { child } = present(name, 'open');
                if (child.kind === 'symlink')
                    throw fsError('ELOOP', 'open', `${path}/${name}`);
                return fileHandle(child, `${path}/${name}`);
            },
            async openDirectory(name) {
                const { at, child } = present(name, 'open');
                return directoryHandle(at, child, `${path}/${name}`);
            },
            async mkdir(name) {
                const { at, child } = entry(name, 'mkdir');
                if (!child)
                    nodes.set(at, { kind: 'directory', mtimeMs: now(), ino: nextIno++ });
            },
            async writeFile(name, data, signal) {
                signal?.throwIfAborted();
                const { at, child } = entry(name, 'open');
                if (child?.kind === 'directory')
                    throw fsError('EISDIR', 'open', `${path}/${name}`);
                nodes.set(at, { kind: 'file', data: new Uint8Array(data), mtimeMs: now(), ino: nextIno++ });
            },
            async remove(name) {
                const { at, child } = present(name, 'unlink');
                if (child.kind === 'directory')
                    throw fsError('EISDIR', 'unlink', `${path}/${name}`);
                nodes.delete(at);
            },
            async close() { },
        };
    }
    function listDir(canonical) {
        const entries = [];
        for (const [key, child] of nodes) {
            if (key !== '/' && posix.dirname(key) === canonical)
                entries.push({ name: posix.basename(key), kind: child.kind });
        }
        return entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    }
    for (const [path, content] of Object.entries(files))
        writeSync(path, content);
    return {
        async readFile(path) {
            return readSync(path);
        },
        async readText(path) {
            return new TextDecoder().decode(readSync(path));
        },
        async writeFile(path, data) {
            writeSync(path, data);
        },
        async remove(path, options) {
            const { canonical, node } = walk(path, false, 'rm');
            if (!node)
                return;
            const prefix = `${canonical}/`;
            if (node.kind === 'directory') {
                if (!options?.recursive)
                    throw fsError('EISDIR', 'rm', path);
                for (const key of [...nodes.keys()])
                    if (key.startsWith(prefix))
                        nodes.delete(key);
            }
            if (canonical !== '/')
                nodes.delete(canonical);
        },
        async stat(path) {
            return statOrUndefined(path, true);
        },
        async lstat(path) {
            return statOrUndefined(path, false);
        },
        async realpath(path) {
            return existing(path, true, 'realpath').canonical;
        },
        async readDir(path) {
            const { canonical, node } = existing(path, true, 'scandir');
            if (node.kind !== 'directory')
                throw fsError('ENOTDIR', 'scandir', path);
            return listDir(canonical);
        },
        async mkdir(path) {
            mkdirSync(path);
        },
        async openDirectory(path) {
            const { canonical, node } = existing(path, false, 'open');
            return directoryHandle(canonical, node, path);
        },
        symlink(target, path) {
            const at = posix.join(mkdirSync(posix.dirname(path)), posix.basename(path));
            if (nodes.has(at))
                throw fsError('EEXIST', 'symlink', path);
            nodes.set(at, { kind: 'symlink', target, mtimeMs: now(), ino: nextIno++ });
        },
    };
}
