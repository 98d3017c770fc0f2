// A worker of bench/judgeCoverage.mjs: measures the cells it is sent (bench/judgeCoverageCells.mjs).
import { parentPort } from 'node:worker_threads';
import { measureJudgeCell, measureJudgeCompareCell } from './judgeCoverageCells.mjs';

parentPort.on('message', (cell) => parentPort.postMessage(cell.compare ? measureJudgeCompareCell(cell) : measureJudgeCell(cell)));
