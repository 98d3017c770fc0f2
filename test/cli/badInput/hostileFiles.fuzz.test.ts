import { describeHostileFileFuzz } from './hostileFilesFuzz.js';

// Fuzzed scenario and shard files never reach exit 1 (the properties: hostileFilesFuzz.ts). The fast
// suite draws about a third of the cases the file drew before the seventh pass (60, 80, 150 and 60);
// hostileFiles.fuzz.slow.test.ts draws those full counts. The seed is random unless FC_SEED is set.
describeHostileFileFuzz({ scenarios: 20, vary: 25, edits: 50, documents: 20 });
