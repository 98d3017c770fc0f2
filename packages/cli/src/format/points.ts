// Percentage points in text: declared in the library, whose comparison sentences use them (compare/points.ts).
export { formatPoints, formatPointsInterval } from '@passk/sim/internal';
