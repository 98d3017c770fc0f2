/** Where `pnpm wasm` writes the kernel's bytes (packages/sim/src/engine/packedAliasKernelWasm.ts). */
export const TARGET: URL;
/** The text of packedAliasKernelWasm.ts for the current packedAliasKernel.wat. */
export function packedAliasKernelSource(): Promise<string>;
