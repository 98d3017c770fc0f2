/**
 * The few DOM members the explorer script uses, typed here so the CLI package needs no DOM
 * library (its code runs in Node; only the bundled explorer runs in a browser).
 */
export interface ExplorerElement {
  value: string;
  textContent: string | null;
  innerHTML: string;
  getAttribute(name: string): string | null;
  addEventListener(type: string, listener: (event: { readonly target: unknown }) => void): void;
  querySelectorAll(selectors: string): ArrayLike<ExplorerElement>;
}

export interface ExplorerDocument {
  getElementById(id: string): ExplorerElement | null;
}
