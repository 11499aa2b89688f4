/**
 * Persistent grants (docs/tools.md): the `p` answer ("always, in this project") kept in
 * `.llm-do/approvals.yaml`. A grant approves one tool of one toolset called with exactly the
 * arguments the person saw — never another toolset's tool of the same name, never other arguments —
 * and never overrides a `blocked` rule (the gate checks rules first).
 */
import { isSeq, parseDocument } from 'yaml';
import { z } from 'zod';
import { UsageError } from '../errors.ts';
import { isNotFound, type FileSystem } from '../sandbox/file-system.ts';
import { parseYamlConfig } from '../worker-file/config-file.ts';
import { canonicalJson, type ToolKey } from './session-memory.ts';

/** Where a project keeps its grants, relative to its root. */
export const GRANTS_FILE = '.llm-do/approvals.yaml';

const HEADER = `# Persistent approval grants of this project (llm-do), written by the "p" answer.
# Each entry approves one tool of one toolset called with exactly these arguments, without asking.
# A blocked rule still wins. List: llm-do approvals rules; remove: llm-do approvals rules --revoke N
`;

const GrantSchema = z
  .object({
    toolset: z.string().min(1),
    tool: z.string().min(1),
    args: z.unknown(),
    granted_by: z.string(),
    granted_at: z.string(),
  })
  .strict();
const GrantsFileSchema = z.object({ grants: z.array(GrantSchema).default([]) }).strict();

/** One persistent grant as the file holds it. */
export type Grant = z.infer<typeof GrantSchema>;

/** The grants of one project: read once, consulted by the gate, appended to by `p`. */
export interface ProjectGrants {
  /** The file, for messages. */
  readonly file: string;
  /** The grants, in file order (`approvals rules` numbers them from 1). */
  list(): readonly Grant[];
  /** True when a grant covers this tool called with exactly these arguments. */
  covers(key: ToolKey, args: unknown): boolean;
  /** Adds a grant (re-reading the file first, so entries written meanwhile are kept). */
  add(key: ToolKey, args: unknown): Promise<void>;
  /** Removes grant number `n` (1-based) and returns it. */
  revoke(n: number): Promise<Grant>;
}

export interface OpenGrantsOptions {
  fs: FileSystem;
  /** Project root (host path). */
  root: string;
  /** Who answers `p` (recorded as `granted_by`). */
  who: string;
  /** @default Date.now */
  now?: () => number;
}

/**
 * Reads a project's grants. A missing file is no grants; a malformed one is a ProjectError naming
 * the file and line.
 */
export async function openProjectGrants(options: OpenGrantsOptions): Promise<ProjectGrants> {
  const { fs, root, who, now = Date.now } = options;
  const file = `${root.replace(/[\\/]+$/, '')}/${GRANTS_FILE}`;
  let grants = parseGrants(await readOrEmpty(fs, file), file);
  const keyOf = (key: ToolKey, args: unknown) => JSON.stringify([key.toolset, key.tool, canonicalJson(args)]);
  let covered = new Set(grants.map((grant) => keyOf(grant, grant.args)));

  // Edits go through the YAML document, so comments and entries written by hand survive.
  async function edit(change: (text: string) => string): Promise<void> {
    const text = change(await readOrEmpty(fs, file));
    grants = parseGrants(text, file);
    await fs.writeFile(file, text);
    covered = new Set(grants.map((grant) => keyOf(grant, grant.args)));
  }

  return {
    file,
    list: () => grants,
    covers: (key, args) => covered.has(keyOf(key, args)),
    async add(key, args) {
      const grant: Grant = { toolset: key.toolset, tool: key.tool, args, granted_by: who, granted_at: new Date(now()).toISOString() };
      await edit((text) => {
        parseGrants(text, file);
        const doc = parseDocument(text || HEADER);
        if (!isSeq(doc.get('grants'))) doc.set('grants', doc.createNode([]));
        (doc.get('grants') as { add(value: unknown): void }).add(doc.createNode(grant));
        return doc.toString();
      });
    },
    async revoke(n) {
      const revoked = grants[n - 1];
      if (grants.length === 0) throw new UsageError(`--revoke ${n}: ${file} holds no grants (there is nothing to revoke)`);
      if (!Number.isInteger(n) || !revoked) {
        throw new UsageError(`--revoke expects a grant number from 1 to ${grants.length} (see llm-do approvals rules), got ${n}`);
      }
      await edit((text) => {
        const doc = parseDocument(text);
        (doc.get('grants') as { delete(index: number): void }).delete(n - 1);
        return doc.toString();
      });
      return revoked;
    },
  };
}

function parseGrants(text: string, file: string): Grant[] {
  return parseYamlConfig(text, file, GrantsFileSchema, { what: 'approvals file' }).grants;
}

async function readOrEmpty(fs: FileSystem, file: string): Promise<string> {
  try {
    return await fs.readText(file);
  } catch (error) {
    if (isNotFound(error)) return '';
    throw error;
  }
}
