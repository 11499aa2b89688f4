/**
 * Reads what `planMigration` needs of a project directory: worker files, the manifest and templates
 * with their text, and the names of its Python modules. Walks the tree the way scanning does
 * (docs/project.md, "Scanning"): `.git/`, `.venv/`, `node_modules/` and `__pycache__/` are skipped,
 * and so are `.llm-do/` and other hidden directories.
 */
import { ProjectError } from '../../errors.ts';
import type { FileSystem } from '../../sandbox/file-system.ts';
import type { PlanInput, ProjectText } from './plan-migration.ts';

const SKIPPED = new Set(['node_modules', '__pycache__', 'venv']);
/** Files read past this many are a sign of the wrong directory, not of a project. */
const MAX_FILES = 5000;
/** Larger files are no worker or template of a project (worker files are refused over 1 MiB). */
const MAX_BYTES = 1024 * 1024;

const TEXT_FILE =
  /^(.*\.worker|(project|llm-do|program|workshop)\.yaml|project\.json|workers\/.*\.ya?ml|((prompts|templates)\/.*|[^/]+)\.(jinja2?|j2|md|txt))$/;

/** The files of the project at `root` (an absolute path) that matter to the migration. */
export async function readMigrationInput(fs: FileSystem, root: string): Promise<PlanInput> {
  const files: ProjectText[] = [];
  const others: string[] = [];
  let seen = 0;
  const walk = async (dir: string, prefix: string): Promise<void> => {
    for (const entry of await fs.readDir(dir)) {
      const path = `${prefix}${entry.name}`;
      if (entry.kind === 'directory') {
        if (!entry.name.startsWith('.') && !SKIPPED.has(entry.name)) await walk(`${dir}/${entry.name}`, `${path}/`);
        continue;
      }
      if (entry.kind !== 'file') continue;
      seen += 1;
      if (seen > MAX_FILES) throw new ProjectError('invalid-input', `${root} has more than ${MAX_FILES} files: name the project directory itself`);
      if (path.endsWith('.py')) others.push(path);
      else if (TEXT_FILE.test(path) && ((await fs.stat(`${dir}/${entry.name}`))?.size ?? 0) <= MAX_BYTES) {
        files.push({ path, text: await fs.readText(`${dir}/${entry.name}`) });
      }
    }
  };
  await walk(root, '');
  return { files, others };
}
