export const CYCLE_ROOTS: string[];
export function resolveSpecifier(fromFile: string, spec: string, exists?: (path: string) => boolean): string | null;
export function importsOf(file: string, text: string, exists?: (path: string) => boolean): Set<string>;
export function importCycles(roots?: string[], overrides?: Map<string, string>): string[][];
