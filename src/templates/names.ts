/**
 * The names templates may never use (docs/security.md): `templates/sandbox.ts` refuses them when a template
 * runs, the analyses refuse them before (`templates/ast.ts`, and `simple-template.ts`, which must not
 * load nunjucks with the sandbox).
 */

/** True for names a template may never look up or define: `constructor`, `prototype`, `__proto__` and every `__x__`. */
export function isForbiddenName(name: string): boolean {
  return name === 'constructor' || name === 'prototype' || /^__.*__$/.test(name);
}

/** Why a name is refused, as a template error says it. */
export function forbiddenNameMessage(name: string): string {
  return `"${name}" cannot be used in a template: templates are data, not code, so constructor, prototype and __names__ are refused`;
}
