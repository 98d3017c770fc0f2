// seedrandom's Alea on its own (seedrandom/lib/alea.js, the module seedrandom's index re-exports as
// `seedrandom.alea`): the index also loads seedrandom's main generator, which loads node:crypto at
// once (about 4 ms of every start). @types/seedrandom declares only the index.
declare module 'seedrandom/lib/alea.js' {
  /** Alea (Johannes Baagøe's multiply-with-carry generator) keyed by `seed`. */
  export default function alea(seed: string): { int32(): number };
}
