/**
 * A rendered chart's SVG made fit to sit inline among others in one HTML page: no XML prolog,
 * and every id (clip paths, gradients) prefixed with `prefix` along with its references, so the
 * ids of two charts cannot collide.
 * Example: inlineSvg('<svg><clipPath id="clip1"/><g clip-path="url(#clip1)"/></svg>', 'c2-')
 * = '<svg><clipPath id="c2-clip1"/><g clip-path="url(#c2-clip1)"/></svg>'.
 */
export function inlineSvg(svg: string, prefix: string): string {
  return svg
    .replace(/^\s*<\?xml[^>]*\?>\s*/, '')
    .replace(/\sid="([^"]+)"/g, (_, id: string) => ` id="${prefix}${id}"`)
    .replace(/url\((['"]?)#([^)'"]+)\1\)/g, (_, quote: string, id: string) => `url(${quote}#${prefix}${id}${quote})`)
    .replace(/(\s(?:xlink:)?href)="#([^"]+)"/g, (_, attribute: string, id: string) => `${attribute}="#${prefix}${id}"`);
}
