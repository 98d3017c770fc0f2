import { parentPort, workerData } from 'node:worker_threads';
import { countCsvRange, type CsvRangeTask } from './countCsvRange.js';

// Worker thread entry: counts one part of a delimited file (see countCsvRange) and posts the
// result, handing the counts' buffers over without a copy. A file error (or a bug) makes the
// worker fail; its 'error' event carries it to csvRangeRunner.
const result = await countCsvRange(workerData as CsvRangeTask);
if (result.ok === true) {
  const { arena, tasks } = result.state;
  // Copies that own whole buffers, so that they can be transferred.
  const owned = { ...result.state, arena: arena.slice(), tasks: tasks.slice() };
  const trials = result.trials === undefined ? undefined : { ...result.trials, bits: result.trials.bits.slice() };
  const transfer = [owned.arena.buffer, owned.tasks.buffer, ...(trials === undefined ? [] : [trials.bits.buffer])];
  parentPort!.postMessage({ ...result, state: owned, trials }, transfer);
} else {
  parentPort!.postMessage(result);
}
