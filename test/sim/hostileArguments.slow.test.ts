// Property (issue 43), slow share (`pnpm test:slow`): 2 800 hostile calls drawn from seed 44, beside
// the fast share's 300 from seed 43 (hostileArguments.test.ts, which also checks that the table is
// complete and its valid calls return). A study rather than a unit check: each run is one random
// (function, argument path, hostile value) triple out of every function of the table, its paths
// and 28 values, so only thousands of runs reach the rare ones; the table and the property are in
// hostileArguments.table.ts.
import { describe, it } from 'vitest';
import { checkHostileCalls } from './hostileArguments.table.js';

describe('every public function of @passk/sim, given hostile arguments (slow share)', () => {
  it('a hostile value anywhere in the arguments: a result without NaN, or one InputError (2 800 calls, seed 44)', () => {
    checkHostileCalls(2800, 44);
  }, 300_000);
});
