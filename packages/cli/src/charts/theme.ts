import type { Config, TopLevelSpec } from 'vega-lite';
import { formatPercent } from '../format/percent.js';

/**
 * The one look of every passk chart: the Okabe–Ito palette (distinguishable with the common forms
 * of colour-blindness; Okabe & Ito 2008, "Color Universal Design"), percentages as percentages,
 * DejaVu Sans, titles left-aligned with the caption as a subtitle. The theme travels inside each
 * spec (`config`), so a spec pasted into another vega-lite tool looks the same.
 */

/** Okabe–Ito colours by name (yellow is kept out of lines and points: too pale on white). */
export const OKABE_ITO = {
  black: '#000000',
  orange: '#E69F00',
  skyBlue: '#56B4E9',
  bluishGreen: '#009E73',
  yellow: '#F0E442',
  blue: '#0072B2',
  vermillion: '#D55E00',
  reddishPurple: '#CC79A7',
} as const;

/** Series colours in order of use, for series that have no colour of their own (e.g. k, results). */
export const SERIES_COLOURS: readonly string[] = [
  OKABE_ITO.blue,
  OKABE_ITO.orange,
  OKABE_ITO.bluishGreen,
  OKABE_ITO.vermillion,
  OKABE_ITO.reddishPurple,
  OKABE_ITO.skyBlue,
  OKABE_ITO.black,
];

/** The neutral grey of annotations and reference lines. */
export const ANNOTATION_GREY = '#555555';
/** Vermillion darkened for text (labels of limit lines): 5.5:1 on white, AA for small text (Okabe–Ito's is 3.6:1). */
export const LABEL_VERMILLION = '#a83c00';

/**
 * DejaVu Sans ships with the package for PNG charts (chartFonts.ts) and comes with fontconfig on
 * Debian (fontconfig-config depends on fonts-dejavu-core), so SVG charts have it on every machine
 * that has chromium; Verdana has nearly the same widths elsewhere.
 */
export const FONT_FAMILY = 'DejaVu Sans, Verdana, sans-serif';
/** The family resvg falls back to when rasterising (the family of the fonts in chartFonts.ts). */
export const RENDER_FONT = 'DejaVu Sans';

/** d3-format of probability axes: 0 % … 100 %. */
export const PERCENT_FORMAT = '.0%';
/** d3-format of probabilities in tooltips. */
export const PERCENT_TOOLTIP_FORMAT = '.1%';

/** A probability as a short percentage for labels: 90%, 90.5%, 98.7% (at most one decimal). */
export function percentLabel(value: number): string {
  const percent = Number((value * 100).toFixed(1));
  if ((percent === 100 && value !== 1) || (percent === 0 && value !== 0)) return formatPercent(value);
  return `${percent}%`;
}

export const CHART_WIDTH = 600;
export const CHART_HEIGHT = 300;

/** The z of the ±error bars of Monte Carlo estimates: ±1.96 SE, a 95 % interval. */
export const ERROR_BAR_Z = 1.96;

const TITLE_FONT_SIZE = 15;
const SUBTITLE_FONT_SIZE = 11.5;
/**
 * Headless vega has no canvas to measure text and estimates a string's width as 0.8 × font size
 * per character (vega-scenegraph's estimateWidth), about 1.4 × the real width in DejaVu Sans. Titles
 * are wrapped so that even the estimate fits the chart's width; otherwise the layout would reserve
 * empty space to the right of the chart.
 */
const ESTIMATED_EM_PER_CHARACTER = 0.8;

/** Characters per line of a title or subtitle of `fontSize` in a chart `width` wide. */
function lineCharacters(width: number, fontSize: number): number {
  return Math.floor(width / (ESTIMATED_EM_PER_CHARACTER * fontSize));
}

const $SCHEMA = 'https://vega.github.io/schema/vega-lite/v6.json';

/** The vega-lite config of the theme. */
export function chartConfig(): Config {
  return {
    font: FONT_FAMILY,
    background: 'white',
    padding: 12,
    view: { stroke: '#dddddd' },
    title: {
      anchor: 'start',
      fontSize: TITLE_FONT_SIZE,
      fontWeight: 'bold',
      color: '#111111',
      subtitleFontSize: SUBTITLE_FONT_SIZE,
      subtitleColor: '#444444',
      subtitlePadding: 5,
      offset: 14,
    },
    axis: {
      labelFontSize: 11,
      labelColor: '#333333',
      titleFontSize: 12,
      titleFontWeight: 'normal',
      titleColor: '#222222',
      gridColor: '#e8e8e8',
      domainColor: '#888888',
      tickColor: '#888888',
      labelOverlap: true,
    },
    legend: {
      orient: 'bottom',
      direction: 'horizontal',
      labelFontSize: 11,
      titleFontSize: 11.5,
      titleFontWeight: 'normal',
      titleColor: '#222222',
      labelColor: '#333333',
      symbolStrokeWidth: 2,
      columnPadding: 14,
      labelLimit: 400,
    },
    header: { labelFontSize: 12.5, labelFontWeight: 'bold', titleFontSize: 12 },
    range: { category: [...SERIES_COLOURS] },
    line: { strokeWidth: 2 },
    point: { filled: true, size: 42 },
    text: { fontSize: 11 },
  };
}

/**
 * A complete chart spec: `$schema`, the title and the caption as its subtitle (both wrapped to the
 * chart's width), the caption as the accessible description, and the theme's config around `body`.
 */
export function themedSpec(title: string, caption: string, body: TopLevelSpec, width = CHART_WIDTH): TopLevelSpec {
  return {
    $schema: $SCHEMA,
    ...body,
    title: {
      text: wrapLine(title, lineCharacters(width, TITLE_FONT_SIZE)),
      subtitle: wrapLine(caption, lineCharacters(width, SUBTITLE_FONT_SIZE)),
    },
    description: `${title}. ${caption}`,
    config: chartConfig(),
  } as TopLevelSpec;
}

/** Splits `text` at spaces into lines of at most `width` characters (a longer word stays whole). */
export function wrapLine(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line === '' ? word : `${line} ${word}`;
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}
