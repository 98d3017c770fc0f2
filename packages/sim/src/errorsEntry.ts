/**
 * Errors and input checks alone (`@passk/sim/errors`), for code that needs nothing else of the
 * library — e.g. the CLI's file readers in a worker thread, which then start without loading it all.
 */
export { InputError, NotEstimableError, describeValue } from './errors.js';
export { requireInteger, requireOpenUnit, requireUnit, requirePositive, requireNonNegative, requireCounts } from './checks.js';
export { suggestName } from './scenario/suggestName.js';
