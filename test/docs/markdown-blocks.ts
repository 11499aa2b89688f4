/**
 * Reads the fenced code blocks of a Markdown document together with the `<!-- doc-test: ... -->`
 * markers written above them, and classifies each block: a command to run (`sh`), a file to write
 * into the example project (`worker`, or any block naming its file), or an illustration (`text`, and
 * `ts`/`json` without a file name).
 *
 * Markers (on their own lines between the previous block and the fence):
 * - `<!-- doc-test: skip REASON -->`      do not run this `sh` block (a reason is required);
 * - `<!-- doc-test: exit N -->`           the `sh` block must exit with N (default 0);
 * - `<!-- doc-test: file PATH -->`        write the block to PATH (for formats without comments);
 * - `<!-- doc-test: new-project -->`      start a fresh example project before this block;
 * - `<!-- doc-test: invalid -->`          this file block shows a mistake: `check` must exit 2;
 * - `<!-- doc-test: output -->`           every line of this `text` block appears in the output of
 *                                         the previous `sh` block or `invalid` check.
 */

/** Languages a fence may use. */
export const ALLOWED_LANGUAGES = new Set(['sh', 'worker', 'yaml', 'ts', 'js', 'json', 'jinja', 'md', 'text']);

export type Marker =
  | { kind: 'skip'; reason: string }
  | { kind: 'exit'; code: number }
  | { kind: 'file'; path: string }
  | { kind: 'new-project' }
  | { kind: 'invalid' }
  | { kind: 'output' };

export interface DocBlock {
  /** 1-based line of the opening fence. */
  line: number;
  lang: string;
  /** The block's text, without the `# file:` line when there was one. */
  body: string;
  markers: Marker[];
  /** Where the block is written in the example project, for file blocks. */
  path?: string;
}

/** A mistake in how a document marks its blocks (reported with the line). */
export class DocFormatError extends Error {}

const MARKER = /^\s*<!--\s*doc-test:\s*(.*?)\s*-->\s*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([^\s`]*)\s*$/;
/** First-line file names: `# file: x` (YAML, worker), `// file: x` (TS/JS), `{# file: x #}` (templates). */
const FILE_LINE = /^(?:#|\/\/|\{#)\s*file:\s*(\S+?)\s*(?:#\})?$/;

function parseMarker(text: string, line: number): Marker {
  const [word = '', ...rest] = text.split(/\s+/);
  const argument = rest.join(' ').trim();
  switch (word) {
    case 'skip':
      if (!argument) throw new DocFormatError(`line ${line}: "doc-test: skip" needs a reason, e.g. <!-- doc-test: skip needs ANTHROPIC_API_KEY -->`);
      return { kind: 'skip', reason: argument };
    case 'exit':
      if (!/^\d+$/.test(argument)) throw new DocFormatError(`line ${line}: "doc-test: exit" needs an exit code, got "${argument}"`);
      return { kind: 'exit', code: Number(argument) };
    case 'file':
      if (!argument || argument.startsWith('/') || argument.split('/').includes('..')) {
        throw new DocFormatError(`line ${line}: "doc-test: file" needs a path inside the project, got "${argument}"`);
      }
      return { kind: 'file', path: argument };
    case 'new-project':
    case 'invalid':
    case 'output':
      if (argument) throw new DocFormatError(`line ${line}: "doc-test: ${word}" takes no argument`);
      return { kind: word };
    default:
      throw new DocFormatError(`line ${line}: unknown marker "doc-test: ${word}" (skip, exit, file, new-project, invalid, output)`);
  }
}

/** The worker id a `worker` block declares (`name:` in its front matter). */
function workerName(body: string): string | undefined {
  const front = /^---\n([\s\S]*?)\n---/.exec(body);
  return front ? /^name:\s*["']?([^"'\s#]+)/m.exec(front[1]!)?.[1] : undefined;
}

/** Where a file block goes: an explicit name, else a worker's canonical place (`main.worker`, `workers/ID.worker`). */
function classify(block: DocBlock): DocBlock {
  const marked = block.markers.find((m) => m.kind === 'file');
  const [first = '', ...rest] = block.body.split('\n');
  const named = FILE_LINE.exec(first.trim());
  if (named && block.lang !== 'sh' && block.lang !== 'text') {
    if (named[1]!.startsWith('/') || named[1]!.split('/').includes('..')) {
      throw new DocFormatError(`line ${block.line}: the file name ${named[1]} must be a path inside the project`);
    }
    return { ...block, body: rest.join('\n'), path: named[1] };
  }
  if (marked?.kind === 'file') return { ...block, path: marked.path };
  if (block.lang === 'worker') {
    const id = workerName(block.body);
    if (!id) throw new DocFormatError(`line ${block.line}: a worker block needs front matter with name:`);
    return { ...block, path: id === 'main' ? 'main.worker' : `workers/${id}.worker` };
  }
  if (block.lang === 'yaml') {
    throw new DocFormatError(`line ${block.line}: a yaml block must start with "# file: PATH" (show illustrations as text)`);
  }
  return block;
}

/** Every fenced block of `markdown`, in order, with its markers. Throws DocFormatError on a malformed document. */
export function readBlocks(markdown: string): DocBlock[] {
  const lines = markdown.split('\n');
  const blocks: DocBlock[] = [];
  let markers: Marker[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    const text = lines[index]!;
    const marker = MARKER.exec(text);
    if (marker) {
      markers.push(parseMarker(marker[1]!, index + 1));
      continue;
    }
    const fence = FENCE.exec(text);
    if (!fence) continue;
    const [, open, lang = ''] = fence;
    if (!ALLOWED_LANGUAGES.has(lang)) {
      throw new DocFormatError(`line ${index + 1}: a code block needs one of the languages ${[...ALLOWED_LANGUAGES].join(', ')}, got "${lang}"`);
    }
    const start = index;
    const body: string[] = [];
    for (index += 1; index < lines.length && !lines[index]!.trim().startsWith(open!); index += 1) body.push(lines[index]!);
    if (index >= lines.length) throw new DocFormatError(`line ${start + 1}: the code block is never closed`);
    const block = classify({ line: start + 1, lang, body: `${body.join('\n')}\n`, markers });
    if (block.markers.some((m) => m.kind === 'skip') && block.lang !== 'sh') {
      throw new DocFormatError(`line ${block.line}: only sh blocks can be skipped`);
    }
    blocks.push(block);
    markers = [];
  }
  if (markers.length > 0) throw new DocFormatError('a doc-test marker at the end of the document belongs to no block');
  return blocks;
}
