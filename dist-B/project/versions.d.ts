/** Library specs (`utils`, `legal@2.0`) and version ordering. */
/** A parsed dependency spec. */
export interface DependencySpec {
    name: string;
    /** Absent = any version (the highest installed). */
    version?: string;
}
/** `legal@2.0` → `{ name: 'legal', version: '2.0' }`. */
export declare function parseDependencySpec(spec: string): DependencySpec;
/** `name` or `name@version`. */
export declare function formatSpec(spec: DependencySpec): string;
/** True when `installed` satisfies `wanted`: equal, or `wanted` is a prefix of whole components (`2.0` accepts `2.0.3`). */
export declare function versionMatches(installed: string, wanted: string): boolean;
/** Orders versions component by component, numerically where both components are numbers. */
export declare function compareVersions(a: string, b: string): number;
