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
  /** Used by the policy explorer (optional: the p/k explorer's tests use elements without them). */
  hidden?: boolean;
  readonly clientWidth?: number;
  readonly parentElement?: ExplorerElement | null;
  setAttribute?(name: string, value: string): void;
}

/** The page's address and history, to keep the explorer's settings in the URL fragment. */
export interface ExplorerWindow {
  readonly location: { readonly hash: string };
  readonly history: { replaceState(data: unknown, unused: string, url: string): void };
  addEventListener(type: string, listener: () => void): void;
}

export interface ExplorerDocument {
  getElementById(id: string): ExplorerElement | null;
}
