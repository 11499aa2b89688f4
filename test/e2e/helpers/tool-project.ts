/** A one-worker project whose `tools.ts` holds the given source, its custom tools pre-approved. */
import fs from 'node:fs';
import path from 'node:path';

/** Writes `main.worker` (model `model`, instructions `instructions`) and `tools.ts` into `dir`, made if missing. */
export function writeToolProject(dir: string, { model, instructions, tools }: { model: string; instructions: string; tools: string }): string {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'main.worker'),
    `---\nname: main\nmodel: ${model}\ntoolsets:\n  custom:\n    approval:\n      default: preApproved\n---\n${instructions}\n`,
  );
  fs.writeFileSync(path.join(dir, 'tools.ts'), tools);
  return dir;
}
