import { realpathSync, statSync, type BigIntStats } from 'node:fs';
import { resolve } from 'node:path';

/** What tells one file from another, however it is named. */
export interface FileIdentity {
  /** The path resolved against the working folder, as typed (links not followed). */
  readonly absolute: string;
  /** Its real path (every symbolic link resolved), or `absolute` when it cannot be resolved (missing, a pipe). */
  readonly real: string;
  /** `device:inode` of the file it names, or undefined when there is none. */
  readonly inode: string | undefined;
}

/**
 * The identity of `path` (resolved against `cwd`): two paths name the same file when they resolve
 * alike, when their real paths are equal (a symbolic link), or when they have the same device and
 * inode (a hard link). Both file-system calls leave the stat buffer that `fs.realpathSync` reads
 * alone (statBigInt, realpathSync.native): a synchronous stat of a FIFO there makes the module loader
 * stop resolving symbolic links (nodejs/node#51142), and vega then fails to load from pnpm's layout.
 */
export function fileIdentity(path: string, cwd: string = process.cwd()): FileIdentity {
  const absolute = resolve(cwd, path);
  const stats = statBigInt(absolute);
  let real = absolute;
  try {
    real = realpathSync.native(absolute);
  } catch {
    // missing, or a pipe whose link names no path (/dev/stdin → pipe:[…]): the path as resolved
  }
  return { absolute, real, inode: stats === undefined ? undefined : `${stats.dev}:${stats.ino}` };
}

/** Whether two identities name the same file (fileIdentity). */
export function sameFile(a: FileIdentity, b: FileIdentity): boolean {
  return a.absolute === b.absolute || a.real === b.real || (a.inode !== undefined && a.inode === b.inode);
}

/**
 * `stat` (links followed) of a path, or undefined when it cannot be read (missing, a file in the
 * way, no permission). BigInt stats, which Node keeps apart from the buffer `fs.realpathSync` reads
 * (see fileIdentity): use this, not statSync, for any path that may be a FIFO or a socket.
 */
export function statBigInt(path: string): BigIntStats | undefined {
  try {
    return statSync(path, { bigint: true, throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}
