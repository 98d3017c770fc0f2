import * as vitest from 'vitest';
import { describeExamples } from './docExamples.js';
const pages = (process.env.DOC_PAGES ?? '').split(',');
describeExamples('re-record', pages, vitest);
