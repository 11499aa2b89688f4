import { isNotFound } from "../sandbox/file-system.js";
import { ProjectError } from "../errors.js";
/** Largest project file llm-do reads: 1 MiB. */
export const MAX_PROJECT_FILE_BYTES = 1024 * 1024;
/**
 * Reads `hostPath` as UTF-8 text, without a leading BOM and with CRLF line ends turned into LF.
 * Throws ProjectError `file-not-found` when it is missing or not a file, `file-too-large` over 1 MiB.
 */
export async function readProjectText(fs, hostPath, displayPath) {
    const stat = await fs.stat(hostPath);
    if (!stat)
        throw new ProjectError('file-not-found', 'file not found', { file: displayPath });
    if (stat.kind !== 'file')
        throw new ProjectError('file-not-found', `expected a file, found a ${stat.kind}`, { file: displayPath });
    if (stat.size > MAX_PROJECT_FILE_BYTES) {
        throw new ProjectError('file-too-large', `file is ${stat.size} bytes; project files may be at most ${MAX_PROJECT_FILE_BYTES} bytes (1 MiB)`, { file: displayPath });
    }
    let text;
    try {
        text = await fs.readText(hostPath);
    }
    catch (error) {
        if (isNotFound(error))
            throw new ProjectError('file-not-found', 'file not found', { file: displayPath });
        const code = error.code ?? 'unknown error';
        throw new ProjectError('file-not-found', `cannot read the file (${String(code)})`, { file: displayPath }, { cause: error });
    }
    return normalizeText(text);
}
/** Strips a leading BOM and turns CRLF line ends into LF. */
export function normalizeText(text) {
    return (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).replace(/\r\n/g, '\n');
}
