/**
 * The `filesystem` toolset (docs/tools.md): sandboxed file tools. Every path is a virtual path of the
 * calling worker's sandbox (docs/security.md); the sandbox enforces mounts, modes, restrictions and caps, so these
 * tools only shape arguments and results for the model.
 */
import { z } from 'zod';
import { SandboxError, ToolError } from '../errors.ts';
import { MAX_GLOB_CHARS } from '../glob/index.ts';
import { MAX_READ_CHARS } from '../sandbox/limits.ts';
import type { Sandbox } from '../sandbox/types.ts';
import type { FilesystemToolsetConfig } from '../worker-file/schema.ts';
import { singleInstance, type ToolsetKind } from './toolset-kind.ts';
import type { ToolContext, ToolsetTool } from './types.ts';

/** At most this many paths are returned by one `list_files` call. */
export const LIST_FILES_LIMIT = 1000;

/** Default `max_chars` of `read_file`. */
export const READ_FILE_DEFAULT_MAX_CHARS = 200_000;

/** Hard limit of `read_file`: a larger `max_chars` is clamped to it. */
export const READ_FILE_MAX_CHARS = MAX_READ_CHARS;

/** `edit_file` edits files up to this size; larger ones are rewritten with `write_file`. */
export const EDIT_FILE_MAX_BYTES = 4 * 1024 * 1024;

/** Longest `old` text `edit_file` accepts. */
export const EDIT_FILE_MAX_OLD_CHARS = 100_000;

/** Longest `new` text `edit_file` accepts. */
export const EDIT_FILE_MAX_NEW_CHARS = 1_000_000;

/** `edit_file` counts occurrences of `old` up to this many (enough to say "include more context"). */
const MAX_COUNTED_OCCURRENCES = 100;

const TOOLSET = 'filesystem';

/**
 * The calling worker's sandbox, or a ToolError the model sees when the worker has no file access.
 * Shared by every tool that touches files (the shell tool uses it for its working directory).
 */
export function requireSandbox(context: ToolContext, tool: string): Sandbox {
  if (context.sandbox) return context.sandbox;
  throw new ToolError('no-sandbox', tool, 'this worker has no file access (it has no sandbox mounts)');
}

const pathField = z.string().min(1).describe('Virtual path in the sandbox, e.g. /input/notes.md');

const ListArgs = z.strictObject({
  path: z.string().min(1).default('/').describe('Virtual directory to list; default /'),
  pattern: z.string().min(1).max(MAX_GLOB_CHARS).default('**/*').describe('Glob relative to path: * ? ** [abc] {a,b}, e.g. **/*.md; default **/*'),
});
const ReadArgs = z.strictObject({
  path: pathField,
  max_chars: z
    .number()
    .int()
    .positive()
    .default(READ_FILE_DEFAULT_MAX_CHARS)
    .describe(`Characters to return at most; default ${READ_FILE_DEFAULT_MAX_CHARS}, larger values count as ${READ_FILE_MAX_CHARS}`),
});
const WriteArgs = z.strictObject({ path: pathField, content: z.string().describe('The whole new content of the file') });
const EditArgs = z.strictObject({
  path: pathField,
  old: z.string().min(1).max(EDIT_FILE_MAX_OLD_CHARS).describe('Exact text to replace; must occur exactly once in the file'),
  new: z.string().max(EDIT_FILE_MAX_NEW_CHARS).describe('Replacement text'),
});
const PathArgs = z.strictObject({ path: pathField });

/** Result of `list_files`: the virtual paths, and a note when some were left out. */
export interface ListFilesResult {
  files: string[];
  note?: string;
}

async function listFiles(args: z.infer<typeof ListArgs>, context: ToolContext): Promise<ListFilesResult> {
  const { path = '/', pattern = '**/*' } = args;
  const all = await requireSandbox(context, 'list_files').list(path, pattern);
  if (all.length <= LIST_FILES_LIMIT) return { files: all };
  const more = all.length - LIST_FILES_LIMIT;
  return {
    files: all.slice(0, LIST_FILES_LIMIT),
    note: `showing the first ${LIST_FILES_LIMIT} of ${all.length} files (${more} more); narrow path or pattern to see the rest`,
  };
}

async function readFile(args: z.infer<typeof ReadArgs>, context: ToolContext): Promise<string> {
  const { path, max_chars: maxChars = READ_FILE_DEFAULT_MAX_CHARS } = args;
  // The sandbox reads only a prefix of a long file and appends a visible truncation marker.
  return requireSandbox(context, 'read_file').read(path, { maxChars: Math.min(maxChars, READ_FILE_MAX_CHARS) });
}

async function writeFile(args: z.infer<typeof WriteArgs>, context: ToolContext): Promise<string> {
  await requireSandbox(context, 'write_file').write(args.path, args.content);
  return `wrote ${args.content.length} characters to ${args.path}`;
}

/**
 * Start offsets of the occurrences of `needle`, overlapping ones included (they make an edit
 * ambiguous too), at most `limit` of them: beyond that the exact count does not help the model.
 */
function occurrences(haystack: string, needle: string, limit: number): number[] {
  const found: number[] = [];
  for (let at = haystack.indexOf(needle); at !== -1 && found.length < limit; at = haystack.indexOf(needle, at + 1)) found.push(at);
  return found;
}

/** The whole text of a file small enough to edit. */
async function readForEdit(sandbox: Sandbox, path: string): Promise<string> {
  try {
    return new TextDecoder().decode(await sandbox.readBinary(path, { maxBytes: EDIT_FILE_MAX_BYTES }));
  } catch (error) {
    if (SandboxError.isInstance(error) && error.code === 'too-large') {
      throw new SandboxError(
        'too-large',
        error.path,
        `${error.path} is over the ${EDIT_FILE_MAX_BYTES}-byte limit of edit_file; rewrite it whole with write_file`,
      );
    }
    throw error;
  }
}

async function editFile(args: z.infer<typeof EditArgs>, context: ToolContext): Promise<string> {
  const sandbox = requireSandbox(context, 'edit_file');
  const { path, old, new: replacement } = args;
  const text = await readForEdit(sandbox, path);
  const found = occurrences(text, old, MAX_COUNTED_OCCURRENCES + 1);
  if (found.length === 0) {
    throw new ToolError('no-match', 'edit_file', `old text not found in ${path}; read the file and copy the exact text to replace`);
  }
  if (found.length > 1) {
    const count = found.length > MAX_COUNTED_OCCURRENCES ? `more than ${MAX_COUNTED_OCCURRENCES}` : String(found.length);
    throw new ToolError('ambiguous-match', 'edit_file', `old text found ${count} times in ${path}; include more context so it matches exactly once`);
  }
  const at = found[0] as number;
  await sandbox.write(path, text.slice(0, at) + replacement + text.slice(at + old.length));
  return `replaced 1 occurrence in ${path}`;
}

async function deleteFile(args: z.infer<typeof PathArgs>, context: ToolContext): Promise<string> {
  await requireSandbox(context, 'delete_file').delete(args.path);
  return `deleted ${args.path}`;
}

async function fileInfo(args: z.infer<typeof PathArgs>, context: ToolContext) {
  const stat = await requireSandbox(context, 'file_info').stat(args.path);
  return { path: stat.path, exists: stat.exists, kind: stat.kind, size: stat.size, mtime: stat.mtime };
}

/** The tools that change files: not offered to a worker whose sandbox is entirely read-only. */
export const FILESYSTEM_WRITE_TOOLS: readonly string[] = ['write_file', 'edit_file', 'delete_file'];

/**
 * The six `filesystem` tools. Reads (`list_files`, `read_file`, `file_info`) are pre-approved by
 * default; `write_file`, `edit_file` and `delete_file` ask. `config.approval` is not applied here:
 * the caller resolves it against each tool's `defaultRule` when building the toolbox (docs/tools.md).
 * With `writable: false` (every mount the worker sees is read-only) the write tools are left out,
 * so the model is not offered calls that can only fail.
 *
 * @example
 * const tools = createFilesystemToolset();
 * await tools.find((t) => t.name === 'read_file')!.execute({ path: '/input/a.md' }, context);
 */
export function createFilesystemToolset(_config?: FilesystemToolsetConfig, options: { writable?: boolean } = {}): ToolsetTool[] {
  const tools: ToolsetTool[] = [
    {
      toolset: TOOLSET,
      name: 'list_files',
      description: `List files in the sandbox. Returns virtual paths of files under \`path\` matching the glob \`pattern\` (relative to \`path\`; * ? ** [abc] {a,b}), sorted; at most ${LIST_FILES_LIMIT}.`,
      inputSchema: ListArgs,
      defaultRule: 'preApproved',
      idempotent: true,
      execute: listFiles,
    },
    {
      toolset: TOOLSET,
      name: 'read_file',
      description: `Read a text file from the sandbox. A file longer than \`max_chars\` is cut there, with a note saying so; call again with a larger \`max_chars\` to see more (at most ${READ_FILE_MAX_CHARS}).`,
      inputSchema: ReadArgs,
      defaultRule: 'preApproved',
      idempotent: true,
      execute: readFile,
    },
    {
      toolset: TOOLSET,
      name: 'write_file',
      description: 'Create or overwrite a text file in the sandbox with `content` (missing parent directories are created).',
      inputSchema: WriteArgs,
      defaultRule: 'ask',
      execute: writeFile,
    },
    {
      toolset: TOOLSET,
      name: 'edit_file',
      description: `Replace the one occurrence of \`old\` in a text file with \`new\`. Fails if \`old\` is missing or occurs more than once; include enough surrounding text to make it unique. Files up to ${EDIT_FILE_MAX_BYTES} bytes; use write_file for larger ones.`,
      inputSchema: EditArgs,
      defaultRule: 'ask',
      execute: editFile,
    },
    {
      toolset: TOOLSET,
      name: 'delete_file',
      description: 'Delete a file from the sandbox.',
      inputSchema: PathArgs,
      defaultRule: 'ask',
      execute: deleteFile,
    },
    {
      toolset: TOOLSET,
      name: 'file_info',
      description: 'Whether a path exists, and its kind (file or directory), size in bytes and modification time.',
      inputSchema: PathArgs,
      defaultRule: 'preApproved',
      idempotent: true,
      execute: fileInfo,
    },
  ];
  return options.writable === false ? tools.filter((tool) => !FILESYSTEM_WRITE_TOOLS.includes(tool.name)) : tools;
}

/** `filesystem`: list, read, write, edit and delete files in the calling worker's sandbox. */
export const filesystemToolset: ToolsetKind<FilesystemToolsetConfig> = {
  kind: 'filesystem',
  summary: 'list, read, write, edit and delete files in the sandbox (reads pre-approved, writes ask)',
  needsSandbox: true,
  instances: singleInstance('filesystem'),
  create: (config, host) => createFilesystemToolset(config, { writable: host.sandbox?.describe().some((mount) => mount.mode === 'rw') ?? false }),
};
