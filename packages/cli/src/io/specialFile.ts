import { InputError } from '@passk/sim/errors';

/** The stat methods specialFileKind reads (fs.Stats and fs.BigIntStats both have them). */
interface KindOfFile {
  isCharacterDevice(): boolean;
  isBlockDevice(): boolean;
  isFIFO(): boolean;
  isSocket(): boolean;
}

/** What a file that is neither a regular file nor a folder is, in words ("a device"), or undefined for any other. */
export function specialFileKind(stats: KindOfFile): string | undefined {
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  if (stats.isFIFO()) return 'a named pipe (FIFO)';
  if (stats.isSocket()) return 'a socket';
  return undefined;
}

/**
 * The InputError for an output path that is a device, a FIFO or a socket: outputs are written to a
 * new file and renamed over the path, which would put a regular file where the device node or the
 * pipe was (as root, /dev/null itself). `--chart: must be a regular file or a new path, not a device (…), got "/dev/null"`.
 */
export function specialFileError(where: string, kind: string, path: string): InputError {
  return new InputError(
    where,
    `must be a regular file or a new path, not ${kind}: an output is written to a new file and renamed over the path, which would replace it`,
    path,
  );
}
