import { Type } from '@sinclair/typebox';
import { Count } from './intervalSchema.js';

/** How the folders and globs among a read's inputs were read (io/treeReading.ts). */
export const TreeSchema = Type.Object(
  {
    walked: Type.Array(Type.String(), { description: 'the folders and globs walked, as given' }),
    visited: Count('files and folders visited'),
    read: Count('results files read from them'),
    harness: Type.Union([Type.String(), Type.Null()], {
      description: 'the harness whose results were read (terminal-bench, tau2-bench, inspect, …); null for plain results files',
    }),
    trialCopies: Type.Object(
      {
        skipped: Count('Terminal-Bench per-trial results.json skipped: a run-level results.json read lists their trial'),
        runFiles: Count('the run-level results.json they were found in'),
      },
      { description: 'per-trial copies of trials already read, each trial counted once' },
    ),
    skipped: Type.Array(Type.Object({ kind: Type.String(), count: Count() }), {
      description:
        'other files skipped (what a harness writes beside its results, hidden entries, links to what was already read), by name or extension, most first',
    }),
  },
  { description: 'the folders and globs walked: the results files read and the files skipped' },
);
