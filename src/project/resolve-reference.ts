/**
 * Worker references → worker files (docs/project.md). Forms: bare or canonical id (`summarizer`,
 * `reports/summarizer`), explicit path (`./workers/x.worker`, extension optional, no fallback),
 * library reference (`utils:summarizer`, exported workers only). `..` anywhere, or a path that
 * resolves outside the root (also through a symlink), is `path escapes project root`.
 */
import { posix } from 'node:path';
import { ProjectError, type SourceLocation } from '../errors.ts';
import { isGlob } from '../glob/index.ts';
import type { FileSystem } from '../sandbox/file-system.ts';
import { existingFiles, hasParentSegment, isInside, isReallyInside, relativePath } from './paths.ts';
import { ambiguityError } from './scan.ts';
import { fullId, isExported, type Scope } from './scope.ts';
import { MAIN_WORKER_FILE, workerExtension, workerFileCandidates, workerIdForPath } from './worker-ids.ts';

/** A reference resolved to a file. */
export interface LocatedWorker {
  scope: Scope;
  file: string;
  /** Id inside its scope (without the library prefix). */
  localId: string;
}

/** What resolution needs besides the scope. */
export interface ResolutionEnv {
  fs: FileSystem;
  /** The scope of a library the project has loaded (closure), by name. */
  library(name: string): Scope | undefined;
  builtin?: Scope;
}

/** Resolves `ref` as seen from `scope`. `context` (the referring file and field) goes into errors. */
export async function locateWorker(env: ResolutionEnv, ref: string, scope: Scope, context: SourceLocation = {}): Promise<LocatedWorker> {
  if (isGlob(ref)) {
    throw new ProjectError('invalid-field', `worker reference ${ref} is a glob; globs are allowed only in allowed_workers`, context);
  }
  if (hasParentSegment(ref) || ref.includes('\\')) {
    throw new ProjectError('path-escape', `path escapes project root: ${ref}`, context);
  }
  const colon = ref.indexOf(':');
  if (colon >= 0) return locateInLibrary(env, ref.slice(0, colon), ref.slice(colon + 1), scope, context);
  if (ref.startsWith('./') || ref.startsWith('/')) return locatePath(env, ref, scope, context);
  // A reference with a worker extension is a path relative to the root (docs/project.md, "Worker references").
  if (workerExtension(ref)) return locatePath(env, `./${ref}`, scope, context);
  const found = (await findById(env.fs, ref, scope, context)) ?? (await findInDependencies(env, ref, scope, context));
  if (found) return found;
  throw notFound(ref, scope, env.builtin !== undefined, context);
}

async function findById(fs: FileSystem, id: string, scope: Scope, context: SourceLocation): Promise<LocatedWorker | undefined> {
  if (scope.standalone?.id === id) return { scope, file: scope.standalone.file, localId: id };
  const base = posix.join(scope.root, scope.workersRoot);
  const candidates = workerFileCandidates(id).map((candidate) => posix.join(base, candidate));
  // With `workers.root: .` the root's main.worker is already a candidate.
  const rootMain = posix.join(scope.root, MAIN_WORKER_FILE);
  if (id === 'main' && !candidates.includes(rootMain)) candidates.push(rootMain);
  const existing = await existingFiles(fs, candidates);
  if (existing.length > 1)
    throw ambiguityError(
      fullId(scope, id),
      existing.map((file) => display(scope, file)),
    );
  const file = existing[0];
  if (file === undefined) return undefined;
  await assertContained(fs, scope, file, id, context);
  return { scope, file, localId: id };
}

async function findInDependencies(env: ResolutionEnv, id: string, scope: Scope, context: SourceLocation): Promise<LocatedWorker | undefined> {
  for (const dependency of scope.dependencies) {
    const libraryScope = env.library(dependency.name);
    if (!libraryScope || !isExported(libraryScope, id)) continue;
    const found = await findById(env.fs, id, libraryScope, context);
    if (found) return found;
  }
  return env.builtin && scope.kind !== 'library' ? findById(env.fs, id, env.builtin, context) : undefined;
}

async function locateInLibrary(env: ResolutionEnv, name: string, id: string, scope: Scope, context: SourceLocation): Promise<LocatedWorker> {
  const own = scope.library?.name === name;
  if (!own && !scope.dependencies.some((dependency) => dependency.name === name)) {
    const where = scope.library ? `library ${scope.library.name}` : 'the project';
    throw new ProjectError('library-not-found', `library ${name} (in ${name}:${id}) is not a dependency of ${where}; add it to dependencies`, context);
  }
  const libraryScope = own ? scope : env.library(name);
  if (!libraryScope || id.length === 0 || id.startsWith('./') || id.startsWith('/')) {
    throw new ProjectError('worker-not-found', `invalid library reference ${name}:${id}; expected LIBRARY:WORKER_ID`, context);
  }
  if (!own && !isExported(libraryScope, id)) {
    const exported = [...(libraryScope.exports ?? [])].join(', ') || 'none';
    throw new ProjectError('worker-not-found', `worker ${id} is not exported by library ${name} (exports: ${exported})`, context);
  }
  const found = await findById(env.fs, id, libraryScope, context);
  if (!found)
    throw new ProjectError(
      'worker-not-found',
      `worker ${name}:${id} not found: library ${name} has no workers/${id}.worker, .yaml, .yml or workers/${id}/worker.worker`,
      context,
    );
  return found;
}

async function locatePath(env: ResolutionEnv, ref: string, scope: Scope, context: SourceLocation): Promise<LocatedWorker> {
  const target = posix.resolve(scope.root, ref);
  if (!isInside(scope.root, target)) throw new ProjectError('path-escape', `path escapes project root: ${ref}`, context);
  const candidates = workerExtension(target) ? [target] : workerFileCandidates(target);
  const existing = await existingFiles(env.fs, candidates);
  const rel = relativePath(scope.root, target);
  if (existing.length > 1)
    throw ambiguityError(
      ref,
      existing.map((file) => display(scope, file)),
    );
  const file = existing[0];
  if (file === undefined) {
    const tried = workerExtension(target) ? rel : `${rel}.worker, .yaml, .yml or ${rel}/worker.worker`;
    throw new ProjectError('worker-not-found', `worker ${ref} not found: no file ${scope.displayPrefix}${tried}`, context);
  }
  const localId = workerIdForPath(relativePath(scope.root, file), scope.workersRoot);
  await assertContained(env.fs, scope, file, ref, context);
  return { scope, file, localId };
}

async function assertContained(fs: FileSystem, scope: Scope, file: string, ref: string, context: SourceLocation): Promise<void> {
  if (!(await isReallyInside(fs, scope.realRoot, file))) {
    throw new ProjectError('path-escape', `path escapes project root: ${ref} (${display(scope, file)} is a symlink to outside)`, context);
  }
}

function display(scope: Scope, file: string): string {
  return scope.displayPrefix + relativePath(scope.root, file);
}

function notFound(ref: string, scope: Scope, hasBuiltins: boolean, context: SourceLocation): ProjectError {
  const base = posix.join(scope.workersRoot, ref);
  const places = [`${scope.displayPrefix}${base}.worker, .yaml, .yml`, `${scope.displayPrefix}${base}/worker.worker`];
  if (ref === 'main') places.push(`${scope.displayPrefix}${MAIN_WORKER_FILE}`);
  if (scope.dependencies.length > 0) places.push(`the exports of ${scope.dependencies.map((d) => d.name).join(', ')}`);
  if (hasBuiltins && scope.kind !== 'library') places.push('the built-in workers');
  return new ProjectError('worker-not-found', `worker ${ref} not found (looked in ${places.join('; ')})`, context);
}
