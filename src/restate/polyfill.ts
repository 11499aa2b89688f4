/**
 * `Promise.withResolvers` for Node 20: the Restate SDK (1.17) calls it, and Node has it only from 22.
 * Imported before the SDK is loaded.
 */
const promise = Promise as unknown as { withResolvers?: <T>() => { promise: Promise<T>; resolve: (value: T) => void; reject: (reason?: unknown) => void } };
promise.withResolvers ??= <T>() => {
  let resolve!: (value: T) => void;
  let reject!: (reason?: unknown) => void;
  const made = new Promise<T>((done, fail) => {
    resolve = done;
    reject = fail;
  });
  return { promise: made, resolve, reject };
};
