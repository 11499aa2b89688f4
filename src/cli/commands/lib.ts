/** `llm-do lib install PATH | list | remove NAME[@VER] | info NAME`: installed libraries ($LLM_DO_HOME/libs). */
import { resolve } from 'node:path';
import { installedLibrariesDir } from '../../project/library-locations.ts';
import { installLibrary, libraryInfo, listLibraries, removeLibrary, type LibraryStoreOptions } from '../../project/library-store.ts';
import { createNodeFileSystem } from '../../sandbox/node-file-system.ts';
import { printError, printLine, type CliIO } from '../io.ts';
import { terminalSafeJson } from '../terminal-text.ts';
import { exitCodeOf } from './check.ts';

function storeOptions(io: CliIO): LibraryStoreOptions {
  return { fs: createNodeFileSystem(), homeDir: io.homeDir, env: io.env };
}

/** Validates the library at `path` and copies it to `$LLM_DO_HOME/libs/NAME@VERSION/`. */
export function runLibInstall(path: string, io: CliIO): Promise<number> {
  return exitCodeOf(io, async () => {
    const library = await installLibrary(storeOptions(io), resolve(io.cwd, path));
    printLine(io, `installed ${library.name}@${library.version} to ${library.root}`);
  });
}

/** Options of `lib list`. */
export interface LibListOptions {
  json?: boolean;
}

/** Lists installed libraries: a table, or with `json` an array of `{name, version, description, path, exports, dependencies}`. */
export function runLibList(options: LibListOptions, io: CliIO): Promise<number> {
  return exitCodeOf(
    io,
    async () => {
      const libraries = await listLibraries(storeOptions(io));
      if (options.json) {
        const rows = libraries.map((library) => ({
          name: library.name,
          version: library.version,
          description: library.description ?? null,
          path: library.root,
          exports: library.manifest.exports ?? null,
          dependencies: library.manifest.dependencies ?? [],
        }));
        printLine(io, terminalSafeJson(rows, 2));
        return;
      }
      if (libraries.length === 0) {
        printError(io, `no libraries installed in ${installedLibrariesDir(io)}`);
        return;
      }
      const width = Math.max(...libraries.map((library) => `${library.name}@${library.version}`.length));
      for (const library of libraries) printLine(io, `${`${library.name}@${library.version}`.padEnd(width)}  ${library.description ?? ''}`.trimEnd());
    },
    options.json,
  );
}

/** Removes `NAME@VERSION`, or every installed version of `NAME`. */
export function runLibRemove(spec: string, io: CliIO): Promise<number> {
  return exitCodeOf(io, async () => {
    for (const library of await removeLibrary(storeOptions(io), spec)) printLine(io, `removed ${library.name}@${library.version}`);
  });
}

/** Shows every installed version of a library: description, path, exports, dependencies, workers. */
export function runLibInfo(name: string, io: CliIO): Promise<number> {
  return exitCodeOf(io, async () => {
    const versions = await libraryInfo(storeOptions(io), name);
    versions.forEach((library, index) => {
      if (index > 0) printLine(io);
      printLine(io, `${library.name}@${library.version}`);
      if (library.description) printLine(io, `  description:  ${library.description}`);
      printLine(io, `  path:         ${library.root}`);
      printLine(io, `  exports:      ${library.manifest.exports ? library.manifest.exports.join(', ') || '(none)' : '(all workers)'}`);
      printLine(io, `  dependencies: ${(library.manifest.dependencies ?? []).join(', ') || '(none)'}`);
      printLine(io, `  workers:      ${library.workers.join(', ') || '(none)'}`);
    });
  });
}
