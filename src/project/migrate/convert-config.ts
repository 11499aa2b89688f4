/**
 * Converts the fields of one worker (or of the manifest) from the Python llm-do's `.worker` era to
 * today's format (docs/migrating.md): `tool_rules` and `approval_required` become per-toolset
 * `approval` rules, `allow_workers` and the `delegation` toolset become `toolsets.workers`, shell
 * `pattern:` rules become `{command, args: any, approval}`, custom tools written as map keys become
 * `toolsets.custom.tools`, a mount's `write_approval` / `read_approval` become filesystem rules.
 * What has no counterpart is left out of the result and named in `manual`. Pure: no I/O.
 */

import { isPythonModule, PYTHON_FILE_TOOLSETS, PYTHON_READ_ONLY_FILE_TOOLSETS } from '../../worker-file/python-era.ts';

type Config = Record<string, unknown>;
type Rule = 'preApproved' | 'ask' | 'blocked';

/** What the conversion knows of the project: the ids of its workers, to tell a worker named as a toolset from a Python toolset. */
export interface ConvertContext {
  workerIds: ReadonlySet<string>;
}

export interface ConvertedConfig {
  config: Config;
  /** What was left out or changed in meaning, one sentence each, for the person to finish by hand. */
  manual: string[];
}

/** Top-level keys folded into `toolsets`: the converted `toolsets` takes the place of the first of them. */
const TOOLSET_SOURCES = new Set(['toolsets', 'tool_rules', 'allow_workers', 'shell_rules', 'shell_default', 'shell_cwd', 'custom_tools']);

/** Python's tool names in `tool_rules` with today's toolset and tools. */
const RENAMED_TOOLS: Readonly<Record<string, { toolset: string; tools: string[] }>> = {
  'sandbox.write': { toolset: 'filesystem', tools: ['write_file', 'edit_file'] },
  'sandbox.read': { toolset: 'filesystem', tools: ['read_file', 'list_files'] },
  'worker.call': { toolset: 'workers', tools: [] },
  'worker.create': { toolset: 'worker_factory', tools: ['worker_create'] },
};

const isMap = (value: unknown): value is Config => typeof value === 'object' && value !== null && !Array.isArray(value);
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

/**
 * The rule a Python rule object means: `allowed: false` is `blocked`; `approval_required` (default
 * true in the Python llm-do) or `pre_approved` decides between `ask` and `preApproved`.
 */
function ruleOf(value: unknown): Rule {
  if (!isMap(value)) return 'ask';
  if (value.allowed === false) return 'blocked';
  if (value.pre_approved === true || value.approval_required === false) return 'preApproved';
  return 'ask';
}

/** The toolsets being built, each a mapping, in the order they first appear. */
class Toolsets {
  /** `false` turns off a toolset the project enables. */
  readonly sets = new Map<string, Config | false>();
  /** Tool modules a custom toolset named (`module:`), for the worker's `imports.tools`. */
  readonly toolModules: string[] = [];

  get(name: string): Config {
    const set = this.sets.get(name);
    if (set) return set;
    const fresh: Config = {};
    this.sets.set(name, fresh);
    return fresh;
  }

  /** Sets `tool`'s rule in `toolset`, unless it is the tool's own default there (nothing to say). */
  approve(toolset: string, tool: string, rule: Rule): void {
    const set = this.get(toolset);
    const approval = (set.approval ??= {}) as Config;
    const tools = (approval.tools ??= {}) as Config;
    tools[tool] = rule;
  }

  /** Sets the toolset's default rule. */
  approveAll(toolset: string, rule: Rule): void {
    const approval = (this.get(toolset).approval ??= {}) as Config;
    approval.default = rule;
  }

  addWorkers(ids: readonly string[]): void {
    const set = this.get('workers');
    const allowed = strings(set.allowed_workers);
    set.allowed_workers = [...allowed, ...ids.filter((id) => !allowed.includes(id))];
  }

  /** Offers `names` of the custom tools; with none named, every custom tool (a Python toolset module offered all of its tools). */
  addCustomTools(names: readonly string[]): void {
    const set = this.get('custom');
    if (names.length === 0) return;
    const listed = strings(set.tools);
    set.tools = [...listed, ...names.filter((name) => !listed.includes(name))];
  }
}

/**
 * Converts `config`; a config with nothing of the Python era comes back equal to the input.
 *
 * @example
 * convertConfig({ name: 'main', allow_workers: ['helper'] }, { workerIds: new Set(['helper']) }).config
 * // → { name: 'main', toolsets: { workers: { allowed_workers: ['helper'] } } }
 */
export function convertConfig(written: Config, context: ConvertContext): ConvertedConfig {
  const manual: string[] = [];
  const config = Object.hasOwn(written, 'sandboxes') ? withSandboxPaths(written, manual) : written;
  const toolsets = new Toolsets();
  // The Python llm-do's last form listed toolsets by name (`toolsets: [filesystem_project, evaluator]`).
  const ownToolsets = Array.isArray(config.toolsets) ? Object.fromEntries(strings(config.toolsets).map((name) => [name, {}])) : config.toolsets;
  const hasOwnToolsets = isMap(ownToolsets) && Object.keys(ownToolsets).length > 0;
  // The tool_rules era had no toolsets: a sandbox gave the file tools.
  if (!hasOwnToolsets && isMap(config.sandbox) && !Object.hasOwn(config, 'toolsets')) toolsets.get('filesystem');
  const sandboxRoot = hasOwnToolsets ? convertToolsets(ownToolsets as Config, toolsets, context, manual) : undefined;
  if (Object.hasOwn(config, 'tool_rules')) convertToolRules(config.tool_rules, toolsets, manual);
  if (Object.hasOwn(config, 'allow_workers')) toolsets.addWorkers(strings(config.allow_workers));
  convertTopLevelShell(config, toolsets, manual);
  // An empty custom_tools offered no custom tool: nothing to convert.
  if (strings(config.custom_tools).length > 0) toolsets.addCustomTools(strings(config.custom_tools));
  const sandbox = convertSandbox(config.sandbox, toolsets, manual);
  // A workers toolset the conversion made without workers to call (`allow_workers: []`) offers nothing.
  const workers = toolsets.sets.get('workers');
  const ownWorkers = hasOwnToolsets && Object.hasOwn(ownToolsets as Config, 'workers');
  if (workers && !ownWorkers && strings(workers.allowed_workers).length === 0) toolsets.sets.delete('workers');

  const templates = Object.hasOwn(config, 'prompts') ? convertTemplates(config, manual) : config.templates;

  const out: Config = {};
  for (const [key, value] of Object.entries(config)) {
    if (TOOLSET_SOURCES.has(key)) {
      if (!Object.hasOwn(out, 'toolsets') && (toolsets.sets.size > 0 || hasOwnToolsets)) out.toolsets = Object.fromEntries(toolsets.sets);
      continue;
    }
    switch (key) {
      case 'sandbox':
        out.sandbox = sandbox;
        break;
      case 'schema_in_ref':
      case 'output_schema_ref':
        manual.push(
          `${key}: ${String(value)} is a Python (pydantic) schema: write it as JSON Schema (schemas/NAME.json) or a zod schema of schemas.ts and name it in ${key === 'schema_in_ref' ? 'schema_in' : 'schema_out'}`,
        );
        break;
      case 'entry':
        // A worker's `entry: true` marked the Python llm-do's entry; today it is main.worker or the manifest's entry.
        if (typeof value !== 'boolean') out.entry = value;
        break;
      case 'model':
        // The Python llm-do wrote `model: null` for "inherit", which today is the field left out.
        if (value !== null) out.model = value;
        break;
      case 'server_side_tools':
        out.provider_tools = convertServerSideTools(value, manual);
        break;
      case 'version':
        // The Python manifest's `version: 1` was its format's version, not the project's.
        if (typeof value === 'number') {
          manual.push(
            `version: ${value} was the version of the Python llm-do's manifest format; today version is the project's own (a string), so it was left out`,
          );
        } else out.version = value;
        break;
      case 'prompts':
      case 'templates':
        if (!Object.hasOwn(out, 'templates') && templates !== undefined) out.templates = templates;
        break;
      case 'tools':
        if (isMap(value)) {
          const tools = convertToolModules(value, manual);
          if (Object.keys(tools).length > 0) out.tools = tools;
        } else out.tools = value;
        break;
      case 'imports':
        if (isMap(value)) {
          const imports = convertImports(value, manual);
          if (Object.keys(imports).length > 0) out.imports = imports;
        } else out.imports = value;
        break;
      default:
        out[key] = value;
    }
  }
  // A sandbox's filesystem toolset comes after the fields, when the file named no toolsets.
  if (!Object.hasOwn(out, 'toolsets') && toolsets.sets.size > 0) out.toolsets = Object.fromEntries(toolsets.sets);
  if (sandboxRoot && !Object.hasOwn(config, 'sandbox')) out.sandbox = { root: sandboxRoot };
  if (toolsets.toolModules.length > 0) {
    const imports = isMap(out.imports) ? out.imports : {};
    const listed = strings(imports.tools);
    out.imports = { ...imports, tools: [...listed, ...toolsets.toolModules.filter((module) => !listed.includes(module))] };
  }
  return { config: out, manual };
}

/**
 * The built-in toolsets of the Python llm-do's last form: its file tools on the project directory
 * or the working directory (writes asking), read-only or not, and two shells of fixed rules.
 */
const PYTHON_SHELLS: Readonly<Record<string, readonly { pattern: string; approval_required: boolean }[]>> = {
  shell_readonly: ['wc', 'find', 'grep', 'head', 'tail', 'sort', 'uniq', 'cat', 'ls', 'git log', 'git diff', 'git show', 'git status'].map((pattern) => ({
    pattern,
    approval_required: false,
  })),
  shell_file_ops: [
    { pattern: 'ls', approval_required: false },
    { pattern: 'mv', approval_required: true },
  ],
};

/** Converts `toolsets`; returns the sandbox root a Python file toolset gave (the project directory, writable), if one did. */
function convertToolsets(source: Config, toolsets: Toolsets, context: ConvertContext, manual: string[]): { root: string; mode: 'rw' } | undefined {
  let sandboxRoot: { root: string; mode: 'rw' } | undefined;
  for (const [name, value] of Object.entries(source)) {
    const config = isMap(value) ? value : {};
    const approvals = isMap(config._approval_config) ? config._approval_config : {};
    const { _approval_config: _dropped, ...rest } = config;
    if (value === false) {
      toolsets.sets.set(name, false);
    } else if (name === 'delegation') {
      convertDelegation(config, toolsets, manual);
    } else if (name === 'custom') {
      const { tools, approval, module, ...named } = rest;
      const set = toolsets.get('custom');
      if (module !== undefined) convertToolModule(module, toolsets, manual);
      if (tools !== undefined) set.tools = tools;
      if (approval !== undefined) set.approval = approval;
      toolsets.addCustomTools(Object.keys(named));
      for (const [tool, options] of Object.entries(named)) if (isMap(options)) setRule(toolsets, 'custom', tool, ruleOf(options));
      for (const [tool, options] of Object.entries(approvals)) setRule(toolsets, 'custom', tool, ruleOf(options));
    } else if (name === 'shell') {
      convertShell(rest, toolsets.get('shell'), manual);
    } else if (['filesystem', 'workers', 'worker_factory'].includes(name) || name.startsWith('mcp:')) {
      Object.assign(toolsets.get(name), rest);
      for (const [tool, options] of Object.entries(approvals)) setRule(toolsets, name, tool, ruleOf(options));
    } else if (context.workerIds.has(name)) {
      // The Python llm-do's later form: a worker named as a toolset is a tool of the caller.
      toolsets.addWorkers([name]);
    } else if (PYTHON_FILE_TOOLSETS.includes(name) || PYTHON_READ_ONLY_FILE_TOOLSETS.includes(name)) {
      // Without a sandbox, today's file tools read the project directory and write nothing.
      toolsets.get('filesystem');
      if (PYTHON_FILE_TOOLSETS.includes(name)) sandboxRoot = { root: '.', mode: 'rw' };
      if (name.startsWith('filesystem_cwd')) {
        manual.push(
          `toolsets.${name}: the Python file tools worked in the current directory; today's work in the project directory (or a directory named in sandbox)`,
        );
      }
    } else if (Object.hasOwn(PYTHON_SHELLS, name)) {
      const shell = toolsets.get('shell');
      const earlier = Array.isArray(shell.rules) ? shell.rules : [];
      convertShell({ rules: PYTHON_SHELLS[name] }, shell, manual);
      shell.rules = [...earlier, ...(shell.rules as unknown[])];
    } else {
      toolsets.addCustomTools(Object.keys(approvals));
      for (const [tool, options] of Object.entries(approvals)) setRule(toolsets, 'custom', tool, ruleOf(options));
      manual.push(`toolsets.${name}: a Python toolset: port its tools to tools.ts (docs/tools.md); the worker now offers them through toolsets.custom`);
    }
  }
  return sandboxRoot;
}

/** A module file of today's tools (TypeScript or JavaScript), which `imports.tools` names with its extension. */
const TOOL_MODULE = /\.(ts|mts|js|mjs)$/;

/** `toolsets.custom.module: ./math-tools.ts` (the module of the custom tools) is an entry of today's `imports.tools`. */
function convertToolModule(module: unknown, toolsets: Toolsets, manual: string[]): void {
  if (typeof module === 'string' && TOOL_MODULE.test(module)) toolsets.toolModules.push(module);
  else if (isPythonModule(module)) manual.push(pythonModuleNote('toolsets.custom.module', module));
  else
    manual.push(
      `toolsets.custom.module: ${String(module)}: name the module file with its extension in imports.tools (e.g. ${String(module)}.ts), or move its tools to tools.ts`,
    );
}

/** Sets a rule only where it differs from the tool's own default (today's: custom and MCP tools ask; the file tools read without asking, write asking). */
function setRule(toolsets: Toolsets, toolset: string, tool: string, rule: Rule): void {
  const ownDefault: Rule =
    toolset === 'filesystem' && ['read_file', 'list_files', 'file_info'].includes(tool) ? 'preApproved' : toolset === 'workers' ? 'preApproved' : 'ask';
  if (rule !== ownDefault) toolsets.approve(toolset, tool, rule);
  else toolsets.get(toolset);
}

/** `delegation: {allow_workers: [...]}`, `worker_call`, `worker_create` and workers named as keys. */
function convertDelegation(config: Config, toolsets: Toolsets, manual: string[]): void {
  for (const [key, value] of Object.entries(config)) {
    if (key === 'allow_workers') toolsets.addWorkers(strings(value));
    else if (key === 'worker_create') toolsets.get('worker_factory');
    else if (key === 'worker_call' || key === '_config')
      manual.push(
        `toolsets.delegation.${key}: worker_call called any worker by name; today a worker calls only those toolsets.workers.allowed_workers lists, each as a tool of its own`,
      );
    else if (key !== '_approval_config') toolsets.addWorkers([key]);
  }
  if (isMap(config._approval_config)) {
    for (const [tool, options] of Object.entries(config._approval_config)) setRule(toolsets, 'workers', tool, ruleOf(options));
  }
}

/**
 * The shell of the `tool_rules` era: top-level `shell_rules`, `shell_default` and `shell_cwd` (the
 * commands' working directory, today's `cwd`), with `tool_rules.shell` over them. A command no rule matched, without `shell_default`, was allowed and
 * asked; `tool_rules.shell: {allowed: false}` took the shell tool away, and `approval_required: false`
 * ran without asking every command that would have asked.
 */
function convertTopLevelShell(config: Config, toolsets: Toolsets, manual: string[]): void {
  const toolRule = isMap(config.tool_rules) && Object.hasOwn(config.tool_rules, 'shell') ? ruleOf(config.tool_rules.shell) : undefined;
  if (toolRule === undefined && !['shell_rules', 'shell_default', 'shell_cwd'].some((key) => Object.hasOwn(config, key))) return;
  if (toolRule === 'blocked') return;
  const unasked = (rule: unknown): unknown =>
    toolRule === 'preApproved' && ruleOf(rule) === 'ask' ? { ...(isMap(rule) ? rule : {}), approval_required: false } : rule;
  const rules = Array.isArray(config.shell_rules) ? config.shell_rules.map(unasked) : config.shell_rules;
  convertShell({ cwd: config.shell_cwd, rules, default: unasked(config.shell_default ?? {}) }, toolsets.get('shell'), manual);
}

/** Shell `rules` of `{pattern, approval_required, allowed}` and a `default` mapping; the other options are today's. */
function convertShell(config: Config, shell: Config, manual: string[]): void {
  for (const [key, value] of Object.entries(config)) {
    if (value === undefined) continue;
    if (key === 'rules') shell.rules = Array.isArray(value) ? value.map((rule, index) => convertShellRule(rule, index, manual)) : value;
    else if (key === 'default') shell.default = convertShellDefault(value, manual);
    else shell[key] = value;
  }
}

function convertShellRule(rule: unknown, index: number, manual: string[]): unknown {
  if (!isMap(rule) || !Object.hasOwn(rule, 'pattern')) return rule;
  const { pattern, approval_required: _required, allowed: _allowed, sandbox_paths, ...rest } = rule;
  if (sandbox_paths !== undefined) {
    manual.push(
      `toolsets.shell.rules[${index}].sandbox_paths: today every path argument of every command must stay inside the working directory; name the directory with toolsets.shell.cwd`,
    );
  }
  const rule_ = ruleOf(rule);
  // The Python pattern matched a prefix of the command line with any arguments after it.
  // A blocked rule without args blocks the command with any arguments.
  const args = rule_ === 'blocked' ? {} : { args: 'any' };
  return { command: pattern, ...args, ...(rule_ === 'ask' ? {} : { approval: rule_ }), ...rest };
}

/** A Python default (its presence allowed every command, asking unless `approval_required: false`) as `ask` or `blocked`. */
function convertShellDefault(value: unknown, manual: string[]): unknown {
  if (!isMap(value)) return value;
  const rule = ruleOf(value);
  if (rule === 'preApproved')
    manual.push('toolsets.shell.default: the Python default ran every other command without asking; today such a command asks at most (default: ask)');
  return rule === 'blocked' ? 'blocked' : 'ask';
}

/**
 * The YAML era's `sandboxes: {NAME: {path, mode, allowed_suffixes, max_bytes}}` as the mounts of
 * `sandbox.paths` (`root`, `mode`, `suffixes`, `max_file_bytes`), in its place; its mode was `ro`
 * unless it said `rw` (or `write`).
 */
function withSandboxPaths(config: Config, manual: string[]): Config {
  const sandbox = isMap(config.sandbox) ? config.sandbox : {};
  const paths: Config = { ...(isMap(sandbox.paths) ? sandbox.paths : {}) };
  for (const [name, mount] of Object.entries(isMap(config.sandboxes) ? config.sandboxes : {})) {
    if (!isMap(mount)) {
      manual.push(`sandboxes.${name}: not a mapping of path and mode; mount it in sandbox.paths by hand`);
      continue;
    }
    const { path, root_dir, mode, allowed_suffixes, max_bytes, ...rest } = mount;
    paths[name] = {
      root: path ?? root_dir,
      mode: mode === 'rw' || mode === 'write' ? 'rw' : 'ro',
      ...(allowed_suffixes === undefined ? {} : { suffixes: allowed_suffixes }),
      ...(max_bytes === undefined ? {} : { max_file_bytes: max_bytes }),
      ...rest,
    };
  }
  const out: Config = {};
  for (const [key, value] of Object.entries(config)) {
    if (key === 'sandboxes') out.sandbox = { ...sandbox, paths };
    else if (key !== 'sandbox') out[key] = value;
  }
  return out;
}

/** A mount's `write_approval` and `read_approval` become rules of the filesystem toolset, which today are per tool, not per mount. */
function convertSandbox(value: unknown, toolsets: Toolsets, manual: string[]): unknown {
  if (isMap(value) && Object.hasOwn(value, 'network_enabled')) {
    // The Python llm-do read it but never acted on it (a setting for later).
    const { network_enabled: _unused, ...rest } = value;
    manual.push('sandbox.network_enabled: had no effect in the Python llm-do and has no counterpart; it was left out');
    return convertSandbox(rest, toolsets, manual);
  }
  if (!isMap(value) || !isMap(value.paths)) return value;
  const writes = new Set<boolean>();
  const reads = new Set<boolean>();
  const paths: Config = {};
  for (const [name, mount] of Object.entries(value.paths)) {
    if (!isMap(mount)) {
      paths[name] = mount;
      continue;
    }
    const { write_approval, read_approval, ...rest } = mount;
    if (typeof write_approval === 'boolean') writes.add(write_approval);
    if (typeof read_approval === 'boolean') reads.add(read_approval);
    paths[name] = rest;
  }
  if (writes.size > 1 || reads.size > 1) {
    manual.push('sandbox.paths: mounts asked differently for writes or reads; today one rule per file tool serves every mount, and the converted one asks');
  }
  // Writes ask by default; reads do not.
  if (writes.size === 1 && writes.has(false)) for (const tool of RENAMED_TOOLS['sandbox.write']!.tools) toolsets.approve('filesystem', tool, 'preApproved');
  if (reads.has(true)) for (const tool of RENAMED_TOOLS['sandbox.read']!.tools) toolsets.approve('filesystem', tool, 'ask');
  if (writes.size > 0 || reads.size > 0) toolsets.get('filesystem');
  return { ...value, paths };
}

/** `tool_rules: {TOOL: {allowed, approval_required}}`: Python tool names map to today's toolsets; any other name is a custom tool. */
function convertToolRules(value: unknown, toolsets: Toolsets, manual: string[]): void {
  if (!isMap(value)) return;
  for (const [tool, options] of Object.entries(value)) {
    const rule = ruleOf(options);
    const renamed = RENAMED_TOOLS[tool];
    if (tool === 'shell') {
      // Converted with shell_rules and shell_default (convertTopLevelShell).
    } else if (tool.startsWith('shell')) {
      manual.push(`tool_rules.${tool}: give the shell toolset rules of {command, args, approval} instead (docs/tools.md)`);
    } else if (!renamed) {
      toolsets.addCustomTools([tool]);
      setRule(toolsets, 'custom', tool, rule);
    } else if (renamed.tools.length === 0) {
      if (rule !== 'preApproved') toolsets.approveAll(renamed.toolset, rule);
    } else {
      for (const name of renamed.tools) setRule(toolsets, renamed.toolset, name, rule);
    }
  }
}

/** `server_side_tools: [{tool_type: web_search, max_uses}]` as `provider_tools: [web_search]`. */
function convertServerSideTools(value: unknown, manual: string[]): string[] {
  const tools: string[] = [];
  for (const entry of Array.isArray(value) ? value : []) {
    const type = isMap(entry) ? entry.tool_type : entry;
    if (type === 'web_search') tools.push('web_search');
    else manual.push(`server_side_tools: ${String(type)} has no counterpart; today's provider tool is web_search`);
    if (isMap(entry) && entry.max_uses !== undefined) manual.push('server_side_tools: max_uses has no counterpart in provider_tools');
  }
  return tools;
}

const pythonModuleNote = (field: string, entry: string) =>
  `${field}: ${entry} is a Python module; port its tools to tools.ts (docs/tools.md), which llm-do loads without naming it`;

/** The manifest's `prompts: {root}` (the Python llm-do's template directory) as today's `templates.roots`, merged with any `templates`. */
function convertTemplates(config: Config, manual: string[]): unknown {
  const { prompts, templates } = config;
  if (!isMap(prompts) || typeof prompts.root !== 'string' || (templates !== undefined && !isMap(templates))) {
    manual.push('prompts: only {root: DIR} has a counterpart (templates.roots); set templates.roots by hand');
    return templates;
  }
  const roots = strings(isMap(templates) ? templates.roots : undefined);
  return { ...(isMap(templates) ? templates : {}), roots: roots.includes(prompts.root) ? roots : [...roots, prompts.root] };
}

/** The manifest's `tools`: Python tool directories (`roots`) and Python modules leave; TypeScript modules and the rest stay. */
function convertToolModules(tools: Config, manual: string[]): Config {
  const { roots, modules, ...rest } = tools;
  if (roots !== undefined) {
    manual.push(`tools.roots: ${strings(roots).join(', ')}: directories of Python tool modules; port their tools to tools.ts (docs/tools.md)`);
  }
  if (modules === undefined) return rest;
  if (!Array.isArray(modules)) return { ...rest, modules };
  for (const entry of modules.filter(isPythonModule)) manual.push(pythonModuleNote('tools.modules', entry));
  const kept = modules.filter((entry) => !isPythonModule(entry));
  return kept.length > 0 ? { ...rest, modules: kept } : rest;
}

/** A worker's `imports`: Python tool modules leave `imports.tools`; imported workers stay. */
function convertImports(imports: Config, manual: string[]): Config {
  const { tools, ...rest } = imports;
  if (!Array.isArray(tools)) return tools === undefined ? rest : { ...rest, tools };
  for (const entry of tools.filter(isPythonModule)) manual.push(pythonModuleNote('imports.tools', entry));
  const kept = tools.filter((entry) => !isPythonModule(entry));
  return kept.length > 0 ? { ...rest, tools: kept } : rest;
}
