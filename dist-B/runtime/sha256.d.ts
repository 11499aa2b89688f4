/** SHA-256 as hex, with Web Crypto rather than `node:crypto`, so the runtime stays portable (SPEC §22). */
export declare function sha256Hex(text: string): Promise<string>;
