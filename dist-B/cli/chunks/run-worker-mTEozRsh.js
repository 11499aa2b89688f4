import { o as __toESM, t as __commonJSMin } from "./rolldown-runtime-C1I3wEg2.js";
import { a as ModelError, c as SandboxError, i as LlmDoError, l as ToolError, n as CallPaused, o as ProjectError, r as DelegationError, s as RunError, t as AbortedError, u as UsageError } from "./errors-C1ynlXzT.js";
import { c as createSessionMemory, l as sessionMemoryFromJSON, n as recordsRuns, r as applyOverrides, t as attachRunStore } from "./run-store-Iq2qZpIU.js";
import { a as createToolbox, d as createModelRegistry, f as StreamTimeoutError, i as templateVariables, l as explainApprovalRule, n as planWorker, o as isGatedTool, r as toolNameForWorker, s as untilAborted, t as importPlannedCode, u as toolDefaultRule } from "./worker-plan-Q2Du1hl8.js";
import { n as parseModelId } from "./model-id-347qJjRz.js";
import { An as never, Et as _enum, Fn as object$1, Jn as string, Kt as custom, Lt as boolean, Mt as any, Nt as array$1, Ot as _instanceof, Pn as number, Sn as looseObject, Un as record, Yt as discriminatedUnion, bn as lazy, kt as _null, or as union, qn as strictObject, sr as unknown, xn as literal } from "./schemas-C-rNJMuT.js";
import { a as errorCode, o as isNotFound, s as isTempFileName } from "./node-file-system-B04V6Vr6.js";
import { B as GlobSyntaxError, D as resolveMounts, F as validateWith, L as MAX_GLOB_CHARS, R as compileGlob, _ as MAIN_WORKER_FILE, b as workerFileCandidates, d as isBareSpecifier, f as DEFAULT_TEMPLATE_ROOTS, t as MANIFEST_FILES, u as CONVENTIONAL_TOOL_MODULES, v as WORKER_EXTENSIONS, y as workerExtension } from "./load-project-D2lg0gTi.js";
import { A as getRuntimeEnvironmentUserAgent, B as loadOptionalSetting, E as fetchWithValidatedRedirects, F as isUint8Array, I as isUrlSupported, J as resolve$1, K as postJsonToApi, L as jsonSchema, M as isArrayBuffer, O as getErrorMessage, Q as secureJsonParse, R as lazySchema, U as parseJsonEventStream, X as safeParseJSON, Y as retryWithExponentialBackoff, Z as safeValidateTypes, _ as createJsonResponseHandler, at as AISDKError, c as combineHeaders, ct as InvalidPromptError, et as tool, f as convertUint8ArrayToBase64, ft as TypeValidationError, g as createJsonErrorResponseHandler, h as createIdGenerator, it as zodSchema, k as getFromApi, l as convertBase64ToUint8Array, m as createEventSourceResponseHandler, mt as getErrorMessage$1, n as DownloadError, nt as withUserAgentSuffix, o as asSchema, ot as APICallError, q as readResponseWithSizeLimit, rt as withoutTrailingSlash, s as cancelResponseBody, t as DEFAULT_MAX_DOWNLOAD_SIZE, w as executeTool, y as createProviderToolFactoryWithOutputSchema } from "./dist-CQnvtnco.js";
import { t as require_shell_quote } from "./shell-quote-DO_TT8Bh.js";
import { a as snapshotRun, i as saveCheckpoint, n as pendingApprovals, o as workerFingerprint, s as sha256Hex } from "./state-TjsRmgQY.js";
import { n as require_auth_errors, r as require_token_error, t as require_token_util } from "./token-util-9_zxO79I.js";
import { i as trace, l as SpanStatusCode, n as init_esm, s as context } from "./esm-C4JdD_CE.js";
import { n as createPromptRecorder } from "./model-prompt-B33pgNqq.js";
import { spawn } from "node:child_process";
import { posix } from "node:path";
// src/sandbox/refusals.ts
/**
* The sandbox's error messages, in one place so each refusal reads the same wherever it is raised.
* Every message names the virtual path only: host paths (and Node's messages, which contain them)
* never reach the model.
*/
/** `/` for the root mount, `/NAME` for a named one. */
function mountPath(mount) {
	return mount.name === "" ? "/" : `/${mount.name}`;
}
/** The path does not exist. */
function notFound(path) {
	return new SandboxError("not-found", path, `${path} does not exist`);
}
/** The path is a directory (or a device, socket, …) where a file was expected. */
function notAFile(path, kind) {
	return new SandboxError("not-a-file", path, `${path} is ${kind === "directory" ? "a directory" : "not a regular file"}; give the path of a file`);
}
/** The path is a file where a directory was expected. */
function notADirectory(path) {
	return new SandboxError("not-a-directory", path, `${path} is not a directory`);
}
/** A symlink on the way leads out of the mount, nowhere, or in a loop. */
function symlinkEscape(path, mount) {
	return new SandboxError("symlink-escape", path, `${path} leads outside the mount ${mount} through a symbolic link (or the link is broken); only files inside ${mount} can be used`);
}
/** A symlink inside a `restrict` subtree leads out of it (elsewhere in the mount, or nowhere). */
function subtreeEscape(path, subtree) {
	return new SandboxError("symlink-escape", path, `${path} leads outside ${subtree} through a symbolic link (or the link is broken); this worker may only use files inside ${subtree}`);
}
/** The path is (or lies in, or leads to) the project's own configuration (SPEC §15). */
function projectConfiguration(path) {
	return new SandboxError("project-config", path, `${path} is part of the project's configuration; llm-do never lets a worker change it`);
}
/** The file changed (e.g. was swapped for a symlink) between the check and the open. */
function changedWhileOpening(path) {
	return new SandboxError("symlink-escape", path, `${path} changed while it was being opened (replaced by a link or moved); refusing to use it`);
}
/** The file is over a size limit; `whose` names it (`of the mount /input`). */
function tooLarge(path, size, limit, whose) {
	return new SandboxError("too-large", path, `${path} is ${size} bytes, over the ${limit}-byte limit ${whose}`);
}
/** A backend failure, reported by its error code only (Node's message would contain the host path). */
function ioError(path, action, cause) {
	const reason = errorCode(cause) ?? "an I/O error";
	return new SandboxError("io", path, `could not ${action} ${path} (${reason})`, { cause });
}
/** The run was aborted while the operation was under way. */
function aborted(signal) {
	return LlmDoError.isInstance(signal.reason) ? signal.reason : new AbortedError();
}
/**
* Maps a backend error to a refusal: ENOENT → not-found, ELOOP → changed, EISDIR → not-a-file,
* else io. Our own errors (a refusal, an abort) pass through unchanged.
*/
function fromBackendError(path, action, error) {
	if (LlmDoError.isInstance(error)) return error;
	const code = errorCode(error);
	if (code === "ENOENT") return notFound(path);
	if (code === "ELOOP") return changedWhileOpening(path);
	if (code === "EISDIR") return notAFile(path, "directory");
	if (code === "ENOTDIR") return notFound(path);
	return ioError(path, action, error);
}
// src/sandbox/caps.ts
/**
* Per-mount caps (SPEC §7): allowed suffixes and the write/read permission. Both are decided from
* the virtual path and the mount alone, so they are enforced before the disk is touched.
*/
/** True when the mount allows files with this path's suffix (any suffix when it declares none). */
function suffixAllowed(mount, path) {
	if (!mount.suffixes) return true;
	const lower = path.toLowerCase();
	return mount.suffixes.some((suffix) => lower.endsWith(suffix));
}
/**
* Checks the virtual path's suffix and, when given, the real host path's (so a link named `x.md`
* cannot serve a `key.pem` from the same mount).
* @throws SandboxError `suffix-not-allowed` naming the allowed suffixes.
*/
function checkSuffix(mount, path, realPath) {
	if (suffixAllowed(mount, path) && (realPath === void 0 || suffixAllowed(mount, realPath))) return;
	const allowed = mount.suffixes?.join(", ") ?? "";
	throw new SandboxError("suffix-not-allowed", path, `${path} has a suffix the mount ${mountPath(mount)} does not allow (allowed: ${allowed})`);
}
/**
* @param writable the virtual paths of the mounts that do accept writes, for the hint.
* @throws SandboxError `read-only` when a restriction or the mount forbids writing.
*/
function checkWritable(scope, mount, path, writable) {
	if (scope.readonly) throw new SandboxError("read-only", path, `${path} cannot be changed: this worker (or one that called it) has read-only file access`);
	if (mount.mode !== "rw") {
		const hint = writable.length > 0 ? `; writable: ${writable.join(", ")}` : "; no mount is writable";
		throw new SandboxError("read-only", path, `${path} is on the read-only mount ${mountPath(mount)}${hint}`);
	}
}
// src/sandbox/virtual-path.ts
/**
* Virtual paths (SPEC §7): POSIX, absolute from the sandbox root. The model only ever sees and
* sends these; they are checked here before any host path is built, and anything that could mean
* "somewhere else" on some platform is refused rather than collapsed.
*/
/** Longest virtual path accepted, in characters (Linux PATH_MAX). */
const MAX_VIRTUAL_PATH_CHARS = 4096;
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f]/;
const ENCODED_TRICK = /%(2e|2f|5c|00|25)/i;
const DRIVE_LETTER = /^[A-Za-z]:/;
const DOTS_ONLY = /^[. ]+$/;
const utf8 = new TextEncoder();
/** How a raw (possibly hostile) path is shown in a message: quoted, escaped, and cut short. */
function displayPath(raw) {
	const shown = raw.length > 120 ? `${raw.slice(0, 117)}...` : raw;
	return JSON.stringify(shown);
}
function refuse$1(raw, reason) {
	const shown = displayPath(raw);
	throw new SandboxError("invalid-path", shown, `invalid path ${shown}: ${reason}; use a path inside a mount such as /input/notes.txt`);
}
/**
* Checks a path a model (or config) gave and returns its canonical virtual form: leading `/`, no
* empty or `.` segments, no trailing slash. `input/a.txt` and `/input//a.txt/` both give `/input/a.txt`;
* `''` and `.` give `/`.
*
* @throws SandboxError `invalid-path` for NUL and control characters, backslashes, `..` (and other
* dots-only) segments anywhere, percent-encoded dots/slashes, Windows drive letters, paths over
* {@link MAX_VIRTUAL_PATH_CHARS} characters or segments over {@link MAX_SEGMENT_BYTES} bytes.
*/
function normalizeVirtualPath(path) {
	if (typeof path !== "string") refuse$1(String(path), "a path must be a string");
	if (path.length > 4096) refuse$1(path, `it is longer than ${MAX_VIRTUAL_PATH_CHARS} characters`);
	if (path.includes("\0")) refuse$1(path, "it contains a NUL byte");
	if (CONTROL_CHARS.test(path)) refuse$1(path, "it contains a control character");
	if (path.includes("\\")) refuse$1(path, "backslashes are not path separators here; use /");
	if (ENCODED_TRICK.test(path)) refuse$1(path, "percent-encoded dots, slashes or percent signs are not allowed");
	if (DRIVE_LETTER.test(path)) refuse$1(path, "drive letters are not allowed; paths start at the sandbox root /");
	const segments = [];
	for (const segment of path.split("/")) {
		if (segment === "" || segment === ".") continue;
		if (DOTS_ONLY.test(segment)) refuse$1(path, `the segment "${segment}" would leave its directory; ".." is never allowed`);
		if (DRIVE_LETTER.test(segment)) refuse$1(path, "drive letters are not allowed; paths start at the sandbox root /");
		if (utf8.encode(segment).length > 255) refuse$1(path, `a segment is longer than 255 bytes`);
		segments.push(segment);
	}
	return `/${segments.join("/")}`;
}
/** True when the canonical virtual path `path` is `dir` or inside it (`/a/b` is within `/a`, `/ab` is not). */
function isWithinVirtual(path, dir) {
	if (dir === "/") return true;
	return path === dir || path.startsWith(`${dir}/`);
}
/** The segments of a canonical virtual path below `dir` (which must contain it): `/a/b/c` below `/a` → `['b', 'c']`. */
function segmentsBelow(path, dir) {
	return (dir === "/" ? path : path.slice(dir.length)).split("/").filter((segment) => segment !== "");
}
/** Joins a canonical virtual directory and a name: `/` + `a` → `/a`, `/a` + `b` → `/a/b`. */
function joinVirtual(dir, name) {
	return dir === "/" ? `/${name}` : `${dir}/${name}`;
}
// src/sandbox/scope.ts
/**
* Restrictions along a call chain (SPEC §7) folded into one scope. Each `restrict` confines to a
* virtual subtree; several are intersected, so the scope only ever shrinks down the chain, and a
* `readonly` anywhere makes everything below read-only.
*/
/**
* Intersects `restrictions` (the caller's first).
* @throws SandboxError `invalid-path` when a `restrict` is not a valid virtual path.
*/
function foldRestrictions(restrictions) {
	let root = "/";
	let readonly = false;
	for (const restriction of restrictions) {
		if (restriction.readonly) readonly = true;
		if (restriction.restrict === void 0) continue;
		let path;
		try {
			path = normalizeVirtualPath(restriction.restrict);
		} catch (error) {
			const reason = error instanceof Error ? error.message : String(error);
			throw new SandboxError("invalid-path", restriction.restrict, `sandbox.restrict is not a valid virtual path (${reason})`);
		}
		if (root === null) continue;
		if (isWithinVirtual(path, root)) root = path;
		else if (!isWithinVirtual(root, path)) root = null;
	}
	return {
		root,
		readonly
	};
}
/** True when `path` lies inside the scope. */
function inScope(scope, path) {
	return scope.root !== null && isWithinVirtual(path, scope.root);
}
/** True when `path` is in the scope or one of its ancestors (a directory on the way to it, as for listing `/`). */
function onWayToScope(scope, path) {
	return scope.root !== null && (isWithinVirtual(path, scope.root) || isWithinVirtual(scope.root, path));
}
/** The refusal for a path outside the scope. */
function outsideScope(scope, path) {
	if (scope.root === null) return new SandboxError("outside-mount", path, `${path} is not visible: the restrictions on this worker's call chain leave no files visible`);
	return new SandboxError("outside-mount", path, `${path} is outside ${scope.root}, the only part of the sandbox this worker may use`);
}
// src/sandbox/host-resolver.ts
/**
* Virtual path → host path, with the containment checks that make the sandbox a sandbox. Lexical
* checks (virtual-path.ts) come first; here every host path is verified through `realpath` of its
* deepest existing ancestor, so a symlink anywhere on the way (file or directory) is judged by where
* it really leads, not by its name: it must stay inside the mount's real root and, under a
* `restrict`, inside the restricted subtree's real path. This is the check; `opened-path.ts` then
* opens exactly the path checked, so a name changed after the check cannot redirect the use.
*/
/** Case- and normalization-insensitive form of a name or host path, for conservative comparisons. */
function foldName(name) {
	return name.normalize("NFC").toLowerCase();
}
/** True when host path `path` is `root` or inside it. */
function isWithinHost(path, root) {
	return path === root || path.startsWith(root === "/" ? "/" : `${root}/`);
}
/**
* Real location of `hostPath`: realpath of its deepest existing ancestor plus the missing rest, or
* `undefined` when an existing entry on the way is a broken or looping symlink.
*/
async function realLocation(fs, hostPath) {
	const tail = [];
	let current = hostPath;
	for (;;) {
		const entry = await fs.lstat(current);
		const parent = posix.dirname(current);
		if (entry || parent === current) try {
			return {
				real: posix.join(await fs.realpath(current), ...tail),
				exists: tail.length === 0
			};
		} catch (error) {
			if (isNotFound(error) || errorCode(error) === "ELOOP") return void 0;
			throw error;
		}
		tail.unshift(posix.basename(current));
		current = parent;
	}
}
/** Creates the resolver of one sandbox: its mounts, narrowed by `scope`. */
function createHostResolver(fs, mounts, scope) {
	const roots = /* @__PURE__ */ new Map();
	const scopeRoots = /* @__PURE__ */ new Map();
	function realRoot(mount) {
		let root = roots.get(mount);
		if (!root) {
			root = realLocation(fs, mount.hostRoot).then((location) => {
				if (!location) throw new SandboxError("io", mountPath(mount), `the mount ${mountPath(mount)} is not usable: its directory is a broken symbolic link`);
				return location.real;
			});
			roots.set(mount, root);
		}
		return root;
	}
	async function nestedOwner(mount, real) {
		const own = foldName(await realRoot(mount));
		const target = foldName(real);
		for (const other of mounts) {
			if (other === mount) continue;
			let otherRoot;
			try {
				otherRoot = foldName(await realRoot(other));
			} catch {
				continue;
			}
			if (otherRoot !== own && isWithinHost(otherRoot, own) && isWithinHost(target, otherRoot)) return other;
		}
	}
	/**
	* Real path of the scope's subtree when it lies strictly inside `mount` (computed once, like the
	* mount roots); `undefined` when the scope does not cut into this mount, `null` when the subtree
	* is a broken or looping link (then nothing is inside it).
	*/
	function scopeRoot(mount) {
		let root = scopeRoots.get(mount);
		if (!root) {
			const subtree = scope.root;
			root = subtree !== null && subtree !== mountPath(mount) && isWithinVirtual(subtree, mountPath(mount)) ? realLocation(fs, posix.join(mount.hostRoot, ...segmentsBelow(subtree, mountPath(mount)))).then((location) => location?.real ?? null) : Promise.resolve(void 0);
			scopeRoots.set(mount, root);
		}
		return root;
	}
	async function locate(virtual, mount) {
		const root = await realRoot(mount);
		const location = await realLocation(fs, posix.join(mount.hostRoot, ...segmentsBelow(virtual, mountPath(mount))));
		if (!location || !isWithinHost(location.real, root)) throw symlinkEscape(virtual, mountPath(mount));
		const subtree = inScope(scope, virtual) ? await scopeRoot(mount) : void 0;
		if (subtree === null || subtree !== void 0 && !isWithinHost(location.real, subtree)) throw subtreeEscape(virtual, scope.root);
		if (await nestedOwner(mount, location.real)) throw new SandboxError("outside-mount", virtual, `${virtual} reaches the files of another mount; use that mount's own path`);
		return {
			virtual,
			mount,
			real: location.real,
			exists: location.exists
		};
	}
	return {
		realRoot,
		locate,
		nestedOwner
	};
}
// src/sandbox/opened-path.ts
/**
* Using a checked path without trusting its name (SPEC §15). The resolver checked a real host path
* (symlinks resolved, inside the mount and the scope); between that check and the use, a directory
* on the way can be swapped for a symlink to elsewhere. So the path is opened from the mount root
* down, one component at a time, without following a symlink: the root handle's real path is read
* back from the handle itself and must be the root that was checked, and every later component is
* looked up inside the directory already held. A component that changed into a link fails the open
* instead of leading out.
*/
function descentError(virtual, error) {
	const code = errorCode(error);
	if (code === "ELOOP") return changedWhileOpening(virtual);
	if (code === "ENOTDIR") return new SandboxError("not-a-directory", virtual, `${virtual} cannot be reached: something on its path is not a directory (or was replaced by a link)`);
	if (code === "ENOENT") return notFound(virtual);
	return fromBackendError(virtual, "open", error);
}
async function openRoot(ctx, root, options) {
	if (options.create) await ctx.fs.mkdir(root);
	const dir = await ctx.fs.openDirectory(root);
	try {
		if (await dir.realPath() !== root) throw changedWhileOpening(options.virtual);
		return dir;
	} catch (error) {
		await dir.close();
		throw error;
	}
}
/**
* Opens the directory at `real` (a checked host path inside `mount`'s real root) from the root
* down. The caller closes it.
* @throws SandboxError `symlink-escape` (changed while opening), `not-found`, `not-a-directory`, `io`
*/
async function openDirectoryAt(ctx, mount, real, options) {
	const root = await ctx.resolver.realRoot(mount);
	const names = posix.relative(root, real).split("/").filter((name) => name !== "");
	let dir;
	try {
		dir = await openRoot(ctx, root, options);
		for (const name of names) {
			if (options.create) await dir.mkdir(name);
			const child = await dir.openDirectory(name);
			await dir.close();
			dir = child;
		}
		return dir;
	} catch (error) {
		await dir?.close();
		throw descentError(options.virtual, error);
	}
}
/**
* Runs `use` with the directory holding the entry `real` and the entry's name, then closes it.
* `real` must lie strictly below the mount root.
*/
async function withParentOf(ctx, mount, real, options, use) {
	const dir = await openDirectoryAt(ctx, mount, posix.dirname(real), options);
	try {
		return await use(dir, posix.basename(real));
	} finally {
		await dir.close();
	}
}
// src/sandbox/mount-lookup.ts
/**
* Which mount a virtual path names. Mount names match exactly: on a case-insensitive disk `/INPUT`
* could otherwise reach the `/input` mount's files through the root mount, bypassing its mode and
* caps, so a case variant of a mount name is refused outright.
*/
/** The longest mount path containing the canonical virtual path, names matched exactly; `undefined` when none does. */
function selectMount(mounts, virtual) {
	let best;
	for (const mount of mounts) if (isWithinVirtual(virtual, mountPath(mount)) && (!best || mount.name.length > best.name.length)) best = mount;
	return best;
}
/**
* The mount of `virtual`, refusing case variants of mount names.
* @param visible virtual paths of the mounts this sandbox shows, for the message.
* @throws SandboxError `outside-mount`
*/
function requireMount(mounts, virtual, visible) {
	const selected = selectMount(mounts, virtual);
	const first = segmentsBelow(virtual, "/")[0];
	if (first !== void 0 && (!selected || selected.name === "")) {
		const twin = mounts.find((mount) => mount.name !== "" && foldName(mount.name) === foldName(first));
		if (twin) throw new SandboxError("outside-mount", virtual, `${virtual} is not inside a mount: mount names are case-sensitive (did you mean /${twin.name}?)`);
	}
	if (!selected) {
		const known = visible.length > 0 ? `mounts: ${visible.join(", ")}` : "no mounts are visible";
		throw new SandboxError("outside-mount", virtual, `${virtual} is not inside a mount (${known})`);
	}
	return selected;
}
// src/sandbox/list-files.ts
/**
* `list(path, pattern)`: the files under a virtual directory, as virtual paths. Walks only real
* directories, each opened inside its held parent (a symlinked directory is never descended, so
* links cannot lead the walk out or round in circles, not even one swapped in during the walk); a
* symlinked file is listed only when it resolves inside its mount and the `restrict` subtree.
* Listing `/` shows every mount; what restrictions hide, what a mount's suffixes exclude and the
* temp files of writes in progress are skipped.
*/
/** Directory entries one listing may visit, so a huge tree (a node_modules) cannot stall a run. */
const MAX_LIST_ENTRIES = 5e4;
function spend(budget, count, depth) {
	if (budget.signal?.aborted) throw aborted(budget.signal);
	budget.visited += count;
	if (budget.visited > 5e4) throw new SandboxError("too-large", budget.path, `listing ${budget.path} visits more than ${MAX_LIST_ENTRIES} entries; list a smaller directory`);
	if (depth > 256) throw new SandboxError("too-large", budget.path, `listing ${budget.path} goes deeper than 256 directory levels; list a deeper directory`);
}
function isAddressable(virtual) {
	try {
		return normalizeVirtualPath(virtual) === virtual;
	} catch {
		return false;
	}
}
async function walk(ctx, mount, place, out, budget) {
	let entries;
	try {
		entries = await place.dir.readDir();
	} catch {
		return;
	}
	spend(budget, entries.length, place.depth);
	const shadowed = new Set(ctx.mounts.filter((m) => m.name !== "").map((m) => foldName(m.name)));
	for (const entry of entries) {
		if (place.virtual === "/" && mount.name === "" && shadowed.has(foldName(entry.name))) continue;
		if (isTempFileName(entry.name)) continue;
		const child = joinVirtual(place.virtual, entry.name);
		if (!isAddressable(child) || !onWayToScope(ctx.scope, child)) continue;
		const realChild = posix.join(place.real, entry.name);
		if (entry.kind === "directory") {
			if (await ctx.resolver.nestedOwner(mount, realChild)) continue;
			const dir = await place.dir.openDirectory(entry.name).catch(() => void 0);
			if (!dir) continue;
			try {
				await walk(ctx, mount, {
					dir,
					real: realChild,
					virtual: child,
					depth: place.depth + 1
				}, out, budget);
			} finally {
				await dir.close();
			}
		} else if (entry.kind === "file" || entry.kind === "symlink") {
			if (!inScope(ctx.scope, child) || !suffixAllowed(mount, child)) continue;
			if (entry.kind === "symlink" && !await linksToFileInside(ctx, mount, child)) continue;
			out.push(child);
		}
	}
}
async function linksToFileInside(ctx, mount, virtual) {
	try {
		const located = await ctx.resolver.locate(virtual, mount);
		return located.exists && suffixAllowed(mount, located.real) && (await ctx.fs.stat(located.real))?.kind === "file";
	} catch {
		return false;
	}
}
/** Walks one mount from `virtual` (a directory inside it); a missing mount root lists as empty. */
async function walkFrom(ctx, mount, virtual, out, budget) {
	const located = await ctx.resolver.locate(virtual, mount);
	if (!located.exists) {
		if (virtual === mountPath(mount)) return;
		throw notFound(virtual);
	}
	if ((await ctx.fs.stat(located.real))?.kind !== "directory") throw notADirectory(virtual);
	const dir = await openDirectoryAt(ctx, mount, located.real, { virtual });
	try {
		await walk(ctx, mount, {
			dir,
			real: located.real,
			virtual,
			depth: 0
		}, out, budget);
	} finally {
		await dir.close();
	}
}
/** Compiles the pattern, refusing one that is malformed, empty, too long or holds a NUL. */
function patternMatcher(virtual, pattern) {
	const valid = `the pattern must be a glob of 1 to ${MAX_GLOB_CHARS} characters, e.g. **/*.md`;
	if (typeof pattern !== "string" || pattern.includes("\0")) throw new SandboxError("invalid-path", virtual, valid);
	try {
		return compileGlob(pattern);
	} catch (error) {
		if (error instanceof GlobSyntaxError) throw new SandboxError("invalid-path", virtual, `${error.message}; ${valid}`);
		throw error;
	}
}
/**
* Virtual paths of the files under the canonical virtual directory `virtual` whose path relative
* to it matches `pattern` (see `src/glob`; dotfiles included), sorted. Matching takes time linear
* in each path, and the whole listing stops at {@link MAX_MATCH_STEPS} steps or when the run is aborted.
* @throws SandboxError `outside-mount`, `not-found`, `not-a-directory`, `invalid-path` (pattern),
* `too-large` (over {@link MAX_LIST_ENTRIES} entries, {@link MAX_LIST_DEPTH} levels or {@link MAX_MATCH_STEPS} steps)
*/
async function listFiles$1(ctx, virtual, pattern) {
	if (!onWayToScope(ctx.scope, virtual)) throw outsideScope(ctx.scope, virtual);
	const matcher = patternMatcher(virtual, pattern);
	const files = [];
	const budget = {
		path: virtual,
		visited: 0,
		signal: ctx.signal
	};
	if (virtual === "/") {
		for (const mount of ctx.mounts) if (onWayToScope(ctx.scope, mountPath(mount))) await walkFrom(ctx, mount, mountPath(mount), files, budget);
	} else await walkFrom(ctx, requireMount(ctx.mounts, virtual, ctx.visible), virtual, files, budget);
	const prefixLength = virtual === "/" ? 1 : virtual.length + 1;
	const matched = [];
	for (const file of new Set(files)) {
		if (matcher.matches(file.slice(prefixLength))) matched.push(file);
		if (matcher.steps > 3e7) throw new SandboxError("too-large", virtual, `matching the pattern against the files under ${virtual} takes too long; use a simpler pattern or list a smaller directory`);
		if (ctx.signal?.aborted) throw aborted(ctx.signal);
	}
	return matched.sort();
}
// src/sandbox/limits.ts
/**
* Hard limits of the sandbox (SPEC §15): whatever a model, a tool or a config asks for, one
* operation never holds more than this in memory, so a huge `max_chars` or file cannot exhaust the heap.
*/
/** A whole-file read (`readBinary`, `read` without `maxChars`) refuses files larger than this. */
const MAX_WHOLE_READ_BYTES = 67108864;
/** `read` with `maxChars` returns at most this many characters, whatever `maxChars` says. */
const MAX_READ_CHARS = 1e6;
// src/sandbox/protected-paths.ts
/**
* The project's own configuration inside the mounts (SPEC §15). The project layer names it as host
* paths (`ProtectedPaths`); no write or delete may change it, even in a read-write mount, so a model
* cannot rewrite what binds it next run (its worker file, `project.yaml`, `tools.ts`, the
* persistent approval grants). Every path is judged where it really is, in two forms: the entry its
* name makes (its parent's real path plus its own name: what a write or delete would replace) and
* where it leads (symlinks resolved). A change is refused when the entry it replaces, or the file
* that entry leads to, lies in either form of a protected path. Names are compared the way the disk
* compares them: case-folded where the directory is case-insensitive, exactly where it is not.
*/
const exact = (path) => path;
function swapCase(text) {
	return Array.from(text, (char) => char === char.toUpperCase() ? char.toLowerCase() : char.toUpperCase()).join("");
}
/** The deepest existing entry on the way to the real path `real` (itself when it exists). */
async function existingAncestor(fs, real) {
	let current = real;
	while (await fs.lstat(current) === void 0 && posix.dirname(current) !== current) current = posix.dirname(current);
	return current;
}
/**
* Whether names in the existing real directory `dir` are compared without case: its last name with
* letters, case-swapped, names the same directory. With no letters to try, assume so (the safe side).
*/
async function caseInsensitive(fs, dir) {
	const names = dir.split("/");
	for (let index = names.length - 1; index > 0; index -= 1) {
		const swapped = swapCase(names[index]);
		if (swapped === names[index]) continue;
		const variant = [
			...names.slice(0, index),
			swapped,
			...names.slice(index + 1)
		].join("/");
		const [own, other] = await Promise.all([fs.stat(dir), fs.stat(variant)]);
		return own !== void 0 && other !== void 0 && own.ino === other.ino && own.dev === other.dev;
	}
	return true;
}
/** Creates the protection of one sandbox; nothing touches the disk until the first check. */
function createProtection(fs, paths) {
	const comparers = /* @__PURE__ */ new Map();
	/**
	* How names compare in the directory holding the real path `real`; probed once per directory. A
	* directory that cannot be probed (no permission) compares folded: the safe side.
	*/
	async function comparerFor(real) {
		const dir = await existingAncestor(fs, posix.dirname(real)).catch(() => posix.dirname(real));
		let comparer = comparers.get(dir);
		if (!comparer) {
			comparer = caseInsensitive(fs, dir).then((folded) => folded ? foldName : exact, () => foldName);
			comparers.set(dir, comparer);
		}
		return comparer;
	}
	/** Real location of `path`, or `fallback` when it is a broken or looping link or cannot be resolved (no permission). */
	async function realOr(path, fallback) {
		return (await realLocation(fs, path).catch(() => void 0))?.real ?? fallback;
	}
	/** The real forms of `path`; one that cannot be resolved is judged by its name. */
	async function forms(path) {
		const absolute = posix.resolve(path);
		const entry = posix.join(await realOr(posix.dirname(absolute), posix.dirname(absolute)), posix.basename(absolute));
		return {
			entry,
			target: await realOr(absolute, entry)
		};
	}
	function guarded(guards, suffixGuards, path) {
		for (const guard of guards) {
			const at = guard.compare(path);
			if (isWithinHost(at, guard.compare(guard.entry)) || isWithinHost(at, guard.compare(guard.target))) return true;
		}
		for (const rule of suffixGuards) {
			const at = rule.compare(path);
			if (rule.dirs.some((dir) => isWithinHost(at, rule.compare(dir))) && rule.suffixes.some((suffix) => at.endsWith(rule.compare(suffix)))) return true;
		}
		return false;
	}
	async function resolveAll() {
		const guards = await Promise.all((paths?.paths ?? []).map(async (path) => {
			const { entry, target } = await forms(path);
			return {
				entry,
				target,
				compare: await comparerFor(entry)
			};
		}));
		const suffixGuards = await Promise.all((paths?.suffixRules ?? []).map(async (rule) => {
			const { entry, target } = await forms(rule.dir);
			return {
				dirs: [entry, target],
				suffixes: rule.suffixes,
				compare: await comparerFor(entry)
			};
		}));
		return {
			paths: guards.map(({ entry, target }) => ({
				entry,
				target
			})),
			suffixDirs: suffixGuards.flatMap((rule) => rule.dirs),
			covers: (path) => guarded(guards, suffixGuards, path)
		};
	}
	let resolved;
	const resolve = () => resolved ??= resolveAll();
	return {
		resolve,
		async covers(hostPaths) {
			if (!paths) return false;
			const protection = await resolve();
			return hostPaths.some((path) => protection.covers(path));
		}
	};
}
// src/sandbox/protected-layout.ts
/**
* The project's configuration inside one writable directory, as a shell's bubblewrap box must bind
* it (SPEC §15): existing protected files and directories read-only; where a protected name does
* not exist yet, or is a symbolic link, its directory read-only with its other children writable
* again, so that nothing can be created or relinked under that name.
*/
function byDepth(a, b) {
	return a.split("/").length - b.split("/").length || (a < b ? -1 : a > b ? 1 : 0);
}
/** What the box keeps read-only inside the writable real directory `hostDir`. */
async function protectedLayout(fs, protection, hostDir) {
	const readOnly = /* @__PURE__ */ new Set();
	const sealedDirs = /* @__PURE__ */ new Set();
	for (const dir of protection.suffixDirs) if (isWithinHost(hostDir, dir)) readOnly.add(hostDir);
	else if (isWithinHost(dir, hostDir) && (await fs.lstat(dir))?.kind === "directory") readOnly.add(dir);
	for (const { entry, target } of protection.paths) for (const path of /* @__PURE__ */ new Set([entry, target])) {
		if (isWithinHost(hostDir, path)) readOnly.add(hostDir);
		if (path === hostDir || !isWithinHost(path, hostDir)) continue;
		const kind = (await fs.lstat(path))?.kind;
		if (kind === "file" || kind === "directory") readOnly.add(path);
		else sealedDirs.add(kind === void 0 ? await existingAncestor(fs, path) : posix.dirname(path));
	}
	if (readOnly.has(hostDir)) return {
		readOnly: [hostDir],
		sealed: []
	};
	const insideReadOnly = (dir) => [...readOnly].some((path) => isWithinHost(dir, path));
	const sealed = await Promise.all([...sealedDirs].filter((dir) => !insideReadOnly(dir)).sort(byDepth).map(async (dir) => {
		return {
			dir,
			writable: (await fs.readDir(dir)).filter((entry) => entry.kind === "file" || entry.kind === "directory").map((entry) => posix.join(dir, entry.name)).filter((child) => !protection.covers(child))
		};
	}));
	return {
		readOnly: [...readOnly].sort(),
		sealed
	};
}
// src/sandbox/verified-read.ts
/**
* Reads the located file through a held directory.
* @throws SandboxError `symlink-escape` (changed while opening), `too-large`, `not-a-file`, `not-found`, `io`; the abort reason when aborted.
*/
async function readVerified(ctx, located, caps) {
	const { virtual, mount } = located;
	if (located.real === await ctx.resolver.realRoot(mount)) throw notAFile(virtual, "directory");
	return withParentOf(ctx, mount, located.real, { virtual }, async (dir, name) => {
		let file;
		try {
			file = await dir.openFile(name);
		} catch (error) {
			throw fromBackendError(virtual, "open", error);
		}
		try {
			const opened = await file.stat();
			if (opened.kind !== "file") throw notAFile(virtual, opened.kind);
			if (opened.size > caps.maxFileBytes) throw tooLarge(virtual, opened.size, caps.maxFileBytes, caps.whose);
			const limit = Math.min(caps.maxFileBytes + 1, caps.maxBytes ?? Infinity);
			const data = await file.read(limit, ctx.signal);
			if (data.length > caps.maxFileBytes) throw tooLarge(virtual, data.length, caps.maxFileBytes, caps.whose);
			return {
				data,
				size: opened.size
			};
		} catch (error) {
			throw ctx.signal?.aborted ? aborted(ctx.signal) : fromBackendError(virtual, "read", error);
		} finally {
			await file.close();
		}
	});
}
// src/sandbox/sandbox.ts
/**
* The sandbox (SPEC §7, §15): file operations over named mounts, addressed by virtual paths. Every
* operation runs the same gauntlet, cheapest first: lexical path check → restriction scope → mount
* lookup (exact names) → mode and suffix/size caps → real-path containment in the mount and the
* `restrict` subtree (symlinks resolved) → for a write or delete, not the project's own
* configuration (`protected-paths.ts`) → the use itself, through directories held open from the
* mount root down (`opened-path.ts`), so what is used is what was checked. Writes and deletes change
* the entry a path names (a symlink is replaced or removed, never followed). Messages name only
* virtual paths.
*/
/** Appended to a `read` cut short by `maxChars`. */
function truncationMarker(shown, totalBytes) {
	return `\n[... truncated: showing the first ${shown} characters of a ${totalBytes}-byte file]`;
}
const BYTES_PER_CHAR = 4;
function visibleMounts(mounts, scope) {
	const out = [];
	const root = scope.root;
	if (root === null) return out;
	for (const mount of mounts) {
		const path = mountPath(mount);
		const mode = scope.readonly ? "ro" : mount.mode;
		if (isWithinVirtual(path, root)) out.push({
			path,
			mode
		});
		else if (isWithinVirtual(root, path)) {
			if (!mounts.some((m) => m.name.length > mount.name.length && isWithinVirtual(root, mountPath(m)))) out.push({
				path: root,
				mode
			});
		}
	}
	return out.sort((a, b) => a.path < b.path ? -1 : 1);
}
/** The tightest of the limits that apply to a whole-file read, and whose it is. */
function wholeReadCaps(mount, requested) {
	const limits = [
		{
			bytes: MAX_WHOLE_READ_BYTES,
			whose: "on reading a whole file"
		},
		{
			bytes: mount.maxFileBytes,
			whose: `of the mount ${mountPath(mount)}`
		},
		{
			bytes: requested,
			whose: "of this read"
		}
	];
	let caps = {
		maxFileBytes: Infinity,
		whose: ""
	};
	for (const { bytes, whose } of limits) if (bytes !== void 0 && bytes < caps.maxFileBytes) caps = {
		maxFileBytes: bytes,
		whose
	};
	return caps;
}
function buildSandbox$1(ctx, restrictions, options) {
	const writable = visibleMounts(ctx.mounts, ctx.scope).filter((m) => m.mode === "rw").map((m) => m.path);
	/** Lexical check, scope and mount lookup: no disk access yet. */
	function place(raw) {
		const virtual = normalizeVirtualPath(raw);
		if (!inScope(ctx.scope, virtual)) throw outsideScope(ctx.scope, virtual);
		return {
			virtual,
			mount: requireMount(ctx.mounts, virtual, ctx.visible)
		};
	}
	async function readBytes(raw, caps) {
		const { virtual, mount } = place(raw);
		checkSuffix(mount, virtual);
		const located = await ctx.resolver.locate(virtual, mount);
		if (!located.exists) throw notFound(virtual);
		checkSuffix(mount, virtual, located.real);
		return readVerified(ctx, located, caps(mount));
	}
	/** Lexical checks of a write or delete: no disk access yet. */
	function placeChange(raw) {
		const { virtual, mount } = place(raw);
		checkWritable(ctx.scope, mount, virtual, writable);
		if (virtual === mountPath(mount)) throw notAFile(virtual, "directory");
		checkSuffix(mount, virtual);
		return {
			virtual,
			mount
		};
	}
	/** The entry a write or delete changes (its real host path), where it leads, and its parent directory, checked on the disk. */
	async function locateChange(virtual, mount) {
		const located = await ctx.resolver.locate(virtual, mount);
		const parent = await ctx.resolver.locate(posix.dirname(virtual), mount);
		const entry = posix.join(parent.real, posix.basename(virtual));
		if (await ctx.protection.covers([entry, located.real])) throw projectConfiguration(virtual);
		await refuseNonFile(located);
		checkSuffix(mount, virtual, located.real);
		return {
			located,
			parent,
			entry
		};
	}
	/** Runs `use` in the held parent directory of the entry a change targets (the entry itself, never a link's target). */
	function inParent(placed, create, use) {
		const { located, entry } = placed;
		return withParentOf(ctx, located.mount, entry, {
			virtual: located.virtual,
			create
		}, async (dir, name) => {
			const kind = (await dir.lstat(name))?.kind;
			if (kind === "directory" || kind === "other") throw notAFile(located.virtual, kind);
			return use(dir, name);
		});
	}
	async function writeBytes(raw, data) {
		const { virtual, mount } = placeChange(raw);
		if (mount.maxFileBytes !== void 0 && data.length > mount.maxFileBytes) throw tooLarge(virtual, data.length, mount.maxFileBytes, `of the mount ${mountPath(mount)}`);
		const placed = await locateChange(virtual, mount);
		if (placed.parent.exists && (await ctx.fs.stat(placed.parent.real))?.kind !== "directory") throw notADirectory(posix.dirname(virtual));
		try {
			await inParent(placed, true, (dir, name) => dir.writeFile(name, data, ctx.signal));
		} catch (error) {
			throw ctx.signal?.aborted ? aborted(ctx.signal) : fromBackendError(virtual, "write", error);
		}
	}
	async function refuseNonFile(located) {
		if (!located.exists) return;
		const kind = (await ctx.fs.stat(located.real))?.kind;
		if (kind !== void 0 && kind !== "file") throw notAFile(located.virtual, kind);
	}
	/** Metadata of the located entry, read through its held parent directory (or the held mount root). */
	async function statLocated(located) {
		const { virtual, mount, real } = located;
		if (real === await ctx.resolver.realRoot(mount)) {
			const root = await openDirectoryAt(ctx, mount, real, { virtual });
			try {
				return await root.stat();
			} finally {
				await root.close();
			}
		}
		const info = await withParentOf(ctx, mount, real, { virtual }, (dir, name) => dir.lstat(name));
		if (info?.kind === "symlink") throw changedWhileOpening(virtual);
		return info;
	}
	const sandbox = {
		async read(path, readOptions) {
			if (readOptions?.maxChars === void 0) return new TextDecoder().decode((await readBytes(path, (mount) => wholeReadCaps(mount, void 0))).data);
			const maxChars = Math.min(MAX_READ_CHARS, Math.max(0, Math.floor(readOptions.maxChars)));
			const maxBytes = maxChars * BYTES_PER_CHAR;
			const { data, size } = await readBytes(path, (mount) => ({
				maxFileBytes: mount.maxFileBytes ?? Infinity,
				whose: `of the mount ${mountPath(mount)}`,
				maxBytes
			}));
			const text = new TextDecoder().decode(data);
			if (text.length <= maxChars && data.length >= size) return text;
			return text.slice(0, maxChars) + truncationMarker(maxChars, size);
		},
		async readBinary(path, readOptions) {
			return (await readBytes(path, (mount) => wholeReadCaps(mount, readOptions?.maxBytes))).data;
		},
		write(path, content) {
			return writeBytes(path, new TextEncoder().encode(content));
		},
		writeBinary(path, data) {
			return writeBytes(path, data);
		},
		async delete(raw) {
			const { virtual, mount } = placeChange(raw);
			const placed = await locateChange(virtual, mount);
			if (!placed.located.exists) throw notFound(virtual);
			try {
				await inParent(placed, false, (dir, name) => dir.remove(name));
			} catch (error) {
				throw fromBackendError(virtual, "delete", error);
			}
		},
		async exists(path) {
			return (await sandbox.stat(path)).exists;
		},
		async list(path = "/", pattern = "**/*") {
			return listFiles$1(ctx, normalizeVirtualPath(path), pattern);
		},
		async stat(raw) {
			const virtual = normalizeVirtualPath(raw);
			if (!inScope(ctx.scope, virtual)) throw outsideScope(ctx.scope, virtual);
			if (virtual === "/" && !ctx.mounts.some((m) => m.name === "")) return ctx.mounts.length > 0 ? {
				path: "/",
				exists: true,
				kind: "directory"
			} : {
				path: "/",
				exists: false
			};
			const { mount } = place(virtual);
			const located = await ctx.resolver.locate(virtual, mount);
			const info = located.exists ? await statLocated(located) : void 0;
			if (!info) return {
				path: virtual,
				exists: false
			};
			if (info.kind === "file") checkSuffix(mount, virtual, located.real);
			const stat = {
				path: virtual,
				exists: true,
				size: info.size,
				mtime: new Date(info.mtimeMs).toISOString()
			};
			if (info.kind === "file" || info.kind === "directory") stat.kind = info.kind;
			return stat;
		},
		async hostDirectory(raw) {
			const { virtual, mount } = place(raw);
			const located = await ctx.resolver.locate(virtual, mount);
			if (!located.exists) throw notFound(virtual);
			if ((await ctx.fs.stat(located.real))?.kind !== "directory") throw notADirectory(virtual);
			return located.real;
		},
		async protectedLayout(hostDir) {
			return protectedLayout(ctx.fs, await ctx.protection.resolve(), hostDir);
		},
		describe() {
			return visibleMounts(ctx.mounts, ctx.scope);
		},
		narrow(restriction) {
			return createSandbox({
				...options,
				restrictions: [...restrictions, restriction]
			});
		}
	};
	return sandbox;
}
/**
* Creates a sandbox over `mounts`, narrowed by every restriction on the call chain.
*
* @throws SandboxError `invalid-path` when a restriction's `restrict` is not a valid virtual path.
* @example
* const sandbox = createSandbox({ fs: createNodeFileSystem(), mounts: resolveMounts({ projectRoot, config }) });
* await sandbox.read('/input/notes.md');
*/
function createSandbox(options) {
	const restrictions = options.restrictions ?? [];
	const scope = foldRestrictions(restrictions);
	const mounts = [...options.mounts];
	return buildSandbox$1({
		fs: options.fs,
		mounts,
		scope,
		resolver: createHostResolver(options.fs, mounts, scope),
		protection: createProtection(options.fs, options.protectedPaths),
		...options.signal ? { signal: options.signal } : {},
		visible: visibleMounts(mounts, scope).map((m) => m.path)
	}, restrictions, options);
}
// src/project/config-paths.ts
/**
* The project's own configuration as host paths (SPEC §15): what the sandbox refuses to let a worker
* write, delete or create even inside a read-write mount, because the next run would obey it. The
* rule follows what loading and discovery read (`load-project.ts`, `scan.ts`, `resolve-reference.ts`,
* `tool-modules.ts`, `template-dirs.ts`, `instructions.ts`), whether the file exists yet or not:
*
* - at the project root: the manifests (`project.yaml`, `llm-do.yaml`, `lib.yaml`), `main.worker`,
*   `.llm-doignore`, the conventional `tools.ts|mjs|js`, and whole directories `.llm-do/` (persistent
*   grants), `tools/`, `schemas/`, `prompts/`, `templates/` and the manifest's `templates.roots`;
* - the workers root, whole (every worker file, directory-form workers with their tools and
*   templates); when the workers root is the project root itself, every file with a worker
*   extension below it instead;
* - the manifest's `tools.modules`;
* - for every worker loaded so far (the running one, its callers, those it may call): its file,
*   its directory's `tools.ts|mjs|js`, `tools/` and `templates/`, the files its
*   `schema_in`/`schema_out` and `imports` name;
* - every library of the dependency closure, and the built-in workers, whole;
* - a standalone worker file.
*/
/** The first name of each conventional tool module path: `tools.ts`, `tools.mjs`, `tools.js`, `tools` (the directory). */
const TOOL_MODULE_NAMES = [...new Set(CONVENTIONAL_TOOL_MODULES.flat().map((path) => path.split("/")[0]))];
/** Files and directories at the root of every project, whatever its manifest says. */
const ROOT_CONFIGURATION = [
	...MANIFEST_FILES,
	"lib.yaml",
	MAIN_WORKER_FILE,
	".llm-doignore",
	".llm-do",
	"schemas",
	...DEFAULT_TEMPLATE_ROOTS,
	...TOOL_MODULE_NAMES
];
/** A schema ref's file (`schemas/x.json`, the module of `schemas.ts:Name`); none for an inline schema. */
function schemaFile(ref) {
	if (typeof ref !== "string") return void 0;
	const colon = ref.lastIndexOf(":");
	return colon > 0 && !ref.endsWith(".json") ? ref.slice(0, colon) : ref;
}
/** The worker-local files of a project worker: itself, its directory's tool modules and templates, what it names. */
function workerFiles(root, worker) {
	const inDir = (name) => posix.join(worker.dir, name);
	const fromRoot = (path) => posix.resolve(root, path);
	const { config } = worker;
	const workerRefs = (config.imports?.workers ?? []).filter((ref) => ref.startsWith("./") || workerExtension(ref) !== void 0);
	return [
		worker.file,
		...TOOL_MODULE_NAMES.map(inDir),
		inDir("templates"),
		...[schemaFile(config.schema_in), schemaFile(config.schema_out)].filter((file) => file !== void 0).map(fromRoot),
		...(config.imports?.tools ?? []).filter((entry) => !isBareSpecifier(entry)).map(fromRoot),
		...workerRefs.flatMap((ref) => workerExtension(ref) ? [fromRoot(ref)] : workerFileCandidates(fromRoot(ref)))
	];
}
/**
* `paths` without those inside another of them: a project of thousands of workers under `workers/`
* hands the sandbox one path for them, not thousands to resolve.
*/
function outermost(paths) {
	const kept = new Set(paths);
	const covered = (path) => {
		for (let dir = path; dir !== "/";) {
			dir = posix.dirname(dir);
			if (kept.has(dir)) return true;
		}
		return false;
	};
	return [...kept].filter((path) => !covered(path));
}
/** The configuration of `project` that no worker may change, for the sandbox of a worker call. */
function projectConfigPaths(project) {
	const root = project.root;
	const manifest = project.manifest;
	const workersRoot = posix.normalize(manifest?.workers?.root ?? "workers").replace(/\/+$/, "") || ".";
	const paths = [
		...ROOT_CONFIGURATION,
		...manifest?.templates?.roots ?? [],
		...(manifest?.tools?.modules ?? []).filter((entry) => !isBareSpecifier(entry)),
		...workersRoot === "." ? [] : [workersRoot]
	].filter((path) => posix.normalize(path) !== ".").map((path) => posix.resolve(root, path));
	for (const worker of project.loadedWorkers()) if (!worker.library && !worker.builtin) paths.push(...workerFiles(root, worker));
	paths.push(...project.libraries.map((library) => library.root));
	if (project.options.builtinWorkersDir !== void 0) paths.push(posix.resolve(project.options.builtinWorkersDir));
	if (project.options.standalone) paths.push(posix.resolve(project.options.root, project.options.standalone.file));
	const protectedPaths = { paths: outermost(paths) };
	if (workersRoot === ".") protectedPaths.suffixRules = [{
		dir: root,
		suffixes: WORKER_EXTENSIONS
	}];
	return protectedPaths;
}
const BINARY_MEDIA_TYPES = {
	".pdf": "application/pdf",
	".png": "image/png",
	".jpg": "image/jpeg",
	".jpeg": "image/jpeg",
	".gif": "image/gif",
	".webp": "image/webp"
};
function suffixOf(name) {
	const base = name.slice(name.lastIndexOf("/") + 1);
	const dot = base.lastIndexOf(".");
	return dot > 0 ? base.slice(dot).toLowerCase() : "";
}
/**
* Checks count, suffixes and sizes against every policy before reading.
* `sizeOf` gives a file's size without reading it; `chain` is for the error.
*/
async function checkAttachments(names, policies, sizeOf, chain) {
	const refuse = (message) => {
		throw new DelegationError("attachment", chain, message);
	};
	for (const { owner, policy } of policies) {
		const max = policy?.max_attachments ?? 4;
		if (names.length > max) refuse(`${names.length} attachments exceed the limit of ${max} set by ${owner}`);
		for (const name of names) {
			const suffix = suffixOf(name);
			const allowed = policy?.allowed_suffixes?.map((s) => s.toLowerCase());
			const denied = policy?.denied_suffixes?.map((s) => s.toLowerCase());
			if (allowed && !allowed.includes(suffix)) refuse(`attachment ${name} has suffix "${suffix || "(none)"}", not allowed by ${owner} (allowed: ${allowed.join(", ")})`);
			if (denied?.includes(suffix)) refuse(`attachment ${name} has suffix "${suffix}", denied by ${owner}`);
		}
	}
	let total = 0;
	for (const name of names) total += await sizeOf(name);
	for (const { owner, policy } of policies) {
		const max = policy?.max_total_bytes ?? 10485760;
		if (total > max) refuse(`attachments total ${total} bytes, over the limit of ${max} bytes set by ${owner}`);
	}
}
/**
* Reads the attachments after {@link checkAttachments}, holding them to the tightest
* `max_total_bytes` once more: `read(name, maxBytes)` must refuse a file larger than `maxBytes`,
* judged on the file it opened.
*/
async function readAttachmentFiles(names, policies, read) {
	let left = Math.min(...policies.map(({ policy }) => policy?.max_total_bytes ?? 10485760));
	const attachments = [];
	for (const name of names) {
		const data = await read(name, left);
		left -= data.length;
		attachments.push({
			name,
			data
		});
	}
	return attachments;
}
/** Message parts for the attachments: PDFs and images as file parts, anything else as UTF-8 text. */
function attachmentParts(attachments, chain) {
	return attachments.map((attachment) => {
		const mediaType = BINARY_MEDIA_TYPES[suffixOf(attachment.name)];
		if (mediaType) return {
			type: "file",
			data: attachment.data,
			mediaType,
			filename: attachment.name.slice(attachment.name.lastIndexOf("/") + 1)
		};
		if (attachment.data.includes(0)) throw new DelegationError("attachment", chain, `attachment ${attachment.name} is binary and not a PDF or image, so no model can read it`);
		const text = new TextDecoder().decode(attachment.data);
		return {
			type: "text",
			text: `Attached file ${attachment.name}:\n\n${text}`
		};
	});
}
// src/runtime/enabled-toolset.ts
/** The config of a toolset when the worker enables it (`false` or absent = disabled). */
function enabledToolset(toolsets, name) {
	const config = toolsets?.[name];
	if (config === void 0 || config === false) return void 0;
	return config;
}
// src/runtime/input.ts
/**
* A worker's input: text, or (with `schema_in`) a validated JSON object whose fields also become
* template variables (SPEC §5, §10).
*/
/** Shown to the model when the input is empty, since providers refuse empty messages. */
const EMPTY_INPUT = "(no input)";
/**
* Validates a top-level input. With `schema_in`, text must be JSON; every failing field is listed.
* Without it, objects are passed on as JSON text.
*/
function prepareInput(worker, raw, origin = "--input") {
	const { schemaIn, definition } = worker;
	if (!schemaIn) {
		const text = typeof raw === "string" ? raw : raw === void 0 ? "" : JSON.stringify(raw, null, 2);
		return {
			value: text,
			text: text.length > 0 ? text : EMPTY_INPUT
		};
	}
	let value = raw;
	if (typeof raw === "string") try {
		value = JSON.parse(raw);
	} catch {
		throw new ProjectError("invalid-input", `worker ${definition.id} declares schema_in, so its input must be JSON (pass --input '{...}'); got text`, {
			file: definition.displayPath,
			field: "schema_in"
		});
	}
	return validatedInput(definition.id, schemaIn, value, origin);
}
/** Validates a structured input against `schema_in` (used for top-level and delegated calls). */
function validatedInput(workerId, schema, value, origin) {
	const result = validateWith(schema.zod, value);
	if (!result.ok) throw new ProjectError("invalid-input", `input for worker ${workerId} does not match its schema_in (${origin}): ${result.errors.join("; ")}`);
	const object = result.value;
	return {
		value: object,
		text: JSON.stringify(object, null, 2)
	};
}
/** Template variables: `input`, the declared schema_in fields, `worker`, `project`. */
function templateVariablesOf(worker, input, projectName) {
	return templateVariables(worker.schemaIn, input.value, {
		worker: {
			id: worker.definition.id,
			description: worker.definition.config.description ?? ""
		},
		project: { name: projectName }
	});
}
// src/runtime/prepare-worker.ts
/**
* Resolves, once per run and before any model request, everything about a worker that does not
* depend on its input: model, schemas, templates, custom tools, callable workers. The checks are
* `planWorker`'s, the very ones `check` runs; then the project code the plan names is imported and
* the model resolved. Walking this from the entry over `allowed_workers` (preflight) turns
* configuration mistakes anywhere in the reachable tree into exit-code-2 errors before the first request.
*/
/** Prepares a worker (memoized per run by canonical id). */
function prepareWorker(ctx, definition) {
	let prepared = ctx.state.prepared.get(definition.id);
	if (!prepared) {
		prepared = buildPreparedWorker(ctx, definition);
		ctx.state.prepared.set(definition.id, prepared);
	}
	return prepared;
}
async function buildPreparedWorker(ctx, definition) {
	const { project, modelOverride, env, grants } = ctx.config;
	const { plan, problems } = await planWorker(project, definition, {
		modelOverride,
		env,
		grants
	});
	if (problems.length > 0) throw new ProjectError(problems[0].code, problems[0].detail, problems[0].location, { problems });
	const [model, code] = await Promise.all([ctx.services.models.resolve(plan.modelId, definition.id), importPlannedCode(project, plan)]);
	return {
		definition,
		modelId: plan.modelId,
		model,
		...code,
		renderer: plan.renderer,
		allowedWorkers: plan.allowedWorkers
	};
}
/** Prepares the entry and every worker reachable from it through `allowed_workers`. */
async function preflight(ctx, entry) {
	const seen = /* @__PURE__ */ new Set([entry.id]);
	const root = await prepareWorker(ctx, entry);
	let frontier = [root];
	while (frontier.length > 0) {
		const next = frontier.flatMap((worker) => worker.allowedWorkers).filter((callee) => {
			if (seen.has(callee.id)) return false;
			seen.add(callee.id);
			return true;
		});
		frontier = await Promise.all(next.map((callee) => prepareWorker(ctx, callee)));
	}
	return root;
}
// src/runtime/run-context.ts
/** Allocates the id of a call that is starting: `c1`, `c2`, … in order of start. */
function nextCallId(state) {
	return `c${++state.callCount}`;
}
// src/approval/decision-source.ts
/** Approves every question (`--on-approval approve`). */
const approveAll = {
	mode: "approve",
	decidedBy: "mode",
	interactive: false,
	decide: async () => ({ action: "approve" })
};
/** Denies every question with `message` as the model-visible text (`--on-approval deny`). */
function denyAll(message = "denied by policy (auto_deny)") {
	return {
		mode: "deny",
		decidedBy: "policy",
		interactive: false,
		decide: async () => ({
			action: "deny",
			message
		})
	};
}
/** Leaves every question pending (`--on-approval pause`): the run stops and is resumed once decided. */
const pauseAll = {
	mode: "pause",
	decidedBy: "mode",
	interactive: false,
	decide: async () => ({ action: "pause" })
};
/** The denial a tool call gets when a person should be asked but nobody can be. */
function noTerminalMessage(toolName) {
	return `approval needed for ${toolName} but no terminal; use --approve-all or pre-approve the tool`;
}
/** `ask` mode without anyone to ask: denies, saying why (SPEC §8). */
const noTerminal = {
	mode: "ask",
	decidedBy: "no-terminal",
	interactive: false,
	decide: async (question) => ({
		action: "deny",
		message: noTerminalMessage(question.tool)
	})
};
/**
* Answers given in advance, by `approval_id` or `tool_call_id`; `fallback` answers the rest. Each
* answer is used once: it decides the question it was given for, never a later call that happens
* to reuse an id (a tool call id is the model's to choose).
*
* @example
* fromDecisions(new Map([['call-1', { action: 'approve' }]]), denyAll('not decided in advance'));
*/
function fromDecisions(decisions, fallback) {
	const unused = new Map(decisions);
	const take = (id) => {
		const given = unused.get(id);
		unused.delete(id);
		return given;
	};
	return {
		mode: "decisions",
		decidedBy: "user",
		interactive: fallback.interactive,
		async decide(question, signal) {
			return take(question.approval_id) ?? take(question.tool_call_id) ?? fallback.decide(question, signal);
		}
	};
}
/** A person answering through a prompter (the terminal's a/s/t/p/d/q). */
function fromPrompter(prompter) {
	return {
		mode: "ask",
		decidedBy: "user",
		interactive: true,
		async decide(question, signal) {
			return decisionOf(await prompter.ask(requestOf(question), signal));
		}
	};
}
/**
* A function deciding each question (a browser, a web UI, a library caller). A thrown error fails
* the tool call's authorisation as any error would; anything but a `Decision` is treated as a denial.
*/
function callback(decide) {
	return {
		mode: "callback",
		decidedBy: "callback",
		interactive: true,
		async decide(question) {
			const decision = await decide(question);
			return isDecision(decision) ? decision : {
				action: "deny",
				message: "denied: the approval callback returned no decision"
			};
		}
	};
}
function isDecision(value) {
	if (typeof value !== "object" || value === null) return false;
	const { action, remember } = value;
	if (action === "approve") return remember === void 0 || remember === "call" || remember === "tool" || remember === "project";
	return action === "deny" || action === "abort" || action === "pause";
}
function requestOf(question) {
	return {
		chain: question.chain,
		toolset: question.toolset,
		toolName: question.tool,
		args: question.args,
		description: question.description,
		...question.call_id ? { callId: question.call_id } : {},
		...question.tool_call_id ? { toolCallId: question.tool_call_id } : {},
		...question.note ? { note: question.note } : {}
	};
}
function decisionOf(answer) {
	switch (answer.action) {
		case "approve_once": return { action: "approve" };
		case "approve_call": return {
			action: "approve",
			remember: "call"
		};
		case "approve_tool": return {
			action: "approve",
			remember: "tool"
		};
		case "approve_project": return {
			action: "approve",
			remember: "project"
		};
		case "deny": return answer.reason ? {
			action: "deny",
			reason: answer.reason
		} : { action: "deny" };
		case "abort": return { action: "abort" };
	}
}
// src/approval/gate.ts
/**
* The approval gate (SPEC §8, §17): every tool call of a run passes through it, sub-workers
* included. `precheck` settles what needs nobody (rule, persistent grant, session memory); `ask`
* puts the question to the run's decision source; `apply` remembers what the answer says and emits
* the `approval_decision` event naming what decided.
*/
/** Creates the gate of one run. */
function createApprovalGate(options) {
	const { source, grants, onEvent, memory = createSessionMemory() } = options;
	let queue = Promise.resolve();
	let abortedByUser;
	function decided(request, decision) {
		if (decision.pending) return decision;
		onEvent?.({
			type: "approval_decision",
			chain: request.chain,
			callId: request.callId,
			toolCallId: request.toolCallId,
			tool: request.toolName,
			approved: decision.approved,
			source: decision.source,
			...decision.approved ? {} : { reason: decision.message }
		});
		return decision;
	}
	function remembered(request) {
		const key = toolKeyOf(request);
		if (grants?.covers(key, request.args)) return {
			approved: true,
			source: "grant"
		};
		if (memory.isApproved(key, request.args)) return {
			approved: true,
			source: "session"
		};
	}
	function precheck(request, rule) {
		if (rule === "preApproved") return {
			approved: true,
			source: "rule"
		};
		if (rule === "blocked") return {
			approved: false,
			source: "policy",
			message: "blocked by policy"
		};
		return request.note ? void 0 : remembered(request);
	}
	function requested(request, question) {
		onEvent?.({
			type: "approval_request",
			chain: request.chain,
			callId: request.callId,
			toolCallId: request.toolCallId,
			tool: request.toolName,
			approvalId: question.approval_id,
			args: request.args
		});
	}
	async function apply(request, decision, question) {
		const by = source.decidedBy;
		switch (decision.action) {
			case "approve": {
				const key = toolKeyOf(request);
				if (decision.remember === "tool") memory.approveTool(key);
				else if (decision.remember === "project" && grants) await grants.add(key, request.args);
				else if (decision.remember) memory.approveCall(key, request.args);
				return {
					approved: true,
					source: by
				};
			}
			case "deny": {
				const reason = decision.reason?.trim();
				return {
					approved: false,
					source: by,
					message: decision.message ?? (reason ? `denied by user: ${reason}` : "denied by user")
				};
			}
			case "pause":
				if (!request.canPause) return {
					approved: false,
					source: by,
					message: `denied: ${request.toolName} needs a decision, and a run cannot pause inside tool code (ctx.callWorker); decide it with --on-approval ask, or pre-approve it`
				};
				if (!source.interactive) requested(request, question);
				return {
					approved: false,
					source: by,
					message: "waiting for a decision",
					pending: { approvalId: question.approval_id }
				};
			case "abort":
				abortedByUser = new RunError("aborted-by-user", request.chain.at(-1) ?? "", `run aborted by user at the approval prompt for ${request.toolName}`);
				decided(request, {
					approved: false,
					source: by,
					message: "aborted by user"
				});
				throw abortedByUser;
		}
	}
	async function ask(request, signal) {
		if (!source.interactive) {
			const question = questionOf(request);
			return apply(request, await source.decide(question, signal), question);
		}
		const earlier = queue;
		let finished;
		const mine = new Promise((resolve) => finished = resolve);
		queue = earlier.then(() => mine);
		try {
			await untilAborted(earlier, signal);
			if (abortedByUser) throw abortedByUser;
			const meanwhile = remembered(request);
			if (meanwhile) return meanwhile;
			const question = questionOf(request);
			requested(request, question);
			return await apply(request, await untilAborted(source.decide(question, signal), signal), question);
		} finally {
			finished();
		}
	}
	return {
		precheck,
		ask,
		async authorize(request, rule, signal) {
			if (signal?.aborted) throw new AbortedError();
			if (abortedByUser) throw abortedByUser;
			return decided(request, precheck(request, rule) ?? await ask(request, signal));
		}
	};
}
function toolKeyOf(request) {
	return {
		toolset: request.toolset,
		tool: request.toolName
	};
}
function questionOf(request) {
	return {
		approval_id: request.approvalId ?? crypto.randomUUID(),
		call_id: request.callId ?? "",
		tool_call_id: request.toolCallId ?? "",
		chain: request.chain,
		toolset: request.toolset,
		tool: request.toolName,
		args: request.args,
		description: request.description,
		...request.note ? { note: request.note } : {}
	};
}
// src/approval/controller.ts
/**
* The approval controller of a run: a facade over the gate (gate.ts) that picks the decision source
* from an approval mode and an optional prompter, as the runtime has always configured it.
*/
/** The decision source an approval mode stands for. */
function sourceForMode(mode, prompter) {
	if (mode === "approve_all") return approveAll;
	if (mode === "auto_deny") return denyAll();
	return prompter ? fromPrompter(prompter) : noTerminal;
}
const MODE_OF_ON_APPROVAL = {
	ask: "interactive",
	approve: "approve_all",
	deny: "auto_deny"
};
/**
* The decision source `onApproval` names; `undefined` leaves the choice to `mode` and the prompter.
* Anything else is a UsageError listing the valid values.
*/
function sourceForOnApproval(onApproval, mode, prompter) {
	if (onApproval === void 0) return sourceForMode(mode, prompter);
	if (typeof onApproval === "function") return callback(onApproval);
	if (onApproval === "pause") return pauseAll;
	const named = Object.hasOwn(MODE_OF_ON_APPROVAL, onApproval) ? MODE_OF_ON_APPROVAL[onApproval] : void 0;
	if (!named) throw new UsageError(`onApproval must be "ask", "approve", "deny", "pause" or a function, got ${JSON.stringify(onApproval)}`);
	return sourceForMode(named, prompter);
}
const MODE_OF_SOURCE = {
	approve: "approve_all",
	deny: "auto_deny",
	pause: "interactive",
	ask: "interactive",
	callback: "interactive",
	decisions: "interactive"
};
/**
* Creates the controller of one run.
*
* @example
* const controller = createApprovalController({ mode: 'interactive', prompter, onEvent: emit });
* const decision = await controller.authorize({ chain: ['main'], toolset: 'filesystem', toolName: 'write_file', args, description }, 'ask');
*/
function createApprovalController(options) {
	const source = options.source ?? sourceForMode(options.mode, options.prompter);
	const gate = createApprovalGate({
		source,
		...options.memory ? { memory: options.memory } : {},
		...options.grants ? { grants: options.grants } : {},
		...options.onEvent ? { onEvent: options.onEvent } : {}
	});
	return {
		mode: MODE_OF_SOURCE[source.mode],
		authorize: gate.authorize
	};
}
var models = {
	"anthropic:claude-opus-4-5": {
		"input": 5,
		"output": 25,
		"cache_read": .5,
		"cache_write": 6.25
	},
	"anthropic:claude-opus-4-1": {
		"input": 15,
		"output": 75,
		"cache_read": 1.5,
		"cache_write": 18.75
	},
	"anthropic:claude-opus-4-0": {
		"input": 15,
		"output": 75,
		"cache_read": 1.5,
		"cache_write": 18.75
	},
	"anthropic:claude-opus-4": {
		"input": 15,
		"output": 75,
		"cache_read": 1.5,
		"cache_write": 18.75
	},
	"anthropic:claude-sonnet-4-5": {
		"input": 3,
		"output": 15,
		"cache_read": .3,
		"cache_write": 3.75
	},
	"anthropic:claude-sonnet-4-0": {
		"input": 3,
		"output": 15,
		"cache_read": .3,
		"cache_write": 3.75
	},
	"anthropic:claude-sonnet-4": {
		"input": 3,
		"output": 15,
		"cache_read": .3,
		"cache_write": 3.75
	},
	"anthropic:claude-3-7-sonnet": {
		"input": 3,
		"output": 15,
		"cache_read": .3,
		"cache_write": 3.75
	},
	"anthropic:claude-haiku-4-5": {
		"input": 1,
		"output": 5,
		"cache_read": .1,
		"cache_write": 1.25
	},
	"anthropic:claude-3-5-haiku": {
		"input": .8,
		"output": 4,
		"cache_read": .08,
		"cache_write": 1
	},
	"anthropic:claude-3-haiku": {
		"input": .25,
		"output": 1.25,
		"cache_read": .03,
		"cache_write": .3
	},
	"openai:gpt-5": {
		"input": 1.25,
		"output": 10,
		"cache_read": .125,
		"cache_write": 1.25
	},
	"openai:gpt-5-mini": {
		"input": .25,
		"output": 2,
		"cache_read": .025,
		"cache_write": .25
	},
	"openai:gpt-5-nano": {
		"input": .05,
		"output": .4,
		"cache_read": .005,
		"cache_write": .05
	},
	"openai:gpt-4.1": {
		"input": 2,
		"output": 8,
		"cache_read": .5,
		"cache_write": 2
	},
	"openai:gpt-4.1-mini": {
		"input": .4,
		"output": 1.6,
		"cache_read": .1,
		"cache_write": .4
	},
	"openai:gpt-4.1-nano": {
		"input": .1,
		"output": .4,
		"cache_read": .025,
		"cache_write": .1
	},
	"openai:gpt-4o": {
		"input": 2.5,
		"output": 10,
		"cache_read": 1.25,
		"cache_write": 2.5
	},
	"openai:gpt-4o-mini": {
		"input": .15,
		"output": .6,
		"cache_read": .075,
		"cache_write": .15
	},
	"openai:o3": {
		"input": 2,
		"output": 8,
		"cache_read": .5,
		"cache_write": 2
	},
	"openai:o4-mini": {
		"input": 1.1,
		"output": 4.4,
		"cache_read": .275,
		"cache_write": 1.1
	},
	"google:gemini-2.5-pro": {
		"input": 1.25,
		"output": 10,
		"cache_read": .31,
		"cache_write": 1.25
	},
	"google:gemini-2.5-flash": {
		"input": .3,
		"output": 2.5,
		"cache_read": .075,
		"cache_write": .3
	},
	"google:gemini-2.5-flash-lite": {
		"input": .1,
		"output": .4,
		"cache_read": .025,
		"cache_write": .1
	},
	"ollama:*": {
		"input": 0,
		"output": 0,
		"cache_read": 0,
		"cache_write": 0
	},
	"test:*": {
		"input": 0,
		"output": 0,
		"cache_read": 0,
		"cache_write": 0
	}
};
/** Trailing `-20250929`, `-2025-04-14` or `-latest`: the same model at a pinned or floating version. */
const VERSION_SUFFIX = /-(\d{8}|\d{4}-\d{2}-\d{2}|latest)$/;
/**
* The bundled table with `overrides` on top, later layers winning (an entry replaces the whole
* entry of the same key).
*/
function createPriceBook(overrides = []) {
	const prices = new Map(Object.entries(models));
	for (const layer of overrides) for (const [key, price] of Object.entries(layer ?? {})) prices.set(key, price);
	return { priceOf(modelId) {
		const { provider, model } = parseModelId(modelId);
		const candidates = [
			`${provider}:${model}`,
			`${provider}:${model.replace(VERSION_SUFFIX, "")}`,
			`${provider}:*`
		];
		for (const key of candidates) {
			const price = prices.get(key);
			if (price) return price;
		}
	} };
}
/** USD a request cost: uncached input, cache reads, cache writes and output each at their price. */
function requestCost(price, tokens) {
	return (Math.max(0, tokens.input - tokens.cacheRead - tokens.cacheWrite) * price.input + tokens.cacheRead * (price.cache_read ?? price.input) + tokens.cacheWrite * (price.cache_write ?? price.input) + tokens.output * price.output) / 1e6;
}
// src/runtime/branches.ts
/** How long an aborted run waits for its branches to wind down before it ends without them. */
const DRAIN_GRACE_MS = 2e3;
function createBranches() {
	const pending = /* @__PURE__ */ new Map();
	return {
		track(label, work) {
			const settled = work.then(() => void 0, () => void 0);
			pending.set(settled, label);
			settled.then(() => pending.delete(settled));
			return work;
		},
		async drain(graceMs) {
			let timer;
			const expired = new Promise((resolve) => timer = setTimeout(() => resolve("expired"), graceMs));
			try {
				while (pending.size > 0) if (await Promise.race([Promise.all(pending.keys()), expired]) === "expired") break;
			} finally {
				clearTimeout(timer);
			}
			const left = innermost([...pending.values()]);
			pending.clear();
			return left;
		}
	};
}
/** Drops a label when another one runs inside it (`main › helper` when `main › helper › slow` is left). */
function innermost(labels) {
	const unique = [...new Set(labels)];
	return unique.filter((label) => !unique.some((other) => other.startsWith(`${label} › `)));
}
function createEventBus(options = {}) {
	const { now = Date.now, debug } = options;
	const subscribers = /* @__PURE__ */ new Set();
	let seq = options.afterSeq ?? 0;
	let closed = false;
	let droppedAfterClose = 0;
	const guarded = (listener, unsubscribe) => (event) => {
		try {
			listener(event);
		} catch (error) {
			unsubscribe();
			debug?.(`event subscriber failed and was removed: ${error instanceof Error ? error.message : String(error)}`);
		}
	};
	return {
		get closed() {
			return closed;
		},
		emit(event) {
			if (closed) {
				droppedAfterClose++;
				debug?.(`event ${event.type} after run_end dropped (${droppedAfterClose} so far)`);
				return;
			}
			const { type, ...rest } = event;
			const stamped = {
				v: 1,
				type,
				seq: ++seq,
				ts: new Date(now()).toISOString(),
				...rest
			};
			for (const subscriber of [...subscribers]) subscriber.deliver(stamped);
			return stamped;
		},
		subscribe(listener, subscribeOptions = {}) {
			const dropped = new Set(subscribeOptions.drop ?? []);
			let subscriber;
			const unsubscribe = () => {
				if (subscribers.delete(subscriber)) subscriber.release();
			};
			const safe = guarded(listener, unsubscribe);
			const inner = subscribeOptions.lossless ? {
				deliver: safe,
				release: () => void 0
			} : lossyQueue(safe, debug);
			subscriber = {
				deliver: (event) => void (dropped.has(event.type) || inner.deliver(event)),
				release: () => {
					inner.release();
					subscribeOptions.onRelease?.();
				}
			};
			if (closed) subscriber.release();
			else subscribers.add(subscriber);
			return unsubscribe;
		},
		close() {
			if (closed) return;
			closed = true;
			for (const subscriber of subscribers) subscriber.release();
			subscribers.clear();
		}
	};
}
/**
* Delivers on a later microtask, so a slow listener never runs inside `emit`. Adjacent `text_delta`s
* of one call merge into one; past {@link LOSSY_QUEUE_LIMIT} the oldest event is dropped.
*/
function lossyQueue(listener, debug) {
	const queue = [];
	let scheduled = false;
	let released = false;
	const flush = () => {
		scheduled = false;
		while (queue.length > 0) listener(queue.shift());
	};
	return {
		deliver(event) {
			if (released) return;
			const last = queue[queue.length - 1];
			if (event.type === "text_delta" && last?.type === "text_delta" && last.call_id === event.call_id) queue[queue.length - 1] = {
				...last,
				text: last.text + event.text,
				seq: event.seq,
				ts: event.ts
			};
			else {
				queue.push(event);
				if (queue.length > 1e3) debug?.(`slow event subscriber: dropped ${queue.shift().type}`);
			}
			if (!scheduled) {
				scheduled = true;
				queueMicrotask(flush);
			}
		},
		release: () => void (released = true)
	};
}
/**
* Every event of the bus from now until it closes (a run's bus closes at its `run_end`; a chat
* session's when the session closes), as an AsyncIterable any number of readers may
* iterate, each from the first event, at any time (`runWorker`'s `events`). It keeps what it has
* seen for late readers, so it is made only when a caller may read it.
*/
function replayableEvents(bus) {
	const seen = [];
	let ended = bus.closed;
	const waiters = /* @__PURE__ */ new Set();
	const wakeAll = () => {
		for (const wake of [...waiters]) wake();
		waiters.clear();
	};
	bus.subscribe((event) => {
		seen.push(event);
		wakeAll();
	}, {
		lossless: true,
		onRelease: () => (ended = true, wakeAll())
	});
	return { async *[Symbol.asyncIterator]() {
		for (let index = 0;;) {
			if (index < seen.length) {
				yield seen[index++];
				continue;
			}
			if (ended) return;
			await new Promise((resolve) => waiters.add(resolve));
		}
	} };
}
// src/runtime/run-id.ts
/**
* Run ids are UUIDv7 (RFC 9562): 48 bits of Unix milliseconds, then random bits, so ids sort by start
* time (what a run store lists by). Node 20's `crypto.randomUUID` makes only v4, hence this.
*/
function uuidv7(now = Date.now()) {
	const bytes = crypto.getRandomValues(/* @__PURE__ */ new Uint8Array(16));
	let ms = now;
	for (let index = 5; index >= 0; index--) {
		bytes[index] = ms % 256;
		ms = Math.floor(ms / 256);
	}
	bytes[6] = 112 | bytes[6] & 15;
	bytes[8] = 128 | bytes[8] & 63;
	const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");
	return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
// src/runtime/usage.ts
/** Float sums of prices drift (0.1 + 0.2); cost is reported to a billionth of a dollar. */
function roundUsd(usd) {
	return Math.round(usd * 1e9) / 1e9;
}
function emptyUsage() {
	return {
		input_tokens: 0,
		output_tokens: 0,
		cache_read_tokens: 0,
		cache_write_tokens: 0,
		cost_usd: 0,
		unpriced_models: []
	};
}
/** Adds `request` (of `model`) into `total`: tokens always, cost only while every model is priced. */
function accumulate(total, request, model) {
	total.input_tokens += request.input_tokens;
	total.output_tokens += request.output_tokens;
	total.cache_read_tokens += request.cache_read_tokens;
	total.cache_write_tokens += request.cache_write_tokens;
	if (request.cost_usd === null) {
		if (!total.unpriced_models.includes(model)) total.unpriced_models.push(model);
		total.cost_usd = null;
	} else if (total.cost_usd !== null) total.cost_usd += request.cost_usd;
}
function copyOf({ input_tokens, output_tokens, cache_read_tokens, cache_write_tokens, cost_usd, unpriced_models }) {
	return {
		input_tokens,
		output_tokens,
		cache_read_tokens,
		cache_write_tokens,
		cost_usd,
		unpriced_models: [...unpriced_models]
	};
}
/** A copy to hand out, its cost rounded: later requests do not change a summary already given. */
function finished(usage) {
	return {
		...usage,
		cost_usd: usage.cost_usd === null ? null : roundUsd(usage.cost_usd),
		unpriced_models: [...usage.unpriced_models]
	};
}
/** A meter of `prices`; a resumed run's starts from the usage it had when it stopped. */
function createUsageMeter(prices, before) {
	const byWorker = new Map(Object.entries(before?.by_worker ?? {}).map(([worker, usage]) => [worker, copyOf(usage)]));
	const total = before ? copyOf(before) : emptyUsage();
	return {
		add(worker, model, usage) {
			const tokens = {
				input: usage.inputTokens.total ?? 0,
				output: usage.outputTokens.total ?? 0,
				cacheRead: usage.inputTokens.cacheRead ?? 0,
				cacheWrite: usage.inputTokens.cacheWrite ?? 0
			};
			const price = prices.priceOf(model);
			const request = {
				input_tokens: tokens.input,
				output_tokens: tokens.output,
				cache_read_tokens: tokens.cacheRead,
				cache_write_tokens: tokens.cacheWrite,
				cost_usd: price ? roundUsd(requestCost(price, tokens)) : null
			};
			const current = byWorker.get(worker) ?? emptyUsage();
			accumulate(current, request, model);
			accumulate(total, request, model);
			byWorker.set(worker, current);
			return request;
		},
		summary() {
			const by_worker = Object.fromEntries([...byWorker].map(([worker, usage]) => [worker, finished(usage)]));
			return {
				...finished(total),
				by_worker
			};
		}
	};
}
// src/runtime/run-scope.ts
/**
* Builds the context one run shares (its config, services and state) and an abort signal that a
* user's signal, Ctrl-C or a fatal tool outcome (quit at a prompt) all trigger.
*/
const DEFAULT_MAX_DEPTH = 5;
/**
* The bus of a run (or a chat session, whose turns are runs) with the caller's readers attached:
* the replayable `events`, `onEvent`, the run store, then `subscribe` — before the first event.
*/
function openRunBus(options, resumed) {
	const bus = createEventBus({
		...options._internal?.now ? { now: options._internal.now } : {},
		...options.debug ? { debug: options.debug } : {},
		...resumed ? { afterSeq: resumed.afterSeq } : {}
	});
	const events = replayableEvents(bus);
	if (options.onEvent) bus.subscribe(options.onEvent, { lossless: true });
	if (options.store) attachRunStore(bus, options.store, options, resumed?.runId);
	options.subscribe?.(bus);
	return {
		bus,
		events
	};
}
/** Emits events of one call: fills in its identity. */
function emitterFor(ctx, identity) {
	return (body) => ctx.services.emit({
		...identity,
		...body
	});
}
/** Scope of a whole run (or chat session), publishing on `bus`; a resumed run goes on from `resumed`. */
function createRunScope(options, bus, resumed) {
	const { project } = options;
	const now = options._internal?.now ?? Date.now;
	const env = options.env ?? process.env;
	const emit = (event) => void bus.emit(event);
	const saved = resumed?.state;
	const state = {
		callCount: saved?.call_count ?? 0,
		deniedCalls: saved?.denied_calls ?? 0,
		calls: /* @__PURE__ */ new Map(),
		active: /* @__PURE__ */ new Map(),
		session: saved ? sessionMemoryFromJSON(saved.session, "the saved run state") : createSessionMemory(),
		running: /* @__PURE__ */ new Map(),
		branches: createBranches(),
		prepared: /* @__PURE__ */ new Map(),
		requests: /* @__PURE__ */ new WeakMap()
	};
	const approvalMode = options.approval ?? project.manifest?.approval?.mode ?? "interactive";
	return scopeWithSignal({
		config: Object.freeze({
			runId: saved?.run_id ?? uuidv7(now()),
			project,
			env,
			modelOverride: options.model,
			maxDepth: options.maxDepth ?? project.manifest?.delegation?.max_depth ?? 5,
			grants: Object.freeze([...options.mounts ?? []]),
			overrides: Object.freeze([...options.set ?? []]),
			stream: options.stream ?? true
		}),
		services: {
			models: options._internal?.models ?? createModelRegistry({
				env,
				providers: project.manifest?.providers,
				retry: { onRetry: (retry) => {
					const call = retry.signal ? state.requests.get(retry.signal) : void 0;
					if (!call) return;
					const { model, ...identity } = call;
					const status = retry.status === void 0 ? {} : { status: retry.status };
					emit({
						...identity,
						type: "model_retry",
						model,
						attempt: retry.attempt,
						max_retries: retry.retries,
						delay_ms: retry.delayMs,
						...status,
						message: retry.reason
					});
				} }
			}),
			approvals: createApprovalController({
				mode: approvalMode,
				source: withDecisions(sourceForOnApproval(options.onApproval, approvalMode, options.prompter), resumed?.decisions),
				...options.grants ? { grants: options.grants } : {},
				memory: state.session,
				onEvent: (event) => emitApprovalEvent(emit, state.calls, event)
			}),
			emit,
			now,
			usage: createUsageMeter(createPriceBook([project.manifest?.prices]), saved?.usage),
			checkpoint: checkpointSink(options)
		},
		state
	}, options.signal);
}
/** `source`, after the decisions given in advance (a resumed run's). */
function withDecisions(source, decisions) {
	return decisions && decisions.size > 0 ? fromDecisions(decisions, source) : source;
}
/** Where checkpoints go: the run store, if it saves them and the project is recorded, and `onCheckpoint`. */
function checkpointSink({ store, project, onCheckpoint }) {
	const sinks = [...store?.checkpoint && recordsRuns(project) ? [(snapshot) => store.checkpoint?.(snapshot)] : [], ...onCheckpoint ? [onCheckpoint] : []];
	if (sinks.length === 0) return void 0;
	return (snapshot) => sinks.forEach((sink) => sink(snapshot));
}
/**
* A scope sharing services and state with `parent` but with its own run id and abort signal (one
* chat turn); `emit` replaces the parent's (a turn drops what its cancelled work reports late).
*/
function createTurnScope(parent, emit, signal) {
	return scopeWithSignal({
		config: Object.freeze({
			...parent.config,
			runId: uuidv7(parent.services.now())
		}),
		services: {
			...parent.services,
			emit
		},
		state: parent.state
	}, signal);
}
/** Approval events of a tool call, under the identity of the call that made it. */
function emitApprovalEvent(emit, calls, event) {
	const { callId, toolCallId, chain, ...rest } = event;
	const { approvalId, ...same } = rest;
	const body = approvalId === void 0 ? same : {
		...same,
		approval_id: approvalId
	};
	const identity = callId === void 0 ? void 0 : calls.get(callId);
	const fallback = {
		run_id: "",
		call_id: callId ?? "",
		parent_call_id: null,
		worker: chain.at(-1) ?? "",
		chain: [...chain]
	};
	emit({
		...identity ?? fallback,
		...body,
		tool_call_id: toolCallId ?? ""
	});
}
function scopeWithSignal(base, outer) {
	const abort = new AbortController();
	let fatal;
	const ctx = {
		...base,
		signal: abort.signal,
		fail(error) {
			fatal ??= error;
			abort.abort(error);
		}
	};
	const onOuterAbort = () => {
		const reason = outer?.reason;
		if (LlmDoError.isInstance(reason) && reason.kind !== "aborted") ctx.fail(namingRunningCalls(reason, base.state.running));
		else abort.abort(new AbortedError());
	};
	outer?.addEventListener("abort", onOuterAbort, { once: true });
	if (outer?.aborted) onOuterAbort();
	return {
		ctx,
		failure(caught, abortMessage = "interrupted") {
			const error = fatal ?? caught;
			if (LlmDoError.isInstance(error)) return error;
			if (abort.signal.aborted) return new AbortedError(abortMessage);
			return error instanceof Error ? error : new Error(String(error));
		},
		dispose: () => outer?.removeEventListener("abort", onOuterAbort)
	};
}
/** A stalled run's error, saying which tool calls it was still waiting for. */
function namingRunningCalls(error, running) {
	if (!RunError.isInstance(error) || error.code !== "stalled" || running.size === 0) return error;
	return new RunError("stalled", error.worker, `${error.message}; still waiting for ${[...running.values()].join(", ")}`);
}
// src/runtime/delegation.ts
/**
* The `workers` toolset: each allowed worker becomes a tool named after its id. A call runs a fresh
* agent loop for the callee, after the chain checks of SPEC §9 (allowed, depth, no cycles) and the
* attachment checks; callee failures reach the caller's model as error results.
*/
const DefaultCallInput = object$1({
	input: string().describe("The task or question for the worker."),
	instructions: string().optional().describe("Extra guidance for this call."),
	attachments: array$1(string()).optional().describe("Sandbox paths of files to hand to the worker.")
});
/** One tool per allowed worker. */
async function createDelegationTools(ctx, caller, execute) {
	return Promise.all(caller.worker.allowedWorkers.map(async (definition) => {
		const callee = await prepareWorker(ctx, definition);
		return {
			toolset: "workers",
			name: toolNameForWorker(definition.id),
			description: definition.config.description ?? `Run the worker ${definition.id}.`,
			inputSchema: callee.schemaIn ? callee.schemaIn.jsonSchema : DefaultCallInput,
			defaultRule: "preApproved",
			execute: (args, context) => delegate(ctx, caller, definition, args, context.toolCallId ?? "", execute)
		};
	}));
}
/** Runs `callee` for `caller` after every check; returns the callee's output (text or JSON value). */
async function delegate(ctx, caller, callee, args, toolCallId, execute) {
	const callerId = caller.worker.definition.id;
	const chain = [...caller.identity.chain, callee.id];
	assertCallAllowed(ctx, caller, callee, chain);
	const prepared = await prepareWorker(ctx, callee);
	let input;
	let extraInstructions;
	let attachments = [];
	if (prepared.schemaIn) input = validatedInput(callee.id, prepared.schemaIn, args, `call from ${callerId}`);
	else {
		const call = args;
		input = {
			value: call.input,
			text: call.input.length > 0 ? call.input : "(no input)"
		};
		extraInstructions = call.instructions;
		attachments = await readAttachments(caller, prepared, call.attachments ?? [], chain);
	}
	const identity = {
		run_id: ctx.config.runId,
		call_id: nextCallId(ctx.state),
		parent_call_id: caller.identity.call_id,
		worker: callee.id,
		chain
	};
	emitterFor(ctx, identity)({
		type: "delegation_start",
		tool_call_id: toolCallId,
		caller: callerId,
		model: prepared.modelId,
		depth: chain.length - 1,
		input: input.value
	});
	return delegated(ctx, identity, toolCallId, () => execute({
		worker: prepared,
		input,
		extraInstructions,
		attachments: attachmentParts(attachments, chain),
		identity,
		parentToolCallId: toolCallId,
		restrictions: caller.restrictions
	}));
}
/**
* Runs (or, in a resumed run, goes on with) the delegated call `identity` under the caller's tool
* call, ending it with `delegation_end`; a pause is not an end.
*/
async function delegated(ctx, identity, toolCallId, run) {
	const { now } = ctx.services;
	const started = now();
	const emit = emitterFor(ctx, identity);
	const caller = identity.chain.at(-2) ?? "";
	try {
		const { output } = await run();
		emit({
			type: "delegation_end",
			tool_call_id: toolCallId,
			caller,
			ok: true,
			duration_ms: now() - started
		});
		return output;
	} catch (error) {
		if (CallPaused.isInstance(error)) throw error;
		emit({
			type: "delegation_end",
			tool_call_id: toolCallId,
			caller,
			ok: false,
			error: error instanceof Error ? error.message : String(error),
			duration_ms: now() - started
		});
		throw error;
	}
}
/** Refuses a callee outside the caller's `allowed_workers`. */
function assertAllowedWorker(caller, callee) {
	if (!caller.worker.allowedWorkers.some((allowed) => allowed.id === callee.id)) throw new DelegationError("not-allowed", caller.identity.chain, `worker ${caller.worker.definition.id} may not call ${callee.id} (not in its allowed_workers)`);
}
function assertCallAllowed(ctx, caller, callee, chain) {
	const callerId = caller.worker.definition.id;
	assertAllowedWorker(caller, callee);
	if (caller.identity.chain.includes(callee.id)) {
		const listed = enabledToolset(caller.worker.definition.config.toolsets, "workers")?.allowed_workers ?? [];
		if (!(callee.id === callerId && listed.includes(callee.id))) throw new DelegationError("circular", caller.identity.chain, `circular delegation: ${chain.join(" → ")}`);
	}
	const depth = chain.length - 1;
	if (depth > ctx.config.maxDepth) throw new DelegationError("depth", caller.identity.chain, `delegation depth limit: calling ${callee.id} from ${caller.identity.chain.join(" › ")} would reach depth ${depth}, over max_depth ${ctx.config.maxDepth}`);
}
async function readAttachments(caller, callee, paths, chain) {
	if (paths.length === 0) return [];
	const sandbox = caller.sandbox;
	if (!sandbox) throw new DelegationError("attachment", caller.identity.chain, `worker ${caller.worker.definition.id} has no sandbox, so it cannot attach files`);
	const policies = [{
		owner: `worker ${caller.worker.definition.id}`,
		policy: caller.worker.definition.config.attachment_policy
	}, {
		owner: `worker ${callee.definition.id}`,
		policy: callee.definition.config.attachment_policy
	}];
	await checkAttachments(paths, policies, async (path) => {
		const stat = await sandbox.stat(path);
		if (!stat.exists || stat.kind !== "file") throw new DelegationError("attachment", chain, `attachment ${path} is not a file in the sandbox`);
		return stat.size ?? 0;
	}, chain);
	return readAttachmentFiles(paths, policies, async (path, maxBytes) => {
		try {
			return await sandbox.readBinary(path, { maxBytes });
		} catch (error) {
			if (SandboxError.isInstance(error) && error.code === "too-large") throw new DelegationError("attachment", chain, `attachment ${path} does not fit in what is left of the attachment size limit: ${error.message}`);
			throw error;
		}
	});
}
// node_modules/@vercel/oidc/dist/get-context.js
var require_get_context = /* @__PURE__ */ __commonJSMin(((exports, module) => {
	var __defProp = Object.defineProperty;
	var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
	var __getOwnPropNames = Object.getOwnPropertyNames;
	var __hasOwnProp = Object.prototype.hasOwnProperty;
	var __export = (target, all) => {
		for (var name in all) __defProp(target, name, {
			get: all[name],
			enumerable: true
		});
	};
	var __copyProps = (to, from, except, desc) => {
		if (from && typeof from === "object" || typeof from === "function") {
			for (let key of __getOwnPropNames(from)) if (!__hasOwnProp.call(to, key) && key !== except) __defProp(to, key, {
				get: () => from[key],
				enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable
			});
		}
		return to;
	};
	var __toCommonJS = (mod) => __copyProps(__defProp({}, "__esModule", { value: true }), mod);
	var get_context_exports = {};
	__export(get_context_exports, {
		SYMBOL_FOR_REQ_CONTEXT: () => SYMBOL_FOR_REQ_CONTEXT,
		getContext: () => getContext
	});
	module.exports = __toCommonJS(get_context_exports);
	const SYMBOL_FOR_REQ_CONTEXT = Symbol.for("@vercel/request-context");
	function getContext() {
		return globalThis[SYMBOL_FOR_REQ_CONTEXT]?.get?.() ?? {};
	}
	0 && (module.exports = {
		SYMBOL_FOR_REQ_CONTEXT,
		getContext
	});
}));
// node_modules/@vercel/oidc/dist/get-vercel-oidc-token.js
var require_get_vercel_oidc_token = /* @__PURE__ */ __commonJSMin(((exports, module) => {
	var __defProp = Object.defineProperty;
	var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
	var __getOwnPropNames = Object.getOwnPropertyNames;
	var __hasOwnProp = Object.prototype.hasOwnProperty;
	var __export = (target, all) => {
		for (var name in all) __defProp(target, name, {
			get: all[name],
			enumerable: true
		});
	};
	var __copyProps = (to, from, except, desc) => {
		if (from && typeof from === "object" || typeof from === "function") {
			for (let key of __getOwnPropNames(from)) if (!__hasOwnProp.call(to, key) && key !== except) __defProp(to, key, {
				get: () => from[key],
				enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable
			});
		}
		return to;
	};
	var __toCommonJS = (mod) => __copyProps(__defProp({}, "__esModule", { value: true }), mod);
	var get_vercel_oidc_token_exports = {};
	__export(get_vercel_oidc_token_exports, {
		getVercelOidcToken: () => getVercelOidcToken,
		getVercelOidcTokenSync: () => getVercelOidcTokenSync
	});
	module.exports = __toCommonJS(get_vercel_oidc_token_exports);
	var import_get_context = require_get_context();
	var import_token_error = require_token_error();
	async function getVercelOidcToken(options) {
		let token = "";
		let err;
		try {
			token = getVercelOidcTokenSync();
		} catch (error) {
			err = error;
		}
		try {
			const [{ getTokenPayload, isExpired }, { refreshToken }] = await Promise.all([await import("./token-util-4FCWaj4S.js").then((m) => /* @__PURE__ */ __toESM(m.default)), await import("./token-BxPsSq_4.js").then((m) => /* @__PURE__ */ __toESM(m.default))]);
			if (!token || isExpired(getTokenPayload(token), options?.expirationBufferMs)) {
				await refreshToken(options);
				token = getVercelOidcTokenSync();
			}
		} catch (error) {
			let message = err instanceof Error ? err.message : "";
			if (error instanceof Error) message = `${message}
${error.message}`;
			if (message) throw new import_token_error.VercelOidcTokenError(message);
			throw error;
		}
		return token;
	}
	function getVercelOidcTokenSync() {
		const token = (0, import_get_context.getContext)().headers?.["x-vercel-oidc-token"] ?? process.env.VERCEL_OIDC_TOKEN;
		if (!token) throw new Error(`The 'x-vercel-oidc-token' header is missing from the request. Do you have the OIDC option enabled in the Vercel project settings?`);
		return token;
	}
	0 && (module.exports = {
		getVercelOidcToken,
		getVercelOidcTokenSync
	});
}));
// node_modules/@ai-sdk/gateway/dist/index.mjs
var import_dist = (/* @__PURE__ */ __commonJSMin(((exports, module) => {
	var __defProp = Object.defineProperty;
	var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
	var __getOwnPropNames = Object.getOwnPropertyNames;
	var __hasOwnProp = Object.prototype.hasOwnProperty;
	var __export = (target, all) => {
		for (var name in all) __defProp(target, name, {
			get: all[name],
			enumerable: true
		});
	};
	var __copyProps = (to, from, except, desc) => {
		if (from && typeof from === "object" || typeof from === "function") {
			for (let key of __getOwnPropNames(from)) if (!__hasOwnProp.call(to, key) && key !== except) __defProp(to, key, {
				get: () => from[key],
				enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable
			});
		}
		return to;
	};
	var __toCommonJS = (mod) => __copyProps(__defProp({}, "__esModule", { value: true }), mod);
	var src_exports = {};
	__export(src_exports, {
		AccessTokenMissingError: () => import_auth_errors.AccessTokenMissingError,
		RefreshAccessTokenFailedError: () => import_auth_errors.RefreshAccessTokenFailedError,
		getContext: () => import_get_context.getContext,
		getVercelOidcToken: () => import_get_vercel_oidc_token.getVercelOidcToken,
		getVercelOidcTokenSync: () => import_get_vercel_oidc_token.getVercelOidcTokenSync,
		getVercelToken: () => import_token_util.getVercelToken
	});
	module.exports = __toCommonJS(src_exports);
	var import_get_vercel_oidc_token = require_get_vercel_oidc_token();
	var import_get_context = require_get_context();
	var import_auth_errors = require_auth_errors();
	var import_token_util = require_token_util();
	0 && (module.exports = {
		AccessTokenMissingError,
		RefreshAccessTokenFailedError,
		getContext,
		getVercelOidcToken,
		getVercelOidcTokenSync,
		getVercelToken
	});
})))();
var symbol$1 = Symbol.for("vercel.ai.gateway.error");
var _a$1;
var _b;
var GatewayError = class _GatewayError extends (_b = Error, _a$1 = symbol$1, _b) {
	constructor({ message, statusCode = 500, cause, generationId, isRetryable = statusCode != null && (statusCode === 408 || statusCode === 409 || statusCode === 429 || statusCode >= 500) }) {
		super(generationId ? `${message} [${generationId}]` : message);
		this[_a$1] = true;
		this.statusCode = statusCode;
		this.cause = cause;
		this.generationId = generationId;
		this.isRetryable = isRetryable;
	}
	/**
	* Checks if the given error is a Gateway Error.
	* @param {unknown} error - The error to check.
	* @returns {boolean} True if the error is a Gateway Error, false otherwise.
	*/
	static isInstance(error) {
		return _GatewayError.hasMarker(error);
	}
	static hasMarker(error) {
		return typeof error === "object" && error !== null && symbol$1 in error && error[symbol$1] === true;
	}
};
var name$1 = "GatewayAuthenticationError";
var marker2$1 = `vercel.ai.gateway.error.${name$1}`;
var symbol2$1 = Symbol.for(marker2$1);
var _a2$1;
var _b2;
var GatewayAuthenticationError = class _GatewayAuthenticationError extends (_b2 = GatewayError, _a2$1 = symbol2$1, _b2) {
	constructor({ message = "Authentication failed", statusCode = 401, cause, generationId } = {}) {
		super({
			message,
			statusCode,
			cause,
			generationId
		});
		this[_a2$1] = true;
		this.name = name$1;
		this.type = "authentication_error";
	}
	static isInstance(error) {
		return GatewayError.hasMarker(error) && symbol2$1 in error;
	}
	/**
	* Creates a contextual error message when authentication fails
	*/
	static createContextualError({ apiKeyProvided, oidcTokenProvided, message = "Authentication failed", statusCode = 401, cause, generationId }) {
		let contextualMessage;
		if (apiKeyProvided) contextualMessage = `AI Gateway authentication failed: Invalid API key.

Create a new API key: https://vercel.com/d?to=%2F%5Bteam%5D%2F%7E%2Fai%2Fapi-keys

Provide via 'apiKey' option or 'AI_GATEWAY_API_KEY' environment variable.`;
		else if (oidcTokenProvided) contextualMessage = `AI Gateway authentication failed: Invalid OIDC token.

Run 'npx vercel link' to link your project, then 'vc env pull' to fetch the token.

Alternatively, use an API key: https://vercel.com/d?to=%2F%5Bteam%5D%2F%7E%2Fai%2Fapi-keys`;
		else contextualMessage = `AI Gateway authentication failed: No authentication provided.

Option 1 - API key:
Create an API key: https://vercel.com/d?to=%2F%5Bteam%5D%2F%7E%2Fai%2Fapi-keys
Provide via 'apiKey' option or 'AI_GATEWAY_API_KEY' environment variable.

Option 2 - OIDC token:
Run 'npx vercel link' to link your project, then 'vc env pull' to fetch the token.`;
		return new _GatewayAuthenticationError({
			message: contextualMessage,
			statusCode,
			cause,
			generationId
		});
	}
};
var name2$1 = "GatewayInvalidRequestError";
var marker3$1 = `vercel.ai.gateway.error.${name2$1}`;
var symbol3$1 = Symbol.for(marker3$1);
var _a3$1;
var _b3;
var GatewayInvalidRequestError = class extends (_b3 = GatewayError, _a3$1 = symbol3$1, _b3) {
	constructor({ message = "Invalid request", statusCode = 400, cause, generationId } = {}) {
		super({
			message,
			statusCode,
			cause,
			generationId
		});
		this[_a3$1] = true;
		this.name = name2$1;
		this.type = "invalid_request_error";
	}
	static isInstance(error) {
		return GatewayError.hasMarker(error) && symbol3$1 in error;
	}
};
var name3$1 = "GatewayRateLimitError";
var marker4$1 = `vercel.ai.gateway.error.${name3$1}`;
var symbol4$1 = Symbol.for(marker4$1);
var _a4$1;
var _b4;
var GatewayRateLimitError = class extends (_b4 = GatewayError, _a4$1 = symbol4$1, _b4) {
	constructor({ message = "Rate limit exceeded", statusCode = 429, cause, generationId } = {}) {
		super({
			message,
			statusCode,
			cause,
			generationId
		});
		this[_a4$1] = true;
		this.name = name3$1;
		this.type = "rate_limit_exceeded";
	}
	static isInstance(error) {
		return GatewayError.hasMarker(error) && symbol4$1 in error;
	}
};
var name4$1 = "GatewayModelNotFoundError";
var marker5$1 = `vercel.ai.gateway.error.${name4$1}`;
var symbol5$1 = Symbol.for(marker5$1);
var modelNotFoundParamSchema = lazySchema(() => zodSchema(object$1({ modelId: string() })));
var _a5$1;
var _b5;
var GatewayModelNotFoundError = class extends (_b5 = GatewayError, _a5$1 = symbol5$1, _b5) {
	constructor({ message = "Model not found", statusCode = 404, modelId, cause, generationId } = {}) {
		super({
			message,
			statusCode,
			cause,
			generationId
		});
		this[_a5$1] = true;
		this.name = name4$1;
		this.type = "model_not_found";
		this.modelId = modelId;
	}
	static isInstance(error) {
		return GatewayError.hasMarker(error) && symbol5$1 in error;
	}
};
var name5$1 = "GatewayInternalServerError";
var marker6$1 = `vercel.ai.gateway.error.${name5$1}`;
var symbol6$1 = Symbol.for(marker6$1);
var _a6$1;
var _b6;
var GatewayInternalServerError = class extends (_b6 = GatewayError, _a6$1 = symbol6$1, _b6) {
	constructor({ message = "Internal server error", statusCode = 500, cause, generationId } = {}) {
		super({
			message,
			statusCode,
			cause,
			generationId
		});
		this[_a6$1] = true;
		this.name = name5$1;
		this.type = "internal_server_error";
	}
	static isInstance(error) {
		return GatewayError.hasMarker(error) && symbol6$1 in error;
	}
};
var name6$1 = "GatewayFailedDependencyError";
var marker7$1 = `vercel.ai.gateway.error.${name6$1}`;
var symbol7$1 = Symbol.for(marker7$1);
var _a7$1;
var _b7;
var GatewayFailedDependencyError = class extends (_b7 = GatewayError, _a7$1 = symbol7$1, _b7) {
	constructor({ message = "Failed dependency", statusCode = 424, cause, generationId } = {}) {
		super({
			message,
			statusCode,
			cause,
			generationId
		});
		this[_a7$1] = true;
		this.name = name6$1;
		this.type = "failed_dependency";
	}
	static isInstance(error) {
		return GatewayError.hasMarker(error) && symbol7$1 in error;
	}
};
var name7$1 = "GatewayForbiddenError";
var marker8$1 = `vercel.ai.gateway.error.${name7$1}`;
var symbol8$1 = Symbol.for(marker8$1);
var forbiddenParamSchema = lazySchema(() => zodSchema(object$1({ ruleId: string() })));
var _a8$1;
var _b8;
var GatewayForbiddenError = class extends (_b8 = GatewayError, _a8$1 = symbol8$1, _b8) {
	constructor({ message = "Forbidden", statusCode = 403, cause, generationId, ruleId } = {}) {
		super({
			message,
			statusCode,
			cause,
			generationId
		});
		this[_a8$1] = true;
		this.name = name7$1;
		this.type = "forbidden";
		this.ruleId = ruleId;
	}
	static isInstance(error) {
		return GatewayError.hasMarker(error) && symbol8$1 in error;
	}
};
var name8$1 = "GatewayResponseError";
var marker9$1 = `vercel.ai.gateway.error.${name8$1}`;
var symbol9$1 = Symbol.for(marker9$1);
var _a9$1;
var _b9;
var GatewayResponseError = class extends (_b9 = GatewayError, _a9$1 = symbol9$1, _b9) {
	constructor({ message = "Invalid response from Gateway", statusCode = 502, response, validationError, cause, generationId, isRetryable } = {}) {
		super({
			message,
			statusCode,
			cause,
			generationId,
			isRetryable
		});
		this[_a9$1] = true;
		this.name = name8$1;
		this.type = "response_error";
		this.response = response;
		this.validationError = validationError;
	}
	static isInstance(error) {
		return GatewayError.hasMarker(error) && symbol9$1 in error;
	}
};
async function createGatewayErrorFromResponse({ response, statusCode, defaultMessage = "Gateway request failed", cause, authMethod, isRetryable }) {
	var _a11;
	const parseResult = await safeValidateTypes({
		value: response,
		schema: gatewayErrorResponseSchema
	});
	if (!parseResult.success) {
		const rawGenerationId = typeof response === "object" && response !== null && "generationId" in response ? response.generationId : void 0;
		return new GatewayResponseError({
			message: `Invalid error response format: ${defaultMessage}`,
			statusCode,
			response,
			validationError: parseResult.error,
			cause,
			generationId: rawGenerationId,
			isRetryable
		});
	}
	const validatedResponse = parseResult.value;
	const errorType = validatedResponse.error.type;
	const message = validatedResponse.error.message;
	const generationId = (_a11 = validatedResponse.generationId) != null ? _a11 : void 0;
	switch (errorType) {
		case "authentication_error": return GatewayAuthenticationError.createContextualError({
			apiKeyProvided: authMethod === "api-key",
			oidcTokenProvided: authMethod === "oidc",
			statusCode,
			cause,
			generationId
		});
		case "invalid_request_error": return new GatewayInvalidRequestError({
			message,
			statusCode,
			cause,
			generationId
		});
		case "rate_limit_exceeded": return new GatewayRateLimitError({
			message,
			statusCode,
			cause,
			generationId
		});
		case "model_not_found": {
			const modelResult = await safeValidateTypes({
				value: validatedResponse.error.param,
				schema: modelNotFoundParamSchema
			});
			return new GatewayModelNotFoundError({
				message,
				statusCode,
				modelId: modelResult.success ? modelResult.value.modelId : void 0,
				cause,
				generationId
			});
		}
		case "internal_server_error": return new GatewayInternalServerError({
			message,
			statusCode,
			cause,
			generationId
		});
		case "failed_dependency": return new GatewayFailedDependencyError({
			message,
			statusCode,
			cause,
			generationId
		});
		case "forbidden": {
			const ruleResult = await safeValidateTypes({
				value: validatedResponse.error.param,
				schema: forbiddenParamSchema
			});
			return new GatewayForbiddenError({
				message,
				statusCode,
				cause,
				generationId,
				ruleId: ruleResult.success ? ruleResult.value.ruleId : void 0
			});
		}
		default: return new GatewayInternalServerError({
			message,
			statusCode,
			cause,
			generationId
		});
	}
}
var gatewayErrorResponseSchema = lazySchema(() => zodSchema(object$1({
	error: object$1({
		message: string(),
		type: string().nullish(),
		param: unknown().nullish(),
		code: union([string(), number()]).nullish()
	}),
	generationId: string().nullish()
})));
function extractApiCallResponse(error) {
	if (error.data !== void 0) return error.data;
	if (error.responseBody != null) try {
		return secureJsonParse(error.responseBody);
	} catch (e) {
		return error.responseBody;
	}
	return {};
}
var name9$1 = "GatewayTimeoutError";
var marker10$1 = `vercel.ai.gateway.error.${name9$1}`;
var symbol10$1 = Symbol.for(marker10$1);
var _a10$1;
var _b10;
var GatewayTimeoutError = class _GatewayTimeoutError extends (_b10 = GatewayError, _a10$1 = symbol10$1, _b10) {
	constructor({ message = "Request timed out", statusCode = 408, cause, generationId } = {}) {
		super({
			message,
			statusCode,
			cause,
			generationId
		});
		this[_a10$1] = true;
		this.name = name9$1;
		this.type = "timeout_error";
	}
	static isInstance(error) {
		return GatewayError.hasMarker(error) && symbol10$1 in error;
	}
	/**
	* Creates a helpful timeout error message with troubleshooting guidance
	*/
	static createTimeoutError({ originalMessage, statusCode = 408, cause, generationId }) {
		const message = `Gateway request timed out: ${originalMessage}

    This is a client-side timeout. To resolve this, increase your timeout configuration: https://vercel.com/docs/ai-gateway/capabilities/video-generation#extending-timeouts-for-node.js`;
		return new _GatewayTimeoutError({
			message,
			statusCode,
			cause,
			generationId
		});
	}
};
function isTimeoutError(error) {
	if (!(error instanceof Error)) return false;
	const errorCode = error.code;
	if (typeof errorCode === "string") return [
		"UND_ERR_HEADERS_TIMEOUT",
		"UND_ERR_BODY_TIMEOUT",
		"UND_ERR_CONNECT_TIMEOUT"
	].includes(errorCode);
	return false;
}
async function asGatewayError(error, authMethod) {
	var _a11;
	if ((error instanceof Error || typeof DOMException === "function" && error instanceof DOMException) && (error.name === "AbortError" || error.name === "TimeoutError")) throw error;
	if (GatewayError.isInstance(error)) return error;
	if (isTimeoutError(error)) return GatewayTimeoutError.createTimeoutError({
		originalMessage: error instanceof Error ? error.message : "Unknown error",
		cause: error
	});
	if (APICallError.isInstance(error)) {
		if (error.cause && isTimeoutError(error.cause)) return GatewayTimeoutError.createTimeoutError({
			originalMessage: error.message,
			cause: error
		});
		return await createGatewayErrorFromResponse({
			response: extractApiCallResponse(error),
			statusCode: (_a11 = error.statusCode) != null ? _a11 : 500,
			defaultMessage: "Gateway request failed",
			cause: error,
			authMethod,
			isRetryable: error.isRetryable && (error.statusCode == null || error.statusCode < 400) ? true : void 0
		});
	}
	return await createGatewayErrorFromResponse({
		response: {},
		statusCode: 500,
		defaultMessage: error instanceof Error ? `Gateway request failed: ${error.message}` : "Unknown Gateway error",
		cause: error,
		authMethod
	});
}
var GATEWAY_AUTH_METHOD_HEADER = "ai-gateway-auth-method";
async function parseAuthMethod(headers) {
	const result = await safeValidateTypes({
		value: headers[GATEWAY_AUTH_METHOD_HEADER],
		schema: gatewayAuthMethodSchema
	});
	return result.success ? result.value : void 0;
}
var gatewayAuthMethodSchema = lazySchema(() => zodSchema(union([literal("api-key"), literal("oidc")])));
var KNOWN_MODEL_TYPES = [
	"embedding",
	"image",
	"language",
	"reranking",
	"speech",
	"transcription",
	"video"
];
var GatewayFetchMetadata = class {
	constructor(config) {
		this.config = config;
	}
	async getAvailableModels() {
		try {
			const { value } = await getFromApi({
				url: `${this.config.baseURL}/config`,
				headers: await resolve$1(this.config.headers()),
				successfulResponseHandler: createJsonResponseHandler(gatewayAvailableModelsResponseSchema),
				failedResponseHandler: createJsonErrorResponseHandler({
					errorSchema: any(),
					errorToMessage: (data) => {
						var _a11;
						return (_a11 = getErrorMessage(data)) != null ? _a11 : "unknown error";
					}
				}),
				fetch: this.config.fetch
			});
			return value;
		} catch (error) {
			throw await asGatewayError(error);
		}
	}
	async getCredits() {
		try {
			const baseUrl = new URL(this.config.baseURL);
			const { value } = await getFromApi({
				url: `${baseUrl.origin}/v1/credits`,
				headers: await resolve$1(this.config.headers()),
				successfulResponseHandler: createJsonResponseHandler(gatewayCreditsResponseSchema),
				failedResponseHandler: createJsonErrorResponseHandler({
					errorSchema: any(),
					errorToMessage: (data) => {
						var _a11;
						return (_a11 = getErrorMessage(data)) != null ? _a11 : "unknown error";
					}
				}),
				fetch: this.config.fetch
			});
			return value;
		} catch (error) {
			throw await asGatewayError(error);
		}
	}
};
var gatewayAvailableModelsResponseSchema = lazySchema(() => zodSchema(object$1({ models: array$1(object$1({
	id: string(),
	name: string(),
	description: string().nullish(),
	pricing: object$1({
		input: string(),
		output: string(),
		input_cache_read: string().nullish(),
		input_cache_write: string().nullish()
	}).transform(({ input, output, input_cache_read, input_cache_write }) => ({
		input,
		output,
		...input_cache_read ? { cachedInputTokens: input_cache_read } : {},
		...input_cache_write ? { cacheCreationInputTokens: input_cache_write } : {}
	})).nullish(),
	specification: object$1({
		specificationVersion: literal("v3"),
		provider: string(),
		modelId: string()
	}),
	modelType: string().nullish()
})).transform((models) => models.filter((m) => m.modelType == null || KNOWN_MODEL_TYPES.includes(m.modelType))) })));
var gatewayCreditsResponseSchema = lazySchema(() => zodSchema(object$1({
	balance: string(),
	total_used: string()
}).transform(({ balance, total_used }) => ({
	balance,
	totalUsed: total_used
}))));
var GatewaySpendReport = class {
	constructor(config) {
		this.config = config;
	}
	async getSpendReport(params) {
		try {
			const baseUrl = new URL(this.config.baseURL);
			const searchParams = new URLSearchParams();
			searchParams.set("start_date", params.startDate);
			searchParams.set("end_date", params.endDate);
			if (params.groupBy) searchParams.set("group_by", params.groupBy);
			if (params.datePart) searchParams.set("date_part", params.datePart);
			if (params.userId) searchParams.set("user_id", params.userId);
			if (params.model) searchParams.set("model", params.model);
			if (params.provider) searchParams.set("provider", params.provider);
			if (params.credentialType) searchParams.set("credential_type", params.credentialType);
			if (params.tags && params.tags.length > 0) searchParams.set("tags", params.tags.join(","));
			const { value } = await getFromApi({
				url: `${baseUrl.origin}/v1/report?${searchParams.toString()}`,
				headers: await resolve$1(this.config.headers()),
				successfulResponseHandler: createJsonResponseHandler(gatewaySpendReportResponseSchema),
				failedResponseHandler: createJsonErrorResponseHandler({
					errorSchema: any(),
					errorToMessage: (data) => {
						var _a11;
						return (_a11 = getErrorMessage(data)) != null ? _a11 : "unknown error";
					}
				}),
				fetch: this.config.fetch
			});
			return value;
		} catch (error) {
			throw await asGatewayError(error);
		}
	}
};
var gatewaySpendReportResponseSchema = lazySchema(() => zodSchema(object$1({ results: array$1(object$1({
	day: string().optional(),
	hour: string().optional(),
	user: string().optional(),
	model: string().optional(),
	tag: string().optional(),
	provider: string().optional(),
	credential_type: _enum(["byok", "system"]).optional(),
	total_cost: number(),
	market_cost: number().optional(),
	input_tokens: number().optional(),
	output_tokens: number().optional(),
	cached_input_tokens: number().optional(),
	cache_creation_input_tokens: number().optional(),
	reasoning_tokens: number().optional(),
	request_count: number().optional()
}).transform(({ credential_type, total_cost, market_cost, input_tokens, output_tokens, cached_input_tokens, cache_creation_input_tokens, reasoning_tokens, request_count, ...rest }) => ({
	...rest,
	...credential_type !== void 0 ? { credentialType: credential_type } : {},
	totalCost: total_cost,
	...market_cost !== void 0 ? { marketCost: market_cost } : {},
	...input_tokens !== void 0 ? { inputTokens: input_tokens } : {},
	...output_tokens !== void 0 ? { outputTokens: output_tokens } : {},
	...cached_input_tokens !== void 0 ? { cachedInputTokens: cached_input_tokens } : {},
	...cache_creation_input_tokens !== void 0 ? { cacheCreationInputTokens: cache_creation_input_tokens } : {},
	...reasoning_tokens !== void 0 ? { reasoningTokens: reasoning_tokens } : {},
	...request_count !== void 0 ? { requestCount: request_count } : {}
}))) })));
var GatewayGenerationInfoFetcher = class {
	constructor(config) {
		this.config = config;
	}
	async getGenerationInfo(params) {
		try {
			const baseUrl = new URL(this.config.baseURL);
			const { value } = await getFromApi({
				url: `${baseUrl.origin}/v1/generation?id=${encodeURIComponent(params.id)}`,
				headers: await resolve$1(this.config.headers()),
				successfulResponseHandler: createJsonResponseHandler(gatewayGenerationInfoResponseSchema),
				failedResponseHandler: createJsonErrorResponseHandler({
					errorSchema: any(),
					errorToMessage: (data) => {
						var _a11;
						return (_a11 = getErrorMessage(data)) != null ? _a11 : "unknown error";
					}
				}),
				fetch: this.config.fetch
			});
			return value;
		} catch (error) {
			throw await asGatewayError(error);
		}
	}
};
var gatewayGenerationInfoResponseSchema = lazySchema(() => zodSchema(object$1({ data: object$1({
	id: string(),
	total_cost: number(),
	upstream_inference_cost: number(),
	usage: number(),
	created_at: string(),
	model: string(),
	is_byok: boolean(),
	provider_name: string(),
	streamed: boolean(),
	finish_reason: string(),
	latency: number(),
	generation_time: number(),
	native_tokens_prompt: number(),
	native_tokens_completion: number(),
	native_tokens_reasoning: number(),
	native_tokens_cached: number(),
	native_tokens_cache_creation: number(),
	billable_web_search_calls: number()
}).transform(({ total_cost, upstream_inference_cost, created_at, is_byok, provider_name, finish_reason, generation_time, native_tokens_prompt, native_tokens_completion, native_tokens_reasoning, native_tokens_cached, native_tokens_cache_creation, billable_web_search_calls, ...rest }) => ({
	...rest,
	totalCost: total_cost,
	upstreamInferenceCost: upstream_inference_cost,
	createdAt: created_at,
	isByok: is_byok,
	providerName: provider_name,
	finishReason: finish_reason,
	generationTime: generation_time,
	promptTokens: native_tokens_prompt,
	completionTokens: native_tokens_completion,
	reasoningTokens: native_tokens_reasoning,
	cachedTokens: native_tokens_cached,
	cacheCreationTokens: native_tokens_cache_creation,
	billableWebSearchCalls: billable_web_search_calls
})) }).transform(({ data }) => data)));
var GatewayLanguageModel = class {
	constructor(modelId, config) {
		this.modelId = modelId;
		this.config = config;
		this.specificationVersion = "v3";
		this.supportedUrls = { "*/*": [/.*/] };
	}
	get provider() {
		return this.config.provider;
	}
	async getArgs(options) {
		const { abortSignal: _abortSignal, ...optionsWithoutSignal } = options;
		return {
			args: this.maybeEncodeFileParts(optionsWithoutSignal),
			warnings: []
		};
	}
	async doGenerate(options) {
		var _a11;
		const { args, warnings } = await this.getArgs(options);
		const { abortSignal } = options;
		const resolvedHeaders = await resolve$1(this.config.headers());
		try {
			const { responseHeaders, value: responseBody, rawValue: rawResponse } = await postJsonToApi({
				url: this.getUrl(),
				headers: combineHeaders(resolvedHeaders, options.headers, this.getModelConfigHeaders(this.modelId, false), await resolve$1(this.config.o11yHeaders)),
				body: args,
				successfulResponseHandler: createJsonResponseHandler(any()),
				failedResponseHandler: createJsonErrorResponseHandler({
					errorSchema: any(),
					errorToMessage: (data) => {
						var _a12;
						return (_a12 = getErrorMessage(data)) != null ? _a12 : "unknown error";
					}
				}),
				...abortSignal && { abortSignal },
				fetch: this.config.fetch
			});
			return {
				...responseBody,
				request: { body: args },
				response: {
					headers: responseHeaders,
					body: rawResponse
				},
				warnings: [...(_a11 = responseBody.warnings) != null ? _a11 : [], ...warnings]
			};
		} catch (error) {
			throw await asGatewayError(error, await parseAuthMethod(resolvedHeaders));
		}
	}
	async doStream(options) {
		const { args, warnings } = await this.getArgs(options);
		const { abortSignal } = options;
		const resolvedHeaders = await resolve$1(this.config.headers());
		try {
			const { value: response, responseHeaders } = await postJsonToApi({
				url: this.getUrl(),
				headers: combineHeaders(resolvedHeaders, options.headers, this.getModelConfigHeaders(this.modelId, true), await resolve$1(this.config.o11yHeaders)),
				body: args,
				successfulResponseHandler: createEventSourceResponseHandler(any()),
				failedResponseHandler: createJsonErrorResponseHandler({
					errorSchema: any(),
					errorToMessage: (data) => {
						var _a11;
						return (_a11 = getErrorMessage(data)) != null ? _a11 : "unknown error";
					}
				}),
				...abortSignal && { abortSignal },
				fetch: this.config.fetch
			});
			return {
				stream: response.pipeThrough(new TransformStream({
					start(controller) {
						if (warnings.length > 0) controller.enqueue({
							type: "stream-start",
							warnings
						});
					},
					transform(chunk, controller) {
						if (chunk.success) {
							const streamPart = chunk.value;
							if (streamPart.type === "raw" && !options.includeRawChunks) return;
							if (streamPart.type === "response-metadata" && streamPart.timestamp && typeof streamPart.timestamp === "string") streamPart.timestamp = new Date(streamPart.timestamp);
							controller.enqueue(streamPart);
						} else controller.error(chunk.error);
					}
				})),
				request: { body: args },
				response: { headers: responseHeaders }
			};
		} catch (error) {
			throw await asGatewayError(error, await parseAuthMethod(resolvedHeaders));
		}
	}
	isFilePart(part) {
		return part && typeof part === "object" && "type" in part && part.type === "file";
	}
	/**
	* Encodes file parts in the prompt to base64. Mutates the passed options
	* instance directly to avoid copying the file data.
	* @param options - The options to encode.
	* @returns The options with the file parts encoded.
	*/
	maybeEncodeFileParts(options) {
		for (const message of options.prompt) for (const part of message.content) if (this.isFilePart(part)) {
			const filePart = part;
			if (filePart.data instanceof Uint8Array) {
				const buffer = Uint8Array.from(filePart.data);
				const base64Data = Buffer.from(buffer).toString("base64");
				filePart.data = new URL(`data:${filePart.mediaType || "application/octet-stream"};base64,${base64Data}`);
			}
		}
		return options;
	}
	getUrl() {
		return `${this.config.baseURL}/language-model`;
	}
	getModelConfigHeaders(modelId, streaming) {
		return {
			"ai-language-model-specification-version": "3",
			"ai-language-model-id": modelId,
			"ai-language-model-streaming": String(streaming)
		};
	}
};
var GatewayEmbeddingModel = class {
	constructor(modelId, config) {
		this.modelId = modelId;
		this.config = config;
		this.specificationVersion = "v3";
		this.maxEmbeddingsPerCall = 2048;
		this.supportsParallelCalls = true;
	}
	get provider() {
		return this.config.provider;
	}
	async doEmbed({ values, headers, abortSignal, providerOptions }) {
		var _a11, _b11;
		const resolvedHeaders = await resolve$1(this.config.headers());
		try {
			const { responseHeaders, value: responseBody, rawValue } = await postJsonToApi({
				url: this.getUrl(),
				headers: combineHeaders(resolvedHeaders, headers != null ? headers : {}, this.getModelConfigHeaders(), await resolve$1(this.config.o11yHeaders)),
				body: {
					values,
					...providerOptions ? { providerOptions } : {}
				},
				successfulResponseHandler: createJsonResponseHandler(gatewayEmbeddingResponseSchema),
				failedResponseHandler: createJsonErrorResponseHandler({
					errorSchema: any(),
					errorToMessage: (data) => {
						var _a12;
						return (_a12 = getErrorMessage(data)) != null ? _a12 : "unknown error";
					}
				}),
				...abortSignal && { abortSignal },
				fetch: this.config.fetch
			});
			return {
				embeddings: responseBody.embeddings,
				usage: (_a11 = responseBody.usage) != null ? _a11 : void 0,
				providerMetadata: responseBody.providerMetadata,
				response: {
					headers: responseHeaders,
					body: rawValue
				},
				warnings: (_b11 = responseBody.warnings) != null ? _b11 : []
			};
		} catch (error) {
			throw await asGatewayError(error, await parseAuthMethod(resolvedHeaders));
		}
	}
	getUrl() {
		return `${this.config.baseURL}/embedding-model`;
	}
	getModelConfigHeaders() {
		return {
			"ai-embedding-model-specification-version": "3",
			"ai-model-id": this.modelId
		};
	}
};
var gatewayEmbeddingWarningSchema = () => discriminatedUnion("type", [
	object$1({
		type: literal("unsupported"),
		feature: string(),
		details: string().optional()
	}),
	object$1({
		type: literal("compatibility"),
		feature: string(),
		details: string().optional()
	}),
	object$1({
		type: literal("other"),
		message: string()
	})
]);
var gatewayEmbeddingResponseSchema = lazySchema(() => zodSchema(object$1({
	embeddings: array$1(array$1(number())),
	usage: object$1({ tokens: number() }).nullish(),
	warnings: array$1(gatewayEmbeddingWarningSchema()).optional(),
	providerMetadata: record(string(), record(string(), unknown())).optional()
})));
function mapGatewayWarnings(warnings) {
	return (warnings != null ? warnings : []).map((warning) => warning.type === "deprecated" ? {
		type: "other",
		message: warning.message
	} : warning);
}
var GatewayImageModel = class {
	constructor(modelId, config) {
		this.modelId = modelId;
		this.config = config;
		this.specificationVersion = "v3";
		this.maxImagesPerCall = Number.MAX_SAFE_INTEGER;
	}
	get provider() {
		return this.config.provider;
	}
	async doGenerate({ prompt, n, size, aspectRatio, seed, files, mask, providerOptions, headers, abortSignal }) {
		var _a11, _b11, _c;
		const resolvedHeaders = await resolve$1(this.config.headers());
		try {
			const { responseHeaders, value: responseBody, rawValue } = await postJsonToApi({
				url: this.getUrl(),
				headers: combineHeaders(resolvedHeaders, headers != null ? headers : {}, this.getModelConfigHeaders(), await resolve$1(this.config.o11yHeaders)),
				body: {
					prompt,
					n,
					...size && { size },
					...aspectRatio && { aspectRatio },
					...seed && { seed },
					...providerOptions && { providerOptions },
					...files && { files: files.map((file) => maybeEncodeImageFile(file)) },
					...mask && { mask: maybeEncodeImageFile(mask) }
				},
				successfulResponseHandler: createJsonResponseHandler(gatewayImageResponseSchema),
				failedResponseHandler: createJsonErrorResponseHandler({
					errorSchema: any(),
					errorToMessage: (data) => {
						var _a12;
						return (_a12 = getErrorMessage(data)) != null ? _a12 : "unknown error";
					}
				}),
				...abortSignal && { abortSignal },
				fetch: this.config.fetch
			});
			return {
				images: responseBody.images,
				...responseBody.isRetryable != null && { isRetryable: responseBody.isRetryable },
				warnings: mapGatewayWarnings(responseBody.warnings),
				providerMetadata: responseBody.providerMetadata,
				response: {
					timestamp: /* @__PURE__ */ new Date(),
					modelId: this.modelId,
					headers: responseHeaders
				},
				...responseBody.usage != null && { usage: {
					inputTokens: (_a11 = responseBody.usage.inputTokens) != null ? _a11 : void 0,
					outputTokens: (_b11 = responseBody.usage.outputTokens) != null ? _b11 : void 0,
					totalTokens: (_c = responseBody.usage.totalTokens) != null ? _c : void 0
				} }
			};
		} catch (error) {
			throw await asGatewayError(error, await parseAuthMethod(resolvedHeaders));
		}
	}
	getUrl() {
		return `${this.config.baseURL}/image-model`;
	}
	getModelConfigHeaders() {
		return {
			"ai-image-model-specification-version": "3",
			"ai-model-id": this.modelId
		};
	}
};
function maybeEncodeImageFile(file) {
	if (file.type === "file" && file.data instanceof Uint8Array) return {
		...file,
		data: convertUint8ArrayToBase64(file.data)
	};
	return file;
}
var providerMetadataEntrySchema = () => object$1({ images: array$1(unknown()).optional() }).catchall(unknown());
var gatewayImageWarningSchema = () => discriminatedUnion("type", [
	object$1({
		type: literal("unsupported"),
		feature: string(),
		details: string().optional()
	}),
	object$1({
		type: literal("compatibility"),
		feature: string(),
		details: string().optional()
	}),
	object$1({
		type: literal("deprecated"),
		setting: string(),
		message: string()
	}),
	object$1({
		type: literal("other"),
		message: string()
	})
]);
var gatewayImageUsageSchema = () => object$1({
	inputTokens: number().nullish(),
	outputTokens: number().nullish(),
	totalTokens: number().nullish()
});
var gatewayImageResponseSchema = lazySchema(() => zodSchema(object$1({
	images: array$1(string()),
	isRetryable: boolean().optional(),
	warnings: array$1(gatewayImageWarningSchema()).optional(),
	providerMetadata: record(string(), providerMetadataEntrySchema()).optional(),
	usage: gatewayImageUsageSchema().optional()
})));
var GatewayVideoModel = class {
	constructor(modelId, config) {
		this.modelId = modelId;
		this.config = config;
		this.specificationVersion = "v3";
		this.maxVideosPerCall = Number.MAX_SAFE_INTEGER;
	}
	get provider() {
		return this.config.provider;
	}
	async doGenerate({ prompt, n, aspectRatio, resolution, duration, fps, seed, generateAudio, image, frameImages, inputReferences, providerOptions, headers, abortSignal }) {
		const resolvedHeaders = await resolve$1(this.config.headers());
		try {
			const { responseHeaders, value: responseBody } = await postJsonToApi({
				url: this.getUrl(),
				headers: combineHeaders(resolvedHeaders, headers != null ? headers : {}, this.getModelConfigHeaders(), await resolve$1(this.config.o11yHeaders), { accept: "text/event-stream" }),
				body: {
					prompt,
					n,
					...aspectRatio && { aspectRatio },
					...resolution && { resolution },
					...duration && { duration },
					...fps && { fps },
					...seed && { seed },
					...generateAudio !== void 0 && { generateAudio },
					...providerOptions && { providerOptions },
					...image && { image: maybeEncodeVideoFile(image) },
					...frameImages && { frameImages: frameImages.map((frame) => ({
						...frame,
						image: maybeEncodeVideoFile(frame.image)
					})) },
					...inputReferences && { inputReferences: inputReferences.map((reference) => maybeEncodeVideoFile(reference)) }
				},
				successfulResponseHandler: async ({ response, url, requestBodyValues }) => {
					if (response.body == null) throw new APICallError({
						message: "SSE response body is empty",
						url,
						requestBodyValues,
						statusCode: response.status
					});
					const reader = parseJsonEventStream({
						stream: response.body,
						schema: gatewayVideoEventSchema
					}).getReader();
					const { done, value: parseResult } = await reader.read();
					reader.releaseLock();
					if (done || !parseResult) throw new APICallError({
						message: "SSE stream ended without a data event",
						url,
						requestBodyValues,
						statusCode: response.status
					});
					if (!parseResult.success) throw new APICallError({
						message: "Failed to parse video SSE event",
						cause: parseResult.error,
						url,
						requestBodyValues,
						statusCode: response.status
					});
					const event = parseResult.value;
					if (event.type === "error") throw new APICallError({
						message: event.message,
						statusCode: event.statusCode,
						url,
						requestBodyValues,
						responseHeaders: Object.fromEntries([...response.headers]),
						responseBody: JSON.stringify(event),
						data: { error: {
							message: event.message,
							type: event.errorType,
							param: event.param
						} }
					});
					return {
						value: {
							videos: event.videos,
							warnings: event.warnings,
							providerMetadata: event.providerMetadata
						},
						responseHeaders: Object.fromEntries([...response.headers])
					};
				},
				failedResponseHandler: createJsonErrorResponseHandler({
					errorSchema: any(),
					errorToMessage: (data) => {
						var _a11;
						return (_a11 = getErrorMessage(data)) != null ? _a11 : "unknown error";
					}
				}),
				...abortSignal && { abortSignal },
				fetch: this.config.fetch
			});
			return {
				videos: responseBody.videos,
				warnings: mapGatewayWarnings(responseBody.warnings),
				providerMetadata: responseBody.providerMetadata,
				response: {
					timestamp: /* @__PURE__ */ new Date(),
					modelId: this.modelId,
					headers: responseHeaders
				}
			};
		} catch (error) {
			throw await asGatewayError(error, await parseAuthMethod(resolvedHeaders));
		}
	}
	getUrl() {
		return `${this.config.baseURL}/video-model`;
	}
	getModelConfigHeaders() {
		return {
			"ai-video-model-specification-version": "3",
			"ai-model-id": this.modelId
		};
	}
};
function maybeEncodeVideoFile(file) {
	if (file.type === "file" && file.data instanceof Uint8Array) return {
		...file,
		data: convertUint8ArrayToBase64(file.data)
	};
	return file;
}
var providerMetadataEntrySchema2 = () => object$1({ videos: array$1(unknown()).optional() }).catchall(unknown());
var gatewayVideoDataSchema = () => union([object$1({
	type: literal("url"),
	url: string(),
	mediaType: string()
}), object$1({
	type: literal("base64"),
	data: string(),
	mediaType: string()
})]);
var gatewayVideoWarningSchema = () => discriminatedUnion("type", [
	object$1({
		type: literal("unsupported"),
		feature: string(),
		details: string().optional()
	}),
	object$1({
		type: literal("compatibility"),
		feature: string(),
		details: string().optional()
	}),
	object$1({
		type: literal("deprecated"),
		setting: string(),
		message: string()
	}),
	object$1({
		type: literal("other"),
		message: string()
	})
]);
var gatewayVideoEventSchema = lazySchema(() => zodSchema(discriminatedUnion("type", [object$1({
	type: literal("result"),
	videos: array$1(gatewayVideoDataSchema()),
	warnings: array$1(gatewayVideoWarningSchema()).optional(),
	providerMetadata: record(string(), providerMetadataEntrySchema2()).optional()
}), object$1({
	type: literal("error"),
	message: string(),
	errorType: string(),
	statusCode: number(),
	param: unknown().nullable()
})])));
var GatewayRerankingModel = class {
	constructor(modelId, config) {
		this.modelId = modelId;
		this.config = config;
		this.specificationVersion = "v3";
	}
	get provider() {
		return this.config.provider;
	}
	async doRerank({ documents, query, topN, headers, abortSignal, providerOptions }) {
		var _a11;
		const resolvedHeaders = await resolve$1(this.config.headers());
		try {
			const { responseHeaders, value: responseBody, rawValue } = await postJsonToApi({
				url: this.getUrl(),
				headers: combineHeaders(resolvedHeaders, headers != null ? headers : {}, this.getModelConfigHeaders(), await resolve$1(this.config.o11yHeaders)),
				body: {
					documents,
					query,
					...topN != null ? { topN } : {},
					...providerOptions ? { providerOptions } : {}
				},
				successfulResponseHandler: createJsonResponseHandler(gatewayRerankingResponseSchema),
				failedResponseHandler: createJsonErrorResponseHandler({
					errorSchema: any(),
					errorToMessage: (data) => {
						var _a12;
						return (_a12 = getErrorMessage(data)) != null ? _a12 : "unknown error";
					}
				}),
				...abortSignal && { abortSignal },
				fetch: this.config.fetch
			});
			return {
				ranking: responseBody.ranking,
				providerMetadata: responseBody.providerMetadata,
				response: {
					headers: responseHeaders,
					body: rawValue
				},
				warnings: (_a11 = responseBody.warnings) != null ? _a11 : []
			};
		} catch (error) {
			throw await asGatewayError(error, await parseAuthMethod(resolvedHeaders));
		}
	}
	getUrl() {
		return `${this.config.baseURL}/reranking-model`;
	}
	getModelConfigHeaders() {
		return {
			"ai-reranking-model-specification-version": "3",
			"ai-model-id": this.modelId
		};
	}
};
var gatewayRerankingWarningSchema = () => discriminatedUnion("type", [
	object$1({
		type: literal("unsupported"),
		feature: string(),
		details: string().optional()
	}),
	object$1({
		type: literal("compatibility"),
		feature: string(),
		details: string().optional()
	}),
	object$1({
		type: literal("other"),
		message: string()
	})
]);
var gatewayRerankingResponseSchema = lazySchema(() => zodSchema(object$1({
	ranking: array$1(object$1({
		index: number(),
		relevanceScore: number()
	})),
	warnings: array$1(gatewayRerankingWarningSchema()).optional(),
	providerMetadata: record(string(), record(string(), unknown())).optional()
})));
var GatewaySpeechModel = class {
	constructor(modelId, config) {
		this.modelId = modelId;
		this.config = config;
		this.specificationVersion = "v3";
	}
	get provider() {
		return this.config.provider;
	}
	async doGenerate({ text, voice, outputFormat, instructions, speed, language, providerOptions, headers, abortSignal }) {
		const resolvedHeaders = await resolve$1(this.config.headers());
		try {
			const { responseHeaders, value: responseBody, rawValue } = await postJsonToApi({
				url: this.getUrl(),
				headers: combineHeaders(resolvedHeaders, headers != null ? headers : {}, this.getModelConfigHeaders(), await resolve$1(this.config.o11yHeaders)),
				body: {
					text,
					...voice && { voice },
					...outputFormat && { outputFormat },
					...instructions && { instructions },
					...speed != null && { speed },
					...language && { language },
					...providerOptions && { providerOptions }
				},
				successfulResponseHandler: createJsonResponseHandler(gatewaySpeechResponseSchema),
				failedResponseHandler: createJsonErrorResponseHandler({
					errorSchema: any(),
					errorToMessage: (data) => {
						var _a11;
						return (_a11 = getErrorMessage(data)) != null ? _a11 : "unknown error";
					}
				}),
				...abortSignal && { abortSignal },
				fetch: this.config.fetch
			});
			return {
				audio: responseBody.audio,
				warnings: mapGatewayWarnings(responseBody.warnings),
				providerMetadata: responseBody.providerMetadata,
				response: {
					timestamp: /* @__PURE__ */ new Date(),
					modelId: this.modelId,
					headers: responseHeaders,
					body: rawValue
				}
			};
		} catch (error) {
			throw await asGatewayError(error, await parseAuthMethod(resolvedHeaders != null ? resolvedHeaders : {}));
		}
	}
	getUrl() {
		return `${this.config.baseURL}/speech-model`;
	}
	getModelConfigHeaders() {
		return {
			"ai-speech-model-specification-version": "3",
			"ai-model-id": this.modelId
		};
	}
};
var providerMetadataEntrySchema3 = () => object$1({}).catchall(unknown());
var gatewaySpeechWarningSchema = () => discriminatedUnion("type", [
	object$1({
		type: literal("unsupported"),
		feature: string(),
		details: string().optional()
	}),
	object$1({
		type: literal("compatibility"),
		feature: string(),
		details: string().optional()
	}),
	object$1({
		type: literal("deprecated"),
		setting: string(),
		message: string()
	}),
	object$1({
		type: literal("other"),
		message: string()
	})
]);
var gatewaySpeechResponseSchema = lazySchema(() => zodSchema(object$1({
	audio: string(),
	warnings: array$1(gatewaySpeechWarningSchema()).optional(),
	providerMetadata: record(string(), providerMetadataEntrySchema3()).optional()
})));
var GatewayTranscriptionModel = class {
	constructor(modelId, config) {
		this.modelId = modelId;
		this.config = config;
		this.specificationVersion = "v3";
	}
	get provider() {
		return this.config.provider;
	}
	async doGenerate({ audio, mediaType, providerOptions, headers, abortSignal }) {
		var _a11, _b11, _c;
		const resolvedHeaders = await resolve$1(this.config.headers());
		try {
			const { responseHeaders, value: responseBody, rawValue } = await postJsonToApi({
				url: this.getUrl(),
				headers: combineHeaders(resolvedHeaders, headers != null ? headers : {}, this.getModelConfigHeaders(), await resolve$1(this.config.o11yHeaders)),
				body: {
					audio: audio instanceof Uint8Array ? convertUint8ArrayToBase64(audio) : audio,
					mediaType,
					...providerOptions && { providerOptions }
				},
				successfulResponseHandler: createJsonResponseHandler(gatewayTranscriptionResponseSchema),
				failedResponseHandler: createJsonErrorResponseHandler({
					errorSchema: any(),
					errorToMessage: (data) => {
						var _a12;
						return (_a12 = getErrorMessage(data)) != null ? _a12 : "unknown error";
					}
				}),
				...abortSignal && { abortSignal },
				fetch: this.config.fetch
			});
			return {
				text: responseBody.text,
				segments: (_a11 = responseBody.segments) != null ? _a11 : [],
				language: (_b11 = responseBody.language) != null ? _b11 : void 0,
				durationInSeconds: (_c = responseBody.durationInSeconds) != null ? _c : void 0,
				warnings: mapGatewayWarnings(responseBody.warnings),
				providerMetadata: responseBody.providerMetadata,
				response: {
					timestamp: /* @__PURE__ */ new Date(),
					modelId: this.modelId,
					headers: responseHeaders,
					body: rawValue
				}
			};
		} catch (error) {
			throw await asGatewayError(error, await parseAuthMethod(resolvedHeaders != null ? resolvedHeaders : {}));
		}
	}
	getUrl() {
		return `${this.config.baseURL}/transcription-model`;
	}
	getModelConfigHeaders() {
		return {
			"ai-transcription-model-specification-version": "3",
			"ai-model-id": this.modelId
		};
	}
};
var providerMetadataEntrySchema4 = () => object$1({}).catchall(unknown());
var gatewayTranscriptionWarningSchema = () => discriminatedUnion("type", [
	object$1({
		type: literal("unsupported"),
		feature: string(),
		details: string().optional()
	}),
	object$1({
		type: literal("compatibility"),
		feature: string(),
		details: string().optional()
	}),
	object$1({
		type: literal("deprecated"),
		setting: string(),
		message: string()
	}),
	object$1({
		type: literal("other"),
		message: string()
	})
]);
var gatewayTranscriptionResponseSchema = lazySchema(() => zodSchema(object$1({
	text: string(),
	segments: array$1(object$1({
		text: string(),
		startSecond: number(),
		endSecond: number()
	})).optional(),
	language: string().nullish(),
	durationInSeconds: number().nullish(),
	warnings: array$1(gatewayTranscriptionWarningSchema()).optional(),
	providerMetadata: record(string(), providerMetadataEntrySchema4()).optional()
})));
var jsonObjectSchema = () => record(string(), unknown());
var browserbaseFetchInputSchema = lazySchema(() => zodSchema(object$1({
	url: string().url().describe("URL of the page to fetch."),
	allow_redirects: boolean().optional().describe("Whether to follow HTTP redirects (default: false)."),
	allow_insecure_ssl: boolean().optional().describe("Whether to bypass TLS certificate verification (default: false). Only use for trusted hosts."),
	proxies: boolean().optional().describe("Whether to route the request through Browserbase proxies (default: false)."),
	format: _enum([
		"raw",
		"json",
		"markdown"
	]).optional().describe("Output format. raw returns the response body unchanged, markdown returns page content as Markdown, and json returns structured content using schema."),
	schema: jsonObjectSchema().optional().describe("JSON Schema for structured extraction. Only use with format set to json.")
})));
var browserbaseFetchOutputSchema = lazySchema(() => zodSchema(union([object$1({
	id: string(),
	content: union([string(), jsonObjectSchema()]),
	contentType: string(),
	encoding: string(),
	headers: record(string(), string()),
	statusCode: number()
}), object$1({
	error: _enum([
		"api_error",
		"configuration_error",
		"execution_error",
		"invalid_input",
		"rate_limit",
		"timeout",
		"unknown"
	]),
	statusCode: number().optional(),
	message: string()
})])));
var browserbaseFetchToolFactory = createProviderToolFactoryWithOutputSchema({
	id: "gateway.browserbase_fetch",
	inputSchema: browserbaseFetchInputSchema,
	outputSchema: browserbaseFetchOutputSchema
});
var browserbaseFetch = (config = {}) => browserbaseFetchToolFactory(config);
var browserbaseSearchInputSchema = lazySchema(() => zodSchema(object$1({
	query: string().min(1).max(200).describe("Web search query. Must be between 1 and 200 characters."),
	num_results: number().int().min(1).max(25).optional().describe("Maximum number of results to return (1-25, default: 10).")
})));
var browserbaseSearchOutputSchema = lazySchema(() => zodSchema(union([object$1({
	query: string(),
	requestId: string(),
	results: array$1(object$1({
		id: string(),
		title: string(),
		url: string(),
		author: string().optional(),
		favicon: string().optional(),
		image: string().optional(),
		publishedDate: string().optional()
	}))
}), object$1({
	error: _enum([
		"api_error",
		"configuration_error",
		"execution_error",
		"invalid_input",
		"rate_limit",
		"timeout",
		"unknown"
	]),
	statusCode: number().optional(),
	message: string()
})])));
var browserbaseSearchToolFactory = createProviderToolFactoryWithOutputSchema({
	id: "gateway.browserbase_search",
	inputSchema: browserbaseSearchInputSchema,
	outputSchema: browserbaseSearchOutputSchema
});
var browserbaseSearch = (config = {}) => browserbaseSearchToolFactory(config);
var gatewayToolErrorSchema = () => object$1({
	error: _enum([
		"api_error",
		"configuration_error",
		"execution_error",
		"gateway_rate_limit",
		"invalid_input",
		"rate_limit",
		"timeout",
		"unknown",
		"unknown_tool"
	]),
	message: string(),
	statusCode: number().optional(),
	retryAfter: string().optional(),
	statusText: string().optional()
}).passthrough();
var deepseekFetchInputSchema = lazySchema(() => zodSchema(object$1({ url: string().describe("URL to fetch, at most 8192 characters; HTTP(S) only, without a username or password.") })));
var deepseekFetchOutputSchema = lazySchema(() => zodSchema(union([object$1({
	title: string().nullish(),
	content: string()
}).passthrough(), gatewayToolErrorSchema()])));
var deepseekFetchToolFactory = createProviderToolFactoryWithOutputSchema({
	id: "gateway.deepseek_fetch",
	inputSchema: deepseekFetchInputSchema,
	outputSchema: deepseekFetchOutputSchema
});
var deepseekFetch = (config = {}) => deepseekFetchToolFactory(config);
var deepseekSearchInputSchema = lazySchema(() => zodSchema(object$1({
	query: string().describe("Web search query, 1 to 128 Unicode characters. Supports site:, -site:, lang:, after:, before:, and quoted phrases."),
	count: number().int().optional().describe("Number of results, 1 to 50 (default: 10)."),
	need_content: boolean().optional().describe("Include available page content (default: false)."),
	ori_question: string().nullable().optional().describe("Original user question, 1 to 128 Unicode characters.")
})));
var deepseekSearchOutputSchema = lazySchema(() => zodSchema(union([object$1({ results: array$1(object$1({
	authority: number().nullish(),
	content: string().nullish(),
	date: string().nullish(),
	rerank_score: number().nullish(),
	site_icon: string().nullish(),
	site_name: string().nullish(),
	snippet: string().nullish(),
	summary: string().nullish(),
	title: string().nullish(),
	url: string().nullish()
}).passthrough()) }).passthrough(), gatewayToolErrorSchema()])));
var deepseekSearchToolFactory = createProviderToolFactoryWithOutputSchema({
	id: "gateway.deepseek_search",
	inputSchema: deepseekSearchInputSchema,
	outputSchema: deepseekSearchOutputSchema
});
var deepseekSearch = (config = {}) => deepseekSearchToolFactory(config);
var exaSearchInputSchema = lazySchema(() => zodSchema(object$1({
	query: string().describe("Natural-language web search query. This is required."),
	type: _enum([
		"auto",
		"fast",
		"instant"
	]).optional().describe("Search method. Use auto for the default balance of speed and quality."),
	num_results: number().optional().describe("Maximum number of results to return (1-100, default: 10)."),
	category: _enum([
		"company",
		"people",
		"research paper",
		"news",
		"personal site",
		"financial report"
	]).optional().describe("Optional content category to focus results."),
	user_location: string().optional().describe("Two-letter ISO country code such as 'US'."),
	include_domains: array$1(string()).optional().describe("Only return results from these domains."),
	exclude_domains: array$1(string()).optional().describe("Exclude results from these domains."),
	start_published_date: string().optional().describe("Only return links published after this ISO 8601 date."),
	end_published_date: string().optional().describe("Only return links published before this ISO 8601 date."),
	contents: object$1({
		text: union([boolean(), object$1({
			max_characters: number().optional(),
			include_html_tags: boolean().optional(),
			verbosity: _enum([
				"compact",
				"standard",
				"full"
			]).optional(),
			include_sections: array$1(_enum([
				"header",
				"navigation",
				"banner",
				"body",
				"sidebar",
				"footer",
				"metadata"
			])).optional(),
			exclude_sections: array$1(_enum([
				"header",
				"navigation",
				"banner",
				"body",
				"sidebar",
				"footer",
				"metadata"
			])).optional()
		})]).optional(),
		highlights: union([boolean(), object$1({
			query: string().optional(),
			max_characters: number().optional()
		})]).optional(),
		max_age_hours: number().optional(),
		livecrawl_timeout: number().optional(),
		subpages: number().optional(),
		subpage_target: union([string(), array$1(string())]).optional(),
		extras: object$1({
			links: number().optional(),
			image_links: number().optional()
		}).optional()
	}).optional().describe("Controls extracted page content and freshness.")
})));
var exaSearchOutputSchema = lazySchema(() => zodSchema(union([object$1({
	requestId: string(),
	searchType: string().optional(),
	resolvedSearchType: string().optional(),
	results: array$1(object$1({
		title: string(),
		url: string(),
		id: string(),
		publishedDate: string().nullable().optional(),
		author: string().nullable().optional(),
		image: string().nullable().optional(),
		favicon: string().nullable().optional(),
		text: string().optional(),
		highlights: array$1(string()).optional(),
		highlightScores: array$1(number()).optional(),
		summary: string().optional(),
		subpages: array$1(any()).optional(),
		extras: object$1({
			links: array$1(string()).optional(),
			imageLinks: array$1(string()).optional()
		}).optional()
	})),
	costDollars: object$1({
		total: number().optional(),
		search: record(number()).optional()
	}).optional()
}), object$1({
	error: _enum([
		"api_error",
		"rate_limit",
		"timeout",
		"invalid_input",
		"configuration_error",
		"execution_error",
		"unknown"
	]),
	statusCode: number().optional(),
	message: string()
})])));
var exaSearchToolFactory = createProviderToolFactoryWithOutputSchema({
	id: "gateway.exa_search",
	inputSchema: exaSearchInputSchema,
	outputSchema: exaSearchOutputSchema
});
var exaSearch = (config = {}) => exaSearchToolFactory(config);
var parallelSearchModes = [
	"turbo",
	"fast",
	"basic",
	"advanced",
	"one-shot",
	"agentic"
];
var parallelSearchInputSchema = lazySchema(() => zodSchema(object$1({
	objective: string().describe("Natural-language description of the web research goal, including source or freshness guidance and broader context from the task. Maximum 5000 characters."),
	search_queries: array$1(string()).optional().describe("Provide 2-3 concise keyword queries, 3-6 words each (max 5, 200 chars each). Strongly recommended; the search runs on these queries."),
	mode: _enum(parallelSearchModes).optional().describe("Search mode: \"turbo\" and \"fast\" return quickly with shorter excerpts, \"basic\" is balanced (default), \"advanced\" is the most thorough. \"turbo\" supports English and Japanese only. \"one-shot\" and \"agentic\" are deprecated aliases of \"basic\" and \"advanced\"."),
	max_results: number().optional().describe("Maximum number of results to return (1-20). Defaults to 10 if not specified."),
	source_policy: object$1({
		include_domains: array$1(string()).optional().describe("Domains or domain/path prefixes to restrict results to, without scheme or port. Example: ['wikipedia.org', 'docs.python.org/3']."),
		exclude_domains: array$1(string()).optional().describe("Domains or domain/path prefixes to exclude, without scheme or port. Example: ['reddit.com']."),
		after_date: string().optional().describe("Only include results published on or after this date. Use an ISO 8601 calendar date formatted YYYY-MM-DD (e.g. 2025-01-01); do not include a time.")
	}).optional().describe("Source policy for controlling which domains to include/exclude and freshness."),
	excerpts: object$1({
		max_chars_per_result: number().optional().describe("Maximum characters per result."),
		max_chars_total: number().optional().describe("Deprecated: use the top-level max_chars_total.")
	}).optional().describe("Excerpt configuration for controlling result length."),
	max_chars_total: number().optional().describe("Maximum total characters across all result excerpts."),
	fetch_policy: object$1({
		max_age_seconds: number().optional().describe("Maximum age of cached content in seconds before a live fetch, minimum 600."),
		timeout_seconds: number().optional().describe("Timeout in seconds for a live fetch when content is not cached. Capped by the gateway tool timeout."),
		disable_cache_fallback: boolean().optional().describe("Return an error instead of older cached content when a live fetch fails.")
	}).optional().describe("Fetch policy for controlling content freshness."),
	location: string().optional().describe("ISO 3166-1 alpha-2 country code to localize results, e.g. \"us\".")
})));
var parallelSearchOutputSchema = lazySchema(() => zodSchema(union([object$1({
	search_id: string(),
	results: array$1(object$1({
		url: string(),
		title: string().nullable().optional(),
		publish_date: string().nullable().optional(),
		excerpts: array$1(string())
	})),
	warnings: array$1(object$1({
		type: string(),
		message: string(),
		detail: record(string(), unknown()).nullable().optional()
	})).nullable().optional(),
	usage: array$1(object$1({
		name: string(),
		count: number().optional()
	})).nullable().optional(),
	session_id: string().optional()
}), gatewayToolErrorSchema()])));
var parallelSearchToolFactory = createProviderToolFactoryWithOutputSchema({
	id: "gateway.parallel_search",
	inputSchema: parallelSearchInputSchema,
	outputSchema: parallelSearchOutputSchema
});
var parallelSearch = (config = {}) => parallelSearchToolFactory(config);
var perplexitySearchInputSchema = lazySchema(() => zodSchema(object$1({
	query: union([string(), array$1(string())]).describe("Search query (string) or multiple queries (array of up to 5 strings). Multi-query searches return combined results from all queries."),
	max_results: number().optional().describe("Maximum number of search results to return (1-20, default: 10)"),
	max_tokens_per_page: number().optional().describe("Maximum number of tokens to extract per search result page (256-2048, default: 2048)"),
	max_tokens: number().optional().describe("Maximum total tokens across all search results (default: 25000, max: 1000000)"),
	country: string().optional().describe("Two-letter ISO 3166-1 alpha-2 country code for regional search results (e.g., 'US', 'GB', 'FR')"),
	search_domain_filter: array$1(string()).optional().describe("List of domains to include or exclude from search results (max 20). To include: ['nature.com', 'science.org']. To exclude: ['-example.com', '-spam.net']"),
	search_language_filter: array$1(string()).optional().describe("List of ISO 639-1 language codes to filter results (max 10, lowercase). Examples: ['en', 'fr', 'de']"),
	search_after_date: string().optional().describe("Include only results published after this date. Format: 'MM/DD/YYYY' (e.g., '3/1/2025'). Cannot be used with search_recency_filter."),
	search_before_date: string().optional().describe("Include only results published before this date. Format: 'MM/DD/YYYY' (e.g., '3/15/2025'). Cannot be used with search_recency_filter."),
	last_updated_after_filter: string().optional().describe("Include only results last updated after this date. Format: 'MM/DD/YYYY' (e.g., '3/1/2025'). Cannot be used with search_recency_filter."),
	last_updated_before_filter: string().optional().describe("Include only results last updated before this date. Format: 'MM/DD/YYYY' (e.g., '3/15/2025'). Cannot be used with search_recency_filter."),
	search_recency_filter: _enum([
		"day",
		"week",
		"month",
		"year"
	]).optional().describe("Filter results by relative time period. Cannot be used with search_after_date or search_before_date.")
})));
var perplexitySearchOutputSchema = lazySchema(() => zodSchema(union([object$1({
	results: array$1(object$1({
		title: string(),
		url: string(),
		snippet: string(),
		date: string().optional(),
		lastUpdated: string().optional()
	})),
	id: string()
}), object$1({
	error: _enum([
		"api_error",
		"rate_limit",
		"timeout",
		"invalid_input",
		"unknown"
	]),
	statusCode: number().optional(),
	message: string()
})])));
var perplexitySearchToolFactory = createProviderToolFactoryWithOutputSchema({
	id: "gateway.perplexity_search",
	inputSchema: perplexitySearchInputSchema,
	outputSchema: perplexitySearchOutputSchema
});
var perplexitySearch = (config = {}) => perplexitySearchToolFactory(config);
var takoDataSourceInputSchema = () => object$1({
	count: number().optional().describe("Maximum number of data results to return (1-20). When include_contents is true, each additional result adds its own data surcharge."),
	include_contents: boolean().optional().describe("Inline rows for each data result. This adds a data surcharge based on row count and dataset source. To estimate cost, search with include_contents disabled and inspect cards.content.export_pricing. This applies to every returned card; limit sources.data.count and sources.data.max_rows to control cost."),
	mode: _enum(["inline", "url"]).optional().describe("Requested data delivery mode. Search card data is always inline."),
	content_format: _enum([
		"card_json",
		"csv",
		"json_compact",
		"json_records"
	]).optional().describe("Serialization for inlined card data."),
	max_rows: number().optional().describe("Maximum rows to inline per result. Omit to use the allowance in cards.content.export_pricing. A data surcharge applies per 1,000 exported rows; lower values reduce cost."),
	node_ids: array$1(string()).optional().describe("Data Graph node IDs to prioritize. Maximum 20."),
	strict: boolean().optional().describe("Only return cards matching node_ids. Requires a non-empty node_ids.")
});
var takoWebSourceInputSchema = () => object$1({
	count: number().optional().describe("Maximum number of web results to return (1-20)."),
	include_contents: boolean().optional().describe("Inline extracted web page text. This can add a data charge."),
	category: _enum([
		"finance",
		"news",
		"sports"
	]).optional().describe("Optional web-result category filter."),
	include_domains: array$1(string()).optional().describe("Only return results from these bare domains."),
	exclude_domains: array$1(string()).optional().describe("Exclude results from these bare domains."),
	snippet_max_chars: number().optional().describe("Maximum characters in each web-result snippet."),
	highlights: boolean().optional().describe("Include highlighted passages in web results. Defaults to true in AI Gateway."),
	article_content_max_chars: number().optional().describe("Maximum extracted characters per web page when including contents."),
	published_after: string().optional().describe("Keep results published on or after this ISO date (YYYY-MM-DD)."),
	published_before: string().optional().describe("Keep results published on or before this ISO date (YYYY-MM-DD).")
});
var takoSearchInputSchema = lazySchema(() => zodSchema(object$1({
	query: string().describe("Natural-language search query. Include the entity, metric, and time period. Quote a phrase to force it to one entity, for example \"Tesla\":PRODUCT price."),
	effort: _enum([
		"deep",
		"fast",
		"instant"
	]).optional().describe("Search effort. fast is the balanced default, instant favors cached results and low latency, and deep broadens retrieval with reranking at higher cost and latency."),
	sources: object$1({
		data: takoDataSourceInputSchema().optional(),
		web: takoWebSourceInputSchema().optional()
	}).optional().describe("Sources to search. Omit to search both curated data and the web. When provided, only keys present are searched."),
	location: object$1({
		latitude: number().describe("Latitude between -90 and 90."),
		longitude: number().describe("Longitude between -180 and 180.")
	}).optional().describe("End-user coordinates for localized results."),
	country_code: string().optional().describe("Two-letter ISO 3166-1 country code, such as 'US'."),
	locale: string().optional().describe("BCP-47 locale, such as 'en-US'."),
	timezone: string().optional().describe("IANA timezone, such as 'America/New_York'."),
	output_settings: object$1({
		image_dark_mode: boolean().optional().describe("Render card preview images in dark mode."),
		force_refresh: boolean().optional().describe("Instant-effort only. Request a refreshed instant result.")
	}).optional().describe("Controls card rendering in the search response."),
	include_related: number().optional().describe("Maximum related search suggestions to include (1-20).")
})));
var takoDatasetCellSchema = () => union([
	boolean(),
	number(),
	string()
]).nullable();
var takoResultContentSchema = () => object$1({
	content_format: _enum([
		"card_json",
		"csv",
		"json_compact",
		"json_records"
	]).nullish(),
	cost: number().optional(),
	data: string().nullish(),
	records: array$1(record(string(), takoDatasetCellSchema())).nullish(),
	dataset: object$1({
		columns: array$1(object$1({
			name: string(),
			type: _enum([
				"boolean",
				"date",
				"datetime",
				"number",
				"string"
			]),
			unit: string().nullish()
		})),
		rows: array$1(array$1(takoDatasetCellSchema())),
		total_rows: number(),
		truncated: boolean(),
		ref: string(),
		sources: array$1(object$1({
			name: string(),
			index: _enum(["data", "web"]).optional()
		})),
		provenance: _enum(["query", "web_extraction"]).optional()
	}).nullish(),
	card_data: object$1({}).passthrough().nullish(),
	card_data_schema: object$1({}).passthrough().nullish(),
	url: string().nullish(),
	expires_at: string().nullish(),
	total_rows: number().nullish(),
	truncated: boolean().optional(),
	export_pricing: object$1({
		baseline_usd: number(),
		free_rows: number(),
		max_rows_ceiling: number(),
		row_cpm_usd: number()
	}).nullish(),
	manifest: array$1(object$1({
		dtype: _enum([
			"boolean",
			"date",
			"datetime",
			"number",
			"string"
		]).nullish(),
		entity: string().nullish(),
		metric: string().nullish(),
		name: string().nullish(),
		unit: string().nullish()
	})).nullish()
}).passthrough();
var takoCardSchema = () => object$1({
	card_id: string().nullish(),
	title: string().nullish(),
	description: string().nullish(),
	semantic_description: string().nullish(),
	webpage_url: string().nullish(),
	image_url: string().nullish(),
	embed_url: string().nullish(),
	sources: array$1(object$1({
		source_name: string().nullish(),
		source_description: string().nullish(),
		source_index: _enum(["data", "web"]),
		source_text: string().nullish(),
		url: string().nullish()
	})).nullish(),
	methodologies: array$1(object$1({
		methodology_name: string().nullable(),
		methodology_description: string().nullable()
	})).nullish(),
	source_indexes: array$1(_enum(["data", "web"])).nullish(),
	card_type: string().nullish(),
	relevance: _enum([
		"High",
		"Low",
		"Medium"
	]).nullish(),
	content: takoResultContentSchema().nullish(),
	exportable: boolean().optional(),
	nodes: array$1(object$1({
		id: string(),
		type: _enum(["entity", "metric"]),
		name: string(),
		description: string().nullish()
	})).nullish(),
	metric_definitions: array$1(object$1({
		name: string(),
		definition: string()
	})).nullish(),
	data_freshness: object$1({
		coverage_end: string().nullish(),
		data_as_of: string().nullish(),
		last_updated: string().nullish()
	}).nullish()
}).passthrough();
var takoWebResultSchema = () => object$1({
	title: string(),
	url: string(),
	snippet: string().nullish(),
	source_name: string().nullish(),
	publish_date: string().nullish(),
	content: takoResultContentSchema().nullish()
}).passthrough();
var takoSearchOutputSchema = lazySchema(() => zodSchema(union([object$1({
	request_id: string(),
	cards: array$1(takoCardSchema()).optional(),
	web_results: array$1(takoWebResultSchema()).optional(),
	usage: object$1({
		total_cost_usd: number(),
		compute: object$1({ cost_usd: number() }).nullish(),
		data: object$1({
			cost_usd: number(),
			datasets: number()
		}).nullish()
	}).nullish(),
	related: array$1(object$1({}).passthrough()).nullish()
}).passthrough(), gatewayToolErrorSchema()])));
var takoSearchToolFactory = createProviderToolFactoryWithOutputSchema({
	id: "gateway.tako_search",
	inputSchema: takoSearchInputSchema,
	outputSchema: takoSearchOutputSchema
});
var takoSearch = (config = {}) => takoSearchToolFactory(config);
var gatewayTools = {
	/**
	* Fetch page content using Browserbase's lightweight Fetch API.
	*
	* Supports raw, Markdown, and schema-driven JSON output as well as redirects,
	* proxy routing, and TLS controls.
	*/
	browserbaseFetch,
	/**
	* Search the web using Browserbase's Search API for fast, structured results.
	*
	* Returns titles, URLs, and available publication metadata without requiring
	* a browser session.
	*/
	browserbaseSearch,
	/**
	* Fetch a page as Markdown through DeepSeek's standalone Fetch API.
	* Executed by AI Gateway for any model, separate from native model web search.
	*/
	deepseekFetch,
	/**
	* Search the web through DeepSeek's standalone Search API.
	* Executed by AI Gateway for any model, separate from native model web search.
	*/
	deepseekSearch,
	/**
	* Search the web using Exa for current information and token-efficient
	* excerpts optimized for agent workflows.
	*
	* Supports search type, category, domain, date, location, and content
	* extraction controls.
	*/
	exaSearch,
	/**
	* Search the web using Parallel AI's Search API for LLM-optimized excerpts.
	*
	* Takes a natural language objective and returns relevant excerpts,
	* replacing multiple keyword searches with a single call for broad
	* or complex queries. Supports different search types for depth vs
	* breadth tradeoffs.
	*/
	parallelSearch,
	/**
	* Search the web using Perplexity's Search API for real-time information,
	* news, research papers, and articles.
	*
	* Provides ranked search results with advanced filtering options including
	* domain, language, date range, and recency filters.
	*/
	perplexitySearch,
	/**
	* Search the web and Tako's curated knowledge graph in one call for
	* token-efficient web excerpts and structured data results grounded in
	* premium sources, each with an embed-ready visualization.
	*
	* Supports effort, per-source web and data controls, localization, and inline
	* contents for agents that need to reason over underlying data.
	*/
	takoSearch
};
async function getVercelRequestId() {
	var _a11;
	return (_a11 = (0, import_dist.getContext)().headers) == null ? void 0 : _a11["x-vercel-id"];
}
var VERSION$1 = "3.0.232";
var AI_GATEWAY_PROTOCOL_VERSION = "0.0.1";
function createGatewayProvider(options = {}) {
	var _a11, _b11;
	let pendingMetadata = null;
	let metadataCache = null;
	const cacheRefreshMillis = (_a11 = options.metadataCacheRefreshMillis) != null ? _a11 : 3e5;
	let lastFetchTime = 0;
	const baseURL = (_b11 = withoutTrailingSlash(options.baseURL)) != null ? _b11 : "https://ai-gateway.vercel.sh/v3/ai";
	const getHeaders = async () => {
		try {
			const auth = await getGatewayAuthToken(options);
			return withUserAgentSuffix({
				Authorization: `Bearer ${auth.token}`,
				"ai-gateway-protocol-version": AI_GATEWAY_PROTOCOL_VERSION,
				[GATEWAY_AUTH_METHOD_HEADER]: auth.authMethod,
				...options.headers
			}, `ai-sdk/gateway/${VERSION$1}`);
		} catch (error) {
			throw GatewayAuthenticationError.createContextualError({
				apiKeyProvided: false,
				oidcTokenProvided: false,
				statusCode: 401,
				cause: error
			});
		}
	};
	const createO11yHeaders = () => {
		const deploymentId = loadOptionalSetting({
			settingValue: void 0,
			environmentVariableName: "VERCEL_DEPLOYMENT_ID"
		});
		const environment = loadOptionalSetting({
			settingValue: void 0,
			environmentVariableName: "VERCEL_ENV"
		});
		const region = loadOptionalSetting({
			settingValue: void 0,
			environmentVariableName: "VERCEL_REGION"
		});
		const projectId = loadOptionalSetting({
			settingValue: void 0,
			environmentVariableName: "VERCEL_PROJECT_ID"
		});
		return async () => {
			const requestId = await getVercelRequestId();
			return {
				...deploymentId && { "ai-o11y-deployment-id": deploymentId },
				...environment && { "ai-o11y-environment": environment },
				...region && { "ai-o11y-region": region },
				...requestId && { "ai-o11y-request-id": requestId },
				...projectId && { "ai-o11y-project-id": projectId }
			};
		};
	};
	const createLanguageModel = (modelId) => {
		return new GatewayLanguageModel(modelId, {
			provider: "gateway",
			baseURL,
			headers: getHeaders,
			fetch: options.fetch,
			o11yHeaders: createO11yHeaders()
		});
	};
	const getAvailableModels = async () => {
		var _a12, _b12, _c;
		const now = (_c = (_b12 = (_a12 = options._internal) == null ? void 0 : _a12.currentDate) == null ? void 0 : _b12.call(_a12).getTime()) != null ? _c : Date.now();
		if (!pendingMetadata || now - lastFetchTime > cacheRefreshMillis) {
			lastFetchTime = now;
			pendingMetadata = new GatewayFetchMetadata({
				baseURL,
				headers: getHeaders,
				fetch: options.fetch
			}).getAvailableModels().then((metadata) => {
				metadataCache = metadata;
				return metadata;
			}).catch(async (error) => {
				throw await asGatewayError(error, await parseAuthMethod(await getHeaders()));
			});
		}
		return metadataCache ? Promise.resolve(metadataCache) : pendingMetadata;
	};
	const getCredits = async () => {
		return new GatewayFetchMetadata({
			baseURL,
			headers: getHeaders,
			fetch: options.fetch
		}).getCredits().catch(async (error) => {
			throw await asGatewayError(error, await parseAuthMethod(await getHeaders()));
		});
	};
	const getSpendReport = async (params) => {
		return new GatewaySpendReport({
			baseURL,
			headers: getHeaders,
			fetch: options.fetch
		}).getSpendReport(params).catch(async (error) => {
			throw await asGatewayError(error, await parseAuthMethod(await getHeaders()));
		});
	};
	const getGenerationInfo = async (params) => {
		return new GatewayGenerationInfoFetcher({
			baseURL,
			headers: getHeaders,
			fetch: options.fetch
		}).getGenerationInfo(params).catch(async (error) => {
			throw await asGatewayError(error, await parseAuthMethod(await getHeaders()));
		});
	};
	const provider = function(modelId) {
		if (new.target) throw new Error("The Gateway Provider model function cannot be called with the new keyword.");
		return createLanguageModel(modelId);
	};
	provider.specificationVersion = "v3";
	provider.getAvailableModels = getAvailableModels;
	provider.getCredits = getCredits;
	provider.getSpendReport = getSpendReport;
	provider.getGenerationInfo = getGenerationInfo;
	provider.imageModel = (modelId) => {
		return new GatewayImageModel(modelId, {
			provider: "gateway",
			baseURL,
			headers: getHeaders,
			fetch: options.fetch,
			o11yHeaders: createO11yHeaders()
		});
	};
	provider.languageModel = createLanguageModel;
	const createEmbeddingModel = (modelId) => {
		return new GatewayEmbeddingModel(modelId, {
			provider: "gateway",
			baseURL,
			headers: getHeaders,
			fetch: options.fetch,
			o11yHeaders: createO11yHeaders()
		});
	};
	provider.embeddingModel = createEmbeddingModel;
	provider.textEmbeddingModel = createEmbeddingModel;
	provider.videoModel = (modelId) => {
		return new GatewayVideoModel(modelId, {
			provider: "gateway",
			baseURL,
			headers: getHeaders,
			fetch: options.fetch,
			o11yHeaders: createO11yHeaders()
		});
	};
	const createRerankingModel = (modelId) => {
		return new GatewayRerankingModel(modelId, {
			provider: "gateway",
			baseURL,
			headers: getHeaders,
			fetch: options.fetch,
			o11yHeaders: createO11yHeaders()
		});
	};
	provider.rerankingModel = createRerankingModel;
	provider.reranking = createRerankingModel;
	const createSpeechModel = (modelId) => {
		return new GatewaySpeechModel(modelId, {
			provider: "gateway",
			baseURL,
			headers: getHeaders,
			fetch: options.fetch,
			o11yHeaders: createO11yHeaders()
		});
	};
	provider.speechModel = createSpeechModel;
	provider.speech = createSpeechModel;
	const createTranscriptionModel = (modelId) => {
		return new GatewayTranscriptionModel(modelId, {
			provider: "gateway",
			baseURL,
			headers: getHeaders,
			fetch: options.fetch,
			o11yHeaders: createO11yHeaders()
		});
	};
	provider.transcriptionModel = createTranscriptionModel;
	provider.transcription = createTranscriptionModel;
	provider.chat = provider.languageModel;
	provider.embedding = provider.embeddingModel;
	provider.image = provider.imageModel;
	provider.video = provider.videoModel;
	provider.tools = gatewayTools;
	return provider;
}
var gateway = createGatewayProvider();
async function getGatewayAuthToken(options) {
	const apiKey = loadOptionalSetting({
		settingValue: options.apiKey,
		environmentVariableName: "AI_GATEWAY_API_KEY"
	});
	if (apiKey) return {
		token: apiKey,
		authMethod: "api-key"
	};
	return {
		token: await (0, import_dist.getVercelOidcToken)(),
		authMethod: "oidc"
	};
}
// node_modules/ai/dist/index.mjs
init_esm();
var __defProp = Object.defineProperty;
var __export = (target, all) => {
	for (var name23 in all) __defProp(target, name23, {
		get: all[name23],
		enumerable: true
	});
};
var name = "AI_InvalidArgumentError";
var marker = `vercel.ai.error.${name}`;
var symbol = Symbol.for(marker);
var _a;
var InvalidArgumentError = class extends AISDKError {
	constructor({ parameter, value, message }) {
		super({
			name,
			message: `Invalid argument for parameter ${parameter}: ${message}`
		});
		this[_a] = true;
		this.parameter = parameter;
		this.value = value;
	}
	static isInstance(error) {
		return AISDKError.hasMarker(error, marker);
	}
};
_a = symbol;
var name3 = "AI_InvalidToolApprovalError";
var marker3 = `vercel.ai.error.${name3}`;
var symbol3 = Symbol.for(marker3);
var _a3;
var InvalidToolApprovalError = class extends AISDKError {
	constructor({ approvalId }) {
		super({
			name: name3,
			message: `Tool approval response references unknown approvalId: "${approvalId}". No matching tool-approval-request found in message history.`
		});
		this[_a3] = true;
		this.approvalId = approvalId;
	}
	static isInstance(error) {
		return AISDKError.hasMarker(error, marker3);
	}
};
_a3 = symbol3;
var name4 = "AI_InvalidToolApprovalSignatureError";
var marker4 = `vercel.ai.error.${name4}`;
var symbol4 = Symbol.for(marker4);
var _a4;
var InvalidToolApprovalSignatureError = class extends AISDKError {
	constructor({ approvalId, toolCallId, reason }) {
		super({
			name: name4,
			message: `Tool approval signature verification failed for approval "${approvalId}" (tool call "${toolCallId}"): ${reason}`
		});
		this[_a4] = true;
		this.approvalId = approvalId;
		this.toolCallId = toolCallId;
	}
	static isInstance(error) {
		return AISDKError.hasMarker(error, marker4);
	}
};
_a4 = symbol4;
var name5 = "AI_InvalidToolInputError";
var marker5 = `vercel.ai.error.${name5}`;
var symbol5 = Symbol.for(marker5);
var _a5;
var InvalidToolInputError = class extends AISDKError {
	constructor({ toolInput, toolName, cause, message = `Invalid input for tool ${toolName}: ${getErrorMessage$1(cause)}` }) {
		super({
			name: name5,
			message,
			cause
		});
		this[_a5] = true;
		this.toolInput = toolInput;
		this.toolName = toolName;
	}
	static isInstance(error) {
		return AISDKError.hasMarker(error, marker5);
	}
};
_a5 = symbol5;
var name6 = "AI_ToolCallNotFoundForApprovalError";
var marker6 = `vercel.ai.error.${name6}`;
var symbol6 = Symbol.for(marker6);
var _a6;
var ToolCallNotFoundForApprovalError = class extends AISDKError {
	constructor({ toolCallId, approvalId }) {
		super({
			name: name6,
			message: `Tool call "${toolCallId}" not found for approval request "${approvalId}".`
		});
		this[_a6] = true;
		this.toolCallId = toolCallId;
		this.approvalId = approvalId;
	}
	static isInstance(error) {
		return AISDKError.hasMarker(error, marker6);
	}
};
_a6 = symbol6;
var name7 = "AI_MissingToolResultsError";
var marker7 = `vercel.ai.error.${name7}`;
var symbol7 = Symbol.for(marker7);
var _a7;
var MissingToolResultsError = class extends AISDKError {
	constructor({ toolCallIds }) {
		super({
			name: name7,
			message: `Tool result${toolCallIds.length > 1 ? "s are" : " is"} missing for tool call${toolCallIds.length > 1 ? "s" : ""} ${toolCallIds.join(", ")}.`
		});
		this[_a7] = true;
		this.toolCallIds = toolCallIds;
	}
	static isInstance(error) {
		return AISDKError.hasMarker(error, marker7);
	}
};
_a7 = symbol7;
var name9 = "AI_NoObjectGeneratedError";
var marker9 = `vercel.ai.error.${name9}`;
var symbol9 = Symbol.for(marker9);
var _a9;
var NoObjectGeneratedError = class extends AISDKError {
	constructor({ message = "No object generated.", cause, text: text2, response, usage, finishReason }) {
		super({
			name: name9,
			message,
			cause
		});
		this[_a9] = true;
		this.text = text2;
		this.response = response;
		this.usage = usage;
		this.finishReason = finishReason;
	}
	static isInstance(error) {
		return AISDKError.hasMarker(error, marker9);
	}
};
_a9 = symbol9;
var name10 = "AI_NoOutputGeneratedError";
var marker10 = `vercel.ai.error.${name10}`;
var symbol10 = Symbol.for(marker10);
var _a10;
var NoOutputGeneratedError = class extends AISDKError {
	constructor({ message = "No output generated.", cause } = {}) {
		super({
			name: name10,
			message,
			cause
		});
		this[_a10] = true;
	}
	static isInstance(error) {
		return AISDKError.hasMarker(error, marker10);
	}
};
_a10 = symbol10;
var name14 = "AI_NoSuchToolError";
var marker14 = `vercel.ai.error.${name14}`;
var symbol14 = Symbol.for(marker14);
var _a14;
var NoSuchToolError = class extends AISDKError {
	constructor({ toolName, availableTools = void 0, message = `Model tried to call unavailable tool '${toolName}'. ${availableTools === void 0 ? "No tools are available." : `Available tools: ${availableTools.join(", ")}.`}` }) {
		super({
			name: name14,
			message
		});
		this[_a14] = true;
		this.toolName = toolName;
		this.availableTools = availableTools;
	}
	static isInstance(error) {
		return AISDKError.hasMarker(error, marker14);
	}
};
_a14 = symbol14;
var name15 = "AI_ToolChoiceViolationError";
var marker15 = `vercel.ai.error.${name15}`;
var symbol15 = Symbol.for(marker15);
var _a15;
var ToolChoiceViolationError = class extends AISDKError {
	constructor({ toolChoice, finishReason, provider, modelId, content, message = toolChoice.type === "none" ? "Model response contained a tool call even though tool choice was none." : toolChoice.type === "required" ? "Model response did not contain a tool call even though tool choice was required." : `Model response did not contain a call to the required tool '${toolChoice.toolName}'.` }) {
		super({
			name: name15,
			message
		});
		this[_a15] = true;
		this.toolChoice = toolChoice;
		this.finishReason = finishReason;
		this.provider = provider;
		this.modelId = modelId;
		this.content = content;
	}
	static isInstance(error) {
		return AISDKError.hasMarker(error, marker15);
	}
};
_a15 = symbol15;
var name16 = "AI_ToolCallRepairError";
var marker16 = `vercel.ai.error.${name16}`;
var symbol16 = Symbol.for(marker16);
var _a16;
var ToolCallRepairError = class extends AISDKError {
	constructor({ cause, originalError, message = `Error repairing tool call: ${getErrorMessage$1(cause)}` }) {
		super({
			name: name16,
			message,
			cause
		});
		this[_a16] = true;
		this.originalError = originalError;
	}
	static isInstance(error) {
		return AISDKError.hasMarker(error, marker16);
	}
};
_a16 = symbol16;
var UnsupportedModelVersionError = class extends AISDKError {
	constructor(options) {
		super({
			name: "AI_UnsupportedModelVersionError",
			message: `Unsupported model version ${options.version} for provider "${options.provider}" and model "${options.modelId}". AI SDK 5 only supports models that implement specification version "v2".`
		});
		this.version = options.version;
		this.provider = options.provider;
		this.modelId = options.modelId;
	}
};
var name18 = "AI_InvalidDataContentError";
var marker18 = `vercel.ai.error.${name18}`;
var symbol18 = Symbol.for(marker18);
var _a18;
var InvalidDataContentError = class extends AISDKError {
	constructor({ content, cause, message = `Invalid data content. Expected a base64 string, Uint8Array, ArrayBuffer, or Buffer, but got ${typeof content}.` }) {
		super({
			name: name18,
			message,
			cause
		});
		this[_a18] = true;
		this.content = content;
	}
	static isInstance(error) {
		return AISDKError.hasMarker(error, marker18);
	}
};
_a18 = symbol18;
var name19 = "AI_InvalidMessageRoleError";
var marker19 = `vercel.ai.error.${name19}`;
var symbol19 = Symbol.for(marker19);
var _a19;
var InvalidMessageRoleError = class extends AISDKError {
	constructor({ role, message = `Invalid message role: '${role}'. Must be one of: "system", "user", "assistant", "tool".` }) {
		super({
			name: name19,
			message
		});
		this[_a19] = true;
		this.role = role;
	}
	static isInstance(error) {
		return AISDKError.hasMarker(error, marker19);
	}
};
_a19 = symbol19;
var name21 = "AI_RetryError";
var marker21 = `vercel.ai.error.${name21}`;
var symbol21 = Symbol.for(marker21);
var _a21;
var RetryError = class extends AISDKError {
	constructor({ message, reason, errors }) {
		super({
			name: name21,
			message
		});
		this[_a21] = true;
		this.reason = reason;
		this.errors = errors;
		this.lastError = errors[errors.length - 1];
	}
	static isInstance(error) {
		return AISDKError.hasMarker(error, marker21);
	}
};
_a21 = symbol21;
function asArray(value) {
	return value === void 0 ? [] : Array.isArray(value) ? value : [value];
}
async function notify(options) {
	for (const callback of asArray(options.callbacks)) {
		if (callback == null) continue;
		try {
			await callback(options.event);
		} catch (_ignored) {}
	}
}
function formatWarning({ warning, provider, model }) {
	const prefix = `AI SDK Warning (${provider} / ${model}):`;
	switch (warning.type) {
		case "unsupported": {
			let message = `${prefix} The feature "${warning.feature}" is not supported.`;
			if (warning.details) message += ` ${warning.details}`;
			return message;
		}
		case "compatibility": {
			let message = `${prefix} The feature "${warning.feature}" is used in a compatibility mode.`;
			if (warning.details) message += ` ${warning.details}`;
			return message;
		}
		case "other": return `${prefix} ${warning.message}`;
		default: return `${prefix} ${JSON.stringify(warning, null, 2)}`;
	}
}
var FIRST_WARNING_INFO_MESSAGE = "AI SDK Warning System: To turn off warning logging, set the AI_SDK_LOG_WARNINGS global to false.";
var hasLoggedBefore = false;
var logWarnings = (options) => {
	if (options.warnings.length === 0) return;
	const logger = globalThis.AI_SDK_LOG_WARNINGS;
	if (logger === false) return;
	if (typeof logger === "function") {
		logger(options);
		return;
	}
	if (!hasLoggedBefore) {
		hasLoggedBefore = true;
		console.info(FIRST_WARNING_INFO_MESSAGE);
	}
	for (const warning of options.warnings) console.warn(formatWarning({
		warning,
		provider: options.provider,
		model: options.model
	}));
};
function logV2CompatibilityWarning({ provider, modelId }) {
	logWarnings({
		warnings: [{
			type: "compatibility",
			feature: "specificationVersion",
			details: `Using v2 specification compatibility mode. Some features may not be available.`
		}],
		provider,
		model: modelId
	});
}
function asLanguageModelV3(model) {
	if (model.specificationVersion === "v3") return model;
	logV2CompatibilityWarning({
		provider: model.provider,
		modelId: model.modelId
	});
	return new Proxy(model, { get(target, prop) {
		switch (prop) {
			case "specificationVersion": return "v3";
			case "doGenerate": return async (...args) => {
				const result = await target.doGenerate(...args);
				return {
					...result,
					finishReason: convertV2FinishReasonToV3(result.finishReason),
					usage: convertV2UsageToV3(result.usage)
				};
			};
			case "doStream": return async (...args) => {
				const result = await target.doStream(...args);
				return {
					...result,
					stream: convertV2StreamToV3(result.stream)
				};
			};
			default: return target[prop];
		}
	} });
}
function convertV2StreamToV3(stream) {
	return stream.pipeThrough(new TransformStream({ transform(chunk, controller) {
		switch (chunk.type) {
			case "finish":
				controller.enqueue({
					...chunk,
					finishReason: convertV2FinishReasonToV3(chunk.finishReason),
					usage: convertV2UsageToV3(chunk.usage)
				});
				break;
			default: controller.enqueue(chunk);
		}
	} }));
}
function convertV2FinishReasonToV3(finishReason) {
	return {
		unified: finishReason === "unknown" ? "other" : finishReason,
		raw: void 0
	};
}
function convertV2UsageToV3(usage) {
	return {
		inputTokens: {
			total: usage.inputTokens,
			noCache: void 0,
			cacheRead: usage.cachedInputTokens,
			cacheWrite: void 0
		},
		outputTokens: {
			total: usage.outputTokens,
			text: void 0,
			reasoning: usage.reasoningTokens
		},
		raw: usage.totalTokens == null ? void 0 : { totalTokens: usage.totalTokens }
	};
}
function resolveLanguageModel(model) {
	if (typeof model !== "string") {
		if (model.specificationVersion !== "v3" && model.specificationVersion !== "v2") {
			const unsupportedModel = model;
			throw new UnsupportedModelVersionError({
				version: unsupportedModel.specificationVersion,
				provider: unsupportedModel.provider,
				modelId: unsupportedModel.modelId
			});
		}
		return asLanguageModelV3(model);
	}
	return getGlobalProvider().languageModel(model);
}
function getGlobalProvider() {
	var _a23;
	return (_a23 = globalThis.AI_SDK_DEFAULT_PROVIDER) != null ? _a23 : gateway;
}
function getTotalTimeoutMs(timeout) {
	if (timeout == null) return;
	if (typeof timeout === "number") return timeout;
	return timeout.totalMs;
}
function getStepTimeoutMs(timeout) {
	if (timeout == null || typeof timeout === "number") return;
	return timeout.stepMs;
}
var imageMediaTypeSignatures = [
	{
		mediaType: "image/gif",
		bytesPrefix: [
			71,
			73,
			70
		]
	},
	{
		mediaType: "image/png",
		bytesPrefix: [
			137,
			80,
			78,
			71
		]
	},
	{
		mediaType: "image/jpeg",
		bytesPrefix: [255, 216]
	},
	{
		mediaType: "image/webp",
		bytesPrefix: [
			82,
			73,
			70,
			70,
			null,
			null,
			null,
			null,
			87,
			69,
			66,
			80
		]
	},
	{
		mediaType: "image/bmp",
		bytesPrefix: [66, 77]
	},
	{
		mediaType: "image/tiff",
		bytesPrefix: [
			73,
			73,
			42,
			0
		]
	},
	{
		mediaType: "image/tiff",
		bytesPrefix: [
			77,
			77,
			0,
			42
		]
	},
	{
		mediaType: "image/avif",
		bytesPrefix: [
			0,
			0,
			0,
			32,
			102,
			116,
			121,
			112,
			97,
			118,
			105,
			102
		]
	},
	{
		mediaType: "image/heic",
		bytesPrefix: [
			0,
			0,
			0,
			32,
			102,
			116,
			121,
			112,
			104,
			101,
			105,
			99
		]
	}
];
var DEFAULT_SNIFF_BYTES = 18;
var ID3_SCAN_BYTES = 131084;
function decodePrefix(data, maxBytes) {
	if (typeof data !== "string") return data.length > maxBytes ? data.subarray(0, maxBytes) : data;
	const maxChars = Math.ceil(maxBytes / 3) * 4;
	const bytes = convertBase64ToUint8Array(data.substring(0, Math.min(data.length, maxChars)));
	return bytes.length > maxBytes ? bytes.subarray(0, maxBytes) : bytes;
}
function hasID3(bytes) {
	return bytes.length > 10 && bytes[0] === 73 && bytes[1] === 68 && bytes[2] === 51;
}
var stripID3 = (bytes) => {
	const id3Size = (bytes[6] & 127) << 21 | (bytes[7] & 127) << 14 | (bytes[8] & 127) << 7 | bytes[9] & 127;
	return bytes.subarray(id3Size + 10);
};
function detectMediaType({ data, signatures }) {
	let bytes = decodePrefix(data, DEFAULT_SNIFF_BYTES);
	if (hasID3(bytes)) bytes = stripID3(decodePrefix(data, ID3_SCAN_BYTES));
	for (const signature of signatures) if (bytes.length >= signature.bytesPrefix.length && signature.bytesPrefix.every((byte, index) => byte === null || bytes[index] === byte)) return signature.mediaType;
}
var VERSION = "6.0.326";
var download = async ({ url, maxBytes, abortSignal }) => {
	var _a23;
	const urlText = url.toString();
	try {
		const headers = withUserAgentSuffix({}, `ai-sdk/${VERSION}`, getRuntimeEnvironmentUserAgent());
		const response = await fetchWithValidatedRedirects({
			url: urlText,
			headers,
			abortSignal
		});
		if (!response.ok) {
			await cancelResponseBody(response);
			throw new DownloadError({
				url: urlText,
				statusCode: response.status,
				statusText: response.statusText
			});
		}
		return {
			data: await readResponseWithSizeLimit({
				response,
				url: urlText,
				maxBytes: maxBytes != null ? maxBytes : DEFAULT_MAX_DOWNLOAD_SIZE
			}),
			mediaType: (_a23 = response.headers.get("content-type")) != null ? _a23 : void 0
		};
	} catch (error) {
		if (DownloadError.isInstance(error)) throw error;
		throw new DownloadError({
			url: urlText,
			cause: error
		});
	}
};
var createDefaultDownloadFunction = (download2 = download, abortSignal) => (requestedDownloads) => Promise.all(requestedDownloads.map(async (requestedDownload) => requestedDownload.isUrlSupportedByModel ? null : await download2({
	...requestedDownload,
	abortSignal
})));
function mergeObjects(base, overrides) {
	if (base === void 0 && overrides === void 0) return;
	if (base === void 0) return overrides;
	if (overrides === void 0) return base;
	const result = { ...base };
	for (const key in overrides) {
		if (key === "__proto__" || key === "constructor" || key === "prototype") continue;
		if (Object.prototype.hasOwnProperty.call(overrides, key)) {
			const overridesValue = overrides[key];
			if (overridesValue === void 0) continue;
			const baseValue = key in base ? base[key] : void 0;
			const isSourceObject = overridesValue !== null && typeof overridesValue === "object" && !Array.isArray(overridesValue) && !(overridesValue instanceof Date) && !(overridesValue instanceof RegExp);
			const isTargetObject = baseValue !== null && baseValue !== void 0 && typeof baseValue === "object" && !Array.isArray(baseValue) && !(baseValue instanceof Date) && !(baseValue instanceof RegExp);
			if (isSourceObject && isTargetObject) result[key] = mergeObjects(baseValue, overridesValue);
			else result[key] = overridesValue;
		}
	}
	return result;
}
function splitDataUrl(dataUrl) {
	try {
		const [header, base64Content] = dataUrl.split(",");
		return {
			mediaType: header.split(";")[0].split(":")[1],
			base64Content
		};
	} catch (error) {
		return {
			mediaType: void 0,
			base64Content: void 0
		};
	}
}
var dataContentSchema = union([
	string(),
	custom(isUint8Array, { message: "Must be a Uint8Array" }),
	custom(isArrayBuffer, { message: "Must be an ArrayBuffer" }),
	custom((value) => {
		var _a23, _b;
		return (_b = (_a23 = globalThis.Buffer) == null ? void 0 : _a23.isBuffer(value)) != null ? _b : false;
	}, { message: "Must be a Buffer" })
]);
function convertToLanguageModelV3DataContent(content) {
	let originalUrl;
	if (isUint8Array(content)) return {
		data: convertDataContentToUint8Array(content),
		mediaType: void 0
	};
	if (isArrayBuffer(content)) return {
		data: new Uint8Array(content),
		mediaType: void 0
	};
	if (typeof content === "string") try {
		const url = new URL(content);
		originalUrl = url.toString() !== content ? content : void 0;
		content = url;
	} catch (error) {}
	if (content instanceof URL && content.protocol === "data:") {
		const { mediaType: dataUrlMediaType, base64Content } = splitDataUrl(content.toString());
		if (dataUrlMediaType == null || base64Content == null) throw new AISDKError({
			name: "InvalidDataContentError",
			message: `Invalid data URL format in content ${content.toString()}`
		});
		return {
			data: base64Content,
			mediaType: dataUrlMediaType
		};
	}
	return {
		data: content,
		mediaType: void 0,
		...originalUrl != null ? { originalUrl } : {}
	};
}
function convertDataContentToBase64String(content) {
	if (typeof content === "string") return content;
	return convertUint8ArrayToBase64(convertDataContentToUint8Array(content));
}
function convertDataContentToUint8Array(content) {
	if (isUint8Array(content)) {
		if (content instanceof Uint8Array) return content;
		const { buffer, byteOffset, byteLength } = content;
		return new Uint8Array(buffer, byteOffset, byteLength);
	}
	if (typeof content === "string") try {
		return convertBase64ToUint8Array(content);
	} catch (error) {
		throw new InvalidDataContentError({
			message: "Invalid data content. Content string is not a base64-encoded media.",
			content,
			cause: error
		});
	}
	if (isArrayBuffer(content)) return new Uint8Array(content);
	throw new InvalidDataContentError({ content });
}
async function convertToLanguageModelPrompt({ prompt, supportedUrls, download: download2, abortSignal }) {
	const downloadedAssets = await downloadAssets(prompt.messages, download2 != null ? download2 : createDefaultDownloadFunction(void 0, abortSignal), supportedUrls);
	const messages = [...prompt.system != null ? typeof prompt.system === "string" ? [{
		role: "system",
		content: prompt.system
	}] : asArray(prompt.system).map((message) => ({
		role: "system",
		content: message.content,
		providerOptions: message.providerOptions
	})) : [], ...prompt.messages.map((message) => convertToLanguageModelMessage({
		message,
		downloadedAssets
	}))];
	const combinedMessages = [];
	for (const message of messages) {
		if (message.role !== "tool") {
			combinedMessages.push(message);
			continue;
		}
		const lastCombinedMessage = combinedMessages.at(-1);
		if ((lastCombinedMessage == null ? void 0 : lastCombinedMessage.role) === "tool") {
			const lastContentPart = lastCombinedMessage.content.at(-1);
			if (lastContentPart != null && lastCombinedMessage.providerOptions != null) lastContentPart.providerOptions = mergeObjects(lastCombinedMessage.providerOptions, lastContentPart.providerOptions);
			lastCombinedMessage.content.push(...message.content);
			lastCombinedMessage.providerOptions = message.providerOptions;
		} else combinedMessages.push(message);
	}
	const toolCallIds = /* @__PURE__ */ new Set();
	for (const message of combinedMessages) switch (message.role) {
		case "assistant":
			for (const content of message.content) if (content.type === "tool-call" && !content.providerExecuted) toolCallIds.add(content.toolCallId);
			break;
		case "tool":
			for (const content of message.content) if (content.type === "tool-result") toolCallIds.delete(content.toolCallId);
			break;
		case "user":
		case "system": if (toolCallIds.size > 0) throw new MissingToolResultsError({ toolCallIds: Array.from(toolCallIds) });
	}
	if (toolCallIds.size > 0) throw new MissingToolResultsError({ toolCallIds: Array.from(toolCallIds) });
	return combinedMessages.filter((message) => message.role !== "tool" || message.content.length > 0);
}
function convertToLanguageModelMessage({ message, downloadedAssets }) {
	const role = message.role;
	switch (role) {
		case "system": return {
			role: "system",
			content: message.content,
			providerOptions: message.providerOptions
		};
		case "user":
			if (typeof message.content === "string") return {
				role: "user",
				content: [{
					type: "text",
					text: message.content
				}],
				providerOptions: message.providerOptions
			};
			return {
				role: "user",
				content: message.content.map((part) => convertPartToLanguageModelPart(part, downloadedAssets)).filter((part) => part.type !== "text" || part.text !== ""),
				providerOptions: message.providerOptions
			};
		case "assistant":
			if (typeof message.content === "string") return {
				role: "assistant",
				content: [{
					type: "text",
					text: message.content
				}],
				providerOptions: message.providerOptions
			};
			return {
				role: "assistant",
				content: message.content.filter((part) => part.type !== "text" || part.text !== "" || part.providerOptions != null).filter((part) => part.type !== "tool-approval-request").map((part) => {
					const providerOptions = part.providerOptions;
					switch (part.type) {
						case "file": {
							const { data, mediaType } = convertToLanguageModelV3DataContent(part.data);
							return {
								type: "file",
								data,
								filename: part.filename,
								mediaType: mediaType != null ? mediaType : part.mediaType,
								providerOptions
							};
						}
						case "reasoning": return {
							type: "reasoning",
							text: part.text,
							providerOptions
						};
						case "text": return {
							type: "text",
							text: part.text,
							providerOptions
						};
						case "tool-call": return {
							type: "tool-call",
							toolCallId: part.toolCallId,
							toolName: part.toolName,
							input: part.input,
							providerExecuted: part.providerExecuted,
							providerOptions
						};
						case "tool-result": return {
							type: "tool-result",
							toolCallId: part.toolCallId,
							toolName: part.toolName,
							output: mapToolResultOutput({
								output: part.output,
								downloadedAssets
							}),
							providerOptions
						};
					}
				}),
				providerOptions: message.providerOptions
			};
		case "tool": return {
			role: "tool",
			content: message.content.filter((part) => part.type !== "tool-approval-response" || part.providerExecuted).map((part) => {
				switch (part.type) {
					case "tool-result": return {
						type: "tool-result",
						toolCallId: part.toolCallId,
						toolName: part.toolName,
						output: mapToolResultOutput({
							output: part.output,
							downloadedAssets
						}),
						providerOptions: part.providerOptions
					};
					case "tool-approval-response": return {
						type: "tool-approval-response",
						approvalId: part.approvalId,
						approved: part.approved,
						reason: part.reason
					};
				}
			}),
			providerOptions: message.providerOptions
		};
		default: throw new InvalidMessageRoleError({ role });
	}
}
async function downloadAssets(messages, download2, supportedUrls) {
	var _a23;
	const downloadableFiles = [];
	for (const message of messages) {
		if (message.role === "user" && Array.isArray(message.content)) {
			for (const part of message.content) if (part.type === "image" || part.type === "file") downloadableFiles.push({
				data: part.type === "image" ? part.image : part.data,
				mediaType: (_a23 = part.mediaType) != null ? _a23 : part.type === "image" ? "image/*" : void 0
			});
		}
		if (message.role === "tool" || message.role === "assistant") {
			if (!Array.isArray(message.content)) continue;
			for (const part of message.content) {
				if (part.type !== "tool-result") continue;
				if (part.output.type !== "content") continue;
				for (const contentPart of part.output.value) if (contentPart.type === "image-url" || contentPart.type === "file-url") downloadableFiles.push({
					data: new URL(contentPart.url),
					mediaType: contentPart.type === "image-url" ? "image/*" : contentPart.mediaType
				});
			}
		}
	}
	const plannedDownloads = downloadableFiles.map((part) => {
		const mediaType = part.mediaType;
		const { data } = convertToLanguageModelV3DataContent(part.data);
		return {
			mediaType,
			data
		};
	}).filter((part) => part.data instanceof URL).map((part) => ({
		url: part.data,
		isUrlSupportedByModel: part.mediaType != null && isUrlSupported({
			url: part.data.toString(),
			mediaType: part.mediaType,
			supportedUrls
		})
	}));
	const downloadedFiles = await download2(plannedDownloads);
	return Object.fromEntries(downloadedFiles.map((file, index) => file == null ? null : [plannedDownloads[index].url.toString(), {
		data: file.data,
		mediaType: file.mediaType
	}]).filter((file) => file != null));
}
function convertPartToLanguageModelPart(part, downloadedAssets) {
	var _a23;
	if (part.type === "text") return {
		type: "text",
		text: part.text,
		providerOptions: part.providerOptions
	};
	let originalData;
	const type = part.type;
	switch (type) {
		case "image":
			originalData = part.image;
			break;
		case "file":
			originalData = part.data;
			break;
		default: throw new Error(`Unsupported part type: ${type}`);
	}
	const { data: convertedData, mediaType: convertedMediaType, originalUrl } = convertToLanguageModelV3DataContent(originalData);
	let mediaType = convertedMediaType != null ? convertedMediaType : part.mediaType;
	let data = convertedData;
	if (data instanceof URL) {
		const downloadedFile = downloadedAssets[data.toString()];
		if (downloadedFile) {
			data = downloadedFile.data;
			mediaType ??= downloadedFile.mediaType;
		}
	}
	switch (type) {
		case "image":
			if (data instanceof Uint8Array || typeof data === "string") mediaType = (_a23 = detectMediaType({
				data,
				signatures: imageMediaTypeSignatures
			})) != null ? _a23 : mediaType;
			return {
				type: "file",
				mediaType: mediaType != null ? mediaType : "image/*",
				filename: void 0,
				data,
				...data instanceof URL && originalUrl != null ? { originalUrl } : {},
				providerOptions: part.providerOptions
			};
		case "file":
			if (mediaType == null) throw new Error(`Media type is missing for file part`);
			return {
				type: "file",
				mediaType,
				filename: part.filename,
				data,
				...data instanceof URL && originalUrl != null ? { originalUrl } : {},
				providerOptions: part.providerOptions
			};
	}
}
function mapToolResultOutput({ output, downloadedAssets }) {
	if (output.type !== "content") return output;
	return {
		type: "content",
		value: output.value.map((item) => {
			var _a23, _b;
			if (item.type === "image-url") {
				const downloadedFile = downloadedAssets[new URL(item.url).toString()];
				if (downloadedFile) return {
					type: "image-data",
					data: convertDataContentToBase64String(downloadedFile.data),
					mediaType: (_a23 = downloadedFile.mediaType) != null ? _a23 : "image/*",
					providerOptions: item.providerOptions
				};
				return item;
			}
			if (item.type === "file-url") {
				const downloadedFile = downloadedAssets[new URL(item.url).toString()];
				if (downloadedFile) return {
					type: "file-data",
					data: convertDataContentToBase64String(downloadedFile.data),
					mediaType: (_b = downloadedFile.mediaType) != null ? _b : "application/octet-stream",
					providerOptions: item.providerOptions
				};
				return item;
			}
			if (item.type !== "media") return item;
			if (item.mediaType.startsWith("image/")) return {
				type: "image-data",
				data: item.data,
				mediaType: item.mediaType
			};
			return {
				type: "file-data",
				data: item.data,
				mediaType: item.mediaType
			};
		})
	};
}
async function createToolModelOutput({ toolCallId, input, output, tool: tool2, errorMode }) {
	if (errorMode === "text") return {
		type: "error-text",
		value: getErrorMessage$1(output)
	};
	else if (errorMode === "json") return {
		type: "error-json",
		value: toJSONValue(output)
	};
	if (tool2 == null ? void 0 : tool2.toModelOutput) return await tool2.toModelOutput({
		toolCallId,
		input,
		output
	});
	return typeof output === "string" ? {
		type: "text",
		value: output
	} : {
		type: "json",
		value: toJSONValue(output)
	};
}
function toJSONValue(value) {
	return value === void 0 ? null : value;
}
function prepareCallSettings({ maxOutputTokens, temperature, topP, topK, presencePenalty, frequencyPenalty, seed, stopSequences }) {
	if (maxOutputTokens != null) {
		if (!Number.isInteger(maxOutputTokens)) throw new InvalidArgumentError({
			parameter: "maxOutputTokens",
			value: maxOutputTokens,
			message: "maxOutputTokens must be an integer"
		});
		if (maxOutputTokens < 1) throw new InvalidArgumentError({
			parameter: "maxOutputTokens",
			value: maxOutputTokens,
			message: "maxOutputTokens must be >= 1"
		});
	}
	if (temperature != null) {
		if (typeof temperature !== "number") throw new InvalidArgumentError({
			parameter: "temperature",
			value: temperature,
			message: "temperature must be a number"
		});
	}
	if (topP != null) {
		if (typeof topP !== "number") throw new InvalidArgumentError({
			parameter: "topP",
			value: topP,
			message: "topP must be a number"
		});
	}
	if (topK != null) {
		if (typeof topK !== "number") throw new InvalidArgumentError({
			parameter: "topK",
			value: topK,
			message: "topK must be a number"
		});
	}
	if (presencePenalty != null) {
		if (typeof presencePenalty !== "number") throw new InvalidArgumentError({
			parameter: "presencePenalty",
			value: presencePenalty,
			message: "presencePenalty must be a number"
		});
	}
	if (frequencyPenalty != null) {
		if (typeof frequencyPenalty !== "number") throw new InvalidArgumentError({
			parameter: "frequencyPenalty",
			value: frequencyPenalty,
			message: "frequencyPenalty must be a number"
		});
	}
	if (seed != null) {
		if (!Number.isInteger(seed)) throw new InvalidArgumentError({
			parameter: "seed",
			value: seed,
			message: "seed must be an integer"
		});
	}
	return {
		maxOutputTokens,
		temperature,
		topP,
		topK,
		presencePenalty,
		frequencyPenalty,
		stopSequences,
		seed
	};
}
function isNonEmptyObject(object2) {
	return object2 != null && Object.keys(object2).length > 0;
}
async function prepareToolsAndToolChoice({ tools, toolChoice, activeTools }) {
	if (!isNonEmptyObject(tools)) return {
		tools: void 0,
		toolChoice: toolChoice === "none" ? { type: "none" } : void 0
	};
	const filteredTools = activeTools != null ? Object.entries(tools).filter(([name23]) => activeTools.includes(name23)) : Object.entries(tools);
	const languageModelTools = [];
	for (const [name23, tool2] of filteredTools) {
		const toolType = tool2.type;
		switch (toolType) {
			case void 0:
			case "dynamic":
			case "function":
				languageModelTools.push({
					type: "function",
					name: name23,
					description: tool2.description,
					inputSchema: await asSchema(tool2.inputSchema).jsonSchema,
					...tool2.inputExamples != null ? { inputExamples: tool2.inputExamples } : {},
					providerOptions: tool2.providerOptions,
					...tool2.strict != null ? { strict: tool2.strict } : {}
				});
				break;
			case "provider":
				languageModelTools.push({
					type: "provider",
					name: name23,
					id: tool2.id,
					args: tool2.args
				});
				break;
			default: throw new Error(`Unsupported tool type: ${toolType}`);
		}
	}
	return {
		tools: languageModelTools,
		toolChoice: toolChoice == null ? { type: "auto" } : typeof toolChoice === "string" ? { type: toolChoice } : {
			type: "tool",
			toolName: toolChoice.toolName
		}
	};
}
var jsonValueSchema = lazy(() => union([
	_null(),
	string(),
	number(),
	boolean(),
	record(string(), jsonValueSchema.optional()),
	array$1(jsonValueSchema)
]));
var providerMetadataSchema = record(string(), record(string(), jsonValueSchema.optional()));
var textPartSchema = object$1({
	type: literal("text"),
	text: string(),
	providerOptions: providerMetadataSchema.optional()
});
var imagePartSchema = object$1({
	type: literal("image"),
	image: union([dataContentSchema, _instanceof(URL)]),
	mediaType: string().optional(),
	providerOptions: providerMetadataSchema.optional()
});
var filePartSchema = object$1({
	type: literal("file"),
	data: union([dataContentSchema, _instanceof(URL)]),
	filename: string().optional(),
	mediaType: string(),
	providerOptions: providerMetadataSchema.optional()
});
var reasoningPartSchema = object$1({
	type: literal("reasoning"),
	text: string(),
	providerOptions: providerMetadataSchema.optional()
});
var toolCallPartSchema = object$1({
	type: literal("tool-call"),
	toolCallId: string(),
	toolName: string(),
	input: unknown(),
	providerOptions: providerMetadataSchema.optional(),
	providerExecuted: boolean().optional()
});
var outputSchema = discriminatedUnion("type", [
	object$1({
		type: literal("text"),
		value: string(),
		providerOptions: providerMetadataSchema.optional()
	}),
	object$1({
		type: literal("json"),
		value: jsonValueSchema,
		providerOptions: providerMetadataSchema.optional()
	}),
	object$1({
		type: literal("execution-denied"),
		reason: string().optional(),
		providerOptions: providerMetadataSchema.optional()
	}),
	object$1({
		type: literal("error-text"),
		value: string(),
		providerOptions: providerMetadataSchema.optional()
	}),
	object$1({
		type: literal("error-json"),
		value: jsonValueSchema,
		providerOptions: providerMetadataSchema.optional()
	}),
	object$1({
		type: literal("content"),
		value: array$1(union([
			object$1({
				type: literal("text"),
				text: string(),
				providerOptions: providerMetadataSchema.optional()
			}),
			object$1({
				type: literal("media"),
				data: string(),
				mediaType: string()
			}),
			object$1({
				type: literal("file-data"),
				data: string(),
				mediaType: string(),
				filename: string().optional(),
				providerOptions: providerMetadataSchema.optional()
			}),
			object$1({
				type: literal("file-url"),
				url: string(),
				mediaType: string().optional(),
				providerOptions: providerMetadataSchema.optional()
			}),
			object$1({
				type: literal("file-id"),
				fileId: union([string(), record(string(), string())]),
				providerOptions: providerMetadataSchema.optional()
			}),
			object$1({
				type: literal("image-data"),
				data: string(),
				mediaType: string(),
				providerOptions: providerMetadataSchema.optional()
			}),
			object$1({
				type: literal("image-url"),
				url: string(),
				providerOptions: providerMetadataSchema.optional()
			}),
			object$1({
				type: literal("image-file-id"),
				fileId: union([string(), record(string(), string())]),
				providerOptions: providerMetadataSchema.optional()
			}),
			object$1({
				type: literal("custom"),
				providerOptions: providerMetadataSchema.optional()
			})
		]))
	})
]);
var toolResultPartSchema = object$1({
	type: literal("tool-result"),
	toolCallId: string(),
	toolName: string(),
	output: outputSchema,
	providerOptions: providerMetadataSchema.optional()
});
var toolApprovalRequestSchema = object$1({
	type: literal("tool-approval-request"),
	approvalId: string(),
	toolCallId: string(),
	signature: string().optional(),
	inputSchemaInput: unknown().optional()
});
var toolApprovalResponseSchema = object$1({
	type: literal("tool-approval-response"),
	approvalId: string(),
	approved: boolean(),
	reason: string().optional()
});
var systemModelMessageSchema = object$1({
	role: literal("system"),
	content: string(),
	providerOptions: providerMetadataSchema.optional()
});
var userModelMessageSchema = object$1({
	role: literal("user"),
	content: union([string(), array$1(union([
		textPartSchema,
		imagePartSchema,
		filePartSchema
	]))]),
	providerOptions: providerMetadataSchema.optional()
});
var assistantModelMessageSchema = object$1({
	role: literal("assistant"),
	content: union([string(), array$1(union([
		textPartSchema,
		filePartSchema,
		reasoningPartSchema,
		toolCallPartSchema,
		toolResultPartSchema,
		toolApprovalRequestSchema
	]))]),
	providerOptions: providerMetadataSchema.optional()
});
var toolModelMessageSchema = object$1({
	role: literal("tool"),
	content: array$1(union([toolResultPartSchema, toolApprovalResponseSchema])),
	providerOptions: providerMetadataSchema.optional()
});
var modelMessageSchema = union([
	systemModelMessageSchema,
	userModelMessageSchema,
	assistantModelMessageSchema,
	toolModelMessageSchema
]);
async function standardizePrompt({ allowSystemInMessages, system, prompt, messages }) {
	if (prompt == null && messages == null) throw new InvalidPromptError({
		prompt,
		message: "prompt or messages must be defined"
	});
	if (prompt != null && messages != null) throw new InvalidPromptError({
		prompt,
		message: "prompt and messages cannot be defined at the same time"
	});
	if (typeof system !== "string" && !asArray(system).every((message) => message.role === "system")) throw new InvalidPromptError({
		prompt,
		message: "system must be a string, SystemModelMessage, or array of SystemModelMessage"
	});
	if (prompt != null && typeof prompt === "string") messages = [{
		role: "user",
		content: prompt
	}];
	else if (prompt != null && Array.isArray(prompt)) messages = prompt;
	else if (messages == null) throw new InvalidPromptError({
		prompt,
		message: "prompt or messages must be defined"
	});
	if (messages.length === 0) throw new InvalidPromptError({
		prompt,
		message: "messages must not be empty"
	});
	if (messages.some((message) => message.role === "system")) {
		if (allowSystemInMessages === false) throw new InvalidPromptError({
			prompt,
			message: "System messages are not allowed in the prompt or messages fields. Use the system option instead."
		});
		if (allowSystemInMessages === void 0) console.warn("AI SDK Warning: System messages in the prompt or messages fields can be a security risk because they may enable prompt injection attacks. Use the system option instead when possible. Set allowSystemInMessages to true to suppress this warning, or false to throw an error.");
	}
	const validationResult = await safeValidateTypes({
		value: messages,
		schema: array$1(modelMessageSchema)
	});
	if (!validationResult.success) throw new InvalidPromptError({
		prompt,
		message: "The messages do not match the ModelMessage[] schema.",
		cause: validationResult.error
	});
	return {
		messages,
		system
	};
}
function wrapGatewayError(error) {
	if (!GatewayAuthenticationError.isInstance(error)) return error;
	const isProductionEnv = (process == null ? void 0 : process.env.NODE_ENV) === "production";
	const moreInfoURL = "https://ai-sdk.dev/unauthenticated-ai-gateway";
	if (isProductionEnv) return new AISDKError({
		name: "GatewayError",
		message: `Unauthenticated. Configure AI_GATEWAY_API_KEY or use a provider module. Learn more: ${moreInfoURL}`
	});
	return Object.assign(/* @__PURE__ */ new Error(`\x1B[1m\x1B[31mUnauthenticated request to AI Gateway.\x1B[0m

To authenticate, set the \x1B[33mAI_GATEWAY_API_KEY\x1B[0m environment variable with your API key.

Alternatively, you can use a provider module instead of the AI Gateway.

Learn more: \x1B[34m${moreInfoURL}\x1B[0m

`), { name: "GatewayAuthenticationError" });
}
function assembleOperationName({ operationId, telemetry }) {
	return {
		"operation.name": `${operationId}${(telemetry == null ? void 0 : telemetry.functionId) != null ? ` ${telemetry.functionId}` : ""}`,
		"resource.name": telemetry == null ? void 0 : telemetry.functionId,
		"ai.operationId": operationId,
		"ai.telemetry.functionId": telemetry == null ? void 0 : telemetry.functionId
	};
}
function getBaseTelemetryAttributes({ model, settings, telemetry, headers }) {
	var _a23;
	return {
		"ai.model.provider": model.provider,
		"ai.model.id": model.modelId,
		...Object.entries(settings).reduce((attributes, [key, value]) => {
			if (key === "timeout") {
				const totalTimeoutMs = getTotalTimeoutMs(value);
				if (totalTimeoutMs != null) attributes[`ai.settings.${key}`] = totalTimeoutMs;
			} else attributes[`ai.settings.${key}`] = value;
			return attributes;
		}, {}),
		...Object.entries((_a23 = telemetry == null ? void 0 : telemetry.metadata) != null ? _a23 : {}).reduce((attributes, [key, value]) => {
			attributes[`ai.telemetry.metadata.${key}`] = value;
			return attributes;
		}, {}),
		...Object.entries(headers != null ? headers : {}).reduce((attributes, [key, value]) => {
			if (value !== void 0) attributes[`ai.request.headers.${key}`] = value;
			return attributes;
		}, {})
	};
}
var noopTracer = {
	startSpan() {
		return noopSpan;
	},
	startActiveSpan(name23, arg1, arg2, arg3) {
		if (typeof arg1 === "function") return arg1(noopSpan);
		if (typeof arg2 === "function") return arg2(noopSpan);
		if (typeof arg3 === "function") return arg3(noopSpan);
	}
};
var noopSpan = {
	spanContext() {
		return noopSpanContext;
	},
	setAttribute() {
		return this;
	},
	setAttributes() {
		return this;
	},
	addEvent() {
		return this;
	},
	addLink() {
		return this;
	},
	addLinks() {
		return this;
	},
	setStatus() {
		return this;
	},
	updateName() {
		return this;
	},
	end() {
		return this;
	},
	isRecording() {
		return false;
	},
	recordException() {
		return this;
	}
};
var noopSpanContext = {
	traceId: "",
	spanId: "",
	traceFlags: 0
};
function getTracer({ isEnabled = false, tracer } = {}) {
	if (!isEnabled) return noopTracer;
	if (tracer) return tracer;
	return trace.getTracer("ai");
}
async function recordSpan({ name: name23, tracer, attributes, fn, endWhenDone = true, endOnError = endWhenDone }) {
	return tracer.startActiveSpan(name23, { attributes: await attributes }, async (span) => {
		const ctx = context.active();
		try {
			const result = await context.with(ctx, () => fn(span));
			if (endWhenDone) span.end();
			return result;
		} catch (error) {
			try {
				recordErrorOnSpan(span, error);
			} finally {
				if (endOnError) span.end();
			}
			throw error;
		}
	});
}
function recordErrorOnSpan(span, error) {
	if (error instanceof Error) {
		span.recordException({
			name: error.name,
			message: error.message,
			stack: error.stack
		});
		span.setStatus({
			code: SpanStatusCode.ERROR,
			message: error.message
		});
	} else span.setStatus({ code: SpanStatusCode.ERROR });
}
function isPrimitiveAttributeValue(value) {
	return typeof value === "string" || typeof value === "number" || typeof value === "boolean";
}
function sanitizeAttributeValue(value) {
	if (!Array.isArray(value)) return value;
	const primitiveTypes = new Set(value.filter(isPrimitiveAttributeValue).map((item) => typeof item));
	if (primitiveTypes.size !== 1) return;
	const [primitiveType] = primitiveTypes;
	if (primitiveType === "string") return value.filter((item) => typeof item === "string");
	if (primitiveType === "number") return value.filter((item) => typeof item === "number");
	return value.filter((item) => typeof item === "boolean");
}
async function selectTelemetryAttributes({ telemetry, attributes }) {
	if ((telemetry == null ? void 0 : telemetry.isEnabled) !== true) return {};
	const resultAttributes = {};
	for (const [key, value] of Object.entries(attributes)) {
		if (value == null) continue;
		if (typeof value === "object" && "input" in value && typeof value.input === "function") {
			if ((telemetry == null ? void 0 : telemetry.recordInputs) === false) continue;
			const result = await value.input();
			if (result != null) {
				const sanitized2 = sanitizeAttributeValue(result);
				if (sanitized2 != null) resultAttributes[key] = sanitized2;
			}
			continue;
		}
		if (typeof value === "object" && "output" in value && typeof value.output === "function") {
			if ((telemetry == null ? void 0 : telemetry.recordOutputs) === false) continue;
			const result = await value.output();
			if (result != null) {
				const sanitized2 = sanitizeAttributeValue(result);
				if (sanitized2 != null) resultAttributes[key] = sanitized2;
			}
			continue;
		}
		const sanitized = sanitizeAttributeValue(value);
		if (sanitized != null) resultAttributes[key] = sanitized;
	}
	return resultAttributes;
}
function stringifyForTelemetry(prompt) {
	return JSON.stringify(prompt.map((message) => ({
		...message,
		content: typeof message.content === "string" ? message.content : message.content.map((part) => part.type === "file" ? {
			...part,
			data: part.data instanceof Uint8Array ? convertDataContentToBase64String(part.data) : part.data
		} : part)
	})));
}
function getGlobalTelemetryIntegrations() {
	var _a23;
	return (_a23 = globalThis.AI_SDK_TELEMETRY_INTEGRATIONS) != null ? _a23 : [];
}
function getGlobalTelemetryIntegration() {
	const globalIntegrations = getGlobalTelemetryIntegrations();
	return (integrations) => {
		const localIntegrations = asArray(integrations);
		const allIntegrations = [...globalIntegrations, ...localIntegrations];
		function createTelemetryComposite(getListenerFromIntegration) {
			const listeners = allIntegrations.map(getListenerFromIntegration).filter(Boolean);
			return async (event) => {
				for (const listener of listeners) try {
					await listener(event);
				} catch (_ignored) {}
			};
		}
		return {
			onStart: createTelemetryComposite((integration) => integration.onStart),
			onStepStart: createTelemetryComposite((integration) => integration.onStepStart),
			onToolCallStart: createTelemetryComposite((integration) => integration.onToolCallStart),
			onToolCallFinish: createTelemetryComposite((integration) => integration.onToolCallFinish),
			onStepFinish: createTelemetryComposite((integration) => integration.onStepFinish),
			onFinish: createTelemetryComposite((integration) => integration.onFinish)
		};
	};
}
function asLanguageModelUsage(usage) {
	return {
		inputTokens: usage.inputTokens.total,
		inputTokenDetails: {
			noCacheTokens: usage.inputTokens.noCache,
			cacheReadTokens: usage.inputTokens.cacheRead,
			cacheWriteTokens: usage.inputTokens.cacheWrite
		},
		outputTokens: usage.outputTokens.total,
		outputTokenDetails: {
			textTokens: usage.outputTokens.text,
			reasoningTokens: usage.outputTokens.reasoning
		},
		totalTokens: addTokenCounts(usage.inputTokens.total, usage.outputTokens.total),
		raw: usage.raw,
		reasoningTokens: usage.outputTokens.reasoning,
		cachedInputTokens: usage.inputTokens.cacheRead
	};
}
function addLanguageModelUsage(usage1, usage2) {
	var _a23, _b, _c, _d, _e, _f, _g, _h, _i, _j;
	const raw = isNullLanguageModelUsage(usage1) ? usage2.raw : isNullLanguageModelUsage(usage2) ? usage1.raw : void 0;
	return {
		inputTokens: addTokenCounts(usage1.inputTokens, usage2.inputTokens),
		inputTokenDetails: {
			noCacheTokens: addTokenCounts((_a23 = usage1.inputTokenDetails) == null ? void 0 : _a23.noCacheTokens, (_b = usage2.inputTokenDetails) == null ? void 0 : _b.noCacheTokens),
			cacheReadTokens: addTokenCounts((_c = usage1.inputTokenDetails) == null ? void 0 : _c.cacheReadTokens, (_d = usage2.inputTokenDetails) == null ? void 0 : _d.cacheReadTokens),
			cacheWriteTokens: addTokenCounts((_e = usage1.inputTokenDetails) == null ? void 0 : _e.cacheWriteTokens, (_f = usage2.inputTokenDetails) == null ? void 0 : _f.cacheWriteTokens)
		},
		outputTokens: addTokenCounts(usage1.outputTokens, usage2.outputTokens),
		outputTokenDetails: {
			textTokens: addTokenCounts((_g = usage1.outputTokenDetails) == null ? void 0 : _g.textTokens, (_h = usage2.outputTokenDetails) == null ? void 0 : _h.textTokens),
			reasoningTokens: addTokenCounts((_i = usage1.outputTokenDetails) == null ? void 0 : _i.reasoningTokens, (_j = usage2.outputTokenDetails) == null ? void 0 : _j.reasoningTokens)
		},
		totalTokens: addTokenCounts(usage1.totalTokens, usage2.totalTokens),
		reasoningTokens: addTokenCounts(usage1.reasoningTokens, usage2.reasoningTokens),
		cachedInputTokens: addTokenCounts(usage1.cachedInputTokens, usage2.cachedInputTokens),
		...raw == null ? {} : { raw }
	};
}
function isNullLanguageModelUsage(usage) {
	var _a23, _b, _c, _d, _e;
	return usage.inputTokens == null && ((_a23 = usage.inputTokenDetails) == null ? void 0 : _a23.noCacheTokens) == null && ((_b = usage.inputTokenDetails) == null ? void 0 : _b.cacheReadTokens) == null && ((_c = usage.inputTokenDetails) == null ? void 0 : _c.cacheWriteTokens) == null && usage.outputTokens == null && ((_d = usage.outputTokenDetails) == null ? void 0 : _d.textTokens) == null && ((_e = usage.outputTokenDetails) == null ? void 0 : _e.reasoningTokens) == null && usage.totalTokens == null && usage.raw == null;
}
function addTokenCounts(tokenCount1, tokenCount2) {
	return tokenCount1 == null && tokenCount2 == null ? void 0 : (tokenCount1 != null ? tokenCount1 : 0) + (tokenCount2 != null ? tokenCount2 : 0);
}
function getRetryDelayInMs({ error, exponentialBackoffDelay }) {
	const headers = APICallError.isInstance(error) ? error.responseHeaders : APICallError.isInstance(error.cause) ? error.cause.responseHeaders : void 0;
	if (!headers) return exponentialBackoffDelay;
	let ms;
	const retryAfterMs = headers["retry-after-ms"];
	if (retryAfterMs) {
		const timeoutMs = parseFloat(retryAfterMs);
		if (!Number.isNaN(timeoutMs)) ms = timeoutMs;
	}
	const retryAfter = headers["retry-after"];
	if (retryAfter && ms === void 0) {
		const timeoutSeconds = parseFloat(retryAfter);
		if (!Number.isNaN(timeoutSeconds)) ms = timeoutSeconds * 1e3;
		else ms = Date.parse(retryAfter) - Date.now();
	}
	if (ms != null && !Number.isNaN(ms) && 0 <= ms && (ms < 6e4 || ms < exponentialBackoffDelay)) return ms;
	return exponentialBackoffDelay;
}
var retryWithExponentialBackoffRespectingRetryHeaders = ({ maxRetries = 2, initialDelayInMs = 2e3, backoffFactor = 2, abortSignal, additionalRetryableError } = {}) => retryWithExponentialBackoff({
	maxRetries,
	initialDelayInMs,
	backoffFactor,
	abortSignal,
	shouldRetry: async (error) => error instanceof Error && (APICallError.isInstance(error) && error.isRetryable === true || GatewayError.isInstance(error) && error.isRetryable === true) || additionalRetryableError != null && await additionalRetryableError(error),
	getDelayInMs: ({ error, exponentialBackoffDelay }) => getRetryDelayInMs({
		error,
		exponentialBackoffDelay
	}),
	createRetryError: ({ message, reason, errors }) => new RetryError({
		message,
		reason,
		errors
	})
});
function prepareRetries({ maxRetries, abortSignal, additionalRetryableError }) {
	if (maxRetries != null) {
		if (!Number.isInteger(maxRetries)) throw new InvalidArgumentError({
			parameter: "maxRetries",
			value: maxRetries,
			message: "maxRetries must be an integer"
		});
		if (maxRetries < 0) throw new InvalidArgumentError({
			parameter: "maxRetries",
			value: maxRetries,
			message: "maxRetries must be >= 0"
		});
	}
	const maxRetriesResult = maxRetries != null ? maxRetries : 2;
	return {
		maxRetries: maxRetriesResult,
		retry: retryWithExponentialBackoffRespectingRetryHeaders({
			maxRetries: maxRetriesResult,
			abortSignal,
			additionalRetryableError
		})
	};
}
function setAbortTimeout({ abortController, label, timeoutMs }) {
	if (abortController == null || timeoutMs == null) return;
	return setTimeout(() => abortController.abort(new DOMException(`${label} timeout of ${timeoutMs}ms exceeded`, "TimeoutError")), timeoutMs);
}
function collectToolApprovals({ messages }) {
	const lastMessage = messages.at(-1);
	if ((lastMessage == null ? void 0 : lastMessage.role) != "tool") return {
		approvedToolApprovals: [],
		deniedToolApprovals: []
	};
	const toolCallsByToolCallId = {};
	for (const message of messages) if (message.role === "assistant" && typeof message.content !== "string") {
		const content = message.content;
		for (const part of content) if (part.type === "tool-call") toolCallsByToolCallId[part.toolCallId] = part;
	}
	const toolApprovalRequestsByApprovalId = {};
	for (const message of messages) if (message.role === "assistant" && typeof message.content !== "string") {
		const content = message.content;
		for (const part of content) if (part.type === "tool-approval-request") toolApprovalRequestsByApprovalId[part.approvalId] = part;
	}
	const toolResults = {};
	for (const part of lastMessage.content) if (part.type === "tool-result") toolResults[part.toolCallId] = part;
	const approvedToolApprovals = [];
	const deniedToolApprovals = [];
	const collectedToolCallIds = /* @__PURE__ */ new Set();
	const approvalResponses = lastMessage.content.filter((part) => part.type === "tool-approval-response");
	for (const approvalResponse of approvalResponses) {
		const approvalRequest = toolApprovalRequestsByApprovalId[approvalResponse.approvalId];
		if (approvalRequest == null) throw new InvalidToolApprovalError({ approvalId: approvalResponse.approvalId });
		if (toolResults[approvalRequest.toolCallId] != null) continue;
		const toolCall = toolCallsByToolCallId[approvalRequest.toolCallId];
		if (toolCall == null) throw new ToolCallNotFoundForApprovalError({
			toolCallId: approvalRequest.toolCallId,
			approvalId: approvalRequest.approvalId
		});
		if (collectedToolCallIds.has(toolCall.toolCallId)) continue;
		collectedToolCallIds.add(toolCall.toolCallId);
		const approval = {
			approvalRequest,
			approvalResponse,
			toolCall
		};
		if (approvalResponse.approved) approvedToolApprovals.push(approval);
		else deniedToolApprovals.push(approval);
	}
	return {
		approvedToolApprovals,
		deniedToolApprovals
	};
}
function now() {
	var _a23, _b;
	return (_b = (_a23 = globalThis == null ? void 0 : globalThis.performance) == null ? void 0 : _a23.now()) != null ? _b : Date.now();
}
async function executeToolCall({ toolCall, tools, tracer, telemetry, messages, abortSignal, experimental_context, stepNumber, model, onPreliminaryToolResult, onToolCallStart, onToolCallFinish }) {
	var _a23;
	const { toolName, toolCallId, input } = toolCall;
	const tool2 = tools == null ? void 0 : tools[toolName];
	if ((tool2 == null ? void 0 : tool2.execute) == null) return;
	const baseCallbackEvent = {
		stepNumber,
		model,
		toolCall,
		messages,
		abortSignal,
		functionId: telemetry == null ? void 0 : telemetry.functionId,
		metadata: telemetry == null ? void 0 : telemetry.metadata,
		experimental_context
	};
	return recordSpan({
		name: "ai.toolCall",
		attributes: selectTelemetryAttributes({
			telemetry,
			attributes: {
				...assembleOperationName({
					operationId: "ai.toolCall",
					telemetry
				}),
				...Object.fromEntries(Object.entries((_a23 = telemetry == null ? void 0 : telemetry.metadata) != null ? _a23 : {}).map(([key, value]) => [`ai.telemetry.metadata.${key}`, value])),
				"ai.toolCall.name": toolName,
				"ai.toolCall.id": toolCallId,
				"ai.toolCall.args": { output: () => JSON.stringify(input) }
			}
		}),
		tracer,
		fn: async (span) => {
			let output;
			await notify({
				event: baseCallbackEvent,
				callbacks: onToolCallStart
			});
			const startTime = now();
			try {
				const stream = executeTool({
					execute: tool2.execute.bind(tool2),
					input,
					options: {
						toolCallId,
						messages,
						abortSignal,
						experimental_context
					}
				});
				for await (const part of stream) if (part.type === "preliminary") onPreliminaryToolResult?.({
					...toolCall,
					type: "tool-result",
					output: part.output,
					preliminary: true
				});
				else output = part.output;
			} catch (error) {
				const durationMs2 = now() - startTime;
				await notify({
					event: {
						...baseCallbackEvent,
						success: false,
						error,
						durationMs: durationMs2
					},
					callbacks: onToolCallFinish
				});
				recordErrorOnSpan(span, error);
				return {
					type: "tool-error",
					toolCallId,
					toolName,
					input,
					error,
					dynamic: tool2.type === "dynamic",
					...toolCall.providerMetadata != null ? { providerMetadata: toolCall.providerMetadata } : {},
					...toolCall.toolMetadata != null ? { toolMetadata: toolCall.toolMetadata } : {}
				};
			}
			const durationMs = now() - startTime;
			await notify({
				event: {
					...baseCallbackEvent,
					success: true,
					output,
					durationMs
				},
				callbacks: onToolCallFinish
			});
			try {
				span.setAttributes(await selectTelemetryAttributes({
					telemetry,
					attributes: { "ai.toolCall.result": { output: () => JSON.stringify(output) } }
				}));
			} catch (ignored) {}
			return {
				type: "tool-result",
				toolCallId,
				toolName,
				input,
				output,
				dynamic: tool2.type === "dynamic",
				...toolCall.providerMetadata != null ? { providerMetadata: toolCall.providerMetadata } : {},
				...toolCall.toolMetadata != null ? { toolMetadata: toolCall.toolMetadata } : {}
			};
		}
	});
}
function extractReasoningContent(content) {
	const parts = content.filter((content2) => content2.type === "reasoning");
	return parts.length === 0 ? void 0 : parts.map((content2) => content2.text).join("\n");
}
function extractTextContent(content) {
	const parts = content.filter((content2) => content2.type === "text");
	if (parts.length === 0) return;
	return parts.map((content2) => content2.text).join("");
}
function filterActiveTools({ tools, activeTools }) {
	if (tools == null || activeTools == null) return tools;
	return Object.fromEntries(Object.entries(tools).filter(([name23]) => activeTools.includes(name23)));
}
var DefaultGeneratedFile = class {
	constructor({ data, mediaType }) {
		this.base64Data = typeof data === "string" ? data : void 0;
		this.uint8ArrayData = typeof data === "string" ? void 0 : convertDataContentToUint8Array(data);
		this.mediaType = mediaType;
	}
	get base64() {
		if (this.base64Data == null) this.base64Data = convertUint8ArrayToBase64(this.uint8ArrayData);
		return this.base64Data;
	}
	get uint8Array() {
		if (this.uint8ArrayData == null) this.uint8ArrayData = convertBase64ToUint8Array(this.base64Data);
		return this.uint8ArrayData;
	}
};
async function isApprovalNeeded({ tool: tool2, toolCall, messages, experimental_context }) {
	if (tool2.needsApproval == null) return false;
	if (typeof tool2.needsApproval === "boolean") return tool2.needsApproval;
	return await tool2.needsApproval(toolCall.input, {
		toolCallId: toolCall.toolCallId,
		messages,
		experimental_context
	});
}
function isToolExecutionAllowedFinishReason(finishReason) {
	return finishReason === "stop" || finishReason === "tool-calls";
}
var encoder = new TextEncoder();
function canonicalJSON(value) {
	if (value === null || value === void 0) return JSON.stringify(value);
	if (typeof value !== "object") return JSON.stringify(value);
	if (Array.isArray(value)) return `[${value.map(canonicalJSON).join(",")}]`;
	return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonicalJSON(value[k])}`).join(",")}}`;
}
function toBase64url(bytes) {
	return convertUint8ArrayToBase64(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/g, "");
}
function fromBase64url(str) {
	return convertBase64ToUint8Array(str);
}
async function importKey(secret) {
	const keyData = typeof secret === "string" ? encoder.encode(secret) : secret;
	return crypto.subtle.importKey("raw", keyData, {
		name: "HMAC",
		hash: "SHA-256"
	}, false, ["sign", "verify"]);
}
async function hashInput(input) {
	const canonical = canonicalJSON(input);
	const digest = await crypto.subtle.digest("SHA-256", encoder.encode(canonical));
	return toBase64url(new Uint8Array(digest));
}
function buildPayload(approvalId, toolCallId, toolName, inputDigest) {
	return encoder.encode(`${approvalId}
${toolCallId}
${toolName}
${inputDigest}`);
}
async function signToolApproval({ secret, approvalId, toolCallId, toolName, input }) {
	const key = await importKey(secret);
	const payload = buildPayload(approvalId, toolCallId, toolName, await hashInput(input));
	const sig = await crypto.subtle.sign("HMAC", key, payload);
	return toBase64url(new Uint8Array(sig));
}
async function verifyToolApprovalSignature({ secret, signature, approvalId, toolCallId, toolName, input }) {
	const key = await importKey(secret);
	const payload = buildPayload(approvalId, toolCallId, toolName, await hashInput(input));
	const sigBytes = fromBase64url(signature);
	return crypto.subtle.verify("HMAC", key, sigBytes, payload);
}
async function maybeSignApproval({ secret, approvalId, toolCallId, toolName, input }) {
	if (secret == null) return void 0;
	return signToolApproval({
		secret,
		approvalId,
		toolCallId,
		toolName,
		input
	});
}
function isDeepEqualData(obj1, obj2) {
	if (obj1 === obj2) return true;
	if (obj1 == null || obj2 == null) return false;
	if (typeof obj1 !== "object" && typeof obj2 !== "object") return obj1 === obj2;
	if (obj1.constructor !== obj2.constructor) return false;
	if (obj1 instanceof Date && obj2 instanceof Date) return obj1.getTime() === obj2.getTime();
	if (Array.isArray(obj1)) {
		if (obj1.length !== obj2.length) return false;
		for (let i = 0; i < obj1.length; i++) if (!isDeepEqualData(obj1[i], obj2[i])) return false;
		return true;
	}
	const keys1 = Object.keys(obj1);
	const keys2 = Object.keys(obj2);
	if (keys1.length !== keys2.length) return false;
	for (const key of keys1) {
		if (!keys2.includes(key)) return false;
		if (!isDeepEqualData(obj1[key], obj2[key])) return false;
	}
	return true;
}
async function validateApprovedToolApprovals({ approvedToolApprovals, tools, messages, experimental_context, toolApprovalSecret }) {
	var _a23;
	const approved = [];
	const denied = [];
	const invalid = [];
	for (const approval of approvedToolApprovals) {
		const { toolCall, approvalRequest } = approval;
		const tool2 = tools == null ? void 0 : tools[toolCall.toolName];
		if (toolApprovalSecret != null) {
			if (approvalRequest.signature == null) throw new InvalidToolApprovalSignatureError({
				approvalId: approvalRequest.approvalId,
				toolCallId: toolCall.toolCallId,
				reason: "missing signature"
			});
			if (!await verifyToolApprovalSignature({
				secret: toolApprovalSecret,
				signature: approvalRequest.signature,
				approvalId: approvalRequest.approvalId,
				toolCallId: toolCall.toolCallId,
				toolName: toolCall.toolName,
				input: toolCall.input
			})) throw new InvalidToolApprovalSignatureError({
				approvalId: approvalRequest.approvalId,
				toolCallId: toolCall.toolCallId,
				reason: "invalid signature"
			});
		}
		if (tool2 != null && typeof tool2.execute === "function" && tool2.inputSchema != null) {
			const hasInputSchemaInput = Object.prototype.hasOwnProperty.call(approvalRequest, "inputSchemaInput");
			const validation = await safeValidateTypes({
				value: hasInputSchemaInput ? approvalRequest.inputSchemaInput : toolCall.input,
				schema: asSchema(tool2.inputSchema)
			});
			let validationError;
			if (!validation.success) validationError = validation.error;
			else if (!isDeepEqualData(validation.value, toolCall.input)) validationError = /* @__PURE__ */ new Error("Approved tool input does not match the validated schema output.");
			if (validationError != null) {
				invalid.push({
					...approval,
					error: new InvalidToolInputError({
						toolName: toolCall.toolName,
						toolInput: JSON.stringify(toolCall.input),
						cause: validationError
					})
				});
				continue;
			}
		}
		if (tool2 != null && await isApprovalNeeded({
			tool: tool2,
			toolCall,
			messages,
			experimental_context
		})) approved.push(approval);
		else denied.push({
			...approval,
			approvalResponse: {
				...approval.approvalResponse,
				approved: false,
				reason: (_a23 = approval.approvalResponse.reason) != null ? _a23 : `Tool "${toolCall.toolName}" does not require approval`
			}
		});
	}
	return {
		approvedToolApprovals: approved,
		deniedToolApprovals: denied,
		invalidToolApprovals: invalid
	};
}
__export({}, {
	array: () => array,
	choice: () => choice,
	json: () => json,
	object: () => object,
	text: () => text
});
function fixJson(input) {
	const stack = ["ROOT"];
	let lastValidIndex = -1;
	let literalStart = null;
	let unicodeEscapeDigits = 0;
	function isHexDigit(char) {
		return char >= "0" && char <= "9" || char >= "A" && char <= "F" || char >= "a" && char <= "f";
	}
	function processValueStart(char, i, swapState) {
		switch (char) {
			case "\"":
				lastValidIndex = i;
				stack.pop();
				stack.push(swapState);
				stack.push("INSIDE_STRING");
				break;
			case "f":
			case "t":
			case "n":
				lastValidIndex = i;
				literalStart = i;
				stack.pop();
				stack.push(swapState);
				stack.push("INSIDE_LITERAL");
				break;
			case "-":
				stack.pop();
				stack.push(swapState);
				stack.push("INSIDE_NUMBER");
				break;
			case "0":
			case "1":
			case "2":
			case "3":
			case "4":
			case "5":
			case "6":
			case "7":
			case "8":
			case "9":
				lastValidIndex = i;
				stack.pop();
				stack.push(swapState);
				stack.push("INSIDE_NUMBER");
				break;
			case "{":
				lastValidIndex = i;
				stack.pop();
				stack.push(swapState);
				stack.push("INSIDE_OBJECT_START");
				break;
			case "[":
				lastValidIndex = i;
				stack.pop();
				stack.push(swapState);
				stack.push("INSIDE_ARRAY_START");
		}
	}
	function processAfterObjectValue(char, i) {
		switch (char) {
			case ",":
				stack.pop();
				stack.push("INSIDE_OBJECT_AFTER_COMMA");
				break;
			case "}":
				lastValidIndex = i;
				stack.pop();
		}
	}
	function processAfterArrayValue(char, i) {
		switch (char) {
			case ",":
				stack.pop();
				stack.push("INSIDE_ARRAY_AFTER_COMMA");
				break;
			case "]":
				lastValidIndex = i;
				stack.pop();
		}
	}
	for (let i = 0; i < input.length; i++) {
		const char = input[i];
		switch (stack[stack.length - 1]) {
			case "ROOT":
				processValueStart(char, i, "FINISH");
				break;
			case "INSIDE_OBJECT_START":
				switch (char) {
					case "\"":
						stack.pop();
						stack.push("INSIDE_OBJECT_KEY");
						break;
					case "}":
						lastValidIndex = i;
						stack.pop();
				}
				break;
			case "INSIDE_OBJECT_AFTER_COMMA":
				switch (char) {
					case "\"":
						stack.pop();
						stack.push("INSIDE_OBJECT_KEY");
				}
				break;
			case "INSIDE_OBJECT_KEY":
				switch (char) {
					case "\"":
						stack.pop();
						stack.push("INSIDE_OBJECT_AFTER_KEY");
				}
				break;
			case "INSIDE_OBJECT_AFTER_KEY":
				switch (char) {
					case ":":
						stack.pop();
						stack.push("INSIDE_OBJECT_BEFORE_VALUE");
				}
				break;
			case "INSIDE_OBJECT_BEFORE_VALUE":
				processValueStart(char, i, "INSIDE_OBJECT_AFTER_VALUE");
				break;
			case "INSIDE_OBJECT_AFTER_VALUE":
				processAfterObjectValue(char, i);
				break;
			case "INSIDE_STRING":
				switch (char) {
					case "\"":
						stack.pop();
						lastValidIndex = i;
						break;
					case "\\":
						stack.push("INSIDE_STRING_ESCAPE");
						break;
					default: lastValidIndex = i;
				}
				break;
			case "INSIDE_ARRAY_START":
				switch (char) {
					case "]":
						lastValidIndex = i;
						stack.pop();
						break;
					default:
						lastValidIndex = i;
						processValueStart(char, i, "INSIDE_ARRAY_AFTER_VALUE");
				}
				break;
			case "INSIDE_ARRAY_AFTER_VALUE":
				switch (char) {
					case ",":
						stack.pop();
						stack.push("INSIDE_ARRAY_AFTER_COMMA");
						break;
					case "]":
						lastValidIndex = i;
						stack.pop();
						break;
					default: lastValidIndex = i;
				}
				break;
			case "INSIDE_ARRAY_AFTER_COMMA":
				processValueStart(char, i, "INSIDE_ARRAY_AFTER_VALUE");
				break;
			case "INSIDE_STRING_ESCAPE":
				stack.pop();
				if (char === "u") {
					unicodeEscapeDigits = 0;
					stack.push("INSIDE_STRING_UNICODE_ESCAPE");
				} else lastValidIndex = i;
				break;
			case "INSIDE_STRING_UNICODE_ESCAPE":
				if (isHexDigit(char)) {
					unicodeEscapeDigits++;
					if (unicodeEscapeDigits === 4) {
						stack.pop();
						lastValidIndex = i;
					}
				}
				break;
			case "INSIDE_NUMBER":
				switch (char) {
					case "0":
					case "1":
					case "2":
					case "3":
					case "4":
					case "5":
					case "6":
					case "7":
					case "8":
					case "9":
						lastValidIndex = i;
						break;
					case "e":
					case "E":
					case "-":
					case ".": break;
					case ",":
						stack.pop();
						if (stack[stack.length - 1] === "INSIDE_ARRAY_AFTER_VALUE") processAfterArrayValue(char, i);
						if (stack[stack.length - 1] === "INSIDE_OBJECT_AFTER_VALUE") processAfterObjectValue(char, i);
						break;
					case "}":
						stack.pop();
						if (stack[stack.length - 1] === "INSIDE_OBJECT_AFTER_VALUE") processAfterObjectValue(char, i);
						break;
					case "]":
						stack.pop();
						if (stack[stack.length - 1] === "INSIDE_ARRAY_AFTER_VALUE") processAfterArrayValue(char, i);
						break;
					default: stack.pop();
				}
				break;
			case "INSIDE_LITERAL": {
				const partialLiteral = input.substring(literalStart, i + 1);
				if (!"false".startsWith(partialLiteral) && !"true".startsWith(partialLiteral) && !"null".startsWith(partialLiteral)) {
					stack.pop();
					if (stack[stack.length - 1] === "INSIDE_OBJECT_AFTER_VALUE") processAfterObjectValue(char, i);
					else if (stack[stack.length - 1] === "INSIDE_ARRAY_AFTER_VALUE") processAfterArrayValue(char, i);
				} else lastValidIndex = i;
				break;
			}
		}
	}
	let result = input.slice(0, lastValidIndex + 1);
	for (let i = stack.length - 1; i >= 0; i--) switch (stack[i]) {
		case "INSIDE_STRING":
			result += "\"";
			break;
		case "INSIDE_OBJECT_KEY":
		case "INSIDE_OBJECT_AFTER_KEY":
		case "INSIDE_OBJECT_AFTER_COMMA":
		case "INSIDE_OBJECT_START":
		case "INSIDE_OBJECT_BEFORE_VALUE":
		case "INSIDE_OBJECT_AFTER_VALUE":
			result += "}";
			break;
		case "INSIDE_ARRAY_START":
		case "INSIDE_ARRAY_AFTER_COMMA":
		case "INSIDE_ARRAY_AFTER_VALUE":
			result += "]";
			break;
		case "INSIDE_LITERAL": {
			const partialLiteral = input.substring(literalStart, input.length);
			if ("true".startsWith(partialLiteral)) result += "true".slice(partialLiteral.length);
			else if ("false".startsWith(partialLiteral)) result += "false".slice(partialLiteral.length);
			else if ("null".startsWith(partialLiteral)) result += "null".slice(partialLiteral.length);
		}
	}
	return result;
}
async function parsePartialJson(jsonText) {
	if (jsonText === void 0) return {
		value: void 0,
		state: "undefined-input"
	};
	let result = await safeParseJSON({ text: jsonText });
	if (result.success) return {
		value: result.value,
		state: "successful-parse"
	};
	result = await safeParseJSON({ text: fixJson(jsonText) });
	if (result.success) return {
		value: result.value,
		state: "repaired-parse"
	};
	return {
		value: void 0,
		state: "failed-parse"
	};
}
var text = () => ({
	name: "text",
	responseFormat: Promise.resolve({ type: "text" }),
	async parseCompleteOutput({ text: text2 }) {
		return text2;
	},
	async parsePartialOutput({ text: text2 }) {
		return { partial: text2 };
	},
	createElementStreamTransform() {}
});
var object = ({ schema: inputSchema, name: name23, description }) => {
	const schema = asSchema(inputSchema);
	return {
		name: "object",
		responseFormat: resolve$1(schema.jsonSchema).then((jsonSchema2) => ({
			type: "json",
			schema: jsonSchema2,
			...name23 != null && { name: name23 },
			...description != null && { description }
		})),
		async parseCompleteOutput({ text: text2 }, context2) {
			const parseResult = await safeParseJSON({ text: text2 });
			if (!parseResult.success) throw new NoObjectGeneratedError({
				message: "No object generated: could not parse the response.",
				cause: parseResult.error,
				text: text2,
				response: context2.response,
				usage: context2.usage,
				finishReason: context2.finishReason
			});
			const validationResult = await safeValidateTypes({
				value: parseResult.value,
				schema
			});
			if (!validationResult.success) throw new NoObjectGeneratedError({
				message: "No object generated: response did not match schema.",
				cause: validationResult.error,
				text: text2,
				response: context2.response,
				usage: context2.usage,
				finishReason: context2.finishReason
			});
			return validationResult.value;
		},
		async parsePartialOutput({ text: text2 }) {
			const result = await parsePartialJson(text2);
			switch (result.state) {
				case "failed-parse":
				case "undefined-input": return;
				case "repaired-parse":
				case "successful-parse": return { partial: result.value };
			}
		},
		createElementStreamTransform() {}
	};
};
var array = ({ element: inputElementSchema, name: name23, description }) => {
	const elementSchema = asSchema(inputElementSchema);
	return {
		name: "array",
		responseFormat: resolve$1(elementSchema.jsonSchema).then((jsonSchema2) => {
			const { $schema, ...itemSchema } = jsonSchema2;
			return {
				type: "json",
				schema: {
					$schema: "http://json-schema.org/draft-07/schema#",
					type: "object",
					properties: { elements: {
						type: "array",
						items: itemSchema
					} },
					required: ["elements"],
					additionalProperties: false
				},
				...name23 != null && { name: name23 },
				...description != null && { description }
			};
		}),
		async parseCompleteOutput({ text: text2 }, context2) {
			const parseResult = await safeParseJSON({ text: text2 });
			if (!parseResult.success) throw new NoObjectGeneratedError({
				message: "No object generated: could not parse the response.",
				cause: parseResult.error,
				text: text2,
				response: context2.response,
				usage: context2.usage,
				finishReason: context2.finishReason
			});
			const outerValue = parseResult.value;
			if (outerValue == null || typeof outerValue !== "object" || !("elements" in outerValue) || !Array.isArray(outerValue.elements)) throw new NoObjectGeneratedError({
				message: "No object generated: response did not match schema.",
				cause: new TypeValidationError({
					value: outerValue,
					cause: "response must be an object with an elements array"
				}),
				text: text2,
				response: context2.response,
				usage: context2.usage,
				finishReason: context2.finishReason
			});
			const validatedElements = [];
			for (const element of outerValue.elements) {
				const validationResult = await safeValidateTypes({
					value: element,
					schema: elementSchema
				});
				if (!validationResult.success) throw new NoObjectGeneratedError({
					message: "No object generated: response did not match schema.",
					cause: validationResult.error,
					text: text2,
					response: context2.response,
					usage: context2.usage,
					finishReason: context2.finishReason
				});
				validatedElements.push(validationResult.value);
			}
			return validatedElements;
		},
		async parsePartialOutput({ text: text2 }) {
			const result = await parsePartialJson(text2);
			switch (result.state) {
				case "failed-parse":
				case "undefined-input": return;
				case "repaired-parse":
				case "successful-parse": {
					const outerValue = result.value;
					if (outerValue == null || typeof outerValue !== "object" || !("elements" in outerValue) || !Array.isArray(outerValue.elements)) return;
					const rawElements = result.state === "repaired-parse" && outerValue.elements.length > 0 ? outerValue.elements.slice(0, -1) : outerValue.elements;
					const parsedElements = [];
					for (const rawElement of rawElements) {
						const validationResult = await safeValidateTypes({
							value: rawElement,
							schema: elementSchema
						});
						if (validationResult.success) parsedElements.push(validationResult.value);
					}
					return { partial: parsedElements };
				}
			}
		},
		createElementStreamTransform() {
			let publishedElements = 0;
			return new TransformStream({ transform({ partialOutput }, controller) {
				if (partialOutput != null) for (; publishedElements < partialOutput.length; publishedElements++) controller.enqueue(partialOutput[publishedElements]);
			} });
		}
	};
};
var choice = ({ options: choiceOptions, name: name23, description }) => {
	return {
		name: "choice",
		responseFormat: Promise.resolve({
			type: "json",
			schema: {
				$schema: "http://json-schema.org/draft-07/schema#",
				type: "object",
				properties: { result: {
					type: "string",
					enum: choiceOptions
				} },
				required: ["result"],
				additionalProperties: false
			},
			...name23 != null && { name: name23 },
			...description != null && { description }
		}),
		async parseCompleteOutput({ text: text2 }, context2) {
			const parseResult = await safeParseJSON({ text: text2 });
			if (!parseResult.success) throw new NoObjectGeneratedError({
				message: "No object generated: could not parse the response.",
				cause: parseResult.error,
				text: text2,
				response: context2.response,
				usage: context2.usage,
				finishReason: context2.finishReason
			});
			const outerValue = parseResult.value;
			if (outerValue == null || typeof outerValue !== "object" || !("result" in outerValue) || typeof outerValue.result !== "string" || !choiceOptions.includes(outerValue.result)) throw new NoObjectGeneratedError({
				message: "No object generated: response did not match schema.",
				cause: new TypeValidationError({
					value: outerValue,
					cause: "response must be an object that contains a choice value."
				}),
				text: text2,
				response: context2.response,
				usage: context2.usage,
				finishReason: context2.finishReason
			});
			return outerValue.result;
		},
		async parsePartialOutput({ text: text2 }) {
			const result = await parsePartialJson(text2);
			switch (result.state) {
				case "failed-parse":
				case "undefined-input": return;
				case "repaired-parse":
				case "successful-parse": {
					const outerValue = result.value;
					if (outerValue == null || typeof outerValue !== "object" || !("result" in outerValue) || typeof outerValue.result !== "string") return;
					const potentialMatches = choiceOptions.filter((choiceOption) => choiceOption.startsWith(outerValue.result));
					if (result.state === "successful-parse") return potentialMatches.includes(outerValue.result) ? { partial: outerValue.result } : void 0;
					else return potentialMatches.length === 1 ? { partial: potentialMatches[0] } : void 0;
				}
			}
		},
		createElementStreamTransform() {}
	};
};
var json = ({ name: name23, description } = {}) => {
	return {
		name: "json",
		responseFormat: Promise.resolve({
			type: "json",
			...name23 != null && { name: name23 },
			...description != null && { description }
		}),
		async parseCompleteOutput({ text: text2 }, context2) {
			const parseResult = await safeParseJSON({ text: text2 });
			if (!parseResult.success) throw new NoObjectGeneratedError({
				message: "No object generated: could not parse the response.",
				cause: parseResult.error,
				text: text2,
				response: context2.response,
				usage: context2.usage,
				finishReason: context2.finishReason
			});
			return parseResult.value;
		},
		async parsePartialOutput({ text: text2 }) {
			const result = await parsePartialJson(text2);
			switch (result.state) {
				case "failed-parse":
				case "undefined-input": return;
				case "repaired-parse":
				case "successful-parse": return result.value === void 0 ? void 0 : { partial: result.value };
			}
		},
		createElementStreamTransform() {}
	};
};
var inputSchemaInputSymbol = Symbol("ai-sdk-tool-call-input-schema-input");
function setToolCallInputSchemaInput(toolCall, inputSchemaInput) {
	Object.defineProperty(toolCall, inputSchemaInputSymbol, { value: inputSchemaInput });
	return toolCall;
}
function getToolCallInputSchemaInput(toolCall) {
	return inputSchemaInputSymbol in toolCall ? { value: toolCall[inputSchemaInputSymbol] } : void 0;
}
async function parseToolCall({ toolCall, tools, repairToolCall, system, messages }) {
	try {
		if (tools == null) {
			if (toolCall.providerExecuted && toolCall.dynamic) return await parseProviderExecutedDynamicToolCall(toolCall);
			throw new NoSuchToolError({ toolName: toolCall.toolName });
		}
		try {
			return await doParseToolCall({
				toolCall,
				tools
			});
		} catch (error) {
			if (repairToolCall == null || !(NoSuchToolError.isInstance(error) || InvalidToolInputError.isInstance(error))) throw error;
			let repairedToolCall = null;
			try {
				repairedToolCall = await repairToolCall({
					toolCall,
					tools,
					inputSchema: async ({ toolName }) => {
						const { inputSchema } = tools[toolName];
						return await asSchema(inputSchema).jsonSchema;
					},
					system,
					messages,
					error
				});
			} catch (repairError) {
				throw new ToolCallRepairError({
					cause: repairError,
					originalError: error
				});
			}
			if (repairedToolCall == null) throw error;
			return await doParseToolCall({
				toolCall: repairedToolCall,
				tools
			});
		}
	} catch (error) {
		const parsedInput = await safeParseJSON({ text: toolCall.input });
		const input = parsedInput.success ? parsedInput.value : toolCall.input;
		const tool2 = tools == null ? void 0 : tools[toolCall.toolName];
		return {
			type: "tool-call",
			toolCallId: toolCall.toolCallId,
			toolName: toolCall.toolName,
			input,
			dynamic: true,
			invalid: true,
			error,
			title: tool2 == null ? void 0 : tool2.title,
			providerExecuted: toolCall.providerExecuted,
			providerMetadata: toolCall.providerMetadata,
			...(tool2 == null ? void 0 : tool2.metadata) != null ? { toolMetadata: tool2.metadata } : {}
		};
	}
}
async function parseProviderExecutedDynamicToolCall(toolCall) {
	const parseResult = toolCall.input.trim() === "" ? {
		success: true,
		value: {}
	} : await safeParseJSON({ text: toolCall.input });
	if (parseResult.success === false) throw new InvalidToolInputError({
		toolName: toolCall.toolName,
		toolInput: toolCall.input,
		cause: parseResult.error
	});
	return {
		type: "tool-call",
		toolCallId: toolCall.toolCallId,
		toolName: toolCall.toolName,
		input: parseResult.value,
		providerExecuted: true,
		dynamic: true,
		providerMetadata: toolCall.providerMetadata
	};
}
async function doParseToolCall({ toolCall, tools }) {
	const toolName = toolCall.toolName;
	const tool2 = tools[toolName];
	if (tool2 == null) {
		if (toolCall.providerExecuted && toolCall.dynamic) return await parseProviderExecutedDynamicToolCall(toolCall);
		throw new NoSuchToolError({
			toolName: toolCall.toolName,
			availableTools: Object.keys(tools)
		});
	}
	const schema = asSchema(tool2.inputSchema);
	const parseResult = toolCall.input.trim() === "" ? await safeValidateTypes({
		value: {},
		schema
	}) : await safeParseJSON({
		text: toolCall.input,
		schema
	});
	if (parseResult.success === false) throw new InvalidToolInputError({
		toolName,
		toolInput: toolCall.input,
		cause: parseResult.error
	});
	return setToolCallInputSchemaInput(tool2.type === "dynamic" ? {
		type: "tool-call",
		toolCallId: toolCall.toolCallId,
		toolName: toolCall.toolName,
		input: parseResult.value,
		providerExecuted: toolCall.providerExecuted,
		providerMetadata: toolCall.providerMetadata,
		...tool2.metadata != null ? { toolMetadata: tool2.metadata } : {},
		dynamic: true,
		title: tool2.title
	} : {
		type: "tool-call",
		toolCallId: toolCall.toolCallId,
		toolName,
		input: parseResult.value,
		providerExecuted: toolCall.providerExecuted,
		providerMetadata: toolCall.providerMetadata,
		...tool2.metadata != null ? { toolMetadata: tool2.metadata } : {},
		title: tool2.title
	}, parseResult.rawValue);
}
function prepareStepCallSettings({ callSettings, stepSettings }) {
	var _a23, _b, _c, _d, _e, _f, _g, _h;
	return prepareCallSettings({
		maxOutputTokens: (_a23 = stepSettings == null ? void 0 : stepSettings.maxOutputTokens) != null ? _a23 : callSettings.maxOutputTokens,
		temperature: (_b = stepSettings == null ? void 0 : stepSettings.temperature) != null ? _b : callSettings.temperature,
		topP: (_c = stepSettings == null ? void 0 : stepSettings.topP) != null ? _c : callSettings.topP,
		topK: (_d = stepSettings == null ? void 0 : stepSettings.topK) != null ? _d : callSettings.topK,
		presencePenalty: (_e = stepSettings == null ? void 0 : stepSettings.presencePenalty) != null ? _e : callSettings.presencePenalty,
		frequencyPenalty: (_f = stepSettings == null ? void 0 : stepSettings.frequencyPenalty) != null ? _f : callSettings.frequencyPenalty,
		stopSequences: (_g = stepSettings == null ? void 0 : stepSettings.stopSequences) != null ? _g : callSettings.stopSequences,
		seed: (_h = stepSettings == null ? void 0 : stepSettings.seed) != null ? _h : callSettings.seed
	});
}
var DefaultStepResult = class {
	constructor({ stepNumber, model, functionId, metadata, experimental_context, content, finishReason, rawFinishReason, usage, warnings, request, response, providerMetadata }) {
		this.stepNumber = stepNumber;
		this.model = model;
		this.functionId = functionId;
		this.metadata = metadata;
		this.experimental_context = experimental_context;
		this.content = content;
		this.finishReason = finishReason;
		this.rawFinishReason = rawFinishReason;
		this.usage = usage;
		this.warnings = warnings;
		this.request = request;
		this.response = response;
		this.providerMetadata = providerMetadata;
	}
	get text() {
		return this.content.filter((part) => part.type === "text").map((part) => part.text).join("");
	}
	get reasoning() {
		return this.content.filter((part) => part.type === "reasoning");
	}
	get reasoningText() {
		return this.reasoning.length === 0 ? void 0 : this.reasoning.map((part) => part.text).join("");
	}
	get files() {
		return this.content.filter((part) => part.type === "file").map((part) => part.file);
	}
	get sources() {
		return this.content.filter((part) => part.type === "source");
	}
	get toolCalls() {
		return this.content.filter((part) => part.type === "tool-call");
	}
	get staticToolCalls() {
		return this.toolCalls.filter((toolCall) => toolCall.dynamic !== true);
	}
	get dynamicToolCalls() {
		return this.toolCalls.filter((toolCall) => toolCall.dynamic === true);
	}
	get toolResults() {
		return this.content.filter((part) => part.type === "tool-result");
	}
	get staticToolResults() {
		return this.toolResults.filter((toolResult) => toolResult.dynamic !== true);
	}
	get dynamicToolResults() {
		return this.toolResults.filter((toolResult) => toolResult.dynamic === true);
	}
};
function stepCountIs(stepCount) {
	return ({ steps }) => steps.length === stepCount;
}
async function isStopConditionMet({ stopConditions, steps }) {
	return (await Promise.all(stopConditions.map((condition) => condition({ steps })))).some((result) => result);
}
async function toResponseMessages({ content: inputContent, tools }) {
	const responseMessages = [];
	const toolCallOrder = /* @__PURE__ */ new Map();
	const content = [];
	for (const part of inputContent) {
		if (part.type === "source") continue;
		if ((part.type === "tool-result" || part.type === "tool-error") && !part.providerExecuted) continue;
		if (part.type === "text" && part.text.length === 0) continue;
		switch (part.type) {
			case "text":
				content.push({
					type: "text",
					text: part.text,
					providerOptions: part.providerMetadata
				});
				break;
			case "reasoning":
				content.push({
					type: "reasoning",
					text: part.text,
					providerOptions: part.providerMetadata
				});
				break;
			case "file":
				content.push({
					type: "file",
					data: part.file.base64,
					mediaType: part.file.mediaType,
					providerOptions: part.providerMetadata
				});
				break;
			case "tool-call":
				if (!toolCallOrder.has(part.toolCallId)) toolCallOrder.set(part.toolCallId, toolCallOrder.size);
				content.push({
					type: "tool-call",
					toolCallId: part.toolCallId,
					toolName: part.toolName,
					input: part.invalid && typeof part.input !== "object" ? {} : part.input,
					providerExecuted: part.providerExecuted,
					providerOptions: part.providerMetadata
				});
				break;
			case "tool-result": {
				const output = await createToolModelOutput({
					toolCallId: part.toolCallId,
					input: part.input,
					tool: tools == null ? void 0 : tools[part.toolName],
					output: part.output,
					errorMode: "none"
				});
				content.push({
					type: "tool-result",
					toolCallId: part.toolCallId,
					toolName: part.toolName,
					output,
					providerOptions: part.providerMetadata
				});
				break;
			}
			case "tool-error": {
				const output = await createToolModelOutput({
					toolCallId: part.toolCallId,
					input: part.input,
					tool: tools == null ? void 0 : tools[part.toolName],
					output: part.error,
					errorMode: "json"
				});
				content.push({
					type: "tool-result",
					toolCallId: part.toolCallId,
					toolName: part.toolName,
					output,
					providerOptions: part.providerMetadata
				});
				break;
			}
			case "tool-approval-request":
				const inputSchemaInput = getToolCallInputSchemaInput(part.toolCall);
				content.push({
					type: "tool-approval-request",
					approvalId: part.approvalId,
					toolCallId: part.toolCall.toolCallId,
					...part.signature != null ? { signature: part.signature } : {},
					...inputSchemaInput != null && !isDeepEqualData(inputSchemaInput.value, part.toolCall.input) ? { inputSchemaInput: inputSchemaInput.value } : {}
				});
		}
	}
	if (content.length > 0) responseMessages.push({
		role: "assistant",
		content
	});
	const toolResultContent = [];
	for (const part of inputContent) {
		if (!(part.type === "tool-result" || part.type === "tool-error") || part.providerExecuted) continue;
		const output = await createToolModelOutput({
			toolCallId: part.toolCallId,
			input: part.input,
			tool: tools == null ? void 0 : tools[part.toolName],
			output: part.type === "tool-result" ? part.output : part.error,
			errorMode: part.type === "tool-error" ? "text" : "none"
		});
		toolResultContent.push({
			type: "tool-result",
			toolCallId: part.toolCallId,
			toolName: part.toolName,
			output,
			...part.providerMetadata != null ? { providerOptions: part.providerMetadata } : {}
		});
	}
	if (toolResultContent.length > 0) responseMessages.push({
		role: "tool",
		content: sortToolResultContentByToolCallOrder({
			toolResultContent,
			toolCallOrder
		})
	});
	return responseMessages;
}
function sortToolResultContentByToolCallOrder({ toolResultContent, toolCallOrder }) {
	const sortedToolResults = toolResultContent.filter((part) => part.type === "tool-result").map((part, index) => ({
		part,
		index
	})).sort((a, b) => {
		const aOrder = toolCallOrder.get(a.part.toolCallId);
		const bOrder = toolCallOrder.get(b.part.toolCallId);
		if (aOrder == null && bOrder == null) return a.index - b.index;
		if (aOrder == null) return 1;
		if (bOrder == null) return -1;
		return aOrder - bOrder || a.index - b.index;
	}).map(({ part }) => part);
	let toolResultIndex = 0;
	return toolResultContent.map((part) => part.type === "tool-result" ? sortedToolResults[toolResultIndex++] : part);
}
function mergeAbortSignals(...signals) {
	const validSignals = signals.filter((signal) => signal != null);
	if (validSignals.length === 0) return;
	if (validSignals.length === 1) return validSignals[0];
	const controller = new AbortController();
	for (const signal of validSignals) {
		if (signal.aborted) {
			controller.abort(signal.reason);
			return controller.signal;
		}
		signal.addEventListener("abort", () => {
			controller.abort(signal.reason);
		}, { once: true });
	}
	return controller.signal;
}
var originalGenerateId = createIdGenerator({
	prefix: "aitxt",
	size: 24
});
async function generateText({ model: modelArg, tools, toolChoice, system, prompt, messages, allowSystemInMessages, maxRetries: maxRetriesArg, abortSignal, timeout, headers, stopWhen = stepCountIs(1), experimental_output, output = experimental_output, experimental_telemetry: telemetry, providerOptions, experimental_activeTools, activeTools = experimental_activeTools, experimental_prepareStep, prepareStep = experimental_prepareStep, experimental_repairToolCall: repairToolCall, experimental_download: download2, experimental_context, experimental_toolApprovalSecret, experimental_include: include, _internal: { generateId: generateId2 = originalGenerateId } = {}, experimental_onStart: onStart, experimental_onStepStart: onStepStart, experimental_onToolCallStart: onToolCallStart, experimental_onToolCallFinish: onToolCallFinish, onStepFinish, onFinish, ...settings }) {
	const model = resolveLanguageModel(modelArg);
	const createGlobalTelemetry = getGlobalTelemetryIntegration();
	const stopConditions = asArray(stopWhen);
	const totalTimeoutMs = getTotalTimeoutMs(timeout);
	const stepTimeoutMs = getStepTimeoutMs(timeout);
	const stepAbortController = stepTimeoutMs != null ? new AbortController() : void 0;
	const mergedAbortSignal = mergeAbortSignals(abortSignal, totalTimeoutMs != null ? AbortSignal.timeout(totalTimeoutMs) : void 0, stepAbortController == null ? void 0 : stepAbortController.signal);
	const { maxRetries, retry } = prepareRetries({
		maxRetries: maxRetriesArg,
		abortSignal: mergedAbortSignal
	});
	const callSettings = prepareCallSettings(settings);
	const headersWithUserAgent = withUserAgentSuffix(headers != null ? headers : {}, `ai/${VERSION}`);
	const baseTelemetryAttributes = getBaseTelemetryAttributes({
		model,
		telemetry,
		headers: headersWithUserAgent,
		settings: {
			...callSettings,
			maxRetries
		}
	});
	const modelInfo = {
		provider: model.provider,
		modelId: model.modelId
	};
	const initialPrompt = await standardizePrompt({
		system,
		prompt,
		messages,
		allowSystemInMessages
	});
	const globalTelemetry = createGlobalTelemetry(telemetry == null ? void 0 : telemetry.integrations);
	await notify({
		event: {
			model: modelInfo,
			system,
			prompt,
			messages,
			tools,
			toolChoice,
			activeTools,
			maxOutputTokens: callSettings.maxOutputTokens,
			temperature: callSettings.temperature,
			topP: callSettings.topP,
			topK: callSettings.topK,
			presencePenalty: callSettings.presencePenalty,
			frequencyPenalty: callSettings.frequencyPenalty,
			stopSequences: callSettings.stopSequences,
			seed: callSettings.seed,
			maxRetries,
			timeout,
			headers,
			providerOptions,
			stopWhen,
			output,
			abortSignal,
			include,
			functionId: telemetry == null ? void 0 : telemetry.functionId,
			metadata: telemetry == null ? void 0 : telemetry.metadata,
			experimental_context
		},
		callbacks: [onStart, globalTelemetry.onStart]
	});
	const tracer = getTracer(telemetry);
	try {
		return await recordSpan({
			name: "ai.generateText",
			attributes: selectTelemetryAttributes({
				telemetry,
				attributes: {
					...assembleOperationName({
						operationId: "ai.generateText",
						telemetry
					}),
					...baseTelemetryAttributes,
					"ai.model.provider": model.provider,
					"ai.model.id": model.modelId,
					"ai.prompt": { input: () => JSON.stringify({
						system,
						prompt,
						messages
					}) }
				}
			}),
			tracer,
			fn: async (span) => {
				var _a23, _b, _c, _d, _e, _f, _g, _h, _i, _j, _k, _l, _m, _n, _o, _p, _q, _r, _s, _t;
				const initialMessages = initialPrompt.messages;
				const responseMessages = [];
				const { approvedToolApprovals, deniedToolApprovals: collectedDeniedToolApprovals } = collectToolApprovals({ messages: initialMessages });
				const { approvedToolApprovals: localApprovedToolApprovals, deniedToolApprovals: revalidationDeniedToolApprovals, invalidToolApprovals } = await validateApprovedToolApprovals({
					approvedToolApprovals: approvedToolApprovals.filter((toolApproval) => !toolApproval.toolCall.providerExecuted),
					tools,
					messages: initialMessages,
					experimental_context,
					toolApprovalSecret: experimental_toolApprovalSecret
				});
				const deniedToolApprovals = [...collectedDeniedToolApprovals, ...revalidationDeniedToolApprovals];
				if (deniedToolApprovals.length > 0 || localApprovedToolApprovals.length > 0 || invalidToolApprovals.length > 0) {
					const toolOutputs = await executeTools({
						toolCalls: localApprovedToolApprovals.map((toolApproval) => toolApproval.toolCall),
						tools,
						tracer,
						telemetry,
						messages: initialMessages,
						abortSignal: mergedAbortSignal,
						experimental_context,
						stepNumber: 0,
						model: modelInfo,
						onToolCallStart: [onToolCallStart, globalTelemetry.onToolCallStart],
						onToolCallFinish: [onToolCallFinish, globalTelemetry.onToolCallFinish]
					});
					const toolContent = [];
					for (const output2 of toolOutputs) {
						const modelOutput = await createToolModelOutput({
							toolCallId: output2.toolCallId,
							input: output2.input,
							tool: tools == null ? void 0 : tools[output2.toolName],
							output: output2.type === "tool-result" ? output2.output : output2.error,
							errorMode: output2.type === "tool-error" ? "text" : "none"
						});
						toolContent.push({
							type: "tool-result",
							toolCallId: output2.toolCallId,
							toolName: output2.toolName,
							output: modelOutput
						});
					}
					for (const toolApproval of invalidToolApprovals) toolContent.push({
						type: "tool-result",
						toolCallId: toolApproval.toolCall.toolCallId,
						toolName: toolApproval.toolCall.toolName,
						output: await createToolModelOutput({
							toolCallId: toolApproval.toolCall.toolCallId,
							input: toolApproval.toolCall.input,
							tool: tools == null ? void 0 : tools[toolApproval.toolCall.toolName],
							output: toolApproval.error,
							errorMode: "text"
						})
					});
					for (const toolApproval of deniedToolApprovals) toolContent.push({
						type: "tool-result",
						toolCallId: toolApproval.toolCall.toolCallId,
						toolName: toolApproval.toolCall.toolName,
						output: {
							type: "execution-denied",
							reason: toolApproval.approvalResponse.reason,
							...toolApproval.toolCall.providerExecuted && { providerOptions: { openai: { approvalId: toolApproval.approvalResponse.approvalId } } }
						}
					});
					responseMessages.push({
						role: "tool",
						content: toolContent
					});
				}
				const callSettings2 = prepareCallSettings(settings);
				let currentModelResponse;
				let clientToolCalls = [];
				let clientToolOutputs = [];
				const steps = [];
				const pendingDeferredToolCalls = /* @__PURE__ */ new Map();
				do {
					if (steps.length > 0) mergedAbortSignal?.throwIfAborted();
					const stepTimeoutId = setAbortTimeout({
						abortController: stepAbortController,
						label: "Step",
						timeoutMs: stepTimeoutMs
					});
					try {
						const stepInputMessages = [...initialMessages, ...responseMessages];
						const prepareStepResult = await (prepareStep == null ? void 0 : prepareStep({
							model,
							steps,
							stepNumber: steps.length,
							messages: stepInputMessages,
							experimental_context
						}));
						const stepModel = resolveLanguageModel((_a23 = prepareStepResult == null ? void 0 : prepareStepResult.model) != null ? _a23 : model);
						const stepModelInfo = {
							provider: stepModel.provider,
							modelId: stepModel.modelId
						};
						const promptMessages = await convertToLanguageModelPrompt({
							prompt: {
								system: (_b = prepareStepResult == null ? void 0 : prepareStepResult.system) != null ? _b : initialPrompt.system,
								messages: (_c = prepareStepResult == null ? void 0 : prepareStepResult.messages) != null ? _c : stepInputMessages
							},
							supportedUrls: await stepModel.supportedUrls,
							download: download2,
							abortSignal: mergedAbortSignal
						});
						experimental_context = (_d = prepareStepResult == null ? void 0 : prepareStepResult.experimental_context) != null ? _d : experimental_context;
						const stepActiveTools = (_e = prepareStepResult == null ? void 0 : prepareStepResult.activeTools) != null ? _e : activeTools;
						const stepToolSet = filterActiveTools({
							tools,
							activeTools: stepActiveTools
						});
						const { toolChoice: stepToolChoice, tools: stepTools } = await prepareToolsAndToolChoice({
							tools,
							toolChoice: (_f = prepareStepResult == null ? void 0 : prepareStepResult.toolChoice) != null ? _f : toolChoice,
							activeTools: stepActiveTools
						});
						const stepMessages = (_g = prepareStepResult == null ? void 0 : prepareStepResult.messages) != null ? _g : stepInputMessages;
						const stepSystem = (_h = prepareStepResult == null ? void 0 : prepareStepResult.system) != null ? _h : initialPrompt.system;
						const stepProviderOptions = mergeObjects(providerOptions, prepareStepResult == null ? void 0 : prepareStepResult.providerOptions);
						const stepCallSettings = prepareStepCallSettings({
							callSettings: callSettings2,
							stepSettings: prepareStepResult
						});
						await notify({
							event: {
								stepNumber: steps.length,
								model: stepModelInfo,
								system: stepSystem,
								messages: stepMessages,
								tools,
								toolChoice: stepToolChoice,
								activeTools: stepActiveTools,
								steps: [...steps],
								providerOptions: stepProviderOptions,
								timeout,
								headers,
								stopWhen,
								output,
								abortSignal,
								include,
								functionId: telemetry == null ? void 0 : telemetry.functionId,
								metadata: telemetry == null ? void 0 : telemetry.metadata,
								experimental_context
							},
							callbacks: [onStepStart, globalTelemetry.onStepStart]
						});
						currentModelResponse = await retry(() => recordSpan({
							name: "ai.generateText.doGenerate",
							attributes: selectTelemetryAttributes({
								telemetry,
								attributes: {
									...assembleOperationName({
										operationId: "ai.generateText.doGenerate",
										telemetry
									}),
									...baseTelemetryAttributes,
									"ai.model.provider": stepModel.provider,
									"ai.model.id": stepModel.modelId,
									"ai.prompt.messages": { input: () => stringifyForTelemetry(promptMessages) },
									"ai.prompt.tools": { input: () => stepTools == null ? void 0 : stepTools.map((tool2) => JSON.stringify(tool2)) },
									"ai.prompt.toolChoice": { input: () => stepToolChoice != null ? JSON.stringify(stepToolChoice) : void 0 },
									"gen_ai.system": stepModel.provider,
									"gen_ai.request.model": stepModel.modelId,
									"gen_ai.request.frequency_penalty": stepCallSettings.frequencyPenalty,
									"gen_ai.request.max_tokens": stepCallSettings.maxOutputTokens,
									"gen_ai.request.presence_penalty": stepCallSettings.presencePenalty,
									"gen_ai.request.stop_sequences": stepCallSettings.stopSequences,
									"gen_ai.request.temperature": stepCallSettings.temperature,
									"gen_ai.request.top_k": stepCallSettings.topK,
									"gen_ai.request.top_p": stepCallSettings.topP
								}
							}),
							tracer,
							fn: async (span2) => {
								var _a24, _b2, _c2, _d2, _e2, _f2, _g2, _h2;
								const result = await stepModel.doGenerate({
									...stepCallSettings,
									tools: stepTools,
									toolChoice: stepToolChoice,
									responseFormat: await (output == null ? void 0 : output.responseFormat),
									prompt: promptMessages,
									providerOptions: stepProviderOptions,
									abortSignal: mergedAbortSignal,
									headers: headersWithUserAgent
								});
								const responseData = {
									id: (_b2 = (_a24 = result.response) == null ? void 0 : _a24.id) != null ? _b2 : generateId2(),
									timestamp: (_d2 = (_c2 = result.response) == null ? void 0 : _c2.timestamp) != null ? _d2 : /* @__PURE__ */ new Date(),
									modelId: (_f2 = (_e2 = result.response) == null ? void 0 : _e2.modelId) != null ? _f2 : stepModel.modelId,
									headers: (_g2 = result.response) == null ? void 0 : _g2.headers,
									body: (_h2 = result.response) == null ? void 0 : _h2.body
								};
								const usage = asLanguageModelUsage(result.usage);
								span2.setAttributes(await selectTelemetryAttributes({
									telemetry,
									attributes: {
										"ai.response.finishReason": result.finishReason.unified,
										"ai.response.text": { output: () => extractTextContent(result.content) },
										"ai.response.reasoning": { output: () => extractReasoningContent(result.content) },
										"ai.response.toolCalls": { output: () => {
											const toolCalls = asToolCalls(result.content);
											return toolCalls == null ? void 0 : JSON.stringify(toolCalls);
										} },
										"ai.response.id": responseData.id,
										"ai.response.model": responseData.modelId,
										"ai.response.timestamp": responseData.timestamp.toISOString(),
										"ai.response.providerMetadata": { output: () => JSON.stringify(result.providerMetadata) },
										"ai.usage.inputTokens": result.usage.inputTokens.total,
										"ai.usage.inputTokenDetails.noCacheTokens": result.usage.inputTokens.noCache,
										"ai.usage.inputTokenDetails.cacheReadTokens": result.usage.inputTokens.cacheRead,
										"ai.usage.inputTokenDetails.cacheWriteTokens": result.usage.inputTokens.cacheWrite,
										"ai.usage.outputTokens": result.usage.outputTokens.total,
										"ai.usage.outputTokenDetails.textTokens": result.usage.outputTokens.text,
										"ai.usage.outputTokenDetails.reasoningTokens": result.usage.outputTokens.reasoning,
										"ai.usage.totalTokens": usage.totalTokens,
										"ai.usage.reasoningTokens": result.usage.outputTokens.reasoning,
										"ai.usage.cachedInputTokens": result.usage.inputTokens.cacheRead,
										"gen_ai.response.finish_reasons": [result.finishReason.unified],
										"gen_ai.response.id": responseData.id,
										"gen_ai.response.model": responseData.modelId,
										"gen_ai.usage.input_tokens": result.usage.inputTokens.total,
										"gen_ai.usage.output_tokens": result.usage.outputTokens.total
									}
								}));
								return {
									...result,
									response: responseData
								};
							}
						}));
						const stepToolCalls = await Promise.all(currentModelResponse.content.filter((part) => part.type === "tool-call").map((toolCall) => parseToolCall({
							toolCall,
							tools: stepToolSet,
							repairToolCall: (stepToolChoice == null ? void 0 : stepToolChoice.type) === "none" ? void 0 : repairToolCall,
							system,
							messages: stepInputMessages
						})));
						const enforcedToolChoice = (stepToolChoice == null ? void 0 : stepToolChoice.type) === "auto" ? void 0 : stepToolChoice;
						if (enforcedToolChoice != null && (enforcedToolChoice.type === "none" ? stepToolCalls.length > 0 : !stepToolCalls.some((toolCall) => enforcedToolChoice.type === "required" || toolCall.toolName === enforcedToolChoice.toolName))) throw new ToolChoiceViolationError({
							toolChoice: enforcedToolChoice,
							finishReason: currentModelResponse.finishReason.unified,
							provider: stepModel.provider,
							modelId: stepModel.modelId,
							content: currentModelResponse.content
						});
						const toolApprovalRequests = {};
						for (const toolCall of stepToolCalls) {
							if (toolCall.invalid) continue;
							const tool2 = stepToolSet == null ? void 0 : stepToolSet[toolCall.toolName];
							if (tool2 == null) continue;
							if (tool2.onInputStart != null) await tool2.onInputStart({
								toolCallId: toolCall.toolCallId,
								messages: stepInputMessages,
								abortSignal: mergedAbortSignal,
								experimental_context
							});
							if (tool2.onInputAvailable != null) await tool2.onInputAvailable({
								input: toolCall.input,
								toolCallId: toolCall.toolCallId,
								messages: stepInputMessages,
								abortSignal: mergedAbortSignal,
								experimental_context
							});
							if (await isApprovalNeeded({
								tool: tool2,
								toolCall,
								messages: stepInputMessages,
								experimental_context
							})) {
								const approvalId = generateId2();
								const signature = await maybeSignApproval({
									secret: experimental_toolApprovalSecret,
									approvalId,
									toolCallId: toolCall.toolCallId,
									toolName: toolCall.toolName,
									input: toolCall.input
								});
								toolApprovalRequests[toolCall.toolCallId] = {
									type: "tool-approval-request",
									approvalId,
									toolCall,
									...signature != null ? { signature } : {}
								};
							}
						}
						const invalidToolCalls = stepToolCalls.filter((toolCall) => toolCall.invalid && toolCall.dynamic && !toolCall.providerExecuted);
						clientToolOutputs = [];
						for (const toolCall of invalidToolCalls) clientToolOutputs.push({
							type: "tool-error",
							toolCallId: toolCall.toolCallId,
							toolName: toolCall.toolName,
							input: toolCall.input,
							error: getErrorMessage(toolCall.error),
							dynamic: true
						});
						clientToolCalls = stepToolCalls.filter((toolCall) => !toolCall.providerExecuted);
						if (stepToolSet != null && isToolExecutionAllowedFinishReason(currentModelResponse.finishReason.unified)) clientToolOutputs.push(...await executeTools({
							toolCalls: clientToolCalls.filter((toolCall) => !toolCall.invalid && toolApprovalRequests[toolCall.toolCallId] == null),
							tools: stepToolSet,
							tracer,
							telemetry,
							messages: stepInputMessages,
							abortSignal: mergedAbortSignal,
							experimental_context,
							stepNumber: steps.length,
							model: stepModelInfo,
							onToolCallStart: [onToolCallStart, globalTelemetry.onToolCallStart],
							onToolCallFinish: [onToolCallFinish, globalTelemetry.onToolCallFinish]
						}));
						for (const toolCall of stepToolCalls) {
							if (!toolCall.providerExecuted) continue;
							const tool2 = stepToolSet == null ? void 0 : stepToolSet[toolCall.toolName];
							if ((tool2 == null ? void 0 : tool2.type) === "provider" && tool2.supportsDeferredResults) {
								if (!currentModelResponse.content.some((part) => part.type === "tool-result" && part.toolCallId === toolCall.toolCallId)) pendingDeferredToolCalls.set(toolCall.toolCallId, { toolName: toolCall.toolName });
							}
						}
						for (const part of currentModelResponse.content) if (part.type === "tool-result") pendingDeferredToolCalls.delete(part.toolCallId);
						const stepContent = asContent({
							content: currentModelResponse.content,
							toolCalls: stepToolCalls,
							toolOutputs: clientToolOutputs,
							toolApprovalRequests: Object.values(toolApprovalRequests),
							tools: stepToolSet
						});
						responseMessages.push(...await toResponseMessages({
							content: stepContent,
							tools: stepToolSet
						}));
						const stepRequest = ((_i = include == null ? void 0 : include.requestBody) != null ? _i : true) ? (_j = currentModelResponse.request) != null ? _j : {} : {
							...currentModelResponse.request,
							body: void 0
						};
						const stepResponse = {
							...currentModelResponse.response,
							messages: structuredClone(responseMessages),
							body: ((_k = include == null ? void 0 : include.responseBody) != null ? _k : true) ? (_l = currentModelResponse.response) == null ? void 0 : _l.body : void 0
						};
						const stepNumber = steps.length;
						const currentStepResult = new DefaultStepResult({
							stepNumber,
							model: stepModelInfo,
							functionId: telemetry == null ? void 0 : telemetry.functionId,
							metadata: telemetry == null ? void 0 : telemetry.metadata,
							experimental_context,
							content: stepContent,
							finishReason: currentModelResponse.finishReason.unified,
							rawFinishReason: currentModelResponse.finishReason.raw,
							usage: asLanguageModelUsage(currentModelResponse.usage),
							warnings: currentModelResponse.warnings,
							providerMetadata: currentModelResponse.providerMetadata,
							request: stepRequest,
							response: stepResponse
						});
						logWarnings({
							warnings: (_m = currentModelResponse.warnings) != null ? _m : [],
							provider: stepModelInfo.provider,
							model: stepModelInfo.modelId
						});
						steps.push(currentStepResult);
						await notify({
							event: currentStepResult,
							callbacks: [onStepFinish, globalTelemetry.onStepFinish]
						});
					} finally {
						if (stepTimeoutId != null) clearTimeout(stepTimeoutId);
					}
				} while ((clientToolCalls.length > 0 && clientToolOutputs.length === clientToolCalls.length || pendingDeferredToolCalls.size > 0) && !await isStopConditionMet({
					stopConditions,
					steps
				}));
				span.setAttributes(await selectTelemetryAttributes({
					telemetry,
					attributes: {
						"ai.response.finishReason": currentModelResponse.finishReason.unified,
						"ai.response.text": { output: () => extractTextContent(currentModelResponse.content) },
						"ai.response.reasoning": { output: () => extractReasoningContent(currentModelResponse.content) },
						"ai.response.toolCalls": { output: () => {
							const toolCalls = asToolCalls(currentModelResponse.content);
							return toolCalls == null ? void 0 : JSON.stringify(toolCalls);
						} },
						"ai.response.providerMetadata": { output: () => JSON.stringify(currentModelResponse.providerMetadata) }
					}
				}));
				const lastStep = steps[steps.length - 1];
				const totalUsage = steps.reduce((totalUsage2, step) => {
					return addLanguageModelUsage(totalUsage2, step.usage);
				}, {
					inputTokens: void 0,
					outputTokens: void 0,
					totalTokens: void 0,
					reasoningTokens: void 0,
					cachedInputTokens: void 0
				});
				span.setAttributes(await selectTelemetryAttributes({
					telemetry,
					attributes: {
						"ai.usage.inputTokens": totalUsage.inputTokens,
						"ai.usage.inputTokenDetails.noCacheTokens": (_n = totalUsage.inputTokenDetails) == null ? void 0 : _n.noCacheTokens,
						"ai.usage.inputTokenDetails.cacheReadTokens": (_o = totalUsage.inputTokenDetails) == null ? void 0 : _o.cacheReadTokens,
						"ai.usage.inputTokenDetails.cacheWriteTokens": (_p = totalUsage.inputTokenDetails) == null ? void 0 : _p.cacheWriteTokens,
						"ai.usage.outputTokens": totalUsage.outputTokens,
						"ai.usage.outputTokenDetails.textTokens": (_q = totalUsage.outputTokenDetails) == null ? void 0 : _q.textTokens,
						"ai.usage.outputTokenDetails.reasoningTokens": (_r = totalUsage.outputTokenDetails) == null ? void 0 : _r.reasoningTokens,
						"ai.usage.totalTokens": totalUsage.totalTokens,
						"ai.usage.reasoningTokens": (_s = totalUsage.outputTokenDetails) == null ? void 0 : _s.reasoningTokens,
						"ai.usage.cachedInputTokens": (_t = totalUsage.inputTokenDetails) == null ? void 0 : _t.cacheReadTokens
					}
				}));
				await notify({
					event: {
						stepNumber: lastStep.stepNumber,
						model: lastStep.model,
						functionId: lastStep.functionId,
						metadata: lastStep.metadata,
						experimental_context: lastStep.experimental_context,
						finishReason: lastStep.finishReason,
						rawFinishReason: lastStep.rawFinishReason,
						usage: lastStep.usage,
						content: lastStep.content,
						text: lastStep.text,
						reasoningText: lastStep.reasoningText,
						reasoning: lastStep.reasoning,
						files: lastStep.files,
						sources: lastStep.sources,
						toolCalls: lastStep.toolCalls,
						staticToolCalls: lastStep.staticToolCalls,
						dynamicToolCalls: lastStep.dynamicToolCalls,
						toolResults: lastStep.toolResults,
						staticToolResults: lastStep.staticToolResults,
						dynamicToolResults: lastStep.dynamicToolResults,
						request: lastStep.request,
						response: lastStep.response,
						warnings: lastStep.warnings,
						providerMetadata: lastStep.providerMetadata,
						steps,
						totalUsage
					},
					callbacks: [onFinish, globalTelemetry.onFinish]
				});
				let resolvedOutput;
				if (lastStep.finishReason === "stop" || lastStep.finishReason !== "tool-calls" && lastStep.text.length > 0) resolvedOutput = await (output != null ? output : text()).parseCompleteOutput({ text: lastStep.text }, {
					response: lastStep.response,
					usage: lastStep.usage,
					finishReason: lastStep.finishReason
				});
				return new DefaultGenerateTextResult({
					steps,
					totalUsage,
					output: resolvedOutput
				});
			}
		});
	} catch (error) {
		throw wrapGatewayError(error);
	}
}
async function executeTools({ toolCalls, tools, tracer, telemetry, messages, abortSignal, experimental_context, stepNumber, model, onToolCallStart, onToolCallFinish }) {
	return (await Promise.all(toolCalls.map(async (toolCall) => executeToolCall({
		toolCall,
		tools,
		tracer,
		telemetry,
		messages,
		abortSignal,
		experimental_context,
		stepNumber,
		model,
		onToolCallStart,
		onToolCallFinish
	})))).filter((output) => output != null);
}
var DefaultGenerateTextResult = class {
	constructor(options) {
		this.steps = options.steps;
		this._output = options.output;
		this.totalUsage = options.totalUsage;
	}
	get finalStep() {
		return this.steps[this.steps.length - 1];
	}
	get content() {
		return this.finalStep.content;
	}
	get text() {
		return this.finalStep.text;
	}
	get files() {
		return this.finalStep.files;
	}
	get reasoningText() {
		return this.finalStep.reasoningText;
	}
	get reasoning() {
		return this.finalStep.reasoning;
	}
	get toolCalls() {
		return this.finalStep.toolCalls;
	}
	get staticToolCalls() {
		return this.finalStep.staticToolCalls;
	}
	get dynamicToolCalls() {
		return this.finalStep.dynamicToolCalls;
	}
	get toolResults() {
		return this.finalStep.toolResults;
	}
	get staticToolResults() {
		return this.finalStep.staticToolResults;
	}
	get dynamicToolResults() {
		return this.finalStep.dynamicToolResults;
	}
	get sources() {
		return this.finalStep.sources;
	}
	get finishReason() {
		return this.finalStep.finishReason;
	}
	get rawFinishReason() {
		return this.finalStep.rawFinishReason;
	}
	get warnings() {
		return this.finalStep.warnings;
	}
	get providerMetadata() {
		return this.finalStep.providerMetadata;
	}
	get response() {
		return this.finalStep.response;
	}
	get request() {
		return this.finalStep.request;
	}
	get usage() {
		return this.finalStep.usage;
	}
	get experimental_output() {
		return this.output;
	}
	get output() {
		if (this._output == null) throw new NoOutputGeneratedError();
		return this._output;
	}
};
function asToolCalls(content) {
	const parts = content.filter((part) => part.type === "tool-call");
	if (parts.length === 0) return;
	return parts.map((toolCall) => ({
		toolCallId: toolCall.toolCallId,
		toolName: toolCall.toolName,
		input: toolCall.input
	}));
}
function asContent({ content, toolCalls, toolOutputs, toolApprovalRequests, tools }) {
	const contentParts = [];
	for (const part of content) switch (part.type) {
		case "text":
		case "reasoning":
		case "source":
			contentParts.push(part);
			break;
		case "file":
			contentParts.push({
				type: "file",
				file: new DefaultGeneratedFile(part),
				...part.providerMetadata != null ? { providerMetadata: part.providerMetadata } : {}
			});
			break;
		case "tool-call":
			contentParts.push(toolCalls.find((toolCall) => toolCall.toolCallId === part.toolCallId));
			break;
		case "tool-result": {
			const toolCall = toolCalls.find((toolCall2) => toolCall2.toolCallId === part.toolCallId);
			if (toolCall == null) {
				const tool2 = tools == null ? void 0 : tools[part.toolName];
				if (!((tool2 == null ? void 0 : tool2.type) === "provider" && tool2.supportsDeferredResults)) throw new Error(`Tool call ${part.toolCallId} not found.`);
				if (part.isError) contentParts.push({
					type: "tool-error",
					toolCallId: part.toolCallId,
					toolName: part.toolName,
					input: void 0,
					error: part.result,
					providerExecuted: true,
					dynamic: part.dynamic,
					...part.providerMetadata != null ? { providerMetadata: part.providerMetadata } : {},
					...(tool2 == null ? void 0 : tool2.metadata) != null ? { toolMetadata: tool2.metadata } : {}
				});
				else contentParts.push({
					type: "tool-result",
					toolCallId: part.toolCallId,
					toolName: part.toolName,
					input: void 0,
					output: part.result,
					providerExecuted: true,
					dynamic: part.dynamic,
					...part.providerMetadata != null ? { providerMetadata: part.providerMetadata } : {},
					...(tool2 == null ? void 0 : tool2.metadata) != null ? { toolMetadata: tool2.metadata } : {}
				});
				break;
			}
			if (part.isError) contentParts.push({
				type: "tool-error",
				toolCallId: part.toolCallId,
				toolName: part.toolName,
				input: toolCall.input,
				error: part.result,
				providerExecuted: true,
				dynamic: toolCall.dynamic,
				...part.providerMetadata != null ? { providerMetadata: part.providerMetadata } : {},
				...toolCall.toolMetadata != null ? { toolMetadata: toolCall.toolMetadata } : {}
			});
			else contentParts.push({
				type: "tool-result",
				toolCallId: part.toolCallId,
				toolName: part.toolName,
				input: toolCall.input,
				output: part.result,
				providerExecuted: true,
				dynamic: toolCall.dynamic,
				...part.providerMetadata != null ? { providerMetadata: part.providerMetadata } : {},
				...toolCall.toolMetadata != null ? { toolMetadata: toolCall.toolMetadata } : {}
			});
			break;
		}
		case "tool-approval-request": {
			const toolCall = toolCalls.find((toolCall2) => toolCall2.toolCallId === part.toolCallId);
			if (toolCall == null) throw new ToolCallNotFoundForApprovalError({
				toolCallId: part.toolCallId,
				approvalId: part.approvalId
			});
			contentParts.push({
				type: "tool-approval-request",
				approvalId: part.approvalId,
				toolCall
			});
			break;
		}
	}
	return [
		...contentParts,
		...toolOutputs,
		...toolApprovalRequests
	];
}
TransformStream;
var toolMetadataSchema = record(string(), jsonValueSchema.optional());
lazySchema(() => zodSchema(union([
	looseObject({
		type: literal("text-start"),
		id: string(),
		providerMetadata: providerMetadataSchema.optional()
	}),
	looseObject({
		type: literal("text-delta"),
		id: string(),
		delta: string(),
		providerMetadata: providerMetadataSchema.optional()
	}),
	looseObject({
		type: literal("text-end"),
		id: string(),
		providerMetadata: providerMetadataSchema.optional()
	}),
	looseObject({
		type: literal("error"),
		errorText: string()
	}),
	looseObject({
		type: literal("tool-input-start"),
		toolCallId: string(),
		toolName: string(),
		inputEncoding: _enum(["json", "text"]).optional(),
		providerExecuted: boolean().optional(),
		providerMetadata: providerMetadataSchema.optional(),
		toolMetadata: toolMetadataSchema.optional(),
		dynamic: boolean().optional(),
		title: string().optional()
	}),
	looseObject({
		type: literal("tool-input-delta"),
		toolCallId: string(),
		inputTextDelta: string()
	}),
	looseObject({
		type: literal("tool-input-available"),
		toolCallId: string(),
		toolName: string(),
		input: unknown(),
		providerExecuted: boolean().optional(),
		providerMetadata: providerMetadataSchema.optional(),
		toolMetadata: toolMetadataSchema.optional(),
		dynamic: boolean().optional(),
		title: string().optional()
	}),
	looseObject({
		type: literal("tool-input-error"),
		toolCallId: string(),
		toolName: string(),
		input: unknown(),
		providerExecuted: boolean().optional(),
		providerMetadata: providerMetadataSchema.optional(),
		toolMetadata: toolMetadataSchema.optional(),
		dynamic: boolean().optional(),
		errorText: string(),
		title: string().optional()
	}),
	looseObject({
		type: literal("tool-approval-request"),
		approvalId: string(),
		toolCallId: string(),
		approvalDescriptor: unknown().optional(),
		inputSchemaInput: unknown().optional(),
		signature: string().optional()
	}),
	looseObject({
		type: literal("tool-output-available"),
		toolCallId: string(),
		output: unknown(),
		providerExecuted: boolean().optional(),
		providerMetadata: providerMetadataSchema.optional(),
		toolMetadata: toolMetadataSchema.optional(),
		dynamic: boolean().optional(),
		preliminary: boolean().optional()
	}),
	looseObject({
		type: literal("tool-output-error"),
		toolCallId: string(),
		errorText: string(),
		providerExecuted: boolean().optional(),
		providerMetadata: providerMetadataSchema.optional(),
		toolMetadata: toolMetadataSchema.optional(),
		dynamic: boolean().optional()
	}),
	looseObject({
		type: literal("tool-output-denied"),
		toolCallId: string()
	}),
	looseObject({
		type: literal("reasoning-start"),
		id: string(),
		providerMetadata: providerMetadataSchema.optional()
	}),
	looseObject({
		type: literal("reasoning-delta"),
		id: string(),
		delta: string(),
		providerMetadata: providerMetadataSchema.optional()
	}),
	looseObject({
		type: literal("reasoning-end"),
		id: string(),
		providerMetadata: providerMetadataSchema.optional()
	}),
	looseObject({
		type: literal("source-url"),
		sourceId: string(),
		url: string(),
		title: string().optional(),
		providerMetadata: providerMetadataSchema.optional()
	}),
	looseObject({
		type: literal("source-document"),
		sourceId: string(),
		mediaType: string(),
		title: string(),
		filename: string().optional(),
		providerMetadata: providerMetadataSchema.optional()
	}),
	looseObject({
		type: literal("file"),
		url: string(),
		mediaType: string(),
		providerMetadata: providerMetadataSchema.optional()
	}),
	looseObject({
		type: custom((value) => typeof value === "string" && value.startsWith("data-"), { message: "Type must start with \"data-\"" }),
		id: string().optional(),
		data: unknown(),
		transient: boolean().optional()
	}),
	looseObject({ type: literal("start-step") }),
	looseObject({ type: literal("finish-step") }),
	looseObject({
		type: literal("start"),
		messageId: string().optional(),
		messageMetadata: unknown().optional()
	}),
	looseObject({
		type: literal("finish"),
		finishReason: _enum([
			"stop",
			"length",
			"content-filter",
			"tool-calls",
			"error",
			"other"
		]).optional(),
		messageMetadata: unknown().optional()
	}),
	looseObject({
		type: literal("abort"),
		reason: string().optional()
	}),
	looseObject({
		type: literal("message-metadata"),
		messageMetadata: unknown()
	})
])));
createIdGenerator({
	prefix: "aitxt",
	size: 24
});
var toolMetadataSchema2 = record(string(), jsonValueSchema.optional());
lazySchema(() => {
	const approvalRequestedSchema = object$1({
		id: string(),
		approved: never().optional(),
		descriptor: unknown().optional(),
		reason: never().optional(),
		signature: string().optional(),
		inputSchemaInput: unknown().optional()
	});
	const approvalRespondedSchema = approvalRequestedSchema.extend({
		approved: boolean(),
		reason: string().optional()
	});
	const approvalGrantedSchema = approvalRespondedSchema.extend({ approved: literal(true) });
	const approvalDeniedSchema = approvalRespondedSchema.extend({ approved: literal(false) });
	return zodSchema(array$1(object$1({
		id: string(),
		role: _enum([
			"system",
			"user",
			"assistant"
		]),
		metadata: unknown().optional(),
		parts: array$1(union([
			object$1({
				type: literal("text"),
				text: string(),
				state: _enum(["streaming", "done"]).optional(),
				providerMetadata: providerMetadataSchema.optional()
			}),
			object$1({
				type: literal("reasoning"),
				id: string().optional(),
				text: string(),
				state: _enum(["streaming", "done"]).optional(),
				providerMetadata: providerMetadataSchema.optional()
			}),
			object$1({
				type: literal("source-url"),
				sourceId: string(),
				url: string(),
				title: string().optional(),
				providerMetadata: providerMetadataSchema.optional()
			}),
			object$1({
				type: literal("source-document"),
				sourceId: string(),
				mediaType: string(),
				title: string(),
				filename: string().optional(),
				providerMetadata: providerMetadataSchema.optional()
			}),
			object$1({
				type: literal("file"),
				mediaType: string(),
				filename: string().optional(),
				url: string(),
				providerMetadata: providerMetadataSchema.optional()
			}),
			object$1({ type: literal("step-start") }),
			object$1({
				type: string().startsWith("data-"),
				id: string().optional(),
				data: unknown()
			}),
			object$1({
				type: literal("dynamic-tool"),
				dynamic: literal(false).optional(),
				toolName: string(),
				toolCallId: string(),
				toolMetadata: toolMetadataSchema2.optional(),
				state: literal("input-streaming"),
				input: unknown().optional(),
				rawInput: string().optional(),
				inputEncoding: _enum(["json", "text"]).optional(),
				providerExecuted: boolean().optional(),
				callProviderMetadata: providerMetadataSchema.optional(),
				output: never().optional(),
				errorText: never().optional(),
				approval: never().optional()
			}),
			object$1({
				type: literal("dynamic-tool"),
				dynamic: literal(false).optional(),
				toolName: string(),
				toolCallId: string(),
				toolMetadata: toolMetadataSchema2.optional(),
				state: literal("input-available"),
				input: unknown(),
				providerExecuted: boolean().optional(),
				output: never().optional(),
				errorText: never().optional(),
				callProviderMetadata: providerMetadataSchema.optional(),
				approval: never().optional()
			}),
			object$1({
				type: literal("dynamic-tool"),
				dynamic: literal(false).optional(),
				toolName: string(),
				toolCallId: string(),
				toolMetadata: toolMetadataSchema2.optional(),
				state: literal("approval-requested"),
				input: unknown(),
				providerExecuted: boolean().optional(),
				output: never().optional(),
				errorText: never().optional(),
				callProviderMetadata: providerMetadataSchema.optional(),
				approval: approvalRequestedSchema
			}),
			object$1({
				type: literal("dynamic-tool"),
				dynamic: literal(false).optional(),
				toolName: string(),
				toolCallId: string(),
				toolMetadata: toolMetadataSchema2.optional(),
				state: literal("approval-responded"),
				input: unknown(),
				providerExecuted: boolean().optional(),
				output: never().optional(),
				errorText: never().optional(),
				callProviderMetadata: providerMetadataSchema.optional(),
				approval: approvalRespondedSchema
			}),
			object$1({
				type: literal("dynamic-tool"),
				dynamic: literal(false).optional(),
				toolName: string(),
				toolCallId: string(),
				toolMetadata: toolMetadataSchema2.optional(),
				state: literal("output-available"),
				input: unknown(),
				providerExecuted: boolean().optional(),
				output: unknown(),
				errorText: never().optional(),
				callProviderMetadata: providerMetadataSchema.optional(),
				resultProviderMetadata: providerMetadataSchema.optional(),
				preliminary: boolean().optional(),
				approval: approvalGrantedSchema.optional()
			}),
			object$1({
				type: literal("dynamic-tool"),
				dynamic: literal(false).optional(),
				toolName: string(),
				toolCallId: string(),
				toolMetadata: toolMetadataSchema2.optional(),
				state: literal("output-error"),
				input: unknown().optional(),
				rawInput: unknown().optional(),
				providerExecuted: boolean().optional(),
				output: never().optional(),
				errorText: string(),
				callProviderMetadata: providerMetadataSchema.optional(),
				resultProviderMetadata: providerMetadataSchema.optional(),
				approval: approvalGrantedSchema.optional()
			}),
			object$1({
				type: literal("dynamic-tool"),
				dynamic: literal(false).optional(),
				toolName: string(),
				toolCallId: string(),
				toolMetadata: toolMetadataSchema2.optional(),
				state: literal("output-denied"),
				input: unknown(),
				providerExecuted: boolean().optional(),
				output: never().optional(),
				errorText: never().optional(),
				callProviderMetadata: providerMetadataSchema.optional(),
				approval: approvalDeniedSchema
			}),
			object$1({
				type: string().startsWith("tool-"),
				toolCallId: string(),
				toolMetadata: toolMetadataSchema2.optional(),
				state: literal("input-streaming"),
				providerExecuted: boolean().optional(),
				callProviderMetadata: providerMetadataSchema.optional(),
				input: unknown().optional(),
				rawInput: string().optional(),
				inputEncoding: _enum(["json", "text"]).optional(),
				output: never().optional(),
				errorText: never().optional(),
				approval: never().optional()
			}),
			object$1({
				type: string().startsWith("tool-"),
				toolCallId: string(),
				toolMetadata: toolMetadataSchema2.optional(),
				state: literal("input-available"),
				providerExecuted: boolean().optional(),
				input: unknown(),
				output: never().optional(),
				errorText: never().optional(),
				callProviderMetadata: providerMetadataSchema.optional(),
				approval: never().optional()
			}),
			object$1({
				type: string().startsWith("tool-"),
				toolCallId: string(),
				toolMetadata: toolMetadataSchema2.optional(),
				state: literal("approval-requested"),
				input: unknown(),
				providerExecuted: boolean().optional(),
				output: never().optional(),
				errorText: never().optional(),
				callProviderMetadata: providerMetadataSchema.optional(),
				approval: approvalRequestedSchema
			}),
			object$1({
				type: string().startsWith("tool-"),
				toolCallId: string(),
				toolMetadata: toolMetadataSchema2.optional(),
				state: literal("approval-responded"),
				input: unknown(),
				providerExecuted: boolean().optional(),
				output: never().optional(),
				errorText: never().optional(),
				callProviderMetadata: providerMetadataSchema.optional(),
				approval: approvalRespondedSchema
			}),
			object$1({
				type: string().startsWith("tool-"),
				toolCallId: string(),
				toolMetadata: toolMetadataSchema2.optional(),
				state: literal("output-available"),
				providerExecuted: boolean().optional(),
				input: unknown(),
				output: unknown(),
				errorText: never().optional(),
				callProviderMetadata: providerMetadataSchema.optional(),
				resultProviderMetadata: providerMetadataSchema.optional(),
				preliminary: boolean().optional(),
				approval: approvalGrantedSchema.optional()
			}),
			object$1({
				type: string().startsWith("tool-"),
				toolCallId: string(),
				toolMetadata: toolMetadataSchema2.optional(),
				state: literal("output-error"),
				providerExecuted: boolean().optional(),
				input: unknown().optional(),
				rawInput: unknown().optional(),
				output: never().optional(),
				errorText: string(),
				callProviderMetadata: providerMetadataSchema.optional(),
				resultProviderMetadata: providerMetadataSchema.optional(),
				approval: approvalGrantedSchema.optional()
			}),
			object$1({
				type: string().startsWith("tool-"),
				toolCallId: string(),
				toolMetadata: toolMetadataSchema2.optional(),
				state: literal("output-denied"),
				providerExecuted: boolean().optional(),
				input: unknown(),
				output: never().optional(),
				errorText: never().optional(),
				callProviderMetadata: providerMetadataSchema.optional(),
				approval: approvalDeniedSchema
			})
		]))
	}).superRefine((message, context2) => {
		if (message.role !== "assistant" && message.parts.length === 0) context2.addIssue({
			origin: "array",
			code: "too_small",
			minimum: 1,
			inclusive: true,
			input: message.parts,
			path: ["parts"],
			message: "Message must contain at least one part"
		});
	})).nonempty("Messages array must not be empty"));
});
new TextEncoder();
createIdGenerator({
	prefix: "aiobj",
	size: 24
});
var { atob } = globalThis;
createIdGenerator({
	prefix: "aiobj",
	size: 24
});
var wrapLanguageModel = ({ model, middleware: middlewareArg, modelId, providerId }) => {
	return [...asArray(middlewareArg)].reverse().reduce((wrappedModel, middleware) => {
		return doWrap({
			model: wrappedModel,
			middleware,
			modelId,
			providerId
		});
	}, model);
};
var doWrap = ({ model, middleware: { transformParams, wrapGenerate, wrapStream, overrideProvider, overrideModelId, overrideSupportedUrls }, modelId, providerId }) => {
	var _a23, _b, _c;
	async function doTransform({ params, type }) {
		return transformParams ? await transformParams({
			params,
			type,
			model
		}) : params;
	}
	return {
		specificationVersion: "v3",
		provider: (_a23 = providerId != null ? providerId : overrideProvider == null ? void 0 : overrideProvider({ model })) != null ? _a23 : model.provider,
		modelId: (_b = modelId != null ? modelId : overrideModelId == null ? void 0 : overrideModelId({ model })) != null ? _b : model.modelId,
		supportedUrls: (_c = overrideSupportedUrls == null ? void 0 : overrideSupportedUrls({ model })) != null ? _c : model.supportedUrls,
		async doGenerate(params) {
			const transformedParams = await doTransform({
				params,
				type: "generate"
			});
			const doGenerate = async () => model.doGenerate(transformedParams);
			const doStream = async () => model.doStream(transformedParams);
			return wrapGenerate ? wrapGenerate({
				doGenerate,
				doStream,
				params: transformedParams,
				model
			}) : doGenerate();
		},
		async doStream(params) {
			const transformedParams = await doTransform({
				params,
				type: "stream"
			});
			const doGenerate = async () => model.doGenerate(transformedParams);
			const doStream = async () => model.doStream(transformedParams);
			return wrapStream ? wrapStream({
				doGenerate,
				doStream,
				params: transformedParams,
				model
			}) : doStream();
		}
	};
};
// src/runtime/tool-execution.ts
/**
* Runs gated tool calls and declares gated tools to the model. This is the only bridge from the
* model (and from `ctx.callWorker`) to tool code, and it accepts nothing but tools made by
* `createToolbox`, so every execution passes the approval controller and emits the tool events.
*/
/**
* Runs one call: `tool_call`, approval, execution, `tool_result`; a denial is counted for the run.
* Returns the outcome (a pending one has no `tool_result` yet); throws only what ends the run
* (abort, `q` at a prompt), after `ctx.fail`, and `CallPaused` from a worker call under it.
*/
async function runToolCall(ctx, call) {
	const { tool: gated, args, toolCallId, caller, again, onAllowed, ...gate } = call;
	if (!isGatedTool(gated)) throw new TypeError(`tool ${String(gated.name)} was not made by createToolbox`);
	if (!again) emitterFor(ctx, caller)({
		type: "tool_call",
		tool: gated.name,
		tool_call_id: toolCallId,
		args
	});
	return reported(ctx, call, (allowed) => gated.run(args, {
		signal: ctx.signal,
		toolCallId,
		...gate,
		onAllowed: () => {
			allowed();
			onAllowed?.();
		}
	}));
}
/** Finishes a call started before the run stopped (a resumed delegation) as `runToolCall` would have. */
function continueToolCall(ctx, call, perform) {
	return reported(ctx, call, (allowed) => (allowed(), perform()));
}
/** Runs `perform` as the call's execution: tracked while it runs, its outcome reported as `tool_result`. */
async function reported(ctx, call, perform) {
	const { tool: gated, toolCallId, caller } = call;
	const emit = emitterFor(ctx, caller);
	const { now } = ctx.services;
	const { running } = ctx.state;
	const key = Symbol(toolCallId);
	running.set(key, `${caller.chain.join(" › ")} › ${gated.name}`);
	let allowedAt;
	const duration = () => allowedAt === void 0 ? 0 : now() - allowedAt;
	let outcome;
	try {
		outcome = await perform(() => void (allowedAt = now()));
	} catch (error) {
		if (CallPaused.isInstance(error)) throw error;
		const interrupted = AbortedError.isInstance(error) || ctx.signal.aborted && !LlmDoError.isInstance(error);
		emit({
			type: "tool_result",
			tool: gated.name,
			tool_call_id: toolCallId,
			ok: false,
			...interrupted ? { interrupted: true } : {},
			error: error instanceof Error ? error.message : String(error),
			duration_ms: duration()
		});
		ctx.fail(error);
		throw error;
	} finally {
		running.delete(key);
	}
	const duration_ms = duration();
	if (outcome.ok) {
		emit({
			type: "tool_result",
			tool: gated.name,
			tool_call_id: toolCallId,
			ok: true,
			result: outcome.output,
			duration_ms
		});
		return outcome;
	}
	if (outcome.pending) return outcome;
	if (outcome.denied) ctx.state.deniedCalls++;
	emit({
		type: "tool_result",
		tool: gated.name,
		tool_call_id: toolCallId,
		ok: false,
		...outcome.denied ? { denied: true } : {},
		error: outcome.error,
		duration_ms
	});
	return outcome;
}
/**
* The offered tools as the model sees them: declarations without `execute`, so the AI SDK only
* returns the calls and the engine runs them. No prototype: a model calling `constructor` finds no tool.
*/
function toolDeclarations(toolbox) {
	const tools = Object.create(null);
	for (const gated of toolbox.tools) tools[gated.name] = tool({
		description: gated.description,
		inputSchema: jsonSchema(gated.inputSchema)
	});
	return tools;
}
// src/runtime/tool-context.ts
/**
* What a tool's execute receives (its worker's sandbox, the run's signal, `callWorker`), and the
* runtime's wrapper around every tool of a call: the run keeps track of each execution until it
* settles, and `callWorker` knows which tool call it runs under.
*/
/**
* The context of `caller`'s tools. `toolbox` is the caller's own (made after this context, hence a
* getter); `trackedTool` gives each execution a `callWorker` of its own tool call.
*/
function createCustomToolsContext(ctx, caller, toolbox) {
	return {
		sandbox: caller.sandbox,
		signal: ctx.signal,
		chain: caller.identity.chain,
		callId: caller.identity.call_id,
		callWorker: callWorkerUnder(ctx, caller, toolbox, caller.identity.call_id)
	};
}
/**
* `tool` as `caller`'s toolbox runs it: each execution is tracked in the run's branches (the toolbox
* stops waiting for it on an abort; the run does not end before it settles), and gets a `callWorker`
* whose calls are numbered under its tool call.
*/
function trackedTool(ctx, caller, tool, toolbox) {
	const label = [...caller.identity.chain, tool.name].join(" › ");
	return {
		...tool,
		execute: (args, context) => {
			const callWorker = callWorkerUnder(ctx, caller, toolbox, context.toolCallId ?? caller.identity.call_id);
			return ctx.state.branches.track(label, Promise.resolve().then(() => tool.execute(args, {
				...context,
				callWorker
			})));
		}
	};
}
/**
* `ctx.callWorker` of one tool call: it runs the callee through the caller's delegation tool, so a
* call from tool code takes exactly the path of the model calling that tool (SPEC §15):
* allowed_workers, the approval rule (`ask` asks, `blocked` denies), session approvals, depth,
* cycles, events, the denial count. Its tool call id is `<toolCallId>/<n>`, n counting the calls of
* this tool call, so the child nests under the tool call that made it.
*/
function callWorkerUnder(ctx, caller, toolbox, toolCallId) {
	let calls = 0;
	return async (ref, input) => {
		const callee = await ctx.config.project.resolveWorker(ref, caller.worker.definition);
		assertAllowedWorker(caller, callee);
		const tool = toolbox().get(toolNameForWorker(callee.id));
		if (tool?.toolset !== "workers") throw new TypeError(`the delegation tool of ${callee.id} is missing from the toolbox of ${caller.worker.definition.id}`);
		const outcome = await runToolCall(ctx, {
			tool,
			args: callArguments(input, (await prepareWorker(ctx, callee)).schemaIn !== void 0),
			toolCallId: `${toolCallId}/${++calls}`,
			caller: caller.identity
		});
		if (outcome.ok) return outcome.output;
		throw new DelegationError(outcome.denied ? "denied" : "callee-failed", caller.identity.chain, outcome.error);
	};
}
/** Accepts text, a structured input, or `{input, instructions?, attachments?}`. */
function callArguments(input, structured) {
	if (structured) return input;
	if (typeof input === "string") return { input };
	if (typeof input === "object" && input !== null && typeof input.input === "string") return input;
	return { input: JSON.stringify(input) };
}
// src/tools/filesystem.ts
/**
* The `filesystem` toolset (SPEC §6): sandboxed file tools. Every path is a virtual path of the
* calling worker's sandbox (§7); the sandbox enforces mounts, modes, restrictions and caps, so these
* tools only shape arguments and results for the model.
*/
/** At most this many paths are returned by one `list_files` call. */
const LIST_FILES_LIMIT = 1e3;
/** Default `max_chars` of `read_file`. */
const READ_FILE_DEFAULT_MAX_CHARS = 2e5;
/** Hard limit of `read_file`: a larger `max_chars` is clamped to it. */
const READ_FILE_MAX_CHARS = MAX_READ_CHARS;
/** `edit_file` edits files up to this size; larger ones are rewritten with `write_file`. */
const EDIT_FILE_MAX_BYTES = 4194304;
/** Longest `old` text `edit_file` accepts. */
const EDIT_FILE_MAX_OLD_CHARS = 1e5;
/** Longest `new` text `edit_file` accepts. */
const EDIT_FILE_MAX_NEW_CHARS = 1e6;
/** `edit_file` counts occurrences of `old` up to this many (enough to say "include more context"). */
const MAX_COUNTED_OCCURRENCES = 100;
const TOOLSET = "filesystem";
/**
* The calling worker's sandbox, or a ToolError the model sees when the worker has no file access.
* Shared by every tool that touches files (the shell tool uses it for its working directory).
*/
function requireSandbox(context, tool) {
	if (context.sandbox) return context.sandbox;
	throw new ToolError("no-sandbox", tool, "this worker has no file access (it has no sandbox mounts)");
}
const pathField = string().min(1).describe("Virtual path in the sandbox, e.g. /input/notes.md");
const ListArgs = strictObject({
	path: string().min(1).default("/").describe("Virtual directory to list; default /"),
	pattern: string().min(1).max(MAX_GLOB_CHARS).default("**/*").describe("Glob relative to path: * ? ** [abc] {a,b}, e.g. **/*.md; default **/*")
});
const ReadArgs = strictObject({
	path: pathField,
	max_chars: number().int().positive().default(READ_FILE_DEFAULT_MAX_CHARS).describe(`Characters to return at most; default ${READ_FILE_DEFAULT_MAX_CHARS}, larger values count as ${READ_FILE_MAX_CHARS}`)
});
const WriteArgs = strictObject({
	path: pathField,
	content: string().describe("The whole new content of the file")
});
const EditArgs = strictObject({
	path: pathField,
	old: string().min(1).max(EDIT_FILE_MAX_OLD_CHARS).describe("Exact text to replace; must occur exactly once in the file"),
	new: string().max(EDIT_FILE_MAX_NEW_CHARS).describe("Replacement text")
});
const PathArgs = strictObject({ path: pathField });
async function listFiles(args, context) {
	const { path = "/", pattern = "**/*" } = args;
	const all = await requireSandbox(context, "list_files").list(path, pattern);
	if (all.length <= 1e3) return { files: all };
	const more = all.length - LIST_FILES_LIMIT;
	return {
		files: all.slice(0, LIST_FILES_LIMIT),
		note: `showing the first ${LIST_FILES_LIMIT} of ${all.length} files (${more} more); narrow path or pattern to see the rest`
	};
}
async function readFile(args, context) {
	const { path, max_chars: maxChars = READ_FILE_DEFAULT_MAX_CHARS } = args;
	return requireSandbox(context, "read_file").read(path, { maxChars: Math.min(maxChars, READ_FILE_MAX_CHARS) });
}
async function writeFile(args, context) {
	await requireSandbox(context, "write_file").write(args.path, args.content);
	return `wrote ${args.content.length} characters to ${args.path}`;
}
/**
* Start offsets of the occurrences of `needle`, overlapping ones included (they make an edit
* ambiguous too), at most `limit` of them: beyond that the exact count does not help the model.
*/
function occurrences(haystack, needle, limit) {
	const found = [];
	for (let at = haystack.indexOf(needle); at !== -1 && found.length < limit; at = haystack.indexOf(needle, at + 1)) found.push(at);
	return found;
}
/** The whole text of a file small enough to edit. */
async function readForEdit(sandbox, path) {
	try {
		return new TextDecoder().decode(await sandbox.readBinary(path, { maxBytes: EDIT_FILE_MAX_BYTES }));
	} catch (error) {
		if (SandboxError.isInstance(error) && error.code === "too-large") throw new SandboxError("too-large", error.path, `${error.path} is over the ${EDIT_FILE_MAX_BYTES}-byte limit of edit_file; rewrite it whole with write_file`);
		throw error;
	}
}
async function editFile(args, context) {
	const sandbox = requireSandbox(context, "edit_file");
	const { path, old, new: replacement } = args;
	const text = await readForEdit(sandbox, path);
	const found = occurrences(text, old, 101);
	if (found.length === 0) throw new ToolError("no-match", "edit_file", `old text not found in ${path}; read the file and copy the exact text to replace`);
	if (found.length > 1) {
		const count = found.length > MAX_COUNTED_OCCURRENCES ? `more than ${MAX_COUNTED_OCCURRENCES}` : String(found.length);
		throw new ToolError("ambiguous-match", "edit_file", `old text found ${count} times in ${path}; include more context so it matches exactly once`);
	}
	const at = found[0];
	await sandbox.write(path, text.slice(0, at) + replacement + text.slice(at + old.length));
	return `replaced 1 occurrence in ${path}`;
}
async function deleteFile(args, context) {
	await requireSandbox(context, "delete_file").delete(args.path);
	return `deleted ${args.path}`;
}
async function fileInfo(args, context) {
	const stat = await requireSandbox(context, "file_info").stat(args.path);
	return {
		path: stat.path,
		exists: stat.exists,
		kind: stat.kind,
		size: stat.size,
		mtime: stat.mtime
	};
}
/** The tools that change files: not offered to a worker whose sandbox is entirely read-only. */
const FILESYSTEM_WRITE_TOOLS = [
	"write_file",
	"edit_file",
	"delete_file"
];
/**
* The six `filesystem` tools. Reads (`list_files`, `read_file`, `file_info`) are pre-approved by
* default; `write_file`, `edit_file` and `delete_file` ask. `config.approval` is not applied here:
* the caller resolves it against each tool's `defaultRule` when building the toolbox (SPEC §6).
* With `writable: false` (every mount the worker sees is read-only) the write tools are left out,
* so the model is not offered calls that can only fail.
*
* @example
* const tools = createFilesystemToolset();
* await tools.find((t) => t.name === 'read_file')!.execute({ path: '/input/a.md' }, context);
*/
function createFilesystemToolset(config, options = {}) {
	const tools = [
		{
			toolset: TOOLSET,
			name: "list_files",
			description: `List files in the sandbox. Returns virtual paths of files under \`path\` matching the glob \`pattern\` (relative to \`path\`; * ? ** [abc] {a,b}), sorted; at most ${LIST_FILES_LIMIT}.`,
			inputSchema: ListArgs,
			defaultRule: "preApproved",
			idempotent: true,
			execute: listFiles
		},
		{
			toolset: TOOLSET,
			name: "read_file",
			description: `Read a text file from the sandbox. A file longer than \`max_chars\` is cut there, with a note saying so; call again with a larger \`max_chars\` to see more (at most ${READ_FILE_MAX_CHARS}).`,
			inputSchema: ReadArgs,
			defaultRule: "preApproved",
			idempotent: true,
			execute: readFile
		},
		{
			toolset: TOOLSET,
			name: "write_file",
			description: "Create or overwrite a text file in the sandbox with `content` (missing parent directories are created).",
			inputSchema: WriteArgs,
			defaultRule: "ask",
			execute: writeFile
		},
		{
			toolset: TOOLSET,
			name: "edit_file",
			description: `Replace the one occurrence of \`old\` in a text file with \`new\`. Fails if \`old\` is missing or occurs more than once; include enough surrounding text to make it unique. Files up to ${EDIT_FILE_MAX_BYTES} bytes; use write_file for larger ones.`,
			inputSchema: EditArgs,
			defaultRule: "ask",
			execute: editFile
		},
		{
			toolset: TOOLSET,
			name: "delete_file",
			description: "Delete a file from the sandbox.",
			inputSchema: PathArgs,
			defaultRule: "ask",
			execute: deleteFile
		},
		{
			toolset: TOOLSET,
			name: "file_info",
			description: "Whether a path exists, and its kind (file or directory), size in bytes and modification time.",
			inputSchema: PathArgs,
			defaultRule: "preApproved",
			idempotent: true,
			execute: fileInfo
		}
	];
	return options.writable === false ? tools.filter((tool) => !FILESYSTEM_WRITE_TOOLS.includes(tool.name)) : tools;
}
// src/tools/shell-command.ts
var import_shell_quote = require_shell_quote();
const TOOL$1 = "shell";
function refuse(message) {
	throw new ToolError("refused-command", TOOL$1, message);
}
/**
* Characters refused before parsing: command substitution with backticks, and newlines (which a
* shell treats as command separators). Checked on the raw text, quoted or not.
*/
const RAW_FORBIDDEN = [
	["`", "\"`\" (command substitution)"],
	["\n", "a newline"],
	["\r", "a carriage return"],
	["\0", "a NUL byte"]
];
/** Name of the shell feature a non-word token stands for, for the error message. */
function describeToken(token) {
	if ("comment" in token) return "#";
	if (token.op === "glob") return /[*?]/.exec(token.pattern ?? "")?.[0] ?? "*";
	if (token.op === "env") return "$";
	return token.op;
}
/**
* Splits `command` into argv without a shell. Refuses, naming the character, anything a shell would
* interpret: operators (`|`, `;`, `&`, `&&`, `||`, `>`, `<`), subshells, `$` expansions, backticks,
* unquoted globs (`*`, `?`), comments and newlines. Quoted text is literal, except `$` inside double
* quotes (a shell would expand it). Braces and `[...]` are passed through literally.
*/
function parseShellCommand(command) {
	for (const [char, name] of RAW_FORBIDDEN) if (command.includes(char)) refuse(`command contains ${name}; run one command per call, without shell syntax`);
	const tokens = (0, import_shell_quote.parse)(command, (name) => ({
		op: "env",
		name
	}));
	const argv = [];
	for (const token of tokens) {
		if (typeof token === "string") {
			argv.push(token);
			continue;
		}
		refuse(`command contains "${describeToken(token)}", which needs a shell; commands run without one, so pass plain arguments only`);
	}
	if (argv.length === 0 || argv[0] === "") refuse("command is empty; give a command such as \"git status\"");
	return argv;
}
/**
* The argument itself, the value of `--option=value`, and for a short option word (`-ofile`,
* `-nofile`) the text after its first letter and from its first `/` or `~`: any of them may be an
* attached path, since a cluster's value can start at any letter.
*/
function possiblePaths(arg) {
	const eq = arg.indexOf("=");
	const values = eq > 0 ? [arg, arg.slice(eq + 1)] : [arg];
	if (/^-[^-]/.test(arg)) {
		const attached = arg.slice(2);
		const rooted = attached.search(/[/~]/);
		values.push(attached);
		if (rooted > 0) values.push(attached.slice(rooted));
	}
	return values;
}
/**
* Best-effort refusal of arguments naming host paths outside the working directory: absolute paths,
* `~` (home directory), and any `..` path segment, also as the value of `--option=value` or attached
* to a short option (`-o/tmp/x`). It cannot know which arguments a program treats as paths, nor
* follow symlinks inside the working directory; isolation is what bounds the program.
*/
function checkShellArguments(argv) {
	for (const arg of argv) for (const value of possiblePaths(arg)) {
		if (value.startsWith("/")) refuse(`argument "${arg}" is an absolute path; use paths relative to the working directory`);
		if (value.startsWith("~")) refuse(`argument "${arg}" refers to a home directory; use paths relative to the working directory`);
		if (value.split("/").includes("..")) refuse(`argument "${arg}" leaves the working directory with ".."; use paths inside it`);
	}
}
/** argv as a person would type it, for messages: plain words as they are, others single-quoted. */
function displayCommand(argv) {
	return argv.map((word) => /^[\w@%+=:,./~-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`).join(" ");
}
// src/tools/shell-isolation.ts
/**
* OS isolation of `shell` commands (SPEC §15): the bubblewrap command line that shows a command
* only the sandbox mounts (ro/rw as the worker chain allows, the project's configuration in them
* read-only), read-only system directories, a private `/tmp` and `HOME`, no network, its own PID
* namespace and session; and the scrubbed environment every command gets, isolated or not.
*/
/** PATH inside the box: only system directories exist there. */
const BOX_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";
/** HOME inside the box: a directory of its private `/tmp`. */
const BOX_HOME = "/tmp/home";
/** System directories programs need, read-only. Missing ones (no `/lib32` here) are skipped. */
const SYSTEM_DIRECTORIES = [
	"/usr",
	"/bin",
	"/sbin",
	"/lib",
	"/lib32",
	"/lib64",
	"/libx32"
];
/** The part of `/etc` that running programs needs: the dynamic linker, alternatives, time zone (no user list). */
const SYSTEM_FILES = [
	"/etc/ld.so.cache",
	"/etc/ld.so.conf",
	"/etc/ld.so.conf.d",
	"/etc/alternatives",
	"/etc/localtime",
	"/etc/timezone",
	"/etc/nsswitch.conf",
	"/etc/mime.types"
];
/** What name resolution and TLS need, bound only with `network: true`. */
const NETWORK_FILES = [
	"/etc/resolv.conf",
	"/etc/hosts",
	"/etc/host.conf",
	"/etc/gai.conf",
	"/etc/ssl",
	"/etc/ca-certificates",
	"/etc/pki"
];
/**
* bubblewrap's arguments for running `argv` in `layout`: new user, PID, IPC, UTS, cgroup and
* network namespaces (`--unshare-all`; `--share-net` with `network`), no capabilities, a new
* session (no terminal injection), killed when llm-do dies; the box ends, with every process in
* it, when the command exits.
*/
function bwrapArguments(layout, argv, { network = false } = {}) {
	const args = [
		"--unshare-all",
		...network ? ["--share-net"] : [],
		"--die-with-parent",
		"--new-session",
		"--cap-drop",
		"ALL"
	];
	for (const dir of SYSTEM_DIRECTORIES) args.push("--ro-bind-try", dir, dir);
	for (const file of [...SYSTEM_FILES, ...network ? NETWORK_FILES : []]) args.push("--ro-bind-try", file, file);
	args.push("--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp", "--dir", BOX_HOME);
	for (const mount of layout.mounts) {
		args.push(mount.mode === "rw" ? "--bind" : "--ro-bind", mount.host, mount.box);
		for (const { dir, writable } of mount.protected?.sealed ?? []) {
			args.push("--ro-bind", dir, boxPath(mount, dir));
			for (const child of writable) args.push("--bind", child, boxPath(mount, child));
		}
	}
	for (const mount of layout.mounts) for (const path of mount.protected?.readOnly ?? []) args.push("--ro-bind", path, boxPath(mount, path));
	args.push("--chdir", layout.cwd.box, "--", ...argv);
	return args;
}
/** Where the host path `path`, inside `mount`'s host directory, is in the box. */
function boxPath(mount, path) {
	return posix.join(mount.box, posix.relative(mount.host, path));
}
/** Host variables a command may see, besides PATH and HOME: locale and time zone. */
function isPassedThrough(name, extra) {
	return name === "LANG" || name === "TZ" || name.startsWith("LC_") || extra.includes(name);
}
/**
* The environment of a command: `LANG`, `LC_*`, `TZ`, the names listed in the toolset's `env`,
* `TERM=dumb`, and PATH and HOME (the host's without isolation; the box's own under bubblewrap).
* Never API keys or anything else of the user's environment.
*/
function commandEnvironment(isolation, extra = []) {
	const env = {};
	for (const [name, value] of Object.entries(process.env)) if (value !== void 0 && isPassedThrough(name, extra)) env[name] = value;
	if (isolation === "bwrap") {
		env.PATH = BOX_PATH;
		env.HOME = BOX_HOME;
	} else {
		if (process.env.PATH !== void 0) env.PATH = process.env.PATH;
		if (process.env.HOME !== void 0) env.HOME = process.env.HOME;
	}
	env.TERM = "dumb";
	return env;
}
// src/tools/shell-layout.ts
/**
* Where a `shell` command's files are: the visible sandbox mounts with their host directories, the
* place each one gets inside the bubblewrap box (its virtual path, so `pwd` shows `/repo`), and the
* rewriting of host paths in output back to virtual paths (SPEC §15: no host path in a result).
*/
/** Top-level directories the box needs for itself; a mount there moves the sandbox under {@link BOX_ROOT}. */
const RESERVED = /* @__PURE__ */ new Set([
	"usr",
	"bin",
	"sbin",
	"lib",
	"lib32",
	"lib64",
	"libx32",
	"etc",
	"dev",
	"proc",
	"tmp"
]);
/** The sandbox's `/` inside the box when it cannot be the box's own `/` (a root mount, or a mount named `usr`, `tmp`...). */
const BOX_ROOT = "/sandbox";
/**
* The layout of a call: the visible mounts, and the working directory (`cwd`, else `/` when it is
* a mount, else the first visible mount in path order).
*/
async function planShellLayout(sandbox, cwd) {
	const visible = sandbox.describe();
	const first = visible.find((mount) => mount.path === "/") ?? visible[0];
	if (!first) throw new ToolError("no-sandbox", "shell", "this worker has no file access (it has no sandbox mounts), so there is no directory to run commands in");
	const cwdVirtual = cwd ?? first.path;
	const cwdHost = await sandbox.hostDirectory(cwdVirtual);
	const boxRoot = visible.some((mount) => mount.path === "/" || RESERVED.has(mount.path.split("/")[1] ?? "")) ? BOX_ROOT : "/";
	const toBox = (virtual) => boxRoot === "/" ? virtual : virtual === "/" ? boxRoot : `${boxRoot}${virtual}`;
	const mounts = [];
	for (const mount of visible) {
		const host = await sandbox.hostDirectory(mount.path).catch(() => void 0);
		if (host === void 0) continue;
		const shellMount = {
			virtual: mount.path,
			host,
			box: toBox(mount.path),
			mode: mount.mode
		};
		if (mount.mode === "rw") shellMount.protected = await sandbox.protectedLayout(host).catch(() => ({
			readOnly: [host],
			sealed: []
		}));
		mounts.push(shellMount);
	}
	return {
		mounts,
		cwd: {
			virtual: cwdVirtual,
			host: cwdHost,
			box: toBox(cwdVirtual)
		},
		boxRoot
	};
}
function escapeRegExp(text) {
	return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
/**
* Replaces every host directory of the layout (and the box root) in `text` with its virtual path:
* `/home/me/proj/repo/src/a.js` → `/repo/src/a.js`. A backstop: under bubblewrap commands see
* virtual paths already, but `/proc/self/mountinfo` or a program's own messages may still name one.
*/
function hideHostPaths(text, layout) {
	const replacements = /* @__PURE__ */ new Map();
	if (layout.boxRoot !== "/") replacements.set(layout.boxRoot, "/");
	for (const mount of layout.mounts) replacements.set(mount.host, mount.virtual);
	replacements.set(layout.cwd.host, layout.cwd.virtual);
	const hosts = [...replacements.keys()].filter((host) => host !== "/").sort((a, b) => b.length - a.length);
	if (hosts.length === 0) return text;
	const pattern = new RegExp(`(?:${hosts.map(escapeRegExp).join("|")})(?![A-Za-z0-9._~+-])`, "g");
	return text.replace(pattern, (host, offset) => {
		const virtual = replacements.get(host);
		return virtual === "/" && text[offset + host.length] === "/" ? "" : virtual;
	});
}
// src/tools/shell-process.ts
/**
* Running one `shell` command as a process group: spawn without a shell, collect output under a
* cap, kill the whole group on timeout, on abort, and once the command exits (so a background
* child does not outlive the call). The only module that imports `node:child_process`.
*/
/** Collects stdout and stderr up to a byte budget shared by both. */
function createOutputCollector(maxBytes) {
	const chunks = {
		stdout: [],
		stderr: []
	};
	let used = 0;
	let truncated = false;
	return {
		add(stream, chunk) {
			const room = maxBytes - used;
			if (chunk.length > room) truncated = true;
			if (room <= 0) return;
			const kept = chunk.length > room ? chunk.subarray(0, room) : chunk;
			chunks[stream].push(kept);
			used += kept.length;
		},
		text: (stream) => Buffer.concat(chunks[stream]).toString("utf8"),
		get truncated() {
			return truncated;
		}
	};
}
/** Kills the process group of a detached child (the command and everything it started in its group). */
function killGroup(pid) {
	if (pid === void 0) return;
	try {
		process.kill(-pid, "SIGKILL");
	} catch {}
}
/** How long to wait for the output pipes after the command exited, when an escaped process holds them. */
const PIPE_GRACE_MS = 1e3;
/**
* Spawns `file args` without a shell in a new process group and waits for it, enforcing the
* timeout, the abort signal and the output cap. `ENOENT` becomes `spawn-failed` "command not found".
*/
function runProcess(file, args, options) {
	const { signal, timeoutMs, maxOutputBytes } = options;
	if (signal.aborted) return Promise.reject(new AbortedError());
	return new Promise((resolve, reject) => {
		const child = spawn(file, args, {
			cwd: options.cwd,
			env: options.env,
			shell: false,
			detached: true,
			stdio: [
				"ignore",
				"pipe",
				"pipe"
			],
			windowsHide: true
		});
		const output = createOutputCollector(maxOutputBytes);
		let timedOut = false;
		let aborted = false;
		const onAbort = () => {
			aborted = true;
			killGroup(child.pid);
		};
		const timer = setTimeout(() => {
			timedOut = true;
			killGroup(child.pid);
		}, timeoutMs);
		let lingering;
		signal.addEventListener("abort", onAbort, { once: true });
		const cleanup = () => {
			clearTimeout(timer);
			clearTimeout(lingering);
			signal.removeEventListener("abort", onAbort);
		};
		child.stdout.on("data", (chunk) => output.add("stdout", chunk));
		child.stderr.on("data", (chunk) => output.add("stderr", chunk));
		child.on("exit", () => {
			killGroup(child.pid);
			lingering = setTimeout(() => {
				child.stdout.destroy();
				child.stderr.destroy();
			}, PIPE_GRACE_MS);
		});
		child.on("error", (error) => {
			cleanup();
			const reason = error.code === "ENOENT" ? "command not found" : `could not start it (${error.code ?? error.message})`;
			reject(new ToolError("spawn-failed", "shell", `${file}: ${reason}`, { cause: error }));
		});
		child.on("close", (code) => {
			cleanup();
			if (aborted) return reject(new AbortedError());
			const result = {
				exit_code: timedOut ? null : code,
				stdout: output.text("stdout"),
				stderr: output.text("stderr")
			};
			const notes = [];
			if (output.truncated) {
				result.truncated = true;
				notes.push(`output truncated: stdout and stderr together exceeded ${maxOutputBytes} bytes`);
			}
			if (timedOut) {
				result.timed_out = true;
				notes.push(`timed out: killed after ${timeoutMs} ms`);
			}
			if (notes.length > 0) result.note = notes.join("; ");
			resolve(result);
		});
	});
}
const bwrapChecks = /* @__PURE__ */ new Map();
/**
* Whether bubblewrap works here: `bwrap` is on PATH and can create its namespaces (it cannot in
* some containers, or where unprivileged user namespaces are disabled). Checked once per PATH.
*/
function canRunBwrap() {
	const path = process.env.PATH ?? "";
	let check = bwrapChecks.get(path);
	if (!check) {
		check = new Promise((resolve) => {
			const probe = spawn("bwrap", [
				"--unshare-all",
				"--die-with-parent",
				"--ro-bind",
				"/",
				"/",
				"--",
				"true"
			], {
				stdio: "ignore",
				env: { PATH: path }
			});
			probe.on("error", () => resolve(false));
			probe.on("close", (code) => resolve(code === 0));
		});
		bwrapChecks.set(path, check);
	}
	return check;
}
// src/tools/shell-arg-pattern.ts
/** Compiles `source` (every string is a valid pattern). */
function compileArgPattern(source) {
	const tokens = tokenize(source);
	const firstWild = tokens.findIndex((token) => token.kind !== "char");
	return {
		source,
		literalPrefix: (firstWild < 0 ? tokens : tokens.slice(0, firstWild)).map((token) => token.kind === "char" ? token.char : "").join(""),
		exact: firstWild < 0,
		matches: (arg) => matchTokens(tokens, [...arg])
	};
}
function tokenize(source) {
	const chars = [...source];
	const tokens = [];
	for (let i = 0; i < chars.length; i++) {
		const c = chars[i];
		if (c === "*") {
			if (tokens.at(-1)?.kind !== "star") tokens.push({ kind: "star" });
		} else if (c === "?") tokens.push({ kind: "any" });
		else if (c === "\\") tokens.push({
			kind: "char",
			char: chars[++i] ?? "\\"
		});
		else if (c === "[") {
			const end = closingBracket(chars, i);
			if (end < 0) {
				tokens.push({
					kind: "char",
					char: c
				});
				continue;
			}
			tokens.push(parseClass(chars.slice(i + 1, end)));
			i = end;
		} else tokens.push({
			kind: "char",
			char: c
		});
	}
	return tokens;
}
/** Index of the `]` closing the class opened at `open`; a `]` right after `[`, `[!` or `[^` is literal. */
function closingBracket(chars, open) {
	let i = open + 1;
	if (chars[i] === "!" || chars[i] === "^") i++;
	if (chars[i] === "]") i++;
	for (; i < chars.length; i++) if (chars[i] === "]") return i;
	return -1;
}
function parseClass(body) {
	const negated = body[0] === "!" || body[0] === "^";
	const chars = negated ? body.slice(1) : body;
	const ranges = [];
	for (let i = 0; i < chars.length; i++) {
		const from = chars[i];
		if (chars[i + 1] === "-" && i + 2 < chars.length) {
			ranges.push([from, chars[i + 2]]);
			i += 2;
		} else ranges.push([from, from]);
	}
	return {
		kind: "class",
		negated,
		ranges
	};
}
function matchOne(token, char) {
	if (token.kind === "any") return true;
	if (token.kind === "char") return token.char === char;
	if (token.kind === "class") return token.ranges.some(([from, to]) => from <= char && char <= to) !== token.negated;
	return false;
}
/** Wildcard matching with one backtrack point (the last `*`): O(tokens × chars). */
function matchTokens(tokens, chars) {
	let t = 0;
	let c = 0;
	let starToken = -1;
	let starChar = 0;
	while (c < chars.length) {
		const token = tokens[t];
		if (token?.kind === "star") {
			starToken = t++;
			starChar = c;
		} else if (token && matchOne(token, chars[c])) {
			t++;
			c++;
		} else if (starToken >= 0) {
			t = starToken + 1;
			c = ++starChar;
		} else return false;
	}
	while (tokens[t]?.kind === "star") t++;
	return t === tokens.length;
}
// src/tools/shell-sed-script.ts
/**
* Reads a sed script far enough to find the commands that write files (`w`, `W`, the `w` flag of
* `s`), read files (`r`, `R`) or run commands (`e`, the `e` flag of `s`). GNU sed syntax; anything
* this reader does not understand counts as risky, so a misreading can only refuse, never allow.
*/
const RISKY_COMMANDS = {
	w: "writes a file (sed \"w\" command)",
	W: "writes a file (sed \"W\" command)",
	r: "reads a file named in the script (sed \"r\" command)",
	R: "reads a file named in the script (sed \"R\" command)",
	e: "runs a command (sed \"e\" command)"
};
const PLAIN_COMMANDS = /* @__PURE__ */ new Set("=dDgGhHnNpPxzF{}");
const NUMBER_COMMANDS = /* @__PURE__ */ new Set("lLqQ");
const LABEL_COMMANDS = /* @__PURE__ */ new Set(":btTv");
const TEXT_COMMANDS = /* @__PURE__ */ new Set("aic");
const S_FLAGS = /[gpiImM0-9]/;
/** Why the sed `script` is risky, or undefined when it only reads its input and prints. */
function riskySedScript(script) {
	try {
		return new SedReader(script).firstRisk();
	} catch {
		return "is a sed script this check cannot read, so it may write files or run commands";
	}
}
var SedReader = class {
	s;
	i = 0;
	constructor(s) {
		this.s = s;
	}
	firstRisk() {
		for (;;) {
			this.skip(/[\s;]/);
			if (this.i >= this.s.length) return void 0;
			if (this.peek() === "#") {
				this.skipLine();
				continue;
			}
			this.address();
			this.skip(/[ \t]/);
			if (this.peek() === ",") {
				this.i++;
				this.skip(/[ \t]/);
				this.address();
			}
			this.skip(/[ \t!]/);
			const command = this.next();
			const risk = this.command(command);
			if (risk) return risk;
		}
	}
	command(command) {
		if (Object.hasOwn(RISKY_COMMANDS, command)) return RISKY_COMMANDS[command];
		if (PLAIN_COMMANDS.has(command)) return void 0;
		if (NUMBER_COMMANDS.has(command)) return this.skip(/[ \t0-9]/);
		if (LABEL_COMMANDS.has(command)) return this.skipUntil(/[;\n]/);
		if (TEXT_COMMANDS.has(command)) return this.skipText();
		if (command === "s") return this.substitute();
		if (command === "y") {
			const delimiter = this.delimiter();
			this.plain(delimiter);
			this.plain(delimiter);
			return;
		}
		throw new Error(`unknown sed command ${command}`);
	}
	substitute() {
		const delimiter = this.delimiter();
		this.regex(delimiter);
		this.plain(delimiter);
		for (;;) {
			const flag = this.peek();
			if (flag === "w") return "writes a file (the \"w\" flag of sed \"s\")";
			if (flag === "e") return "runs a command (the \"e\" flag of sed \"s\")";
			if (flag === void 0 || !S_FLAGS.test(flag)) return void 0;
			this.i++;
		}
	}
	/** An address: a line number, `$`, `first~step`, `+N`, `/regex/` or `\cregexc`, with `I`/`M` flags. */
	address() {
		const c = this.peek();
		if (c === "/" || c === "\\") {
			this.i++;
			this.regex(c === "/" ? "/" : this.next());
			this.skip(/[IM]/);
			return;
		}
		this.skip(/[0-9$~+]/);
	}
	delimiter() {
		const delimiter = this.next();
		if (delimiter === "\n" || delimiter === "\\") throw new Error("bad delimiter");
		return delimiter;
	}
	/** A regex up to the closing delimiter; bracket expressions may hold the delimiter literally. */
	regex(delimiter) {
		for (;;) {
			const c = this.next();
			if (c === "\\") this.next();
			else if (c === "[") this.bracket();
			else if (c === delimiter) return;
			else if (c === "\n") throw new Error("newline in regex");
		}
	}
	bracket() {
		if (this.peek() === "^") this.i++;
		if (this.peek() === "]") this.i++;
		for (;;) {
			const c = this.next();
			if (c === "]") return;
			if (c === "[" && /[:.=]/.test(this.peek() ?? "")) {
				const kind = this.next();
				const end = this.s.indexOf(`${kind}]`, this.i);
				if (end < 0) throw new Error("unterminated class");
				this.i = end + 2;
			}
		}
	}
	/** The replacement of `s` or a part of `y`: up to the delimiter, with backslash escapes. */
	plain(delimiter) {
		for (;;) {
			const c = this.next();
			if (c === "\\") this.next();
			else if (c === delimiter) return;
		}
	}
	/** `a text`, `a\` + lines: to the end of the line, continuing over lines that end with a backslash. */
	skipText() {
		while (this.i < this.s.length) {
			const c = this.next();
			if (c === "\\") this.next();
			else if (c === "\n") break;
		}
	}
	skipLine() {
		this.skipUntil(/\n/);
	}
	skipUntil(stop) {
		while (this.i < this.s.length && !stop.test(this.s[this.i])) this.i++;
	}
	skip(chars) {
		while (this.i < this.s.length && chars.test(this.s[this.i])) this.i++;
	}
	peek() {
		return this.s[this.i];
	}
	next() {
		const c = this.s[this.i++];
		if (c === void 0) throw new Error("unexpected end of script");
		return c;
	}
};
// src/tools/shell-options.ts
/**
* The table of arguments that make a common program write files or run other programs (SPEC §15).
* A pre-approved `shell` call may use one only when its rule names it (see `shell-rules.ts`).
* The table is data: one entry per program, read by the scanner in `shell-option-scan.ts`.
*/
const WRITES = "writes files";
const RUNS = "runs a program";
/** A git URL such as `ext::sh -c ...` or `fd::3` makes git run a remote helper program. */
function gitRemoteHelper(value) {
	return /^[A-Za-z][A-Za-z0-9+.-]*::/.test(value) ? "names a remote helper transport, which runs a program" : void 0;
}
/** awk programs can run commands (`system()`, `| getline`, `print | "cmd"`) and write files (`print > "f"`). */
function riskyAwkProgram(value) {
	if (/\bsystem\s*\(/.test(value)) return "calls system(), which runs a command";
	if (value.includes("|")) return "uses a pipe (\"|\"), which runs a command";
	if (value.includes(">")) return "uses \">\" (output redirection to a file, or a comparison; write \"<\" the other way round)";
	if (/\bgetline\b/.test(value)) return "uses getline, which reads files or runs commands";
}
/** GNU tar treats `host:file` as a remote archive and runs rsh/ssh to reach it. */
function remoteTarArchive(value) {
	return /^[^/]*:/.test(value) && !value.startsWith("-") ? "names a remote archive (HOST:FILE), which runs a remote shell program" : void 0;
}
const INTERPRETER_SCRIPT = "runs the script it names";
/**
* The table. Programs not listed here are governed by the rules alone; isolation (bubblewrap)
* is what bounds them.
*/
const PROGRAM_RISKS = [
	{
		programs: ["git"],
		globalOptions: {
			"-c": "sets configuration, which can name programs git runs",
			"--config-env": "sets configuration, which can name programs git runs",
			"--exec-path": "changes where git finds the programs it runs",
			"--git-dir": "points git at another repository and its configuration",
			"--work-tree": "points git at another working tree",
			"-C": "runs git in another directory, with that repository's configuration",
			"-p": "starts a pager program",
			"--paginate": "starts a pager program"
		},
		globalValueOptions: [
			"-c",
			"-C",
			"--git-dir",
			"--work-tree",
			"--namespace",
			"--config-env",
			"--super-prefix",
			"--attr-source"
		],
		options: {
			"--output": WRITES,
			"--ext-diff": "runs the external diff program named in the configuration",
			"--textconv": "runs the text conversion programs named in the configuration",
			"--upload-pack": RUNS,
			"--receive-pack": RUNS,
			"--exec": RUNS,
			"--open-files-in-pager": "starts a pager program",
			"--template": "copies hooks (programs git runs) from a template directory",
			"--config": "sets configuration, which can name programs git runs",
			"--separate-git-dir": WRITES
		},
		subcommandOptions: {
			"-o": [["format-patch", "archive"], WRITES],
			"-O": [["grep"], "starts a pager program"],
			"-u": [[
				"clone",
				"fetch",
				"pull",
				"ls-remote",
				"archive"
			], "names the upload-pack program to run"],
			"-x": [["rebase"], RUNS],
			"-c": [["clone"], "sets configuration, which can name programs git runs"]
		},
		subcommands: {
			config: "changes configuration, which can name programs git runs",
			difftool: RUNS,
			mergetool: RUNS,
			"filter-branch": RUNS,
			bisect: "can run a program (bisect run)",
			submodule: "runs commands configured per submodule",
			instaweb: "starts a web server"
		},
		operand: gitRemoteHelper
	},
	{
		programs: ["sort"],
		options: {
			"-o": WRITES,
			"--output": WRITES,
			"--compress-program": RUNS,
			"-T": "writes temporary files to the directory it names",
			"--temporary-directory": "writes temporary files to the directory it names"
		},
		valueOptions: [
			"-k",
			"-o",
			"-t",
			"-S",
			"-T",
			"--key",
			"--output",
			"--field-separator",
			"--buffer-size",
			"--temporary-directory",
			"--compress-program",
			"--files0-from",
			"--parallel",
			"--sort"
		]
	},
	{
		programs: ["find"],
		options: {
			"-exec": RUNS,
			"-execdir": RUNS,
			"-ok": RUNS,
			"-okdir": RUNS,
			"-delete": "deletes files",
			"-fprint": WRITES,
			"-fprint0": WRITES,
			"-fprintf": WRITES,
			"-fls": WRITES
		},
		ignoresDoubleDash: true
	},
	{
		programs: ["sed", "gsed"],
		options: {
			"-i": "edits files in place",
			"--in-place": "edits files in place",
			"-f": "reads its script from a file, which may write files or run commands",
			"--file": "reads its script from a file, which may write files or run commands"
		},
		valueOptions: [
			"-e",
			"-f",
			"-l",
			"--expression",
			"--file",
			"--line-length"
		],
		script: {
			options: ["-e", "--expression"],
			fileOptions: ["-f", "--file"],
			check: riskySedScript
		}
	},
	{
		programs: [
			"awk",
			"gawk",
			"mawk",
			"nawk",
			"busybox-awk"
		],
		options: {
			"-f": "reads its program from a file, which may write files or run commands",
			"--file": "reads its program from a file, which may write files or run commands",
			"-i": "includes a source file",
			"--include": "includes a source file",
			"-l": "loads a compiled extension",
			"--load": "loads a compiled extension",
			"-E": "reads its program from a file",
			"--exec": "reads its program from a file",
			"-o": WRITES,
			"--pretty-print": WRITES,
			"-p": WRITES,
			"--profile": WRITES,
			"-d": WRITES,
			"--dump-variables": WRITES,
			"-D": "starts the debugger",
			"--debug": "starts the debugger"
		},
		valueOptions: [
			"-f",
			"-F",
			"-v",
			"-i",
			"-l",
			"-E",
			"-e",
			"--file",
			"--field-separator",
			"--assign",
			"--include",
			"--load",
			"--exec",
			"--source"
		],
		script: {
			options: ["-e", "--source"],
			fileOptions: [
				"-f",
				"--file",
				"-E",
				"--exec"
			],
			check: riskyAwkProgram
		}
	},
	{
		programs: [
			"tar",
			"gtar",
			"bsdtar"
		],
		options: {
			"-x": "extracts (writes) files",
			"--extract": "extracts (writes) files",
			"--get": "extracts (writes) files",
			"-c": "creates an archive file",
			"--create": "creates an archive file",
			"-r": "appends to an archive file",
			"--append": "appends to an archive file",
			"-u": "updates an archive file",
			"--update": "updates an archive file",
			"-A": "appends to an archive file",
			"--catenate": "appends to an archive file",
			"--concatenate": "appends to an archive file",
			"--delete": "deletes from an archive file",
			"--remove-files": "deletes files",
			"-I": "runs a compression program",
			"--use-compress-program": "runs a compression program",
			"--to-command": RUNS,
			"--checkpoint-action": "runs a program at checkpoints",
			"-F": RUNS,
			"--info-script": RUNS,
			"--new-volume-script": RUNS,
			"--rsh-command": RUNS,
			"--rmt-command": RUNS,
			"-g": WRITES,
			"--listed-incremental": WRITES,
			"--index-file": WRITES
		},
		valueOptions: [
			"-f",
			"-C",
			"-I",
			"-F",
			"-g",
			"-b",
			"-K",
			"-L",
			"-N",
			"-T",
			"-V",
			"-X",
			"-H",
			"--file",
			"--directory",
			"--use-compress-program",
			"--info-script",
			"--new-volume-script",
			"--listed-incremental",
			"--to-command",
			"--exclude",
			"--files-from",
			"--format",
			"--transform",
			"--owner",
			"--group",
			"--mode",
			"--mtime"
		],
		bundledFirstArgument: true,
		operand: remoteTarArchive
	},
	{
		programs: ["rg", "ripgrep"],
		options: {
			"--pre": RUNS,
			"--hostname-bin": RUNS
		}
	},
	{
		programs: [
			"less",
			"more",
			"most"
		],
		options: {
			"-o": WRITES,
			"-O": WRITES,
			"--log-file": WRITES,
			"--LOG-FILE": WRITES,
			"-k": "reads key bindings (which can run commands)",
			"--lesskey-file": "reads key bindings (which can run commands)"
		},
		valueOptions: [
			"-b",
			"-h",
			"-j",
			"-k",
			"-o",
			"-O",
			"-p",
			"-P",
			"-t",
			"-T",
			"-x",
			"-y",
			"-z",
			"--log-file",
			"--LOG-FILE",
			"--lesskey-file",
			"--pattern",
			"--prompt",
			"--tag",
			"--tag-file"
		]
	},
	{
		programs: ["curl"],
		options: {
			"-o": WRITES,
			"--output": WRITES,
			"-O": WRITES,
			"--remote-name": WRITES,
			"--remote-name-all": WRITES,
			"--output-dir": WRITES,
			"-D": WRITES,
			"--dump-header": WRITES,
			"-c": WRITES,
			"--cookie-jar": WRITES,
			"--trace": WRITES,
			"--trace-ascii": WRITES,
			"--libcurl": WRITES,
			"--stderr": WRITES,
			"--etag-save": WRITES,
			"--hsts": WRITES,
			"--alt-svc": WRITES,
			"-K": "reads options from a file",
			"--config": "reads options from a file",
			"-T": "uploads a file",
			"--upload-file": "uploads a file"
		},
		valueOptions: [
			"-A",
			"-b",
			"-c",
			"-C",
			"-d",
			"-D",
			"-e",
			"-E",
			"-F",
			"-H",
			"-K",
			"-m",
			"-o",
			"-P",
			"-Q",
			"-r",
			"-T",
			"-u",
			"-U",
			"-w",
			"-x",
			"-X",
			"-y",
			"-Y",
			"-z",
			"--output",
			"--data",
			"--header",
			"--user-agent",
			"--user",
			"--request",
			"--cookie",
			"--cookie-jar",
			"--config",
			"--upload-file",
			"--dump-header",
			"--output-dir",
			"--trace",
			"--trace-ascii",
			"--stderr",
			"--form",
			"--proxy",
			"--max-time",
			"--referer"
		]
	},
	{
		programs: ["wget"],
		everyArgument: "downloads and writes files"
	},
	{
		programs: ["patch"],
		everyArgument: "changes the files the patch names"
	},
	{
		programs: ["tee"],
		everyArgument: "writes every file it names"
	},
	{
		programs: [
			"cp",
			"mv",
			"rm",
			"dd",
			"ln",
			"touch",
			"mkdir",
			"rmdir",
			"chmod",
			"chown",
			"chgrp",
			"truncate",
			"install",
			"shred",
			"unlink",
			"rsync",
			"split",
			"csplit",
			"gzip",
			"gunzip",
			"bzip2",
			"xz",
			"zip",
			"unzip"
		],
		everyArgument: "writes, moves or deletes the files it names"
	},
	{
		programs: [
			"xargs",
			"env",
			"nice",
			"nohup",
			"timeout",
			"setsid",
			"stdbuf",
			"time",
			"sudo",
			"su",
			"doas",
			"chroot",
			"unshare",
			"nsenter",
			"ionice",
			"taskset",
			"flock",
			"watch",
			"script",
			"strace",
			"ltrace",
			"parallel",
			"busybox",
			"make",
			"npx"
		],
		everyArgument: "runs the command given in its arguments"
	},
	{
		programs: [
			"sh",
			"bash",
			"dash",
			"zsh",
			"ksh",
			"mksh",
			"fish",
			"csh",
			"tcsh"
		],
		options: { "-c": "runs the command text it is given" },
		valueOptions: [
			"-c",
			"-o",
			"-O"
		],
		firstOperand: INTERPRETER_SCRIPT
	},
	{
		programs: [
			"python",
			"python3",
			"python2",
			"pypy",
			"pypy3"
		],
		options: {
			"-c": "runs the code it is given",
			"-m": "runs the module it names"
		},
		valueOptions: [
			"-c",
			"-m",
			"-W",
			"-X",
			"-Q"
		],
		firstOperand: INTERPRETER_SCRIPT
	},
	{
		programs: [
			"node",
			"nodejs",
			"deno",
			"bun"
		],
		options: {
			"-e": "runs the code it is given",
			"--eval": "runs the code it is given",
			"-p": "runs the code it is given",
			"--print": "runs the code it is given",
			"-r": "loads the module it names",
			"--require": "loads the module it names",
			"--import": "loads the module it names",
			"--loader": "loads the module it names",
			"--experimental-loader": "loads the module it names"
		},
		valueOptions: [
			"-e",
			"-p",
			"-r",
			"-C",
			"--eval",
			"--print",
			"--require",
			"--import",
			"--loader",
			"--experimental-loader",
			"--conditions"
		],
		firstOperand: INTERPRETER_SCRIPT
	},
	{
		programs: [
			"perl",
			"ruby",
			"php",
			"lua",
			"Rscript"
		],
		options: {
			"-e": "runs the code it is given",
			"-E": "runs the code it is given",
			"-r": "runs the code it is given",
			"-i": "edits files in place"
		},
		valueOptions: [
			"-e",
			"-E",
			"-r"
		],
		firstOperand: INTERPRETER_SCRIPT
	}
];
/** The table entry for argv[0] (matched on its last path component), if any. */
function programRisks(program) {
	const name = program.slice(program.lastIndexOf("/") + 1);
	return PROGRAM_RISKS.find((entry) => entry.programs.includes(name));
}
// src/tools/shell-option-scan.ts
/**
* Finds, in one argv, the arguments the table of `shell-options.ts` marks as writing files or
* running programs. Reads argv the way GNU getopt and git do: `--opt=value` and `--opt value`,
* abbreviated long options (`--out`), clustered short options (`-no`) with attached values, and
* `--` ending the options.
*/
/** Every risky argument of `argv`, in order. */
function findRiskyArguments(argv) {
	const risks = programRisks(argv[0] ?? "");
	return risks ? scan(risks, argv) : [];
}
function scan(risks, argv) {
	const found = [];
	const add = (index, name, option, why) => found.push({
		index,
		name,
		option,
		why
	});
	const checkOperand = (value, index) => {
		const why = risks.operand?.(value);
		if (why) add(index, value, false, why);
	};
	const checkScript = (value, index) => {
		const why = risks.script?.check(value);
		if (why) add(index, value, false, why);
	};
	let subcommand;
	let operands = 0;
	let optionsEnded = false;
	let scriptGiven = false;
	let pendingValue;
	for (let index = 1; index < argv.length; index++) {
		const arg = argv[index];
		if (risks.everyArgument) add(index, arg, false, risks.everyArgument);
		if (pendingValue) {
			if (pendingValue === "script") checkScript(arg, index);
			checkOperand(arg, index);
			pendingValue = void 0;
			continue;
		}
		if (!optionsEnded && arg === "--" && !risks.ignoresDoubleDash) {
			optionsEnded = true;
			continue;
		}
		const bundled = index === 1 && risks.bundledFirstArgument === true && !arg.startsWith("-");
		if (!optionsEnded && (bundled || arg.startsWith("-") && arg.length > 1)) {
			const global = risks.subcommands !== void 0 && subcommand === void 0;
			const options = {
				...risks.options,
				...global ? risks.globalOptions : subcommandOptions(risks, subcommand)
			};
			const word = bundled ? `-${arg}` : arg;
			for (const [name, why] of matchOptions(word, options, risks.valueOptions ?? [])) add(index, name, true, why);
			checkOperand(arg, index);
			const value = optionValue(word, risks.valueOptions ?? []);
			const isScript = value !== void 0 && (risks.script?.options.includes(value.option) ?? false);
			if (isScript || value !== void 0 && risks.script?.fileOptions.includes(value.option)) scriptGiven = true;
			if (value?.attached !== void 0) {
				if (isScript) checkScript(value.attached, index);
				checkOperand(value.attached, index);
			} else if (value || global && risks.globalValueOptions?.includes(arg)) pendingValue = isScript ? "script" : "value";
			continue;
		}
		operands++;
		if (operands === 1) {
			subcommand = arg;
			if (risks.firstOperand) add(index, arg, false, risks.firstOperand);
			if (risks.subcommands && Object.hasOwn(risks.subcommands, arg)) add(index, arg, false, risks.subcommands[arg]);
			if (!scriptGiven) checkScript(arg, index);
		}
		checkOperand(arg, index);
	}
	return found;
}
function subcommandOptions(risks, subcommand) {
	const options = {};
	for (const [name, [subcommands, why]] of Object.entries(risks.subcommandOptions ?? {})) if (subcommand !== void 0 && subcommands.includes(subcommand)) options[name] = why;
	return options;
}
/** Long option names `given` may stand for: itself, or those it abbreviates (GNU getopt and git accept any prefix). */
function longNames(given, names) {
	if (names.includes(given)) return [given];
	return given.length > 2 ? names.filter((name) => name.startsWith("--") && name.startsWith(given)) : [];
}
/** Which table options the word `arg` (starting with `-`) names. */
function matchOptions(arg, options, valueOptions) {
	if (Object.hasOwn(options, arg)) return [[arg, options[arg]]];
	if (arg.startsWith("--")) {
		const given = arg.split("=", 1)[0];
		return longNames(given, Object.keys(options)).map((name) => [name, options[name]]);
	}
	const found = [];
	for (const letter of arg.slice(1)) {
		const name = `-${letter}`;
		if (Object.hasOwn(options, name)) found.push([name, options[name]]);
		if (valueOptions.includes(name)) break;
	}
	return found;
}
/**
* The value-taking option `arg` holds, if any, with its attached value (`--expression=x`, `-ex`,
* `-nex`); without an attached value, the next word is the value.
*/
function optionValue(arg, valueOptions) {
	if (arg.startsWith("--")) {
		const eq = arg.indexOf("=");
		const [option] = longNames(eq < 0 ? arg : arg.slice(0, eq), valueOptions);
		if (option === void 0) return void 0;
		return eq < 0 ? { option } : {
			option,
			attached: arg.slice(eq + 1)
		};
	}
	for (let i = 1; i < arg.length; i++) {
		const option = `-${arg[i]}`;
		if (valueOptions.includes(option)) return i + 1 < arg.length ? {
			option,
			attached: arg.slice(i + 1)
		} : { option };
	}
}
// src/tools/shell-rules.ts
/**
* `shell` rules (SPEC §6, §15): which rule governs an argv, and whether a pre-approved call uses
* an argument that writes files or runs programs without its rule naming it. Pure: nothing here
* runs a process, so every check happens before approval is asked.
*/
const TOOL = "shell";
/** Compiles the toolset's rules. A rule without `approval` asks. */
function compileShellRules(rules) {
	return rules.map((rule) => ({
		words: rule.command.trim().split(/\s+/),
		args: rule.args === void 0 || rule.args === "any" ? rule.args : rule.args.map(compileArgPattern),
		approval: rule.approval ?? "ask"
	}));
}
/** `git log` as the user wrote it. */
function ruleCommand(rule) {
	return rule.words.join(" ");
}
/** A rule for the model: `git log (arguments matching --oneline, -[0-9]*)`, `git status (no arguments)`. */
function describeRule(rule) {
	if (rule.args === "any") return `${ruleCommand(rule)} (any arguments)`;
	if (rule.args === void 0) return `${ruleCommand(rule)} (no arguments)`;
	return `${ruleCommand(rule)} (arguments matching ${rule.args.map((pattern) => pattern.source).join(", ")})`;
}
/** The first further argument the rule does not allow, or undefined when it allows them all. */
function refusedArgument(rule, extra) {
	if (rule.args === "any" || rule.args === void 0 && rule.approval === "blocked") return void 0;
	const patterns = rule.args ?? [];
	return extra.find((arg) => !patterns.some((pattern) => pattern.matches(arg)));
}
/**
* The first rule whose words are a word-wise prefix of argv (`git log` matches `git log -5`, not
* `git logx`) and whose `args` allow the rest; otherwise `fallback`.
*/
function decideShellCommand(rules, fallback, argv) {
	let nearMiss;
	for (const rule of rules) {
		if (rule.words.length > argv.length || !rule.words.every((word, i) => argv[i] === word)) continue;
		const refused = refusedArgument(rule, argv.slice(rule.words.length));
		if (refused === void 0) return {
			approval: rule.approval,
			rule
		};
		nearMiss ??= {
			rule,
			arg: refused
		};
	}
	return nearMiss ? {
		approval: fallback,
		nearMiss
	} : { approval: fallback };
}
/**
* Whether the rule names a risky argument: the argument is part of its command, or an `args`
* pattern that matches it spells it out (`-o`, `--output=out.txt`) or begins with the option
* (`--output=*`, `-o*`). `args: any` names nothing.
*/
function namedByRule(rule, argv, risky) {
	if (risky.index < rule.words.length) return true;
	if (!Array.isArray(rule.args)) return false;
	const arg = argv[risky.index];
	return rule.args.some((pattern) => {
		if (!pattern.matches(arg)) return false;
		if (pattern.exact) return true;
		if (!risky.option) return false;
		const prefix = pattern.literalPrefix;
		if (risky.name.startsWith("--")) return prefix === risky.name || prefix.startsWith(`${risky.name}=`);
		return prefix.startsWith(risky.name);
	});
}
/**
* Refuses a pre-approved call that uses an argument writing files or running programs (the table
* in `shell-options.ts`) which its rule does not name. Calls that ask are shown to the person as
* they are, so they are not checked.
*/
function checkRiskyArguments(decision, argv) {
	const rule = decision.rule;
	if (decision.approval !== "preApproved" || !rule) return;
	const risky = findRiskyArguments(argv).find((found) => !namedByRule(rule, argv, found));
	if (!risky) return;
	const what = risky.option ? `option "${risky.name}"` : `argument "${risky.name}"`;
	const howToName = risky.option ? `name it in the rule's args (e.g. "${risky.name.startsWith("--") ? `${risky.name}=*` : risky.name}")` : "spell it out in the rule's args";
	throw new ToolError("risky-argument", TOOL, `${displayCommand(argv)}: the ${what} ${risky.why}, which the pre-approved rule "${ruleCommand(rule)}" does not allow; to allow it, ${howToName} or make the rule ask (approval: ask)`);
}
/** The error a blocked command gets: `command not allowed: rm -rf x; allowed: git log, ls`. */
function notAllowedError(rules, argv, decision) {
	const allowed = rules.filter((rule) => rule.approval !== "blocked").map(ruleCommand);
	let why = "";
	if (decision.rule) why = ` (blocked by rule "${ruleCommand(decision.rule)}")`;
	else if (decision.nearMiss) why = ` (${argumentsClause(decision.nearMiss.rule, decision.nearMiss.arg)})`;
	return new ToolError("not-allowed", TOOL, `command not allowed: ${displayCommand(argv)}${why}; allowed: ${allowed.length > 0 ? allowed.join(", ") : "none"}`);
}
function argumentsClause(rule, arg) {
	const patterns = Array.isArray(rule.args) ? rule.args : [];
	const allowed = patterns.length > 0 ? `only arguments matching ${patterns.map((pattern) => JSON.stringify(pattern.source)).join(", ")}` : "no further arguments";
	return `rule "${ruleCommand(rule)}" allows ${allowed}, not ${JSON.stringify(arg)}`;
}
const ShellArgs = strictObject({ command: string().min(1).describe("One command with its arguments, e.g. \"git log --oneline -5\". No pipes, redirects, variables or globs.") });
/** Linux only: bubblewrap needs Linux namespaces. */
async function defaultBwrapAvailable() {
	return process.platform === "linux" && await canRunBwrap();
}
/** `auto` → bubblewrap when it works here, else none; `bwrap` → bubblewrap or a clear error. */
async function resolveIsolation(setting, available) {
	if (setting === "none") return "none";
	if (await available()) return "bwrap";
	if (setting === "auto") return "none";
	throw new ToolError("isolation-unavailable", "shell", "toolsets.shell.isolation is bwrap, but bubblewrap cannot run here (install it, e.g. \"apt-get install bubblewrap\"; it needs Linux with user namespaces); or set isolation: auto or none");
}
/**
* bubblewrap's own failure, before the command ran (`bwrap: execvp nosuch: No such file or
* directory`, `bwrap: Can't mkdir /data: Read-only file system`), as a tool error; undefined when the
* result is the command's.
*/
function boxSetupError(result, program, layout) {
	if (result.exit_code !== 1 || result.stdout !== "" || !/^bwrap: [^\n]*\n?$/.test(result.stderr)) return void 0;
	if (result.stderr.startsWith(`bwrap: execvp ${program}: `)) return new ToolError("spawn-failed", "shell", `${program}: command not found`);
	const reason = hideHostPaths(result.stderr.trim(), layout);
	return new ToolError("spawn-failed", "shell", `could not set up the bubblewrap box (${reason}); a mount nested in a read-only mount needs a directory of its name there, or set toolsets.shell.isolation: none`);
}
/** The parsed, checked command and the rule decision; throws `ToolError` for anything refused. */
function assessCommand(rules, fallback, command) {
	const argv = parseShellCommand(command);
	const decision = decideShellCommand(rules, fallback, argv);
	if (decision.approval === "blocked") throw notAllowedError(rules, argv, decision);
	checkShellArguments(argv);
	checkRiskyArguments(decision, argv);
	return {
		argv,
		approval: decision.approval
	};
}
/**
* The `shell` toolset: one tool `shell(command)`. The first rule whose words prefix the command's
* argv and whose `args` allow the rest decides (`preApproved` runs, `ask` asks, `blocked` refuses);
* unmatched commands get `config.default` (`blocked` unless set to `ask`). A pre-approved call
* that uses an argument writing files or running programs (`shell-options.ts`) is refused unless
* its rule names it. The per-command rule is the tool's `callRule`: the toolset's `approval`
* config can make it stricter, never wider.
*
* @example
* createShellToolset({ rules: [{ command: 'git log', args: ['--oneline', '-[0-9]*'], approval: 'preApproved' }], cwd: '/repo' });
*/
function createShellToolset(config, internals = {}) {
	const rules = compileShellRules(config.rules ?? []);
	const fallback = config.default ?? "blocked";
	const limits = {
		timeoutMs: config.timeout_ms ?? 3e4,
		maxOutputBytes: config.max_output_bytes ?? 1e5
	};
	const bwrapAvailable = internals.bwrapAvailable ?? defaultBwrapAvailable;
	const listed = rules.filter((rule) => rule.approval !== "blocked").map(describeRule);
	const others = fallback === "ask" ? "Other commands need the user's approval." : "Other commands are refused.";
	async function run(argv, layout, signal) {
		const isolation = await resolveIsolation(config.isolation ?? "auto", bwrapAvailable);
		const env = commandEnvironment(isolation, config.env);
		const options = {
			...limits,
			env,
			signal,
			cwd: layout.cwd.host
		};
		if (isolation === "none") return runProcess(argv[0], argv.slice(1), options);
		const result = await runProcess("bwrap", bwrapArguments(layout, argv, { network: config.network === true }), options);
		const setupError = boxSetupError(result, argv[0], layout);
		if (setupError) throw setupError;
		return result;
	}
	return [{
		toolset: "shell",
		name: "shell",
		description: `Run one command (no shell: no pipes, redirects, variables, globs or command chaining) in the working directory and get its exit code, stdout and stderr. Allowed commands: ${listed.length > 0 ? listed.join("; ") : "none listed"}. ${others} Options that write files or run programs are refused unless a rule names them. Paths must be relative to the working directory. Times out after ${limits.timeoutMs} ms.`,
		inputSchema: ShellArgs,
		defaultRule: "preApproved",
		callRule: (args) => assessCommand(rules, fallback, args.command).approval,
		async execute(args, context) {
			const { argv } = assessCommand(rules, fallback, args.command);
			const layout = await planShellLayout(requireSandbox(context, "shell"), config.cwd);
			const result = await run(argv, layout, context.signal);
			return {
				...result,
				stdout: hideHostPaths(result.stdout, layout),
				stderr: hideHostPaths(result.stderr, layout)
			};
		}
	}];
}
// src/runtime/engine.ts
/**
* Runs `call` to its answer: text, or the validated JSON value of a `schema_out` worker. A call
* restored from a saved state starts with its step's tool calls when it stopped among them. Throws
* `CallPaused` when a tool call waits for a decision once every other one has finished.
*/
async function driveCall(live, call) {
	const workerId = live.worker.definition.id;
	for (;;) {
		if (call.toolCalls.length > 0) await runToolCalls(live, call);
		if (call.step >= call.stepLimit) throw new RunError("max-steps", workerId, `worker ${workerId} reached max_steps (${call.maxSteps}) without a final answer`);
		const step = await live.modelStep(call.messages, ++call.step);
		const sdkAnswers = step.responseMessages.at(-1)?.role === "tool" ? step.responseMessages.at(-1) : void 0;
		const said = sdkAnswers ? step.responseMessages.slice(0, -1) : step.responseMessages;
		call.messages.push(...said);
		call.toolCalls = stepToolCalls(said.at(-1), step.toolCalls, sdkAnswers);
		saveCheckpoint(live.ctx);
		if (call.toolCalls.length > 0) continue;
		if (!live.worker.schemaOut) return step.text;
		const parsed = parseStructured(live.worker, step.text);
		if (parsed.ok) return parsed.value;
		if (call.repaired) throw new RunError("invalid-output", workerId, `worker ${workerId} answered with invalid JSON twice: ${parsed.errors.join("; ")}`);
		call.repaired = true;
		call.stepLimit = call.step + call.maxSteps;
		call.messages.push({
			role: "user",
			content: `Your answer does not match the required JSON schema: ${parsed.errors.join("; ")}. Reply again with only the corrected JSON.`
		});
	}
}
/**
* Runs the step's unfinished tool calls concurrently, then answers the model in one tool message.
* A call left waiting for a decision does not stop its siblings: they run to the end first.
*/
async function runToolCalls(live, call) {
	await Promise.all(call.toolCalls.filter((toolCall) => toolCall.status !== "done").map((toolCall) => advance(live, call, toolCall)));
	if (call.toolCalls.some((toolCall) => toolCall.status !== "done")) {
		saveCheckpoint(live.ctx);
		throw new CallPaused();
	}
	call.messages.push({
		role: "tool",
		content: call.toolCalls.map((toolCall) => toolCall.answer)
	});
	call.toolCalls = [];
}
/**
* The step's tool calls in the order the model made them: those the engine runs, and those the SDK
* already answered (an undeclared tool, arguments that are not JSON).
*/
function stepToolCalls(assistant, toRun, sdkAnswers) {
	const calls = toRun.map((toolCall) => ({
		toolCallId: toolCall.toolCallId,
		tool: toolCall.toolName,
		args: toolCall.input,
		status: "new"
	}));
	for (const part of sdkAnswers?.content ?? []) if (part.type === "tool-result") calls.push({
		toolCallId: part.toolCallId,
		tool: part.toolName,
		args: void 0,
		status: "done",
		answer: part
	});
	const order = /* @__PURE__ */ new Map();
	if (assistant?.role === "assistant" && Array.isArray(assistant.content)) {
		for (const part of assistant.content) if (part.type === "tool-call") order.set(part.toolCallId, order.size);
	}
	const rank = (toolCall) => order.get(toolCall.toolCallId) ?? order.size;
	return calls.sort((a, b) => rank(a) - rank(b));
}
/**
* Takes one tool call as far as it can go: a saved worker call under it is resumed; a call that
* started before the run stopped runs again only if its tool is idempotent, and otherwise goes
* back to a decision, noted; the rest go through the gate (a pending one under its question's id).
*/
async function advance(live, call, toolCall) {
	const { toolCallId, tool: toolName } = toolCall;
	const tool = live.toolbox.get(toolName);
	if (!tool) throw new TypeError(`tool ${toolName} was declared to the model but is missing from the toolbox`);
	let outcome;
	try {
		const resumed = live.resumeChild(call, toolCall);
		if (resumed) outcome = await continueToolCall(live.ctx, {
			tool,
			toolCallId,
			caller: call.identity
		}, () => tool.resume(resumed));
		else {
			const again = toolCall.status !== "new";
			const unsure = toolCall.interrupted === true && !tool.idempotent;
			outcome = await runToolCall(live.ctx, {
				tool,
				args: toolCall.args,
				toolCallId,
				caller: call.identity,
				canPause: call.canPause,
				...again ? { again: true } : {},
				...toolCall.approval && !toolCall.interrupted ? { approvalId: toolCall.approval.approval_id } : {},
				...unsure ? { note: MAY_HAVE_RUN } : toolCall.approval?.note ? { note: toolCall.approval.note } : {},
				onAllowed: () => {
					toolCall.status = "running";
					delete toolCall.interrupted;
					if (!tool.idempotent) saveCheckpoint(live.ctx);
				}
			});
		}
	} catch (error) {
		if (!CallPaused.isInstance(error)) throw error;
		toolCall.status = "waiting";
		return;
	}
	if (!outcome.ok && outcome.pending) {
		toolCall.status = "pending";
		const note = toolCall.interrupted && !tool.idempotent ? MAY_HAVE_RUN : toolCall.approval?.note;
		toolCall.approval = {
			approval_id: outcome.pending.approvalId,
			toolset: tool.toolset,
			description: tool.description,
			...note ? { note } : {}
		};
		saveCheckpoint(live.ctx);
		return;
	}
	toolCall.status = "done";
	delete toolCall.approval;
	delete toolCall.interrupted;
	if (outcome.ok) {
		const output = outcome.output;
		toolCall.answer = {
			type: "tool-result",
			toolCallId,
			toolName,
			output: typeof output === "string" ? {
				type: "text",
				value: output
			} : {
				type: "json",
				value: output ?? null
			}
		};
	} else {
		toolCall.answer = {
			type: "tool-result",
			toolCallId,
			toolName,
			output: {
				type: "error-text",
				value: outcome.error
			}
		};
		if (outcome.denied) toolCall.denied = true;
	}
	saveCheckpoint(live.ctx);
}
/** The note on a call that started before its run stopped and whose tool is not idempotent. */
const MAY_HAVE_RUN = "may already have run";
/** Parses a structured answer, tolerating a Markdown code fence around the JSON. */
function parseStructured(worker, text) {
	const fenced = /^\s*```(?:json)?\s*\n([\s\S]*?)\n\s*```\s*$/.exec(text);
	let value;
	try {
		value = JSON.parse(fenced ? fenced[1] ?? "" : text);
	} catch {
		return {
			ok: false,
			errors: ["the answer is not JSON"]
		};
	}
	return validateWith(worker.schemaOut.zod, value);
}
// src/models/model-error.ts
/** Turns whatever a model request threw into the one-sentence error users see (SPEC §11). */
/** Provider messages are cut to this many characters: enough to read, short enough for one line. */
const MAX_ANSWER_LENGTH = 200;
/**
* Maps a failed model request to `ModelError` (`model M failed for worker W: HTTP 500: overloaded`)
* or, when the request was aborted (an `AbortError`, or `context.signal` fired), to `AbortedError`. The provider's own error message is read
* from the response body (OpenAI, Anthropic, Google and Ollama formats) and shortened. An
* `LlmDoError` of either kind passes through unchanged; the original error is the `cause`.
*/
function toModelError(error, context) {
	if (LlmDoError.isInstance(error) && (error.kind === "model" || error.kind === "aborted")) return error;
	const last = unwrapRetryError(error);
	if (context.signal?.aborted || isAbortError(last)) return new AbortedError();
	const answer = streamTimeoutIn(last)?.message ?? describeFailure(last);
	return new ModelError(context.worker, context.model, answer, `model ${context.model} failed for worker ${context.worker}: ${answer}`, { cause: error });
}
/** A silent stream, however deep the SDK wrapped it (stream error → APICallError → cause). */
function streamTimeoutIn(error) {
	for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) if (current instanceof StreamTimeoutError) return current;
}
/** The AI SDK wraps the last attempt in a RetryError when its own retries are on. */
function unwrapRetryError(error) {
	if (error instanceof Error && error.name === "AI_RetryError" && "lastError" in error) return error.lastError;
	return error;
}
function isAbortError(error) {
	if (!(error instanceof Error)) return false;
	if (error.name === "AbortError" || error.name === "ResponseAborted") return true;
	return error.cause instanceof Error && error.cause.name === "AbortError";
}
/** `HTTP 500: overloaded`, `cannot connect to URL: ECONNREFUSED`, or the error's own message. */
function describeFailure(error) {
	if (APICallError.isInstance(error)) {
		const providerMessage = messageFromBody(error.responseBody) ?? messageFromValue(error.data) ?? error.message;
		if (error.statusCode === void 0) return shorten(`cannot connect to ${error.url}: ${connectionReason(error.cause) ?? providerMessage}`);
		return `HTTP ${error.statusCode}: ${shorten(providerMessage)}`;
	}
	return shorten(messageFromValue(error) ?? String(error));
}
/** The message inside a provider's JSON error body, or the body itself when it is short plain text. */
function messageFromBody(body) {
	if (body === void 0 || body.trim() === "") return void 0;
	try {
		return messageFromValue(JSON.parse(body));
	} catch {
		return body.trimStart().startsWith("<") ? void 0 : body;
	}
}
/**
* `{error: {message}}` (OpenAI, Google, Anthropic's `{type:'error', error:{...}}`),
* `{error: "..."}` (Ollama), `{message}` / `{detail}`, or an Error.
*/
function messageFromValue(value) {
	if (typeof value === "string") return value;
	if (typeof value !== "object" || value === null) return void 0;
	const record = value;
	const nested = record.error;
	if (typeof nested === "string") return nested;
	if (typeof nested === "object" && nested !== null) {
		const inner = messageFromValue(nested);
		if (inner !== void 0) return inner;
	}
	for (const key of ["message", "detail"]) if (typeof record[key] === "string" && record[key] !== "") return record[key];
}
function connectionReason(cause) {
	const code = (cause instanceof Error && cause.cause !== void 0 ? cause.cause : cause)?.code;
	return typeof code === "string" ? code : void 0;
}
/** One line, at most {@link MAX_ANSWER_LENGTH} characters. */
function shorten(text) {
	const line = text.replace(/\s+/g, " ").trim();
	return line.length <= MAX_ANSWER_LENGTH ? line : `${line.slice(0, 199)}…`;
}
// src/runtime/metered-step.ts
/** The step's middleware: a plain request, or (with `stream`) a streamed one turned into the same result. */
function meteredStep(meter, stream) {
	return {
		specificationVersion: "v3",
		async wrapGenerate({ doGenerate, doStream, params }) {
			meter.onRequest(params);
			if (!stream) {
				const result = await doGenerate();
				meter.onUsage(result.usage);
				return result;
			}
			const { stream: parts, request, response } = await doStream();
			const gathered = gatherParts(meter);
			const reader = parts.getReader();
			try {
				for (;;) {
					const { done, value } = await reader.read();
					if (done) break;
					gathered.add(value);
				}
			} finally {
				gathered.flushText();
				reader.releaseLock();
			}
			return gathered.result({
				...request ? { request } : {},
				...response ? { response } : {}
			});
		}
	};
}
function gatherParts(meter) {
	const content = [];
	const open = /* @__PURE__ */ new Map();
	const warnings = [];
	let metadata = {};
	let finish;
	let held = "";
	let timer;
	const flushText = () => {
		if (timer !== void 0) clearTimeout(timer);
		timer = void 0;
		if (held === "") return;
		const text = held;
		held = "";
		meter.onTextDelta?.(text);
	};
	const started = (type, id, providerMetadata) => {
		const part = {
			type,
			text: "",
			...providerMetadata ? { providerMetadata } : {}
		};
		open.set(`${type}:${id}`, part);
		content.push(part);
		return part;
	};
	const grown = (type, id, delta) => {
		(open.get(`${type}:${id}`) ?? started(type, id, void 0)).text += delta;
	};
	return {
		flushText,
		add(part) {
			if (part.type === "text-delta") {
				grown("text", part.id, part.delta);
				held += part.delta;
				timer ??= setTimeout(flushText, 0);
				return;
			}
			flushText();
			switch (part.type) {
				case "text-start":
				case "reasoning-start":
					started(part.type === "text-start" ? "text" : "reasoning", part.id, part.providerMetadata);
					return;
				case "reasoning-delta":
					grown("reasoning", part.id, part.delta);
					return;
				case "tool-call":
				case "tool-result":
				case "tool-approval-request":
				case "file":
				case "source":
					content.push(part);
					return;
				case "stream-start":
					warnings.push(...part.warnings);
					return;
				case "response-metadata": {
					const { type: _type, ...rest } = part;
					metadata = {
						...metadata,
						...rest
					};
					return;
				}
				case "finish":
					finish = part;
					meter.onUsage(part.usage);
					return;
				case "error": throw part.error;
				default: return;
			}
		},
		result(envelope) {
			if (!finish) throw new Error("the model stream ended without a finish part");
			return {
				content: content.filter((part) => !((part.type === "text" || part.type === "reasoning") && part.text === "" && !part.providerMetadata)),
				finishReason: finish.finishReason,
				usage: finish.usage,
				...finish.providerMetadata ? { providerMetadata: finish.providerMetadata } : {},
				...envelope.request ? { request: envelope.request } : {},
				response: {
					...metadata,
					...envelope.response
				},
				warnings
			};
		}
	};
}
// src/runtime/prompt-prefix.ts
function createPromptPrefix() {
	let converted = [];
	let convertedCount = 0;
	let lastRequest = [];
	return {
		unsent: (messages) => messages.slice(convertedCount),
		middleware: {
			specificationVersion: "v3",
			transformParams: async ({ params }) => {
				const system = leadingSystem(params.prompt);
				const added = params.prompt.slice(system.length);
				lastRequest = [...converted, ...added];
				return {
					...params,
					prompt: [...system, ...lastRequest]
				};
			}
		},
		commit(count) {
			converted = lastRequest;
			convertedCount = count;
		}
	};
}
/** The system messages the SDK puts first (from the `system` setting). */
function leadingSystem(prompt) {
	let end = 0;
	while (end < prompt.length && prompt[end]?.role === "system") end++;
	return prompt.slice(0, end);
}
// src/runtime/model-step.ts
/**
* One model step of a worker call over the AI SDK: one request (streamed or not), its events
* (`model_request`, `model_prompt`, `text_delta`, `model_step`, `usage`) and what the model answered.
* Tools are declared without `execute`, so the SDK never runs them: the engine does (`engine.ts`).
* Retries live in the models layer's fetch, so the SDK's own retries are off.
*/
/**
* Asks the provider for JSON matching `schema` without letting the SDK parse it: we validate the
* answer ourselves so an invalid one can be sent back once with the errors (SPEC §5).
*/
function jsonAnswerFormat(schema) {
	return {
		name: "object",
		responseFormat: Promise.resolve({
			type: "json",
			schema,
			name: "answer"
		}),
		parseCompleteOutput: async ({ text }) => text,
		parsePartialOutput: async ({ text }) => ({ partial: text }),
		createElementStreamTransform: () => void 0
	};
}
/** The model steps of one call: they share its prompt recorder (each prompt a delta of the last) and its request signal. */
function createModelStepper(options) {
	const { ctx, worker, identity, system, tools, outputSchema } = options;
	const workerId = worker.definition.id;
	const emit = emitterFor(ctx, identity);
	const { now, usage } = ctx.services;
	const systemSha256 = sha256Hex(system);
	const toolNames = Object.keys(tools);
	const abortSignal = AbortSignal.any([ctx.signal]);
	ctx.state.requests.set(abortSignal, {
		...identity,
		model: worker.modelId
	});
	const describePrompt = createPromptRecorder();
	let stepNumber = 0;
	let responseUsage;
	const prefix = createPromptPrefix();
	const metered = meteredStep({
		onRequest: (request) => emit({
			type: "model_prompt",
			model: worker.modelId,
			step: stepNumber,
			...describePrompt(request)
		}),
		onUsage: (reported) => {
			responseUsage = usage.add(workerId, worker.modelId, reported);
		},
		onTextDelta: (text) => emit({
			type: "text_delta",
			text
		})
	}, ctx.config.stream);
	const model = wrapLanguageModel({
		model: worker.model,
		middleware: [prefix.middleware, metered]
	});
	const reportUsage = () => {
		if (responseUsage) emit({
			type: "usage",
			model: worker.modelId,
			...responseUsage
		});
		responseUsage = void 0;
	};
	return async (messages, step) => {
		stepNumber = step;
		const started = now();
		emit({
			type: "model_request",
			model: worker.modelId,
			step,
			system_sha256: await systemSha256,
			message_count: messages.length,
			tools: toolNames
		});
		try {
			const answer = await generateText({
				model,
				system,
				messages: prefix.unsent(messages),
				tools,
				maxRetries: 0,
				abortSignal,
				providerOptions: { "llm-do": { worker: workerId } },
				...outputSchema ? { output: jsonAnswerFormat(outputSchema) } : {}
			});
			prefix.commit(messages.length);
			emit({
				type: "model_step",
				model: worker.modelId,
				step,
				finish_reason: answer.finishReason,
				text: answer.text,
				tool_calls: answer.toolCalls.length,
				input_tokens: answer.usage.inputTokens ?? 0,
				output_tokens: answer.usage.outputTokens ?? 0,
				duration_ms: now() - started
			});
			return {
				text: answer.text,
				finishReason: answer.finishReason,
				toolCalls: answer.toolCalls.filter((call) => !call.invalid && !call.providerExecuted),
				responseMessages: answer.response.messages
			};
		} catch (error) {
			if (LlmDoError.isInstance(error)) throw error;
			throw toModelError(error, {
				worker: workerId,
				model: worker.modelId,
				signal: ctx.signal
			});
		} finally {
			reportUsage();
		}
	};
}
// src/runtime/execute-worker.ts
const DEFAULT_MAX_STEPS = 25;
async function executeWorker(ctx, call) {
	if (ctx.signal.aborted) throw new AbortedError();
	const { worker, identity } = call;
	const { definition } = worker;
	const { project } = ctx.config;
	const config = definition.config;
	const history = call.history ?? [];
	const maxSteps = config.max_steps ?? 25;
	const userMessage = {
		role: "user",
		content: [{
			type: "text",
			text: call.extraInstructions ? `${call.input.text}\n\nInstructions from the caller:\n${call.extraInstructions}` : call.input.text
		}, ...call.attachments]
	};
	return runCall(ctx, worker, {
		identity,
		parentToolCallId: call.parentToolCallId,
		depth: identity.chain.length - 1,
		workerSha256: await workerFingerprint(definition),
		system: await worker.renderer.render(definition.instructions, templateVariablesOf(worker, call.input, project.name), definition.instructionsFile, { lineOffset: definition.instructionsLineOffset }),
		restrictions: [...call.restrictions, {
			restrict: config.sandbox?.restrict,
			readonly: config.sandbox?.readonly
		}],
		messages: [...history, userMessage],
		historyLength: history.length,
		maxSteps,
		step: 0,
		stepLimit: maxSteps,
		repaired: false,
		toolCalls: [],
		canPause: (ctx.state.active.get(identity.parent_call_id ?? "")?.canPause ?? true) && !call.parentToolCallId?.includes("/")
	});
}
/** Goes on with a call restored from a saved state (`resume-run.ts`), its worker prepared again. */
async function resumeCall(ctx, state, worker) {
	if (ctx.signal.aborted) throw new AbortedError();
	return runCall(ctx, worker, state);
}
/**
* Builds the live side of a call (sandbox, gated tools, model steps) around its state and lets the
* engine drive it. A paused call stays in the run's active calls, so checkpoints keep saving it.
*/
async function runCall(ctx, worker, state) {
	const { identity } = state;
	const { definition } = worker;
	const { project } = ctx.config;
	ctx.state.calls.set(identity.call_id, identity);
	const sandbox = needsSandbox(worker) ? buildSandbox(ctx, worker, state.restrictions) : void 0;
	const caller = {
		worker,
		identity,
		restrictions: state.restrictions,
		sandbox
	};
	const runCallee = (calleeCall) => executeWorker(ctx, calleeCall);
	const tools = await collectTools(ctx, caller, runCallee);
	const toolbox = createToolbox({
		tools: tools.map((tool) => trackedTool(ctx, caller, tool, () => toolbox)),
		ruleFor: (tool) => explainApprovalRule({
			toolName: tool.name,
			worker: enabledToolset(definition.ownToolsets, tool.toolset)?.approval,
			manifest: enabledToolset(project.manifest?.toolsets, tool.toolset)?.approval,
			toolDefault: toolDefaultRule(tool)
		}),
		controller: ctx.services.approvals,
		context: createCustomToolsContext(ctx, caller, () => toolbox)
	});
	const modelStep = createModelStepper({
		ctx,
		worker,
		identity,
		system: state.system,
		tools: toolDeclarations(toolbox),
		outputSchema: worker.schemaOut?.jsonSchema
	});
	ctx.state.active.set(identity.call_id, state);
	let paused = false;
	try {
		return {
			output: await driveCall({
				ctx,
				worker,
				toolbox,
				modelStep,
				resumeChild: (call, toolCall) => savedChild(ctx, call, toolCall)
			}, state),
			messages: state.messages.slice(state.historyLength)
		};
	} catch (error) {
		paused = CallPaused.isInstance(error);
		throw error;
	} finally {
		if (!paused) ctx.state.active.delete(identity.call_id);
	}
}
/** The rest of the delegation whose callee was saved under `toolCall` of `call`, if one was. */
function savedChild(ctx, call, toolCall) {
	const child = [...ctx.state.active.values()].find((candidate) => candidate.identity.parent_call_id === call.identity.call_id && candidate.parentToolCallId === toolCall.toolCallId);
	if (!child) return void 0;
	return () => delegated(ctx, child.identity, toolCall.toolCallId, async () => resumeCall(ctx, child, await prepareWorker(ctx, await ctx.config.project.resolveWorker(child.identity.worker))));
}
function needsSandbox(worker) {
	const toolsets = worker.definition.config.toolsets;
	return [
		"filesystem",
		"shell",
		"workers",
		"custom"
	].some((name) => enabledToolset(toolsets, name) !== void 0);
}
function buildSandbox(ctx, worker, restrictions) {
	const mounts = resolveMounts({
		projectRoot: ctx.config.project.root,
		config: worker.definition.config.sandbox,
		grants: [...ctx.config.grants],
		displayPath: worker.definition.displayPath,
		fallback: "project-root-ro"
	});
	return createSandbox({
		fs: ctx.config.project.fs,
		mounts,
		restrictions,
		signal: ctx.signal,
		protectedPaths: projectConfigPaths(ctx.config.project)
	});
}
async function collectTools(ctx, caller, runCallee) {
	const toolsets = caller.worker.definition.config.toolsets;
	const filesystem = enabledToolset(toolsets, "filesystem");
	const shell = enabledToolset(toolsets, "shell");
	const workers = enabledToolset(toolsets, "workers");
	return [
		...filesystem ? createFilesystemToolset(filesystem, { writable: caller.sandbox?.describe().some((mount) => mount.mode === "rw") ?? false }) : [],
		...shell ? createShellToolset(shell) : [],
		...caller.worker.customTools,
		...workers ? await createDelegationTools(ctx, caller, runCallee) : []
	];
}
// src/runtime/settle-run.ts
/**
* How a run (or chat turn) waits for its entry call: until it settles or the run is aborted, and then
* until every branch has wound down, so that `run_end` is the last event and its usage the final one.
*/
/** Awaits the entry call `work` of `root`, then drains the run's branches; names what it gave up on in a `warning`. */
async function settleRun(ctx, root, work) {
	const { branches } = ctx.state;
	let settled;
	try {
		settled = {
			ok: true,
			value: await untilAborted(branches.track(root.worker, work), ctx.signal)
		};
	} catch (caught) {
		settled = {
			ok: false,
			caught
		};
	}
	const givenUp = await branches.drain(DRAIN_GRACE_MS);
	if (givenUp.length > 0) ctx.services.emit({
		...root,
		type: "warning",
		message: `stopped waiting for ${givenUp.join(", ")}: still running ${DRAIN_GRACE_MS / 1e3} s after the run was interrupted (it ignores the abort signal); what it does from now on is not recorded`
	});
	return settled;
}
// src/runtime/run-worker.ts
/**
* Runs a worker.
* @example
* const project = await loadProject('examples/greeter');
* const { result } = runWorker({ project, input: 'hi', model: 'test' });
* console.log((await result).output);
*/
function runWorker(options) {
	const { bus, events } = openRunBus(options);
	return {
		events,
		result: execute(options, bus)
	};
}
async function execute(options, bus) {
	const { project } = options;
	const scope = createRunScope(options, bus);
	const { ctx } = scope;
	const { emit } = ctx.services;
	const workerId = options.entry ?? project.entryId;
	const root = {
		run_id: ctx.config.runId,
		call_id: nextCallId(ctx.state),
		parent_call_id: null,
		worker: workerId,
		chain: [workerId]
	};
	return finishRun(scope, bus, root, async () => {
		const entry = applyOverrides(await project.resolveWorker(workerId), options.set ?? []);
		root.worker = entry.id;
		root.chain = [entry.id];
		const prepared = await preflight(ctx, entry);
		const input = prepareInput(prepared, options.input);
		const attachments = await readUserAttachments(ctx, entry.config.attachment_policy, entry.id, options.attachments ?? []);
		emit({
			...root,
			type: "run_start",
			model: prepared.modelId,
			input: input.value
		});
		return executeWorker(ctx, {
			worker: prepared,
			input,
			extraInstructions: void 0,
			attachments,
			identity: root,
			parentToolCallId: null,
			restrictions: []
		});
	});
}
/**
* Runs the root call `run` of a run (started or resumed) and ends the run: `run_end` with its
* status, and the result. A run that paused reports what waits for a decision, and its state.
*/
async function finishRun(scope, bus, root, run) {
	const { ctx } = scope;
	const { emit, usage, now } = ctx.services;
	const started = now();
	try {
		const settled = await settleRun(ctx, root, run());
		const summary = usage.summary();
		const duration_ms = now() - started;
		const denied_calls = ctx.state.deniedCalls;
		const worker = root.worker;
		if (settled.ok) {
			const { output } = settled.value;
			emit({
				...root,
				type: "run_end",
				status: "ok",
				output,
				usage: summary,
				duration_ms
			});
			return {
				worker,
				status: "ok",
				output,
				usage: summary,
				denied_calls,
				duration_ms
			};
		}
		if (CallPaused.isInstance(settled.caught) && !ctx.signal.aborted) {
			const state = snapshotRun(ctx);
			const pending = pendingApprovals(state);
			emit({
				...root,
				type: "run_paused",
				pending
			});
			emit({
				...root,
				type: "run_end",
				status: "paused",
				usage: summary,
				duration_ms
			});
			return {
				worker,
				status: "paused",
				state,
				pending,
				usage: summary,
				denied_calls,
				duration_ms
			};
		}
		const error = scope.failure(settled.caught);
		const status = endStatus(error);
		emit({
			...root,
			type: "run_end",
			status,
			error: error.message,
			usage: summary,
			duration_ms
		});
		return {
			worker,
			status,
			error,
			usage: summary,
			denied_calls,
			duration_ms
		};
	} finally {
		bus.close();
		scope.dispose();
	}
}
/** An interrupt (the caller's signal, Ctrl-C) is not a failure of the run. */
function endStatus(error) {
	return AbortedError.isInstance(error) ? "interrupted" : "error";
}
/**
* Files given on the command line, checked against the entry's policy before reading and turned into
* message parts. Refusals are input errors found before any request (exit 2), named after `--attach`.
*/
async function readUserAttachments(ctx, policy, workerId, paths) {
	if (paths.length === 0) return [];
	const { fs } = ctx.config.project;
	try {
		await checkAttachments(paths, [{
			owner: `worker ${workerId}`,
			policy
		}], async (path) => {
			const stat = await fs.stat(path);
			if (!stat || stat.kind !== "file") throw new ProjectError("file-not-found", `--attach ${path}: no such file`);
			return stat.size;
		}, [workerId]);
		return attachmentParts(await Promise.all(paths.map(async (path) => ({
			name: path.slice(path.lastIndexOf("/") + 1),
			data: await fs.readFile(path)
		}))), [workerId]);
	} catch (error) {
		if (DelegationError.isInstance(error)) throw new ProjectError("invalid-input", `--attach: ${error.message}`, { field: "attachment_policy" });
		throw error;
	}
}
export { DEFAULT_MAX_STEPS as a, DEFAULT_MAX_DEPTH as c, openRunBus as d, nextCallId as f, settleRun as i, createRunScope as l, prepareInput as m, finishRun as n, executeWorker as o, preflight as p, runWorker as r, resumeCall as s, endStatus as t, createTurnScope as u };
