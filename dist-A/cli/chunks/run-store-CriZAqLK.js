import { o as ProjectError, u as UsageError } from "./errors-C1ynlXzT.js";
import { C as isInside, O as WorkerConfigSchema, S as isFile, T as parseYamlConfig, _ as MAIN_WORKER_FILE, t as MANIFEST_FILES, x as isDirectory, y as workerExtension } from "./load-project-BabAhG4L.js";
import { Fn as object, Jn as string, Nt as array, sr as unknown } from "./schemas-C-rNJMuT.js";
import { i as require_dist, o as isNotFound } from "./node-file-system-D-O8cv29.js";
import { posix } from "node:path";
// src/approval/session-memory.ts
var import_dist = require_dist();
/** Creates a session memory, empty or holding what `saved` remembered. */
function createSessionMemory(saved) {
	const calls = new Set(saved?.calls);
	const tools = new Set(saved?.tools);
	return {
		approveCall(key, args) {
			calls.add(callKey(key, args));
		},
		approveTool(key) {
			tools.add(toolKey(key));
		},
		isApproved(key, args) {
			return tools.has(toolKey(key)) || calls.has(callKey(key, args));
		},
		toJSON: () => ({
			calls: [...calls],
			tools: [...tools]
		})
	};
}
/**
* Reads a saved session memory (from a file or a store: untrusted), refusing anything but the shape
* `toJSON` writes, with `source` naming where it came from.
*/
function sessionMemoryFromJSON(value, source) {
	const saved = value;
	const keysOf = (field, size) => {
		const keys = saved?.[field];
		if (!(Array.isArray(keys) && keys.every((key) => typeof key === "string" && isKey(key, size)))) throw new TypeError(`${source}: session.${field} must be a list of approval keys as saved by llm-do (JSON arrays of ${size} items)`);
		return keys;
	};
	return createSessionMemory({
		calls: keysOf("calls", 3),
		tools: keysOf("tools", 2)
	});
}
/** Whether `key` is what `toolKey` (2 items) or `callKey` (3) writes. */
function isKey(key, size) {
	try {
		const items = JSON.parse(key);
		return Array.isArray(items) && items.length === size && items.every((item) => typeof item === "string");
	} catch {
		return false;
	}
}
function toolKey({ toolset, tool }) {
	return JSON.stringify([toolset, tool]);
}
function callKey({ toolset, tool }, args) {
	return JSON.stringify([
		toolset,
		tool,
		canonicalJson(args)
	]);
}
/**
* JSON text of a value with object keys sorted at every level, so `{a:1,b:2}` and `{b:2,a:1}` give
* the same text. Values JSON cannot hold are written as JSON.stringify would (`undefined` members
* dropped); a cycle is written as `"[cycle]"` rather than throwing.
*/
function canonicalJson(value) {
	return JSON.stringify(sortKeys(value, /* @__PURE__ */ new Set())) ?? "undefined";
}
function sortKeys(value, seen) {
	if (typeof value === "bigint") return `${value}n`;
	if (typeof value !== "object" || value === null) return value;
	if (seen.has(value)) return "[cycle]";
	const toJson = value.toJSON;
	if (typeof toJson === "function") return sortKeys(toJson.call(value), seen);
	seen.add(value);
	let result;
	if (Array.isArray(value)) result = value.map((item) => sortKeys(item, seen) ?? null);
	else {
		const sorted = Object.create(null);
		for (const key of Object.keys(value).sort()) sorted[key] = sortKeys(value[key], seen);
		result = sorted;
	}
	seen.delete(value);
	return result;
}
// src/approval/grants.ts
/**
* Persistent grants (SPEC §17): the `p` answer ("always, in this project") kept in
* `.llm-do/approvals.yaml`. A grant approves one tool of one toolset called with exactly the
* arguments the person saw — never another toolset's tool of the same name, never other arguments —
* and never overrides a `blocked` rule (the gate checks rules first).
*/
/** Where a project keeps its grants, relative to its root. */
const GRANTS_FILE = ".llm-do/approvals.yaml";
const HEADER = `# Persistent approval grants of this project (llm-do, SPEC §17), written by the "p" answer.
# Each entry approves one tool of one toolset called with exactly these arguments, without asking.
# A blocked rule still wins. List: llm-do approvals rules; remove: llm-do approvals rules --revoke N
`;
const GrantSchema = object({
	toolset: string().min(1),
	tool: string().min(1),
	args: unknown(),
	granted_by: string(),
	granted_at: string()
}).strict();
const GrantsFileSchema = object({ grants: array(GrantSchema).default([]) }).strict();
/**
* Reads a project's grants. A missing file is no grants; a malformed one is a ProjectError naming
* the file and line.
*/
async function openProjectGrants(options) {
	const { fs, root, who, now = Date.now } = options;
	const file = `${root.replace(/[\\/]+$/, "")}/${GRANTS_FILE}`;
	let grants = parseGrants(await readOrEmpty(fs, file), file);
	const keyOf = (key, args) => JSON.stringify([
		key.toolset,
		key.tool,
		canonicalJson(args)
	]);
	let covered = new Set(grants.map((grant) => keyOf(grant, grant.args)));
	async function edit(change) {
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
			const grant = {
				toolset: key.toolset,
				tool: key.tool,
				args,
				granted_by: who,
				granted_at: new Date(now()).toISOString()
			};
			await edit((text) => {
				parseGrants(text, file);
				const doc = (0, import_dist.parseDocument)(text || HEADER);
				if (!(0, import_dist.isSeq)(doc.get("grants"))) doc.set("grants", doc.createNode([]));
				doc.get("grants").add(doc.createNode(grant));
				return doc.toString();
			});
		},
		async revoke(n) {
			const revoked = grants[n - 1];
			if (grants.length === 0) throw new UsageError(`--revoke ${n}: ${file} holds no grants (there is nothing to revoke)`);
			if (!Number.isInteger(n) || !revoked) throw new UsageError(`--revoke expects a grant number from 1 to ${grants.length} (see llm-do approvals rules), got ${n}`);
			await edit((text) => {
				const doc = (0, import_dist.parseDocument)(text);
				doc.get("grants").delete(n - 1);
				return doc.toString();
			});
			return revoked;
		}
	};
}
function parseGrants(text, file) {
	return parseYamlConfig(text, file, GrantsFileSchema, { what: "approvals file" }).grants;
}
async function readOrEmpty(fs, file) {
	try {
		return await fs.readText(file);
	} catch (error) {
		if (isNotFound(error)) return "";
		throw error;
	}
}
// src/project/target.ts
/**
* Invocation target detection (SPEC §2): `llm-do TARGET` where TARGET is a worker file, a project
* directory, or a bare name searched on `LLM_DO_PATH`; `--project DIR` / `LLM_DO_PROJECT` name the
* root explicitly and `--no-project` forces single-file mode.
*/
/** True when `dir` has `main.worker` or a manifest. */
async function isProjectDir(fs, dir) {
	const markers = [
		MAIN_WORKER_FILE,
		...MANIFEST_FILES,
		"lib.yaml"
	].map((name) => isFile(fs, posix.join(dir, name)));
	return (await Promise.all(markers)).some(Boolean);
}
/** Works out the project root and worker file for a command-line target. */
async function detectTarget(target, options) {
	const { fs, cwd } = options;
	const explicitRoot = options.noProject ? void 0 : options.project ?? (options.env.LLM_DO_PROJECT || void 0);
	if (explicitRoot !== void 0) return withExplicitRoot(target, posix.resolve(cwd, explicitRoot), options);
	const path = posix.resolve(cwd, target ?? ".");
	const stat = await fs.stat(path);
	if (stat?.kind === "file") return forFile(fs, path, options.noProject === true, target ?? path);
	if (stat?.kind === "directory") {
		if (options.noProject) throw new ProjectError("not-a-project", `--no-project needs a worker file, but ${target ?? "."} is a directory`);
		if (await isProjectDir(fs, path)) return { root: path };
		throw new ProjectError("not-a-project", `not a project: ${path} has no main.worker or project.yaml`);
	}
	if (target !== void 0 && isBareName(target)) return searchWorkerPath(target, options);
	throw new ProjectError("file-not-found", `no such file or directory: ${target}`);
}
async function withExplicitRoot(target, root, options) {
	if (!await isDirectory(options.fs, root)) throw new ProjectError("not-a-project", `not a project: ${root} is not a directory`);
	if (!await isProjectDir(options.fs, root)) throw new ProjectError("not-a-project", `not a project: ${root} has no main.worker or project.yaml`);
	if (target === void 0) return { root };
	const file = posix.resolve(options.cwd, target);
	if (!await isFile(options.fs, file) || !workerExtension(file)) throw new ProjectError("file-not-found", `${target} is not a worker file; with --project pass a .worker/.yaml file or use --entry ID`);
	if (!isInside(root, file)) throw new ProjectError("path-escape", `path escapes project root: ${target} is outside ${root}`);
	return {
		root,
		workerFile: file
	};
}
async function forFile(fs, file, noProject, shown) {
	if (!workerExtension(file)) throw new ProjectError("file-not-found", `${shown} is not a worker file (expected .worker, .yaml or .yml)`);
	if (!noProject) for (let dir = posix.dirname(file);; dir = posix.dirname(dir)) {
		if (await isProjectDir(fs, dir)) return {
			root: dir,
			workerFile: file
		};
		if (dir === posix.dirname(dir)) break;
	}
	return {
		root: posix.dirname(file),
		standaloneFile: file
	};
}
function isBareName(target) {
	return !target.includes("/") && !target.startsWith(".") && !workerExtension(target);
}
/** Rule 4: `NAME` → `DIR/NAME.worker|.yaml|.yml` or a project `DIR/NAME/` on `LLM_DO_PATH`. */
async function searchWorkerPath(name, options) {
	const dirs = (options.env.LLM_DO_PATH || posix.join(options.homeDir, ".llm-do", "workers")).split(":").filter(Boolean);
	for (const dir of dirs.map((d) => posix.resolve(options.cwd, d))) {
		for (const extension of [
			".worker",
			".yaml",
			".yml"
		]) {
			const file = posix.join(dir, `${name}${extension}`);
			if (await isFile(options.fs, file)) return forFile(options.fs, file, options.noProject === true, file);
		}
		const projectDir = posix.join(dir, name);
		if (!options.noProject && await isDirectory(options.fs, projectDir) && await isProjectDir(options.fs, projectDir)) return { root: projectDir };
	}
	throw new ProjectError("worker-not-found", `${name} is not a file, directory or worker on LLM_DO_PATH (looked in ${dirs.join(", ")})`);
}
// src/runtime/overrides.ts
/** `--set KEY=VALUE`: overrides of the entry worker's fields, validated like the worker file. */
/** Parses `KEY=VALUE` (VALUE is YAML: `5`, `true`, `[a, b]`, `{x: 1}`, or plain text). */
function parseOverride(text) {
	const equals = text.indexOf("=");
	const path = equals > 0 ? text.slice(0, equals).trim() : "";
	if (!/^[A-Za-z_][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)*$/.test(path)) throw new UsageError(`--set expects KEY=VALUE with a dotted field path, e.g. --set attachment_policy.max_attachments=5; got "${text}"`);
	const raw = text.slice(equals + 1);
	let value;
	try {
		value = (0, import_dist.parse)(raw);
	} catch {
		value = raw;
	}
	return {
		path,
		value: value === null && raw.trim() === "" ? "" : value
	};
}
/** A copy of `definition` with the overrides applied (last wins); the result must validate. */
function applyOverrides(definition, overrides) {
	if (overrides.length === 0) return definition;
	const config = structuredClone(definition.config);
	for (const { path, value } of overrides) {
		const keys = path.split(".");
		let target = config;
		for (const key of keys.slice(0, -1)) {
			const next = target[key];
			if (typeof next !== "object" || next === null || Array.isArray(next)) target[key] = {};
			target = target[key];
		}
		target[keys[keys.length - 1]] = value;
	}
	const result = WorkerConfigSchema.safeParse(config);
	if (!result.success) {
		const problems = result.error.issues.map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`);
		throw new ProjectError("invalid-field", `--set made worker ${definition.id} invalid: ${problems.join("; ")}`, { field: overrides.map((o) => o.path).join(", ") });
	}
	return {
		...definition,
		config: result.data
	};
}
// src/runtime/run-store.ts
/** Whether runs of `project` may be recorded: manifest `log: false` turns recording off. */
function recordsRuns(project) {
	return project.manifest?.log !== false;
}
/**
* Subscribes `store` to `bus` as a lossless subscriber: each run (a chat session has one per turn)
* begins at its first event, described from `options`.
*/
function attachRunStore(bus, store, options, resumedRunId) {
	if (!recordsRuns(options.project)) return;
	const begun = new Set(resumedRunId ? [resumedRunId] : []);
	const recorded = recordedOptions(options);
	bus.subscribe((event) => {
		if (!begun.has(event.run_id)) {
			begun.add(event.run_id);
			store.begin({
				run_id: event.run_id,
				project: {
					name: options.project.name,
					root: options.project.root
				},
				entry: event.worker,
				input: event.type === "run_start" ? event.input : options.input ?? null,
				options: recorded,
				started_at: event.ts
			});
		}
		store.record(event);
	}, {
		lossless: true,
		drop: ["text_delta"]
	});
}
function recordedOptions(options) {
	return {
		...options.model !== void 0 ? { model: options.model } : {},
		...options.approval !== void 0 ? { approval: options.approval } : {},
		...options.maxDepth !== void 0 ? { max_depth: options.maxDepth } : {},
		...options.mounts?.length ? { mounts: options.mounts.map(({ name, hostDir, mode }) => ({
			name,
			dir: hostDir,
			mode
		})) } : {},
		...options.set?.length ? { set: options.set.map(({ path, value }) => ({
			path,
			value
		})) } : {},
		...options.attachments?.length ? { attachments: [...options.attachments] } : {},
		stream: options.stream ?? true
	};
}
export { detectTarget as a, createSessionMemory as c, parseOverride as i, sessionMemoryFromJSON as l, recordsRuns as n, GRANTS_FILE as o, applyOverrides as r, openProjectGrants as s, attachRunStore as t };
