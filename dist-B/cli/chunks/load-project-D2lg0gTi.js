import { i as __require, o as __toESM, t as __commonJSMin } from "./rolldown-runtime-C1I3wEg2.js";
import { o as ProjectError, u as UsageError } from "./errors-C1ynlXzT.js";
import { n as importModule } from "./module-loader-DzXTZFey.js";
import { Ar as toJSONSchema, Bn as preprocess, Et as _enum, Jn as string, Lt as boolean, Nt as array, Pn as number, Un as record, cr as url, or as union, qn as strictObject, sr as unknown, xn as literal$1 } from "./schemas-C-rNJMuT.js";
import { a as fromJSONSchema } from "./zod-BDVfAHCL.js";
import { a as errorCode, i as require_dist, n as suggestNearest, o as isNotFound, r as suggestionClause } from "./node-file-system-B04V6Vr6.js";
import { createRequire } from "node:module";
import { posix } from "node:path";
// src/glob/automaton.ts
const CHAR = 0;
/** Any character (but `/` when segmented). */
const ONE = 1;
/** Any character at all. */
const ANY = 2;
const CLASS = 3;
const SPLIT = 4;
const JUMP = 5;
const MATCH = 6;
const SLASH$1 = 47;
/** Appends one instruction; returns its address. */
function push(machine, op, a = 0, b = 0) {
	machine.op.push(op);
	machine.a.push(a);
	machine.b.push(b);
	return machine.op.length - 1;
}
/** Emits a loop over one consuming instruction: `x*`. */
function emitLoop(machine, op) {
	const split = push(machine, SPLIT, machine.op.length + 1, machine.op.length + 3);
	push(machine, op);
	push(machine, JUMP, split);
}
function emit(machine, nodes) {
	for (const node of nodes) switch (node.type) {
		case "char":
			push(machine, CHAR, node.code);
			break;
		case "one":
			push(machine, ONE);
			break;
		case "star":
			emitLoop(machine, ONE);
			break;
		case "class":
			push(machine, CLASS, machine.classes.length);
			machine.classes.push(Int32Array.from([node.negated ? 1 : 0, ...node.ranges]));
			break;
		case "globstar": {
			if (!node.slash) {
				emitLoop(machine, ANY);
				break;
			}
			const skip = push(machine, SPLIT, machine.op.length + 1);
			emitLoop(machine, ANY);
			push(machine, CHAR, SLASH$1);
			machine.b[skip] = machine.op.length;
			break;
		}
		case "alternatives": {
			const exits = [];
			node.branches.forEach((branch, index) => {
				const last = index === node.branches.length - 1;
				const split = last ? -1 : push(machine, SPLIT, machine.op.length + 1);
				emit(machine, branch);
				if (!last) {
					exits.push(push(machine, JUMP));
					machine.b[split] = machine.op.length;
				}
			});
			for (const exit of exits) machine.a[exit] = machine.op.length;
			break;
		}
	}
}
/** Whether the consuming state `pc` reads the code unit `char`. */
function accepts(machine, pc, char) {
	switch (machine.op[pc]) {
		case CHAR: return machine.a[pc] === char;
		case ONE: return char !== SLASH$1 || !machine.segmented;
		case ANY: return true;
		case CLASS: {
			if (char === SLASH$1 && machine.segmented) return false;
			const set = machine.classes[machine.a[pc]];
			let member = false;
			for (let i = 1; i < set.length && !member; i += 2) member = char >= set[i] && char <= set[i + 1];
			return member !== (set[0] === 1);
		}
		default: return false;
	}
}
/** Builds the automaton of `nodes`; `segmented` keeps `?`, `*` and classes off `/`. */
function buildAutomaton(nodes, segmented) {
	const machine = {
		op: [],
		a: [],
		b: [],
		classes: [],
		segmented
	};
	emit(machine, nodes);
	push(machine, MATCH);
	const size = machine.op.length;
	const seen = new Uint32Array(size);
	let current = new Int32Array(size);
	let next = new Int32Array(size);
	const pending = new Int32Array(size * 2 + 1);
	let generation = 0;
	let steps = 0;
	/** Adds `start` and every state reachable from it without reading a character to `list` (of `length`); returns the new length. */
	function follow(list, length, start) {
		let top = 0;
		pending[top++] = start;
		while (top > 0) {
			const pc = pending[--top];
			if (seen[pc] === generation) continue;
			seen[pc] = generation;
			const op = machine.op[pc];
			if (op === SPLIT) {
				pending[top++] = machine.b[pc];
				pending[top++] = machine.a[pc];
			} else if (op === JUMP) pending[top++] = machine.a[pc];
			else list[length++] = pc;
		}
		return length;
	}
	function run(text) {
		generation++;
		let length = follow(current, 0, 0);
		for (let i = 0; i < text.length; i++) {
			const char = text.charCodeAt(i);
			generation++;
			let nextLength = 0;
			for (let t = 0; t < length; t++) {
				const pc = current[t];
				if (accepts(machine, pc, char)) nextLength = follow(next, nextLength, pc + 1);
			}
			steps += length;
			if (nextLength === 0) return false;
			[current, next] = [next, current];
			length = nextLength;
		}
		for (let t = 0; t < length; t++) if (machine.op[current[t]] === MATCH) return true;
		return false;
	}
	return {
		run,
		steps: () => steps
	};
}
// src/glob/syntax.ts
/** A pattern that is not valid glob syntax; `message` says why and names the pattern. */
var GlobSyntaxError = class extends Error {
	pattern;
	reason;
	constructor(pattern, reason) {
		super(`invalid pattern ${JSON.stringify(pattern.length > 100 ? `${pattern.slice(0, 100)}…` : pattern)}: ${reason}`);
		this.pattern = pattern;
		this.reason = reason;
		this.name = "GlobSyntaxError";
	}
};
const SLASH = 47;
/** Parses `text` (the pattern without its negating `!`). */
function parseGlob(text, segmented, pattern) {
	return parseSequence({
		pattern,
		text,
		at: 0,
		segmented
	}, false);
}
/** Reads elements up to the end, or (inside braces) up to the `,` or `}` ending the alternative. */
function parseSequence(cursor, inBraces) {
	const nodes = [];
	const { text } = cursor;
	while (cursor.at < text.length) {
		const char = text[cursor.at];
		if (inBraces && (char === "," || char === "}")) return nodes;
		const start = cursor.at++;
		if (char === "\\") {
			if (cursor.at === text.length) throw new GlobSyntaxError(cursor.pattern, "\"\\\" at the end escapes nothing");
			nodes.push({
				type: "char",
				code: text.charCodeAt(cursor.at++)
			});
		} else if (char === "?") nodes.push({ type: "one" });
		else if (char === "*") {
			while (text[cursor.at] === "*") cursor.at++;
			const next = text[cursor.at];
			const previous = nodes[nodes.length - 1];
			const segmentStart = previous === void 0 || previous.type === "char" && previous.code === SLASH || previous.type === "globstar" && previous.slash;
			const endsSegment = next === void 0 || next === "/" || inBraces && (next === "," || next === "}");
			if (cursor.segmented && cursor.at - start > 1 && segmentStart && endsSegment) {
				if (next === "/") cursor.at++;
				nodes.push({
					type: "globstar",
					slash: next === "/"
				});
			} else nodes.push({ type: "star" });
		} else if (char === "[") nodes.push(parseClass(cursor));
		else if (char === "]") throw new GlobSyntaxError(cursor.pattern, "\"]\" without \"[\"");
		else if (char === "{") {
			const branches = [];
			for (;;) {
				branches.push(parseSequence(cursor, true));
				const end = text[cursor.at++];
				if (end === "}") break;
				if (end !== ",") throw new GlobSyntaxError(cursor.pattern, "\"{\" is not closed");
			}
			nodes.push({
				type: "alternatives",
				branches
			});
		} else if (char === "}") throw new GlobSyntaxError(cursor.pattern, "\"}\" without \"{\"");
		else nodes.push({
			type: "char",
			code: text.charCodeAt(start)
		});
	}
	return nodes;
}
/** `[abc]`, `[a-z]`, `[!a]`/`[^a]`; a `]` first in the set is a member, `\x` is `x`. The cursor is past `[`. */
function parseClass(cursor) {
	const { text } = cursor;
	const negated = text[cursor.at] === "!" || text[cursor.at] === "^";
	if (negated) cursor.at++;
	const members = [];
	for (let first = true;; first = false) {
		if (cursor.at >= text.length) throw new GlobSyntaxError(cursor.pattern, "\"[\" is not closed");
		let char = text[cursor.at++];
		if (char === "]" && !first) break;
		if (char === "\\" && cursor.at < text.length) char = text[cursor.at++];
		members.push(char.charCodeAt(0));
	}
	const ranges = [];
	const DASH = 45;
	for (let m = 0; m < members.length; m++) {
		const low = members[m];
		if (members[m + 1] === DASH && m + 2 < members.length) {
			ranges.push(low, members[m + 2]);
			m += 2;
		} else ranges.push(low, low);
	}
	return {
		type: "class",
		negated,
		ranges
	};
}
// src/glob/compile.ts
/** Compiling a glob into a matcher; the syntax is described in `index.ts`. */
/** Longest pattern {@link compileGlob} accepts, in characters. */
const MAX_GLOB_CHARS = 1e3;
/** True when a string uses glob syntax (then it is a pattern, not a plain name). */
function isGlob(value) {
	return /[*?[\]{}!]/.test(value);
}
/**
* Compiles a glob (syntax in `index.ts`) into a matcher whose cost is linear in the text.
* @throws GlobSyntaxError for malformed syntax, an empty pattern or one over {@link MAX_GLOB_CHARS} characters.
* @example
* compileGlob('src/**\/*.{ts,md}').matches('src/a/b.ts'); // true
* compileGlob('openrouter:*', { segmented: false }).matches('openrouter:meta-llama/llama-3'); // true
*/
function compileGlob(pattern, options = {}) {
	if (pattern.length > 1e3) throw new GlobSyntaxError(pattern, `a pattern may be at most ${MAX_GLOB_CHARS} characters`);
	const negated = pattern.startsWith("!");
	const body = negated ? pattern.slice(1) : pattern;
	if (body.length === 0) throw new GlobSyntaxError(pattern, "it is empty");
	const automaton = buildAutomaton(parseGlob(body, options.segmented ?? true, pattern), options.segmented ?? true);
	return {
		matches: (text) => automaton.run(text) !== negated,
		get steps() {
			return automaton.steps();
		}
	};
}
// src/glob/field-glob.ts
/** Globs written in worker files and manifests: a malformed one is a ProjectError naming the field. */
/**
* {@link compileGlob} for a pattern found at `location` (a file and field such as `compatible_models`).
* @throws ProjectError `invalid-field` at `location`, e.g. `main.worker: invalid pattern "a[": "[" is not closed`
*/
function compileFieldGlob(pattern, options, location) {
	try {
		return compileGlob(pattern, options);
	} catch (error) {
		if (error instanceof GlobSyntaxError) throw new ProjectError("invalid-field", error.message, location);
		throw error;
	}
}
// src/worker/text-memo.ts
/** A memo keeping at most `maxChars` characters of text. */
function createTextMemo(maxChars) {
	const results = /* @__PURE__ */ new Map();
	let keptChars = 0;
	return { get(text, compute) {
		if (results.has(text)) return results.get(text);
		const result = compute(text);
		if (text.length <= maxChars) {
			results.set(text, result);
			keptChars += text.length;
			while (keptChars > maxChars) {
				const oldest = results.keys().next().value;
				results.delete(oldest);
				keptChars -= oldest.length;
			}
		}
		return result;
	} };
}
// src/worker/json-schema.ts
/**
* One representation for the two schema forms users write (a zod schema or a JSON Schema object):
* a zod schema to validate with, and a JSON Schema to show providers.
*/
/** True for a zod (v3 or v4) schema object, from any copy of zod. */
function isZodSchema(value) {
	return typeof value === "object" && value !== null && typeof value.safeParse === "function" && ("_zod" in value || "_def" in value);
}
/**
* Builds both forms of a schema. Throws (a plain Error with zod's message) when a JSON Schema
* cannot be understood; callers wrap it in an error naming the file and field.
*/
function toSchemaPair(schema) {
	if (isZodSchema(schema)) {
		const jsonSchema = toJSONSchema(schema, {
			io: "input",
			unrepresentable: "any"
		});
		delete jsonSchema.$schema;
		return {
			zod: schema,
			jsonSchema
		};
	}
	return {
		zod: fromJSONSchema(schema),
		jsonSchema: schema
	};
}
/** zod forms of JSON Schema files by file text (zod schemas are immutable, so workers can share one). */
const zodOfJsonText = createTextMemo(1e6);
/**
* {@link toSchemaPair} of a JSON Schema file's parsed `schema`; its zod form is built once per
* distinct `text`, however many workers name the file. `schema` stays each caller's own object.
*/
function jsonFileSchemaPair(text, schema) {
	return {
		zod: zodOfJsonText.get(text, () => toSchemaPair(schema).zod),
		jsonSchema: schema
	};
}
/** Validates `value`; errors read `field.path: message` (or `(root): message`). */
function validateWith(schema, value) {
	const result = schema.safeParse(value);
	if (result.success) return {
		ok: true,
		value: result.data
	};
	return {
		ok: false,
		errors: result.error.issues.map(formatIssue)
	};
}
function formatIssue(issue) {
	return `${issue.path.length > 0 ? issue.path.map(String).join(".") : "(root)"}: ${issue.message}`;
}
// src/worker/read-project-file.ts
/** Largest project file llm-do reads: 1 MiB. */
const MAX_PROJECT_FILE_BYTES = 1048576;
/**
* Reads `hostPath` as UTF-8 text, without a leading BOM and with CRLF line ends turned into LF.
* Throws ProjectError `file-not-found` when it is missing or not a file, `file-too-large` over 1 MiB.
*/
async function readProjectText(fs, hostPath, displayPath) {
	const stat = await fs.stat(hostPath);
	if (!stat) throw new ProjectError("file-not-found", "file not found", { file: displayPath });
	if (stat.kind !== "file") throw new ProjectError("file-not-found", `expected a file, found a ${stat.kind}`, { file: displayPath });
	if (stat.size > 1048576) throw new ProjectError("file-too-large", `file is ${stat.size} bytes; project files may be at most ${MAX_PROJECT_FILE_BYTES} bytes (1 MiB)`, { file: displayPath });
	let text;
	try {
		text = await fs.readText(hostPath);
	} catch (error) {
		if (isNotFound(error)) throw new ProjectError("file-not-found", "file not found", { file: displayPath });
		const code = error.code ?? "unknown error";
		throw new ProjectError("file-not-found", `cannot read the file (${String(code)})`, { file: displayPath }, { cause: error });
	}
	return normalizeText(text);
}
/** Strips a leading BOM and turns CRLF line ends into LF. */
function normalizeText(text) {
	return (text.charCodeAt(0) === 65279 ? text.slice(1) : text).replace(/\r\n/g, "\n");
}
// src/worker/schema-ref.ts
/**
* Resolves a worker's `schema_in` / `schema_out` (SPEC §5): a JSON Schema file (`schemas/pitch.json`),
* a named export of a TS/JS module (`schemas.ts:PitchInput`, a zod schema or a JSON Schema object),
* or an inline JSON Schema object. Paths are relative to the project root and may not leave it.
*/
const MODULE_REF = /^(.+\.(?:ts|mts|cts|js|mjs|cjs)):([A-Za-z_$][\w$]*)$/;
function firstLine(error) {
	return (error instanceof Error ? error.message : String(error)).split("\n")[0];
}
function failure(options) {
	return (detail, code = "schema", cause) => new ProjectError(code, detail, {
		file: options.displayPath,
		field: options.field
	}, { cause });
}
function schemaPair(options, build, source, what) {
	try {
		return {
			...build(),
			source
		};
	} catch (error) {
		throw failure(options)(`${options.field} ${what} is not a usable schema: ${firstLine(error)}`, "schema", error);
	}
}
/**
* Reads what a ref names without running project code: an inline schema or a JSON Schema file
* becomes a schema; a module ref (`schemas.ts:Name`) is checked to name an existing file inside the
* project and returned for {@link importSchemaModule}. Throws ProjectError `schema` or `path-escape`,
* naming the worker file, the field and the ref.
*/
async function locateSchemaRef(ref, options) {
	const { field } = options;
	const fail = failure(options);
	if (typeof ref !== "string") return { schema: schemaPair(options, () => toSchemaPair(ref), "inline", "(inline)") };
	const moduleRef = MODULE_REF.exec(ref);
	const relativePath = moduleRef ? moduleRef[1] : ref;
	if (!moduleRef && !ref.endsWith(".json")) throw fail(`${field} "${ref}" is not a schema reference; use a JSON Schema file (schemas/NAME.json), a module export (schemas.ts:ExportName) or an inline JSON Schema`);
	const hostPath = await confine(relativePath, options, () => fail(`${field} "${ref}" points outside the project root; schema paths are relative to it`, "path-escape"));
	const stat = await options.fs.stat(hostPath);
	if (!stat || stat.kind !== "file") throw fail(`${field} "${ref}": file ${posix.normalize(relativePath)} not found in the project`);
	if (moduleRef) return { module: {
		ref,
		relativePath,
		hostPath,
		exportName: moduleRef[2]
	} };
	const text = await readProjectText(options.fs, hostPath, relativePath);
	let parsed;
	try {
		parsed = JSON.parse(text);
	} catch (error) {
		throw fail(`${field} "${ref}" is not valid JSON: ${firstLine(error)}`, "schema", error);
	}
	if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw fail(`${field} "${ref}" must contain a JSON Schema object ({"type": "object", ...})`);
	const schema = parsed;
	return { schema: schemaPair(options, () => jsonFileSchemaPair(text, schema), ref, `"${ref}"`) };
}
/** Imports a module a schema ref names (this runs its code) and returns the named export as a schema. */
async function importSchemaModule(module, options) {
	const { field } = options;
	const fail = failure(options);
	const { ref, relativePath, exportName } = module;
	let namespace;
	try {
		namespace = await importModule(module.hostPath);
	} catch (error) {
		throw fail(`${field} "${ref}": cannot load ${relativePath}: ${firstLine(error)}`, "schema", error);
	}
	if (!(exportName in namespace)) throw fail(`${field} "${ref}": ${relativePath} has no export named "${exportName}" (exports: ${Object.keys(namespace).filter((name) => name !== "default" && name !== "__esModule").join(", ") || "none"})`);
	const value = namespace[exportName];
	if (!isZodSchema(value) && (typeof value !== "object" || value === null || Array.isArray(value))) throw fail(`${field} "${ref}": export "${exportName}" is not a zod schema or a JSON Schema object`);
	return schemaPair(options, () => toSchemaPair(value), ref, `"${ref}"`);
}
/** Host path of a project-relative path, refusing absolute paths, `..` escapes and symlinks out of the root. */
async function confine(relativePath, options, escape) {
	if (posix.isAbsolute(relativePath) || /^[A-Za-z]:/.test(relativePath) || /[\\\0]/.test(relativePath)) throw escape();
	const normalized = posix.normalize(relativePath);
	if (normalized === ".." || normalized.startsWith("../")) throw escape();
	const root = posix.resolve(options.projectRoot);
	const hostPath = posix.join(root, normalized);
	if (!await options.fs.stat(hostPath)) return hostPath;
	const [realRoot, realPath] = await Promise.all([options.fs.realpath(root).catch(() => root), options.fs.realpath(hostPath)]);
	if (realPath !== realRoot && !realPath.startsWith(`${realRoot}/`)) throw escape();
	return hostPath;
}
// node_modules/nunjucks/src/lib.js
var require_lib = /* @__PURE__ */ __commonJSMin(((exports, module) => {
	var ArrayProto = Array.prototype;
	var ObjProto = Object.prototype;
	var escapeMap = {
		"&": "&amp;",
		"\"": "&quot;",
		"'": "&#39;",
		"<": "&lt;",
		">": "&gt;",
		"\\": "&#92;"
	};
	var escapeRegex = /[&"'<>\\]/g;
	var _exports = module.exports = {};
	function hasOwnProp(obj, k) {
		return ObjProto.hasOwnProperty.call(obj, k);
	}
	_exports.hasOwnProp = hasOwnProp;
	function lookupEscape(ch) {
		return escapeMap[ch];
	}
	function _prettifyError(path, withInternals, err) {
		if (!err.Update) err = new _exports.TemplateError(err);
		err.Update(path);
		if (!withInternals) {
			var old = err;
			err = new Error(old.message);
			err.name = old.name;
		}
		return err;
	}
	_exports._prettifyError = _prettifyError;
	function TemplateError(message, lineno, colno) {
		var err;
		var cause;
		if (message instanceof Error) {
			cause = message;
			message = cause.name + ": " + cause.message;
		}
		if (Object.setPrototypeOf) {
			err = new Error(message);
			Object.setPrototypeOf(err, TemplateError.prototype);
		} else {
			err = this;
			Object.defineProperty(err, "message", {
				enumerable: false,
				writable: true,
				value: message
			});
		}
		Object.defineProperty(err, "name", { value: "Template render error" });
		if (Error.captureStackTrace) Error.captureStackTrace(err, this.constructor);
		var getStack;
		if (cause) {
			var stackDescriptor = Object.getOwnPropertyDescriptor(cause, "stack");
			getStack = stackDescriptor && (stackDescriptor.get || function() {
				return stackDescriptor.value;
			});
			if (!getStack) getStack = function getStack() {
				return cause.stack;
			};
		} else {
			var stack = new Error(message).stack;
			getStack = function getStack() {
				return stack;
			};
		}
		Object.defineProperty(err, "stack", { get: function get() {
			return getStack.call(err);
		} });
		Object.defineProperty(err, "cause", { value: cause });
		err.lineno = lineno;
		err.colno = colno;
		err.firstUpdate = true;
		err.Update = function Update(path) {
			var msg = "(" + (path || "unknown path") + ")";
			if (this.firstUpdate) {
				if (this.lineno && this.colno) msg += " [Line " + this.lineno + ", Column " + this.colno + "]";
				else if (this.lineno) msg += " [Line " + this.lineno + "]";
			}
			msg += "\n ";
			if (this.firstUpdate) msg += " ";
			this.message = msg + (this.message || "");
			this.firstUpdate = false;
			return this;
		};
		return err;
	}
	if (Object.setPrototypeOf) Object.setPrototypeOf(TemplateError.prototype, Error.prototype);
	else TemplateError.prototype = Object.create(Error.prototype, { constructor: { value: TemplateError } });
	_exports.TemplateError = TemplateError;
	function escape(val) {
		return val.replace(escapeRegex, lookupEscape);
	}
	_exports.escape = escape;
	function isFunction(obj) {
		return ObjProto.toString.call(obj) === "[object Function]";
	}
	_exports.isFunction = isFunction;
	function isArray(obj) {
		return ObjProto.toString.call(obj) === "[object Array]";
	}
	_exports.isArray = isArray;
	function isString(obj) {
		return ObjProto.toString.call(obj) === "[object String]";
	}
	_exports.isString = isString;
	function isObject(obj) {
		return ObjProto.toString.call(obj) === "[object Object]";
	}
	_exports.isObject = isObject;
	/**
	* @param {string|number} attr
	* @returns {(string|number)[]}
	* @private
	*/
	function _prepareAttributeParts(attr) {
		if (!attr) return [];
		if (typeof attr === "string") return attr.split(".");
		return [attr];
	}
	/**
	* @param {string}   attribute      Attribute value. Dots allowed.
	* @returns {function(Object): *}
	*/
	function getAttrGetter(attribute) {
		var parts = _prepareAttributeParts(attribute);
		return function attrGetter(item) {
			var _item = item;
			for (var i = 0; i < parts.length; i++) {
				var part = parts[i];
				if (hasOwnProp(_item, part)) _item = _item[part];
				else return;
			}
			return _item;
		};
	}
	_exports.getAttrGetter = getAttrGetter;
	function groupBy(obj, val, throwOnUndefined) {
		var result = {};
		var iterator = isFunction(val) ? val : getAttrGetter(val);
		for (var i = 0; i < obj.length; i++) {
			var value = obj[i];
			var key = iterator(value, i);
			if (key === void 0 && throwOnUndefined === true) throw new TypeError("groupby: attribute \"" + val + "\" resolved to undefined");
			(result[key] || (result[key] = [])).push(value);
		}
		return result;
	}
	_exports.groupBy = groupBy;
	function toArray(obj) {
		return Array.prototype.slice.call(obj);
	}
	_exports.toArray = toArray;
	function without(array) {
		var result = [];
		if (!array) return result;
		var length = array.length;
		var contains = toArray(arguments).slice(1);
		var index = -1;
		while (++index < length) if (indexOf(contains, array[index]) === -1) result.push(array[index]);
		return result;
	}
	_exports.without = without;
	function repeat(char_, n) {
		var str = "";
		for (var i = 0; i < n; i++) str += char_;
		return str;
	}
	_exports.repeat = repeat;
	function each(obj, func, context) {
		if (obj == null) return;
		if (ArrayProto.forEach && obj.forEach === ArrayProto.forEach) obj.forEach(func, context);
		else if (obj.length === +obj.length) for (var i = 0, l = obj.length; i < l; i++) func.call(context, obj[i], i, obj);
	}
	_exports.each = each;
	function map(obj, func) {
		var results = [];
		if (obj == null) return results;
		if (ArrayProto.map && obj.map === ArrayProto.map) return obj.map(func);
		for (var i = 0; i < obj.length; i++) results[results.length] = func(obj[i], i);
		if (obj.length === +obj.length) results.length = obj.length;
		return results;
	}
	_exports.map = map;
	function asyncIter(arr, iter, cb) {
		var i = -1;
		function next() {
			i++;
			if (i < arr.length) iter(arr[i], i, next, cb);
			else cb();
		}
		next();
	}
	_exports.asyncIter = asyncIter;
	function asyncFor(obj, iter, cb) {
		var keys = keys_(obj || {});
		var len = keys.length;
		var i = -1;
		function next() {
			i++;
			var k = keys[i];
			if (i < len) iter(k, obj[k], i, len, next);
			else cb();
		}
		next();
	}
	_exports.asyncFor = asyncFor;
	function indexOf(arr, searchElement, fromIndex) {
		return Array.prototype.indexOf.call(arr || [], searchElement, fromIndex);
	}
	_exports.indexOf = indexOf;
	function keys_(obj) {
		var arr = [];
		for (var k in obj) if (hasOwnProp(obj, k)) arr.push(k);
		return arr;
	}
	_exports.keys = keys_;
	function _entries(obj) {
		return keys_(obj).map(function(k) {
			return [k, obj[k]];
		});
	}
	_exports._entries = _entries;
	function _values(obj) {
		return keys_(obj).map(function(k) {
			return obj[k];
		});
	}
	_exports._values = _values;
	function extend(obj1, obj2) {
		obj1 = obj1 || {};
		keys_(obj2).forEach(function(k) {
			obj1[k] = obj2[k];
		});
		return obj1;
	}
	_exports._assign = _exports.extend = extend;
	function inOperator(key, val) {
		if (isArray(val) || isString(val)) return val.indexOf(key) !== -1;
		else if (isObject(val)) return key in val;
		throw new Error("Cannot use \"in\" operator to search for \"" + key + "\" in unexpected types.");
	}
	_exports.inOperator = inOperator;
}));
// node_modules/asap/raw.js
var require_raw = /* @__PURE__ */ __commonJSMin(((exports, module) => {
	var domain;
	var hasSetImmediate = typeof setImmediate === "function";
	module.exports = rawAsap;
	function rawAsap(task) {
		if (!queue.length) {
			requestFlush();
			flushing = true;
		}
		queue[queue.length] = task;
	}
	var queue = [];
	var flushing = false;
	var index = 0;
	var capacity = 1024;
	function flush() {
		while (index < queue.length) {
			var currentIndex = index;
			index = index + 1;
			queue[currentIndex].call();
			if (index > capacity) {
				for (var scan = 0, newLength = queue.length - index; scan < newLength; scan++) queue[scan] = queue[scan + index];
				queue.length -= index;
				index = 0;
			}
		}
		queue.length = 0;
		index = 0;
		flushing = false;
	}
	rawAsap.requestFlush = requestFlush;
	function requestFlush() {
		var parentDomain = process.domain;
		if (parentDomain) {
			if (!domain) domain = __require("domain");
			domain.active = process.domain = null;
		}
		if (flushing && hasSetImmediate) setImmediate(flush);
		else process.nextTick(flush);
		if (parentDomain) domain.active = process.domain = parentDomain;
	}
}));
// node_modules/asap/asap.js
var require_asap = /* @__PURE__ */ __commonJSMin(((exports, module) => {
	var rawAsap = require_raw();
	var freeTasks = [];
	/**
	* Calls a task as soon as possible after returning, in its own event, with
	* priority over IO events. An exception thrown in a task can be handled by
	* `process.on("uncaughtException") or `domain.on("error")`, but will otherwise
	* crash the process. If the error is handled, all subsequent tasks will
	* resume.
	*
	* @param {{call}} task A callable object, typically a function that takes no
	* arguments.
	*/
	module.exports = asap;
	function asap(task) {
		var rawTask;
		if (freeTasks.length) rawTask = freeTasks.pop();
		else rawTask = new RawTask();
		rawTask.task = task;
		rawTask.domain = process.domain;
		rawAsap(rawTask);
	}
	function RawTask() {
		this.task = null;
		this.domain = null;
	}
	RawTask.prototype.call = function() {
		if (this.domain) this.domain.enter();
		var threw = true;
		try {
			this.task.call();
			threw = false;
			if (this.domain) this.domain.exit();
		} finally {
			if (threw) rawAsap.requestFlush();
			this.task = null;
			this.domain = null;
			freeTasks.push(this);
		}
	};
}));
// node_modules/a-sync-waterfall/index.js
var require_a_sync_waterfall = /* @__PURE__ */ __commonJSMin(((exports, module, this$1) => {
	(function(globals) {
		"use strict";
		var executeSync = function() {
			var args = Array.prototype.slice.call(arguments);
			if (typeof args[0] === "function") args[0].apply(null, args.splice(1));
		};
		var executeAsync = function(fn) {
			if (typeof setImmediate === "function") setImmediate(fn);
			else if (typeof process !== "undefined" && process.nextTick) process.nextTick(fn);
			else setTimeout(fn, 0);
		};
		var makeIterator = function(tasks) {
			var makeCallback = function(index) {
				var fn = function() {
					if (tasks.length) tasks[index].apply(null, arguments);
					return fn.next();
				};
				fn.next = function() {
					return index < tasks.length - 1 ? makeCallback(index + 1) : null;
				};
				return fn;
			};
			return makeCallback(0);
		};
		var _isArray = Array.isArray || function(maybeArray) {
			return Object.prototype.toString.call(maybeArray) === "[object Array]";
		};
		var waterfall = function(tasks, callback, forceAsync) {
			var nextTick = forceAsync ? executeAsync : executeSync;
			callback = callback || function() {};
			if (!_isArray(tasks)) return callback(/* @__PURE__ */ new Error("First argument to waterfall must be an array of functions"));
			if (!tasks.length) return callback();
			var wrapIterator = function(iterator) {
				return function(err) {
					if (err) {
						callback.apply(null, arguments);
						callback = function() {};
					} else {
						var args = Array.prototype.slice.call(arguments, 1);
						var next = iterator.next();
						if (next) args.push(wrapIterator(next));
						else args.push(callback);
						nextTick(function() {
							iterator.apply(null, args);
						});
					}
				};
			};
			wrapIterator(makeIterator(tasks))();
		};
		if (typeof define !== "undefined" && define.amd) define([], function() {
			return waterfall;
		});
		else if (typeof module !== "undefined" && module.exports) module.exports = waterfall;
		else globals.waterfall = waterfall;
	})(this$1);
}));
// node_modules/nunjucks/src/lexer.js
var require_lexer = /* @__PURE__ */ __commonJSMin(((exports, module) => {
	var lib = require_lib();
	var whitespaceChars = " \n	\r\xA0";
	var delimChars = "()[]{}%*-+~/#,:|.<>=!";
	var intChars = "0123456789";
	var BLOCK_START = "{%";
	var BLOCK_END = "%}";
	var VARIABLE_START = "{{";
	var VARIABLE_END = "}}";
	var COMMENT_START = "{#";
	var COMMENT_END = "#}";
	var TOKEN_STRING = "string";
	var TOKEN_WHITESPACE = "whitespace";
	var TOKEN_DATA = "data";
	var TOKEN_BLOCK_START = "block-start";
	var TOKEN_BLOCK_END = "block-end";
	var TOKEN_VARIABLE_START = "variable-start";
	var TOKEN_VARIABLE_END = "variable-end";
	var TOKEN_COMMENT = "comment";
	var TOKEN_LEFT_PAREN = "left-paren";
	var TOKEN_RIGHT_PAREN = "right-paren";
	var TOKEN_LEFT_BRACKET = "left-bracket";
	var TOKEN_RIGHT_BRACKET = "right-bracket";
	var TOKEN_LEFT_CURLY = "left-curly";
	var TOKEN_RIGHT_CURLY = "right-curly";
	var TOKEN_OPERATOR = "operator";
	var TOKEN_COMMA = "comma";
	var TOKEN_COLON = "colon";
	var TOKEN_TILDE = "tilde";
	var TOKEN_PIPE = "pipe";
	var TOKEN_INT = "int";
	var TOKEN_FLOAT = "float";
	var TOKEN_BOOLEAN = "boolean";
	var TOKEN_NONE = "none";
	var TOKEN_SYMBOL = "symbol";
	var TOKEN_SPECIAL = "special";
	var TOKEN_REGEX = "regex";
	function token(type, value, lineno, colno) {
		return {
			type,
			value,
			lineno,
			colno
		};
	}
	var Tokenizer = /*#__PURE__*/ function() {
		function Tokenizer(str, opts) {
			this.str = str;
			this.index = 0;
			this.len = str.length;
			this.lineno = 0;
			this.colno = 0;
			this.in_code = false;
			opts = opts || {};
			var tags = opts.tags || {};
			this.tags = {
				BLOCK_START: tags.blockStart || BLOCK_START,
				BLOCK_END: tags.blockEnd || BLOCK_END,
				VARIABLE_START: tags.variableStart || VARIABLE_START,
				VARIABLE_END: tags.variableEnd || VARIABLE_END,
				COMMENT_START: tags.commentStart || COMMENT_START,
				COMMENT_END: tags.commentEnd || COMMENT_END
			};
			this.trimBlocks = !!opts.trimBlocks;
			this.lstripBlocks = !!opts.lstripBlocks;
		}
		var _proto = Tokenizer.prototype;
		_proto.nextToken = function nextToken() {
			var lineno = this.lineno;
			var colno = this.colno;
			var tok;
			if (this.in_code) {
				var cur = this.current();
				if (this.isFinished()) return null;
				else if (cur === "\"" || cur === "'") return token(TOKEN_STRING, this._parseString(cur), lineno, colno);
				else if (tok = this._extract(whitespaceChars)) return token(TOKEN_WHITESPACE, tok, lineno, colno);
				else if ((tok = this._extractString(this.tags.BLOCK_END)) || (tok = this._extractString("-" + this.tags.BLOCK_END))) {
					this.in_code = false;
					if (this.trimBlocks) {
						cur = this.current();
						if (cur === "\n") this.forward();
						else if (cur === "\r") {
							this.forward();
							cur = this.current();
							if (cur === "\n") this.forward();
							else this.back();
						}
					}
					return token(TOKEN_BLOCK_END, tok, lineno, colno);
				} else if ((tok = this._extractString(this.tags.VARIABLE_END)) || (tok = this._extractString("-" + this.tags.VARIABLE_END))) {
					this.in_code = false;
					return token(TOKEN_VARIABLE_END, tok, lineno, colno);
				} else if (cur === "r" && this.str.charAt(this.index + 1) === "/") {
					this.forwardN(2);
					var regexBody = "";
					while (!this.isFinished()) if (this.current() === "/" && this.previous() !== "\\") {
						this.forward();
						break;
					} else {
						regexBody += this.current();
						this.forward();
					}
					var POSSIBLE_FLAGS = [
						"g",
						"i",
						"m",
						"y"
					];
					var regexFlags = "";
					while (!this.isFinished()) if (POSSIBLE_FLAGS.indexOf(this.current()) !== -1) {
						regexFlags += this.current();
						this.forward();
					} else break;
					return token(TOKEN_REGEX, {
						body: regexBody,
						flags: regexFlags
					}, lineno, colno);
				} else if (delimChars.indexOf(cur) !== -1) {
					this.forward();
					var complexOps = [
						"==",
						"===",
						"!=",
						"!==",
						"<=",
						">=",
						"//",
						"**"
					];
					var curComplex = cur + this.current();
					var type;
					if (lib.indexOf(complexOps, curComplex) !== -1) {
						this.forward();
						cur = curComplex;
						if (lib.indexOf(complexOps, curComplex + this.current()) !== -1) {
							cur = curComplex + this.current();
							this.forward();
						}
					}
					switch (cur) {
						case "(":
							type = TOKEN_LEFT_PAREN;
							break;
						case ")":
							type = TOKEN_RIGHT_PAREN;
							break;
						case "[":
							type = TOKEN_LEFT_BRACKET;
							break;
						case "]":
							type = TOKEN_RIGHT_BRACKET;
							break;
						case "{":
							type = TOKEN_LEFT_CURLY;
							break;
						case "}":
							type = TOKEN_RIGHT_CURLY;
							break;
						case ",":
							type = TOKEN_COMMA;
							break;
						case ":":
							type = TOKEN_COLON;
							break;
						case "~":
							type = TOKEN_TILDE;
							break;
						case "|":
							type = TOKEN_PIPE;
							break;
						default: type = TOKEN_OPERATOR;
					}
					return token(type, cur, lineno, colno);
				} else {
					tok = this._extractUntil(whitespaceChars + delimChars);
					if (tok.match(/^[-+]?[0-9]+$/)) {
						if (this.current() === ".") {
							this.forward();
							var dec = this._extract(intChars);
							return token(TOKEN_FLOAT, tok + "." + dec, lineno, colno);
						} else return token(TOKEN_INT, tok, lineno, colno);
					} else if (tok.match(/^(true|false)$/)) return token(TOKEN_BOOLEAN, tok, lineno, colno);
					else if (tok === "none") return token(TOKEN_NONE, tok, lineno, colno);
					else if (tok === "null") return token(TOKEN_NONE, tok, lineno, colno);
					else if (tok) return token(TOKEN_SYMBOL, tok, lineno, colno);
					else throw new Error("Unexpected value while parsing: " + tok);
				}
			} else {
				var beginChars = this.tags.BLOCK_START.charAt(0) + this.tags.VARIABLE_START.charAt(0) + this.tags.COMMENT_START.charAt(0) + this.tags.COMMENT_END.charAt(0);
				if (this.isFinished()) return null;
				else if ((tok = this._extractString(this.tags.BLOCK_START + "-")) || (tok = this._extractString(this.tags.BLOCK_START))) {
					this.in_code = true;
					return token(TOKEN_BLOCK_START, tok, lineno, colno);
				} else if ((tok = this._extractString(this.tags.VARIABLE_START + "-")) || (tok = this._extractString(this.tags.VARIABLE_START))) {
					this.in_code = true;
					return token(TOKEN_VARIABLE_START, tok, lineno, colno);
				} else {
					tok = "";
					var data;
					var inComment = false;
					if (this._matches(this.tags.COMMENT_START)) {
						inComment = true;
						tok = this._extractString(this.tags.COMMENT_START);
					}
					while ((data = this._extractUntil(beginChars)) !== null) {
						tok += data;
						if ((this._matches(this.tags.BLOCK_START) || this._matches(this.tags.VARIABLE_START) || this._matches(this.tags.COMMENT_START)) && !inComment) {
							if (this.lstripBlocks && this._matches(this.tags.BLOCK_START) && this.colno > 0 && this.colno <= tok.length) {
								var lastLine = tok.slice(-this.colno);
								if (/^\s+$/.test(lastLine)) {
									tok = tok.slice(0, -this.colno);
									if (!tok.length) return this.nextToken();
								}
							}
							break;
						} else if (this._matches(this.tags.COMMENT_END)) {
							if (!inComment) throw new Error("unexpected end of comment");
							tok += this._extractString(this.tags.COMMENT_END);
							break;
						} else {
							tok += this.current();
							this.forward();
						}
					}
					if (data === null && inComment) throw new Error("expected end of comment, got end of file");
					return token(inComment ? TOKEN_COMMENT : TOKEN_DATA, tok, lineno, colno);
				}
			}
		};
		_proto._parseString = function _parseString(delimiter) {
			this.forward();
			var str = "";
			while (!this.isFinished() && this.current() !== delimiter) {
				var cur = this.current();
				if (cur === "\\") {
					this.forward();
					switch (this.current()) {
						case "n":
							str += "\n";
							break;
						case "t":
							str += "	";
							break;
						case "r":
							str += "\r";
							break;
						default: str += this.current();
					}
					this.forward();
				} else {
					str += cur;
					this.forward();
				}
			}
			this.forward();
			return str;
		};
		_proto._matches = function _matches(str) {
			if (this.index + str.length > this.len) return null;
			return this.str.slice(this.index, this.index + str.length) === str;
		};
		_proto._extractString = function _extractString(str) {
			if (this._matches(str)) {
				this.forwardN(str.length);
				return str;
			}
			return null;
		};
		_proto._extractUntil = function _extractUntil(charString) {
			return this._extractMatching(true, charString || "");
		};
		_proto._extract = function _extract(charString) {
			return this._extractMatching(false, charString);
		};
		_proto._extractMatching = function _extractMatching(breakOnMatch, charString) {
			if (this.isFinished()) return null;
			var first = charString.indexOf(this.current());
			if (breakOnMatch && first === -1 || !breakOnMatch && first !== -1) {
				var t = this.current();
				this.forward();
				var idx = charString.indexOf(this.current());
				while ((breakOnMatch && idx === -1 || !breakOnMatch && idx !== -1) && !this.isFinished()) {
					t += this.current();
					this.forward();
					idx = charString.indexOf(this.current());
				}
				return t;
			}
			return "";
		};
		_proto._extractRegex = function _extractRegex(regex) {
			var matches = this.currentStr().match(regex);
			if (!matches) return null;
			this.forwardN(matches[0].length);
			return matches;
		};
		_proto.isFinished = function isFinished() {
			return this.index >= this.len;
		};
		_proto.forwardN = function forwardN(n) {
			for (var i = 0; i < n; i++) this.forward();
		};
		_proto.forward = function forward() {
			this.index++;
			if (this.previous() === "\n") {
				this.lineno++;
				this.colno = 0;
			} else this.colno++;
		};
		_proto.backN = function backN(n) {
			for (var i = 0; i < n; i++) this.back();
		};
		_proto.back = function back() {
			this.index--;
			if (this.current() === "\n") {
				this.lineno--;
				var idx = this.src.lastIndexOf("\n", this.index - 1);
				if (idx === -1) this.colno = this.index;
				else this.colno = this.index - idx;
			} else this.colno--;
		};
		_proto.current = function current() {
			if (!this.isFinished()) return this.str.charAt(this.index);
			return "";
		};
		_proto.currentStr = function currentStr() {
			if (!this.isFinished()) return this.str.substr(this.index);
			return "";
		};
		_proto.previous = function previous() {
			return this.str.charAt(this.index - 1);
		};
		return Tokenizer;
	}();
	module.exports = {
		lex: function lex(src, opts) {
			return new Tokenizer(src, opts);
		},
		TOKEN_STRING,
		TOKEN_WHITESPACE,
		TOKEN_DATA,
		TOKEN_BLOCK_START,
		TOKEN_BLOCK_END,
		TOKEN_VARIABLE_START,
		TOKEN_VARIABLE_END,
		TOKEN_COMMENT,
		TOKEN_LEFT_PAREN,
		TOKEN_RIGHT_PAREN,
		TOKEN_LEFT_BRACKET,
		TOKEN_RIGHT_BRACKET,
		TOKEN_LEFT_CURLY,
		TOKEN_RIGHT_CURLY,
		TOKEN_OPERATOR,
		TOKEN_COMMA,
		TOKEN_COLON,
		TOKEN_TILDE,
		TOKEN_PIPE,
		TOKEN_INT,
		TOKEN_FLOAT,
		TOKEN_BOOLEAN,
		TOKEN_NONE,
		TOKEN_SYMBOL,
		TOKEN_SPECIAL,
		TOKEN_REGEX
	};
}));
// node_modules/nunjucks/src/object.js
var require_object = /* @__PURE__ */ __commonJSMin(((exports, module) => {
	function _defineProperties(target, props) {
		for (var i = 0; i < props.length; i++) {
			var descriptor = props[i];
			descriptor.enumerable = descriptor.enumerable || false;
			descriptor.configurable = true;
			if ("value" in descriptor) descriptor.writable = true;
			Object.defineProperty(target, _toPropertyKey(descriptor.key), descriptor);
		}
	}
	function _createClass(Constructor, protoProps, staticProps) {
		if (protoProps) _defineProperties(Constructor.prototype, protoProps);
		if (staticProps) _defineProperties(Constructor, staticProps);
		Object.defineProperty(Constructor, "prototype", { writable: false });
		return Constructor;
	}
	function _toPropertyKey(arg) {
		var key = _toPrimitive(arg, "string");
		return typeof key === "symbol" ? key : String(key);
	}
	function _toPrimitive(input, hint) {
		if (typeof input !== "object" || input === null) return input;
		var prim = input[Symbol.toPrimitive];
		if (prim !== void 0) {
			var res = prim.call(input, hint || "default");
			if (typeof res !== "object") return res;
			throw new TypeError("@@toPrimitive must return a primitive value.");
		}
		return (hint === "string" ? String : Number)(input);
	}
	function _inheritsLoose(subClass, superClass) {
		subClass.prototype = Object.create(superClass.prototype);
		subClass.prototype.constructor = subClass;
		_setPrototypeOf(subClass, superClass);
	}
	function _setPrototypeOf(o, p) {
		_setPrototypeOf = Object.setPrototypeOf ? Object.setPrototypeOf.bind() : function _setPrototypeOf(o, p) {
			o.__proto__ = p;
			return o;
		};
		return _setPrototypeOf(o, p);
	}
	var EventEmitter = __require("events");
	var lib = require_lib();
	function parentWrap(parent, prop) {
		if (typeof parent !== "function" || typeof prop !== "function") return prop;
		return function wrap() {
			var tmp = this.parent;
			this.parent = parent;
			var res = prop.apply(this, arguments);
			this.parent = tmp;
			return res;
		};
	}
	function extendClass(cls, name, props) {
		props = props || {};
		lib.keys(props).forEach(function(k) {
			props[k] = parentWrap(cls.prototype[k], props[k]);
		});
		var subclass = /*#__PURE__*/ function(_cls) {
			_inheritsLoose(subclass, _cls);
			function subclass() {
				return _cls.apply(this, arguments) || this;
			}
			_createClass(subclass, [{
				key: "typename",
				get: function get() {
					return name;
				}
			}]);
			return subclass;
		}(cls);
		lib._assign(subclass.prototype, props);
		return subclass;
	}
	module.exports = {
		Obj: /* @__PURE__ */ function() {
			function Obj() {
				this.init.apply(this, arguments);
			}
			var _proto = Obj.prototype;
			_proto.init = function init() {};
			Obj.extend = function extend(name, props) {
				if (typeof name === "object") {
					props = name;
					name = "anonymous";
				}
				return extendClass(this, name, props);
			};
			_createClass(Obj, [{
				key: "typename",
				get: function get() {
					return this.constructor.name;
				}
			}]);
			return Obj;
		}(),
		EmitterObj: /* @__PURE__ */ function(_EventEmitter) {
			_inheritsLoose(EmitterObj, _EventEmitter);
			function EmitterObj() {
				var _this2;
				var _this = _EventEmitter.call(this) || this;
				(_this2 = _this).init.apply(_this2, arguments);
				return _this;
			}
			var _proto2 = EmitterObj.prototype;
			_proto2.init = function init() {};
			EmitterObj.extend = function extend(name, props) {
				if (typeof name === "object") {
					props = name;
					name = "anonymous";
				}
				return extendClass(this, name, props);
			};
			_createClass(EmitterObj, [{
				key: "typename",
				get: function get() {
					return this.constructor.name;
				}
			}]);
			return EmitterObj;
		}(EventEmitter)
	};
}));
// node_modules/nunjucks/src/nodes.js
var require_nodes = /* @__PURE__ */ __commonJSMin(((exports, module) => {
	function _defineProperties(target, props) {
		for (var i = 0; i < props.length; i++) {
			var descriptor = props[i];
			descriptor.enumerable = descriptor.enumerable || false;
			descriptor.configurable = true;
			if ("value" in descriptor) descriptor.writable = true;
			Object.defineProperty(target, _toPropertyKey(descriptor.key), descriptor);
		}
	}
	function _createClass(Constructor, protoProps, staticProps) {
		if (protoProps) _defineProperties(Constructor.prototype, protoProps);
		if (staticProps) _defineProperties(Constructor, staticProps);
		Object.defineProperty(Constructor, "prototype", { writable: false });
		return Constructor;
	}
	function _toPropertyKey(arg) {
		var key = _toPrimitive(arg, "string");
		return typeof key === "symbol" ? key : String(key);
	}
	function _toPrimitive(input, hint) {
		if (typeof input !== "object" || input === null) return input;
		var prim = input[Symbol.toPrimitive];
		if (prim !== void 0) {
			var res = prim.call(input, hint || "default");
			if (typeof res !== "object") return res;
			throw new TypeError("@@toPrimitive must return a primitive value.");
		}
		return (hint === "string" ? String : Number)(input);
	}
	function _inheritsLoose(subClass, superClass) {
		subClass.prototype = Object.create(superClass.prototype);
		subClass.prototype.constructor = subClass;
		_setPrototypeOf(subClass, superClass);
	}
	function _setPrototypeOf(o, p) {
		_setPrototypeOf = Object.setPrototypeOf ? Object.setPrototypeOf.bind() : function _setPrototypeOf(o, p) {
			o.__proto__ = p;
			return o;
		};
		return _setPrototypeOf(o, p);
	}
	var Obj = require_object().Obj;
	function traverseAndCheck(obj, type, results) {
		if (obj instanceof type) results.push(obj);
		if (obj instanceof Node) obj.findAll(type, results);
	}
	var Node = /*#__PURE__*/ function(_Obj) {
		_inheritsLoose(Node, _Obj);
		function Node() {
			return _Obj.apply(this, arguments) || this;
		}
		var _proto = Node.prototype;
		_proto.init = function init(lineno, colno) {
			var _arguments = arguments, _this = this;
			for (var _len = arguments.length, args = new Array(_len > 2 ? _len - 2 : 0), _key = 2; _key < _len; _key++) args[_key - 2] = arguments[_key];
			this.lineno = lineno;
			this.colno = colno;
			this.fields.forEach(function(field, i) {
				var val = _arguments[i + 2];
				if (val === void 0) val = null;
				_this[field] = val;
			});
		};
		_proto.findAll = function findAll(type, results) {
			var _this2 = this;
			results = results || [];
			if (this instanceof NodeList) this.children.forEach(function(child) {
				return traverseAndCheck(child, type, results);
			});
			else this.fields.forEach(function(field) {
				return traverseAndCheck(_this2[field], type, results);
			});
			return results;
		};
		_proto.iterFields = function iterFields(func) {
			var _this3 = this;
			this.fields.forEach(function(field) {
				func(_this3[field], field);
			});
		};
		return Node;
	}(Obj);
	var Value = /*#__PURE__*/ function(_Node) {
		_inheritsLoose(Value, _Node);
		function Value() {
			return _Node.apply(this, arguments) || this;
		}
		_createClass(Value, [{
			key: "typename",
			get: function get() {
				return "Value";
			}
		}, {
			key: "fields",
			get: function get() {
				return ["value"];
			}
		}]);
		return Value;
	}(Node);
	var NodeList = /*#__PURE__*/ function(_Node2) {
		_inheritsLoose(NodeList, _Node2);
		function NodeList() {
			return _Node2.apply(this, arguments) || this;
		}
		var _proto2 = NodeList.prototype;
		_proto2.init = function init(lineno, colno, nodes) {
			_Node2.prototype.init.call(this, lineno, colno, nodes || []);
		};
		_proto2.addChild = function addChild(node) {
			this.children.push(node);
		};
		_createClass(NodeList, [{
			key: "typename",
			get: function get() {
				return "NodeList";
			}
		}, {
			key: "fields",
			get: function get() {
				return ["children"];
			}
		}]);
		return NodeList;
	}(Node);
	var Root = NodeList.extend("Root");
	var Literal = Value.extend("Literal");
	var _Symbol = Value.extend("Symbol");
	var Group = NodeList.extend("Group");
	var ArrayNode = NodeList.extend("Array");
	var Pair = Node.extend("Pair", { fields: ["key", "value"] });
	var Dict = NodeList.extend("Dict");
	var LookupVal = Node.extend("LookupVal", { fields: ["target", "val"] });
	var If = Node.extend("If", { fields: [
		"cond",
		"body",
		"else_"
	] });
	var IfAsync = If.extend("IfAsync");
	var InlineIf = Node.extend("InlineIf", { fields: [
		"cond",
		"body",
		"else_"
	] });
	var For = Node.extend("For", { fields: [
		"arr",
		"name",
		"body",
		"else_"
	] });
	var AsyncEach = For.extend("AsyncEach");
	var AsyncAll = For.extend("AsyncAll");
	var Macro = Node.extend("Macro", { fields: [
		"name",
		"args",
		"body"
	] });
	var Caller = Macro.extend("Caller");
	var Import = Node.extend("Import", { fields: [
		"template",
		"target",
		"withContext"
	] });
	var FromImport = /*#__PURE__*/ function(_Node3) {
		_inheritsLoose(FromImport, _Node3);
		function FromImport() {
			return _Node3.apply(this, arguments) || this;
		}
		var _proto3 = FromImport.prototype;
		_proto3.init = function init(lineno, colno, template, names, withContext) {
			_Node3.prototype.init.call(this, lineno, colno, template, names || new NodeList(), withContext);
		};
		_createClass(FromImport, [{
			key: "typename",
			get: function get() {
				return "FromImport";
			}
		}, {
			key: "fields",
			get: function get() {
				return [
					"template",
					"names",
					"withContext"
				];
			}
		}]);
		return FromImport;
	}(Node);
	var FunCall = Node.extend("FunCall", { fields: ["name", "args"] });
	var Filter = FunCall.extend("Filter");
	var FilterAsync = Filter.extend("FilterAsync", { fields: [
		"name",
		"args",
		"symbol"
	] });
	var KeywordArgs = Dict.extend("KeywordArgs");
	var Block = Node.extend("Block", { fields: ["name", "body"] });
	var Super = Node.extend("Super", { fields: ["blockName", "symbol"] });
	var Extends = Node.extend("TemplateRef", { fields: ["template"] }).extend("Extends");
	var Include = Node.extend("Include", { fields: ["template", "ignoreMissing"] });
	var Set = Node.extend("Set", { fields: ["targets", "value"] });
	var Switch = Node.extend("Switch", { fields: [
		"expr",
		"cases",
		"default"
	] });
	var Case = Node.extend("Case", { fields: ["cond", "body"] });
	var Output = NodeList.extend("Output");
	var Capture = Node.extend("Capture", { fields: ["body"] });
	var TemplateData = Literal.extend("TemplateData");
	var UnaryOp = Node.extend("UnaryOp", { fields: ["target"] });
	var BinOp = Node.extend("BinOp", { fields: ["left", "right"] });
	var In = BinOp.extend("In");
	var Is = BinOp.extend("Is");
	var Or = BinOp.extend("Or");
	var And = BinOp.extend("And");
	var Not = UnaryOp.extend("Not");
	var Add = BinOp.extend("Add");
	var Concat = BinOp.extend("Concat");
	var Sub = BinOp.extend("Sub");
	var Mul = BinOp.extend("Mul");
	var Div = BinOp.extend("Div");
	var FloorDiv = BinOp.extend("FloorDiv");
	var Mod = BinOp.extend("Mod");
	var Pow = BinOp.extend("Pow");
	var Neg = UnaryOp.extend("Neg");
	var Pos = UnaryOp.extend("Pos");
	var Compare = Node.extend("Compare", { fields: ["expr", "ops"] });
	var CompareOperand = Node.extend("CompareOperand", { fields: ["expr", "type"] });
	var CallExtension = Node.extend("CallExtension", {
		init: function init(ext, prop, args, contentArgs) {
			this.parent();
			this.extName = ext.__name || ext;
			this.prop = prop;
			this.args = args || new NodeList();
			this.contentArgs = contentArgs || [];
			this.autoescape = ext.autoescape;
		},
		fields: [
			"extName",
			"prop",
			"args",
			"contentArgs"
		]
	});
	var CallExtensionAsync = CallExtension.extend("CallExtensionAsync");
	function print(str, indent, inline) {
		var lines = str.split("\n");
		lines.forEach(function(line, i) {
			if (line && (inline && i > 0 || !inline)) process.stdout.write(" ".repeat(indent));
			var nl = i === lines.length - 1 ? "" : "\n";
			process.stdout.write("" + line + nl);
		});
	}
	function printNodes(node, indent) {
		indent = indent || 0;
		print(node.typename + ": ", indent);
		if (node instanceof NodeList) {
			print("\n");
			node.children.forEach(function(n) {
				printNodes(n, indent + 2);
			});
		} else if (node instanceof CallExtension) {
			print(node.extName + "." + node.prop + "\n");
			if (node.args) printNodes(node.args, indent + 2);
			if (node.contentArgs) node.contentArgs.forEach(function(n) {
				printNodes(n, indent + 2);
			});
		} else {
			var nodes = [];
			var props = null;
			node.iterFields(function(val, fieldName) {
				if (val instanceof Node) nodes.push([fieldName, val]);
				else {
					props = props || {};
					props[fieldName] = val;
				}
			});
			if (props) print(JSON.stringify(props, null, 2) + "\n", null, true);
			else print("\n");
			nodes.forEach(function(_ref) {
				var fieldName = _ref[0], n = _ref[1];
				print("[" + fieldName + "] =>", indent + 2);
				printNodes(n, indent + 4);
			});
		}
	}
	module.exports = {
		Node,
		Root,
		NodeList,
		Value,
		Literal,
		Symbol: _Symbol,
		Group,
		Array: ArrayNode,
		Pair,
		Dict,
		Output,
		Capture,
		TemplateData,
		If,
		IfAsync,
		InlineIf,
		For,
		AsyncEach,
		AsyncAll,
		Macro,
		Caller,
		Import,
		FromImport,
		FunCall,
		Filter,
		FilterAsync,
		KeywordArgs,
		Block,
		Super,
		Extends,
		Include,
		Set,
		Switch,
		Case,
		LookupVal,
		BinOp,
		In,
		Is,
		Or,
		And,
		Not,
		Add,
		Concat,
		Sub,
		Mul,
		Div,
		FloorDiv,
		Mod,
		Pow,
		Neg,
		Pos,
		Compare,
		CompareOperand,
		CallExtension,
		CallExtensionAsync,
		printNodes
	};
}));
// node_modules/nunjucks/src/parser.js
var require_parser = /* @__PURE__ */ __commonJSMin(((exports, module) => {
	function _inheritsLoose(subClass, superClass) {
		subClass.prototype = Object.create(superClass.prototype);
		subClass.prototype.constructor = subClass;
		_setPrototypeOf(subClass, superClass);
	}
	function _setPrototypeOf(o, p) {
		_setPrototypeOf = Object.setPrototypeOf ? Object.setPrototypeOf.bind() : function _setPrototypeOf(o, p) {
			o.__proto__ = p;
			return o;
		};
		return _setPrototypeOf(o, p);
	}
	var lexer = require_lexer();
	var nodes = require_nodes();
	var Obj = require_object().Obj;
	var lib = require_lib();
	var Parser = /*#__PURE__*/ function(_Obj) {
		_inheritsLoose(Parser, _Obj);
		function Parser() {
			return _Obj.apply(this, arguments) || this;
		}
		var _proto = Parser.prototype;
		_proto.init = function init(tokens) {
			this.tokens = tokens;
			this.peeked = null;
			this.breakOnBlocks = null;
			this.dropLeadingWhitespace = false;
			this.extensions = [];
		};
		_proto.nextToken = function nextToken(withWhitespace) {
			var tok;
			if (this.peeked) {
				if (!withWhitespace && this.peeked.type === lexer.TOKEN_WHITESPACE) this.peeked = null;
				else {
					tok = this.peeked;
					this.peeked = null;
					return tok;
				}
			}
			tok = this.tokens.nextToken();
			if (!withWhitespace) while (tok && tok.type === lexer.TOKEN_WHITESPACE) tok = this.tokens.nextToken();
			return tok;
		};
		_proto.peekToken = function peekToken() {
			this.peeked = this.peeked || this.nextToken();
			return this.peeked;
		};
		_proto.pushToken = function pushToken(tok) {
			if (this.peeked) throw new Error("pushToken: can only push one token on between reads");
			this.peeked = tok;
		};
		_proto.error = function error(msg, lineno, colno) {
			if (lineno === void 0 || colno === void 0) {
				var tok = this.peekToken() || {};
				lineno = tok.lineno;
				colno = tok.colno;
			}
			if (lineno !== void 0) lineno += 1;
			if (colno !== void 0) colno += 1;
			return new lib.TemplateError(msg, lineno, colno);
		};
		_proto.fail = function fail(msg, lineno, colno) {
			throw this.error(msg, lineno, colno);
		};
		_proto.skip = function skip(type) {
			var tok = this.nextToken();
			if (!tok || tok.type !== type) {
				this.pushToken(tok);
				return false;
			}
			return true;
		};
		_proto.expect = function expect(type) {
			var tok = this.nextToken();
			if (tok.type !== type) this.fail("expected " + type + ", got " + tok.type, tok.lineno, tok.colno);
			return tok;
		};
		_proto.skipValue = function skipValue(type, val) {
			var tok = this.nextToken();
			if (!tok || tok.type !== type || tok.value !== val) {
				this.pushToken(tok);
				return false;
			}
			return true;
		};
		_proto.skipSymbol = function skipSymbol(val) {
			return this.skipValue(lexer.TOKEN_SYMBOL, val);
		};
		_proto.advanceAfterBlockEnd = function advanceAfterBlockEnd(name) {
			var tok;
			if (!name) {
				tok = this.peekToken();
				if (!tok) this.fail("unexpected end of file");
				if (tok.type !== lexer.TOKEN_SYMBOL) this.fail("advanceAfterBlockEnd: expected symbol token or explicit name to be passed");
				name = this.nextToken().value;
			}
			tok = this.nextToken();
			if (tok && tok.type === lexer.TOKEN_BLOCK_END) {
				if (tok.value.charAt(0) === "-") this.dropLeadingWhitespace = true;
			} else this.fail("expected block end in " + name + " statement");
			return tok;
		};
		_proto.advanceAfterVariableEnd = function advanceAfterVariableEnd() {
			var tok = this.nextToken();
			if (tok && tok.type === lexer.TOKEN_VARIABLE_END) this.dropLeadingWhitespace = tok.value.charAt(tok.value.length - this.tokens.tags.VARIABLE_END.length - 1) === "-";
			else {
				this.pushToken(tok);
				this.fail("expected variable end");
			}
		};
		_proto.parseFor = function parseFor() {
			var forTok = this.peekToken();
			var node;
			var endBlock;
			if (this.skipSymbol("for")) {
				node = new nodes.For(forTok.lineno, forTok.colno);
				endBlock = "endfor";
			} else if (this.skipSymbol("asyncEach")) {
				node = new nodes.AsyncEach(forTok.lineno, forTok.colno);
				endBlock = "endeach";
			} else if (this.skipSymbol("asyncAll")) {
				node = new nodes.AsyncAll(forTok.lineno, forTok.colno);
				endBlock = "endall";
			} else this.fail("parseFor: expected for{Async}", forTok.lineno, forTok.colno);
			node.name = this.parsePrimary();
			if (!(node.name instanceof nodes.Symbol)) this.fail("parseFor: variable name expected for loop");
			if (this.peekToken().type === lexer.TOKEN_COMMA) {
				var key = node.name;
				node.name = new nodes.Array(key.lineno, key.colno);
				node.name.addChild(key);
				while (this.skip(lexer.TOKEN_COMMA)) {
					var prim = this.parsePrimary();
					node.name.addChild(prim);
				}
			}
			if (!this.skipSymbol("in")) this.fail("parseFor: expected \"in\" keyword for loop", forTok.lineno, forTok.colno);
			node.arr = this.parseExpression();
			this.advanceAfterBlockEnd(forTok.value);
			node.body = this.parseUntilBlocks(endBlock, "else");
			if (this.skipSymbol("else")) {
				this.advanceAfterBlockEnd("else");
				node.else_ = this.parseUntilBlocks(endBlock);
			}
			this.advanceAfterBlockEnd();
			return node;
		};
		_proto.parseMacro = function parseMacro() {
			var macroTok = this.peekToken();
			if (!this.skipSymbol("macro")) this.fail("expected macro");
			var name = this.parsePrimary(true);
			var args = this.parseSignature();
			var node = new nodes.Macro(macroTok.lineno, macroTok.colno, name, args);
			this.advanceAfterBlockEnd(macroTok.value);
			node.body = this.parseUntilBlocks("endmacro");
			this.advanceAfterBlockEnd();
			return node;
		};
		_proto.parseCall = function parseCall() {
			var callTok = this.peekToken();
			if (!this.skipSymbol("call")) this.fail("expected call");
			var callerArgs = this.parseSignature(true) || new nodes.NodeList();
			var macroCall = this.parsePrimary();
			this.advanceAfterBlockEnd(callTok.value);
			var body = this.parseUntilBlocks("endcall");
			this.advanceAfterBlockEnd();
			var callerName = new nodes.Symbol(callTok.lineno, callTok.colno, "caller");
			var callerNode = new nodes.Caller(callTok.lineno, callTok.colno, callerName, callerArgs, body);
			var args = macroCall.args.children;
			if (!(args[args.length - 1] instanceof nodes.KeywordArgs)) args.push(new nodes.KeywordArgs());
			args[args.length - 1].addChild(new nodes.Pair(callTok.lineno, callTok.colno, callerName, callerNode));
			return new nodes.Output(callTok.lineno, callTok.colno, [macroCall]);
		};
		_proto.parseWithContext = function parseWithContext() {
			var tok = this.peekToken();
			var withContext = null;
			if (this.skipSymbol("with")) withContext = true;
			else if (this.skipSymbol("without")) withContext = false;
			if (withContext !== null) {
				if (!this.skipSymbol("context")) this.fail("parseFrom: expected context after with/without", tok.lineno, tok.colno);
			}
			return withContext;
		};
		_proto.parseImport = function parseImport() {
			var importTok = this.peekToken();
			if (!this.skipSymbol("import")) this.fail("parseImport: expected import", importTok.lineno, importTok.colno);
			var template = this.parseExpression();
			if (!this.skipSymbol("as")) this.fail("parseImport: expected \"as\" keyword", importTok.lineno, importTok.colno);
			var target = this.parseExpression();
			var withContext = this.parseWithContext();
			var node = new nodes.Import(importTok.lineno, importTok.colno, template, target, withContext);
			this.advanceAfterBlockEnd(importTok.value);
			return node;
		};
		_proto.parseFrom = function parseFrom() {
			var fromTok = this.peekToken();
			if (!this.skipSymbol("from")) this.fail("parseFrom: expected from");
			var template = this.parseExpression();
			if (!this.skipSymbol("import")) this.fail("parseFrom: expected import", fromTok.lineno, fromTok.colno);
			var names = new nodes.NodeList();
			var withContext;
			while (1) {
				var nextTok = this.peekToken();
				if (nextTok.type === lexer.TOKEN_BLOCK_END) {
					if (!names.children.length) this.fail("parseFrom: Expected at least one import name", fromTok.lineno, fromTok.colno);
					if (nextTok.value.charAt(0) === "-") this.dropLeadingWhitespace = true;
					this.nextToken();
					break;
				}
				if (names.children.length > 0 && !this.skip(lexer.TOKEN_COMMA)) this.fail("parseFrom: expected comma", fromTok.lineno, fromTok.colno);
				var name = this.parsePrimary();
				if (name.value.charAt(0) === "_") this.fail("parseFrom: names starting with an underscore cannot be imported", name.lineno, name.colno);
				if (this.skipSymbol("as")) {
					var alias = this.parsePrimary();
					names.addChild(new nodes.Pair(name.lineno, name.colno, name, alias));
				} else names.addChild(name);
				withContext = this.parseWithContext();
			}
			return new nodes.FromImport(fromTok.lineno, fromTok.colno, template, names, withContext);
		};
		_proto.parseBlock = function parseBlock() {
			var tag = this.peekToken();
			if (!this.skipSymbol("block")) this.fail("parseBlock: expected block", tag.lineno, tag.colno);
			var node = new nodes.Block(tag.lineno, tag.colno);
			node.name = this.parsePrimary();
			if (!(node.name instanceof nodes.Symbol)) this.fail("parseBlock: variable name expected", tag.lineno, tag.colno);
			this.advanceAfterBlockEnd(tag.value);
			node.body = this.parseUntilBlocks("endblock");
			this.skipSymbol("endblock");
			this.skipSymbol(node.name.value);
			var tok = this.peekToken();
			if (!tok) this.fail("parseBlock: expected endblock, got end of file");
			this.advanceAfterBlockEnd(tok.value);
			return node;
		};
		_proto.parseExtends = function parseExtends() {
			var tagName = "extends";
			var tag = this.peekToken();
			if (!this.skipSymbol(tagName)) this.fail("parseTemplateRef: expected " + tagName);
			var node = new nodes.Extends(tag.lineno, tag.colno);
			node.template = this.parseExpression();
			this.advanceAfterBlockEnd(tag.value);
			return node;
		};
		_proto.parseInclude = function parseInclude() {
			var tagName = "include";
			var tag = this.peekToken();
			if (!this.skipSymbol(tagName)) this.fail("parseInclude: expected " + tagName);
			var node = new nodes.Include(tag.lineno, tag.colno);
			node.template = this.parseExpression();
			if (this.skipSymbol("ignore") && this.skipSymbol("missing")) node.ignoreMissing = true;
			this.advanceAfterBlockEnd(tag.value);
			return node;
		};
		_proto.parseIf = function parseIf() {
			var tag = this.peekToken();
			var node;
			if (this.skipSymbol("if") || this.skipSymbol("elif") || this.skipSymbol("elseif")) node = new nodes.If(tag.lineno, tag.colno);
			else if (this.skipSymbol("ifAsync")) node = new nodes.IfAsync(tag.lineno, tag.colno);
			else this.fail("parseIf: expected if, elif, or elseif", tag.lineno, tag.colno);
			node.cond = this.parseExpression();
			this.advanceAfterBlockEnd(tag.value);
			node.body = this.parseUntilBlocks("elif", "elseif", "else", "endif");
			var tok = this.peekToken();
			switch (tok && tok.value) {
				case "elseif":
				case "elif":
					node.else_ = this.parseIf();
					break;
				case "else":
					this.advanceAfterBlockEnd();
					node.else_ = this.parseUntilBlocks("endif");
					this.advanceAfterBlockEnd();
					break;
				case "endif":
					node.else_ = null;
					this.advanceAfterBlockEnd();
					break;
				default: this.fail("parseIf: expected elif, else, or endif, got end of file");
			}
			return node;
		};
		_proto.parseSet = function parseSet() {
			var tag = this.peekToken();
			if (!this.skipSymbol("set")) this.fail("parseSet: expected set", tag.lineno, tag.colno);
			var node = new nodes.Set(tag.lineno, tag.colno, []);
			var target;
			while (target = this.parsePrimary()) {
				node.targets.push(target);
				if (!this.skip(lexer.TOKEN_COMMA)) break;
			}
			if (!this.skipValue(lexer.TOKEN_OPERATOR, "=")) {
				if (!this.skip(lexer.TOKEN_BLOCK_END)) this.fail("parseSet: expected = or block end in set tag", tag.lineno, tag.colno);
				else {
					node.body = new nodes.Capture(tag.lineno, tag.colno, this.parseUntilBlocks("endset"));
					node.value = null;
					this.advanceAfterBlockEnd();
				}
			} else {
				node.value = this.parseExpression();
				this.advanceAfterBlockEnd(tag.value);
			}
			return node;
		};
		_proto.parseSwitch = function parseSwitch() {
			var switchStart = "switch";
			var switchEnd = "endswitch";
			var caseStart = "case";
			var caseDefault = "default";
			var tag = this.peekToken();
			if (!this.skipSymbol(switchStart) && !this.skipSymbol(caseStart) && !this.skipSymbol(caseDefault)) this.fail("parseSwitch: expected \"switch,\" \"case\" or \"default\"", tag.lineno, tag.colno);
			var expr = this.parseExpression();
			this.advanceAfterBlockEnd(switchStart);
			this.parseUntilBlocks(caseStart, caseDefault, switchEnd);
			var tok = this.peekToken();
			var cases = [];
			var defaultCase;
			do {
				this.skipSymbol(caseStart);
				var cond = this.parseExpression();
				this.advanceAfterBlockEnd(switchStart);
				var body = this.parseUntilBlocks(caseStart, caseDefault, switchEnd);
				cases.push(new nodes.Case(tok.line, tok.col, cond, body));
				tok = this.peekToken();
			} while (tok && tok.value === caseStart);
			switch (tok.value) {
				case caseDefault:
					this.advanceAfterBlockEnd();
					defaultCase = this.parseUntilBlocks(switchEnd);
					this.advanceAfterBlockEnd();
					break;
				case switchEnd:
					this.advanceAfterBlockEnd();
					break;
				default: this.fail("parseSwitch: expected \"case,\" \"default\" or \"endswitch,\" got EOF.");
			}
			return new nodes.Switch(tag.lineno, tag.colno, expr, cases, defaultCase);
		};
		_proto.parseStatement = function parseStatement() {
			var tok = this.peekToken();
			var node;
			if (tok.type !== lexer.TOKEN_SYMBOL) this.fail("tag name expected", tok.lineno, tok.colno);
			if (this.breakOnBlocks && lib.indexOf(this.breakOnBlocks, tok.value) !== -1) return null;
			switch (tok.value) {
				case "raw": return this.parseRaw();
				case "verbatim": return this.parseRaw("verbatim");
				case "if":
				case "ifAsync": return this.parseIf();
				case "for":
				case "asyncEach":
				case "asyncAll": return this.parseFor();
				case "block": return this.parseBlock();
				case "extends": return this.parseExtends();
				case "include": return this.parseInclude();
				case "set": return this.parseSet();
				case "macro": return this.parseMacro();
				case "call": return this.parseCall();
				case "import": return this.parseImport();
				case "from": return this.parseFrom();
				case "filter": return this.parseFilterStatement();
				case "switch": return this.parseSwitch();
				default:
					if (this.extensions.length) for (var i = 0; i < this.extensions.length; i++) {
						var ext = this.extensions[i];
						if (lib.indexOf(ext.tags || [], tok.value) !== -1) return ext.parse(this, nodes, lexer);
					}
					this.fail("unknown block tag: " + tok.value, tok.lineno, tok.colno);
			}
			return node;
		};
		_proto.parseRaw = function parseRaw(tagName) {
			tagName = tagName || "raw";
			var endTagName = "end" + tagName;
			var rawBlockRegex = new RegExp("([\\s\\S]*?){%\\s*(" + tagName + "|" + endTagName + ")\\s*(?=%})%}");
			var rawLevel = 1;
			var str = "";
			var matches = null;
			var begun = this.advanceAfterBlockEnd();
			while ((matches = this.tokens._extractRegex(rawBlockRegex)) && rawLevel > 0) {
				var all = matches[0];
				var pre = matches[1];
				var blockName = matches[2];
				if (blockName === tagName) rawLevel += 1;
				else if (blockName === endTagName) rawLevel -= 1;
				if (rawLevel === 0) {
					str += pre;
					this.tokens.backN(all.length - pre.length);
				} else str += all;
			}
			return new nodes.Output(begun.lineno, begun.colno, [new nodes.TemplateData(begun.lineno, begun.colno, str)]);
		};
		_proto.parsePostfix = function parsePostfix(node) {
			var lookup;
			var tok = this.peekToken();
			while (tok) {
				if (tok.type === lexer.TOKEN_LEFT_PAREN) node = new nodes.FunCall(tok.lineno, tok.colno, node, this.parseSignature());
				else if (tok.type === lexer.TOKEN_LEFT_BRACKET) {
					lookup = this.parseAggregate();
					if (lookup.children.length > 1) this.fail("invalid index");
					node = new nodes.LookupVal(tok.lineno, tok.colno, node, lookup.children[0]);
				} else if (tok.type === lexer.TOKEN_OPERATOR && tok.value === ".") {
					this.nextToken();
					var val = this.nextToken();
					if (val.type !== lexer.TOKEN_SYMBOL) this.fail("expected name as lookup value, got " + val.value, val.lineno, val.colno);
					lookup = new nodes.Literal(val.lineno, val.colno, val.value);
					node = new nodes.LookupVal(tok.lineno, tok.colno, node, lookup);
				} else break;
				tok = this.peekToken();
			}
			return node;
		};
		_proto.parseExpression = function parseExpression() {
			return this.parseInlineIf();
		};
		_proto.parseInlineIf = function parseInlineIf() {
			var node = this.parseOr();
			if (this.skipSymbol("if")) {
				var condNode = this.parseOr();
				var bodyNode = node;
				node = new nodes.InlineIf(node.lineno, node.colno);
				node.body = bodyNode;
				node.cond = condNode;
				if (this.skipSymbol("else")) node.else_ = this.parseOr();
				else node.else_ = null;
			}
			return node;
		};
		_proto.parseOr = function parseOr() {
			var node = this.parseAnd();
			while (this.skipSymbol("or")) {
				var node2 = this.parseAnd();
				node = new nodes.Or(node.lineno, node.colno, node, node2);
			}
			return node;
		};
		_proto.parseAnd = function parseAnd() {
			var node = this.parseNot();
			while (this.skipSymbol("and")) {
				var node2 = this.parseNot();
				node = new nodes.And(node.lineno, node.colno, node, node2);
			}
			return node;
		};
		_proto.parseNot = function parseNot() {
			var tok = this.peekToken();
			if (this.skipSymbol("not")) return new nodes.Not(tok.lineno, tok.colno, this.parseNot());
			return this.parseIn();
		};
		_proto.parseIn = function parseIn() {
			var node = this.parseIs();
			while (1) {
				var tok = this.nextToken();
				if (!tok) break;
				var invert = tok.type === lexer.TOKEN_SYMBOL && tok.value === "not";
				if (!invert) this.pushToken(tok);
				if (this.skipSymbol("in")) {
					var node2 = this.parseIs();
					node = new nodes.In(node.lineno, node.colno, node, node2);
					if (invert) node = new nodes.Not(node.lineno, node.colno, node);
				} else {
					if (invert) this.pushToken(tok);
					break;
				}
			}
			return node;
		};
		_proto.parseIs = function parseIs() {
			var node = this.parseCompare();
			if (this.skipSymbol("is")) {
				var not = this.skipSymbol("not");
				var node2 = this.parseCompare();
				node = new nodes.Is(node.lineno, node.colno, node, node2);
				if (not) node = new nodes.Not(node.lineno, node.colno, node);
			}
			return node;
		};
		_proto.parseCompare = function parseCompare() {
			var compareOps = [
				"==",
				"===",
				"!=",
				"!==",
				"<",
				">",
				"<=",
				">="
			];
			var expr = this.parseConcat();
			var ops = [];
			while (1) {
				var tok = this.nextToken();
				if (!tok) break;
				else if (compareOps.indexOf(tok.value) !== -1) ops.push(new nodes.CompareOperand(tok.lineno, tok.colno, this.parseConcat(), tok.value));
				else {
					this.pushToken(tok);
					break;
				}
			}
			if (ops.length) return new nodes.Compare(ops[0].lineno, ops[0].colno, expr, ops);
			else return expr;
		};
		_proto.parseConcat = function parseConcat() {
			var node = this.parseAdd();
			while (this.skipValue(lexer.TOKEN_TILDE, "~")) {
				var node2 = this.parseAdd();
				node = new nodes.Concat(node.lineno, node.colno, node, node2);
			}
			return node;
		};
		_proto.parseAdd = function parseAdd() {
			var node = this.parseSub();
			while (this.skipValue(lexer.TOKEN_OPERATOR, "+")) {
				var node2 = this.parseSub();
				node = new nodes.Add(node.lineno, node.colno, node, node2);
			}
			return node;
		};
		_proto.parseSub = function parseSub() {
			var node = this.parseMul();
			while (this.skipValue(lexer.TOKEN_OPERATOR, "-")) {
				var node2 = this.parseMul();
				node = new nodes.Sub(node.lineno, node.colno, node, node2);
			}
			return node;
		};
		_proto.parseMul = function parseMul() {
			var node = this.parseDiv();
			while (this.skipValue(lexer.TOKEN_OPERATOR, "*")) {
				var node2 = this.parseDiv();
				node = new nodes.Mul(node.lineno, node.colno, node, node2);
			}
			return node;
		};
		_proto.parseDiv = function parseDiv() {
			var node = this.parseFloorDiv();
			while (this.skipValue(lexer.TOKEN_OPERATOR, "/")) {
				var node2 = this.parseFloorDiv();
				node = new nodes.Div(node.lineno, node.colno, node, node2);
			}
			return node;
		};
		_proto.parseFloorDiv = function parseFloorDiv() {
			var node = this.parseMod();
			while (this.skipValue(lexer.TOKEN_OPERATOR, "//")) {
				var node2 = this.parseMod();
				node = new nodes.FloorDiv(node.lineno, node.colno, node, node2);
			}
			return node;
		};
		_proto.parseMod = function parseMod() {
			var node = this.parsePow();
			while (this.skipValue(lexer.TOKEN_OPERATOR, "%")) {
				var node2 = this.parsePow();
				node = new nodes.Mod(node.lineno, node.colno, node, node2);
			}
			return node;
		};
		_proto.parsePow = function parsePow() {
			var node = this.parseUnary();
			while (this.skipValue(lexer.TOKEN_OPERATOR, "**")) {
				var node2 = this.parseUnary();
				node = new nodes.Pow(node.lineno, node.colno, node, node2);
			}
			return node;
		};
		_proto.parseUnary = function parseUnary(noFilters) {
			var tok = this.peekToken();
			var node;
			if (this.skipValue(lexer.TOKEN_OPERATOR, "-")) node = new nodes.Neg(tok.lineno, tok.colno, this.parseUnary(true));
			else if (this.skipValue(lexer.TOKEN_OPERATOR, "+")) node = new nodes.Pos(tok.lineno, tok.colno, this.parseUnary(true));
			else node = this.parsePrimary();
			if (!noFilters) node = this.parseFilter(node);
			return node;
		};
		_proto.parsePrimary = function parsePrimary(noPostfix) {
			var tok = this.nextToken();
			var val;
			var node = null;
			if (!tok) this.fail("expected expression, got end of file");
			else if (tok.type === lexer.TOKEN_STRING) val = tok.value;
			else if (tok.type === lexer.TOKEN_INT) val = parseInt(tok.value, 10);
			else if (tok.type === lexer.TOKEN_FLOAT) val = parseFloat(tok.value);
			else if (tok.type === lexer.TOKEN_BOOLEAN) {
				if (tok.value === "true") val = true;
				else if (tok.value === "false") val = false;
				else this.fail("invalid boolean: " + tok.value, tok.lineno, tok.colno);
			} else if (tok.type === lexer.TOKEN_NONE) val = null;
			else if (tok.type === lexer.TOKEN_REGEX) val = new RegExp(tok.value.body, tok.value.flags);
			if (val !== void 0) node = new nodes.Literal(tok.lineno, tok.colno, val);
			else if (tok.type === lexer.TOKEN_SYMBOL) node = new nodes.Symbol(tok.lineno, tok.colno, tok.value);
			else {
				this.pushToken(tok);
				node = this.parseAggregate();
			}
			if (!noPostfix) node = this.parsePostfix(node);
			if (node) return node;
			else throw this.error("unexpected token: " + tok.value, tok.lineno, tok.colno);
		};
		_proto.parseFilterName = function parseFilterName() {
			var tok = this.expect(lexer.TOKEN_SYMBOL);
			var name = tok.value;
			while (this.skipValue(lexer.TOKEN_OPERATOR, ".")) name += "." + this.expect(lexer.TOKEN_SYMBOL).value;
			return new nodes.Symbol(tok.lineno, tok.colno, name);
		};
		_proto.parseFilterArgs = function parseFilterArgs(node) {
			if (this.peekToken().type === lexer.TOKEN_LEFT_PAREN) return this.parsePostfix(node).args.children;
			return [];
		};
		_proto.parseFilter = function parseFilter(node) {
			while (this.skip(lexer.TOKEN_PIPE)) {
				var name = this.parseFilterName();
				node = new nodes.Filter(name.lineno, name.colno, name, new nodes.NodeList(name.lineno, name.colno, [node].concat(this.parseFilterArgs(node))));
			}
			return node;
		};
		_proto.parseFilterStatement = function parseFilterStatement() {
			var filterTok = this.peekToken();
			if (!this.skipSymbol("filter")) this.fail("parseFilterStatement: expected filter");
			var name = this.parseFilterName();
			var args = this.parseFilterArgs(name);
			this.advanceAfterBlockEnd(filterTok.value);
			var body = new nodes.Capture(name.lineno, name.colno, this.parseUntilBlocks("endfilter"));
			this.advanceAfterBlockEnd();
			var node = new nodes.Filter(name.lineno, name.colno, name, new nodes.NodeList(name.lineno, name.colno, [body].concat(args)));
			return new nodes.Output(name.lineno, name.colno, [node]);
		};
		_proto.parseAggregate = function parseAggregate() {
			var tok = this.nextToken();
			var node;
			switch (tok.type) {
				case lexer.TOKEN_LEFT_PAREN:
					node = new nodes.Group(tok.lineno, tok.colno);
					break;
				case lexer.TOKEN_LEFT_BRACKET:
					node = new nodes.Array(tok.lineno, tok.colno);
					break;
				case lexer.TOKEN_LEFT_CURLY:
					node = new nodes.Dict(tok.lineno, tok.colno);
					break;
				default: return null;
			}
			while (1) {
				var type = this.peekToken().type;
				if (type === lexer.TOKEN_RIGHT_PAREN || type === lexer.TOKEN_RIGHT_BRACKET || type === lexer.TOKEN_RIGHT_CURLY) {
					this.nextToken();
					break;
				}
				if (node.children.length > 0) {
					if (!this.skip(lexer.TOKEN_COMMA)) this.fail("parseAggregate: expected comma after expression", tok.lineno, tok.colno);
				}
				if (node instanceof nodes.Dict) {
					var key = this.parsePrimary();
					if (!this.skip(lexer.TOKEN_COLON)) this.fail("parseAggregate: expected colon after dict key", tok.lineno, tok.colno);
					var value = this.parseExpression();
					node.addChild(new nodes.Pair(key.lineno, key.colno, key, value));
				} else {
					var expr = this.parseExpression();
					node.addChild(expr);
				}
			}
			return node;
		};
		_proto.parseSignature = function parseSignature(tolerant, noParens) {
			var tok = this.peekToken();
			if (!noParens && tok.type !== lexer.TOKEN_LEFT_PAREN) {
				if (tolerant) return null;
				else this.fail("expected arguments", tok.lineno, tok.colno);
			}
			if (tok.type === lexer.TOKEN_LEFT_PAREN) tok = this.nextToken();
			var args = new nodes.NodeList(tok.lineno, tok.colno);
			var kwargs = new nodes.KeywordArgs(tok.lineno, tok.colno);
			var checkComma = false;
			while (1) {
				tok = this.peekToken();
				if (!noParens && tok.type === lexer.TOKEN_RIGHT_PAREN) {
					this.nextToken();
					break;
				} else if (noParens && tok.type === lexer.TOKEN_BLOCK_END) break;
				if (checkComma && !this.skip(lexer.TOKEN_COMMA)) this.fail("parseSignature: expected comma after expression", tok.lineno, tok.colno);
				else {
					var arg = this.parseExpression();
					if (this.skipValue(lexer.TOKEN_OPERATOR, "=")) kwargs.addChild(new nodes.Pair(arg.lineno, arg.colno, arg, this.parseExpression()));
					else args.addChild(arg);
				}
				checkComma = true;
			}
			if (kwargs.children.length) args.addChild(kwargs);
			return args;
		};
		_proto.parseUntilBlocks = function parseUntilBlocks() {
			var prev = this.breakOnBlocks;
			for (var _len = arguments.length, blockNames = new Array(_len), _key = 0; _key < _len; _key++) blockNames[_key] = arguments[_key];
			this.breakOnBlocks = blockNames;
			var ret = this.parse();
			this.breakOnBlocks = prev;
			return ret;
		};
		_proto.parseNodes = function parseNodes() {
			var tok;
			var buf = [];
			while (tok = this.nextToken()) if (tok.type === lexer.TOKEN_DATA) {
				var data = tok.value;
				var nextToken = this.peekToken();
				var nextVal = nextToken && nextToken.value;
				if (this.dropLeadingWhitespace) {
					data = data.replace(/^\s*/, "");
					this.dropLeadingWhitespace = false;
				}
				if (nextToken && (nextToken.type === lexer.TOKEN_BLOCK_START && nextVal.charAt(nextVal.length - 1) === "-" || nextToken.type === lexer.TOKEN_VARIABLE_START && nextVal.charAt(this.tokens.tags.VARIABLE_START.length) === "-" || nextToken.type === lexer.TOKEN_COMMENT && nextVal.charAt(this.tokens.tags.COMMENT_START.length) === "-")) data = data.replace(/\s*$/, "");
				buf.push(new nodes.Output(tok.lineno, tok.colno, [new nodes.TemplateData(tok.lineno, tok.colno, data)]));
			} else if (tok.type === lexer.TOKEN_BLOCK_START) {
				this.dropLeadingWhitespace = false;
				var n = this.parseStatement();
				if (!n) break;
				buf.push(n);
			} else if (tok.type === lexer.TOKEN_VARIABLE_START) {
				var e = this.parseExpression();
				this.dropLeadingWhitespace = false;
				this.advanceAfterVariableEnd();
				buf.push(new nodes.Output(tok.lineno, tok.colno, [e]));
			} else if (tok.type === lexer.TOKEN_COMMENT) this.dropLeadingWhitespace = tok.value.charAt(tok.value.length - this.tokens.tags.COMMENT_END.length - 1) === "-";
			else this.fail("Unexpected token at top-level: " + tok.type, tok.lineno, tok.colno);
			return buf;
		};
		_proto.parse = function parse() {
			return new nodes.NodeList(0, 0, this.parseNodes());
		};
		_proto.parseAsRoot = function parseAsRoot() {
			return new nodes.Root(0, 0, this.parseNodes());
		};
		return Parser;
	}(Obj);
	module.exports = {
		parse: function parse(src, extensions, opts) {
			var p = new Parser(lexer.lex(src, opts));
			if (extensions !== void 0) p.extensions = extensions;
			return p.parseAsRoot();
		},
		Parser
	};
}));
// node_modules/nunjucks/src/transformer.js
var require_transformer = /* @__PURE__ */ __commonJSMin(((exports, module) => {
	var nodes = require_nodes();
	var lib = require_lib();
	var sym = 0;
	function gensym() {
		return "hole_" + sym++;
	}
	function mapCOW(arr, func) {
		var res = null;
		for (var i = 0; i < arr.length; i++) {
			var item = func(arr[i]);
			if (item !== arr[i]) {
				if (!res) res = arr.slice();
				res[i] = item;
			}
		}
		return res || arr;
	}
	function walk(ast, func, depthFirst) {
		if (!(ast instanceof nodes.Node)) return ast;
		if (!depthFirst) {
			var astT = func(ast);
			if (astT && astT !== ast) return astT;
		}
		if (ast instanceof nodes.NodeList) {
			var children = mapCOW(ast.children, function(node) {
				return walk(node, func, depthFirst);
			});
			if (children !== ast.children) ast = new nodes[ast.typename](ast.lineno, ast.colno, children);
		} else if (ast instanceof nodes.CallExtension) {
			var args = walk(ast.args, func, depthFirst);
			var contentArgs = mapCOW(ast.contentArgs, function(node) {
				return walk(node, func, depthFirst);
			});
			if (args !== ast.args || contentArgs !== ast.contentArgs) ast = new nodes[ast.typename](ast.extName, ast.prop, args, contentArgs);
		} else {
			var props = ast.fields.map(function(field) {
				return ast[field];
			});
			var propsT = mapCOW(props, function(prop) {
				return walk(prop, func, depthFirst);
			});
			if (propsT !== props) {
				ast = new nodes[ast.typename](ast.lineno, ast.colno);
				propsT.forEach(function(prop, i) {
					ast[ast.fields[i]] = prop;
				});
			}
		}
		return depthFirst ? func(ast) || ast : ast;
	}
	function depthWalk(ast, func) {
		return walk(ast, func, true);
	}
	function _liftFilters(node, asyncFilters, prop) {
		var children = [];
		var walked = depthWalk(prop ? node[prop] : node, function(descNode) {
			var symbol;
			if (descNode instanceof nodes.Block) return descNode;
			else if (descNode instanceof nodes.Filter && lib.indexOf(asyncFilters, descNode.name.value) !== -1 || descNode instanceof nodes.CallExtensionAsync) {
				symbol = new nodes.Symbol(descNode.lineno, descNode.colno, gensym());
				children.push(new nodes.FilterAsync(descNode.lineno, descNode.colno, descNode.name, descNode.args, symbol));
			}
			return symbol;
		});
		if (prop) node[prop] = walked;
		else node = walked;
		if (children.length) {
			children.push(node);
			return new nodes.NodeList(node.lineno, node.colno, children);
		} else return node;
	}
	function liftFilters(ast, asyncFilters) {
		return depthWalk(ast, function(node) {
			if (node instanceof nodes.Output) return _liftFilters(node, asyncFilters);
			else if (node instanceof nodes.Set) return _liftFilters(node, asyncFilters, "value");
			else if (node instanceof nodes.For) return _liftFilters(node, asyncFilters, "arr");
			else if (node instanceof nodes.If) return _liftFilters(node, asyncFilters, "cond");
			else if (node instanceof nodes.CallExtension) return _liftFilters(node, asyncFilters, "args");
			else return;
		});
	}
	function liftSuper(ast) {
		return walk(ast, function(blockNode) {
			if (!(blockNode instanceof nodes.Block)) return;
			var hasSuper = false;
			var symbol = gensym();
			blockNode.body = walk(blockNode.body, function(node) {
				if (node instanceof nodes.FunCall && node.name.value === "super") {
					hasSuper = true;
					return new nodes.Symbol(node.lineno, node.colno, symbol);
				}
			});
			if (hasSuper) blockNode.body.children.unshift(new nodes.Super(0, 0, blockNode.name, new nodes.Symbol(0, 0, symbol)));
		});
	}
	function convertStatements(ast) {
		return depthWalk(ast, function(node) {
			if (!(node instanceof nodes.If) && !(node instanceof nodes.For)) return;
			var async = false;
			walk(node, function(child) {
				if (child instanceof nodes.FilterAsync || child instanceof nodes.IfAsync || child instanceof nodes.AsyncEach || child instanceof nodes.AsyncAll || child instanceof nodes.CallExtensionAsync) {
					async = true;
					return child;
				}
			});
			if (async) {
				if (node instanceof nodes.If) return new nodes.IfAsync(node.lineno, node.colno, node.cond, node.body, node.else_);
				else if (node instanceof nodes.For && !(node instanceof nodes.AsyncAll)) return new nodes.AsyncEach(node.lineno, node.colno, node.arr, node.name, node.body, node.else_);
			}
		});
	}
	function cps(ast, asyncFilters) {
		return convertStatements(liftSuper(liftFilters(ast, asyncFilters)));
	}
	function transform(ast, asyncFilters) {
		return cps(ast, asyncFilters || []);
	}
	module.exports = { transform };
}));
// node_modules/nunjucks/src/runtime.js
var require_runtime = /* @__PURE__ */ __commonJSMin(((exports, module) => {
	var lib = require_lib();
	var arrayFrom = Array.from;
	var supportsIterators = typeof Symbol === "function" && Symbol.iterator && typeof arrayFrom === "function";
	var Frame = /*#__PURE__*/ function() {
		function Frame(parent, isolateWrites) {
			this.variables = Object.create(null);
			this.parent = parent;
			this.topLevel = false;
			this.isolateWrites = isolateWrites;
		}
		var _proto = Frame.prototype;
		_proto.set = function set(name, val, resolveUp) {
			var parts = name.split(".");
			var obj = this.variables;
			var frame = this;
			if (resolveUp) {
				if (frame = this.resolve(parts[0], true)) {
					frame.set(name, val);
					return;
				}
			}
			for (var i = 0; i < parts.length - 1; i++) {
				var id = parts[i];
				if (!obj[id]) obj[id] = {};
				obj = obj[id];
			}
			obj[parts[parts.length - 1]] = val;
		};
		_proto.get = function get(name) {
			var val = this.variables[name];
			if (val !== void 0) return val;
			return null;
		};
		_proto.lookup = function lookup(name) {
			var p = this.parent;
			var val = this.variables[name];
			if (val !== void 0) return val;
			return p && p.lookup(name);
		};
		_proto.resolve = function resolve(name, forWrite) {
			var p = forWrite && this.isolateWrites ? void 0 : this.parent;
			if (this.variables[name] !== void 0) return this;
			return p && p.resolve(name);
		};
		_proto.push = function push(isolateWrites) {
			return new Frame(this, isolateWrites);
		};
		_proto.pop = function pop() {
			return this.parent;
		};
		return Frame;
	}();
	function makeMacro(argNames, kwargNames, func) {
		return function macro() {
			for (var _len = arguments.length, macroArgs = new Array(_len), _key = 0; _key < _len; _key++) macroArgs[_key] = arguments[_key];
			var argCount = numArgs(macroArgs);
			var args;
			var kwargs = getKeywordArgs(macroArgs);
			if (argCount > argNames.length) {
				args = macroArgs.slice(0, argNames.length);
				macroArgs.slice(args.length, argCount).forEach(function(val, i) {
					if (i < kwargNames.length) kwargs[kwargNames[i]] = val;
				});
				args.push(kwargs);
			} else if (argCount < argNames.length) {
				args = macroArgs.slice(0, argCount);
				for (var i = argCount; i < argNames.length; i++) {
					var arg = argNames[i];
					args.push(kwargs[arg]);
					delete kwargs[arg];
				}
				args.push(kwargs);
			} else args = macroArgs;
			return func.apply(this, args);
		};
	}
	function makeKeywordArgs(obj) {
		obj.__keywords = true;
		return obj;
	}
	function isKeywordArgs(obj) {
		return obj && Object.prototype.hasOwnProperty.call(obj, "__keywords");
	}
	function getKeywordArgs(args) {
		var len = args.length;
		if (len) {
			var lastArg = args[len - 1];
			if (isKeywordArgs(lastArg)) return lastArg;
		}
		return {};
	}
	function numArgs(args) {
		var len = args.length;
		if (len === 0) return 0;
		var lastArg = args[len - 1];
		if (isKeywordArgs(lastArg)) return len - 1;
		else return len;
	}
	function SafeString(val) {
		if (typeof val !== "string") return val;
		this.val = val;
		this.length = val.length;
	}
	SafeString.prototype = Object.create(String.prototype, { length: {
		writable: true,
		configurable: true,
		value: 0
	} });
	SafeString.prototype.valueOf = function valueOf() {
		return this.val;
	};
	SafeString.prototype.toString = function toString() {
		return this.val;
	};
	function copySafeness(dest, target) {
		if (dest instanceof SafeString) return new SafeString(target);
		return target.toString();
	}
	function markSafe(val) {
		var type = typeof val;
		if (type === "string") return new SafeString(val);
		else if (type !== "function") return val;
		else return function wrapSafe(args) {
			var ret = val.apply(this, arguments);
			if (typeof ret === "string") return new SafeString(ret);
			return ret;
		};
	}
	function suppressValue(val, autoescape) {
		val = val !== void 0 && val !== null ? val : "";
		if (autoescape && !(val instanceof SafeString)) val = lib.escape(val.toString());
		return val;
	}
	function ensureDefined(val, lineno, colno) {
		if (val === null || val === void 0) throw new lib.TemplateError("attempted to output null or undefined value", lineno + 1, colno + 1);
		return val;
	}
	function memberLookup(obj, val) {
		if (obj === void 0 || obj === null) return;
		if (typeof obj[val] === "function") return function() {
			for (var _len2 = arguments.length, args = new Array(_len2), _key2 = 0; _key2 < _len2; _key2++) args[_key2] = arguments[_key2];
			return obj[val].apply(obj, args);
		};
		return obj[val];
	}
	function callWrap(obj, name, context, args) {
		if (!obj) throw new Error("Unable to call `" + name + "`, which is undefined or falsey");
		else if (typeof obj !== "function") throw new Error("Unable to call `" + name + "`, which is not a function");
		return obj.apply(context, args);
	}
	function contextOrFrameLookup(context, frame, name) {
		var val = frame.lookup(name);
		return val !== void 0 ? val : context.lookup(name);
	}
	function handleError(error, lineno, colno) {
		if (error.lineno) return error;
		else return new lib.TemplateError(error, lineno, colno);
	}
	function asyncEach(arr, dimen, iter, cb) {
		if (lib.isArray(arr)) {
			var len = arr.length;
			lib.asyncIter(arr, function iterCallback(item, i, next) {
				switch (dimen) {
					case 1:
						iter(item, i, len, next);
						break;
					case 2:
						iter(item[0], item[1], i, len, next);
						break;
					case 3:
						iter(item[0], item[1], item[2], i, len, next);
						break;
					default:
						item.push(i, len, next);
						iter.apply(this, item);
				}
			}, cb);
		} else lib.asyncFor(arr, function iterCallback(key, val, i, len, next) {
			iter(key, val, i, len, next);
		}, cb);
	}
	function asyncAll(arr, dimen, func, cb) {
		var finished = 0;
		var len;
		var outputArr;
		function done(i, output) {
			finished++;
			outputArr[i] = output;
			if (finished === len) cb(null, outputArr.join(""));
		}
		if (lib.isArray(arr)) {
			len = arr.length;
			outputArr = new Array(len);
			if (len === 0) cb(null, "");
			else for (var i = 0; i < arr.length; i++) {
				var item = arr[i];
				switch (dimen) {
					case 1:
						func(item, i, len, done);
						break;
					case 2:
						func(item[0], item[1], i, len, done);
						break;
					case 3:
						func(item[0], item[1], item[2], i, len, done);
						break;
					default:
						item.push(i, len, done);
						func.apply(this, item);
				}
			}
		} else {
			var keys = lib.keys(arr || {});
			len = keys.length;
			outputArr = new Array(len);
			if (len === 0) cb(null, "");
			else for (var _i = 0; _i < keys.length; _i++) {
				var k = keys[_i];
				func(k, arr[k], _i, len, done);
			}
		}
	}
	function fromIterator(arr) {
		if (typeof arr !== "object" || arr === null || lib.isArray(arr)) return arr;
		else if (supportsIterators && Symbol.iterator in arr) return arrayFrom(arr);
		else return arr;
	}
	module.exports = {
		Frame,
		makeMacro,
		makeKeywordArgs,
		numArgs,
		suppressValue,
		ensureDefined,
		memberLookup,
		contextOrFrameLookup,
		callWrap,
		handleError,
		isArray: lib.isArray,
		keys: lib.keys,
		SafeString,
		copySafeness,
		markSafe,
		asyncEach,
		asyncAll,
		inOperator: lib.inOperator,
		fromIterator
	};
}));
// node_modules/nunjucks/src/compiler.js
var require_compiler = /* @__PURE__ */ __commonJSMin(((exports, module) => {
	function _inheritsLoose(subClass, superClass) {
		subClass.prototype = Object.create(superClass.prototype);
		subClass.prototype.constructor = subClass;
		_setPrototypeOf(subClass, superClass);
	}
	function _setPrototypeOf(o, p) {
		_setPrototypeOf = Object.setPrototypeOf ? Object.setPrototypeOf.bind() : function _setPrototypeOf(o, p) {
			o.__proto__ = p;
			return o;
		};
		return _setPrototypeOf(o, p);
	}
	var parser = require_parser();
	var transformer = require_transformer();
	var nodes = require_nodes();
	var TemplateError = require_lib().TemplateError;
	var Frame = require_runtime().Frame;
	var Obj = require_object().Obj;
	var compareOps = {
		"==": "==",
		"===": "===",
		"!=": "!=",
		"!==": "!==",
		"<": "<",
		">": ">",
		"<=": "<=",
		">=": ">="
	};
	var Compiler = /*#__PURE__*/ function(_Obj) {
		_inheritsLoose(Compiler, _Obj);
		function Compiler() {
			return _Obj.apply(this, arguments) || this;
		}
		var _proto = Compiler.prototype;
		_proto.init = function init(templateName, throwOnUndefined) {
			this.templateName = templateName;
			this.codebuf = [];
			this.lastId = 0;
			this.buffer = null;
			this.bufferStack = [];
			this._scopeClosers = "";
			this.inBlock = false;
			this.throwOnUndefined = throwOnUndefined;
		};
		_proto.fail = function fail(msg, lineno, colno) {
			if (lineno !== void 0) lineno += 1;
			if (colno !== void 0) colno += 1;
			throw new TemplateError(msg, lineno, colno);
		};
		_proto._pushBuffer = function _pushBuffer() {
			var id = this._tmpid();
			this.bufferStack.push(this.buffer);
			this.buffer = id;
			this._emit("var " + this.buffer + " = \"\";");
			return id;
		};
		_proto._popBuffer = function _popBuffer() {
			this.buffer = this.bufferStack.pop();
		};
		_proto._emit = function _emit(code) {
			this.codebuf.push(code);
		};
		_proto._emitLine = function _emitLine(code) {
			this._emit(code + "\n");
		};
		_proto._emitLines = function _emitLines() {
			var _this = this;
			for (var _len = arguments.length, lines = new Array(_len), _key = 0; _key < _len; _key++) lines[_key] = arguments[_key];
			lines.forEach(function(line) {
				return _this._emitLine(line);
			});
		};
		_proto._emitFuncBegin = function _emitFuncBegin(node, name) {
			this.buffer = "output";
			this._scopeClosers = "";
			this._emitLine("function " + name + "(env, context, frame, runtime, cb) {");
			this._emitLine("var lineno = " + node.lineno + ";");
			this._emitLine("var colno = " + node.colno + ";");
			this._emitLine("var " + this.buffer + " = \"\";");
			this._emitLine("try {");
		};
		_proto._emitFuncEnd = function _emitFuncEnd(noReturn) {
			if (!noReturn) this._emitLine("cb(null, " + this.buffer + ");");
			this._closeScopeLevels();
			this._emitLine("} catch (e) {");
			this._emitLine("  cb(runtime.handleError(e, lineno, colno));");
			this._emitLine("}");
			this._emitLine("}");
			this.buffer = null;
		};
		_proto._addScopeLevel = function _addScopeLevel() {
			this._scopeClosers += "})";
		};
		_proto._closeScopeLevels = function _closeScopeLevels() {
			this._emitLine(this._scopeClosers + ";");
			this._scopeClosers = "";
		};
		_proto._withScopedSyntax = function _withScopedSyntax(func) {
			var _scopeClosers = this._scopeClosers;
			this._scopeClosers = "";
			func.call(this);
			this._closeScopeLevels();
			this._scopeClosers = _scopeClosers;
		};
		_proto._makeCallback = function _makeCallback(res) {
			var err = this._tmpid();
			return "function(" + err + (res ? "," + res : "") + ") {\nif(" + err + ") { cb(" + err + "); return; }";
		};
		_proto._tmpid = function _tmpid() {
			this.lastId++;
			return "t_" + this.lastId;
		};
		_proto._templateName = function _templateName() {
			return this.templateName == null ? "undefined" : JSON.stringify(this.templateName);
		};
		_proto._compileChildren = function _compileChildren(node, frame) {
			var _this2 = this;
			node.children.forEach(function(child) {
				_this2.compile(child, frame);
			});
		};
		_proto._compileAggregate = function _compileAggregate(node, frame, startChar, endChar) {
			var _this3 = this;
			if (startChar) this._emit(startChar);
			node.children.forEach(function(child, i) {
				if (i > 0) _this3._emit(",");
				_this3.compile(child, frame);
			});
			if (endChar) this._emit(endChar);
		};
		_proto._compileExpression = function _compileExpression(node, frame) {
			this.assertType(node, nodes.Literal, nodes.Symbol, nodes.Group, nodes.Array, nodes.Dict, nodes.FunCall, nodes.Caller, nodes.Filter, nodes.LookupVal, nodes.Compare, nodes.InlineIf, nodes.In, nodes.Is, nodes.And, nodes.Or, nodes.Not, nodes.Add, nodes.Concat, nodes.Sub, nodes.Mul, nodes.Div, nodes.FloorDiv, nodes.Mod, nodes.Pow, nodes.Neg, nodes.Pos, nodes.Compare, nodes.NodeList);
			this.compile(node, frame);
		};
		_proto.assertType = function assertType(node) {
			for (var _len2 = arguments.length, types = new Array(_len2 > 1 ? _len2 - 1 : 0), _key2 = 1; _key2 < _len2; _key2++) types[_key2 - 1] = arguments[_key2];
			if (!types.some(function(t) {
				return node instanceof t;
			})) this.fail("assertType: invalid type: " + node.typename, node.lineno, node.colno);
		};
		_proto.compileCallExtension = function compileCallExtension(node, frame, async) {
			var _this4 = this;
			var args = node.args;
			var contentArgs = node.contentArgs;
			var autoescape = typeof node.autoescape === "boolean" ? node.autoescape : true;
			if (!async) this._emit(this.buffer + " += runtime.suppressValue(");
			this._emit("env.getExtension(\"" + node.extName + "\")[\"" + node.prop + "\"](");
			this._emit("context");
			if (args || contentArgs) this._emit(",");
			if (args) {
				if (!(args instanceof nodes.NodeList)) this.fail("compileCallExtension: arguments must be a NodeList, use `parser.parseSignature`");
				args.children.forEach(function(arg, i) {
					_this4._compileExpression(arg, frame);
					if (i !== args.children.length - 1 || contentArgs.length) _this4._emit(",");
				});
			}
			if (contentArgs.length) contentArgs.forEach(function(arg, i) {
				if (i > 0) _this4._emit(",");
				if (arg) {
					_this4._emitLine("function(cb) {");
					_this4._emitLine("if(!cb) { cb = function(err) { if(err) { throw err; }}}");
					var id = _this4._pushBuffer();
					_this4._withScopedSyntax(function() {
						_this4.compile(arg, frame);
						_this4._emitLine("cb(null, " + id + ");");
					});
					_this4._popBuffer();
					_this4._emitLine("return " + id + ";");
					_this4._emitLine("}");
				} else _this4._emit("null");
			});
			if (async) {
				var res = this._tmpid();
				this._emitLine(", " + this._makeCallback(res));
				this._emitLine(this.buffer + " += runtime.suppressValue(" + res + ", " + autoescape + " && env.opts.autoescape);");
				this._addScopeLevel();
			} else {
				this._emit(")");
				this._emit(", " + autoescape + " && env.opts.autoescape);\n");
			}
		};
		_proto.compileCallExtensionAsync = function compileCallExtensionAsync(node, frame) {
			this.compileCallExtension(node, frame, true);
		};
		_proto.compileNodeList = function compileNodeList(node, frame) {
			this._compileChildren(node, frame);
		};
		_proto.compileLiteral = function compileLiteral(node) {
			if (typeof node.value === "string") {
				var val = node.value.replace(/\\/g, "\\\\");
				val = val.replace(/"/g, "\\\"");
				val = val.replace(/\n/g, "\\n");
				val = val.replace(/\r/g, "\\r");
				val = val.replace(/\t/g, "\\t");
				val = val.replace(/\u2028/g, "\\u2028");
				this._emit("\"" + val + "\"");
			} else if (node.value === null) this._emit("null");
			else this._emit(node.value.toString());
		};
		_proto.compileSymbol = function compileSymbol(node, frame) {
			var name = node.value;
			var v = frame.lookup(name);
			if (v) this._emit(v);
			else this._emit("runtime.contextOrFrameLookup(context, frame, \"" + name + "\")");
		};
		_proto.compileGroup = function compileGroup(node, frame) {
			this._compileAggregate(node, frame, "(", ")");
		};
		_proto.compileArray = function compileArray(node, frame) {
			this._compileAggregate(node, frame, "[", "]");
		};
		_proto.compileDict = function compileDict(node, frame) {
			this._compileAggregate(node, frame, "{", "}");
		};
		_proto.compilePair = function compilePair(node, frame) {
			var key = node.key;
			var val = node.value;
			if (key instanceof nodes.Symbol) key = new nodes.Literal(key.lineno, key.colno, key.value);
			else if (!(key instanceof nodes.Literal && typeof key.value === "string")) this.fail("compilePair: Dict keys must be strings or names", key.lineno, key.colno);
			this.compile(key, frame);
			this._emit(": ");
			this._compileExpression(val, frame);
		};
		_proto.compileInlineIf = function compileInlineIf(node, frame) {
			this._emit("(");
			this.compile(node.cond, frame);
			this._emit("?");
			this.compile(node.body, frame);
			this._emit(":");
			if (node.else_ !== null) this.compile(node.else_, frame);
			else this._emit("\"\"");
			this._emit(")");
		};
		_proto.compileIn = function compileIn(node, frame) {
			this._emit("runtime.inOperator(");
			this.compile(node.left, frame);
			this._emit(",");
			this.compile(node.right, frame);
			this._emit(")");
		};
		_proto.compileIs = function compileIs(node, frame) {
			var right = node.right.name ? node.right.name.value : node.right.value;
			this._emit("env.getTest(\"" + right + "\").call(context, ");
			this.compile(node.left, frame);
			if (node.right.args) {
				this._emit(",");
				this.compile(node.right.args, frame);
			}
			this._emit(") === true");
		};
		_proto._binOpEmitter = function _binOpEmitter(node, frame, str) {
			this.compile(node.left, frame);
			this._emit(str);
			this.compile(node.right, frame);
		};
		_proto.compileOr = function compileOr(node, frame) {
			return this._binOpEmitter(node, frame, " || ");
		};
		_proto.compileAnd = function compileAnd(node, frame) {
			return this._binOpEmitter(node, frame, " && ");
		};
		_proto.compileAdd = function compileAdd(node, frame) {
			return this._binOpEmitter(node, frame, " + ");
		};
		_proto.compileConcat = function compileConcat(node, frame) {
			return this._binOpEmitter(node, frame, " + \"\" + ");
		};
		_proto.compileSub = function compileSub(node, frame) {
			return this._binOpEmitter(node, frame, " - ");
		};
		_proto.compileMul = function compileMul(node, frame) {
			return this._binOpEmitter(node, frame, " * ");
		};
		_proto.compileDiv = function compileDiv(node, frame) {
			return this._binOpEmitter(node, frame, " / ");
		};
		_proto.compileMod = function compileMod(node, frame) {
			return this._binOpEmitter(node, frame, " % ");
		};
		_proto.compileNot = function compileNot(node, frame) {
			this._emit("!");
			this.compile(node.target, frame);
		};
		_proto.compileFloorDiv = function compileFloorDiv(node, frame) {
			this._emit("Math.floor(");
			this.compile(node.left, frame);
			this._emit(" / ");
			this.compile(node.right, frame);
			this._emit(")");
		};
		_proto.compilePow = function compilePow(node, frame) {
			this._emit("Math.pow(");
			this.compile(node.left, frame);
			this._emit(", ");
			this.compile(node.right, frame);
			this._emit(")");
		};
		_proto.compileNeg = function compileNeg(node, frame) {
			this._emit("-");
			this.compile(node.target, frame);
		};
		_proto.compilePos = function compilePos(node, frame) {
			this._emit("+");
			this.compile(node.target, frame);
		};
		_proto.compileCompare = function compileCompare(node, frame) {
			var _this5 = this;
			this.compile(node.expr, frame);
			node.ops.forEach(function(op) {
				_this5._emit(" " + compareOps[op.type] + " ");
				_this5.compile(op.expr, frame);
			});
		};
		_proto.compileLookupVal = function compileLookupVal(node, frame) {
			this._emit("runtime.memberLookup((");
			this._compileExpression(node.target, frame);
			this._emit("),");
			this._compileExpression(node.val, frame);
			this._emit(")");
		};
		_proto._getNodeName = function _getNodeName(node) {
			switch (node.typename) {
				case "Symbol": return node.value;
				case "FunCall": return "the return value of (" + this._getNodeName(node.name) + ")";
				case "LookupVal": return this._getNodeName(node.target) + "[\"" + this._getNodeName(node.val) + "\"]";
				case "Literal": return node.value.toString();
				default: return "--expression--";
			}
		};
		_proto.compileFunCall = function compileFunCall(node, frame) {
			this._emit("(lineno = " + node.lineno + ", colno = " + node.colno + ", ");
			this._emit("runtime.callWrap(");
			this._compileExpression(node.name, frame);
			this._emit(", \"" + this._getNodeName(node.name).replace(/"/g, "\\\"") + "\", context, ");
			this._compileAggregate(node.args, frame, "[", "])");
			this._emit(")");
		};
		_proto.compileFilter = function compileFilter(node, frame) {
			var name = node.name;
			this.assertType(name, nodes.Symbol);
			this._emit("env.getFilter(\"" + name.value + "\").call(context, ");
			this._compileAggregate(node.args, frame);
			this._emit(")");
		};
		_proto.compileFilterAsync = function compileFilterAsync(node, frame) {
			var name = node.name;
			var symbol = node.symbol.value;
			this.assertType(name, nodes.Symbol);
			frame.set(symbol, symbol);
			this._emit("env.getFilter(\"" + name.value + "\").call(context, ");
			this._compileAggregate(node.args, frame);
			this._emitLine(", " + this._makeCallback(symbol));
			this._addScopeLevel();
		};
		_proto.compileKeywordArgs = function compileKeywordArgs(node, frame) {
			this._emit("runtime.makeKeywordArgs(");
			this.compileDict(node, frame);
			this._emit(")");
		};
		_proto.compileSet = function compileSet(node, frame) {
			var _this6 = this;
			var ids = [];
			node.targets.forEach(function(target) {
				var name = target.value;
				var id = frame.lookup(name);
				if (id === null || id === void 0) {
					id = _this6._tmpid();
					_this6._emitLine("var " + id + ";");
				}
				ids.push(id);
			});
			if (node.value) {
				this._emit(ids.join(" = ") + " = ");
				this._compileExpression(node.value, frame);
				this._emitLine(";");
			} else {
				this._emit(ids.join(" = ") + " = ");
				this.compile(node.body, frame);
				this._emitLine(";");
			}
			node.targets.forEach(function(target, i) {
				var id = ids[i];
				var name = target.value;
				_this6._emitLine("frame.set(\"" + name + "\", " + id + ", true);");
				_this6._emitLine("if(frame.topLevel) {");
				_this6._emitLine("context.setVariable(\"" + name + "\", " + id + ");");
				_this6._emitLine("}");
				if (name.charAt(0) !== "_") {
					_this6._emitLine("if(frame.topLevel) {");
					_this6._emitLine("context.addExport(\"" + name + "\", " + id + ");");
					_this6._emitLine("}");
				}
			});
		};
		_proto.compileSwitch = function compileSwitch(node, frame) {
			var _this7 = this;
			this._emit("switch (");
			this.compile(node.expr, frame);
			this._emit(") {");
			node.cases.forEach(function(c, i) {
				_this7._emit("case ");
				_this7.compile(c.cond, frame);
				_this7._emit(": ");
				_this7.compile(c.body, frame);
				if (c.body.children.length) _this7._emitLine("break;");
			});
			if (node.default) {
				this._emit("default:");
				this.compile(node.default, frame);
			}
			this._emit("}");
		};
		_proto.compileIf = function compileIf(node, frame, async) {
			var _this8 = this;
			this._emit("if(");
			this._compileExpression(node.cond, frame);
			this._emitLine(") {");
			this._withScopedSyntax(function() {
				_this8.compile(node.body, frame);
				if (async) _this8._emit("cb()");
			});
			if (node.else_) {
				this._emitLine("}\nelse {");
				this._withScopedSyntax(function() {
					_this8.compile(node.else_, frame);
					if (async) _this8._emit("cb()");
				});
			} else if (async) {
				this._emitLine("}\nelse {");
				this._emit("cb()");
			}
			this._emitLine("}");
		};
		_proto.compileIfAsync = function compileIfAsync(node, frame) {
			this._emit("(function(cb) {");
			this.compileIf(node, frame, true);
			this._emit("})(" + this._makeCallback());
			this._addScopeLevel();
		};
		_proto._emitLoopBindings = function _emitLoopBindings(node, arr, i, len) {
			var _this9 = this;
			[
				{
					name: "index",
					val: i + " + 1"
				},
				{
					name: "index0",
					val: i
				},
				{
					name: "revindex",
					val: len + " - " + i
				},
				{
					name: "revindex0",
					val: len + " - " + i + " - 1"
				},
				{
					name: "first",
					val: i + " === 0"
				},
				{
					name: "last",
					val: i + " === " + len + " - 1"
				},
				{
					name: "length",
					val: len
				}
			].forEach(function(b) {
				_this9._emitLine("frame.set(\"loop." + b.name + "\", " + b.val + ");");
			});
		};
		_proto.compileFor = function compileFor(node, frame) {
			var _this10 = this;
			var i = this._tmpid();
			var len = this._tmpid();
			var arr = this._tmpid();
			frame = frame.push();
			this._emitLine("frame = frame.push();");
			this._emit("var " + arr + " = ");
			this._compileExpression(node.arr, frame);
			this._emitLine(";");
			this._emit("if(" + arr + ") {");
			this._emitLine(arr + " = runtime.fromIterator(" + arr + ");");
			if (node.name instanceof nodes.Array) {
				this._emitLine("var " + i + ";");
				this._emitLine("if(runtime.isArray(" + arr + ")) {");
				this._emitLine("var " + len + " = " + arr + ".length;");
				this._emitLine("for(" + i + "=0; " + i + " < " + arr + ".length; " + i + "++) {");
				node.name.children.forEach(function(child, u) {
					var tid = _this10._tmpid();
					_this10._emitLine("var " + tid + " = " + arr + "[" + i + "][" + u + "];");
					_this10._emitLine("frame.set(\"" + child + "\", " + arr + "[" + i + "][" + u + "]);");
					frame.set(node.name.children[u].value, tid);
				});
				this._emitLoopBindings(node, arr, i, len);
				this._withScopedSyntax(function() {
					_this10.compile(node.body, frame);
				});
				this._emitLine("}");
				this._emitLine("} else {");
				var _node$name$children = node.name.children, key = _node$name$children[0], val = _node$name$children[1];
				var k = this._tmpid();
				var v = this._tmpid();
				frame.set(key.value, k);
				frame.set(val.value, v);
				this._emitLine(i + " = -1;");
				this._emitLine("var " + len + " = runtime.keys(" + arr + ").length;");
				this._emitLine("for(var " + k + " in " + arr + ") {");
				this._emitLine(i + "++;");
				this._emitLine("var " + v + " = " + arr + "[" + k + "];");
				this._emitLine("frame.set(\"" + key.value + "\", " + k + ");");
				this._emitLine("frame.set(\"" + val.value + "\", " + v + ");");
				this._emitLoopBindings(node, arr, i, len);
				this._withScopedSyntax(function() {
					_this10.compile(node.body, frame);
				});
				this._emitLine("}");
				this._emitLine("}");
			} else {
				var _v = this._tmpid();
				frame.set(node.name.value, _v);
				this._emitLine("var " + len + " = " + arr + ".length;");
				this._emitLine("for(var " + i + "=0; " + i + " < " + arr + ".length; " + i + "++) {");
				this._emitLine("var " + _v + " = " + arr + "[" + i + "];");
				this._emitLine("frame.set(\"" + node.name.value + "\", " + _v + ");");
				this._emitLoopBindings(node, arr, i, len);
				this._withScopedSyntax(function() {
					_this10.compile(node.body, frame);
				});
				this._emitLine("}");
			}
			this._emitLine("}");
			if (node.else_) {
				this._emitLine("if (!" + len + ") {");
				this.compile(node.else_, frame);
				this._emitLine("}");
			}
			this._emitLine("frame = frame.pop();");
		};
		_proto._compileAsyncLoop = function _compileAsyncLoop(node, frame, parallel) {
			var _this11 = this;
			var i = this._tmpid();
			var len = this._tmpid();
			var arr = this._tmpid();
			var asyncMethod = parallel ? "asyncAll" : "asyncEach";
			frame = frame.push();
			this._emitLine("frame = frame.push();");
			this._emit("var " + arr + " = runtime.fromIterator(");
			this._compileExpression(node.arr, frame);
			this._emitLine(");");
			if (node.name instanceof nodes.Array) {
				var arrayLen = node.name.children.length;
				this._emit("runtime." + asyncMethod + "(" + arr + ", " + arrayLen + ", function(");
				node.name.children.forEach(function(name) {
					_this11._emit(name.value + ",");
				});
				this._emit(i + "," + len + ",next) {");
				node.name.children.forEach(function(name) {
					var id = name.value;
					frame.set(id, id);
					_this11._emitLine("frame.set(\"" + id + "\", " + id + ");");
				});
			} else {
				var id = node.name.value;
				this._emitLine("runtime." + asyncMethod + "(" + arr + ", 1, function(" + id + ", " + i + ", " + len + ",next) {");
				this._emitLine("frame.set(\"" + id + "\", " + id + ");");
				frame.set(id, id);
			}
			this._emitLoopBindings(node, arr, i, len);
			this._withScopedSyntax(function() {
				var buf;
				if (parallel) buf = _this11._pushBuffer();
				_this11.compile(node.body, frame);
				_this11._emitLine("next(" + i + (buf ? "," + buf : "") + ");");
				if (parallel) _this11._popBuffer();
			});
			var output = this._tmpid();
			this._emitLine("}, " + this._makeCallback(output));
			this._addScopeLevel();
			if (parallel) this._emitLine(this.buffer + " += " + output + ";");
			if (node.else_) {
				this._emitLine("if (!" + arr + ".length) {");
				this.compile(node.else_, frame);
				this._emitLine("}");
			}
			this._emitLine("frame = frame.pop();");
		};
		_proto.compileAsyncEach = function compileAsyncEach(node, frame) {
			this._compileAsyncLoop(node, frame);
		};
		_proto.compileAsyncAll = function compileAsyncAll(node, frame) {
			this._compileAsyncLoop(node, frame, true);
		};
		_proto._compileMacro = function _compileMacro(node, frame) {
			var _this12 = this;
			var args = [];
			var kwargs = null;
			var funcId = "macro_" + this._tmpid();
			var keepFrame = frame !== void 0;
			node.args.children.forEach(function(arg, i) {
				if (i === node.args.children.length - 1 && arg instanceof nodes.Dict) kwargs = arg;
				else {
					_this12.assertType(arg, nodes.Symbol);
					args.push(arg);
				}
			});
			var realNames = [].concat(args.map(function(n) {
				return "l_" + n.value;
			}), ["kwargs"]);
			var argNames = args.map(function(n) {
				return "\"" + n.value + "\"";
			});
			var kwargNames = (kwargs && kwargs.children || []).map(function(n) {
				return "\"" + n.key.value + "\"";
			});
			var currFrame;
			if (keepFrame) currFrame = frame.push(true);
			else currFrame = new Frame();
			this._emitLines("var " + funcId + " = runtime.makeMacro(", "[" + argNames.join(", ") + "], ", "[" + kwargNames.join(", ") + "], ", "function (" + realNames.join(", ") + ") {", "var callerFrame = frame;", "frame = " + (keepFrame ? "frame.push(true);" : "new runtime.Frame();"), "kwargs = kwargs || {};", "if (Object.prototype.hasOwnProperty.call(kwargs, \"caller\")) {", "frame.set(\"caller\", kwargs.caller); }");
			args.forEach(function(arg) {
				_this12._emitLine("frame.set(\"" + arg.value + "\", l_" + arg.value + ");");
				currFrame.set(arg.value, "l_" + arg.value);
			});
			if (kwargs) kwargs.children.forEach(function(pair) {
				var name = pair.key.value;
				_this12._emit("frame.set(\"" + name + "\", ");
				_this12._emit("Object.prototype.hasOwnProperty.call(kwargs, \"" + name + "\")");
				_this12._emit(" ? kwargs[\"" + name + "\"] : ");
				_this12._compileExpression(pair.value, currFrame);
				_this12._emit(");");
			});
			var bufferId = this._pushBuffer();
			this._withScopedSyntax(function() {
				_this12.compile(node.body, currFrame);
			});
			this._emitLine("frame = " + (keepFrame ? "frame.pop();" : "callerFrame;"));
			this._emitLine("return new runtime.SafeString(" + bufferId + ");");
			this._emitLine("});");
			this._popBuffer();
			return funcId;
		};
		_proto.compileMacro = function compileMacro(node, frame) {
			var funcId = this._compileMacro(node);
			var name = node.name.value;
			frame.set(name, funcId);
			if (frame.parent) this._emitLine("frame.set(\"" + name + "\", " + funcId + ");");
			else {
				if (node.name.value.charAt(0) !== "_") this._emitLine("context.addExport(\"" + name + "\");");
				this._emitLine("context.setVariable(\"" + name + "\", " + funcId + ");");
			}
		};
		_proto.compileCaller = function compileCaller(node, frame) {
			this._emit("(function (){");
			var funcId = this._compileMacro(node, frame);
			this._emit("return " + funcId + ";})()");
		};
		_proto._compileGetTemplate = function _compileGetTemplate(node, frame, eagerCompile, ignoreMissing) {
			var parentTemplateId = this._tmpid();
			var parentName = this._templateName();
			var cb = this._makeCallback(parentTemplateId);
			var eagerCompileArg = eagerCompile ? "true" : "false";
			var ignoreMissingArg = ignoreMissing ? "true" : "false";
			this._emit("env.getTemplate(");
			this._compileExpression(node.template, frame);
			this._emitLine(", " + eagerCompileArg + ", " + parentName + ", " + ignoreMissingArg + ", " + cb);
			return parentTemplateId;
		};
		_proto.compileImport = function compileImport(node, frame) {
			var target = node.target.value;
			var id = this._compileGetTemplate(node, frame, false, false);
			this._addScopeLevel();
			this._emitLine(id + ".getExported(" + (node.withContext ? "context.getVariables(), frame, " : "") + this._makeCallback(id));
			this._addScopeLevel();
			frame.set(target, id);
			if (frame.parent) this._emitLine("frame.set(\"" + target + "\", " + id + ");");
			else this._emitLine("context.setVariable(\"" + target + "\", " + id + ");");
		};
		_proto.compileFromImport = function compileFromImport(node, frame) {
			var _this13 = this;
			var importedId = this._compileGetTemplate(node, frame, false, false);
			this._addScopeLevel();
			this._emitLine(importedId + ".getExported(" + (node.withContext ? "context.getVariables(), frame, " : "") + this._makeCallback(importedId));
			this._addScopeLevel();
			node.names.children.forEach(function(nameNode) {
				var name;
				var alias;
				var id = _this13._tmpid();
				if (nameNode instanceof nodes.Pair) {
					name = nameNode.key.value;
					alias = nameNode.value.value;
				} else {
					name = nameNode.value;
					alias = name;
				}
				_this13._emitLine("if(Object.prototype.hasOwnProperty.call(" + importedId + ", \"" + name + "\")) {");
				_this13._emitLine("var " + id + " = " + importedId + "." + name + ";");
				_this13._emitLine("} else {");
				_this13._emitLine("cb(new Error(\"cannot import '" + name + "'\")); return;");
				_this13._emitLine("}");
				frame.set(alias, id);
				if (frame.parent) _this13._emitLine("frame.set(\"" + alias + "\", " + id + ");");
				else _this13._emitLine("context.setVariable(\"" + alias + "\", " + id + ");");
			});
		};
		_proto.compileBlock = function compileBlock(node) {
			var id = this._tmpid();
			if (!this.inBlock) this._emit("(parentTemplate ? function(e, c, f, r, cb) { cb(\"\"); } : ");
			this._emit("context.getBlock(\"" + node.name.value + "\")");
			if (!this.inBlock) this._emit(")");
			this._emitLine("(env, context, frame, runtime, " + this._makeCallback(id));
			this._emitLine(this.buffer + " += " + id + ";");
			this._addScopeLevel();
		};
		_proto.compileSuper = function compileSuper(node, frame) {
			var name = node.blockName.value;
			var id = node.symbol.value;
			var cb = this._makeCallback(id);
			this._emitLine("context.getSuper(env, \"" + name + "\", b_" + name + ", frame, runtime, " + cb);
			this._emitLine(id + " = runtime.markSafe(" + id + ");");
			this._addScopeLevel();
			frame.set(id, id);
		};
		_proto.compileExtends = function compileExtends(node, frame) {
			var k = this._tmpid();
			var parentTemplateId = this._compileGetTemplate(node, frame, true, false);
			this._emitLine("parentTemplate = " + parentTemplateId);
			this._emitLine("for(var " + k + " in parentTemplate.blocks) {");
			this._emitLine("context.addBlock(" + k + ", parentTemplate.blocks[" + k + "]);");
			this._emitLine("}");
			this._addScopeLevel();
		};
		_proto.compileInclude = function compileInclude(node, frame) {
			this._emitLine("var tasks = [];");
			this._emitLine("tasks.push(");
			this._emitLine("function(callback) {");
			var id = this._compileGetTemplate(node, frame, false, node.ignoreMissing);
			this._emitLine("callback(null," + id + ");});");
			this._emitLine("});");
			var id2 = this._tmpid();
			this._emitLine("tasks.push(");
			this._emitLine("function(template, callback){");
			this._emitLine("template.render(context.getVariables(), frame, " + this._makeCallback(id2));
			this._emitLine("callback(null," + id2 + ");});");
			this._emitLine("});");
			this._emitLine("tasks.push(");
			this._emitLine("function(result, callback){");
			this._emitLine(this.buffer + " += result;");
			this._emitLine("callback(null);");
			this._emitLine("});");
			this._emitLine("env.waterfall(tasks, function(){");
			this._addScopeLevel();
		};
		_proto.compileTemplateData = function compileTemplateData(node, frame) {
			this.compileLiteral(node, frame);
		};
		_proto.compileCapture = function compileCapture(node, frame) {
			var _this14 = this;
			var buffer = this.buffer;
			this.buffer = "output";
			this._emitLine("(function() {");
			this._emitLine("var output = \"\";");
			this._withScopedSyntax(function() {
				_this14.compile(node.body, frame);
			});
			this._emitLine("return output;");
			this._emitLine("})()");
			this.buffer = buffer;
		};
		_proto.compileOutput = function compileOutput(node, frame) {
			var _this15 = this;
			node.children.forEach(function(child) {
				if (child instanceof nodes.TemplateData) {
					if (child.value) {
						_this15._emit(_this15.buffer + " += ");
						_this15.compileLiteral(child, frame);
						_this15._emitLine(";");
					}
				} else {
					_this15._emit(_this15.buffer + " += runtime.suppressValue(");
					if (_this15.throwOnUndefined) _this15._emit("runtime.ensureDefined(");
					_this15.compile(child, frame);
					if (_this15.throwOnUndefined) _this15._emit("," + node.lineno + "," + node.colno + ")");
					_this15._emit(", env.opts.autoescape);\n");
				}
			});
		};
		_proto.compileRoot = function compileRoot(node, frame) {
			var _this16 = this;
			if (frame) this.fail("compileRoot: root node can't have frame");
			frame = new Frame();
			this._emitFuncBegin(node, "root");
			this._emitLine("var parentTemplate = null;");
			this._compileChildren(node, frame);
			this._emitLine("if(parentTemplate) {");
			this._emitLine("parentTemplate.rootRenderFunc(env, context, frame, runtime, cb);");
			this._emitLine("} else {");
			this._emitLine("cb(null, " + this.buffer + ");");
			this._emitLine("}");
			this._emitFuncEnd(true);
			this.inBlock = true;
			var blockNames = [];
			var blocks = node.findAll(nodes.Block);
			blocks.forEach(function(block, i) {
				var name = block.name.value;
				if (blockNames.indexOf(name) !== -1) throw new Error("Block \"" + name + "\" defined more than once.");
				blockNames.push(name);
				_this16._emitFuncBegin(block, "b_" + name);
				var tmpFrame = new Frame();
				_this16._emitLine("var frame = frame.push(true);");
				_this16.compile(block.body, tmpFrame);
				_this16._emitFuncEnd();
			});
			this._emitLine("return {");
			blocks.forEach(function(block, i) {
				var blockName = "b_" + block.name.value;
				_this16._emitLine(blockName + ": " + blockName + ",");
			});
			this._emitLine("root: root\n};");
		};
		_proto.compile = function compile(node, frame) {
			var _compile = this["compile" + node.typename];
			if (_compile) _compile.call(this, node, frame);
			else this.fail("compile: Cannot compile node: " + node.typename, node.lineno, node.colno);
		};
		_proto.getCode = function getCode() {
			return this.codebuf.join("");
		};
		return Compiler;
	}(Obj);
	module.exports = {
		compile: function compile(src, asyncFilters, extensions, name, opts) {
			if (opts === void 0) opts = {};
			var c = new Compiler(name, opts.throwOnUndefined);
			var processedSrc = (extensions || []).map(function(ext) {
				return ext.preprocess;
			}).filter(function(f) {
				return !!f;
			}).reduce(function(s, processor) {
				return processor(s);
			}, src);
			c.compile(transformer.transform(parser.parse(processedSrc, extensions, opts), asyncFilters, name));
			return c.getCode();
		},
		Compiler
	};
}));
// node_modules/nunjucks/src/filters.js
var require_filters = /* @__PURE__ */ __commonJSMin(((exports, module) => {
	var lib = require_lib();
	var r = require_runtime();
	var _exports = module.exports = {};
	function normalize(value, defaultValue) {
		if (value === null || value === void 0 || value === false) return defaultValue;
		return value;
	}
	_exports.abs = Math.abs;
	function isNaN(num) {
		return num !== num;
	}
	function batch(arr, linecount, fillWith) {
		var i;
		var res = [];
		var tmp = [];
		for (i = 0; i < arr.length; i++) {
			if (i % linecount === 0 && tmp.length) {
				res.push(tmp);
				tmp = [];
			}
			tmp.push(arr[i]);
		}
		if (tmp.length) {
			if (fillWith) for (i = tmp.length; i < linecount; i++) tmp.push(fillWith);
			res.push(tmp);
		}
		return res;
	}
	_exports.batch = batch;
	function capitalize(str) {
		str = normalize(str, "");
		var ret = str.toLowerCase();
		return r.copySafeness(str, ret.charAt(0).toUpperCase() + ret.slice(1));
	}
	_exports.capitalize = capitalize;
	function center(str, width) {
		str = normalize(str, "");
		width = width || 80;
		if (str.length >= width) return str;
		var spaces = width - str.length;
		var pre = lib.repeat(" ", spaces / 2 - spaces % 2);
		var post = lib.repeat(" ", spaces / 2);
		return r.copySafeness(str, pre + str + post);
	}
	_exports.center = center;
	function default_(val, def, bool) {
		if (bool) return val || def;
		else return val !== void 0 ? val : def;
	}
	_exports["default"] = default_;
	function dictsort(val, caseSensitive, by) {
		if (!lib.isObject(val)) throw new lib.TemplateError("dictsort filter: val must be an object");
		var array = [];
		for (var k in val) array.push([k, val[k]]);
		var si;
		if (by === void 0 || by === "key") si = 0;
		else if (by === "value") si = 1;
		else throw new lib.TemplateError("dictsort filter: You can only sort by either key or value");
		array.sort(function(t1, t2) {
			var a = t1[si];
			var b = t2[si];
			if (!caseSensitive) {
				if (lib.isString(a)) a = a.toUpperCase();
				if (lib.isString(b)) b = b.toUpperCase();
			}
			return a > b ? 1 : a === b ? 0 : -1;
		});
		return array;
	}
	_exports.dictsort = dictsort;
	function dump(obj, spaces) {
		return JSON.stringify(obj, null, spaces);
	}
	_exports.dump = dump;
	function escape(str) {
		if (str instanceof r.SafeString) return str;
		str = str === null || str === void 0 ? "" : str;
		return r.markSafe(lib.escape(str.toString()));
	}
	_exports.escape = escape;
	function safe(str) {
		if (str instanceof r.SafeString) return str;
		str = str === null || str === void 0 ? "" : str;
		return r.markSafe(str.toString());
	}
	_exports.safe = safe;
	function first(arr) {
		return arr[0];
	}
	_exports.first = first;
	function forceescape(str) {
		str = str === null || str === void 0 ? "" : str;
		return r.markSafe(lib.escape(str.toString()));
	}
	_exports.forceescape = forceescape;
	function groupby(arr, attr) {
		return lib.groupBy(arr, attr, this.env.opts.throwOnUndefined);
	}
	_exports.groupby = groupby;
	function indent(str, width, indentfirst) {
		str = normalize(str, "");
		if (str === "") return "";
		width = width || 4;
		var lines = str.split("\n");
		var sp = lib.repeat(" ", width);
		var res = lines.map(function(l, i) {
			return i === 0 && !indentfirst ? l : "" + sp + l;
		}).join("\n");
		return r.copySafeness(str, res);
	}
	_exports.indent = indent;
	function join(arr, del, attr) {
		del = del || "";
		if (attr) arr = lib.map(arr, function(v) {
			return v[attr];
		});
		return arr.join(del);
	}
	_exports.join = join;
	function last(arr) {
		return arr[arr.length - 1];
	}
	_exports.last = last;
	function lengthFilter(val) {
		var value = normalize(val, "");
		if (value !== void 0) {
			if (typeof Map === "function" && value instanceof Map || typeof Set === "function" && value instanceof Set) return value.size;
			if (lib.isObject(value) && !(value instanceof r.SafeString)) return lib.keys(value).length;
			return value.length;
		}
		return 0;
	}
	_exports.length = lengthFilter;
	function list(val) {
		if (lib.isString(val)) return val.split("");
		else if (lib.isObject(val)) return lib._entries(val || {}).map(function(_ref) {
			return {
				key: _ref[0],
				value: _ref[1]
			};
		});
		else if (lib.isArray(val)) return val;
		else throw new lib.TemplateError("list filter: type not iterable");
	}
	_exports.list = list;
	function lower(str) {
		str = normalize(str, "");
		return str.toLowerCase();
	}
	_exports.lower = lower;
	function nl2br(str) {
		if (str === null || str === void 0) return "";
		return r.copySafeness(str, str.replace(/\r\n|\n/g, "<br />\n"));
	}
	_exports.nl2br = nl2br;
	function random(arr) {
		return arr[Math.floor(Math.random() * arr.length)];
	}
	_exports.random = random;
	/**
	* Construct select or reject filter
	*
	* @param {boolean} expectedTestResult
	* @returns {function(array, string, *): array}
	*/
	function getSelectOrReject(expectedTestResult) {
		function filter(arr, testName, secondArg) {
			if (testName === void 0) testName = "truthy";
			var context = this;
			var test = context.env.getTest(testName);
			return lib.toArray(arr).filter(function examineTestResult(item) {
				return test.call(context, item, secondArg) === expectedTestResult;
			});
		}
		return filter;
	}
	_exports.reject = getSelectOrReject(false);
	function rejectattr(arr, attr) {
		return arr.filter(function(item) {
			return !item[attr];
		});
	}
	_exports.rejectattr = rejectattr;
	_exports.select = getSelectOrReject(true);
	function selectattr(arr, attr) {
		return arr.filter(function(item) {
			return !!item[attr];
		});
	}
	_exports.selectattr = selectattr;
	function replace(str, old, new_, maxCount) {
		var originalStr = str;
		if (old instanceof RegExp) return str.replace(old, new_);
		if (typeof maxCount === "undefined") maxCount = -1;
		var res = "";
		if (typeof old === "number") old = "" + old;
		else if (typeof old !== "string") return str;
		if (typeof str === "number") str = "" + str;
		if (typeof str !== "string" && !(str instanceof r.SafeString)) return str;
		if (old === "") {
			res = new_ + str.split("").join(new_) + new_;
			return r.copySafeness(str, res);
		}
		var nextIndex = str.indexOf(old);
		if (maxCount === 0 || nextIndex === -1) return str;
		var pos = 0;
		var count = 0;
		while (nextIndex > -1 && (maxCount === -1 || count < maxCount)) {
			res += str.substring(pos, nextIndex) + new_;
			pos = nextIndex + old.length;
			count++;
			nextIndex = str.indexOf(old, pos);
		}
		if (pos < str.length) res += str.substring(pos);
		return r.copySafeness(originalStr, res);
	}
	_exports.replace = replace;
	function reverse(val) {
		var arr;
		if (lib.isString(val)) arr = list(val);
		else arr = lib.map(val, function(v) {
			return v;
		});
		arr.reverse();
		if (lib.isString(val)) return r.copySafeness(val, arr.join(""));
		return arr;
	}
	_exports.reverse = reverse;
	function round(val, precision, method) {
		precision = precision || 0;
		var factor = Math.pow(10, precision);
		var rounder;
		if (method === "ceil") rounder = Math.ceil;
		else if (method === "floor") rounder = Math.floor;
		else rounder = Math.round;
		return rounder(val * factor) / factor;
	}
	_exports.round = round;
	function slice(arr, slices, fillWith) {
		var sliceLength = Math.floor(arr.length / slices);
		var extra = arr.length % slices;
		var res = [];
		var offset = 0;
		for (var i = 0; i < slices; i++) {
			var start = offset + i * sliceLength;
			if (i < extra) offset++;
			var end = offset + (i + 1) * sliceLength;
			var currSlice = arr.slice(start, end);
			if (fillWith && i >= extra) currSlice.push(fillWith);
			res.push(currSlice);
		}
		return res;
	}
	_exports.slice = slice;
	function sum(arr, attr, start) {
		if (start === void 0) start = 0;
		if (attr) arr = lib.map(arr, function(v) {
			return v[attr];
		});
		return start + arr.reduce(function(a, b) {
			return a + b;
		}, 0);
	}
	_exports.sum = sum;
	_exports.sort = r.makeMacro([
		"value",
		"reverse",
		"case_sensitive",
		"attribute"
	], [], function sortFilter(arr, reversed, caseSens, attr) {
		var _this = this;
		var array = lib.map(arr, function(v) {
			return v;
		});
		var getAttribute = lib.getAttrGetter(attr);
		array.sort(function(a, b) {
			var x = attr ? getAttribute(a) : a;
			var y = attr ? getAttribute(b) : b;
			if (_this.env.opts.throwOnUndefined && attr && (x === void 0 || y === void 0)) throw new TypeError("sort: attribute \"" + attr + "\" resolved to undefined");
			if (!caseSens && lib.isString(x) && lib.isString(y)) {
				x = x.toLowerCase();
				y = y.toLowerCase();
			}
			if (x < y) return reversed ? 1 : -1;
			else if (x > y) return reversed ? -1 : 1;
			else return 0;
		});
		return array;
	});
	function string(obj) {
		return r.copySafeness(obj, obj);
	}
	_exports.string = string;
	function striptags(input, preserveLinebreaks) {
		input = normalize(input, "");
		var trimmedInput = trim(input.replace(/<\/?([a-z][a-z0-9]*)\b[^>]*>|<!--[\s\S]*?-->/gi, ""));
		var res = "";
		if (preserveLinebreaks) res = trimmedInput.replace(/^ +| +$/gm, "").replace(/ +/g, " ").replace(/(\r\n)/g, "\n").replace(/\n\n\n+/g, "\n\n");
		else res = trimmedInput.replace(/\s+/gi, " ");
		return r.copySafeness(input, res);
	}
	_exports.striptags = striptags;
	function title(str) {
		str = normalize(str, "");
		var words = str.split(" ").map(function(word) {
			return capitalize(word);
		});
		return r.copySafeness(str, words.join(" "));
	}
	_exports.title = title;
	function trim(str) {
		return r.copySafeness(str, str.replace(/^\s*|\s*$/g, ""));
	}
	_exports.trim = trim;
	function truncate(input, length, killwords, end) {
		var orig = input;
		input = normalize(input, "");
		length = length || 255;
		if (input.length <= length) return input;
		if (killwords) input = input.substring(0, length);
		else {
			var idx = input.lastIndexOf(" ", length);
			if (idx === -1) idx = length;
			input = input.substring(0, idx);
		}
		input += end !== void 0 && end !== null ? end : "...";
		return r.copySafeness(orig, input);
	}
	_exports.truncate = truncate;
	function upper(str) {
		str = normalize(str, "");
		return str.toUpperCase();
	}
	_exports.upper = upper;
	function urlencode(obj) {
		var enc = encodeURIComponent;
		if (lib.isString(obj)) return enc(obj);
		else return (lib.isArray(obj) ? obj : lib._entries(obj)).map(function(_ref2) {
			var k = _ref2[0], v = _ref2[1];
			return enc(k) + "=" + enc(v);
		}).join("&");
	}
	_exports.urlencode = urlencode;
	var puncRe = /^(?:\(|<|&lt;)?(.*?)(?:\.|,|\)|\n|&gt;)?$/;
	var emailRe = /^[\w.!#$%&'*+\-\/=?\^`{|}~]+@[a-z\d\-]+(\.[a-z\d\-]+)+$/i;
	var httpHttpsRe = /^https?:\/\/.*$/;
	var wwwRe = /^www\./;
	var tldRe = /\.(?:org|net|com)(?:\:|\/|$)/;
	function urlize(str, length, nofollow) {
		if (isNaN(length)) length = Infinity;
		var noFollowAttr = nofollow === true ? " rel=\"nofollow\"" : "";
		return str.split(/(\s+)/).filter(function(word) {
			return word && word.length;
		}).map(function(word) {
			var matches = word.match(puncRe);
			var possibleUrl = matches ? matches[1] : word;
			var shortUrl = possibleUrl.substr(0, length);
			if (httpHttpsRe.test(possibleUrl)) return "<a href=\"" + possibleUrl + "\"" + noFollowAttr + ">" + shortUrl + "</a>";
			if (wwwRe.test(possibleUrl)) return "<a href=\"http://" + possibleUrl + "\"" + noFollowAttr + ">" + shortUrl + "</a>";
			if (emailRe.test(possibleUrl)) return "<a href=\"mailto:" + possibleUrl + "\">" + possibleUrl + "</a>";
			if (tldRe.test(possibleUrl)) return "<a href=\"http://" + possibleUrl + "\"" + noFollowAttr + ">" + shortUrl + "</a>";
			return word;
		}).join("");
	}
	_exports.urlize = urlize;
	function wordcount(str) {
		str = normalize(str, "");
		var words = str ? str.match(/\w+/g) : null;
		return words ? words.length : null;
	}
	_exports.wordcount = wordcount;
	function float(val, def) {
		var res = parseFloat(val);
		return isNaN(res) ? def : res;
	}
	_exports.float = float;
	_exports.int = r.makeMacro([
		"value",
		"default",
		"base"
	], [], function doInt(value, defaultValue, base) {
		if (base === void 0) base = 10;
		var res = parseInt(value, base);
		return isNaN(res) ? defaultValue : res;
	});
	_exports.d = _exports.default;
	_exports.e = _exports.escape;
}));
// node_modules/nunjucks/src/loader.js
var require_loader = /* @__PURE__ */ __commonJSMin(((exports, module) => {
	function _inheritsLoose(subClass, superClass) {
		subClass.prototype = Object.create(superClass.prototype);
		subClass.prototype.constructor = subClass;
		_setPrototypeOf(subClass, superClass);
	}
	function _setPrototypeOf(o, p) {
		_setPrototypeOf = Object.setPrototypeOf ? Object.setPrototypeOf.bind() : function _setPrototypeOf(o, p) {
			o.__proto__ = p;
			return o;
		};
		return _setPrototypeOf(o, p);
	}
	var path = __require("path");
	module.exports = /*#__PURE__*/ function(_EmitterObj) {
		_inheritsLoose(Loader, _EmitterObj);
		function Loader() {
			return _EmitterObj.apply(this, arguments) || this;
		}
		var _proto = Loader.prototype;
		_proto.resolve = function resolve(from, to) {
			return path.resolve(path.dirname(from), to);
		};
		_proto.isRelative = function isRelative(filename) {
			return filename.indexOf("./") === 0 || filename.indexOf("../") === 0;
		};
		return Loader;
	}(require_object().EmitterObj);
}));
// node_modules/nunjucks/src/precompiled-loader.js
var require_precompiled_loader = /* @__PURE__ */ __commonJSMin(((exports, module) => {
	function _inheritsLoose(subClass, superClass) {
		subClass.prototype = Object.create(superClass.prototype);
		subClass.prototype.constructor = subClass;
		_setPrototypeOf(subClass, superClass);
	}
	function _setPrototypeOf(o, p) {
		_setPrototypeOf = Object.setPrototypeOf ? Object.setPrototypeOf.bind() : function _setPrototypeOf(o, p) {
			o.__proto__ = p;
			return o;
		};
		return _setPrototypeOf(o, p);
	}
	module.exports = { PrecompiledLoader: /* @__PURE__ */ function(_Loader) {
		_inheritsLoose(PrecompiledLoader, _Loader);
		function PrecompiledLoader(compiledTemplates) {
			var _this = _Loader.call(this) || this;
			_this.precompiled = compiledTemplates || {};
			return _this;
		}
		var _proto = PrecompiledLoader.prototype;
		_proto.getSource = function getSource(name) {
			if (this.precompiled[name]) return {
				src: {
					type: "code",
					obj: this.precompiled[name]
				},
				path: name
			};
			return null;
		};
		return PrecompiledLoader;
	}(require_loader()) };
}));
// node_modules/nunjucks/src/node-loaders.js
var require_node_loaders = /* @__PURE__ */ __commonJSMin(((exports, module) => {
	function _inheritsLoose(subClass, superClass) {
		subClass.prototype = Object.create(superClass.prototype);
		subClass.prototype.constructor = subClass;
		_setPrototypeOf(subClass, superClass);
	}
	function _setPrototypeOf(o, p) {
		_setPrototypeOf = Object.setPrototypeOf ? Object.setPrototypeOf.bind() : function _setPrototypeOf(o, p) {
			o.__proto__ = p;
			return o;
		};
		return _setPrototypeOf(o, p);
	}
	var fs = __require("fs");
	var path = __require("path");
	var Loader = require_loader();
	var PrecompiledLoader = require_precompiled_loader().PrecompiledLoader;
	var chokidar;
	module.exports = {
		FileSystemLoader: /* @__PURE__ */ function(_Loader) {
			_inheritsLoose(FileSystemLoader, _Loader);
			function FileSystemLoader(searchPaths, opts) {
				var _this = _Loader.call(this) || this;
				if (typeof opts === "boolean") console.log("[nunjucks] Warning: you passed a boolean as the second argument to FileSystemLoader, but it now takes an options object. See http://mozilla.github.io/nunjucks/api.html#filesystemloader");
				opts = opts || {};
				_this.pathsToNames = {};
				_this.noCache = !!opts.noCache;
				if (searchPaths) {
					searchPaths = Array.isArray(searchPaths) ? searchPaths : [searchPaths];
					_this.searchPaths = searchPaths.map(path.normalize);
				} else _this.searchPaths = ["."];
				if (opts.watch) {
					try {
						chokidar = __require("chokidar");
					} catch (e) {
						throw new Error("watch requires chokidar to be installed");
					}
					var paths = _this.searchPaths.filter(fs.existsSync);
					var watcher = chokidar.watch(paths);
					watcher.on("all", function(event, fullname) {
						fullname = path.resolve(fullname);
						if (event === "change" && fullname in _this.pathsToNames) _this.emit("update", _this.pathsToNames[fullname], fullname);
					});
					watcher.on("error", function(error) {
						console.log("Watcher error: " + error);
					});
				}
				return _this;
			}
			var _proto = FileSystemLoader.prototype;
			_proto.getSource = function getSource(name) {
				var fullpath = null;
				var paths = this.searchPaths;
				for (var i = 0; i < paths.length; i++) {
					var basePath = path.resolve(paths[i]);
					var p = path.resolve(paths[i], name);
					if (p.indexOf(basePath) === 0 && fs.existsSync(p)) {
						fullpath = p;
						break;
					}
				}
				if (!fullpath) return null;
				this.pathsToNames[fullpath] = name;
				var source = {
					src: fs.readFileSync(fullpath, "utf-8"),
					path: fullpath,
					noCache: this.noCache
				};
				this.emit("load", name, source);
				return source;
			};
			return FileSystemLoader;
		}(Loader),
		PrecompiledLoader,
		NodeResolveLoader: /* @__PURE__ */ function(_Loader2) {
			_inheritsLoose(NodeResolveLoader, _Loader2);
			function NodeResolveLoader(opts) {
				var _this2 = _Loader2.call(this) || this;
				opts = opts || {};
				_this2.pathsToNames = {};
				_this2.noCache = !!opts.noCache;
				if (opts.watch) {
					try {
						chokidar = __require("chokidar");
					} catch (e) {
						throw new Error("watch requires chokidar to be installed");
					}
					_this2.watcher = chokidar.watch();
					_this2.watcher.on("change", function(fullname) {
						_this2.emit("update", _this2.pathsToNames[fullname], fullname);
					});
					_this2.watcher.on("error", function(error) {
						console.log("Watcher error: " + error);
					});
					_this2.on("load", function(name, source) {
						_this2.watcher.add(source.path);
					});
				}
				return _this2;
			}
			var _proto2 = NodeResolveLoader.prototype;
			_proto2.getSource = function getSource(name) {
				if (/^\.?\.?(\/|\\)/.test(name)) return null;
				if (/^[A-Z]:/.test(name)) return null;
				var fullpath;
				try {
					fullpath = __require.resolve(name);
				} catch (e) {
					return null;
				}
				this.pathsToNames[fullpath] = name;
				var source = {
					src: fs.readFileSync(fullpath, "utf-8"),
					path: fullpath,
					noCache: this.noCache
				};
				this.emit("load", name, source);
				return source;
			};
			return NodeResolveLoader;
		}(Loader)
	};
}));
// node_modules/nunjucks/src/loaders.js
var require_loaders = /* @__PURE__ */ __commonJSMin(((exports, module) => {
	module.exports = require_node_loaders();
}));
// node_modules/nunjucks/src/tests.js
var require_tests = /* @__PURE__ */ __commonJSMin(((exports) => {
	var SafeString = require_runtime().SafeString;
	/**
	* Returns `true` if the object is a function, otherwise `false`.
	* @param { any } value
	* @returns { boolean }
	*/
	function callable(value) {
		return typeof value === "function";
	}
	exports.callable = callable;
	/**
	* Returns `true` if the object is strictly not `undefined`.
	* @param { any } value
	* @returns { boolean }
	*/
	function defined(value) {
		return value !== void 0;
	}
	exports.defined = defined;
	/**
	* Returns `true` if the operand (one) is divisble by the test's argument
	* (two).
	* @param { number } one
	* @param { number } two
	* @returns { boolean }
	*/
	function divisibleby(one, two) {
		return one % two === 0;
	}
	exports.divisibleby = divisibleby;
	/**
	* Returns true if the string has been escaped (i.e., is a SafeString).
	* @param { any } value
	* @returns { boolean }
	*/
	function escaped(value) {
		return value instanceof SafeString;
	}
	exports.escaped = escaped;
	/**
	* Returns `true` if the arguments are strictly equal.
	* @param { any } one
	* @param { any } two
	*/
	function equalto(one, two) {
		return one === two;
	}
	exports.equalto = equalto;
	exports.eq = exports.equalto;
	exports.sameas = exports.equalto;
	/**
	* Returns `true` if the value is evenly divisible by 2.
	* @param { number } value
	* @returns { boolean }
	*/
	function even(value) {
		return value % 2 === 0;
	}
	exports.even = even;
	/**
	* Returns `true` if the value is falsy - if I recall correctly, '', 0, false,
	* undefined, NaN or null. I don't know if we should stick to the default JS
	* behavior or attempt to replicate what Python believes should be falsy (i.e.,
	* empty arrays, empty dicts, not 0...).
	* @param { any } value
	* @returns { boolean }
	*/
	function falsy(value) {
		return !value;
	}
	exports.falsy = falsy;
	/**
	* Returns `true` if the operand (one) is greater or equal to the test's
	* argument (two).
	* @param { number } one
	* @param { number } two
	* @returns { boolean }
	*/
	function ge(one, two) {
		return one >= two;
	}
	exports.ge = ge;
	/**
	* Returns `true` if the operand (one) is greater than the test's argument
	* (two).
	* @param { number } one
	* @param { number } two
	* @returns { boolean }
	*/
	function greaterthan(one, two) {
		return one > two;
	}
	exports.greaterthan = greaterthan;
	exports.gt = exports.greaterthan;
	/**
	* Returns `true` if the operand (one) is less than or equal to the test's
	* argument (two).
	* @param { number } one
	* @param { number } two
	* @returns { boolean }
	*/
	function le(one, two) {
		return one <= two;
	}
	exports.le = le;
	/**
	* Returns `true` if the operand (one) is less than the test's passed argument
	* (two).
	* @param { number } one
	* @param { number } two
	* @returns { boolean }
	*/
	function lessthan(one, two) {
		return one < two;
	}
	exports.lessthan = lessthan;
	exports.lt = exports.lessthan;
	/**
	* Returns `true` if the string is lowercased.
	* @param { string } value
	* @returns { boolean }
	*/
	function lower(value) {
		return value.toLowerCase() === value;
	}
	exports.lower = lower;
	/**
	* Returns `true` if the operand (one) is less than or equal to the test's
	* argument (two).
	* @param { number } one
	* @param { number } two
	* @returns { boolean }
	*/
	function ne(one, two) {
		return one !== two;
	}
	exports.ne = ne;
	/**
	* Returns true if the value is strictly equal to `null`.
	* @param { any }
	* @returns { boolean }
	*/
	function nullTest(value) {
		return value === null;
	}
	exports.null = nullTest;
	/**
	* Returns true if value is a number.
	* @param { any }
	* @returns { boolean }
	*/
	function number(value) {
		return typeof value === "number";
	}
	exports.number = number;
	/**
	* Returns `true` if the value is *not* evenly divisible by 2.
	* @param { number } value
	* @returns { boolean }
	*/
	function odd(value) {
		return value % 2 === 1;
	}
	exports.odd = odd;
	/**
	* Returns `true` if the value is a string, `false` if not.
	* @param { any } value
	* @returns { boolean }
	*/
	function string(value) {
		return typeof value === "string";
	}
	exports.string = string;
	/**
	* Returns `true` if the value is not in the list of things considered falsy:
	* '', null, undefined, 0, NaN and false.
	* @param { any } value
	* @returns { boolean }
	*/
	function truthy(value) {
		return !!value;
	}
	exports.truthy = truthy;
	/**
	* Returns `true` if the value is undefined.
	* @param { any } value
	* @returns { boolean }
	*/
	function undefinedTest(value) {
		return value === void 0;
	}
	exports.undefined = undefinedTest;
	/**
	* Returns `true` if the string is uppercased.
	* @param { string } value
	* @returns { boolean }
	*/
	function upper(value) {
		return value.toUpperCase() === value;
	}
	exports.upper = upper;
	/**
	* If ES6 features are available, returns `true` if the value implements the
	* `Symbol.iterator` method. If not, it's a string or Array.
	*
	* Could potentially cause issues if a browser exists that has Set and Map but
	* not Symbol.
	*
	* @param { any } value
	* @returns { boolean }
	*/
	function iterable(value) {
		if (typeof Symbol !== "undefined") return !!value[Symbol.iterator];
		else return Array.isArray(value) || typeof value === "string";
	}
	exports.iterable = iterable;
	/**
	* If ES6 features are available, returns `true` if the value is an object hash
	* or an ES6 Map. Otherwise just return if it's an object hash.
	* @param { any } value
	* @returns { boolean }
	*/
	function mapping(value) {
		var bool = value !== null && value !== void 0 && typeof value === "object" && !Array.isArray(value);
		if (Set) return bool && !(value instanceof Set);
		else return bool;
	}
	exports.mapping = mapping;
}));
// node_modules/nunjucks/src/globals.js
var require_globals = /* @__PURE__ */ __commonJSMin(((exports, module) => {
	function _cycler(items) {
		var index = -1;
		return {
			current: null,
			reset: function reset() {
				index = -1;
				this.current = null;
			},
			next: function next() {
				index++;
				if (index >= items.length) index = 0;
				this.current = items[index];
				return this.current;
			}
		};
	}
	function _joiner(sep) {
		sep = sep || ",";
		var first = true;
		return function() {
			var val = first ? "" : sep;
			first = false;
			return val;
		};
	}
	function globals() {
		return {
			range: function range(start, stop, step) {
				if (typeof stop === "undefined") {
					stop = start;
					start = 0;
					step = 1;
				} else if (!step) step = 1;
				var arr = [];
				if (step > 0) for (var i = start; i < stop; i += step) arr.push(i);
				else for (var _i = start; _i > stop; _i += step) arr.push(_i);
				return arr;
			},
			cycler: function cycler() {
				return _cycler(Array.prototype.slice.call(arguments));
			},
			joiner: function joiner(sep) {
				return _joiner(sep);
			}
		};
	}
	module.exports = globals;
}));
// node_modules/nunjucks/src/express-app.js
var require_express_app = /* @__PURE__ */ __commonJSMin(((exports, module) => {
	var path = __require("path");
	module.exports = function express(env, app) {
		function NunjucksView(name, opts) {
			this.name = name;
			this.path = name;
			this.defaultEngine = opts.defaultEngine;
			this.ext = path.extname(name);
			if (!this.ext && !this.defaultEngine) throw new Error("No default engine was specified and no extension was provided.");
			if (!this.ext) this.name += this.ext = (this.defaultEngine[0] !== "." ? "." : "") + this.defaultEngine;
		}
		NunjucksView.prototype.render = function render(opts, cb) {
			env.render(this.name, opts, cb);
		};
		app.set("view", NunjucksView);
		app.set("nunjucksEnv", env);
		return env;
	};
}));
// node_modules/nunjucks/src/environment.js
var require_environment = /* @__PURE__ */ __commonJSMin(((exports, module) => {
	function _inheritsLoose(subClass, superClass) {
		subClass.prototype = Object.create(superClass.prototype);
		subClass.prototype.constructor = subClass;
		_setPrototypeOf(subClass, superClass);
	}
	function _setPrototypeOf(o, p) {
		_setPrototypeOf = Object.setPrototypeOf ? Object.setPrototypeOf.bind() : function _setPrototypeOf(o, p) {
			o.__proto__ = p;
			return o;
		};
		return _setPrototypeOf(o, p);
	}
	var asap = require_asap();
	var _waterfall = require_a_sync_waterfall();
	var lib = require_lib();
	var compiler = require_compiler();
	var filters = require_filters();
	var _require = require_loaders();
	var FileSystemLoader = _require.FileSystemLoader;
	var WebLoader = _require.WebLoader;
	var PrecompiledLoader = _require.PrecompiledLoader;
	var tests = require_tests();
	var globals = require_globals();
	var _require2 = require_object();
	var Obj = _require2.Obj;
	var EmitterObj = _require2.EmitterObj;
	var globalRuntime = require_runtime();
	var handleError = globalRuntime.handleError;
	var Frame = globalRuntime.Frame;
	var expressApp = require_express_app();
	function callbackAsap(cb, err, res) {
		asap(function() {
			cb(err, res);
		});
	}
	/**
	* A no-op template, for use with {% include ignore missing %}
	*/
	var noopTmplSrc = {
		type: "code",
		obj: { root: function root(env, context, frame, runtime, cb) {
			try {
				cb(null, "");
			} catch (e) {
				cb(handleError(e, null, null));
			}
		} }
	};
	var Environment = /*#__PURE__*/ function(_EmitterObj) {
		_inheritsLoose(Environment, _EmitterObj);
		function Environment() {
			return _EmitterObj.apply(this, arguments) || this;
		}
		var _proto = Environment.prototype;
		_proto.init = function init(loaders, opts) {
			var _this = this;
			opts = this.opts = opts || {};
			this.opts.dev = !!opts.dev;
			this.opts.autoescape = opts.autoescape != null ? opts.autoescape : true;
			this.opts.throwOnUndefined = !!opts.throwOnUndefined;
			this.opts.trimBlocks = !!opts.trimBlocks;
			this.opts.lstripBlocks = !!opts.lstripBlocks;
			this.loaders = [];
			if (!loaders) {
				if (FileSystemLoader) this.loaders = [new FileSystemLoader("views")];
				else if (WebLoader) this.loaders = [new WebLoader("/views")];
			} else this.loaders = lib.isArray(loaders) ? loaders : [loaders];
			if (typeof window !== "undefined" && window.nunjucksPrecompiled) this.loaders.unshift(new PrecompiledLoader(window.nunjucksPrecompiled));
			this._initLoaders();
			this.globals = globals();
			this.filters = {};
			this.tests = {};
			this.asyncFilters = [];
			this.extensions = {};
			this.extensionsList = [];
			lib._entries(filters).forEach(function(_ref) {
				var name = _ref[0], filter = _ref[1];
				return _this.addFilter(name, filter);
			});
			lib._entries(tests).forEach(function(_ref2) {
				var name = _ref2[0], test = _ref2[1];
				return _this.addTest(name, test);
			});
		};
		_proto._initLoaders = function _initLoaders() {
			var _this2 = this;
			this.loaders.forEach(function(loader) {
				loader.cache = {};
				if (typeof loader.on === "function") {
					loader.on("update", function(name, fullname) {
						loader.cache[name] = null;
						_this2.emit("update", name, fullname, loader);
					});
					loader.on("load", function(name, source) {
						_this2.emit("load", name, source, loader);
					});
				}
			});
		};
		_proto.invalidateCache = function invalidateCache() {
			this.loaders.forEach(function(loader) {
				loader.cache = {};
			});
		};
		_proto.addExtension = function addExtension(name, extension) {
			extension.__name = name;
			this.extensions[name] = extension;
			this.extensionsList.push(extension);
			return this;
		};
		_proto.removeExtension = function removeExtension(name) {
			var extension = this.getExtension(name);
			if (!extension) return;
			this.extensionsList = lib.without(this.extensionsList, extension);
			delete this.extensions[name];
		};
		_proto.getExtension = function getExtension(name) {
			return this.extensions[name];
		};
		_proto.hasExtension = function hasExtension(name) {
			return !!this.extensions[name];
		};
		_proto.addGlobal = function addGlobal(name, value) {
			this.globals[name] = value;
			return this;
		};
		_proto.getGlobal = function getGlobal(name) {
			if (typeof this.globals[name] === "undefined") throw new Error("global not found: " + name);
			return this.globals[name];
		};
		_proto.addFilter = function addFilter(name, func, async) {
			var wrapped = func;
			if (async) this.asyncFilters.push(name);
			this.filters[name] = wrapped;
			return this;
		};
		_proto.getFilter = function getFilter(name) {
			if (!this.filters[name]) throw new Error("filter not found: " + name);
			return this.filters[name];
		};
		_proto.addTest = function addTest(name, func) {
			this.tests[name] = func;
			return this;
		};
		_proto.getTest = function getTest(name) {
			if (!this.tests[name]) throw new Error("test not found: " + name);
			return this.tests[name];
		};
		_proto.resolveTemplate = function resolveTemplate(loader, parentName, filename) {
			return (loader.isRelative && parentName ? loader.isRelative(filename) : false) && loader.resolve ? loader.resolve(parentName, filename) : filename;
		};
		_proto.getTemplate = function getTemplate(name, eagerCompile, parentName, ignoreMissing, cb) {
			var _this3 = this;
			var that = this;
			var tmpl = null;
			if (name && name.raw) name = name.raw;
			if (lib.isFunction(parentName)) {
				cb = parentName;
				parentName = null;
				eagerCompile = eagerCompile || false;
			}
			if (lib.isFunction(eagerCompile)) {
				cb = eagerCompile;
				eagerCompile = false;
			}
			if (name instanceof Template) tmpl = name;
			else if (typeof name !== "string") throw new Error("template names must be a string: " + name);
			else for (var i = 0; i < this.loaders.length; i++) {
				var loader = this.loaders[i];
				tmpl = loader.cache[this.resolveTemplate(loader, parentName, name)];
				if (tmpl) break;
			}
			if (tmpl) {
				if (eagerCompile) tmpl.compile();
				if (cb) {
					cb(null, tmpl);
					return;
				} else return tmpl;
			}
			var syncResult;
			lib.asyncIter(this.loaders, function(loader, i, next, done) {
				function handle(err, src) {
					if (err) done(err);
					else if (src) {
						src.loader = loader;
						done(null, src);
					} else next();
				}
				name = that.resolveTemplate(loader, parentName, name);
				if (loader.async) loader.getSource(name, handle);
				else handle(null, loader.getSource(name));
			}, function createTemplate(err, info) {
				if (!info && !err && !ignoreMissing) err = /* @__PURE__ */ new Error("template not found: " + name);
				if (err) {
					if (cb) {
						cb(err);
						return;
					} else throw err;
				}
				var newTmpl;
				if (!info) newTmpl = new Template(noopTmplSrc, _this3, "", eagerCompile);
				else {
					newTmpl = new Template(info.src, _this3, info.path, eagerCompile);
					if (!info.noCache) info.loader.cache[name] = newTmpl;
				}
				if (cb) cb(null, newTmpl);
				else syncResult = newTmpl;
			});
			return syncResult;
		};
		_proto.express = function express(app) {
			return expressApp(this, app);
		};
		_proto.render = function render(name, ctx, cb) {
			if (lib.isFunction(ctx)) {
				cb = ctx;
				ctx = null;
			}
			var syncResult = null;
			this.getTemplate(name, function(err, tmpl) {
				if (err && cb) callbackAsap(cb, err);
				else if (err) throw err;
				else syncResult = tmpl.render(ctx, cb);
			});
			return syncResult;
		};
		_proto.renderString = function renderString(src, ctx, opts, cb) {
			if (lib.isFunction(opts)) {
				cb = opts;
				opts = {};
			}
			opts = opts || {};
			return new Template(src, this, opts.path).render(ctx, cb);
		};
		_proto.waterfall = function waterfall(tasks, callback, forceAsync) {
			return _waterfall(tasks, callback, forceAsync);
		};
		return Environment;
	}(EmitterObj);
	var Context = /*#__PURE__*/ function(_Obj) {
		_inheritsLoose(Context, _Obj);
		function Context() {
			return _Obj.apply(this, arguments) || this;
		}
		var _proto2 = Context.prototype;
		_proto2.init = function init(ctx, blocks, env) {
			var _this4 = this;
			this.env = env || new Environment();
			this.ctx = lib.extend({}, ctx);
			this.blocks = {};
			this.exported = [];
			lib.keys(blocks).forEach(function(name) {
				_this4.addBlock(name, blocks[name]);
			});
		};
		_proto2.lookup = function lookup(name) {
			if (name in this.env.globals && !(name in this.ctx)) return this.env.globals[name];
			else return this.ctx[name];
		};
		_proto2.setVariable = function setVariable(name, val) {
			this.ctx[name] = val;
		};
		_proto2.getVariables = function getVariables() {
			return this.ctx;
		};
		_proto2.addBlock = function addBlock(name, block) {
			this.blocks[name] = this.blocks[name] || [];
			this.blocks[name].push(block);
			return this;
		};
		_proto2.getBlock = function getBlock(name) {
			if (!this.blocks[name]) throw new Error("unknown block \"" + name + "\"");
			return this.blocks[name][0];
		};
		_proto2.getSuper = function getSuper(env, name, block, frame, runtime, cb) {
			var idx = lib.indexOf(this.blocks[name] || [], block);
			var blk = this.blocks[name][idx + 1];
			var context = this;
			if (idx === -1 || !blk) throw new Error("no super block available for \"" + name + "\"");
			blk(env, context, frame, runtime, cb);
		};
		_proto2.addExport = function addExport(name) {
			this.exported.push(name);
		};
		_proto2.getExported = function getExported() {
			var _this5 = this;
			var exported = {};
			this.exported.forEach(function(name) {
				exported[name] = _this5.ctx[name];
			});
			return exported;
		};
		return Context;
	}(Obj);
	var Template = /*#__PURE__*/ function(_Obj2) {
		_inheritsLoose(Template, _Obj2);
		function Template() {
			return _Obj2.apply(this, arguments) || this;
		}
		var _proto3 = Template.prototype;
		_proto3.init = function init(src, env, path, eagerCompile) {
			this.env = env || new Environment();
			if (lib.isObject(src)) switch (src.type) {
				case "code":
					this.tmplProps = src.obj;
					break;
				case "string":
					this.tmplStr = src.obj;
					break;
				default: throw new Error("Unexpected template object type " + src.type + "; expected 'code', or 'string'");
			}
			else if (lib.isString(src)) this.tmplStr = src;
			else throw new Error("src must be a string or an object describing the source");
			this.path = path;
			if (eagerCompile) try {
				this._compile();
			} catch (err) {
				throw lib._prettifyError(this.path, this.env.opts.dev, err);
			}
			else this.compiled = false;
		};
		_proto3.render = function render(ctx, parentFrame, cb) {
			var _this6 = this;
			if (typeof ctx === "function") {
				cb = ctx;
				ctx = {};
			} else if (typeof parentFrame === "function") {
				cb = parentFrame;
				parentFrame = null;
			}
			var forceAsync = !parentFrame;
			try {
				this.compile();
			} catch (e) {
				var err = lib._prettifyError(this.path, this.env.opts.dev, e);
				if (cb) return callbackAsap(cb, err);
				else throw err;
			}
			var context = new Context(ctx || {}, this.blocks, this.env);
			var frame = parentFrame ? parentFrame.push(true) : new Frame();
			frame.topLevel = true;
			var syncResult = null;
			var didError = false;
			this.rootRenderFunc(this.env, context, frame, globalRuntime, function(err, res) {
				if (didError && cb && typeof res !== "undefined") return;
				if (err) {
					err = lib._prettifyError(_this6.path, _this6.env.opts.dev, err);
					didError = true;
				}
				if (cb) {
					if (forceAsync) callbackAsap(cb, err, res);
					else cb(err, res);
				} else {
					if (err) throw err;
					syncResult = res;
				}
			});
			return syncResult;
		};
		_proto3.getExported = function getExported(ctx, parentFrame, cb) {
			if (typeof ctx === "function") {
				cb = ctx;
				ctx = {};
			}
			if (typeof parentFrame === "function") {
				cb = parentFrame;
				parentFrame = null;
			}
			try {
				this.compile();
			} catch (e) {
				if (cb) return cb(e);
				else throw e;
			}
			var frame = parentFrame ? parentFrame.push() : new Frame();
			frame.topLevel = true;
			var context = new Context(ctx || {}, this.blocks, this.env);
			this.rootRenderFunc(this.env, context, frame, globalRuntime, function(err) {
				if (err) cb(err, null);
				else cb(null, context.getExported());
			});
		};
		_proto3.compile = function compile() {
			if (!this.compiled) this._compile();
		};
		_proto3._compile = function _compile() {
			var props;
			if (this.tmplProps) props = this.tmplProps;
			else {
				var source = compiler.compile(this.tmplStr, this.env.asyncFilters, this.env.extensionsList, this.path, this.env.opts);
				props = new Function(source)();
			}
			this.blocks = this._getBlocks(props);
			this.rootRenderFunc = props.root;
			this.compiled = true;
		};
		_proto3._getBlocks = function _getBlocks(props) {
			var blocks = {};
			lib.keys(props).forEach(function(k) {
				if (k.slice(0, 2) === "b_") blocks[k.slice(2)] = props[k];
			});
			return blocks;
		};
		return Template;
	}(Obj);
	module.exports = {
		Environment,
		Template
	};
}));
// node_modules/nunjucks/src/precompile-global.js
var require_precompile_global = /* @__PURE__ */ __commonJSMin(((exports, module) => {
	function precompileGlobal(templates, opts) {
		var out = "";
		opts = opts || {};
		for (var i = 0; i < templates.length; i++) {
			var name = JSON.stringify(templates[i].name);
			var template = templates[i].template;
			out += "(function() {(window.nunjucksPrecompiled = window.nunjucksPrecompiled || {})[" + name + "] = (function() {\n" + template + "\n})();\n";
			if (opts.asFunction) out += "return function(ctx, cb) { return nunjucks.render(" + name + ", ctx, cb); }\n";
			out += "})();\n";
		}
		return out;
	}
	module.exports = precompileGlobal;
}));
// node_modules/nunjucks/src/precompile.js
var require_precompile = /* @__PURE__ */ __commonJSMin(((exports, module) => {
	var fs = __require("fs");
	var path = __require("path");
	var _prettifyError = require_lib()._prettifyError;
	var compiler = require_compiler();
	var Environment = require_environment().Environment;
	var precompileGlobal = require_precompile_global();
	function match(filename, patterns) {
		if (!Array.isArray(patterns)) return false;
		return patterns.some(function(pattern) {
			return filename.match(pattern);
		});
	}
	function precompileString(str, opts) {
		opts = opts || {};
		opts.isString = true;
		var env = opts.env || new Environment([]);
		var wrapper = opts.wrapper || precompileGlobal;
		if (!opts.name) throw new Error("the \"name\" option is required when compiling a string");
		return wrapper([_precompile(str, opts.name, env)], opts);
	}
	function precompile(input, opts) {
		opts = opts || {};
		var env = opts.env || new Environment([]);
		var wrapper = opts.wrapper || precompileGlobal;
		if (opts.isString) return precompileString(input, opts);
		var pathStats = fs.existsSync(input) && fs.statSync(input);
		var precompiled = [];
		var templates = [];
		function addTemplates(dir) {
			fs.readdirSync(dir).forEach(function(file) {
				var filepath = path.join(dir, file);
				var subpath = filepath.substr(path.join(input, "/").length);
				var stat = fs.statSync(filepath);
				if (stat && stat.isDirectory()) {
					subpath += "/";
					if (!match(subpath, opts.exclude)) addTemplates(filepath);
				} else if (match(subpath, opts.include)) templates.push(filepath);
			});
		}
		if (pathStats.isFile()) precompiled.push(_precompile(fs.readFileSync(input, "utf-8"), opts.name || input, env));
		else if (pathStats.isDirectory()) {
			addTemplates(input);
			for (var i = 0; i < templates.length; i++) {
				var name = templates[i].replace(path.join(input, "/"), "");
				try {
					precompiled.push(_precompile(fs.readFileSync(templates[i], "utf-8"), name, env));
				} catch (e) {
					if (opts.force) console.error(e);
					else throw e;
				}
			}
		}
		return wrapper(precompiled, opts);
	}
	function _precompile(str, name, env) {
		env = env || new Environment([]);
		var asyncFilters = env.asyncFilters;
		var extensions = env.extensionsList;
		var template;
		name = name.replace(/\\/g, "/");
		try {
			template = compiler.compile(str, asyncFilters, extensions, name, env.opts);
		} catch (err) {
			throw _prettifyError(name, false, err);
		}
		return {
			name,
			template
		};
	}
	module.exports = {
		precompile,
		precompileString
	};
}));
// node_modules/nunjucks/src/jinja-compat.js
var require_jinja_compat = /* @__PURE__ */ __commonJSMin(((exports, module) => {
	function installCompat() {
		"use strict";
		var runtime = this.runtime;
		var lib = this.lib;
		var Compiler = this.compiler.Compiler;
		var Parser = this.parser.Parser;
		var nodes = this.nodes;
		var lexer = this.lexer;
		var orig_contextOrFrameLookup = runtime.contextOrFrameLookup;
		var orig_memberLookup = runtime.memberLookup;
		var orig_Compiler_assertType;
		var orig_Parser_parseAggregate;
		if (Compiler) orig_Compiler_assertType = Compiler.prototype.assertType;
		if (Parser) orig_Parser_parseAggregate = Parser.prototype.parseAggregate;
		function uninstall() {
			runtime.contextOrFrameLookup = orig_contextOrFrameLookup;
			runtime.memberLookup = orig_memberLookup;
			if (Compiler) Compiler.prototype.assertType = orig_Compiler_assertType;
			if (Parser) Parser.prototype.parseAggregate = orig_Parser_parseAggregate;
		}
		runtime.contextOrFrameLookup = function contextOrFrameLookup(context, frame, key) {
			var val = orig_contextOrFrameLookup.apply(this, arguments);
			if (val !== void 0) return val;
			switch (key) {
				case "True": return true;
				case "False": return false;
				case "None": return null;
				default: return;
			}
		};
		function getTokensState(tokens) {
			return {
				index: tokens.index,
				lineno: tokens.lineno,
				colno: tokens.colno
			};
		}
		if (process.env.BUILD_TYPE !== "SLIM" && nodes && Compiler && Parser) {
			var Slice = nodes.Node.extend("Slice", {
				fields: [
					"start",
					"stop",
					"step"
				],
				init: function init(lineno, colno, start, stop, step) {
					start = start || new nodes.Literal(lineno, colno, null);
					stop = stop || new nodes.Literal(lineno, colno, null);
					step = step || new nodes.Literal(lineno, colno, 1);
					this.parent(lineno, colno, start, stop, step);
				}
			});
			Compiler.prototype.assertType = function assertType(node) {
				if (node instanceof Slice) return;
				orig_Compiler_assertType.apply(this, arguments);
			};
			Compiler.prototype.compileSlice = function compileSlice(node, frame) {
				this._emit("(");
				this._compileExpression(node.start, frame);
				this._emit("),(");
				this._compileExpression(node.stop, frame);
				this._emit("),(");
				this._compileExpression(node.step, frame);
				this._emit(")");
			};
			Parser.prototype.parseAggregate = function parseAggregate() {
				var _this = this;
				var origState = getTokensState(this.tokens);
				origState.colno--;
				origState.index--;
				try {
					return orig_Parser_parseAggregate.apply(this);
				} catch (e) {
					var errState = getTokensState(this.tokens);
					var rethrow = function rethrow() {
						lib._assign(_this.tokens, errState);
						return e;
					};
					lib._assign(this.tokens, origState);
					this.peeked = false;
					var tok = this.peekToken();
					if (tok.type !== lexer.TOKEN_LEFT_BRACKET) throw rethrow();
					else this.nextToken();
					var node = new Slice(tok.lineno, tok.colno);
					var isSlice = false;
					for (var i = 0; i <= node.fields.length; i++) {
						if (this.skip(lexer.TOKEN_RIGHT_BRACKET)) break;
						if (i === node.fields.length) {
							if (isSlice) this.fail("parseSlice: too many slice components", tok.lineno, tok.colno);
							else break;
						}
						if (this.skip(lexer.TOKEN_COLON)) isSlice = true;
						else {
							var field = node.fields[i];
							node[field] = this.parseExpression();
							isSlice = this.skip(lexer.TOKEN_COLON) || isSlice;
						}
					}
					if (!isSlice) throw rethrow();
					return new nodes.Array(tok.lineno, tok.colno, [node]);
				}
			};
		}
		function sliceLookup(obj, start, stop, step) {
			obj = obj || [];
			if (start === null) start = step < 0 ? obj.length - 1 : 0;
			if (stop === null) stop = step < 0 ? -1 : obj.length;
			else if (stop < 0) stop += obj.length;
			if (start < 0) start += obj.length;
			var results = [];
			for (var i = start;; i += step) {
				if (i < 0 || i > obj.length) break;
				if (step > 0 && i >= stop) break;
				if (step < 0 && i <= stop) break;
				results.push(runtime.memberLookup(obj, i));
			}
			return results;
		}
		function hasOwnProp(obj, key) {
			return Object.prototype.hasOwnProperty.call(obj, key);
		}
		var ARRAY_MEMBERS = {
			pop: function pop(index) {
				if (index === void 0) return this.pop();
				if (index >= this.length || index < 0) throw new Error("KeyError");
				return this.splice(index, 1);
			},
			append: function append(element) {
				return this.push(element);
			},
			remove: function remove(element) {
				for (var i = 0; i < this.length; i++) if (this[i] === element) return this.splice(i, 1);
				throw new Error("ValueError");
			},
			count: function count(element) {
				var count = 0;
				for (var i = 0; i < this.length; i++) if (this[i] === element) count++;
				return count;
			},
			index: function index(element) {
				var i;
				if ((i = this.indexOf(element)) === -1) throw new Error("ValueError");
				return i;
			},
			find: function find(element) {
				return this.indexOf(element);
			},
			insert: function insert(index, elem) {
				return this.splice(index, 0, elem);
			}
		};
		var OBJECT_MEMBERS = {
			items: function items() {
				return lib._entries(this);
			},
			values: function values() {
				return lib._values(this);
			},
			keys: function keys() {
				return lib.keys(this);
			},
			get: function get(key, def) {
				var output = this[key];
				if (output === void 0) output = def;
				return output;
			},
			has_key: function has_key(key) {
				return hasOwnProp(this, key);
			},
			pop: function pop(key, def) {
				var output = this[key];
				if (output === void 0 && def !== void 0) output = def;
				else if (output === void 0) throw new Error("KeyError");
				else delete this[key];
				return output;
			},
			popitem: function popitem() {
				var keys = lib.keys(this);
				if (!keys.length) throw new Error("KeyError");
				var k = keys[0];
				var val = this[k];
				delete this[k];
				return [k, val];
			},
			setdefault: function setdefault(key, def) {
				if (def === void 0) def = null;
				if (!(key in this)) this[key] = def;
				return this[key];
			},
			update: function update(kwargs) {
				lib._assign(this, kwargs);
				return null;
			}
		};
		OBJECT_MEMBERS.iteritems = OBJECT_MEMBERS.items;
		OBJECT_MEMBERS.itervalues = OBJECT_MEMBERS.values;
		OBJECT_MEMBERS.iterkeys = OBJECT_MEMBERS.keys;
		runtime.memberLookup = function memberLookup(obj, val, autoescape) {
			if (arguments.length === 4) return sliceLookup.apply(this, arguments);
			obj = obj || {};
			if (lib.isArray(obj) && hasOwnProp(ARRAY_MEMBERS, val)) return ARRAY_MEMBERS[val].bind(obj);
			if (lib.isObject(obj) && hasOwnProp(OBJECT_MEMBERS, val)) return OBJECT_MEMBERS[val].bind(obj);
			return orig_memberLookup.apply(this, arguments);
		};
		return uninstall;
	}
	module.exports = installCompat;
}));
// src/worker/template-sandbox.ts
var import_nunjucks = /* @__PURE__ */ __toESM((/* @__PURE__ */ __commonJSMin(((exports, module) => {
	var lib = require_lib();
	var _require = require_environment();
	var Environment = _require.Environment;
	var Template = _require.Template;
	var Loader = require_loader();
	var loaders = require_loaders();
	var precompile = require_precompile();
	var compiler = require_compiler();
	var parser = require_parser();
	var lexer = require_lexer();
	var runtime = require_runtime();
	var nodes = require_nodes();
	var installJinjaCompat = require_jinja_compat();
	var e;
	function configure(templatesPath, opts) {
		opts = opts || {};
		if (lib.isObject(templatesPath)) {
			opts = templatesPath;
			templatesPath = null;
		}
		var TemplateLoader;
		if (loaders.FileSystemLoader) TemplateLoader = new loaders.FileSystemLoader(templatesPath, {
			watch: opts.watch,
			noCache: opts.noCache
		});
		else if (loaders.WebLoader) TemplateLoader = new loaders.WebLoader(templatesPath, {
			useCache: opts.web && opts.web.useCache,
			async: opts.web && opts.web.async
		});
		e = new Environment(TemplateLoader, opts);
		if (opts && opts.express) e.express(opts.express);
		return e;
	}
	module.exports = {
		Environment,
		Template,
		Loader,
		FileSystemLoader: loaders.FileSystemLoader,
		NodeResolveLoader: loaders.NodeResolveLoader,
		PrecompiledLoader: loaders.PrecompiledLoader,
		WebLoader: loaders.WebLoader,
		compiler,
		parser,
		lexer,
		runtime,
		lib,
		nodes,
		installJinjaCompat,
		configure,
		reset: function reset() {
			e = void 0;
		},
		compile: function compile(src, env, path, eagerCompile) {
			if (!e) configure();
			return new Template(src, env, path, eagerCompile);
		},
		render: function render(name, ctx, cb) {
			if (!e) configure();
			return e.render(name, ctx, cb);
		},
		renderString: function renderString(src, ctx, cb) {
			if (!e) configure();
			return e.renderString(src, ctx, cb);
		},
		precompile: precompile ? precompile.precompile : void 0,
		precompileString: precompile ? precompile.precompileString : void 0
	};
})))(), 1);
const internals$1 = import_nunjucks.default;
const base = internals$1.runtime;
/** More items than this from `range()` is a runaway template. */
const MAX_RANGE_ITEMS = 1e5;
/** Steps of one render (loop iterations, lookups, calls, outputs) beyond this are a runaway template. */
const MAX_TEMPLATE_STEPS = 1e6;
/** Rendered output beyond this many characters is a runaway template. */
const MAX_TEMPLATE_OUTPUT = 1e7;
/** True for names a template may never look up or define: `constructor`, `prototype`, `__proto__` and every `__x__`. */
function isForbiddenName(name) {
	return name === "constructor" || name === "prototype" || /^__.*__$/.test(name);
}
/** Why a name is refused, as a template error says it. */
function forbiddenNameMessage(name) {
	return `"${name}" cannot be used in a template: templates are data, not code, so constructor, prototype and __names__ are refused`;
}
/** The functions every template has, as errors name them. */
const GLOBAL_NAMES = "file(), range(), cycler() and joiner()";
/** Functions a template may call. */
const callable = /* @__PURE__ */ new WeakSet();
/** Objects whose methods a template may call (what `cycler()` returns). */
const receivers = /* @__PURE__ */ new WeakSet();
/** Marks `fn` as a template function and returns it. */
function templateFunction(fn) {
	callable.add(fn);
	return fn;
}
function checkedKey(key) {
	if (typeof key === "number") return key;
	if (typeof key !== "string") throw new Error(`a template can look up only names and numbers, not ${key === null ? "null" : typeof key} values`);
	if (isForbiddenName(key)) throw new Error(forbiddenNameMessage(key));
	return key;
}
/** Work of the render running now (rendering is synchronous; reset when a top-level template starts). */
const budget = {
	steps: 0,
	output: 0
};
/** Counts one step of work; a render that never ends (nested loops over big ranges) stops with an error instead. */
function spend(output = 0) {
	budget.steps += 1;
	budget.output += output;
	if (budget.steps > 1e6) throw new Error(`the template takes more than ${MAX_TEMPLATE_STEPS} steps (a runaway loop?)`);
	if (budget.output > 1e7) throw new Error(`the template renders more than ${MAX_TEMPLATE_OUTPUT} characters`);
}
const counting = /* @__PURE__ */ new WeakSet();
/** Makes `frame`, and every frame pushed from it, count its variable writes (each loop iteration makes some). */
function countingFrame(frame) {
	if (counting.has(frame)) return frame;
	counting.add(frame);
	const set = frame.set;
	frame.set = function(...args) {
		spend();
		return set.apply(this, args);
	};
	frame.push = function(isolateWrites) {
		return countingFrame(new base.Frame(this, isolateWrites));
	};
	return frame;
}
/** `new runtime.Frame()` of compiled code (macros): a counting frame. */
function GuardedFrame(parent, isolateWrites) {
	return countingFrame(new base.Frame(parent, isolateWrites));
}
const guardedRuntime = {
	...base,
	Frame: GuardedFrame,
	suppressValue(value, autoescape) {
		const shown = base.suppressValue(value, autoescape);
		spend(typeof shown.length === "number" ? shown.length : 1);
		return shown;
	},
	memberLookup(obj, rawKey) {
		spend();
		if (obj === void 0 || obj === null) return void 0;
		const key = checkedKey(rawKey);
		const value = obj[key];
		if (typeof value !== "function" || callable.has(value)) return value;
		if (receivers.has(obj) && Object.hasOwn(obj, key)) return templateFunction((...args) => value.apply(obj, args));
		throw new Error(`"${key}" is a JavaScript function, not a template function; templates can call only filters, macros and ${GLOBAL_NAMES}`);
	},
	callWrap(fn, name, context, args) {
		spend();
		if (typeof fn !== "function") return base.callWrap(fn, name, context, args);
		if (!callable.has(fn)) throw new Error(`cannot call ${name}: templates can call only filters, macros and ${GLOBAL_NAMES}`);
		return fn.apply(context, args);
	},
	contextOrFrameLookup(context, frame, name) {
		spend();
		const value = frame.lookup(name);
		if (value !== void 0) return value;
		if (Object.hasOwn(context.ctx, name)) return context.ctx[name];
		return Object.hasOwn(context.env.globals, name) ? context.env.globals[name] : void 0;
	},
	makeMacro(argNames, kwargNames, body) {
		return templateFunction(base.makeMacro(argNames, kwargNames, body));
	}
};
/** Jinja's `range`, refusing more than {@link MAX_RANGE_ITEMS} items. */
function range(start, stop, step = 1) {
	const [from, to] = stop === void 0 ? [0, start] : [start, stop];
	if (typeof from !== "number" || typeof to !== "number" || typeof step !== "number" || step === 0 || !Number.isFinite(step)) throw new Error("range() takes numbers and a non-zero step");
	const count = Math.max(0, Math.ceil((to - from) / step));
	if (count > 1e5) throw new Error(`range() would make ${count} items; at most ${MAX_RANGE_ITEMS} are allowed`);
	return Array.from({ length: count }, (_, index) => from + index * step);
}
/** Jinja's `cycler`: `.next()`, `.reset()`, `.current`. */
function cycler(...items) {
	let index = -1;
	const state = {
		current: null,
		reset() {
			index = -1;
			state.current = null;
		},
		next() {
			index = (index + 1) % Math.max(items.length, 1);
			state.current = items[index];
			return state.current;
		}
	};
	receivers.add(state);
	return state;
}
/** Jinja's `joiner`: returns a function giving `''` the first time, then `sep`. */
function joiner(sep = ",") {
	let first = true;
	return templateFunction(() => {
		const value = first ? "" : sep;
		first = false;
		return value;
	});
}
/** Filters whose attribute argument (at this position) is looked up on each item with `item[attr]`. */
const ATTRIBUTE_FILTERS = {
	join: 2,
	sum: 1,
	selectattr: 1,
	rejectattr: 1
};
/** Filters whose size argument (at this position) allocates that many spaces or items at once. */
const SIZE_FILTERS = {
	center: 1,
	indent: 1,
	batch: 1,
	slice: 1
};
/** The largest size argument of {@link SIZE_FILTERS}. */
const MAX_FILTER_SIZE = 1e4;
/** Wraps the filter `name` of `filters` so `check` sees its arguments first. */
function guardFilter(filters, name, check) {
	const filter = filters[name];
	filters[name] = function(...args) {
		check(args);
		return filter.apply(this, args);
	};
}
/**
* A nunjucks environment for untrusted templates: own-property filters and tests only, attribute
* and size arguments of filters guarded, and exactly the globals `range`, `cycler`, `joiner` plus `extraGlobals`.
*/
function createGuardedEnvironment(loader, options, extraGlobals) {
	const env = new import_nunjucks.default.Environment(loader, options);
	const internalsOf = env;
	const globals = Object.create(null);
	for (const [name, fn] of Object.entries({
		range,
		cycler,
		joiner,
		...extraGlobals
	})) globals[name] = templateFunction(fn);
	internalsOf.globals = globals;
	for (const [name, position] of Object.entries(ATTRIBUTE_FILTERS)) guardFilter(internalsOf.filters, name, (args) => {
		if (typeof args[position] === "string") checkedKey(args[position]);
	});
	for (const [name, position] of Object.entries(SIZE_FILTERS)) guardFilter(internalsOf.filters, name, (args) => {
		const size = Number(args[position]);
		if (size > 1e4) throw new Error(`${name} takes a size of at most ${MAX_FILTER_SIZE}, got ${size}`);
	});
	const ownEntry = (table, kind) => (name) => {
		if (!Object.hasOwn(table, name)) throw new Error(`${kind} not found: ${name}`);
		return table[name];
	};
	internalsOf.getFilter = ownEntry(internalsOf.filters, "filter");
	internalsOf.getTest = ownEntry(internalsOf.tests, "test");
	return env;
}
/** How many template roots are running right now (rendering is synchronous, so nesting is a stack). */
let depth = 0;
/**
* Compiles `source` to template code that runs with the guarded runtime: `{ type: 'code', obj }`, what
* a nunjucks loader may return and `new nunjucks.Template` accepts. Only `root` is wrapped: blocks,
* parent templates and `super()` are all invoked with the runtime of the code calling them.
*/
function compileGuarded(source, path, options) {
	const code = internals$1.compiler.compile(source, [], [], path, options);
	const props = new Function(code)();
	const root = props.root;
	const guardedRoot = (env, context, frame, _runtime, cb) => {
		if (depth >= 50) throw new Error(`templates nest more than 50 levels deep (does a template include itself?)`);
		if (depth === 0) Object.assign(budget, {
			steps: 0,
			output: 0
		});
		depth += 1;
		try {
			root(env, context, countingFrame(frame), guardedRuntime, cb);
		} finally {
			depth -= 1;
		}
	};
	return {
		type: "code",
		obj: {
			...props,
			root: guardedRoot
		}
	};
}
// src/worker/simple-template.ts
/** The simple tags, each on one line: an output of a dotted name, an include of a quoted name, a comment. */
const SIMPLE_TAG = /\{\{[ \t]*([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)[ \t]*\}\}|\{%[ \t]*include[ \t]+(?:"([^"\\\n]*)"|'([^'\\\n]*)')([ \t]+ignore[ \t]+missing)?[ \t]*%\}|\{#[^]*?#\}/y;
/** Words nunjucks reads as literals, operators or statements rather than variable names. */
const KEYWORDS = /* @__PURE__ */ new Set([
	"true",
	"false",
	"none",
	"True",
	"False",
	"None",
	"and",
	"or",
	"not",
	"in",
	"is",
	"if",
	"else",
	"elif",
	"elseif",
	"endif",
	"for",
	"endfor",
	"asyncEach",
	"asyncAll",
	"import",
	"from",
	"as",
	"with",
	"without",
	"context",
	"include",
	"extends",
	"block",
	"endblock",
	"set",
	"endset",
	"macro",
	"endmacro",
	"call",
	"endcall",
	"raw",
	"endraw",
	"verbatim",
	"endverbatim",
	"filter",
	"endfilter",
	"ignore",
	"missing",
	"super",
	"caller",
	"loop",
	"switch",
	"case",
	"default",
	"endswitch"
]);
/** The static references of `source` when it is in the simple subset (then it compiles and uses no forbidden name); else `undefined`. */
function simpleTemplateReferences(source) {
	const references = [];
	let line = 1;
	let at = 0;
	for (;;) {
		const brace = source.indexOf("{", at);
		const textEnd = brace === -1 ? source.length : brace;
		const strayCommentEnd = source.indexOf("#}", at);
		if (strayCommentEnd !== -1 && strayCommentEnd < textEnd) return void 0;
		for (let newline = source.indexOf("\n", at); newline !== -1 && newline < textEnd; newline = source.indexOf("\n", newline + 1)) line += 1;
		if (brace === -1) return references;
		SIMPLE_TAG.lastIndex = brace;
		const tag = SIMPLE_TAG.exec(source);
		if (!tag) return void 0;
		const [text, name, doubleQuoted, singleQuoted, ignoreMissing] = tag;
		if (name !== void 0 && name.split(".").some((part) => KEYWORDS.has(part) || isForbiddenName(part))) return void 0;
		const included = doubleQuoted ?? singleQuoted;
		if (included !== void 0) references.push({
			kind: "template",
			name: included,
			line,
			optional: ignoreMissing !== void 0
		});
		for (let index = text.indexOf("\n"); index !== -1; index = text.indexOf("\n", index + 1)) line += 1;
		at = brace + text.length;
	}
}
// src/worker/template-ast.ts
/**
* The parts of nunjucks' (untyped) parser and compiler llm-do uses: compiling a source to find
* syntax errors with their line, forbidden names, listing the templates and files a source names statically, and
* naming the expression behind an "undefined value" error.
*/
/**
* Options every llm-do template is built with: no HTML escaping (prompts are not HTML), undefined
* output is an error. Whitespace around tags is handled by `template-whitespace.ts`, not `trimBlocks`.
*/
const TEMPLATE_OPTIONS = {
	autoescape: false,
	throwOnUndefined: true
};
const internals = import_nunjucks.default;
const analyses = createTextMemo(4e6);
/**
* Checks `source` for a syntax error, forbidden names and static references.
* Remembered by text, so a template that every worker of a project includes is analysed once.
*/
function analyzeTemplate(source) {
	return analyses.get(source, analyze);
}
/**
* Parses once, surveys the tree, then compiles it, which finds what the parser lets through (a
* block defined twice, a dict key that is not a name). nunjucks' own `compile(source)` would parse
* again and first apply its transform, which only rewrites async filters and extensions (llm-do has
* none) and `super()` calls, and adds no error. A tree of only the plainest nodes (text, output,
* names, includes) is not compiled: nothing in compiling those can fail. Plainer still, text with
* only `{{ name }}`, `{% include "x" %}` and comments is not even parsed (`simple-template.ts`).
*/
function analyze(source) {
	const simple = simpleTemplateReferences(source);
	if (simple) return { references: simple };
	try {
		const ast = internals.parser.parse(source, [], TEMPLATE_OPTIONS);
		const { found, plain } = survey(ast);
		if (!plain) new internals.compiler.Compiler("template", TEMPLATE_OPTIONS.throwOnUndefined).compile(ast);
		return {
			forbiddenName: findForbiddenName(found),
			references: staticReferences(found)
		};
	} catch (error) {
		return {
			syntaxError: syntaxErrorOf(error, source),
			references: []
		};
	}
}
/** Node types the checks look at. */
const SURVEYED = [
	"Symbol",
	"LookupVal",
	"Pair",
	"Include",
	"Extends",
	"Import",
	"FromImport",
	"FunCall"
];
/** Node types whose compile step has no failure path (nunjucks 3.2 `compiler.js`), given children of these types. */
const COMPILE_CANNOT_FAIL = /* @__PURE__ */ new Set([
	"Root",
	"NodeList",
	"Output",
	"TemplateData",
	"Literal",
	"Symbol",
	"LookupVal",
	"Include",
	"If"
]);
/**
* One walk over the tree: the nodes of each surveyed type (as `findAll` finds them: subclasses
* included, in document order), and whether every node is of a type that always compiles.
*/
function survey(ast) {
	const found = Object.fromEntries(SURVEYED.map((type) => [type, []]));
	let plain = COMPILE_CANNOT_FAIL.has(ast.typename);
	const visitChildren = (node) => {
		const children = node instanceof internals.nodes.NodeList ? node.children : node.fields.map((field) => node[field]);
		for (const child of children) {
			if (!(child instanceof internals.nodes.Node)) continue;
			const childNode = child;
			for (const type of SURVEYED) if (childNode instanceof internals.nodes[type]) found[type].push(childNode);
			if (!COMPILE_CANNOT_FAIL.has(childNode.typename)) plain = false;
			visitChildren(childNode);
		}
	};
	visitChildren(ast);
	return {
		found,
		plain
	};
}
/** A parse or compile error of `source` with its position. */
function syntaxErrorOf(error, source) {
	const { message, lineno, colno } = error;
	const text = String(message ?? error).replace(/^\([^\n]*\)\s*/, "");
	if (!lineno) return {
		message: `${text} (at the end of the template)`,
		line: source.split("\n").length
	};
	return {
		message: text,
		line: lineno,
		column: colno || void 0
	};
}
/**
* The first name a template may never use (`x.constructor`, `x["__proto__"]`, `{"prototype": 1}`,
* `{% set constructor = ... %}`), with its position. Computed names are refused at render time by
* the guarded runtime (`template-sandbox.ts`).
*/
function findForbiddenName(found) {
	const named = (node) => {
		const value = node?.value;
		return typeof value === "string" && isForbiddenName(value) ? node : void 0;
	};
	const first = [
		...found.Symbol.map(named),
		...found.LookupVal.map((node) => named(node.val)),
		...found.Pair.map((node) => named(node.key))
	].filter((node) => node !== void 0).sort((a, b) => a.lineno - b.lineno || a.colno - b.colno)[0];
	if (!first) return void 0;
	return {
		message: forbiddenNameMessage(String(first.value)),
		line: first.lineno + 1,
		column: first.colno + 1
	};
}
function literal(node) {
	const value = node?.typename === "Literal" ? node.value : void 0;
	return typeof value === "string" ? value : void 0;
}
/** Every include/extends/import and `file("...")` whose name is a string literal. */
function staticReferences(found) {
	const references = [];
	for (const type of [
		"Include",
		"Extends",
		"Import",
		"FromImport"
	]) for (const node of found[type]) {
		const name = literal(node.template);
		if (name !== void 0) references.push({
			kind: "template",
			name,
			line: node.lineno + 1,
			optional: node.ignoreMissing === true
		});
	}
	for (const call of found.FunCall) {
		const callee = call.name;
		const firstArgument = call.args?.children?.[0];
		const name = literal(firstArgument);
		if (callee.typename === "Symbol" && callee.value === "file" && name !== void 0) references.push({
			kind: "file",
			name,
			line: call.lineno + 1,
			optional: false
		});
	}
	return references.sort((a, b) => a.line - b.line);
}
function describe(node) {
	if (!node) return void 0;
	switch (node.typename) {
		case "Symbol": return String(node.value);
		case "Literal": return JSON.stringify(node.value);
		case "LookupVal": {
			const target = describe(node.target);
			const key = node.val;
			if (target === void 0) return void 0;
			return key.typename === "Literal" && typeof key.value === "string" ? `${target}.${key.value}` : `${target}[${describe(key) ?? "…"}]`;
		}
		case "FunCall": return `${describe(node.name) ?? "…"}(…)`;
		default: return;
	}
}
/**
* The expression printed by the `{{ }}` at a 1-based position, e.g. `topic` or `user.name`, and whether
* it is a plain variable name.
*/
function expressionAt(source, line, column) {
	const expression = (internals.parser.parse(source, [], TEMPLATE_OPTIONS).findAll(internals.nodes.Output).find((node) => node.lineno === line - 1 && node.colno === column - 1)?.children)?.[0];
	const text = describe(expression);
	return text === void 0 ? void 0 : {
		text,
		plain: expression?.typename === "Symbol"
	};
}
// src/worker/template-errors.ts
/**
* Turns a nunjucks render error (a plain Error whose message chains `(template path) [Line, Column]`
* prefixes) into a ProjectError naming the worker, the template and the variable.
*/
function innermost(message) {
	let last;
	for (const match of message.matchAll(/\(([^\n]*?)\)(?: \[Line (\d+)(?:, Column (\d+))?\])?\n/g)) last = {
		path: match[1],
		line: match[2] ? Number(match[2]) : void 0,
		column: match[3] ? Number(match[3]) : void 0
	};
	return last;
}
/** Maps a failed render to a ProjectError `template`. */
function templateRenderError(error, session, subject) {
	if (session.failure) return session.failure;
	const message = error instanceof Error ? error.message : String(error);
	const where = innermost(message);
	const own = !where || where.path === subject.displayPath;
	const source = own ? subject.source : session.byDisplay.get(where.path)?.text;
	const suffix = own ? "" : ` (in a template used by ${subject.displayPath})`;
	const location = (line, column) => own ? {
		file: subject.displayPath,
		line: line === void 0 ? void 0 : line + subject.lineOffset,
		column
	} : {
		file: where.path,
		line,
		column
	};
	const missing = /template not found: ([^\n]+)$/.exec(message);
	if (missing) {
		const name = missing[1];
		const entry = session.templates.get(name);
		const searched = entry && !entry.found ? ` (searched ${entry.searched.join(", ")})` : "";
		const line = source === void 0 ? void 0 : analyzeTemplate(source).references.find((ref) => ref.name === name)?.line;
		return new ProjectError("template", `template "${name}" not found${searched}${suffix}`, location(line));
	}
	if (message.endsWith("attempted to output null or undefined value") && where?.line !== void 0) {
		const expression = source === void 0 ? void 0 : expressionAt(source, where.line, where.column ?? 0);
		const detail = !expression ? "a value in the template is undefined" : expression.plain ? `undefined variable "${expression.text}"` : `"${expression.text}" is undefined`;
		return new ProjectError("template", `${detail}${suffix}`, location(where.line, where.column));
	}
	const reason = message.split("\n").pop().trim().replace(/^(Template render error|Error): /, "");
	const line = where?.line === void 0 ? void 0 : where.line + 1;
	const column = where?.column === void 0 ? void 0 : where.column + 1;
	return new ProjectError("template", `template error: ${reason}${suffix}`, location(line, column), { cause: error });
}
// src/worker/template-files.ts
/**
* Finds the files templates name (`{% include 'x.jinja' %}`, `lib:x.jinja`, `file("RULES.md")`) along
* ordered search directories, refusing any name that would read outside the allowed roots.
*/
const LIBRARY_PREFIX = /^([A-Za-z0-9_][A-Za-z0-9_.-]*):(.+)$/;
/** Looks names up along directories; one instance per render, so files are read once each. */
var TemplateFiles = class {
	options;
	realRoots;
	constructor(options) {
		this.options = options;
	}
	/** Project-relative form of a normalised host path (`templates/x.jinja`), or the host path when outside the project. */
	display(hostPath) {
		const root = this.options.projectRoot;
		if (hostPath === root) return ".";
		return hostPath.startsWith(root === "/" ? root : `${root}/`) ? hostPath.slice(root === "/" ? 1 : root.length + 1) : hostPath;
	}
	/**
	* Looks `name` up in `dirs` (or, for `LIB:name`, in that library's template dir; a literal `lib:`
	* prefix that is not a library's name searches every library). `what` names the reference in messages.
	*/
	async lookup(name, dirs, what) {
		if (typeof name !== "string" || name.trim() === "") throw new ProjectError("template", `${what} name must be a non-empty string, got ${JSON.stringify(name) ?? String(name)}`, { file: this.options.displayPath });
		let searchDirs = dirs;
		let relativeName = name;
		const prefixed = LIBRARY_PREFIX.exec(name);
		if (prefixed && what === "template") {
			const [, library, rest] = prefixed;
			searchDirs = this.libraryDirs(library, name);
			relativeName = rest;
		}
		const safeName = this.confine(relativeName, name, what);
		for (const dir of searchDirs) {
			const candidate = posix.join(dir, safeName);
			const stat = await this.options.fs.stat(candidate);
			if (!stat || stat.kind !== "file") continue;
			await this.assertInsideRoots(candidate, name, what);
			const display = this.display(candidate);
			return {
				found: true,
				hostPath: candidate,
				display,
				text: await readProjectText(this.options.fs, candidate, display)
			};
		}
		return {
			found: false,
			searched: searchDirs.map((dir) => `${this.display(posix.resolve(dir))}/`)
		};
	}
	libraryDirs(library, name) {
		const { libraries } = this.options;
		const dir = libraries[library];
		if (dir !== void 0) return [dir];
		if (library === "lib") return Object.values(libraries);
		const known = Object.keys(libraries);
		throw new ProjectError("template", `template "${name}" names library "${library}", which this project does not use (${known.length > 0 ? `libraries: ${known.join(", ")}` : "it has no library dependencies"})`, { file: this.options.displayPath });
	}
	/** Normalises a relative name, refusing absolute paths, `..` escapes, backslashes and NUL bytes. */
	confine(relativeName, fullName, what) {
		const escape = () => new ProjectError("path-escape", `${what} name "${fullName}" points outside the folders it is looked up in; use a relative path without ".."`, { file: this.options.displayPath });
		if (relativeName.includes("\0") || relativeName.includes("\\")) throw escape();
		if (posix.isAbsolute(relativeName) || /^[A-Za-z]:/.test(relativeName)) throw escape();
		const normalized = posix.normalize(relativeName);
		if (normalized === ".." || normalized.startsWith("../") || normalized === ".") throw escape();
		return normalized;
	}
	/** A symlink may not lead out of the project (or a library root). */
	async assertInsideRoots(candidate, name, what) {
		const real = await this.options.fs.realpath(candidate);
		if (!(await this.roots()).some((root) => real === root || real.startsWith(root.endsWith("/") ? root : `${root}/`))) throw new ProjectError("path-escape", `${what} "${name}" resolves to a file outside the project (through a symbolic link)`, { file: this.options.displayPath });
	}
	roots() {
		const { fs, projectRoot, allowedRoots } = this.options;
		this.realRoots ??= Promise.all([projectRoot, ...allowedRoots].map((root) => fs.realpath(root).catch(() => root)));
		return this.realRoots;
	}
};
// src/worker/template-whitespace.ts
/**
* Whitespace rule of llm-do templates: a line holding only block tags and comments (`{% if x %}`,
* `{% include 'rubric.jinja' %}`, `{# note #}`) leaves nothing in the output, not even its line
* break; every other line keeps its whitespace, so `Tone: {% if formal %}formal{% endif %}` at the end
* of a line keeps the line break after it.
*
* Jinja's `trim_blocks` would eat that line break too (a classic prompt-template surprise), so instead
* of it the source is rewritten before compiling: the indentation of such a line is dropped and its
* line break is wrapped in a comment (`{#\n#}`), which keeps line numbers exact for error messages.
* Text between `{% raw %}` and `{% endraw %}` is left alone.
*/
const TAG = String.raw`\{%(?:[^%]|%(?!\}))*%\}|\{#(?:[^#]|#(?!\}))*#\}`;
const TAG_ONLY_LINE = new RegExp(String.raw`^[ \t]*((?:(?:${TAG})[ \t]*)+)$`);
const RAW_START = /\{%-?\s*(raw|verbatim)\s*-?%\}/;
const RAW_END = /\{%-?\s*(endraw|endverbatim)\s*-?%\}/;
/** Rewrites tag-only lines as described above; other text is left exactly as written. */
function trimTagLines(source) {
	const lines = source.split("\n");
	let inRaw = false;
	return lines.map((line, index) => {
		const last = index === lines.length - 1;
		if (inRaw) {
			if (!RAW_END.test(line)) return last ? line : `${line}\n`;
			inRaw = false;
		}
		if (RAW_START.test(line) && !RAW_END.test(line)) {
			inRaw = true;
			return last ? line : `${line}\n`;
		}
		const tagOnly = TAG_ONLY_LINE.exec(line);
		if (!tagOnly || last) return last ? line : `${line}\n`;
		return `${tagOnly[1].trimEnd()}{#\n#}`;
	}).join("");
}
// src/worker/template-session.ts
/** More distinct names than this in one render is a runaway template. */
const MAX_LOOKUPS = 500;
/** Template and file lookups of one render (or one check). */
var TemplateSession = class {
	lookups;
	dirs;
	displayPath;
	templates = /* @__PURE__ */ new Map();
	files = /* @__PURE__ */ new Map();
	/** Templates read so far, by display path (the `path` nunjucks puts in error messages). */
	byDisplay = /* @__PURE__ */ new Map();
	pendingTemplates = /* @__PURE__ */ new Set();
	pendingFiles = /* @__PURE__ */ new Set();
	/** A problem found by `file()` during a pass, reported instead of nunjucks' wrapped error. */
	failure;
	constructor(lookups, dirs, displayPath) {
		this.lookups = lookups;
		this.dirs = dirs;
		this.displayPath = displayPath;
	}
	/** Compiled (guarded) code of the templates read so far, by display path. */
	compiled = /* @__PURE__ */ new Map();
	/** The nunjucks loader: serves read templates as guarded code, records unread names. */
	loader = { getSource: (name) => {
		const entry = this.templates.get(name);
		if (entry === void 0) this.pendingTemplates.add(name);
		if (!entry?.found) return null;
		let code = this.compiled.get(entry.display);
		if (!code) this.compiled.set(entry.display, code = compileGuarded(entry.text, entry.display, TEMPLATE_OPTIONS));
		return {
			src: code,
			path: entry.display,
			noCache: false
		};
	} };
	/** The `file(name)` global: the file's text, `''` while it is being read. */
	file = (name) => {
		const key = String(name);
		const entry = this.files.get(key);
		if (entry === void 0) {
			this.pendingFiles.add(key);
			return "";
		}
		if (entry.found) return entry.text;
		this.failure ??= new ProjectError("template", `file("${key}") not found (searched ${entry.searched.join(", ")}) in the instructions of ${this.displayPath}`, { file: this.displayPath });
		throw new Error(this.failure.message);
	};
	/** True when the last pass asked for names not read yet. */
	get hasPending() {
		return this.pendingTemplates.size > 0 || this.pendingFiles.size > 0;
	}
	/** Reads every name the last pass asked for. Throws ProjectError on an escape, a syntax error or a runaway. */
	async loadPending() {
		const templates = [...this.pendingTemplates];
		const files = [...this.pendingFiles];
		this.pendingTemplates.clear();
		this.pendingFiles.clear();
		this.failure = void 0;
		for (const name of templates) await this.loadTemplate(name);
		for (const name of files) await this.lookupFile(name);
		if (this.templates.size + this.files.size > MAX_LOOKUPS) throw new ProjectError("template", `the instructions of ${this.displayPath} reach more than ${MAX_LOOKUPS} templates and files`, { file: this.displayPath });
	}
	/** Looks a `file()` name up (once). */
	async lookupFile(name) {
		const known = this.files.get(name);
		if (known) return known;
		const entry = await this.lookups.lookup(name, this.dirs.files, "file");
		this.files.set(name, entry);
		return entry;
	}
	/** Reads one template (once) and checks its syntax. */
	async loadTemplate(name) {
		const known = this.templates.get(name);
		if (known) return known;
		const looked = await this.lookups.lookup(name, this.dirs.templates, "template");
		const entry = looked.found ? {
			...looked,
			text: trimTagLines(looked.text)
		} : looked;
		if (entry.found) {
			const { syntaxError, forbiddenName } = analyzeTemplate(entry.text);
			if (syntaxError) throw new ProjectError("template", `syntax error in template ${entry.display} (used by ${this.displayPath}): ${syntaxError.message}`, {
				file: entry.display,
				line: syntaxError.line,
				column: syntaxError.column
			});
			if (forbiddenName) throw new ProjectError("template", `${forbiddenName.message} (in template ${entry.display}, used by ${this.displayPath})`, {
				file: entry.display,
				line: forbiddenName.line,
				column: forbiddenName.column
			});
			this.byDisplay.set(entry.display, {
				display: entry.display,
				text: entry.text
			});
		}
		this.templates.set(name, entry);
		return entry;
	}
};
// src/worker/templates.ts
/**
* Renders worker instructions (SPEC §10): Nunjucks, Jinja2-compatible, autoescape off, undefined
* variables are errors. A line holding only tags (`{% if %}`, `{% include %}`, `{# note #}`) leaves
* nothing in the prompt, not even a blank line; tags inside a line of text keep the text's line
* breaks (see `template-whitespace.ts`).
*
* Names in `{% include %}`/`{% extends %}`/`{% import %}` are searched along `searchDirs`
* (`lib:` / `LIBRARY:` names in a library's templates dir); `file("X")` along `fileDirs`. Nothing
* outside the project root and `allowedRoots` is ever read.
*/
/** A syntax error, or a name templates may never use, in the worker's own instructions. */
function sourceProblem(source, displayPath, lineOffset) {
	const { syntaxError, forbiddenName } = analyzeTemplate(source);
	const problem = syntaxError ? {
		...syntaxError,
		message: `syntax error in the instructions: ${syntaxError.message}`
	} : forbiddenName;
	if (!problem) return void 0;
	return new ProjectError("template", problem.message, {
		file: displayPath,
		line: problem.line === void 0 ? void 0 : problem.line + lineOffset,
		column: problem.column
	});
}
/**
* Creates a renderer for one worker's templates.
*
* @example
* const renderer = createTemplateRenderer({ fs, projectRoot, searchDirs: [`${projectRoot}/templates`], fileDirs: [projectRoot] });
* const prompt = await renderer.render(worker.instructions, { input }, 'workers/x.worker');
*/
function createTemplateRenderer(options) {
	const dirs = {
		templates: options.searchDirs,
		files: options.fileDirs
	};
	const session = (displayPath) => {
		return new TemplateSession(new TemplateFiles({
			fs: options.fs,
			projectRoot: posix.resolve(options.projectRoot),
			allowedRoots: options.allowedRoots ?? [],
			libraries: options.libraries ?? {},
			displayPath
		}), dirs, displayPath);
	};
	return {
		async render(rawSource, variables, displayPath, { lineOffset = 0 } = {}) {
			const source = trimTagLines(rawSource);
			const problem = sourceProblem(source, displayPath, lineOffset);
			if (problem) throw problem;
			const state = session(displayPath);
			const env = createGuardedEnvironment(state.loader, TEMPLATE_OPTIONS, { file: state.file });
			const template = new import_nunjucks.default.Template(compileGuarded(source, displayPath, TEMPLATE_OPTIONS), env, displayPath);
			for (;;) {
				let output;
				let failure;
				try {
					output = template.render(variables);
				} catch (error) {
					failure = error;
				}
				if (state.hasPending) {
					await state.loadPending();
					continue;
				}
				if (failure !== void 0 || output === void 0) throw templateRenderError(failure, state, {
					source,
					displayPath,
					lineOffset
				});
				return output;
			}
		},
		async check(rawSource, displayPath, { lineOffset = 0 } = {}) {
			const source = trimTagLines(rawSource);
			const problem = sourceProblem(source, displayPath, lineOffset);
			if (problem) throw problem;
			const state = session(displayPath);
			const problems = [];
			const visit = async (text, where, offset, seen) => {
				for (const reference of analyzeTemplate(text).references) {
					const location = {
						file: where,
						line: reference.line + offset
					};
					try {
						const entry = reference.kind === "template" ? await state.loadTemplate(reference.name) : await state.lookupFile(reference.name);
						if (!entry.found) {
							if (reference.optional) continue;
							const label = reference.kind === "template" ? `template "${reference.name}"` : `file("${reference.name}")`;
							const via = where === displayPath ? "" : ` (in a template used by ${displayPath})`;
							problems.push(new ProjectError("template", `${label} not found (searched ${entry.searched.join(", ")})${via}`, location));
						} else if (reference.kind === "template" && !seen.has(entry.hostPath)) {
							seen.add(entry.hostPath);
							await visit(entry.text, entry.display, 0, seen);
						}
					} catch (error) {
						if (!ProjectError.isInstance(error)) throw error;
						problems.push(new ProjectError(error.code, error.detail, error.location.line ? error.location : location));
					}
				}
			};
			await visit(source, displayPath, lineOffset, /* @__PURE__ */ new Set());
			if (problems.length > 0) throw new ProjectError(problems[0].code, problems[0].detail, problems[0].location, { problems });
		}
	};
}
// src/worker/schema.ts
/**
* The fields of a worker file (SPEC §3) and of the project manifest (§4) and library manifest (§13),
* as zod schemas. Objects are strict: an unknown key is an error, which the loaders turn into a
* message naming the nearest valid key.
*/
/** How a tool call is gated: run without asking, ask first, or never offer/run. */
const ApprovalRuleSchema = _enum([
	"preApproved",
	"ask",
	"blocked"
]);
const ApprovalModeSchema = _enum([
	"interactive",
	"approve_all",
	"auto_deny"
]);
/** Per-toolset approval config: `approval: { default: ask, tools: { write_file: preApproved } }`. */
const ToolsetApprovalSchema = strictObject({
	default: ApprovalRuleSchema.optional(),
	tools: record(string().min(1), ApprovalRuleSchema).optional()
});
const positiveInt = number().int().positive();
const nonEmptyString = string().min(1);
/** YAML `filesystem:` with no value means "enabled with defaults". */
function toolsetConfig(schema) {
	return preprocess((value) => value === null ? {} : value, union([literal$1(false), schema]));
}
const FilesystemToolsetSchema = strictObject({ approval: ToolsetApprovalSchema.optional() });
const WorkersToolsetSchema = strictObject({
	/** Worker references or globs (`reports/*`) this worker may call. */
	allowed_workers: array(nonEmptyString).optional(),
	approval: ToolsetApprovalSchema.optional()
});
const CustomToolsetSchema = strictObject({
	/** Names of the discovered tools to offer; absent = all of them. */
	tools: array(nonEmptyString).optional(),
	approval: ToolsetApprovalSchema.optional()
});
const ShellRuleSchema = strictObject({
	/** A command prefix, matched word by word against argv: `git log` matches `git log --oneline`. */
	command: nonEmptyString,
	/**
	* What may follow the command: `any`, or glob patterns (`*`, `?`, `[...]`) each further argument
	* must match one of. Absent: nothing may follow (a `blocked` rule then blocks any arguments).
	*/
	args: union([literal$1("any"), array(nonEmptyString)]).optional(),
	approval: ApprovalRuleSchema.optional()
});
const ShellToolsetSchema = strictObject({
	rules: array(ShellRuleSchema).optional(),
	/** `auto` (default): bubblewrap when it is installed and works here (Linux); `bwrap`: required; `none`: no OS isolation. */
	isolation: _enum([
		"auto",
		"bwrap",
		"none"
	]).optional(),
	/** Network access for commands under bubblewrap. @default false */
	network: boolean().optional(),
	/** Names of further environment variables passed to commands (beyond PATH, HOME, LANG, LC_*, TZ, TERM). */
	env: array(string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "environment variable names use letters, digits and _, not starting with a digit")).optional(),
	/** What happens to a command no rule matches. */
	default: _enum(["ask", "blocked"]).optional(),
	/** Virtual path of the working directory (a sandbox mount or a directory inside one). */
	cwd: nonEmptyString.optional(),
	timeout_ms: positiveInt.optional(),
	max_output_bytes: positiveInt.optional(),
	approval: ToolsetApprovalSchema.optional()
});
const ToolsetsSchema = strictObject({
	filesystem: toolsetConfig(FilesystemToolsetSchema).optional(),
	workers: toolsetConfig(WorkersToolsetSchema).optional(),
	custom: toolsetConfig(CustomToolsetSchema).optional(),
	shell: toolsetConfig(ShellToolsetSchema).optional()
});
const MountModeSchema = _enum(["ro", "rw"]);
/** One named mount: `sandbox.paths.NAME`, visible to the model at `/NAME`. */
const MountSchema = strictObject({
	/** Host directory, relative to the project root. */
	root: nonEmptyString,
	/** @default 'ro' */
	mode: MountModeSchema.optional(),
	/** Allowed file suffixes (`.md`, `.pdf`); absent = any. */
	suffixes: array(nonEmptyString).optional(),
	max_file_bytes: positiveInt.optional()
});
const MOUNT_NAME_PATTERN = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;
const SandboxConfigSchema = strictObject({
	/** One directory mounted at `/` (a path, or a mount object to give mode and caps). */
	root: union([nonEmptyString, MountSchema]).optional(),
	paths: record(string().regex(MOUNT_NAME_PATTERN, "mount names use letters, digits, _ . -"), MountSchema).optional(),
	/** Virtual path this worker (and everything it calls) is confined to. */
	restrict: nonEmptyString.optional(),
	/** No writes or deletes for this worker and everything it calls. */
	readonly: boolean().optional()
});
/** `schemas/pitch.json`, `schemas.ts:PitchInput`, or an inline JSON Schema object. */
const SchemaRefSchema = union([nonEmptyString, record(string(), unknown())]);
const AttachmentPolicySchema = strictObject({
	/** @default 4 */
	max_attachments: number().int().nonnegative().optional(),
	/** @default 10 MB */
	max_total_bytes: positiveInt.optional(),
	allowed_suffixes: array(nonEmptyString).optional(),
	denied_suffixes: array(nonEmptyString).optional()
});
const ImportsSchema = strictObject({
	workers: array(nonEmptyString).optional(),
	tools: array(nonEmptyString).optional()
});
const modelId = string().regex(/^[^\s:]+(:.+)?$/, "expected provider:model, e.g. anthropic:claude-sonnet-4-5, or test");
/** Every field a worker file may set (SPEC §3). */
const WorkerConfigSchema = strictObject({
	name: nonEmptyString,
	description: string().optional(),
	model: modelId.optional(),
	compatible_models: array(nonEmptyString).min(1, "compatible_models must list at least one pattern (an empty list allows no model)").optional(),
	mode: _enum(["single", "chat"]).optional(),
	toolsets: ToolsetsSchema.optional(),
	sandbox: SandboxConfigSchema.optional(),
	schema_in: SchemaRefSchema.optional(),
	schema_out: SchemaRefSchema.optional(),
	attachment_policy: AttachmentPolicySchema.optional(),
	imports: ImportsSchema.optional(),
	/** @default 25 */
	max_steps: positiveInt.optional(),
	max_context_tokens: positiveInt.optional(),
	locked: boolean().optional(),
	/** Only in `.yaml` workers; a `.worker` file's instructions are its body. */
	instructions: string().optional()
});
Object.keys(WorkerConfigSchema.shape);
const ProviderConfigSchema = strictObject({
	base_url: url(),
	/** Environment variable holding the key; absent = no key sent. */
	api_key_env: nonEmptyString.optional()
});
const usdPerMillion = number().nonnegative("prices are USD per million tokens, 0 or more");
/**
* The price of one model, USD per million tokens. A cache price left out costs as much as `input`
* (what OpenAI and Google charge for cache writes; a guess for a provider with no cache prices).
*/
const ModelPriceSchema = strictObject({
	input: usdPerMillion,
	output: usdPerMillion,
	cache_read: usdPerMillion.optional(),
	cache_write: usdPerMillion.optional()
});
/** `provider:model`, or `provider:*` for every model of a provider. */
const PricedModelSchema = string().regex(/^[A-Za-z0-9_-]+:\S+$/, "price keys are provider:model or provider:*, e.g. anthropic:claude-sonnet-4-5");
/** `prices:`: model prices that override or extend the bundled price table (SPEC §16). */
const PricesSchema = record(PricedModelSchema, ModelPriceSchema);
/** `utils` or `legal@2.0`. */
const DependencySpecSchema = string().regex(/^[A-Za-z0-9_][A-Za-z0-9_.-]*(@[A-Za-z0-9_.+-]+)?$/, "expected NAME or NAME@VERSION");
/** `project.yaml` / `llm-do.yaml` (SPEC §4). */
const ManifestSchema = strictObject({
	name: nonEmptyString.optional(),
	version: nonEmptyString.optional(),
	description: string().optional(),
	/** @default 'main' */
	entry: nonEmptyString.optional(),
	model: modelId.optional(),
	dependencies: array(DependencySpecSchema).optional(),
	providers: record(string().regex(/^[A-Za-z0-9_-]+$/), ProviderConfigSchema).optional(),
	sandbox: SandboxConfigSchema.optional(),
	toolsets: ToolsetsSchema.optional(),
	approval: strictObject({ mode: ApprovalModeSchema.optional() }).optional(),
	delegation: strictObject({ max_depth: number().int().nonnegative().optional() }).optional(),
	workers: strictObject({
		root: nonEmptyString.optional(),
		include: array(nonEmptyString).optional(),
		exclude: array(nonEmptyString).optional()
	}).optional(),
	templates: strictObject({ roots: array(nonEmptyString).optional() }).optional(),
	tools: strictObject({
		modules: array(nonEmptyString).optional(),
		allow_module_imports: boolean().optional()
	}).optional(),
	exports: array(nonEmptyString).optional(),
	/** Defaults for every worker of the project (the worker file wins). */
	max_steps: positiveInt.optional(),
	attachment_policy: AttachmentPolicySchema.optional(),
	prices: PricesSchema.optional(),
	/** `false`: runs of this project are not recorded in the run log (SPEC §16). @default true */
	log: boolean().optional()
});
/** `lib.yaml` (SPEC §13). */
const LibraryManifestSchema = strictObject({
	name: string().regex(/^[A-Za-z0-9_][A-Za-z0-9_.-]*$/, "library names use letters, digits, _ . -"),
	version: string().regex(/^[A-Za-z0-9_.+-]+$/, "expected a version such as 1.0.0"),
	description: string().optional(),
	exports: array(nonEmptyString).optional(),
	dependencies: array(DependencySpecSchema).optional()
});
// src/project/mount-table.ts
/**
* From sandbox configuration (SPEC §7) and `--mount` grants to the list of mounts a sandbox
* serves. Pure path arithmetic: nothing here touches the disk; the sandbox re-checks every access
* against the real (symlink-resolved) mount roots.
*/
function normalizeSuffix(suffix) {
	const lower = suffix.trim().toLowerCase();
	return lower.startsWith(".") ? lower : `.${lower}`;
}
function escapes(projectRoot, hostRoot) {
	const rel = posix.relative(projectRoot, hostRoot);
	return rel === ".." || rel.startsWith("../") || posix.isAbsolute(rel);
}
function fromConfig(name, mount, field, options, projectRoot) {
	const hostRoot = posix.resolve(projectRoot, mount.root);
	if (escapes(projectRoot, hostRoot)) {
		const grantHint = name === "" ? "use a directory inside it" : `use a directory inside it, or grant it with --mount ${name}=DIR`;
		throw new ProjectError("path-escape", `sandbox root ${mount.root} escapes project root (${grantHint})`, {
			file: options.displayPath,
			field
		});
	}
	return withCaps({
		name,
		hostRoot,
		mode: mount.mode ?? "ro"
	}, mount);
}
function withCaps(spec, mount) {
	if (mount?.suffixes) spec.suffixes = mount.suffixes.map(normalizeSuffix);
	if (mount?.max_file_bytes !== void 0) spec.maxFileBytes = mount.max_file_bytes;
	return spec;
}
/**
* The mounts a worker's sandbox serves: `sandbox.root` at `/` (name `''`), each `sandbox.paths.NAME`
* at `/NAME`, then the grants. Modes default to `ro`; suffixes become lower-case with a leading dot.
* A grant keeps the suffix and size caps the config declared for that name, with its own directory
* and mode.
*
* @throws ProjectError `path-escape` when a configured root (not replaced by a grant) resolves
* outside the project root.
* @example
* resolveMounts({ projectRoot: '/p', config: { paths: { input: { root: './input' } } } })
* // → [{ name: 'input', hostRoot: '/p/input', mode: 'ro' }]
*/
function resolveMounts(options) {
	const { config, grants = [], fallback = "project-root-ro" } = options;
	const projectRoot = posix.resolve(options.projectRoot);
	const granted = new Map(grants.map((grant) => [grant.name, grant]));
	const mounts = [];
	if (config?.root !== void 0) {
		const root = typeof config.root === "string" ? { root: config.root } : config.root;
		const field = typeof config.root === "string" ? "sandbox.root" : "sandbox.root.root";
		mounts.push(fromConfig("", root, field, options, projectRoot));
	}
	for (const [name, mount] of Object.entries(config?.paths ?? {})) {
		const grant = granted.get(name);
		if (grant) {
			mounts.push(withCaps({
				name,
				hostRoot: posix.resolve(grant.hostDir),
				mode: grant.mode
			}, mount));
			granted.delete(name);
		} else mounts.push(fromConfig(name, mount, `sandbox.paths.${name}.root`, options, projectRoot));
	}
	if (mounts.length === 0 && fallback === "project-root-ro") mounts.push({
		name: "",
		hostRoot: projectRoot,
		mode: "ro"
	});
	for (const grant of granted.values()) mounts.push({
		name: grant.name,
		hostRoot: posix.resolve(grant.hostDir),
		mode: grant.mode
	});
	return mounts;
}
/**
* Parses one `--mount NAME=DIR[:ro|rw]` value; DIR is resolved against `cwd`; mode defaults to `ro`.
*
* @throws UsageError naming `--mount` when the name, directory or mode is malformed.
* @example parseMountGrant('data=../shared:rw', '/home/me/proj') // → { name: 'data', hostDir: '/home/me/shared', mode: 'rw' }
*/
function parseMountGrant(text, cwd) {
	const usage = `--mount expects NAME=DIR[:ro|rw], e.g. --mount data=./data:rw; got ${JSON.stringify(text)}`;
	const equals = text.indexOf("=");
	if (equals <= 0) throw new UsageError(usage);
	const name = text.slice(0, equals);
	let dir = text.slice(equals + 1);
	if (!MOUNT_NAME_PATTERN.test(name)) throw new UsageError(`--mount name ${JSON.stringify(name)} is not valid: mount names use letters, digits, _ . - (${usage})`);
	let mode = "ro";
	const suffix = /:(ro|rw)$/.exec(dir);
	if (suffix) {
		mode = suffix[1];
		dir = dir.slice(0, -suffix[0].length);
	} else if (/:[A-Za-z]*$/.test(dir)) throw new UsageError(`--mount mode must be :ro or :rw (${usage})`);
	if (dir === "" || dir.includes("\0")) throw new UsageError(`--mount needs a directory after "${name}=" (${usage})`);
	return {
		name,
		hostDir: posix.resolve(cwd, dir),
		mode
	};
}
// src/worker/schema-keys.ts
var import_dist = require_dist();
function defOf(schema) {
	const def = schema?._zod?.def;
	return def && typeof def.type === "string" ? def : void 0;
}
/** Peels wrappers (optional, nullable, default, preprocess pipes, lazy) and splits unions. */
function variants(schema, depth = 0) {
	const def = defOf(schema);
	if (!def || depth > 20) return [];
	switch (def.type) {
		case "optional":
		case "nullable":
		case "default":
		case "prefault":
		case "readonly":
		case "catch": return variants(def.innerType, depth + 1);
		case "pipe": return variants(defOf(def.in)?.type === "transform" ? def.out : def.in, depth + 1);
		case "lazy": return variants(def.getter(), depth + 1);
		case "union": return def.options.flatMap((option) => variants(option, depth + 1));
		default: return [schema];
	}
}
function child(schema, segment) {
	return variants(schema).flatMap((variant) => {
		const def = defOf(variant);
		if (def.type === "object") {
			const shape = def.shape;
			return typeof segment === "string" && segment in shape ? [shape[segment]] : [];
		}
		if (def.type === "record") return [def.valueType];
		if (def.type === "array") return typeof segment === "number" ? [def.element] : [];
		return [];
	});
}
/** The keys an object at `path` may have, or `[]` when there is no object schema there. */
function objectKeysAt(schema, path) {
	let current = [schema];
	for (const segment of path) current = current.flatMap((s) => child(s, segment));
	const keys = /* @__PURE__ */ new Set();
	for (const variant of current.flatMap((s) => variants(s))) {
		const def = defOf(variant);
		if (def.type === "object") for (const key of Object.keys(def.shape)) keys.add(key);
	}
	return [...keys];
}
// src/worker/config-issues.ts
/** `toolsets.shell.rules[0].command`. */
function formatFieldPath(path) {
	let text = "";
	for (const segment of path) if (typeof segment === "number") text += `[${segment}]`;
	else text += text === "" ? String(segment) : `.${String(segment)}`;
	return text;
}
function valueAt(root, path) {
	let current = root;
	for (const segment of path) {
		if (current === null || typeof current !== "object") return void 0;
		if (!Object.prototype.hasOwnProperty.call(current, segment)) return void 0;
		current = current[segment];
	}
	return current;
}
/** How a value looks to the person who wrote the YAML. */
function describeValue(value) {
	if (value === null) return "an empty value";
	if (Array.isArray(value)) return "a list";
	if (typeof value === "object") return "a mapping";
	if (typeof value === "string") return JSON.stringify(value.length > 40 ? `${value.slice(0, 37)}...` : value);
	return String(value);
}
const EXPECTED = {
	string: "a string",
	number: "a number",
	int: "an integer",
	boolean: "true or false",
	object: "a mapping",
	record: "a mapping",
	array: "a list"
};
function expectedText(expected) {
	return EXPECTED[expected] ?? expected;
}
function typeDetail(field, expected, found) {
	const alternatives = [...new Set(expected)].join(" or ");
	const hint = alternatives === EXPECTED.string && (typeof found === "number" || typeof found === "boolean") ? "; put it in quotes" : "";
	return `${field} must be ${alternatives} (found ${describeValue(found)}${hint})`;
}
/** zod's own wording starts with these; anything else is a message written in our schema. */
const GENERIC_MESSAGE = /^(Invalid|Too (small|big)|Expected|Unrecognized)/;
function customDetail(field, issue) {
	if (GENERIC_MESSAGE.test(issue.message)) return void 0;
	return issue.message.startsWith(field) ? issue.message : `${field}: ${issue.message}`;
}
function sizeDetail(field, issue) {
	const small = issue.code === "too_small";
	const bound = Number(small ? issue.minimum : issue.maximum);
	const inclusive = issue.inclusive !== false;
	if (issue.origin === "string") {
		if (small && bound === 1) return `${field} must not be empty`;
		return `${field} must have ${small ? "at least" : "at most"} ${bound} characters`;
	}
	if (issue.origin === "array" || issue.origin === "set") return `${field} must list ${small ? "at least" : "at most"} ${bound} item${bound === 1 ? "" : "s"}`;
	return `${field} must be ${small ? inclusive ? "at least" : "greater than" : inclusive ? "at most" : "less than"} ${bound}`;
}
/** Root-level type/value mismatches of every union option: what the field could have been. */
function unionAlternatives(issue) {
	const alternatives = [];
	for (const optionIssues of issue.errors) {
		const [only] = optionIssues;
		if (optionIssues.length !== 1 || !only || only.path.length > 0) return void 0;
		if (only.code === "invalid_type") alternatives.push(expectedText(only.expected));
		else if (only.code === "invalid_value") alternatives.push(only.values.map((v) => String(v)).join(" or "));
		else return void 0;
	}
	return alternatives;
}
/** Describes every issue of a failed parse; `root` is the parsed YAML value, `schema` what it was checked against. */
function describeIssues(issues, schema, root) {
	const problems = [];
	const visit = (issue, prefix) => {
		const path = [...prefix, ...issue.path];
		const field = formatFieldPath(path);
		const found = valueAt(root, path);
		const invalid = (detail, at = "value") => problems.push({
			code: "invalid-field",
			detail,
			path,
			at
		});
		switch (issue.code) {
			case "unrecognized_keys": {
				const valid = objectKeysAt(schema, path);
				for (const key of issue.keys) {
					const keyPath = [...path, key];
					const detail = field === "toolsets" ? `unknown toolset "${key}" (${unknownToolsetHint(key, valid)})` : `unknown key "${key}"${field ? ` in ${field}` : ""} ${suggestionClause(key, valid)}`;
					problems.push({
						code: "unknown-key",
						detail,
						path: keyPath,
						at: "key"
					});
				}
				return;
			}
			case "invalid_type":
				if (found === void 0) invalid(`missing required field "${field}"`);
				else invalid(typeDetail(field, [expectedText(issue.expected)], found));
				return;
			case "invalid_value": {
				const options = issue.values.map((v) => String(v));
				invalid(`${field} must be ${options.length === 1 ? options[0] : `one of ${options.join(", ")}`} (found ${describeValue(found)})`);
				return;
			}
			case "invalid_union": {
				const alternatives = unionAlternatives(issue);
				if (alternatives) {
					invalid(typeDetail(field, alternatives, found));
					return;
				}
				const depth = (issues) => Math.max(0, ...issues.map((inner) => inner.path.length));
				const best = [...issue.errors].sort((a, b) => a.length - b.length || depth(b) - depth(a))[0] ?? [];
				for (const inner of best) visit(inner, path);
				return;
			}
			case "invalid_key": {
				const parent = formatFieldPath(path.slice(0, -1));
				const reason = issue.issues.map((inner) => inner.message).join("; ");
				invalid(`invalid name "${String(path[path.length - 1])}" in ${parent}: ${reason}`, "key");
				return;
			}
			case "too_small":
			case "too_big":
				invalid(customDetail(field, issue) ?? sizeDetail(field, issue));
				return;
			case "invalid_format":
				invalid(customDetail(field, issue) ?? `${field} must be a valid ${issue.format === "url" ? "URL such as http://127.0.0.1:8080/v1" : issue.format}`);
				return;
			default: invalid(customDetail(field, issue) ?? `${field || "the file"} is invalid: ${issue.message}`);
		}
	};
	for (const issue of issues) visit(issue, []);
	return problems;
}
function unknownToolsetHint(name, valid) {
	const nearest = suggestNearest(name, valid);
	const list = `valid toolsets: ${valid.join(", ")}`;
	return nearest ? `did you mean "${nearest}"? ${list}` : list;
}
// src/worker/simple-yaml.ts
/**
* A fast path for the YAML most worker files hold: `key: value` lines, nested mappings by
* indentation, one-line `[a, b]` lists, plain or quoted text, whole numbers and `true`/`false`. A
* project of 20,000 workers spends most of its `check` parsing front matter like this with the full
* YAML parser, which builds a document with source positions that only an error message needs.
*
* Anything outside that subset (comments after a value, block lists, multi-line text, null, floats,
* anchors, tags, duplicate keys, tabs...) is declined, and the caller parses the text with the full
* parser. So the subset is chosen where YAML 1.2's core schema is unambiguous: a value accepted here
* is exactly what the `yaml` package would produce (test/worker/simple-yaml.test.ts compares them).
*/
/** The mapping `text` holds, or `undefined` when it is not in the simple subset. */
function parseSimpleYaml(text) {
	const root = {};
	const open = [{
		indent: 0,
		map: root
	}];
	/** A `key:` with nothing after it, waiting for its nested mapping on the next line. */
	let pending;
	let start = 0;
	while (start < text.length) {
		let end = text.indexOf("\n", start);
		if (end === -1) end = text.length;
		const line = text.slice(start, end);
		start = end + 1;
		const entry = KEY_LINE.exec(line);
		if (!entry) {
			if (BLANK_OR_COMMENT.test(line)) continue;
			return;
		}
		const [, spaces, key, rest] = entry;
		const indent = spaces.length;
		if (pending) {
			if (indent <= pending.indent) return void 0;
			const nested = {};
			pending.map[pending.key] = nested;
			open.push({
				indent,
				map: nested
			});
			pending = void 0;
		}
		while (open.length > 1 && indent < open[open.length - 1].indent) open.pop();
		const { map } = open[open.length - 1];
		if (indent !== open[open.length - 1].indent || !isPlainKey(key) || Object.hasOwn(map, key)) return void 0;
		const valueText = (rest ?? "").trim();
		if (valueText === "") {
			pending = {
				map,
				key,
				indent
			};
			continue;
		}
		const value = blockValue(valueText);
		if (value === void 0) return void 0;
		map[key] = value;
	}
	return pending || start === 0 ? void 0 : root;
}
/** `key:` or `key: rest` at some indentation (spaces only). */
const KEY_LINE = /^( *)([A-Za-z_][A-Za-z0-9_-]*):(?: (.*))?$/;
const BLANK_OR_COMMENT = /^ *(#.*)?$/;
/** Plain text starting with a letter, without the characters that make YAML read it otherwise (`:`, `#`, brackets, tabs...). */
const PLAIN_BLOCK_TEXT = /^[A-Za-z][A-Za-z0-9 _./*,()'!?+=-]*$/;
/** The same inside `[...]`, where `,` separates items and spaces are trimmed. */
const PLAIN_LIST_ITEM = /^[A-Za-z][A-Za-z0-9 _./*()'!?+=-]*$/;
/** Quoted text without escapes: `"..."` without `\` or `"`, `'...'` without `'`. */
const QUOTED = /^(?:"([^"\\]*)"|'([^']*)')$/;
/** Whole numbers without leading zeros, small enough to be exact. */
const WHOLE_NUMBER = /^(?:0|-?[1-9][0-9]{0,14})$/;
/** Words YAML 1.2 reads as null or a boolean in some spelling; declined unless exactly `true`/`false`. */
const RESERVED_WORDS = /* @__PURE__ */ new Set([
	"null",
	"true",
	"false"
]);
/** A key YAML reads as that very string (not null or a boolean), and safe as an object key. */
function isPlainKey(key) {
	return key !== "__proto__" && !RESERVED_WORDS.has(key.toLowerCase());
}
function blockValue(text) {
	if (text.startsWith("[")) return flowList(text);
	return scalar(text, PLAIN_BLOCK_TEXT);
}
function flowList(text) {
	if (!text.endsWith("]")) return void 0;
	const inner = text.slice(1, -1).trim();
	if (inner === "") return [];
	const items = [];
	for (const part of inner.split(",")) {
		const item = scalar(part.trim(), PLAIN_LIST_ITEM);
		if (item === void 0) return void 0;
		items.push(item);
	}
	return items;
}
function scalar(text, plain) {
	const quoted = QUOTED.exec(text);
	if (quoted) return quoted[1] ?? quoted[2];
	if (text === "true") return true;
	if (text === "false") return false;
	if (WHOLE_NUMBER.test(text)) return Number(text);
	if (!plain.test(text) || RESERVED_WORDS.has(text.toLowerCase())) return void 0;
	return text;
}
// src/worker/yaml-locate.ts
/**
* Finds where a field path (`toolsets.filesystem.approval`) sits in a parsed YAML document, so
* errors can carry a line and column.
*/
function resolve$1(node, doc) {
	return (0, import_dist.isAlias)(node) ? node.resolve(doc) : node;
}
function keyText(pair) {
	return (0, import_dist.isScalar)(pair.key) ? String(pair.key.value) : String(pair.key);
}
/** Walks `path` through the document's nodes. */
function locatePath$1(doc, path) {
	let current = resolve$1(doc.contents, doc);
	let place = {
		value: current ?? void 0,
		nearest: current ?? void 0
	};
	for (const segment of path) if ((0, import_dist.isMap)(current)) {
		const pair = current.items.find((item) => keyText(item) === String(segment));
		if (!pair) return { nearest: current };
		const value = resolve$1(pair.value, doc);
		place = {
			key: pair.key ?? void 0,
			value: value ?? void 0,
			nearest: value ?? pair.key
		};
		current = value;
	} else if ((0, import_dist.isSeq)(current) && typeof segment === "number") {
		const item = resolve$1(current.items[segment], doc);
		if (!item) return { nearest: current };
		place = {
			value: item,
			nearest: item
		};
		current = item;
	} else return { nearest: current ?? place.nearest };
	return place;
}
/** 1-based line and column of a node's start, shifted by `lineOffset` lines. */
function nodePosition(node, lineCounter, lineOffset) {
	const offset = node?.range?.[0];
	if (offset === void 0) return void 0;
	const { line, col } = lineCounter.linePos(offset);
	return {
		line: line + lineOffset,
		column: col
	};
}
// src/worker/config-file.ts
function yamlProblems(doc, lineCounter, file, lineOffset) {
	return doc.errors.map((error) => {
		const { line, col } = lineCounter.linePos(error.pos[0]);
		const message = error.message.split("\n")[0].replace(/ at line \d+, column \d+:?$/, "");
		return new ProjectError("invalid-yaml", `invalid YAML: ${message}`, {
			file,
			line: line + lineOffset,
			column: col
		});
	});
}
function describeShape(value) {
	if (Array.isArray(value)) return "a list";
	if (typeof value === "string") return "a line of text";
	return `the value ${String(value)}`;
}
/**
* Parses `text` as YAML and validates it with `schema`. An empty document is `{}`.
* Throws a ProjectError (`invalid-yaml`, `unknown-key` or `invalid-field`) for the first problem,
* with every problem of the file in `problems`, sorted by line.
*
* @example
* const manifest = parseYamlConfig(text, 'project.yaml', ManifestSchema, { what: 'project manifest' });
*/
function parseYamlConfig(text, displayPath, schema, options = {}) {
	const { lineOffset = 0, what = "configuration", forbiddenKeys = {} } = options;
	const simple = parseSimpleYaml(text);
	if (simple !== void 0 && !Object.keys(forbiddenKeys).some((key) => Object.hasOwn(simple, key))) {
		const result = schema.safeParse(simple);
		if (result.success) return result.data;
	}
	const lineCounter = new import_dist.LineCounter();
	const doc = (0, import_dist.parseDocument)(text, {
		lineCounter,
		prettyErrors: false,
		uniqueKeys: true
	});
	const syntax = yamlProblems(doc, lineCounter, displayPath, lineOffset);
	if (syntax.length > 0) throwAll(syntax);
	let value;
	try {
		value = doc.toJS({ maxAliasCount: 100 }) ?? {};
	} catch (error) {
		const reason = error instanceof Error ? error.message : String(error);
		throw new ProjectError("invalid-yaml", `invalid YAML: ${reason}`, { file: displayPath });
	}
	const place = (path, at) => {
		const found = locatePath$1(doc, path);
		return nodePosition(at === "key" ? found.key ?? found.nearest : found.value ?? found.nearest, lineCounter, lineOffset) ?? { line: Math.max(1, lineOffset) };
	};
	if (typeof value !== "object" || Array.isArray(value)) throw new ProjectError("invalid-field", `expected the ${what} to be a mapping of fields (key: value lines), found ${describeShape(value)}`, {
		file: displayPath,
		...place([], "value")
	});
	const found = [];
	for (const [key, detail] of Object.entries(forbiddenKeys)) if (Object.prototype.hasOwnProperty.call(value, key)) found.push({
		code: "invalid-field",
		detail,
		path: [key],
		at: "key"
	});
	const result = schema.safeParse(value);
	if (!result.success) found.push(...describeIssues(result.error.issues, schema, value));
	if (found.length === 0) return result.data;
	throwAll(found.map((problem) => new ProjectError(problem.code, problem.detail, {
		file: displayPath,
		...place(problem.path, problem.at),
		field: problem.path.length > 0 ? problem.path.map(String).join(".") : void 0
	})));
}
function throwAll(problems) {
	const sorted = [...problems].sort((a, b) => (a.location.line ?? 0) - (b.location.line ?? 0));
	const first = sorted[0];
	throw new ProjectError(first.code, first.detail, first.location, { problems: sorted });
}
// src/worker/front-matter.ts
/**
* Splits a `.worker` file into its YAML front matter and its body (the instructions).
*/
const FENCE = /^---[ \t]*$/;
/**
* Splits `text` (BOM stripped, CRLF already normalised to LF) at its first two `---` lines.
* Throws ProjectError `invalid-yaml` when the file does not start with `---` or the front matter is never closed.
*/
function splitFrontMatter(text, displayPath) {
	const lines = text.split("\n");
	if (!FENCE.test(lines[0] ?? "")) throw new ProjectError("invalid-yaml", "a .worker file starts with a \"---\" line, then YAML fields (name: ...), a closing \"---\" line, and the instructions", {
		file: displayPath,
		line: 1,
		column: 1
	});
	const close = lines.findIndex((line, index) => index > 0 && FENCE.test(line));
	if (close === -1) throw new ProjectError("invalid-yaml", "the front matter opened by \"---\" on line 1 is never closed; add a \"---\" line after the YAML fields", {
		file: displayPath,
		line: 1,
		column: 1
	});
	const rest = lines.slice(close + 1);
	let blank = 0;
	while (blank < rest.length - 1 && rest[blank].trim() === "") blank += 1;
	const body = rest.slice(blank).join("\n");
	return {
		yaml: lines.slice(1, close).join("\n"),
		yamlLineOffset: 1,
		body: body.trim() === "" ? "" : body,
		bodyLineOffset: close + 1 + blank
	};
}
// src/worker/worker-file.ts
/**
* Worker files (SPEC §3): `.worker` (front matter + instructions body) and `.yaml`/`.yml` (all fields,
* `instructions:` optional), plus the loaders of `project.yaml` (§4) and `lib.yaml` (§13).
*/
const INSTRUCTIONS_IN_FRONT_MATTER = "instructions: is not allowed in the front matter of a .worker file; write the instructions after the closing \"---\" line";
/** Line offset of a `.yaml` worker's `instructions:` text (the line after `instructions: |`). */
function yamlInstructionsOffset(text) {
	const lines = text.split("\n");
	const index = lines.findIndex((line) => /^instructions:/.test(line));
	if (index === -1) return 0;
	return /^instructions:\s*[|>]/.test(lines[index]) ? index + 1 : index;
}
/**
* Parses the text of a worker file. `displayPath` is the file as the user knows it (project-relative).
* Throws ProjectError (`invalid-yaml`, `unknown-key`, `invalid-field`) with file line and column.
*/
function parseWorkerSource(text, displayPath, format) {
	const source = normalizeText(text);
	if (format === "yaml") {
		const config = parseYamlConfig(source, displayPath, WorkerConfigSchema, { what: "worker" });
		const hasInstructions = config.instructions !== void 0;
		return {
			config,
			instructions: config.instructions,
			instructionsLineOffset: hasInstructions ? yamlInstructionsOffset(source) : 0
		};
	}
	const split = splitFrontMatter(source, displayPath);
	return {
		config: parseYamlConfig(split.yaml, displayPath, WorkerConfigSchema, {
			lineOffset: split.yamlLineOffset,
			what: "worker front matter",
			forbiddenKeys: { instructions: INSTRUCTIONS_IN_FRONT_MATTER }
		}),
		instructions: split.body,
		instructionsLineOffset: split.bodyLineOffset
	};
}
/** `worker` for `.worker`, `yaml` for `.yaml`/`.yml`, else `undefined`. */
function workerFormatOf(path) {
	const extension = posix.extname(path).toLowerCase();
	if (extension === ".worker") return "worker";
	if (extension === ".yaml" || extension === ".yml") return "yaml";
}
/**
* Reads and parses a worker file through `fs`; the format comes from the extension.
* Throws ProjectError for a missing file, a file over 1 MiB, an unknown extension, or invalid content.
*/
async function loadWorkerFile(fs, hostPath, displayPath) {
	const format = workerFormatOf(hostPath);
	if (!format) throw new ProjectError("worker-not-found", "not a worker file: a worker file ends in .worker, .yaml or .yml", { file: displayPath });
	return parseWorkerSource(await readProjectText(fs, hostPath, displayPath), displayPath, format);
}
/** Reads and validates `project.yaml` / `llm-do.yaml`. An empty file is an empty manifest. */
async function loadManifest(fs, hostPath, displayPath) {
	return parseYamlConfig(await readProjectText(fs, hostPath, displayPath), displayPath, ManifestSchema, { what: "project manifest" });
}
/** Reads and validates a library's `lib.yaml` (`name` and `version` are required). */
async function loadLibraryManifest(fs, hostPath, displayPath) {
	return parseYamlConfig(await readProjectText(fs, hostPath, displayPath), displayPath, LibraryManifestSchema, { what: "library manifest" });
}
// src/project/paths.ts
/** Path helpers of the project layer: containment checks (including through symlinks) and display paths. */
/** True when `path` is `root` or lies under it. Pure string check. */
function isInside(root, path) {
	if (isNormalAbsolute(root) && isNormalAbsolute(path)) return path === root || path.startsWith(root === "/" ? root : `${root}/`);
	const rel = posix.relative(root, path);
	return rel === "" || !rel.startsWith("..") && !posix.isAbsolute(rel);
}
/** `posix.relative(root, path)`, by slicing when `path` lies under `root` and both are normalised (the usual case). */
function relativePath(root, path) {
	const prefix = root === "/" ? root : `${root}/`;
	if (path.startsWith(prefix) && isNormalAbsolute(root) && isNormalAbsolute(path)) return path.slice(prefix.length);
	return posix.relative(root, path);
}
/** An absolute path without empty, `.` or `..` segments or a trailing `/` (what `posix.resolve` returns). */
function isNormalAbsolute(path) {
	return path.startsWith("/") && (path === "/" || !/\/(?:\.{0,2})(?:\/|$)/.test(path));
}
/** True when a reference or relative path has a `..` segment (also after a `lib:` prefix). */
function hasParentSegment(path) {
	return path.split(/[\\/:]/).includes("..");
}
/**
* True when `path` (which exists) really lies under `root` after resolving every symlink. `realRoot`
* is the root's own real path.
*/
async function isReallyInside(fs, realRoot, path) {
	let real;
	try {
		real = await fs.realpath(path);
	} catch {
		return false;
	}
	return isInside(realRoot, real);
}
/** True for an existing regular file (following symlinks). */
async function isFile(fs, path) {
	return (await fs.stat(path))?.kind === "file";
}
/** True for an existing directory (following symlinks). */
async function isDirectory(fs, path) {
	return (await fs.stat(path))?.kind === "directory";
}
/** Of `candidates`, the ones that are existing files, checked concurrently, in input order. */
async function existingFiles(fs, candidates) {
	const found = await Promise.all(candidates.map((candidate) => isFile(fs, candidate)));
	return candidates.filter((_, index) => found[index]);
}
// src/project/instructions.ts
/**
* Instructions of a `.yaml` worker without an `instructions:` field (SPEC §3): the first of
* `prompts/<id>.{jinja2,j2,jinja,txt,md}`, then `templates/<id>.{...}`, relative to its root.
*/
/** Suffixes of instruction files, in lookup order. */
const INSTRUCTION_SUFFIXES = [
	".jinja2",
	".j2",
	".jinja",
	".txt",
	".md"
];
/**
* Reads the instructions of worker `localId` from `root`'s `prompts/` or `templates/`.
* Throws `file-not-found` naming every place looked when there are none.
*/
async function findInstructions(fs, root, localId, workerDisplayPath, displayPrefix = "") {
	const [first] = await existingFiles(fs, ["prompts", "templates"].flatMap((dir) => INSTRUCTION_SUFFIXES.map((suffix) => `${dir}/${localId}${suffix}`)).map((rel) => posix.join(root, rel)));
	if (first === void 0) throw new ProjectError("file-not-found", `no instructions for worker ${localId}: add an instructions: field or create prompts/${localId}.jinja2 (or .j2, .jinja, .txt, .md; or the same under templates/)`, {
		file: workerDisplayPath,
		field: "instructions"
	});
	return {
		text: await fs.readText(first),
		displayPath: displayPrefix + posix.relative(root, first)
	};
}
// src/project/merge-config.ts
/** Manifest fields that are defaults for every worker. */
const INHERITED = [
	"model",
	"toolsets",
	"sandbox",
	"max_steps",
	"attachment_policy"
];
function isPlainObject(value) {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}
/** Deep merge of plain objects; anything else in `override` (including lists and `false`) replaces. */
function deepMerge(base, override) {
	if (override === void 0) return base;
	if (!isPlainObject(base) || !isPlainObject(override)) return override;
	const merged = { ...base };
	for (const [key, value] of Object.entries(override)) merged[key] = deepMerge(base[key], value);
	return merged;
}
/** The worker's effective config with the manifest's defaults applied; `instructions` removed. */
function mergeWorkerConfig(manifest, worker) {
	const merged = {};
	for (const [key, value] of Object.entries(worker)) if (key !== "instructions") merged[key] = value;
	if (manifest) for (const key of INHERITED) {
		const value = deepMerge(manifest[key], worker[key]);
		if (value !== void 0) merged[key] = value;
	}
	return merged;
}
// src/project/scope.ts
/** The id of a worker in `scope` from its local id. */
function fullId(scope, localId) {
	return scope.idPrefix + localId;
}
/** True when a worker of a library scope may be reached from outside it. */
function isExported(scope, localId) {
	return scope.exports === void 0 || scope.exports.has(localId);
}
// src/project/worker-ids.ts
/** Canonical worker ids (SPEC §2): derived from a worker file's path, and the files an id may live in. */
/** Extensions of worker files, in lookup order. */
const WORKER_EXTENSIONS = [
	".worker",
	".yaml",
	".yml"
];
/** File name of a directory-form worker's definition. */
const DIRECTORY_WORKER_FILE = "worker.worker";
/** The root worker of a project (id `main`). */
const MAIN_WORKER_FILE = "main.worker";
/** The extension of a worker file, or undefined when it is not one. */
function workerExtension(path) {
	return WORKER_EXTENSIONS.find((extension) => path.endsWith(extension) && path.length > extension.length);
}
/**
* Canonical id of a worker file from its path relative to the root of its project or library.
* `workers/reports/summarizer.worker` → `reports/summarizer`; `workers/specialist/worker.worker` →
* `specialist`; `main.worker` → `main`; a file elsewhere → its relative path without extension.
*/
function workerIdForPath(relativePath, workersRoot) {
	if (relativePath === "main.worker") return "main";
	const prefix = `${posix.normalize(workersRoot).replace(/\/+$/, "")}/`;
	const underWorkers = relativePath.startsWith(prefix);
	const rel = underWorkers ? relativePath.slice(prefix.length) : relativePath;
	if (underWorkers && posix.basename(rel) === "worker.worker" && posix.dirname(rel) !== ".") return posix.dirname(rel);
	const extension = workerExtension(rel);
	return extension ? rel.slice(0, -extension.length) : rel;
}
/** True when the worker file is a directory-form definition (`x/worker.worker` under the workers root). */
function isDirectoryForm(relativePath, workersRoot) {
	const prefix = `${posix.normalize(workersRoot).replace(/\/+$/, "")}/`;
	return relativePath.startsWith(prefix) && relativePath.endsWith(`/worker.worker`);
}
/** The files (relative to a base dir) that may define `name`: `name.worker`, `name.yaml`, `name.yml`, `name/worker.worker`. */
function workerFileCandidates(name) {
	return [...WORKER_EXTENSIONS.map((extension) => `${name}${extension}`), `${name}/${DIRECTORY_WORKER_FILE}`];
}
// src/project/load-worker.ts
/** Loads one located worker file into a {@link WorkerDefinition}: parse, name = id, instructions, inherited config. */
/**
* Loads `located`. `manifest` is the consuming project's manifest: its defaults apply to library
* and built-in workers too (a library worker without a model uses the project's, SPEC §13).
*/
async function loadWorkerDefinition(fs, located, manifest) {
	const { scope, file, localId } = located;
	const relative = relativePath(scope.root, file);
	const displayPath = scope.displayPrefix + relative;
	const parsed = await loadWorkerFile(fs, file, displayPath);
	if (parsed.config.name !== localId) throw new ProjectError("name-mismatch", `name "${parsed.config.name}" does not match the worker's id "${localId}" (a worker's name must equal the id derived from its path)`, {
		file: displayPath,
		field: "name"
	});
	const instructions = parsed.instructions !== void 0 ? {
		text: parsed.instructions,
		displayPath,
		lineOffset: parsed.instructionsLineOffset
	} : {
		...await findInstructions(fs, scope.root, localId, displayPath, scope.displayPrefix),
		lineOffset: 0
	};
	const definition = {
		id: fullId(scope, localId),
		file,
		displayPath,
		dir: posix.dirname(file),
		directoryForm: isDirectoryForm(relative, scope.workersRoot),
		config: mergeWorkerConfig(manifest, parsed.config),
		instructions: instructions.text,
		instructionsFile: instructions.displayPath,
		instructionsLineOffset: instructions.lineOffset
	};
	if (parsed.config.toolsets) definition.ownToolsets = parsed.config.toolsets;
	if (scope.library) definition.library = scope.library;
	if (scope.kind === "builtin") definition.builtin = true;
	return definition;
}
// src/project/scan.ts
/**
* Scanning a project (or library) directory for worker files (SPEC §2): root `main.worker` plus the
* files under the workers root matching `workers.include` and not `workers.exclude`, minus
* `.llm-doignore` patterns and the always-skipped `.git/ .venv/ node_modules/ __pycache__/`.
* Directories are read concurrently. Execution never needs this: references resolve directly.
*/
var import_ignore = /* @__PURE__ */ __toESM((/* @__PURE__ */ __commonJSMin(((exports, module) => {
	function makeArray(subject) {
		return Array.isArray(subject) ? subject : [subject];
	}
	const UNDEFINED = void 0;
	const EMPTY = "";
	const SPACE = " ";
	const ESCAPE = "\\";
	const REGEX_LITERAL_SPECIAL = /[.*+?()[\]{}^$|\\/]/;
	const BOM = "﻿";
	const REGEX_ANCHORED_GLOBSTAR = /^\/\*{2,}$/;
	const REGEX_REPLACE_LEADING_EXCAPED_EXCLAMATION = /^\\!/;
	const REGEX_REPLACE_LEADING_EXCAPED_HASH = /^\\#/;
	const REGEX_SPLITALL_CRLF = /\r?\n/g;
	const DOUBLE_SLASH = "//";
	const SLASH_CODE = 47;
	const DOT_CODE = 46;
	const SLASH = "/";
	let TMP_KEY_IGNORE = "node-ignore";
	/* istanbul ignore else */
	if (typeof Symbol !== "undefined") TMP_KEY_IGNORE = Symbol.for("node-ignore");
	const KEY_IGNORE = TMP_KEY_IGNORE;
	const define = (object, key, value) => {
		Object.defineProperty(object, key, { value });
		return value;
	};
	const RETURN_FALSE = () => false;
	const POSIX_CLASSES = {
		alnum: "0-9A-Za-z",
		alpha: "A-Za-z",
		blank: " \\t",
		cntrl: "\\x00-\\x1f\\x7f",
		digit: "0-9",
		graph: "!-.0-~",
		lower: "a-z",
		print: " -.0-~",
		punct: "!-.:-@\\[-`{-~",
		space: " \\t\\n\\r",
		upper: "A-Z",
		xdigit: "0-9A-Fa-f"
	};
	const CLASS_MEMBERS_TO_ESCAPE = "\\]^-[";
	const escapeMember = (char) => CLASS_MEMBERS_TO_ESCAPE.indexOf(char) < 0 ? char : ESCAPE + char;
	const NON_SLASH = "(?!\\/)";
	const classSource = (negated, body) => {
		if (negated) return `[^\\/${body}]`;
		const source = `[${body}]`;
		return new RegExp(source).test("/") ? NON_SLASH + source : source;
	};
	const scanBracket = (pattern, start) => {
		const { length } = pattern;
		let index = start + 1;
		let negated = EMPTY;
		const lead = pattern[index];
		if (lead === "!" || lead === "^") {
			negated = "^";
			index++;
		}
		let body = EMPTY;
		let prev = EMPTY;
		for (;;) {
			const char = pattern[index];
			if (char === UNDEFINED) return null;
			if (char === ESCAPE) {
				const escaped = pattern[++index];
				body += escapeMember(escaped);
				prev = escaped;
			} else if (char === "-" && prev && index + 1 < length && pattern[index + 1] !== "]") {
				index++;
				let to = pattern[index];
				if (to === ESCAPE) to = pattern[index += 1];
				if (prev <= to) body += `-${escapeMember(to)}`;
				prev = EMPTY;
			} else if (char === "[" && pattern[index + 1] === ":") {
				const nameStart = index + 2;
				let end = nameStart;
				while (end < length && pattern[end] !== "]") end++;
				if (end === length) return null;
				if (end > nameStart && pattern[end - 1] === ":") {
					const name = pattern.slice(nameStart, end - 1);
					if (!Object.prototype.hasOwnProperty.call(POSIX_CLASSES, name)) return null;
					body += POSIX_CLASSES[name];
					prev = EMPTY;
					index = end;
				} else {
					body += escapeMember("[");
					prev = "[";
					index = nameStart - 2;
				}
			} else {
				body += escapeMember(char);
				prev = char;
			}
			index++;
			if (pattern[index] === "]") return {
				end: index,
				source: classSource(negated, body)
			};
		}
	};
	const NEVER_MATCH = "[]";
	const PLACEHOLDER = "\0";
	const REGEX_RESTORE_PLACEHOLDER = new RegExp(`${PLACEHOLDER}(\\d+)${PLACEHOLDER}`, "g");
	const TRAILING_WILDCARD = "";
	const TRAILING_DOUBLESTAR = "";
	const isReserved = (char) => char === PLACEHOLDER || char === TRAILING_WILDCARD || char === TRAILING_DOUBLESTAR;
	const extractBrackets = (pattern) => {
		const sources = [];
		const hold = (source) => `${PLACEHOLDER}${sources.push(source) - 1}${PLACEHOLDER}`;
		const { length } = pattern;
		let out = EMPTY;
		let index = 0;
		while (index < length) {
			const char = pattern[index];
			if (char === ESCAPE) {
				const escaped = pattern[index + 1];
				if (escaped === SLASH && index + 2 === length) out += hold(NEVER_MATCH);
				else if (escaped === "*" || escaped === "[" || escaped === SPACE) out += pattern.slice(index, index + 2);
				else out += hold(REGEX_LITERAL_SPECIAL.test(escaped) ? ESCAPE + escaped : isReserved(escaped) ? `[${escaped}]` : escaped);
				index += 2;
			} else if (isReserved(char)) {
				out += hold(`[${char}]`);
				index++;
			} else if (char === "[") {
				const scanned = scanBracket(pattern, index);
				if (scanned === null) {
					out += hold(NEVER_MATCH);
					index = length;
				} else {
					out += hold(scanned.source);
					index = scanned.end + 1;
				}
			} else {
				out += char;
				index++;
			}
		}
		return {
			source: out,
			sources
		};
	};
	const DIRECT = null;
	const REGEX_INNER_SLASH = /\/(?!$)/;
	const WILDCARD = "[^\\/]*";
	const REPLACERS = [
		[
			/(\\+)( ?)/g,
			(_, run, space) => space ? run.slice(0, run.length - run.length % 2) + SPACE : run,
			"\\ "
		],
		[
			/(^|\/)\*{3,}(?=\/|$)/g,
			(_, start) => `${start}**`,
			"*"
		],
		[/[\\$.|*+(){^]/g, (match) => `\\${match}`],
		[
			/(?!\\)\?/g,
			() => "[^/]",
			"?"
		],
		[
			/^\//,
			() => "^",
			SLASH
		],
		[
			/\//g,
			() => "\\/",
			SLASH
		],
		[
			/^\^*(?:\\\*\\\*\\\/)+/,
			() => "(?:^|\\/)",
			"*"
		],
		[DIRECT, (source, pattern) => {
			if (!source || source[0] === "^" || source[0] === "(") return source;
			return (!REGEX_INNER_SLASH.test(pattern) ? "(?:^|\\/)" : "^") + source;
		}],
		[
			/\\\/\\\*\\\*(?=\\\/|$)/g,
			(_, index, str) => index + 6 < str.length ? str.slice(index + 6) === "\\/" ? "(?:\\/[^\\/]+)+" : "(?:\\/[^\\/]+)*" : `\\/${TRAILING_DOUBLESTAR}`,
			"*"
		],
		[
			/(^|[^\\])(?:\\\*)+(?!$)/g,
			(_, p1) => p1 + WILDCARD,
			"*"
		],
		[
			/(^|[^\\])((?:\\\\)*)\\\*$/,
			(match, p1, p2) => p2 === EMPTY ? p1 + TRAILING_WILDCARD : match,
			"*"
		],
		[
			/\\\\\\(?=[$.|*+(){^])/g,
			() => ESCAPE,
			"\\\\"
		],
		[
			/\\\\/g,
			() => ESCAPE,
			"\\\\"
		],
		[
			/\\\[([^\]/]*?)($|\])/g,
			(match, range, close) => `\\[${range}${close}`,
			"["
		],
		[DIRECT, (source) => {
			const last = source[source.length - 1];
			if (!last || last === TRAILING_WILDCARD || last === TRAILING_DOUBLESTAR) return source;
			return last === SLASH ? `${source}$` : `${source}(?=$|\\/$)`;
		}]
	];
	const REGEX_REPLACE_TRAILING_WILDCARD = /(^|\\\/)?\uE000$/;
	const MODE_IGNORE = "regex";
	const MODE_CHECK_IGNORE = "checkRegex";
	const replaceTrailingWildcard = (_, p1) => {
		return `${p1 ? `${p1}[^/]+` : "[^/]*"}(?=$|\\/$)`;
	};
	const REGEX_REPLACE_TRAILING_DOUBLESTAR = /\uE001$/;
	const replaceTrailingDoublestar = () => "[\\s\\S]";
	const separatorAfter = (run, at) => {
		let separator = EMPTY;
		for (let index = at + 1; index < run.length && !run[index].wildcard; index++) separator += run[index].single;
		return separator;
	};
	const pinWildcards = (source) => {
		if (source.indexOf(WILDCARD) < 0) return source;
		const tokens = [];
		const { length } = source;
		let index = 0;
		while (index < length) {
			const char = source[index];
			if (source.startsWith(WILDCARD, index)) {
				tokens.push({ wildcard: true });
				index += 6;
			} else if (char === "[") {
				let end = index + 1;
				if (source[end] === "^") end++;
				if (source[end] === "]") end++;
				while (end < length && source[end] !== "]") end += source[end] === ESCAPE ? 2 : 1;
				end++;
				tokens.push({ single: source.slice(index, end) });
				index = end;
			} else if (char === ESCAPE) {
				tokens.push({ single: source.slice(index, index + 2) });
				index += 2;
			} else if (char === "(") {
				let depth = 0;
				let end = index;
				do {
					if (source[end] === ESCAPE) end++;
					else if (source[end] === "(") depth++;
					else if (source[end] === ")") depth--;
					end++;
				} while (end < length && depth > 0);
				if ("*+?".indexOf(source[end]) >= 0) end++;
				tokens.push({ boundary: source.slice(index, end) });
				index = end;
			} else if (char === "^" || char === "$") {
				tokens.push({ boundary: char });
				index++;
			} else {
				tokens.push({ single: char });
				index++;
			}
		}
		let out = EMPTY;
		let run = [];
		const flush = () => {
			let lastWildcard;
			run.forEach((token, at) => {
				if (token.wildcard) lastWildcard = at;
			});
			run.forEach((token, at) => {
				if (!token.wildcard) {
					out += token.single;
					return;
				}
				out += at === lastWildcard ? WILDCARD : `(?:(?!${separatorAfter(run, at)})[^\\/])*`;
			});
			run = [];
		};
		tokens.forEach((token) => {
			if (token.boundary === void 0) {
				run.push(token);
				return;
			}
			flush();
			out += token.boundary;
		});
		flush();
		return out;
	};
	const makeRegexPrefix = (pattern) => {
		if (REGEX_ANCHORED_GLOBSTAR.test(pattern)) pattern = "**";
		const { source, sources } = extractBrackets(pattern);
		const replaced = REPLACERS.reduce((prev, [matcher, replacer, required]) => {
			if (matcher === DIRECT) return replacer(prev, pattern);
			if (required !== UNDEFINED && prev.indexOf(required) < 0) return prev;
			return matcher.test(prev) ? prev.replace(matcher, replacer.bind(pattern)) : prev;
		}, source);
		return sources.length ? replaced.replace(REGEX_RESTORE_PLACEHOLDER, (match, index) => sources[index]) : replaced;
	};
	const checkSourceOf = (body, prefix) => {
		if (body[body.length - 1] === SLASH) prefix = makeRegexPrefix(body.slice(0, -1));
		const head = prefix.slice(0, -1);
		const last = prefix[prefix.length - 1];
		return last === TRAILING_WILDCARD ? `${head}$` : last === TRAILING_DOUBLESTAR ? head : NEVER_MATCH;
	};
	const matchesBasename = (body) => {
		const index = body.indexOf(SLASH);
		return index < 0 || index === body.length - 1;
	};
	const basenameOf = (path) => {
		const end = path.length - 1;
		const index = path.lastIndexOf(SLASH, path[end] === SLASH ? end - 1 : end);
		return index < 0 ? path : path.slice(index + 1);
	};
	const parentOf = (path) => {
		if (path.charCodeAt(0) === SLASH_CODE || path.indexOf(DOUBLE_SLASH) >= 0) {
			const slices = path.split(SLASH).filter(Boolean);
			slices.pop();
			return slices.length ? slices.join(SLASH) + SLASH : EMPTY;
		}
		const end = path.length - 1;
		const cut = path.lastIndexOf(SLASH, path.charCodeAt(end) === SLASH_CODE ? end - 1 : end);
		return cut < 0 ? EMPTY : path.slice(0, cut + 1);
	};
	const isString = (subject) => typeof subject === "string";
	const checkPattern = (pattern) => pattern && isString(pattern);
	const splitPattern = (pattern) => (pattern[pattern.length - 1] === "\r" ? pattern.slice(0, -1) : pattern).split(REGEX_SPLITALL_CRLF).filter(Boolean);
	var IgnoreRule = class {
		constructor(pattern, mark, body, ignoreCase, negative, prefix) {
			this.pattern = pattern;
			this.mark = mark;
			this.negative = negative;
			define(this, "body", body);
			define(this, "ignoreCase", ignoreCase);
			define(this, "regexPrefix", prefix);
		}
		get _basenameOnly() {
			return define(this, "_basenameOnly", matchesBasename(this.body));
		}
		get regex() {
			const key = "_regex";
			if (this[key]) return this[key];
			return this._make(MODE_IGNORE, key);
		}
		get checkRegex() {
			const key = "_checkRegex";
			if (this[key]) return this[key];
			return this._make(MODE_CHECK_IGNORE, key);
		}
		_make(mode, key) {
			const str = pinWildcards(mode === MODE_IGNORE ? this.regexPrefix.replace(REGEX_REPLACE_TRAILING_WILDCARD, replaceTrailingWildcard).replace(REGEX_REPLACE_TRAILING_DOUBLESTAR, replaceTrailingDoublestar) : checkSourceOf(this.body, this.regexPrefix));
			const regex = this.ignoreCase ? new RegExp(str, "i") : new RegExp(str);
			return define(this, key, regex);
		}
	};
	const hasTrailingBackslash = (str) => {
		let count = 0;
		while (str[str.length - count - 1] === ESCAPE) count++;
		return count % 2 === 1;
	};
	const trimEnd = (body, stripLineEnd) => {
		let lineEnd = body.length;
		let end;
		for (;;) {
			if (stripLineEnd && body[lineEnd - 1] === "\r") lineEnd--;
			end = lineEnd;
			while (body[end - 1] === SPACE) end--;
			if (!stripLineEnd || body[end - 1] !== "\n") break;
			lineEnd = end - 1;
		}
		if (end === lineEnd) return body.slice(0, lineEnd);
		let backslashes = 0;
		while (body[end - backslashes - 1] === ESCAPE) backslashes++;
		return backslashes % 2 ? body.slice(0, end - 1) + SPACE : body.slice(0, end);
	};
	const createRule = (pattern, mark, ignoreCase, stripLineEnd, stripBOM) => {
		let body = stripBOM && pattern[0] === BOM ? pattern.slice(1) : pattern;
		if (body[0] === "#") return;
		let negative = false;
		if (body[0] === "!") {
			negative = true;
			body = body.slice(1);
		}
		const last = body[body.length - 1];
		if (last === SPACE || stripLineEnd && (last === "\r" || last === "\n")) body = trimEnd(body, stripLineEnd);
		if (!body || hasTrailingBackslash(body)) return;
		body = body.replace(REGEX_REPLACE_LEADING_EXCAPED_EXCLAMATION, "!").replace(REGEX_REPLACE_LEADING_EXCAPED_HASH, "#");
		const regexPrefix = makeRegexPrefix(body);
		return new IgnoreRule(pattern, mark, body, ignoreCase, negative, regexPrefix);
	};
	var RuleManager = class {
		constructor(ignoreCase) {
			this._ignoreCase = ignoreCase;
			this._rules = [];
			this._basenameCount = 0;
		}
		_add(pattern, index) {
			if (pattern && pattern[KEY_IGNORE]) {
				this._rules = this._rules.concat(pattern._rules._rules);
				this._basenameCount += pattern._rules._basenameCount;
				this._added = true;
				return;
			}
			const isStr = isString(pattern);
			const raw = isStr ? pattern : pattern.pattern;
			const rule = checkPattern(raw) && createRule(raw, isStr ? UNDEFINED : pattern.mark, this._ignoreCase, !this._split, this._stripBOM && !index);
			if (rule) {
				this._added = true;
				this._rules.push(rule);
				if (matchesBasename(rule.body)) this._basenameCount++;
			}
		}
		add(pattern) {
			this._added = false;
			this._split = isString(pattern);
			this._stripBOM = !this._split || pattern[0] === BOM;
			makeArray(this._split ? splitPattern(pattern) : pattern).forEach(this._add, this);
			if (this._added) this._literalRules = UNDEFINED;
			return this._added;
		}
		testLiteral(path) {
			const rules = this._literalRules || (this._literalRules = this._rules.filter(({ body }) => body[body.length - (body[body.length - 1] === SLASH ? 2 : 1)] === "*"));
			let ignored = false;
			let unignored = false;
			let matchedRule;
			for (let index = rules.length - 1; index >= 0; index--) {
				const rule = rules[index];
				if (rule.checkRegex.test(path)) {
					ignored = !rule.negative;
					unignored = rule.negative;
					matchedRule = rule.negative ? UNDEFINED : rule;
					break;
				}
			}
			const ret = {
				ignored,
				unignored
			};
			if (matchedRule) ret.rule = matchedRule;
			return ret;
		}
		test(path, mode) {
			const rules = this._rules;
			const { length } = rules;
			const shortcut = this._basenameCount * 2 >= length;
			const basename = shortcut ? basenameOf(path) : path;
			for (let index = length - 1; index >= 0; index--) {
				const rule = rules[index];
				if (rule[mode].test(shortcut && rule._basenameOnly ? basename : path)) {
					const { negative } = rule;
					const ret = {
						ignored: !negative,
						unignored: negative
					};
					if (!negative) ret.rule = rule;
					return ret;
				}
			}
			return {
				ignored: false,
				unignored: false
			};
		}
	};
	const throwError = (message, Ctor) => {
		throw new Ctor(message);
	};
	const checkPath = (path, originalPath, doThrow) => {
		if (!isString(path)) return doThrow(`path must be a string, but got \`${originalPath}\``, TypeError);
		if (!path) return doThrow(`path must not be empty`, TypeError);
		if (checkPath.isNotRelative(path)) return doThrow(`path should be a \`path.relative()\`d string, but got "${originalPath}"`, RangeError);
		return true;
	};
	const isNotRelative = (path) => {
		const first = path.charCodeAt(0);
		if (first === SLASH_CODE) return true;
		if (first !== DOT_CODE) return false;
		if (path.length === 1) return true;
		const second = path.charCodeAt(1);
		if (second === SLASH_CODE) return true;
		if (second !== DOT_CODE) return false;
		return path.length === 2 || path.charCodeAt(2) === SLASH_CODE;
	};
	checkPath.isNotRelative = isNotRelative;
	/* istanbul ignore next */
	checkPath.convert = (p) => p;
	const convertPath = (target) => isString(target) && checkPath.convert(target);
	var Ignore = class {
		constructor({ ignorecase = true, ignoreCase = ignorecase, allowRelativePaths = false } = {}) {
			define(this, KEY_IGNORE, true);
			this._rules = new RuleManager(ignoreCase);
			this._strictPathCheck = !allowRelativePaths;
			this._initCache();
		}
		_initCache() {
			this._ignoreCache = Object.create(null);
			this._testCache = Object.create(null);
		}
		add(pattern) {
			if (this._rules.add(pattern)) this._initCache();
			return this;
		}
		addPattern(pattern) {
			return this.add(pattern);
		}
		_test(originalPath, cache, path) {
			checkPath(path, originalPath, this._strictPathCheck ? throwError : RETURN_FALSE);
			return path ? this._t(path, cache) : {
				ignored: false,
				unignored: false
			};
		}
		checkIgnore(target) {
			const path = convertPath(target);
			if (!path || path.charCodeAt(path.length - 1) !== SLASH_CODE) return this._test(target, this._testCache, path);
			const dir = this._t(path, this._testCache);
			if (dir.ignored) return dir;
			const literal = this._rules.testLiteral(path);
			return literal.ignored || literal.unignored ? literal : dir;
		}
		_t(path, cache) {
			if (path in cache) return cache[path];
			const parentPath = parentOf(path);
			const parent = parentPath ? this._t(parentPath, cache) : UNDEFINED;
			return cache[path] = parent && parent.ignored ? parent : this._rules.test(path, MODE_IGNORE);
		}
		ignores(path) {
			return this._test(path, this._ignoreCache, convertPath(path)).ignored;
		}
		createFilter() {
			return (path) => !this.ignores(path);
		}
		filter(paths) {
			return makeArray(paths).filter(this.createFilter());
		}
		test(path) {
			return this._test(path, this._testCache, convertPath(path));
		}
	};
	const factory = (options) => new Ignore(options);
	const isPathValid = (path) => checkPath(convertPath(path), path, RETURN_FALSE);
	/* istanbul ignore next */
	const setupWindows = () => {
		const makePosix = (str) => /^\\\\\?\\/.test(str) || /["<>|\u0000-\u001F]+/u.test(str) ? str : str.replace(/\\/g, "/");
		checkPath.convert = makePosix;
		const REGEX_TEST_WINDOWS_PATH_ABSOLUTE = /^[a-z]:\//i;
		checkPath.isNotRelative = (path) => REGEX_TEST_WINDOWS_PATH_ABSOLUTE.test(path) || isNotRelative(path);
	};
	/* istanbul ignore next */
	if (typeof process !== "undefined" && process.platform === "win32") setupWindows();
	module.exports = factory;
	factory.default = factory;
	module.exports.isPathValid = isPathValid;
	define(module.exports, Symbol.for("setupWindows"), setupWindows);
})))(), 1);
/** Directories never scanned. */
const ALWAYS_SKIPPED = /* @__PURE__ */ new Set([
	".git",
	".venv",
	"node_modules",
	"__pycache__"
]);
/** Sub-directories of a directory-form worker that hold its resources, not workers. */
const WORKER_RESOURCE_DIRS = /* @__PURE__ */ new Set([
	"templates",
	"prompts",
	"tools",
	"schemas"
]);
/** Default `workers.include`: every worker file under the workers root. */
const DEFAULT_INCLUDE = [
	"**/*.worker",
	"**/*.yaml",
	"**/*.yml"
];
/**
* A matcher of paths relative to the workers root that any of `patterns` matches (`workers.include`
* or `workers.exclude`, the syntax of `src/glob`). A malformed pattern is a ProjectError at `location`.
*/
function compileWorkerGlobs(patterns, location) {
	const globs = patterns.map((pattern) => compileFieldGlob(pattern, {}, location));
	const suffixes = patterns.map((pattern) => ANY_FILE_ENDING_IN.exec(pattern)?.[1]);
	return (path) => globs.some((glob, index) => suffixes[index] !== void 0 ? path.endsWith(suffixes[index]) : glob.matches(path));
}
/** `**\/*SUFFIX` with a SUFFIX of plain characters and no `/`. */
const ANY_FILE_ENDING_IN = /^\*\*\/\*([^*?[\]{}!\\/]+)$/;
/** Reads `.llm-doignore` of `root` into a matcher of root-relative paths. */
async function loadIgnore(fs, root) {
	let text;
	try {
		text = await fs.readText(posix.join(root, ".llm-doignore"));
	} catch (error) {
		if (isNotFound(error)) return () => false;
		throw error;
	}
	const matcher = (0, import_ignore.default)().add(text);
	return (relativePath, isDir) => matcher.ignores(isDir ? `${relativePath}/` : relativePath);
}
/**
* Every worker file under `root`, sorted by id then path. Two files may share an id (the caller
* reports that as ambiguity).
*/
async function scanWorkerFiles(fs, root, options = {}) {
	const workersRoot = posix.normalize(options.workersRoot ?? "workers").replace(/\/+$/, "");
	const include = compileWorkerGlobs(options.include ?? DEFAULT_INCLUDE, { field: "workers.include" });
	const exclude = compileWorkerGlobs(options.exclude ?? [], { field: "workers.exclude" });
	const ignored = await loadIgnore(fs, root);
	const realRoot = await fs.realpath(root);
	const found = [];
	const visited = /* @__PURE__ */ new Set();
	/** Walks `dir`, which is `relDir` relative to the root (under the workers root). */
	async function walk(dir, relDir) {
		const real = await fs.realpath(dir).catch(() => void 0);
		if (real === void 0 || !isInside(realRoot, real) || visited.has(real)) return;
		visited.add(real);
		const entries = await fs.readDir(dir).catch((error) => {
			if (isNotFound(error)) return [];
			throw error;
		});
		const directoryForm = relDir !== workersRoot && entries.some((e) => e.name === "worker.worker");
		const consider = (rel) => {
			const inWorkers = workersRoot === "." ? rel : rel.slice(workersRoot.length + 1);
			if (include(inWorkers) && !exclude(inWorkers) && !ignored(rel, false)) found.push(rel);
		};
		const descend = async (name, path, rel) => {
			if (directoryForm && WORKER_RESOURCE_DIRS.has(name)) return;
			if (!ignored(rel, true)) await walk(path, rel);
		};
		const followLink = async (name, path, rel) => {
			const target = await fs.stat(path);
			const targetReal = await fs.realpath(path).catch(() => void 0);
			if (!target || targetReal === void 0 || !isInside(realRoot, targetReal)) return;
			if (target.kind === "directory") await descend(name, path, rel);
			else if (target.kind === "file") consider(rel);
		};
		const pending = [];
		for (const { name, kind } of entries) {
			if (ALWAYS_SKIPPED.has(name)) continue;
			const rel = relDir === "." ? name : `${relDir}/${name}`;
			if (kind === "file") consider(rel);
			else if (kind === "directory") pending.push(descend(name, posix.join(dir, name), rel));
			else if (kind === "symlink") pending.push(followLink(name, posix.join(dir, name), rel));
		}
		await Promise.all(pending);
	}
	const mainPath = posix.join(root, MAIN_WORKER_FILE);
	const [hasMain] = await Promise.all([fs.stat(mainPath).then((stat) => stat?.kind === "file"), walk(posix.join(root, workersRoot), workersRoot)]);
	if (hasMain && !ignored("main.worker", false)) found.push(MAIN_WORKER_FILE);
	const prefix = options.idPrefix ?? "";
	const displayPrefix = options.displayPrefix ?? "";
	return found.map((rel) => ({
		id: prefix + workerIdForPath(rel, workersRoot),
		file: posix.join(root, rel),
		displayPath: displayPrefix + rel
	})).sort((a, b) => a.id === b.id ? compare(a.displayPath, b.displayPath) : compare(a.id, b.id));
}
function compare(a, b) {
	return a < b ? -1 : a > b ? 1 : 0;
}
/** Ids defined by more than one scanned file, each with its files' display paths (linear: one pass). */
function duplicateIds(entries) {
	const byId = /* @__PURE__ */ new Map();
	for (const entry of entries) {
		const paths = byId.get(entry.id);
		if (paths) paths.push(entry.displayPath);
		else byId.set(entry.id, [entry.displayPath]);
	}
	for (const [id, paths] of byId) if (paths.length === 1) byId.delete(id);
	return byId;
}
/** `ambiguous worker id X: A and B both define it; rename or remove one`. */
function ambiguityError(id, displayPaths) {
	const [files, verb] = displayPaths.length === 2 ? [displayPaths.join(" and "), "both define it; rename or remove one"] : [displayPaths.join(", "), "all define it; keep only one"];
	return new ProjectError("ambiguous-worker", `ambiguous worker id ${id}: ${files} ${verb}`, { file: displayPaths[0] });
}
// src/project/resolve-reference.ts
/**
* Worker references → worker files (SPEC §2). Forms: bare or canonical id (`summarizer`,
* `reports/summarizer`), explicit path (`./workers/x.worker`, extension optional, no fallback),
* library reference (`utils:summarizer`, exported workers only). `..` anywhere, or a path that
* resolves outside the root (also through a symlink), is `path escapes project root`.
*/
/** Resolves `ref` as seen from `scope`. `context` (the referring file and field) goes into errors. */
async function locateWorker(env, ref, scope, context = {}) {
	if (isGlob(ref)) throw new ProjectError("invalid-field", `worker reference ${ref} is a glob; globs are allowed only in allowed_workers`, context);
	if (hasParentSegment(ref) || ref.includes("\\")) throw new ProjectError("path-escape", `path escapes project root: ${ref}`, context);
	const colon = ref.indexOf(":");
	if (colon >= 0) return locateInLibrary(env, ref.slice(0, colon), ref.slice(colon + 1), scope, context);
	if (ref.startsWith("./") || ref.startsWith("/")) return locatePath(env, ref, scope, context);
	if (workerExtension(ref)) return locatePath(env, `./${ref}`, scope, context);
	const found = await findById(env.fs, ref, scope, context) ?? await findInDependencies(env, ref, scope, context);
	if (found) return found;
	throw notFound(ref, scope, env.builtin !== void 0, context);
}
async function findById(fs, id, scope, context) {
	if (scope.standalone?.id === id) return {
		scope,
		file: scope.standalone.file,
		localId: id
	};
	const base = posix.join(scope.root, scope.workersRoot);
	const candidates = workerFileCandidates(id).map((candidate) => posix.join(base, candidate));
	const rootMain = posix.join(scope.root, MAIN_WORKER_FILE);
	if (id === "main" && !candidates.includes(rootMain)) candidates.push(rootMain);
	const existing = await existingFiles(fs, candidates);
	if (existing.length > 1) throw ambiguityError(fullId(scope, id), existing.map((file) => display(scope, file)));
	const file = existing[0];
	if (file === void 0) return void 0;
	await assertContained(fs, scope, file, id, context);
	return {
		scope,
		file,
		localId: id
	};
}
async function findInDependencies(env, id, scope, context) {
	for (const dependency of scope.dependencies) {
		const libraryScope = env.library(dependency.name);
		if (!libraryScope || !isExported(libraryScope, id)) continue;
		const found = await findById(env.fs, id, libraryScope, context);
		if (found) return found;
	}
	return env.builtin && scope.kind !== "library" ? findById(env.fs, id, env.builtin, context) : void 0;
}
async function locateInLibrary(env, name, id, scope, context) {
	const own = scope.library?.name === name;
	if (!own && !scope.dependencies.some((dependency) => dependency.name === name)) {
		const where = scope.library ? `library ${scope.library.name}` : "the project";
		throw new ProjectError("library-not-found", `library ${name} (in ${name}:${id}) is not a dependency of ${where}; add it to dependencies`, context);
	}
	const libraryScope = own ? scope : env.library(name);
	if (!libraryScope || id.length === 0 || id.startsWith("./") || id.startsWith("/")) throw new ProjectError("worker-not-found", `invalid library reference ${name}:${id}; expected LIBRARY:WORKER_ID`, context);
	if (!own && !isExported(libraryScope, id)) {
		const exported = [...libraryScope.exports ?? []].join(", ") || "none";
		throw new ProjectError("worker-not-found", `worker ${id} is not exported by library ${name} (exports: ${exported})`, context);
	}
	const found = await findById(env.fs, id, libraryScope, context);
	if (!found) throw new ProjectError("worker-not-found", `worker ${name}:${id} not found: library ${name} has no workers/${id}.worker, .yaml, .yml or workers/${id}/worker.worker`, context);
	return found;
}
async function locatePath(env, ref, scope, context) {
	const target = posix.resolve(scope.root, ref);
	if (!isInside(scope.root, target)) throw new ProjectError("path-escape", `path escapes project root: ${ref}`, context);
	const candidates = workerExtension(target) ? [target] : workerFileCandidates(target);
	const existing = await existingFiles(env.fs, candidates);
	const rel = relativePath(scope.root, target);
	if (existing.length > 1) throw ambiguityError(ref, existing.map((file) => display(scope, file)));
	const file = existing[0];
	if (file === void 0) {
		const tried = workerExtension(target) ? rel : `${rel}.worker, .yaml, .yml or ${rel}/worker.worker`;
		throw new ProjectError("worker-not-found", `worker ${ref} not found: no file ${scope.displayPrefix}${tried}`, context);
	}
	const localId = workerIdForPath(relativePath(scope.root, file), scope.workersRoot);
	await assertContained(env.fs, scope, file, ref, context);
	return {
		scope,
		file,
		localId
	};
}
async function assertContained(fs, scope, file, ref, context) {
	if (!await isReallyInside(fs, scope.realRoot, file)) throw new ProjectError("path-escape", `path escapes project root: ${ref} (${display(scope, file)} is a symlink to outside)`, context);
}
function display(scope, file) {
	return scope.displayPrefix + relativePath(scope.root, file);
}
function notFound(ref, scope, hasBuiltins, context) {
	const base = posix.join(scope.workersRoot, ref);
	const places = [`${scope.displayPrefix}${base}.worker, .yaml, .yml`, `${scope.displayPrefix}${base}/worker.worker`];
	if (ref === "main") places.push(`${scope.displayPrefix}${MAIN_WORKER_FILE}`);
	if (scope.dependencies.length > 0) places.push(`the exports of ${scope.dependencies.map((d) => d.name).join(", ")}`);
	if (hasBuiltins && scope.kind !== "library") places.push("the built-in workers");
	return new ProjectError("worker-not-found", `worker ${ref} not found (looked in ${places.join("; ")})`, context);
}
// src/project/snapshot-file-system.ts
/**
* The file system as one `check` pass sees it: each directory is listed once, and its listing
* answers for its entries. A name it lacks is not there (no stat: most names `check` tries are
* candidates that do not exist), and a path whose last entry is not a symbolic link has its
* directory's real path plus its name as real path, so real paths cost one native `realpath` per
* directory, not one per file. Stats of existing paths and texts are asked once, so the template
* every worker includes is read once.
*
* Only for a pass that reads a tree nobody changes meanwhile. A run must not use it: there the model
* acts between two lookups, and a stale answer about a symbolic link would be an escape. A write
* through this view goes to the real file system and forgets everything remembered.
*/
/** `fs` seen through a memo of its answers. */
function snapshotFileSystem(fs) {
	/** Stats of paths that exist (an absent one is answered by its directory's listing). */
	const stats = /* @__PURE__ */ new Map();
	/** Real paths derived so far (the worker file, the shared template and the tool module are asked again and again). */
	const realPaths = /* @__PURE__ */ new Map();
	/** Native real paths of directories, from which the real paths of their entries are derived. */
	const realDirectories = /* @__PURE__ */ new Map();
	const texts = /* @__PURE__ */ new Map();
	const listings = /* @__PURE__ */ new Map();
	/** What is known of each directory looked into: its listing, or that it is absent (or cannot be listed: undefined). */
	const directories = /* @__PURE__ */ new Map();
	const forgetAll = () => [
		stats,
		realPaths,
		realDirectories,
		texts,
		listings,
		directories
	].forEach((memo) => memo.clear());
	const forgetting = (write) => async (...args) => {
		try {
			return await write(...args);
		} finally {
			forgetAll();
		}
	};
	function list(dir) {
		return remembered(listings, dir, async () => {
			const entries = await fs.readDir(dir);
			return {
				entries,
				kinds: new Map(entries.map((entry) => [entry.name, entry.kind])),
				folded: new Set(entries.map((entry) => entry.name.toLowerCase()))
			};
		});
	}
	/**
	* The kind of the last entry of `path` (a symlink is `symlink`) from its directory's listing;
	* `absent` when it is surely not there, `undefined` when the listing cannot tell.
	*/
	async function entryKind(path) {
		if (!path.startsWith("/") || NOT_NORMALISED.test(path)) return void 0;
		const listing = await listingOf(posix.dirname(path));
		if (listing === "absent" || listing === void 0) return listing;
		const name = posix.basename(path);
		const kind = listing.kinds.get(name);
		if (kind !== void 0) return kind;
		return ASCII.test(name) && !listing.folded.has(name.toLowerCase()) ? "absent" : void 0;
	}
	/** The listing of `dir`; `absent` when it is not a directory, which its own directory's listing may already tell. */
	function listingOf(dir) {
		return remembered(directories, dir, async () => {
			const kind = dir === "/" ? "directory" : await entryKind(dir);
			if (kind === "absent" || kind === "file" || kind === "other") return "absent";
			try {
				return await list(dir);
			} catch (error) {
				const code = errorCode(error);
				return code === "ENOENT" || code === "ENOTDIR" ? "absent" : void 0;
			}
		});
	}
	function stat(path) {
		return stats.get(path) ?? statUnlessAbsent(path);
	}
	async function statUnlessAbsent(path) {
		return await entryKind(path) === "absent" ? void 0 : remembered(stats, path, () => fs.stat(path));
	}
	function realPath(path) {
		return realPaths.get(path) ?? derivedRealPath(path);
	}
	async function derivedRealPath(path) {
		const kind = await entryKind(path);
		if (kind === void 0 || kind === "absent" || kind === "symlink") return fs.realpath(path);
		const slash = path.lastIndexOf("/");
		const parent = slash === 0 ? "/" : path.slice(0, slash);
		const realParent = await remembered(realDirectories, parent, () => fs.realpath(parent));
		const real = `${realParent === "/" ? "" : realParent}/${path.slice(slash + 1)}`;
		realPaths.set(path, Promise.resolve(real));
		return real;
	}
	return {
		stat,
		lstat: (path) => fs.lstat(path),
		realpath: realPath,
		readText: (path) => remembered(texts, path, () => fs.readText(path)),
		readFile: (path) => fs.readFile(path),
		readDir: async (path) => [...(await list(path)).entries],
		openDirectory: (path) => fs.openDirectory(path),
		writeFile: forgetting((path, data) => fs.writeFile(path, data)),
		remove: forgetting((path, options) => fs.remove(path, options)),
		mkdir: forgetting((path) => fs.mkdir(path))
	};
}
const ASCII = /^[\x20-\x7e]*$/;
/** An empty, `.` or `..` segment, or a trailing `/`. */
const NOT_NORMALISED = /\/(?:\.{0,2})(?:\/|$)/;
/** The memoized answer for `key`, asking `ask` the first time (a failure is remembered too). */
function remembered(memo, key, ask) {
	let answer = memo.get(key);
	if (answer === void 0) {
		answer = ask();
		memo.set(key, answer);
	}
	return answer;
}
// src/project/template-dirs.ts
/**
* Template search directories of a worker (SPEC §10): worker-local `templates/` → the template
* roots of its project (manifest `templates.roots`, default `templates`, `prompts`) → each library's
* `templates/`. `lib:` includes map to a library's `templates/`; `file()` searches the worker's dir
* and then the template roots.
*/
/** Default `templates.roots`. */
const DEFAULT_TEMPLATE_ROOTS = ["templates", "prompts"];
/**
* Template dirs for `worker` in `scope`. `roots` are the scope's template roots (relative);
* `libraries` the libraries whose templates are visible (the scope's dependency closure).
*/
function templateDirsFor(worker, scope, roots, libraries) {
	const rootDirs = roots.map((root) => posix.resolve(scope.root, root));
	const libraryDirs = libraries.map((library) => posix.join(library.root, "templates"));
	const searchDirs = unique([
		posix.join(worker.dir, "templates"),
		...rootDirs,
		...libraryDirs
	]);
	const fileDirs = unique([worker.dir, ...rootDirs]);
	const libraryMap = {};
	for (const library of libraries) libraryMap[library.name] = posix.join(library.root, "templates");
	return {
		searchDirs,
		libraries: libraryMap,
		fileDirs
	};
}
function unique(paths) {
	return [...new Set(paths)];
}
// src/project/tool-modules.ts
/**
* Tool module discovery and import policy (SPEC §6): worker-local `tools.ts|tools/index.ts` →
* project `tools.ts|tools/index.ts` and manifest `tools.modules` → each dependency's tools →
* the worker's `imports.tools`. Modules outside the root (by path, or by real path through a
* symlink, conventional ones too) and bare module specifiers are refused (`disallowed-import`)
* unless module imports are allowed.
*/
const MODULE_EXTENSIONS = [
	".ts",
	".mts",
	".js",
	".mjs",
	".cts",
	".cjs"
];
const ALLOW_HINT = "pass --allow-module-imports or set tools.allow_module_imports: true in project.yaml";
/** The conventional tool modules of a directory, in lookup order per group (SPEC §6). */
const CONVENTIONAL_TOOL_MODULES = [[
	"tools.ts",
	"tools.mjs",
	"tools.js"
], [
	"tools/index.ts",
	"tools/index.mjs",
	"tools/index.js"
]];
/** True for `my_pkg/tools`, `@scope/pkg`, `lodash`: not a path and no module file extension. */
function isBareSpecifier(entry) {
	if (entry.startsWith("./") || entry.startsWith("/") || entry.startsWith("../")) return false;
	return !MODULE_EXTENSIONS.some((extension) => entry.endsWith(extension));
}
/** The modules of `worker`, policy-checked, deduplicated by host path, plus every refused or missing one. */
async function inspectToolModules(context, worker) {
	const { scope } = context;
	const rootOrigin = scope.kind === "library" ? "library" : "project";
	const problems = [];
	const collect = (entries, origin, location) => Promise.all(entries.map((entry) => explicitModule(context, entry, origin, location).catch((error) => rejectWith(error, problems))));
	const groups = await Promise.all([
		worker.dir === scope.root ? [] : conventional(context, worker.dir, "worker", scope, problems),
		conventional(context, scope.root, rootOrigin, scope, problems),
		collect(context.manifestModules, "project", {
			file: context.manifestFile,
			field: "tools.modules"
		}),
		...context.dependencyScopes.map((dependency) => conventional(context, dependency.root, "library", dependency, problems)),
		collect(worker.config.imports?.tools ?? [], "import", {
			file: worker.displayPath,
			field: "imports.tools"
		})
	]);
	const seen = /* @__PURE__ */ new Set();
	return {
		modules: groups.flat().filter((ref) => {
			if (ref === void 0 || seen.has(ref.hostPath)) return false;
			seen.add(ref.hostPath);
			return true;
		}),
		problems
	};
}
function rejectWith(error, problems) {
	if (!ProjectError.isInstance(error)) throw error;
	problems.push(...error.problems);
}
/**
* The conventional `tools.ts` / `tools/index.ts` of `dir`. One whose real path leaves the scope's
* root (a symlink to elsewhere) is an outside module: refused into `problems` unless module imports are allowed.
*/
async function conventional(context, dir, origin, scope, problems) {
	let probe = context.probed.get(dir);
	if (!probe) {
		probe = Promise.all(CONVENTIONAL_TOOL_MODULES.map(async (names) => (await existingFiles(context.fs, names.map((name) => posix.join(dir, name))))[0])).then((found) => found.filter((file) => file !== void 0));
		context.probed.set(dir, probe);
	}
	const refs = (await probe).map((hostPath) => ({
		hostPath,
		displayPath: scope.displayPrefix + relativePath(scope.root, hostPath),
		origin
	}));
	if (context.allowModuleImports) return refs;
	const inside = await Promise.all(refs.map((ref) => isReallyInside(context.fs, scope.realRoot, ref.hostPath)));
	refs.forEach((ref, index) => {
		if (inside[index]) return;
		problems.push(new ProjectError("disallowed-import", `tool module ${ref.displayPath} is a symlink to outside the ${scope.kind} root, refused by default; ${ALLOW_HINT}`, { file: ref.displayPath }));
	});
	return refs.filter((_, index) => inside[index]);
}
async function explicitModule(context, entry, origin, location) {
	const { scope, fs } = context;
	if (isBareSpecifier(entry)) {
		if (!context.allowModuleImports) throw new ProjectError("disallowed-import", `tool module ${entry} is a package import, refused by default; ${ALLOW_HINT}`, location);
		try {
			return {
				hostPath: createRequire(posix.join(scope.root, "package.json")).resolve(entry),
				displayPath: entry,
				origin
			};
		} catch {
			throw new ProjectError("tool-module", `tool module ${entry} cannot be found from ${scope.displayPrefix || scope.root}; install it or fix the name`, location);
		}
	}
	const hostPath = posix.resolve(scope.root, entry);
	const outside = hasParentSegment(entry) || !isInside(scope.root, hostPath);
	if (outside && !context.allowModuleImports) throw new ProjectError("disallowed-import", `tool module ${entry} is outside the project root, refused by default; ${ALLOW_HINT}`, location);
	const [exists] = await existingFiles(fs, [hostPath]);
	if (exists === void 0) throw new ProjectError("tool-module", `tool module ${entry} not found`, location);
	if (!outside && !context.allowModuleImports && !await isReallyInside(fs, scope.realRoot, hostPath)) throw new ProjectError("disallowed-import", `tool module ${entry} is a symlink to outside the project root, refused by default; ${ALLOW_HINT}`, location);
	return {
		hostPath,
		displayPath: outside ? hostPath : scope.displayPrefix + relativePath(scope.root, hostPath),
		origin
	};
}
// src/project/project-model.ts
/** The {@link Project} implementation: cached worker resolution, scanning, glob expansion, tools and templates per worker. */
/** The part of a glob before its first special character (`*?[]{}!` or an escaping `\\`): every match starts with it. */
function literalPrefix(pattern) {
	const special = pattern.search(/[*?[\]{}!\\]/);
	return special === -1 ? pattern : pattern.slice(0, special);
}
/** Builds the project object. */
function createProject(init) {
	return new DefaultProject(init);
}
/**
* `project` for one `check` pass: the same project on a snapshot of its file system
* (`snapshot-file-system.ts`), sharing its scans; `scanned`, when given, is its scan (made by
* another thread). A project this module did not build is returned as it is.
*/
function checkPassView(project, scanned) {
	return project instanceof DefaultProject ? project.snapshotView(scanned) : project;
}
var DefaultProject = class DefaultProject {
	root;
	name;
	standalone;
	fs;
	manifest;
	manifestFile;
	libraries;
	entryId;
	options;
	#init;
	#env;
	#definitions = /* @__PURE__ */ new Map();
	#loaded = [];
	#files = /* @__PURE__ */ new Map();
	#closed = /* @__PURE__ */ new Set();
	#scans;
	#located = /* @__PURE__ */ new Map();
	#probedToolDirs = /* @__PURE__ */ new Map();
	constructor(init, scans = /* @__PURE__ */ new Map()) {
		this.#init = init;
		this.#scans = scans;
		this.root = init.root;
		this.name = init.name;
		this.standalone = init.standalone;
		this.fs = init.options.fs;
		this.manifest = init.manifest;
		this.manifestFile = init.manifestFile;
		this.libraries = init.libraries;
		this.entryId = init.entryId;
		this.options = init.options;
		this.#env = {
			fs: this.fs,
			library: (name) => init.libraryScopes.get(name),
			builtin: init.builtinScope
		};
	}
	withEntry(entryId) {
		return new DefaultProject({
			...this.#init,
			entryId
		}, this.#scans);
	}
	/** See {@link checkPassView}. */
	snapshotView(scanned) {
		const options = {
			...this.options,
			fs: snapshotFileSystem(this.fs)
		};
		if (scanned) this.#scans.set(this.#init.projectScope, Promise.resolve([...scanned]));
		return new DefaultProject({
			...this.#init,
			options
		}, this.#scans);
	}
	async loadWorker(ref, from) {
		return this.#locateAndLoad(ref, from, from ? { file: from.displayPath } : {});
	}
	async resolveWorker(ref, from) {
		const definition = await this.loadWorker(ref, from);
		await this.#loadImports(definition, /* @__PURE__ */ new Set());
		return definition;
	}
	loadedWorkers() {
		return this.#loaded;
	}
	scanWorkers() {
		return this.#scan(this.#init.projectScope);
	}
	async expandAllowedWorkers(patterns, from) {
		const context = {
			file: from.displayPath,
			field: "toolsets.workers.allowed_workers"
		};
		const refs = [];
		for (const pattern of patterns) if (isGlob(pattern)) refs.push(...await this.#expandGlob(pattern, from, context));
		else refs.push(pattern);
		const definitions = await Promise.all(refs.map((ref) => this.#locateAndLoad(ref, from, context)));
		const seen = /* @__PURE__ */ new Set();
		return definitions.filter((definition) => !seen.has(definition.id) && seen.add(definition.id));
	}
	templateDirs(worker) {
		const scope = this.#homeScope(worker);
		return templateDirsFor(worker, scope, scope.kind === "project" ? this.manifest?.templates?.roots ?? DEFAULT_TEMPLATE_ROOTS : DEFAULT_TEMPLATE_ROOTS, this.libraries);
	}
	async toolModulePaths(worker) {
		const { modules, problems } = await this.inspectToolModules(worker);
		if (problems.length > 0) throw new ProjectError(problems[0].code, problems[0].detail, problems[0].location, { problems });
		return modules;
	}
	async inspectToolModules(worker) {
		if (this.options.importTools === false) return {
			modules: [],
			problems: []
		};
		const scope = this.#homeScope(worker);
		return inspectToolModules({
			fs: this.fs,
			scope,
			dependencyScopes: scope.dependencies.map((library) => this.#init.libraryScopes.get(library.name)).filter((s) => s !== void 0),
			manifestModules: scope.kind === "project" ? this.manifest?.tools?.modules ?? [] : [],
			manifestFile: this.manifestFile,
			allowModuleImports: this.options.allowModuleImports ?? this.manifest?.tools?.allow_module_imports ?? false,
			probed: this.#probedToolDirs
		}, worker);
	}
	/** Ids matching a glob, as references resolvable from `from` (`utils:*` globs a library's exports). */
	async #expandGlob(pattern, from, context) {
		const colon = pattern.indexOf(":");
		const scope = this.#refScope(from);
		const target = (colon >= 0 ? this.#init.libraryScopes.get(pattern.slice(0, colon)) : void 0) ?? scope;
		const glob = compileFieldGlob(colon >= 0 ? pattern.slice(colon + 1) : pattern, {}, context);
		const entries = await this.#scan(target);
		const outside = target !== scope;
		const literal = literalPrefix(colon >= 0 ? pattern.slice(colon + 1) : pattern);
		const refs = [];
		for (const entry of entries) {
			const localId = entry.id.slice(target.idPrefix.length);
			if (!localId.startsWith(literal) || !glob.matches(localId) || outside && !isExported(target, localId)) continue;
			if (entry.id !== from.id) refs.push(outside ? entry.id : localId);
		}
		return [...new Set(refs)];
	}
	#scan(scope) {
		let scan = this.#scans.get(scope);
		if (!scan) {
			const standalone = scope.standalone;
			const workers = scope.kind === "project" ? this.manifest?.workers : void 0;
			scan = standalone ? Promise.resolve([{
				id: standalone.id,
				file: standalone.file,
				displayPath: standalone.file.slice(scope.root.length + 1)
			}]) : scanWorkerFiles(this.fs, scope.root, {
				workersRoot: scope.workersRoot,
				include: workers?.include,
				exclude: workers?.exclude,
				idPrefix: scope.idPrefix,
				displayPrefix: scope.displayPrefix
			});
			this.#scans.set(scope, scan);
		}
		return scan;
	}
	async #locateAndLoad(ref, from, context) {
		const scope = from ? this.#refScope(from) : this.#init.projectScope;
		const imported = from ? await this.#importedById(ref, from, scope) : void 0;
		return this.#load(imported ?? await this.#locate(ref, scope, context));
	}
	/**
	* The worker among `from`'s `imports.workers` whose id is the bare id `ref`: a worker imported by
	* path (`./helper.worker`, `./tools/x.worker`) is reachable by its id from the importing worker,
	* in a project and in a standalone file alike. Broken imports are left to the imports check.
	*/
	async #importedById(ref, from, scope) {
		const imports = (from.config.imports?.workers ?? []).filter((importRef) => importRef !== ref);
		if (imports.length === 0 || ref.includes(":") || ref.startsWith("./") || ref.startsWith("/") || workerExtension(ref) || isGlob(ref)) return void 0;
		const context = {
			file: from.displayPath,
			field: "imports.workers"
		};
		return (await Promise.all(imports.map((importRef) => this.#locate(importRef, scope, context).catch(() => void 0)))).find((worker) => worker?.scope === scope && worker.localId === ref);
	}
	/** Cached per scope and reference; a failure is not cached (its message names the referring file). */
	#locate(ref, scope, context) {
		let cache = this.#located.get(scope);
		if (!cache) this.#located.set(scope, cache = /* @__PURE__ */ new Map());
		const cached = cache.get(ref);
		if (cached) return cached.catch(() => locateWorker(this.#env, ref, scope, context));
		const located = locateWorker(this.#env, ref, scope, context);
		cache.set(ref, located);
		located.catch(() => cache.delete(ref));
		return located;
	}
	#load(located) {
		const id = fullId(located.scope, located.localId);
		const known = this.#files.get(id);
		if (known !== void 0 && known !== located.file) {
			const display = (file) => located.scope.displayPrefix + file.slice(located.scope.root.length + 1);
			return Promise.reject(ambiguityError(id, [display(known), display(located.file)]));
		}
		let definition = this.#definitions.get(id);
		if (!definition) {
			this.#files.set(id, located.file);
			definition = loadWorkerDefinition(this.fs, located, this.manifest);
			this.#definitions.set(id, definition);
			definition.then((loaded) => this.#loaded.push(loaded)).catch(() => void 0);
		}
		return definition;
	}
	/** Loads `imports.workers` recursively; cycles are fine (each id is visited once). */
	async #loadImports(definition, visiting) {
		if (this.#closed.has(definition.id) || visiting.has(definition.id)) return;
		visiting.add(definition.id);
		const context = {
			file: definition.displayPath,
			field: "imports.workers"
		};
		for (const ref of definition.config.imports?.workers ?? []) {
			const imported = await this.#locateAndLoad(ref, definition, context);
			await this.#loadImports(imported, visiting);
		}
		this.#closed.add(definition.id);
	}
	/** The scope a worker's files (tools, templates) belong to. */
	#homeScope(worker) {
		if (worker.library) return this.#init.libraryScopes.get(worker.library.name) ?? this.#init.projectScope;
		if (worker.builtin && this.#init.builtinScope) return this.#init.builtinScope;
		return this.#init.projectScope;
	}
	/** The scope a worker's references resolve in (built-in workers resolve like project workers). */
	#refScope(worker) {
		return worker.builtin ? this.#init.projectScope : this.#homeScope(worker);
	}
};
// src/project/library-locations.ts
/**
* Where libraries are found (SPEC §13): `--lib PATH` values, `LLM_DO_LIBS` (colon-separated), then
* `<home>/.llm-do/libs/`. Each location is a library itself (it has `lib.yaml`) or a directory of
* `NAME/` and `NAME@VERSION/` libraries.
*/
/** `<homeDir>/.llm-do/libs`: where `lib install` copies libraries. */
function installedLibrariesDir(homeDir) {
	return posix.join(homeDir, ".llm-do", "libs");
}
/** The search locations, in order. Relative `--lib` paths and `LLM_DO_LIBS` entries resolve against `cwd`. */
function libraryLocations(options) {
	const fromFlags = (options.libPaths ?? []).map((path) => ({
		path: posix.resolve(options.cwd, path),
		label: `--lib ${path}`
	}));
	const fromEnv = (options.env?.LLM_DO_LIBS ?? "").split(":").filter((path) => path.length > 0).map((path) => ({
		path: posix.resolve(options.cwd, path),
		label: `LLM_DO_LIBS ${path}`
	}));
	const installed = installedLibrariesDir(options.homeDir);
	return [
		...fromFlags,
		...fromEnv,
		{
			path: installed,
			label: installed
		}
	];
}
/** Reads and validates `<dir>/lib.yaml`. */
async function readLibraryManifest(fs, dir) {
	const file = posix.join(dir, "lib.yaml");
	return loadLibraryManifest(fs, file, file);
}
/**
* Every library named `name` in the locations, in search order. A `NAME@VERSION/` directory whose
* `lib.yaml` says otherwise is an `invalid-library` error.
*/
async function findLibraryCandidates(fs, locations, name) {
	return (await Promise.all(locations.map(async (location, index) => {
		if (await isFile(fs, posix.join(location.path, "lib.yaml"))) {
			const manifest = await readLibraryManifest(fs, location.path);
			return manifest.name === name ? [{
				root: location.path,
				manifest,
				location: index
			}] : [];
		}
		if (!await isDirectory(fs, location.path)) return [];
		const dirs = (await fs.readDir(location.path)).filter((entry) => entry.name === name || entry.name.startsWith(`${name}@`));
		return (await Promise.all(dirs.map((entry) => candidateIn(fs, posix.join(location.path, entry.name), entry.name, index)))).filter((candidate) => candidate !== void 0);
	}))).flat();
}
async function candidateIn(fs, root, dirName, location) {
	if (!await isFile(fs, posix.join(root, "lib.yaml"))) return void 0;
	const manifest = await readLibraryManifest(fs, root);
	const [dirLibName, dirVersion] = dirName.split("@");
	const expected = dirVersion === void 0 ? dirLibName : `${dirLibName}@${dirVersion}`;
	const declared = dirVersion === void 0 ? manifest.name : `${manifest.name}@${manifest.version}`;
	if (declared !== expected) throw new ProjectError("invalid-library", `lib.yaml declares ${declared} but its directory is named ${dirName}; rename the directory or fix name/version`, { file: posix.join(root, "lib.yaml") });
	return {
		root,
		manifest,
		location
	};
}
/** Every library directly under a libraries directory (`NAME/` or `NAME@VERSION/` with `lib.yaml`). */
async function listLibraryDirs(fs, dir) {
	if (!await isDirectory(fs, dir)) return [];
	const entries = await fs.readDir(dir);
	return (await Promise.all(entries.filter((entry) => entry.kind === "directory").map((entry) => candidateIn(fs, posix.join(dir, entry.name), entry.name, 0)))).filter((candidate) => candidate !== void 0);
}
// src/project/versions.ts
/** `legal@2.0` → `{ name: 'legal', version: '2.0' }`. */
function parseDependencySpec(spec) {
	const at = spec.indexOf("@");
	return at < 0 ? { name: spec } : {
		name: spec.slice(0, at),
		version: spec.slice(at + 1)
	};
}
/** `name` or `name@version`. */
function formatSpec(spec) {
	return spec.version === void 0 ? spec.name : `${spec.name}@${spec.version}`;
}
/** True when `installed` satisfies `wanted`: equal, or `wanted` is a prefix of whole components (`2.0` accepts `2.0.3`). */
function versionMatches(installed, wanted) {
	return installed === wanted || installed.startsWith(`${wanted}.`);
}
/** Orders versions component by component, numerically where both components are numbers. */
function compareVersions(a, b) {
	const left = a.split(/[.+-]/);
	const right = b.split(/[.+-]/);
	for (let index = 0; index < Math.max(left.length, right.length); index++) {
		const x = left[index];
		const y = right[index];
		if (x === void 0) return -1;
		if (y === void 0) return 1;
		const order = /^\d+$/.test(x) && /^\d+$/.test(y) ? Number(x) - Number(y) : x < y ? -1 : x > y ? 1 : 0;
		if (order !== 0) return order;
	}
	return 0;
}
// src/project/library-resolver.ts
/**
* The library dependency closure of a project (SPEC §13): each spec is found in the search
* locations (the first location that has it wins; unversioned = highest version there), then its own
* dependencies, depth first. Cycles and version conflicts are errors naming the libraries involved.
*/
/** Thrown inside one attempt when an unversioned choice must be re-made as a pinned version. */
var Repin = class {
	name;
	requirement;
	constructor(name, requirement) {
		this.name = name;
		this.requirement = requirement;
	}
};
/** Resolves the dependency closure; libraries in first-encounter (depth-first, manifest) order. */
async function resolveLibraries(options) {
	const pins = /* @__PURE__ */ new Map();
	for (;;) try {
		return await attempt(options, pins);
	} catch (error) {
		if (!(error instanceof Repin)) throw error;
		pins.set(error.name, error.requirement);
	}
}
async function attempt(options, pins) {
	const chosen = /* @__PURE__ */ new Map();
	const order = [];
	async function visit(rawSpec, requirer, declaredIn, stack) {
		const spec = parseDependencySpec(rawSpec);
		const requirement = {
			requirer,
			spec
		};
		if (stack.includes(spec.name)) {
			const cycle = [...stack.slice(stack.indexOf(spec.name)), spec.name].join(" → ");
			throw new ProjectError("circular-dependency", `circular library dependency: ${cycle}`, {
				file: declaredIn,
				field: "dependencies"
			});
		}
		const existing = chosen.get(spec.name);
		if (existing) {
			if (spec.version !== void 0 && !versionMatches(existing.info.version, spec.version)) {
				const earlier = existing.requirements.find((r) => r.spec.version !== void 0) ?? pins.get(spec.name);
				if (!earlier) throw new Repin(spec.name, requirement);
				throw conflictError(spec.name, earlier, requirement, declaredIn);
			}
			existing.requirements.push(requirement);
			if (!existing.info.requiredBy.includes(requirer)) existing.info.requiredBy.push(requirer);
			return;
		}
		const pinned = spec.version === void 0 ? pins.get(spec.name) : void 0;
		const info = await findLibrary(options, pinned ? pinned.spec : spec, declaredIn);
		info.requiredBy.push(requirer);
		chosen.set(spec.name, {
			info,
			requirements: pinned ? [pinned, requirement] : [requirement]
		});
		order.push(info);
		const label = `${info.name}@${info.version}`;
		for (const dependency of info.manifest.dependencies ?? []) await visit(dependency, label, `${info.root}/lib.yaml`, [...stack, spec.name]);
	}
	const root = options.selfName === void 0 ? [] : [options.selfName];
	for (const dependency of options.dependencies) await visit(dependency, options.requirer, options.declaredIn, root);
	return order;
}
function conflictError(name, first, second, declaredIn) {
	const describe = (r) => `${r.requirer} requires ${formatSpec({
		name,
		version: r.spec.version
	})}`;
	return new ProjectError("version-conflict", `version conflict for ${name}: ${describe(first)}; ${describe(second)}`, {
		file: declaredIn,
		field: "dependencies"
	});
}
async function findLibrary(options, spec, declaredIn) {
	const candidates = await findLibraryCandidates(options.fs, options.locations, spec.name);
	const matching = candidates.filter((c) => spec.version === void 0 || versionMatches(c.manifest.version, spec.version));
	const firstLocation = Math.min(...matching.map((c) => c.location));
	const best = matching.filter((c) => c.location === firstLocation).sort((a, b) => compareVersions(b.manifest.version, a.manifest.version))[0];
	if (!best) {
		const looked = options.locations.map((l) => l.label).join(", ");
		const versions = [...new Set(candidates.map((c) => c.manifest.version))].sort(compareVersions);
		const installed = versions.length > 0 ? `; available versions: ${versions.join(", ")}` : "";
		throw new ProjectError("library-not-found", `library ${formatSpec(spec)} not found${installed} (looked in ${looked}); install it with llm-do lib install DIR, or pass --lib DIR`, {
			file: declaredIn,
			field: "dependencies"
		});
	}
	return {
		name: best.manifest.name,
		version: best.manifest.version,
		root: best.root,
		manifest: best.manifest,
		requiredBy: []
	};
}
// src/project/load-project.ts
/**
* `loadProject`: reads the manifest (SPEC §4), resolves the library closure (§13) and returns a
* {@link Project} whose workers load lazily by reference (§2).
*/
/** Manifest file names; both present is an error. */
const MANIFEST_FILES = ["project.yaml", "llm-do.yaml"];
/**
* Loads a project (or a single worker file with `standalone`). Throws ProjectError for an invalid
* manifest, both manifests present, or a library problem (not found, version conflict, cycle).
* Relative `libPaths` resolve against the root.
*
* @example
* const project = await loadProject({ fs: createNodeFileSystem(), root: '/work/my-project', homeDir: os.homedir() });
* const main = await project.resolveWorker(project.entryId);
*/
async function loadProject(options) {
	const { fs } = options;
	const root = posix.resolve(options.root);
	const realRoot = await fs.realpath(root).catch(() => {
		throw new ProjectError("not-a-project", `not a project: ${root} does not exist`);
	});
	if (options.standalone) return loadStandalone(options, root, realRoot);
	const { manifest, manifestFile, selfName } = await readManifest(fs, root);
	const name = manifest?.name ?? posix.basename(root);
	const workersRoot = checkedRelative(manifest?.workers?.root ?? "workers", manifestFile, "workers.root");
	for (const templateRoot of manifest?.templates?.roots ?? []) checkedRelative(templateRoot, manifestFile, "templates.roots");
	compileWorkerGlobs(manifest?.workers?.include ?? [], {
		file: manifestFile,
		field: "workers.include"
	});
	compileWorkerGlobs(manifest?.workers?.exclude ?? [], {
		file: manifestFile,
		field: "workers.exclude"
	});
	const libraries = await resolveLibraries({
		fs,
		locations: libraryLocations({
			libPaths: options.libPaths,
			env: options.env,
			homeDir: options.homeDir,
			cwd: root
		}),
		requirer: name,
		dependencies: manifest?.dependencies ?? [],
		declaredIn: manifestFile,
		selfName
	});
	const projectScope = {
		kind: "project",
		root,
		realRoot,
		workersRoot,
		idPrefix: "",
		displayPrefix: "",
		dependencies: direct(manifest?.dependencies, libraries)
	};
	return createProject({
		options,
		root,
		name,
		standalone: false,
		manifest,
		manifestFile,
		libraries,
		entryId: manifest?.entry ?? "main",
		projectScope,
		libraryScopes: await libraryScopes(fs, libraries),
		builtinScope: await builtinScope(fs, options.builtinWorkersDir)
	});
}
async function loadStandalone(options, root, realRoot) {
	const file = posix.resolve(root, options.standalone.file);
	const id = workerIdForPath(posix.basename(file), "workers");
	const projectScope = {
		kind: "project",
		root: posix.dirname(file),
		realRoot: posix.dirname(file) === root ? realRoot : await options.fs.realpath(posix.dirname(file)),
		workersRoot: "workers",
		idPrefix: "",
		displayPrefix: "",
		dependencies: [],
		standalone: {
			file,
			id
		}
	};
	return createProject({
		options,
		root: projectScope.root,
		name: id,
		standalone: true,
		manifest: void 0,
		manifestFile: void 0,
		libraries: [],
		entryId: id,
		projectScope,
		libraryScopes: /* @__PURE__ */ new Map(),
		builtinScope: await builtinScope(options.fs, options.builtinWorkersDir)
	});
}
/** `project.yaml` or `llm-do.yaml` (both = error); a library checked in place uses its `lib.yaml`. */
async function readManifest(fs, root) {
	const present = (await Promise.all(MANIFEST_FILES.map(async (file) => await isFile(fs, posix.join(root, file)) ? file : void 0))).filter((file) => file !== void 0);
	if (present.length > 1) throw new ProjectError("both-manifests", "project.yaml and llm-do.yaml both exist; keep one (llm-do.yaml is an alias of project.yaml)", { file: "llm-do.yaml" });
	const [file] = present;
	if (file) return {
		manifest: await loadManifest(fs, posix.join(root, file), file),
		manifestFile: file
	};
	if (!await isFile(fs, posix.join(root, "lib.yaml"))) return {};
	const library = await loadLibraryManifest(fs, posix.join(root, "lib.yaml"), "lib.yaml");
	const manifest = {
		name: library.name,
		version: library.version
	};
	if (library.description !== void 0) manifest.description = library.description;
	if (library.dependencies) manifest.dependencies = library.dependencies;
	if (library.exports) manifest.exports = library.exports;
	return {
		manifest,
		manifestFile: "lib.yaml",
		selfName: library.name
	};
}
/** A root-relative directory from the manifest; `..` or an absolute path escapes the root. */
function checkedRelative(path, manifestFile, field) {
	if (hasParentSegment(path) || posix.isAbsolute(path)) throw new ProjectError("path-escape", `path escapes project root: ${path}`, {
		file: manifestFile,
		field
	});
	return posix.normalize(path).replace(/\/+$/, "") || ".";
}
function direct(specs, libraries) {
	return (specs ?? []).map((spec) => libraries.find((library) => library.name === parseDependencySpec(spec).name)).filter((library) => library !== void 0);
}
async function libraryScopes(fs, libraries) {
	const scopes = await Promise.all(libraries.map(async (library) => ({
		kind: "library",
		root: library.root,
		realRoot: await fs.realpath(library.root),
		workersRoot: "workers",
		idPrefix: `${library.name}:`,
		displayPrefix: `${library.name}:`,
		library,
		dependencies: direct(library.manifest.dependencies, libraries),
		exports: library.manifest.exports ? new Set(library.manifest.exports) : void 0
	})));
	return new Map(scopes.map((scope) => [scope.library.name, scope]));
}
async function builtinScope(fs, dir) {
	if (dir === void 0) return void 0;
	const root = posix.resolve(dir);
	const realRoot = await fs.realpath(root).catch(() => void 0);
	if (realRoot === void 0) return void 0;
	return {
		kind: "builtin",
		root,
		realRoot,
		workersRoot: ".",
		idPrefix: "",
		displayPrefix: "builtin:",
		dependencies: []
	};
}
export { isForbiddenName as A, GlobSyntaxError as B, isInside as C, resolveMounts as D, parseMountGrant as E, validateWith as F, compileFieldGlob as I, MAX_GLOB_CHARS as L, locateSchemaRef as M, isZodSchema as N, WorkerConfigSchema as O, toSchemaPair as P, compileGlob as R, isFile as S, parseYamlConfig as T, MAIN_WORKER_FILE as _, parseDependencySpec as a, workerFileCandidates as b, readLibraryManifest as c, isBareSpecifier as d, DEFAULT_TEMPLATE_ROOTS as f, scanWorkerFiles as g, duplicateIds as h, formatSpec as i, importSchemaModule as j, createTemplateRenderer as k, checkPassView as l, ambiguityError as m, loadProject as n, installedLibrariesDir as o, ALWAYS_SKIPPED as p, compareVersions as r, listLibraryDirs as s, MANIFEST_FILES as t, CONVENTIONAL_TOOL_MODULES as u, WORKER_EXTENSIONS as v, isReallyInside as w, isDirectory as x, workerExtension as y, isGlob as z };
