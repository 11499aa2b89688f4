/**
 * Fields of the Python llm-do's `.worker` era (docs/migrating.md) that today's format does not have:
 * `tool_rules`, `allow_workers`, the `delegation` toolset, shell `pattern:` rules, custom tools as
 * map keys, `write_approval` on mounts, `model: null`, `entry: true`, toolsets listed by name, and the like. Loading a file that has one says "Python llm-do
 * format: run llm-do migrate" instead of what today's schema makes of it (`toolsets.shell must be
 * false (found a mapping)` for a `pattern:` rule); `llm-do migrate` converts them.
 */

/** A Python-era field found in a configuration, and what today's format says instead. */
export interface PythonEraField {
  /** Where it is, as written (`toolsets.shell.rules[0].pattern` is `['toolsets', 'shell', 'rules', 0, 'pattern']`). */
  path: (string | number)[];
  /** Today's counterpart, for the message. */
  today: string;
}

/** Top-level keys only the Python llm-do had. */
const TOP_LEVEL: Readonly<Record<string, string>> = {
  tool_rules: 'each toolset has approval: {default, tools}',
  allow_workers: 'toolsets.workers.allowed_workers',
  shell_rules: 'toolsets.shell.rules',
  shell_default: 'toolsets.shell.default',
  shell_cwd: 'toolsets.shell.cwd',
  sandboxes: 'sandbox.paths: {NAME: {root, mode, suffixes, max_file_bytes}}',
  custom_tools: 'toolsets.custom.tools',
  schema_in_ref: 'schema_in, a JSON Schema or a zod schema of schemas.ts',
  output_schema_ref: 'schema_out, a JSON Schema or a zod schema of schemas.ts',
  server_side_tools: 'provider_tools: [web_search]',
  prompts: 'templates: {roots: [...]}',
};

/** The manifests of the Python llm-do's eras that today's project does not read: `program.yaml`, `workshop.yaml`, `project.json`. */
export const PYTHON_MANIFESTS: readonly string[] = ['program.yaml', 'workshop.yaml', 'project.json'];

/** A tool module of the Python llm-do: a Python file, which today's llm-do does not load. */
export const isPythonModule = (entry: unknown): entry is string => typeof entry === 'string' && entry.endsWith('.py');

/** Built-in toolsets of the Python llm-do's last forms: file tools writing (asking) and read-only, and shells of fixed rules. */
export const PYTHON_FILE_TOOLSETS: readonly string[] = ['filesystem_project', 'filesystem_cwd', 'filesystem_rw'];
export const PYTHON_READ_ONLY_FILE_TOOLSETS: readonly string[] = ['filesystem_project_ro', 'filesystem_cwd_ro', 'filesystem_ro'];
export const PYTHON_SHELL_TOOLSETS: readonly string[] = ['shell_readonly', 'shell_file_ops'];

/** Today's counterpart of a built-in Python toolset, for the message; undefined for another name. */
function builtinToolset(name: string): string | undefined {
  if (PYTHON_FILE_TOOLSETS.includes(name)) return 'toolsets.filesystem with sandbox: {root: {root: ., mode: rw}}';
  if (PYTHON_READ_ONLY_FILE_TOOLSETS.includes(name)) return 'toolsets.filesystem (read-only without a sandbox)';
  if (PYTHON_SHELL_TOOLSETS.includes(name)) return 'toolsets.shell with rules';
  return undefined;
}

/** Keys of today's `custom` toolset; any other key of it is a tool named as a map key. */
const CUSTOM_KEYS = new Set(['tools', 'approval']);

const isMap = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every Python-era field of a worker's or manifest's parsed YAML, in file order as far as keys go. */
export function pythonEraFields(config: unknown): PythonEraField[] {
  if (!isMap(config)) return [];
  const found: PythonEraField[] = [];
  for (const key of Object.keys(config)) {
    if (Object.hasOwn(TOP_LEVEL, key)) found.push({ path: [key], today: TOP_LEVEL[key]! });
    // The Python llm-do wrote `model: null` for "inherit the model".
    if (key === 'model' && config.model === null) found.push({ path: [key], today: 'the field left out to inherit the model' });
    // Its last form marked the entry worker with `entry: true` and listed toolsets by name.
    if (key === 'entry' && typeof config.entry === 'boolean') found.push({ path: [key], today: "the entry is main.worker or project.yaml's entry" });
    if (key === 'toolsets' && Array.isArray(config.toolsets))
      found.push({ path: [key], today: 'a mapping of toolsets: {filesystem: {}, workers: {allowed_workers: [...]}}' });
  }
  if (isMap(config.sandbox) && Object.hasOwn(config.sandbox, 'network_enabled')) {
    found.push({ path: ['sandbox', 'network_enabled'], today: 'no counterpart (it had no effect in the Python llm-do either)' });
  }
  const paths = isMap(config.sandbox) && isMap(config.sandbox.paths) ? config.sandbox.paths : {};
  for (const [name, mount] of Object.entries(paths)) {
    if (!isMap(mount)) continue;
    for (const key of ['write_approval', 'read_approval']) {
      if (Object.hasOwn(mount, key)) found.push({ path: ['sandbox', 'paths', name, key], today: 'toolsets.filesystem.approval' });
    }
  }
  if (isMap(config.toolsets)) found.push(...toolsetFields(config.toolsets));
  if (isMap(config.tools)) {
    if (Object.hasOwn(config.tools, 'roots')) found.push({ path: ['tools', 'roots'], today: 'tool modules are TypeScript, named in tools.modules' });
    found.push(...pythonModules(config.tools.modules, ['tools', 'modules']));
  }
  if (isMap(config.imports)) found.push(...pythonModules(config.imports.tools, ['imports', 'tools']));
  return found;
}

/** The Python files of a list of tool modules (the manifest's `tools.modules`, a worker's `imports.tools`). */
function pythonModules(modules: unknown, path: string[]): PythonEraField[] {
  if (!Array.isArray(modules)) return [];
  return modules.flatMap((entry, index) =>
    isPythonModule(entry) ? [{ path: [...path, index], today: 'tool modules are TypeScript: tools.ts, docs/tools.md' }] : [],
  );
}

function toolsetFields(toolsets: Record<string, unknown>): PythonEraField[] {
  const found: PythonEraField[] = [];
  for (const [name, config] of Object.entries(toolsets)) {
    if (name === 'delegation') {
      found.push({ path: ['toolsets', name], today: 'toolsets.workers: {allowed_workers: [...]}' });
      continue;
    }
    const builtin = builtinToolset(name);
    if (builtin) {
      found.push({ path: ['toolsets', name], today: builtin });
      continue;
    }
    if (!isMap(config)) continue;
    // A toolset of another name is a typo unless it has the Python toolsets' _approval_config.
    if (Object.hasOwn(config, '_approval_config')) found.push({ path: ['toolsets', name, '_approval_config'], today: `toolsets.${name}.approval.tools` });
    if (name === 'custom') {
      for (const key of Object.keys(config)) {
        if (key === 'module') found.push({ path: ['toolsets', 'custom', key], today: 'imports.tools: [the module file], or tools.ts' });
        else if (!CUSTOM_KEYS.has(key) && key !== '_approval_config')
          found.push({ path: ['toolsets', 'custom', key], today: 'toolsets.custom.tools: [names]' });
      }
    }
    if (name === 'shell') found.push(...shellFields(config));
  }
  return found;
}

/** Keys of a Python shell rule (`pattern: git log`, `approval_required: false`) that today's rules do not have. */
const PYTHON_RULE_KEYS = ['pattern', 'approval_required', 'allowed', 'sandbox_paths'];

function shellFields(shell: Record<string, unknown>): PythonEraField[] {
  const found: PythonEraField[] = [];
  const rules = Array.isArray(shell.rules) ? shell.rules : [];
  rules.forEach((rule, index) => {
    if (isMap(rule) && PYTHON_RULE_KEYS.some((key) => Object.hasOwn(rule, key))) {
      found.push({ path: ['toolsets', 'shell', 'rules', index], today: 'a rule is {command, args, approval}' });
    }
  });
  if (isMap(shell.default)) found.push({ path: ['toolsets', 'shell', 'default'], today: 'default: ask or blocked' });
  return found;
}

/** The problem reported for `field`: the words users are told to look for, then where and today's counterpart. */
export function pythonEraMessage(field: PythonEraField, fieldPath: string): string {
  return `Python llm-do format: run llm-do migrate (${fieldPath}: today ${field.today})`;
}

/** Whether two paths overlap: one is the other or lies inside it (then one problem explains both). */
export function overlaps(a: readonly PropertyKey[], b: readonly PropertyKey[]): boolean {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i += 1) if (a[i] !== b[i]) return false;
  return true;
}
