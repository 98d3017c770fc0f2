/** Where a command writes: injected so tests can run the CLI in-process. */
export interface CliIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  /** True when stderr is a terminal (progress is shown only then, or with --progress). */
  readonly stderrIsTTY: boolean;
  readonly cwd: string;
  /** The environment (`--shard auto` reads job-array variables); process.env when omitted. */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

export function processIo(): CliIo {
  return {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    stderrIsTTY: Boolean(process.stderr.isTTY),
    cwd: process.cwd(),
    env: process.env,
  };
}
