// Copies non-TypeScript assets (built-in workers, init templates, the page of llm-do ui) next to the compiled code,
// and the ES modules of Preact and htm the page loads (src/ui/assets.ts) into dist/ui/client/vendor/ with their licences.
import { cpSync, existsSync, chmodSync, mkdirSync } from 'node:fs';
const root = new URL('..', import.meta.url);
for (const dir of ['builtin', 'cli/init-templates', 'ui/client']) {
  const from = new URL(`src/${dir}`, root);
  if (existsSync(from)) cpSync(from, new URL(`dist/${dir}`, root), { recursive: true, filter: (p) => !p.endsWith('.ts') || p.endsWith('.d.ts') });
}
const vendor = new URL('dist/ui/client/vendor/', root);
mkdirSync(vendor, { recursive: true });
const VENDORED = {
  'preact.js': 'preact/dist/preact.mjs',
  'preact-hooks.js': 'preact/hooks/dist/hooks.mjs',
  'htm.js': 'htm/dist/htm.mjs',
  'htm-preact.js': 'htm/preact/index.mjs',
  'preact.LICENSE': 'preact/LICENSE',
  'htm.LICENSE': 'htm/LICENSE',
};
for (const [name, file] of Object.entries(VENDORED)) cpSync(new URL(`node_modules/${file}`, root), new URL(name, vendor));
const bin = new URL('dist/cli/bin.js', root);
if (existsSync(bin)) chmodSync(bin, 0o755);
