/** Reads all of stdin as UTF-8 (an empty stdin is an empty string). */
export declare function readStdin(stdin: NodeJS.ReadableStream): Promise<string>;
