/**
 * The library dependency closure of a project (docs/project.md): each spec is found in the search
 * locations (the first location that has it wins; unversioned = highest version there), then its own
 * dependencies, depth first. Cycles and version conflicts are errors naming the libraries involved.
 */
import { ProjectError } from '../errors.ts';
import type { FileSystem } from '../sandbox/file-system.ts';
import type { LibraryInfo } from './types.ts';
import { findLibraryCandidates, type LibraryLocation } from './library-locations.ts';
import { compareVersions, formatSpec, parseDependencySpec, versionMatches, type DependencySpec } from './versions.ts';

/** Inputs of {@link resolveLibraries}. */
export interface ResolveLibrariesOptions {
  fs: FileSystem;
  locations: readonly LibraryLocation[];
  /** How the project is named in conflict messages (its manifest name). */
  requirer: string;
  /** The project's `dependencies`. */
  dependencies: readonly string[];
  /** Display path of the file declaring them (for error locations). */
  declaredIn: string | undefined;
  /** When the project is itself a library: its name, so a dependency back on it is a cycle. */
  selfName?: string;
}

interface Requirement {
  requirer: string;
  spec: DependencySpec;
}

/** Thrown inside one attempt when an unversioned choice must be re-made as a pinned version. */
class Repin {
  constructor(
    readonly name: string,
    readonly requirement: Requirement,
  ) {}
}

/** Resolves the dependency closure; libraries in first-encounter (depth-first, manifest) order. */
export async function resolveLibraries(options: ResolveLibrariesOptions): Promise<LibraryInfo[]> {
  const pins = new Map<string, Requirement>();
  for (;;) {
    try {
      return await attempt(options, pins);
    } catch (error) {
      if (!(error instanceof Repin)) throw error;
      pins.set(error.name, error.requirement);
    }
  }
}

async function attempt(options: ResolveLibrariesOptions, pins: ReadonlyMap<string, Requirement>): Promise<LibraryInfo[]> {
  const chosen = new Map<string, { info: LibraryInfo; requirements: Requirement[] }>();
  const order: LibraryInfo[] = [];

  async function visit(rawSpec: string, requirer: string, declaredIn: string | undefined, stack: readonly string[]): Promise<void> {
    const spec = parseDependencySpec(rawSpec);
    const requirement = { requirer, spec };
    if (stack.includes(spec.name)) {
      const cycle = [...stack.slice(stack.indexOf(spec.name)), spec.name].join(' → ');
      throw new ProjectError('circular-dependency', `circular library dependency: ${cycle}`, { file: declaredIn, field: 'dependencies' });
    }
    const existing = chosen.get(spec.name);
    if (existing) {
      if (spec.version !== undefined && !versionMatches(existing.info.version, spec.version)) {
        const earlier = existing.requirements.find((r) => r.spec.version !== undefined) ?? pins.get(spec.name);
        if (!earlier) throw new Repin(spec.name, requirement);
        throw conflictError(spec.name, earlier, requirement, declaredIn);
      }
      existing.requirements.push(requirement);
      if (!existing.info.requiredBy.includes(requirer)) existing.info.requiredBy.push(requirer);
      return;
    }
    const pinned = spec.version === undefined ? pins.get(spec.name) : undefined;
    const info = await findLibrary(options, pinned ? pinned.spec : spec, declaredIn);
    info.requiredBy.push(requirer);
    chosen.set(spec.name, { info, requirements: pinned ? [pinned, requirement] : [requirement] });
    order.push(info);
    const label = `${info.name}@${info.version}`;
    for (const dependency of info.manifest.dependencies ?? []) {
      await visit(dependency, label, `${info.root}/lib.yaml`, [...stack, spec.name]);
    }
  }

  const root = options.selfName === undefined ? [] : [options.selfName];
  for (const dependency of options.dependencies) await visit(dependency, options.requirer, options.declaredIn, root);
  return order;
}

function conflictError(name: string, first: Requirement, second: Requirement, declaredIn: string | undefined): ProjectError {
  const describe = (r: Requirement) => `${r.requirer} requires ${formatSpec({ name, version: r.spec.version })}`;
  return new ProjectError('version-conflict', `version conflict for ${name}: ${describe(first)}; ${describe(second)}`, {
    file: declaredIn,
    field: 'dependencies',
  });
}

async function findLibrary(options: ResolveLibrariesOptions, spec: DependencySpec, declaredIn: string | undefined): Promise<LibraryInfo> {
  const candidates = await findLibraryCandidates(options.fs, options.locations, spec.name);
  const matching = candidates.filter((c) => spec.version === undefined || versionMatches(c.manifest.version, spec.version));
  const firstLocation = Math.min(...matching.map((c) => c.location));
  const best = matching.filter((c) => c.location === firstLocation).sort((a, b) => compareVersions(b.manifest.version, a.manifest.version))[0];
  if (!best) {
    const looked = options.locations.map((l) => l.label).join(', ');
    const versions = [...new Set(candidates.map((c) => c.manifest.version))].sort(compareVersions);
    const installed = versions.length > 0 ? `; available versions: ${versions.join(', ')}` : '';
    throw new ProjectError(
      'library-not-found',
      `library ${formatSpec(spec)} not found${installed} (looked in ${looked}); install it with llm-do lib install DIR, or pass --lib DIR`,
      {
        file: declaredIn,
        field: 'dependencies',
      },
    );
  }
  return { name: best.manifest.name, version: best.manifest.version, root: best.root, manifest: best.manifest, requiredBy: [] };
}
