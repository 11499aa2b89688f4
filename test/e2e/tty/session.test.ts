/**
 * The terminal view of a three-level delegation reads as a tree, in order, and matches the screen
 * committed as `docs/terminal-session.txt` (timings aside).
 */
import fs from 'node:fs';
import { describe, expect, test } from 'vitest';
import { captureSession, normalizeSession, SESSION_FILE } from './capture-session.ts';

describe('terminal session of main → a → b', () => {
  test('draws the delegation tree in the order things happened, with the answer streamed in place', async () => {
    const { result, text } = await captureSession();
    expect(result.error, result.screen).toBeNull();
    expect(result.code, result.screen).toBe(0);

    const lines = result.screen.split('\n');
    const order = [
      /^▸ main · openai-compatible:scripted-chat$/,
      // The entry's text streams to stdout (the same terminal) as it arrives, not as progress.
      /^Let me look at the files first\.$/,
      /^ {2}✓ list_files \{"path":"\/work"\} {2}\d+ms$/,
      /^I will ask a to write the summary\.$/,
      /^ {2}▸ a · openai-compatible:scripted-chat {2}Summarise \/work\/notes\.txt/,
      /^ {4}✓ read_file \{"path":"\/work\/notes\.txt"\} {2}\d+ms$/,
      /^ {4}▸ b · openai-compatible:scripted-chat {2}Write \/work\/summary\.md/,
      /^approval needed · main › a › b wants to run write_file$/,
      /^ {6}✓ write_file \{"path":"\/work\/summary\.md","content":.* {2}\d+ms$/,
      /^ {4}◂ b ✓ /,
      /^ {2}◂ a ✓ /,
      /^The summary is in \/work\/summary\.md/,
      /^✓ done in .* · 8 steps · \d+ in \/ \d+ out tokens · cost unknown$/,
    ];
    let from = 0;
    for (const pattern of order) {
      const at = lines.findIndex((line, index) => index >= from && pattern.test(line));
      expect(at, `${pattern} after line ${from} of:\n${result.screen}`).toBeGreaterThanOrEqual(from);
      from = at + 1;
    }
    // Each delegation is drawn once (no second "✓ a" line for the tool call that started it).
    expect(lines.filter((line) => /[✓✗] (a|b) /.test(line))).toEqual([]);
    // The status line never stays on the screen.
    expect(result.screen).not.toContain('waiting for the model');

    expect(normalizeSession(fs.readFileSync(SESSION_FILE, 'utf8')), 'regenerate: npx jiti test/e2e/tty/capture-session.ts --write').toBe(
      normalizeSession(text),
    );
  });
});
