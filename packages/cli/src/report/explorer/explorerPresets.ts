/** Starting values: the seeds' agent (p = 90 %, k = 8) and their 27-of-30 task. */
export const EXPLORER_START = Object.freeze({ p: 0.9, k: 8, n: 30, c: 27, calculatorK: 8, confidence: 0.95 });

/** The "common scenarios" buttons: the seeds' worked examples. */
export const EXPLORER_PRESETS: readonly { readonly label: string; readonly p: number; readonly k: number }[] = Object.freeze([
  { label: 'Support agent, 8 runs (p 90 %)', p: 0.9, k: 8 },
  { label: 'Code generation, 10 samples (p 30 %)', p: 0.3, k: 10 },
  { label: '5 runs at p 80 %', p: 0.8, k: 5 },
  { label: 'pass^8 ≥ 90 % needs p 98.7 %', p: 0.987, k: 8 },
]);
