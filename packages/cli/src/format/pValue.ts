// p-values in text: declared in the library, whose comparison sentences use them (compare/pValuePhrase.ts).
export { formatPValue, pValuePhrase } from '@passk/sim/internal';
