import { spawnSync } from 'node:child_process';
import { expect } from 'vitest';
import { checkResultDocument } from '../../packages/cli/src/results/checkResultDocument.js';
import type { FitDocument } from '../../packages/cli/src/results/fitSchema.js';
import { fixture, passk } from '../helpers/runPassk.js';

// The attempt-ordered fixture that fitDependence.test.ts and fitDependence.slow.test.ts fit, its
// independent Python read, and `fit --json` checked against its schema.

/** The fixture: episodes of attempts, in attempt order. */
export const RETRIES = fixture('episodes/retries.csv');

/** `passk fit` arguments that read RETRIES as episodes. */
export const EPISODE_ARGS = [RETRIES, '--episode-col', 'episode', '--attempt-col', 'attempt'];

/** Each episode's outcomes in attempt order, read by test/fixtures/episodes/read_episodes.py. */
export function pythonEpisodes(): boolean[][] {
  const run = spawnSync('python3', [fixture('episodes/read_episodes.py'), 'csv', RETRIES], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  return Object.values(JSON.parse(run.stdout) as Record<string, boolean[][]>).flat();
}

/** `passk fit ARGS --json`: exit 0, nothing on stderr, the document checked against its schema. */
export async function fitJson(...args: string[]): Promise<FitDocument> {
  const run = await passk('fit', ...args, '--json');
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  return checkResultDocument(JSON.parse(run.stdout), 'fit --json') as FitDocument;
}
