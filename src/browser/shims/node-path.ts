/**
 * `node:path` in the browser bundle: Node's own `path.posix`, ported by `path-browserify`, so paths
 * mean exactly what they mean under Node (a backslash is an ordinary character, as on POSIX). The
 * one difference: `resolve` of relative paths starts from `/`, since a page has no current directory.
 */
// @ts-expect-error path-browserify ships no types; its API is node:path's posix one, declared below.
import pathBrowserify from 'path-browserify';
import type { posix as NodePosix } from 'node:path';

const port = pathBrowserify as typeof NodePosix;

export const posix: typeof NodePosix = { ...port, resolve: (...paths) => port.resolve('/', ...paths) };
