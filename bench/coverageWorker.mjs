// A worker of bench/coverage.mjs: measures the cells it is sent (bench/coverageCells.mjs).
import { parentPort } from 'node:worker_threads';
import { measureCell } from './coverageCells.mjs';

parentPort.on('message', (cell) => parentPort.postMessage(measureCell(cell)));
