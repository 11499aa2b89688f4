/**
 * "prompt sent" under a model step: what the model really got (messages, tool schemas, settings),
 * fetched when first opened. A run's prompts are never sent with the run: each repeats its whole history.
 */
import { html } from 'htm/preact';
import { useState } from 'preact/hooks';
import type { RequestRecord } from '../../run-log/index.ts';
import { Expandable } from './bits.ts';
import { get } from './server-api.ts';

type Prompt = NonNullable<RequestRecord['prompt']>;

/** Prompts fetched so far, by `run call step`: a live update redraws them without asking again. */
const prompts = new Map<string, Promise<Prompt>>();

function fetchPrompt(runId: string, callId: string, step: number): Promise<Prompt> {
  const key = `${runId} ${callId} ${step}`;
  let prompt = prompts.get(key);
  if (!prompt) {
    prompt = get<{ prompt: Prompt }>(`/api/runs/${encodeURIComponent(runId)}/prompts/${encodeURIComponent(callId)}/${step}`).then((answer) => answer.prompt);
    prompts.set(key, prompt);
    prompt.catch(() => prompts.delete(key));
  }
  return prompt;
}

export function PromptSent({ runId, callId, step }: { runId: string; callId: string; step: number }) {
  const [loaded, setLoaded] = useState<{ prompt: Prompt } | { error: string } | undefined>(undefined);
  const load = () =>
    void fetchPrompt(runId, callId, step).then(
      (prompt) => setLoaded({ prompt }),
      (error: Error) => setLoaded({ error: error.message }),
    );
  const content =
    loaded === undefined
      ? html`<span class="muted">loading…</span>`
      : 'error' in loaded
        ? html`<span class="error-text">${loaded.error}</span>`
        : html`<${PromptMessages} prompt=${loaded.prompt} />`;
  return html`<${Expandable} id=${`prompt-${runId} ${callId} ${step}`} summary="prompt sent" onOpen=${load}><div>${content}</div><//>`;
}

function PromptMessages({ prompt }: { prompt: Prompt }) {
  return html`<div>
    ${(prompt.messages as { role?: unknown; content?: unknown }[]).map(
      (message) => html`<div class="message-role">${String(message.role)}</div>
        <pre>${messageText(message.content)}</pre>`,
    )}
    <div class="message-role">tools</div>
    <pre>${prompt.tools.length ? JSON.stringify(prompt.tools, null, 2) : '(none)'}</pre>
    <div class="message-role">settings</div>
    <pre>${JSON.stringify(prompt.settings, null, 2)}</pre>
  </div>`;
}

/** Text parts as their text; tool calls, results and files as JSON. */
function messageText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return JSON.stringify(content, null, 2);
  return content
    .map((part: { type?: unknown; text?: unknown }) => (part.type === 'text' && typeof part.text === 'string' ? part.text : JSON.stringify(part, null, 2)))
    .join('\n');
}
