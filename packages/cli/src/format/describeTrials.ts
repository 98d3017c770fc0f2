/** "8 trials each" or "3 to 8 trials per task": the trials per task of a results file. */
export function describeTrials(trials: { readonly min: number; readonly max: number }): string {
  return trials.min === trials.max ? `${trials.min} ${trials.min === 1 ? 'trial' : 'trials'} each` : `${trials.min} to ${trials.max} trials per task`;
}
