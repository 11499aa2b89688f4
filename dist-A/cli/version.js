import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
/** llm-do's package.json: the nearest one above this module (works from src/, dist/ and the bundle). */
function ownPackageJson() {
    let dir = dirname(fileURLToPath(import.meta.url));
    while (true) {
        const file = join(dir, 'package.json');
        if (existsSync(file)) {
            const pkg = JSON.parse(readFileSync(file, 'utf8'));
            if (pkg.name === 'llm-do')
                return pkg;
        }
        const parent = dirname(dir);
        if (parent === dir)
            return { version: '0.0.0' };
        dir = parent;
    }
}
/** The package version. */
export const VERSION = ownPackageJson().version;
