import { escapeHtml } from '../report/escapeHtml.js';

/**
 * A rendered chart's SVG as an accessible image: role="img", a <title> and a <desc> (escaped) as its
 * first children and aria-labelledby pointing at both (ids `${id}-title`, `${id}-desc`); with
 * `variant`, the class chart-VARIANT is added to the root's classes (the report's wide / narrow).
 * Example: labelledSvg('<svg class="marks"><g/></svg>', 'c1', 'T', 'D', 'wide') =
 * '<svg class="marks chart-wide" role="img" aria-labelledby="c1-title c1-desc"><title id="c1-title">T</title><desc id="c1-desc">D</desc><g/></svg>'.
 */
export function labelledSvg(svg: string, id: string, title: string, description: string, variant?: string): string {
  return svg.replace(/^(\s*(?:<\?xml[^>]*\?>\s*)?)<svg([^>]*)>/, (_, prolog: string, attributes: string) => {
    const classed = variant === undefined ? attributes : attributes.replace(/\sclass="([^"]*)"/, ` class="$1 chart-${variant}"`);
    return `${prolog}<svg${classed} role="img" aria-labelledby="${id}-title ${id}-desc"><title id="${id}-title">${escapeHtml(title)}</title><desc id="${id}-desc">${escapeHtml(description)}</desc>`;
  });
}
