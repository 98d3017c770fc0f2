import { describe, expect, it } from 'vitest';
import { inlineSvg } from '../../../packages/cli/src/report/inlineSvg.js';

// Expected: the same markup with every id and reference prefixed (written by hand).
describe('inlineSvg', () => {
  it('prefixes ids and their references so two charts on one page cannot collide', () => {
    const svg =
      '<?xml version="1.0"?>\n<svg><defs><clipPath id="clip1"><rect/></clipPath></defs><g clip-path="url(#clip1)"/><use href="#clip1"/><use xlink:href="#clip1"/><path fill="url(\'#clip1\')"/></svg>';
    expect(inlineSvg(svg, 'c2-')).toBe(
      '<svg><defs><clipPath id="c2-clip1"><rect/></clipPath></defs><g clip-path="url(#c2-clip1)"/><use href="#c2-clip1"/><use xlink:href="#c2-clip1"/><path fill="url(\'#c2-clip1\')"/></svg>',
    );
  });

  it('leaves an SVG without ids as it was', () => {
    expect(inlineSvg('<svg><text x="1">k = 8</text></svg>', 'c1-')).toBe('<svg><text x="1">k = 8</text></svg>');
  });
});
