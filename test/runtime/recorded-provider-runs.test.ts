/**
 * Runs of a worker against responses real providers sent (`../shared/realstreams/fixtures`, replayed
 * byte for byte through the real provider packages): web searches reported in order with their
 * query, priced, and the answer's citations kept as sources. Skipped, saying why, without them.
 */
import { afterEach, describe, expect, test } from 'vitest';
import type { RunEvent } from '../../src/runtime/events.ts';
import { worker } from '../project/fixture.ts';
import { HAVE_RECORDINGS, NO_RECORDINGS, recording, startReplayServer, type ReplayServer } from '../helpers/replay-server.ts';
import { project, run } from './helpers.ts';

let server: ReplayServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Runs `main` on `model` with `provider_tools: [web_search]` against the recording, streamed or not. */
async function searchRun(model: string, file: string, stream: boolean) {
  server = await startReplayServer(recording(file));
  const { project: loaded } = await project({ 'project.yaml': `name: p\nmodel: ${model}\n`, 'main.worker': worker('main', 'provider_tools: [web_search]') });
  return run({ project: loaded, input: 'tech news today', stream, env: server.env });
}

const searches = (events: RunEvent[]) =>
  events.filter((event) => event.type === 'tool_call' && event.tool === 'web_search').map((event) => (event as { args: unknown }).args);

describe.skipIf(!HAVE_RECORDINGS)(`recorded provider runs${NO_RECORDINGS}`, () => {
  test.each([true, false])('Anthropic web search (streamed: %s): its query, its cited pages as sources, one search priced', async (stream) => {
    const file = stream ? 'anthropic/anthropic-web-search-tool.1.chunks.txt' : 'anthropic/anthropic-web-search-tool.1.json';
    const { result, events } = await searchRun('anthropic:claude-sonnet-4-5', file, stream);
    expect(result.status, String(result.error)).toBe('ok');
    expect(searches(events)[0]).toEqual({ query: expect.stringMatching(/tech news/i) });
    expect(result.sources?.length).toBeGreaterThan(0);
    expect(result.sources!.every((source) => source.type === 'url' && source.url.startsWith('https://'))).toBe(true);
    // Each page once, though the answer cites some several times.
    expect(new Set(result.sources!.map((source) => (source as { url: string }).url)).size).toBe(result.sources!.length);
    const usage = events.find((event) => event.type === 'usage') as { web_search_requests?: number; cost_usd: number };
    expect(usage.web_search_requests).toBeGreaterThanOrEqual(1);
    expect(usage.cost_usd).toBeGreaterThan(0.01 * usage.web_search_requests!);
  });

  test('OpenAI web search (streamed): each call shows what it did, not {}, before the answer; the url_citations are the sources', async () => {
    const { result, events } = await searchRun('openai:gpt-5-mini', 'openai-responses/openai-web-search-tool.1.chunks.txt', true);
    expect(result.status, String(result.error)).toBe('ok');
    const args = searches(events);
    expect(args.length).toBe(6);
    expect(args[0]).toEqual({ type: 'search', query: 'tech news today December 5 2025' });
    expect(args.every((arg) => JSON.stringify(arg) !== '{}')).toBe(true);
    const firstText = events.findIndex((event) => event.type === 'text_delta');
    const lastSearch = events.findLastIndex((event) => event.type === 'tool_result' && event.tool === 'web_search');
    expect(lastSearch).toBeLessThan(firstText);
    expect(result.sources!.length).toBeGreaterThan(0);
    expect(result.sources!.every((source) => source.type === 'url' && source.url.includes('utm_source=openai'))).toBe(true);
    expect(events.find((event) => event.type === 'usage')).toMatchObject({ web_search_requests: 6 });
  });
});
