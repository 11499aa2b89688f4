/**
 * The text views of `llm-do runs`: the run list, one run with its call tree, and search hits.
 * Everything recorded came from models, tools and users, so every piece of it is escaped here
 * ({@link escapeTerminalText}) or flattened to one escaped line ({@link shorten}).
 */
import type { RunDetail, RunSummary, SearchHit } from '../../store/index.ts';
/** `$0.0123`, `cost unknown` for a finished run without a price, `-` while running. */
export declare function formatCost(cost: number | null, finished: boolean): string;
/** `2026-11-23 13:35:12` (UTC). */
export declare function formatTime(iso: string): string;
/** One row per run, newest first; `ids` are the shortest unique prefixes. */
export declare function formatRunList(runs: readonly RunSummary[], ids: ReadonlyMap<string, string>): string;
/** The header of a run and its call tree; with `prompts`, what each request sent. */
export declare function formatRunDetail(run: RunDetail, prompts: boolean): string;
export declare function formatSearch(hits: readonly SearchHit[], ids: ReadonlyMap<string, string>): string;
