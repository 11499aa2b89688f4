/**
 * Run ids are UUIDv7 (RFC 9562): 48 bits of Unix milliseconds, then random bits, so ids sort by start
 * time (what a run store lists by). Node 20's `crypto.randomUUID` makes only v4, hence this.
 */
export declare function uuidv7(now?: number): string;
