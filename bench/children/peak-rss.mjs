/**
 * This process's peak resident set size in KB. Linux's `VmHWM` (/proc/self/status) belongs to the
 * process's own memory; `process.resourceUsage().maxRSS` (getrusage) keeps across `exec` the peak
 * of the process that forked it, so a child of the large benchmark process reported the parent's.
 */
import { readFileSync } from 'node:fs';

export function peakRssKb() {
  try {
    const match = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'));
    if (match) return Number(match[1]);
  } catch {
    // Not Linux: getrusage is what there is.
  }
  return process.resourceUsage().maxRSS;
}
