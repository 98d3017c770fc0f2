// The bad-input catalogue of the results-file readers (estimate, fit, simulate --tasks-from read
// them the same way): one case per hostile or malformed input; see ./catalogue.ts for what each asserts.
import { catalogue, type BadInputCase } from './catalogue.js';

const cases: BadInputCase[] = [
  { name: 'CSV: ragged row', files: { 'r.csv': 'task,success\nt1,1,9\n' }, args: ['estimate', 'r.csv'], where: 'r.csv:2', rule: 'fields like the header', value: '3' },
  { name: 'missing file', args: ['estimate', 'nothere.csv'], where: 'nothere.csv', rule: 'must exist', value: 'nothere.csv' },
];

catalogue('results-file readers', cases);
