import { describeHostileFileFuzz } from './hostileFilesFuzz.js';

// The slow suite's share of the hostile-file fuzz (hostileFilesFuzz.ts): the counts the fast file
// drew before the seventh pass; hostileFiles.fuzz.test.ts draws a third as many, other cases (the
// seed is random unless FC_SEED is set).
describeHostileFileFuzz({ scenarios: 60, vary: 80, edits: 150, documents: 60 });
