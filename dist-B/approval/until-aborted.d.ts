/**
 * Resolves like `promise`, or rejects with `AbortedError` as soon as `signal` aborts. It stops the
 * waiting, not the work: the runtime waits for that separately before a run ends (runtime/branches.ts).
 */
export declare function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T>;
