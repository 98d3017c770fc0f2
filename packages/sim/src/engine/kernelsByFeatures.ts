/**
 * Kernels made once per combination of the features they branch on, and kept for the process.
 * A kernel is a closure whose features are constants of its context: V8 compiles a function made
 * by one closure for that closure's context, so the branches of absent features drop out. A second
 * closure of the same function would have V8 compile it for any context, so a combination met
 * again reuses its kernel instead of making a new one (measured in the README, "Development").
 */
export class KernelsByFeatures<Kernel> {
  private readonly made = new Map<string, Kernel>();

  /** The kernel for `features` (their values in order make the key), made by `make` the first time. */
  get<Features extends object>(features: Features, make: (features: Features) => Kernel): Kernel {
    const key = Object.values(features).join();
    let kernel = this.made.get(key);
    if (kernel === undefined) {
      kernel = make(features);
      this.made.set(key, kernel);
    }
    return kernel;
  }
}
