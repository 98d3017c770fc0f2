import type { SpawnSyncOptions } from 'node:child_process';
/** Runs `command`; its stdout, or an error with both streams when it exits non-zero. */
export function run(command: string, args: string[], options?: SpawnSyncOptions): string;
/** Packs packages/sim and packages/cli into `work` and installs both tarballs into `work`/app. */
export function packAndInstall(repoRoot: string, work: string): { tarballs: Record<'sim' | 'cli', string>; app: string; bin: string };
/** The folder of the `node` executable of version `spec`, fetched from the npm registry by npx. */
export function nodeFolder(spec: string, cwd?: string): string;
