import { lstatSync, readlinkSync, realpathSync, statSync, statfsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { InputError } from '@passk/sim/errors';
import { refuseOverwritingInputs, type PlannedOutput } from './refuseOverwritingInputs.js';
import { specialFileError, specialFileKind } from './specialFile.js';
import { unwritable } from './writeFileAtomic.js';

/**
 * Checks, before any work, every file a command will write (`--out`, `--chart`, the files of
 * `--out DIR`): each must be a regular file or a new path in a folder (not a folder, a device, a
 * FIFO or a socket: the atomic write renames a new file over the path, which would replace it), not
 * a link to a file descriptor (/dev/stdout, /dev/fd/N), and none of the inputs (refuseOverwritingInputs).
 * Paths are resolved against `cwd`; the first problem is one InputError naming the option or the path.
 */
export function checkOutputs(outputs: readonly PlannedOutput[], inputs: readonly string[], cwd: string): void {
  refuseOverwritingInputs(outputs, inputs, cwd);
  for (const output of outputs) checkOutputPath(output, cwd);
}

/** One output: what is at its path now (links followed), and the folder it goes into. */
function checkOutputPath(output: PlannedOutput, cwd: string): void {
  const absolute = resolve(cwd, output.path);
  let stats;
  try {
    // BigInt stats: a plain statSync of a FIFO breaks the module loader's link resolution (fileIdentity.ts).
    stats = statSync(absolute, { bigint: true, throwIfNoEntry: false });
  } catch (error) {
    // ENOTDIR: part of the path is a file (or a device, a pipe) where a folder should be; the write would fail after the work.
    if ((error as NodeJS.ErrnoException).code === 'ENOTDIR') throw unwritable(output.path, error);
    return; // anything else (EACCES, ELOOP, ENAMETOOLONG) is named by the write, with nothing written
  }
  if (stats?.isDirectory()) throw unwritable(output.path, Object.assign(new Error('is a folder'), { code: 'EISDIR' }));
  const kind = stats === undefined ? undefined : specialFileKind(stats);
  if (kind !== undefined) throw specialFileError(output.option, kind, output.path);
  if (namesFileDescriptor(absolute)) {
    throw new InputError(
      output.option,
      'must be a file, not a link to a file descriptor such as /dev/stdout or /dev/fd/N: an output is written to a new file and renamed over the path, which would replace the link',
      output.path,
    );
  }
  if (stats === undefined && underPseudoFilesystem(dirname(absolute)))
    throw unwritable(output.path, Object.assign(new Error('no such folder'), { code: 'ENOENT' }));
}

/** statfs `type` of proc (PROC_SUPER_MAGIC) and sysfs (SYSFS_MAGIC), Linux's include/uapi/linux/magic.h. */
const PSEUDO_FILESYSTEMS = new Set([0x9fa0, 0x62656572]);

/**
 * Whether the nearest existing folder of `folder` (itself or a parent) is on /proc or /sys, where no
 * new file or folder can be made: the write would fail with ENOENT after the work (a report renders
 * for about a second first), so the path is refused before it.
 */
function underPseudoFilesystem(folder: string): boolean {
  for (let current = folder; ; current = dirname(current)) {
    try {
      if (statSync(current, { throwIfNoEntry: false }) !== undefined) return PSEUDO_FILESYSTEMS.has(Number(statfsSync(current).type));
    } catch {
      return false; // ENOTDIR, EACCES: left to the write, which names it
    }
    if (dirname(current) === current) return false;
  }
}

/**
 * Whether `path` is /dev/stdout, /dev/stderr, /dev/fd/N or /proc/…/fd/N: a symbolic link into /proc,
 * or an entry of a process's fd folder. Renaming a file over it (as root, in /dev) would replace the
 * system's link; when it is a terminal or a pipe its kind is refused already.
 */
function namesFileDescriptor(path: string): boolean {
  try {
    if (lstatSync(path, { bigint: true }).isSymbolicLink() && resolve(dirname(path), readlinkSync(path)).startsWith('/proc/')) return true;
  } catch {
    // missing: nothing to replace
  }
  try {
    return /^\/proc\/[^/]+\/fd$/.test(realpathSync.native(dirname(path)));
  } catch {
    return false;
  }
}
