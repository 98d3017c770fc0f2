/**
 * The Node-only entry (`@passk/sim/node`): the multi-threaded runner that `passk simulate` and
 * `passk sweep` use. It starts worker threads (node:worker_threads), so it is kept apart from the
 * pure library (`@passk/sim`), which runs anywhere.
 */
export { runSimulation, type RunSimulationOptions } from './runSimulation.js';
export { StopSignal } from './stopSignal.js';
export { closeSimulationWorkers, idleSimulationWorkers, startSimulationWorkers } from './workerPool.js';
