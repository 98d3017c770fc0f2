import { basename } from 'node:path';
import type { FitDocument } from '../results/fitSchema.js';
import { OKABE_ITO, SERIES_COLOURS } from './theme.js';

/** How each model of `passk fit` is named on a chart. */
const MODEL_LABELS: Readonly<Record<FitDocument['chosen'], string>> = {
  betaBinomial: 'beta-binomial',
  zeroOneInflatedBetaBinomial: 'zero/one-inflated beta-binomial',
};

/** One fitted model of a `passk.fit` result, as the fit charts draw it. */
export interface ChartModel {
  /** Its name in the result (`models[i].name`). */
  readonly name: string;
  /** "beta-binomial". */
  readonly label: string;
  /** "beta-binomial (chosen, AIC 161.95)": the legend entry. */
  readonly legend: string;
  readonly chosen: boolean;
  readonly aic: number;
  readonly colour: string;
  /** Its index in `models`. */
  readonly index: number;
}

/**
 * The models of a fit result in their order, the chosen one in blue and the others in the next
 * series colours (never the observed data's black or grey).
 */
export function fittedModels(result: FitDocument): ChartModel[] {
  const others = SERIES_COLOURS.filter((colour) => colour !== OKABE_ITO.blue && colour !== OKABE_ITO.black);
  let next = 0;
  // models has at least one item (the schema's minItems).
  return result.models.map(({ name, aic }, index) => {
    const label = MODEL_LABELS[name];
    const isChosen = name === result.chosen;
    const colour = isChosen ? OKABE_ITO.blue : others[next++ % others.length]!;
    return { name, label, legend: `${label} (${isChosen ? 'chosen, ' : ''}AIC ${aic.toFixed(2)})`, chosen: isChosen, aic, colour, index };
  });
}

/** The chosen model (the first when the result names none of its models). */
export function chosenModel(models: readonly ChartModel[]): ChartModel {
  return models.find((model) => model.chosen) ?? models[0]!;
}

/** "50 tasks of gpt-4o-airline.json". */
export function fitSubject(result: FitDocument): string {
  return `${result.tasks} task${result.tasks === 1 ? '' : 's'} of ${basename(result.source.file)}`;
}
