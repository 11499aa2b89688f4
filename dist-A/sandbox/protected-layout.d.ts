import type { FileSystem } from './file-system.ts';
import { type ResolvedProtection } from './protected-paths.ts';
import type { ProtectedLayout } from './types.ts';
/** What the box keeps read-only inside the writable real directory `hostDir`. */
export declare function protectedLayout(fs: FileSystem, protection: ResolvedProtection, hostDir: string): Promise<ProtectedLayout>;
