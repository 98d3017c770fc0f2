// A worker of bench/coverage.mjs: measures the cells it is sent (bench/coverageCells.mjs).
import { parentPort } from 'node:worker_threads';
import { measureCell, measureCompareCell } from './coverageCells.mjs';

parentPort.on('message', (cell) => parentPort.postMessage(cell.compare ? measureCompareCell(cell) : measureCell(cell)));
