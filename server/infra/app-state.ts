/**
 * Per-app state that a module keeps between requests (a buffer, a running job's status, an
 * advertiser), held by the app's context instead of module-level WeakMaps keyed by it: what an app
 * holds is listed in one place (`ctx.state.slots()`) and goes with the app. Each module declares
 * its slot once with `appSlot()`; the slot object is the key, so two modules never share one.
 */
export interface AppSlot<T> {
  /** A name for listing and logs (unique by convention: `<module>.<what>`). */
  readonly name: string;
  /** Phantom: the type of the value the slot holds. */
  readonly _type?: T;
}

/** Declares a slot of per-app state. */
export function appSlot<T>(name: string): AppSlot<T> {
  return Object.freeze({ name });
}

/** One app's slots and their values. */
export class AppState {
  private readonly values = new Map<AppSlot<unknown>, unknown>();

  /** The slot's value, or undefined when it has none. */
  get<T>(slot: AppSlot<T>): T | undefined {
    return this.values.get(slot) as T | undefined;
  }

  /** The slot's value, made by `make` the first time. */
  getOrMake<T>(slot: AppSlot<T>, make: () => T): T {
    if (this.values.has(slot)) return this.values.get(slot) as T;
    const value = make();
    this.values.set(slot, value);
    return value;
  }

  /** Sets the slot's value. */
  set<T>(slot: AppSlot<T>, value: T): void {
    this.values.set(slot, value);
  }

  /** Empties the slot. */
  delete(slot: AppSlot<unknown>): void {
    this.values.delete(slot);
  }

  /** The names of the slots that hold a value. */
  slots(): string[] {
    return [...this.values.keys()].map((s) => s.name);
  }
}
