/** Where a command writes: injected so tests can run the CLI in-process. */
export interface CliIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  /** True when stderr is a terminal (progress is shown only then, or with --progress). */
  readonly stderrIsTTY: boolean;
  /** True when stdout is a terminal: its width lays out the text output, and colour is on by default. */
  readonly stdoutIsTTY?: boolean;
  /** The terminal's columns when stdout is one. */
  readonly stdoutColumns?: number;
  readonly cwd: string;
  /** The environment (`--shard auto` reads job-array variables); process.env when omitted. */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

export function processIo(): CliIo {
  return {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    stderrIsTTY: Boolean(process.stderr.isTTY),
    stdoutIsTTY: Boolean(process.stdout.isTTY),
    stdoutColumns: process.stdout.columns,
    cwd: process.cwd(),
    env: process.env,
  };
}
