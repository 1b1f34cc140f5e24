export type ModuleEdges = Map<string, Set<string>>;
export function moduleCycles(edges: ModuleEdges): string[][];
export function mutualPairs(edges: ModuleEdges): string[];
export function moduleGraph(
  modulesDir?: string,
  shared?: string[],
): {
  edges: ModuleEdges;
  via: Map<string, Set<string>>;
  repositoryImports: { line: string; shared: boolean }[];
  filesWithRepositoryImports: Set<string>;
  mutual: string[];
  cycles: string[][];
};
