/**
 * What `llm-do runs show` prints of what a model was sent (docs/runs.md, "llm-do runs show RUN"): a
 * request whole (`--prompt N`), or as what it added to the request before it in its call
 * (`--prompts`), with the tool schemas and settings only when they changed. Recorded text came from
 * models, tools and users: every piece is escaped.
 */
import type { RequestRecord } from '../../run-log/index.ts';
import { escapeTerminalText as safe } from '../terminal-text.ts';

/** Escaped text, each line indented by `pad`. */
export function indented(text: string, pad: string): string[] {
  return safe(text)
    .split('\n')
    .map((line) => (line === '' ? '' : `${pad}${line}`));
}

/**
 * What request `number` sent that the previous request of its call (`previous`) did not: the new
 * messages, the tool schemas when they changed (so in full only once), the settings when they changed.
 */
export function promptDeltaLines(request: RequestRecord, previous: RequestRecord | undefined, number: number, pad: string): string[] {
  const prompt = request.prompt!;
  const before = previous?.prompt;
  const kept = before ? commonPrefix(before.messages, prompt.messages) : 0;
  const lines = [`${pad}sent (request ${number}; --prompt ${number} shows it whole):`];
  if (kept > 0) lines.push(`${pad}  … ${kept} message(s) as in step ${previous!.step}`);
  for (const message of prompt.messages.slice(kept) as { role?: unknown; content?: unknown }[]) {
    lines.push(`${pad}  [${safe(String(message.role))}]`, ...indented(messageText(message.content), `${pad}    `));
  }
  const tools = JSON.stringify(prompt.tools);
  if (before && tools === JSON.stringify(before.tools)) {
    if (prompt.tools.length > 0) lines.push(`${pad}  [tools] as in step ${previous!.step}`);
  } else {
    const names = (prompt.tools as { name?: unknown }[]).map((tool) => safe(String(tool.name)));
    lines.push(
      `${pad}  [tools] ${names.length ? names.join(', ') : '(none)'}`,
      ...(prompt.tools.length ? indented(JSON.stringify(prompt.tools, null, 2), `${pad}    `) : []),
    );
  }
  const settings = JSON.stringify(prompt.settings);
  if (!before || settings !== JSON.stringify(before.settings))
    lines.push(`${pad}  [settings]`, ...indented(JSON.stringify(prompt.settings, null, 2), `${pad}    `));
  return lines;
}

/** How many leading messages two prompts share (the stored deltas make a loop's prompts share them by reference). */
function commonPrefix(before: readonly unknown[], after: readonly unknown[]): number {
  let kept = 0;
  while (kept < before.length && kept < after.length && (before[kept] === after[kept] || JSON.stringify(before[kept]) === JSON.stringify(after[kept]))) kept++;
  return kept;
}

/**
 * A message's content: text parts as their text, a tool call as `call TOOL (id) ARGS`, a tool result
 * as `result TOOL (id): VALUE` (JSON on one line), any other part (files, reasoning) as JSON.
 */
function messageText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return JSON.stringify(content, null, 2);
  return content.map(partText).join('\n');
}

interface PromptPart {
  type?: unknown;
  text?: unknown;
  toolName?: unknown;
  toolCallId?: unknown;
  input?: unknown;
  output?: { type?: unknown; value?: unknown };
}

function partText(part: PromptPart): string {
  if (part.type === 'text' && typeof part.text === 'string') return part.text;
  if (part.type === 'tool-call') return `call ${String(part.toolName)} (${String(part.toolCallId)}) ${JSON.stringify(part.input)}`;
  if (part.type === 'tool-result') {
    const value = part.output && 'value' in part.output ? part.output.value : part.output;
    const kind = part.output?.type === 'error-text' || part.output?.type === 'error-json' ? 'error' : 'result';
    return `${kind} ${String(part.toolName)} (${String(part.toolCallId)}): ${typeof value === 'string' ? value : JSON.stringify(value)}`;
  }
  return JSON.stringify(part, null, 2);
}

/** A request whole: each message with its role (the system prompt first), the tool schemas, the settings. */
export function wholePromptLines(prompt: NonNullable<RequestRecord['prompt']>, pad: string): string[] {
  const lines: string[] = [];
  for (const message of prompt.messages as { role?: unknown; content?: unknown }[]) {
    lines.push(`${pad}[${safe(String(message.role))}]`, ...indented(messageText(message.content), `${pad}  `));
  }
  lines.push(`${pad}[tools]`, ...indented(prompt.tools.length ? JSON.stringify(prompt.tools, null, 2) : '(none)', `${pad}  `));
  lines.push(`${pad}[settings]`, ...indented(JSON.stringify(prompt.settings, null, 2), `${pad}  `));
  return lines;
}
