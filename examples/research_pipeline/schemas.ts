/**
 * Schemas referenced from worker files as `schemas.ts:Name`. llm-do loads this module at run
 * time; "zod" resolves to llm-do's own copy, so the project needs no install.
 */
import { z } from 'zod';

export const Analysis = z.object({
  findings: z
    .array(
      z.object({
        claim: z.string().describe('One sentence'),
        sources: z.array(z.string()).min(1).describe('Note paths, e.g. /sources/iceland.md'),
        strength: z.enum(['strong', 'moderate', 'weak']),
      }),
    )
    .min(1),
  conflicts: z.array(z.string()),
  open_questions: z.array(z.string()),
});
