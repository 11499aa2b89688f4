/**
 * Attachments: files a caller hands to a worker. They are checked against the caller's sandbox and
 * every applicable attachment policy before any byte is sent, then become file parts (PDF, images)
 * or text parts of the worker's user message. The size limit is checked twice: on the names first
 * (a clear refusal before anything is opened), then on the files as opened and read, so a file
 * swapped or grown after the first check cannot slip past it.
 */
import type { FilePart, TextPart } from 'ai';
import type { AttachmentPolicy } from '../worker/schema.ts';
export declare const DEFAULT_MAX_ATTACHMENTS = 4;
export declare const DEFAULT_MAX_TOTAL_BYTES: number;
/** A file read for attaching: `name` is what the model sees (a virtual path, or the file name). */
export interface Attachment {
    name: string;
    data: Uint8Array;
}
/** A named policy, so refusals can say whose rule refused. */
export interface NamedPolicy {
    owner: string;
    policy: AttachmentPolicy | undefined;
}
/**
 * Checks count, suffixes and sizes against every policy before reading.
 * `sizeOf` gives a file's size without reading it; `chain` is for the error.
 */
export declare function checkAttachments(names: readonly string[], policies: readonly NamedPolicy[], sizeOf: (name: string) => Promise<number>, chain: readonly string[]): Promise<void>;
/**
 * Reads the attachments after {@link checkAttachments}, holding them to the tightest
 * `max_total_bytes` once more: `read(name, maxBytes)` must refuse a file larger than `maxBytes`,
 * judged on the file it opened.
 */
export declare function readAttachmentFiles(names: readonly string[], policies: readonly NamedPolicy[], read: (name: string, maxBytes: number) => Promise<Uint8Array>): Promise<Attachment[]>;
/** Message parts for the attachments: PDFs and images as file parts, anything else as UTF-8 text. */
export declare function attachmentParts(attachments: readonly Attachment[], chain: readonly string[]): (FilePart | TextPart)[];
