// Copies non-TypeScript assets (built-in workers, init templates, the page of llm-do ui) next to the compiled code.
import { cpSync, existsSync, chmodSync } from 'node:fs';
const root = new URL('..', import.meta.url);
for (const dir of ['builtin', 'cli/init-templates', 'ui/client']) {
  const from = new URL(`src/${dir}`, root);
  if (existsSync(from)) cpSync(from, new URL(`dist/${dir}`, root), { recursive: true, filter: (p) => !p.endsWith('.ts') || p.endsWith('.d.ts') });
}
const bin = new URL('dist/cli/bin.js', root);
if (existsSync(bin)) chmodSync(bin, 0o755);
