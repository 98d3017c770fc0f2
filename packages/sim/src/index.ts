// Public API of @passk/sim. Modules inside the package import each other directly, not via this file.
export { InputError, NotEstimableError } from './errors.js';
export type { Rng } from './rng/rng.js';
export { Xoshiro128 } from './rng/xoshiro128.js';
export { streamRng, type Seed } from './rng/streams.js';
