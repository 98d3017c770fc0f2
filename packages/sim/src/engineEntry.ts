/**
 * The engine's entry for worker threads (`@passk/sim/engine`): only what a simulate worker needs,
 * so a worker loads these modules and their imports rather than the whole library (index.ts).
 */
export { resolveScenario } from './scenario/resolveScenario.js';
export { simulatePartial } from './engine/simulatePartial.js';
