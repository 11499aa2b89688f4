/**
 * Attachments: files a caller hands to a worker. They are checked against the caller's sandbox and
 * every applicable attachment policy before any byte is sent, then become file parts (PDF, images)
 * or text parts of the worker's user message. The size limit is checked twice: on the names first
 * (a clear refusal before anything is opened), then on the files as opened and read, so a file
 * swapped or grown after the first check cannot slip past it.
 */
import type { FilePart, TextPart } from 'ai';
import { DelegationError } from '../errors.ts';
import type { AttachmentPolicy } from '../worker-file/schema.ts';

export const DEFAULT_MAX_ATTACHMENTS = 4;
export const DEFAULT_MAX_TOTAL_BYTES = 10 * 1024 * 1024;

/** A file read for attaching: `name` is what the model sees (a virtual path, or the file name). */
export interface Attachment {
  name: string;
  data: Uint8Array;
}

const BINARY_MEDIA_TYPES: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
};

function suffixOf(name: string): string {
  const base = name.slice(name.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot).toLowerCase() : '';
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
export async function checkAttachments(
  names: readonly string[],
  policies: readonly NamedPolicy[],
  sizeOf: (name: string) => Promise<number>,
  chain: readonly string[],
): Promise<void> {
  const refuse = (message: string): never => {
    throw new DelegationError('attachment', chain, message);
  };
  for (const { owner, policy } of policies) {
    const max = policy?.max_attachments ?? DEFAULT_MAX_ATTACHMENTS;
    if (names.length > max) refuse(`${names.length} attachments exceed the limit of ${max} set by ${owner}`);
    for (const name of names) {
      const suffix = suffixOf(name);
      const allowed = policy?.allowed_suffixes?.map((s) => s.toLowerCase());
      const denied = policy?.denied_suffixes?.map((s) => s.toLowerCase());
      if (allowed && !allowed.includes(suffix)) {
        refuse(`attachment ${name} has suffix "${suffix || '(none)'}", not allowed by ${owner} (allowed: ${allowed.join(', ')})`);
      }
      if (denied?.includes(suffix)) refuse(`attachment ${name} has suffix "${suffix}", denied by ${owner}`);
    }
  }
  let total = 0;
  for (const name of names) total += await sizeOf(name);
  for (const { owner, policy } of policies) {
    const max = policy?.max_total_bytes ?? DEFAULT_MAX_TOTAL_BYTES;
    if (total > max) refuse(`attachments total ${total} bytes, over the limit of ${max} bytes set by ${owner}`);
  }
}

/**
 * Reads the attachments after {@link checkAttachments}, holding them to the tightest
 * `max_total_bytes` once more: `read(name, maxBytes)` must refuse a file larger than `maxBytes`,
 * judged on the file it opened.
 */
export async function readAttachmentFiles(
  names: readonly string[],
  policies: readonly NamedPolicy[],
  read: (name: string, maxBytes: number) => Promise<Uint8Array>,
): Promise<Attachment[]> {
  let left = Math.min(...policies.map(({ policy }) => policy?.max_total_bytes ?? DEFAULT_MAX_TOTAL_BYTES));
  const attachments: Attachment[] = [];
  for (const name of names) {
    const data = await read(name, left);
    left -= data.length;
    attachments.push({ name, data });
  }
  return attachments;
}

/** Message parts for the attachments: PDFs and images as file parts, anything else as UTF-8 text. */
export function attachmentParts(attachments: readonly Attachment[], chain: readonly string[]): (FilePart | TextPart)[] {
  return attachments.map((attachment) => {
    const mediaType = BINARY_MEDIA_TYPES[suffixOf(attachment.name)];
    if (mediaType) {
      return { type: 'file', data: attachment.data, mediaType, filename: attachment.name.slice(attachment.name.lastIndexOf('/') + 1) };
    }
    if (attachment.data.includes(0)) {
      throw new DelegationError('attachment', chain, `attachment ${attachment.name} is binary and not a PDF or image, so no model can read it`);
    }
    const text = new TextDecoder().decode(attachment.data);
    return { type: 'text', text: `Attached file ${attachment.name}:\n\n${text}` };
  });
}
