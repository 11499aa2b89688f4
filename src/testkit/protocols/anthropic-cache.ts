/**
 * Anthropic's prompt cache, as the scripted server reports it. A request is a list of blocks in
 * cache order (tools, system, then each message's content blocks). Every block marked
 * `cache_control` is a breakpoint: the prefix ending there is written to the cache. A request reads
 * the longest prefix an earlier request wrote, found at a breakpoint or up to 20 blocks before one
 * (Anthropic's lookback); the rest up to its last breakpoint is written, the rest after it is plain
 * input. A block's tokens are its JSON's characters / 4. The cache never expires (Anthropic's lasts
 * five minutes), and has no minimum length (Anthropic's is 1024 or 2048 tokens).
 */
import { createHash } from 'node:crypto';
import { roughTokens, type PlannedReply } from './protocol.ts';

/** How far before a breakpoint Anthropic looks for a cached prefix. */
const LOOKBACK_BLOCKS = 20;

type InputUsage = Omit<PlannedReply['usage'], 'output'>;

/** The blocks of a Messages request in the order Anthropic caches them. */
function blocksOf(body: any): any[] {
  const system = typeof body.system === 'string' ? [{ type: 'text', text: body.system }] : (body.system ?? []);
  const content = (body.messages ?? []).flatMap((message: any) =>
    typeof message?.content === 'string'
      ? [{ type: 'text', text: message.content, role: message.role }]
      : (message?.content ?? []).map((block: any) => ({ ...block, role: message.role })),
  );
  return [...(body.tools ?? []), ...system, ...content];
}

/** One server's cache: the hashes of the prefixes requests have written. */
export function createPromptCache(): { measure(body: any): InputUsage } {
  const written = new Set<string>();
  return {
    measure(body) {
      const blocks = blocksOf(body);
      const tokens: number[] = [];
      const prefixes: string[] = [];
      const hash = createHash('sha256');
      const breakpoints: number[] = [];
      blocks.forEach((block, index) => {
        const { cache_control: mark, ...content } = block ?? {};
        const text = JSON.stringify(content);
        tokens.push(roughTokens(text));
        hash.update(`${text}\n`);
        prefixes.push(hash.copy().digest('hex'));
        if (mark) breakpoints.push(index);
      });
      const sum = (from: number, to: number) => tokens.slice(from, to).reduce((total, n) => total + n, 0);
      const input = sum(0, tokens.length);
      const last = breakpoints.at(-1);
      if (last === undefined) return { input, cacheRead: 0, cacheWrite: 0 };

      let hit = -1;
      for (const breakpoint of breakpoints) {
        for (let index = breakpoint; index >= Math.max(0, breakpoint - LOOKBACK_BLOCKS) && index > hit; index--) {
          if (written.has(prefixes[index]!)) hit = index;
        }
      }
      for (const breakpoint of breakpoints) written.add(prefixes[breakpoint]!);
      return { input, cacheRead: sum(0, hit + 1), cacheWrite: sum(hit + 1, last + 1) };
    },
  };
}
