/**
 * Real headless Chromium for browser tests: Debian's `chromium` driven by playwright-core (no browser
 * download). `.ci/run` installs it; elsewhere the suites skip and say why.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

/** Where Debian's package puts the browser; `LLM_DO_TEST_CHROMIUM` overrides it. */
/** How long a hook that launches Chromium may take: on a loaded 2-core machine a first launch took more than 20 s. */
export const CHROMIUM_LAUNCH_TIMEOUT_MS = 60_000;

export const chromiumPath = process.env.LLM_DO_TEST_CHROMIUM ?? '/usr/bin/chromium';

/** Why browser tests cannot run here, or undefined when they can. Pass it to `describe.skipIf`. */
export const chromiumMissing: string | undefined = existsSync(chromiumPath)
  ? undefined
  : `no Chromium at ${chromiumPath} (install Debian's chromium, as .ci/run does, or set LLM_DO_TEST_CHROMIUM)`;

/**
 * Launches headless Chromium. The flags keep it off the network, which this machine closes (background
 * networking would otherwise retry refused connections), and out of any profile but a fresh one.
 */
export async function launchChromium(): Promise<Browser> {
  if (chromiumMissing !== undefined) throw new Error(chromiumMissing);
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ['--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/**
 * One Chromium for the tests of the `describe` block this is called in: launched before them, closed
 * after them, then `afterClose` (e.g. closing the block's scripted servers).
 */
export function useChromium(afterClose?: () => Promise<void>): { readonly browser: Browser } {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  }, CHROMIUM_LAUNCH_TIMEOUT_MS);
  afterAll(async () => {
    await browser?.close();
    await afterClose?.();
  });
  return {
    get browser() {
      if (!browser) throw new Error('Chromium is not launched yet: use the browser inside a test');
      return browser;
    },
  };
}
