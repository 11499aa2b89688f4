// Symbol.for: a tool module gets llm-do through the module loader, which may be another copy of
// this file; the registry-wide symbol still recognizes what it made.
const DEFINED_TOOL = Symbol.for('llm-do.defined-tool');
export function defineTool(spec) {
    return Object.freeze({ ...spec, [DEFINED_TOOL]: true });
}
/** True for a value made by `defineTool` (from any copy of llm-do). */
export function isDefinedTool(value) {
    return typeof value === 'object' && value !== null && value[DEFINED_TOOL] === true;
}
