import { DelegationError } from "../errors.js";
export const DEFAULT_MAX_ATTACHMENTS = 4;
export const DEFAULT_MAX_TOTAL_BYTES = 10 * 1024 * 1024;
const BINARY_MEDIA_TYPES = {
    '.pdf': 'application/pdf',
    '.png': 'image/png',
    '.jpg': 'image/jpeg',
    '.jpeg': 'image/jpeg',
    '.gif': 'image/gif',
    '.webp': 'image/webp',
};
function suffixOf(name) {
    const base = name.slice(name.lastIndexOf('/') + 1);
    const dot = base.lastIndexOf('.');
    return dot > 0 ? base.slice(dot).toLowerCase() : '';
}
/**
 * Checks count, suffixes and sizes against every policy before reading.
 * `sizeOf` gives a file's size without reading it; `chain` is for the error.
 */
export async function checkAttachments(names, policies, sizeOf, chain) {
    const refuse = (message) => {
        throw new DelegationError('attachment', chain, message);
    };
    for (const { owner, policy } of policies) {
        const max = policy?.max_attachments ?? DEFAULT_MAX_ATTACHMENTS;
        if (names.length > max)
            refuse(`${names.length} attachments exceed the limit of ${max} set by ${owner}`);
        for (const name of names) {
            const suffix = suffixOf(name);
            const allowed = policy?.allowed_suffixes?.map((s) => s.toLowerCase());
            const denied = policy?.denied_suffixes?.map((s) => s.toLowerCase());
            if (allowed && !allowed.includes(suffix)) {
                refuse(`attachment ${name} has suffix "${suffix || '(none)'}", not allowed by ${owner} (allowed: ${allowed.join(', ')})`);
            }
            if (denied?.includes(suffix))
                refuse(`attachment ${name} has suffix "${suffix}", denied by ${owner}`);
        }
    }
    let total = 0;
    for (const name of names)
        total += await sizeOf(name);
    for (const { owner, policy } of policies) {
        const max = policy?.max_total_bytes ?? DEFAULT_MAX_TOTAL_BYTES;
        if (total > max)
            refuse(`attachments total ${total} bytes, over the limit of ${max} bytes set by ${owner}`);
    }
}
/**
 * Reads the attachments after {@link checkAttachments}, holding them to the tightest
 * `max_total_bytes` once more: `read(name, maxBytes)` must refuse a file larger than `maxBytes`,
 * judged on the file it opened.
 */
export async function readAttachmentFiles(names, policies, read) {
    let left = Math.min(...policies.map(({ policy }) => policy?.max_total_bytes ?? DEFAULT_MAX_TOTAL_BYTES));
    const attachments = [];
    for (const name of names) {
        const data = await read(name, left);
        left -= data.length;
        attachments.push({ name, data });
    }
    return attachments;
}
/** Message parts for the attachments: PDFs and images as file parts, anything else as UTF-8 text. */
export function attachmentParts(attachments, chain) {
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
