import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './runPassk.js';

// A small reader of examples/container/Dockerfile (no Docker engine runs here): its instructions by
// stage, with the build arguments' defaults, after the Dockerfile reference's rules for line
// continuations (a trailing backslash), comments (a line starting with #) and variables
// (${NAME} and $NAME from ARG; a global ARG is seen inside a stage that declares it again).

export const DOCKERFILE = join(REPO_ROOT, 'examples/container/Dockerfile');

export interface Instruction {
  /** FROM, ARG, COPY, RUN, … (upper case). */
  readonly keyword: string;
  /** The rest of the instruction, continuation lines joined, variables substituted where the stage sees them. */
  readonly args: string;
}

export interface Stage {
  /** The FROM's image or stage, variables substituted. */
  readonly from: string;
  /** Its `AS name`, or null. */
  readonly name: string | null;
  readonly instructions: readonly Instruction[];
}

export interface Dockerfile {
  /** The global ARGs (before the first FROM) with their defaults. */
  readonly args: Readonly<Record<string, string>>;
  readonly stages: readonly Stage[];
}

/** Parses a Dockerfile; `overrides` play the part of --build-arg. */
export function parseDockerfile(text: string, overrides: Readonly<Record<string, string>> = {}): Dockerfile {
  const lines: string[] = [];
  let pending = '';
  for (const raw of text.split('\n')) {
    if (/^\s*#/.test(raw) || (pending === '' && raw.trim() === '')) continue;
    const continued = /\\\s*$/.test(raw);
    pending += `${continued ? raw.replace(/\\\s*$/, '') : raw} `;
    if (!continued) {
      lines.push(pending.trim().replace(/\s+/g, ' '));
      pending = '';
    }
  }
  const globals: Record<string, string> = {};
  const stages: Array<{ from: string; name: string | null; instructions: Instruction[] }> = [];
  let scope: Record<string, string> = {};
  for (const line of lines) {
    const [, word = '', rest = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    const keyword = word.toUpperCase();
    if (keyword === 'ARG') {
      const [, name = '', value] = /^([A-Za-z_][A-Za-z0-9_]*)(?:=(.*))?$/.exec(rest) ?? [];
      if (stages.length === 0) globals[name] = overrides[name] ?? value ?? '';
      else scope[name] = overrides[name] ?? value ?? globals[name] ?? '';
      if (stages.length > 0) stages[stages.length - 1]!.instructions.push({ keyword, args: rest });
      continue;
    }
    if (keyword === 'FROM') {
      const [, image = '', name] = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(rest) ?? [];
      stages.push({ from: substitute(image, globals), name: name ?? null, instructions: [] });
      scope = {};
      continue;
    }
    if (stages.length === 0) throw new Error(`Dockerfile: ${keyword} before the first FROM`);
    stages[stages.length - 1]!.instructions.push({ keyword, args: substitute(rest, scope) });
  }
  return { args: globals, stages };
}

/** ${NAME} and $NAME replaced by their values; unknown names are left as they are. */
export function substitute(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)/g, (match, braced, bare) => values[braced ?? bare] ?? match);
}

/** The stages a build of the last stage goes through, from the last back to an image that is no stage. */
export function stagesOfBuild(dockerfile: Dockerfile): Stage[] {
  const chain: Stage[] = [];
  let stage: Stage | undefined = dockerfile.stages[dockerfile.stages.length - 1];
  while (stage !== undefined) {
    chain.unshift(stage);
    const from: string = stage.from;
    stage = dockerfile.stages.find((other) => other.name === from);
  }
  return chain;
}

/** The examples' Dockerfile, parsed with these build arguments. */
export function readDockerfile(overrides: Readonly<Record<string, string>> = {}): Dockerfile {
  return parseDockerfile(readFileSync(DOCKERFILE, 'utf8'), overrides);
}
