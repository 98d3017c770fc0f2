/** The modules `pnpm wasm` assembles: each one's .wat source and the TypeScript file of its bytes. */
export const WASM_MODULES: Record<'packedAliasKernel', { readonly source: URL; readonly target: URL; readonly constant: string }>;
/** The text of the generated TypeScript file of one of WASM_MODULES, for its current .wat file. */
export function wasmModuleSource(name: keyof typeof WASM_MODULES): Promise<string>;
