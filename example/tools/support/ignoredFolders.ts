/** Folders that searches skip: dependencies and version-control internals. */
export const IGNORED_FOLDERS = ["node_modules", ".git"] as const;

/** The folders to skip, except those a glob pattern names explicitly (e.g. "node_modules/**"). */
export function skippedFolders(pattern = ""): string[] {
  const segments = pattern.split(/[\\/]/);
  return IGNORED_FOLDERS.filter((name) => !segments.includes(name));
}

/** The skipped folders as ignore globs. */
export function ignoredFolderGlobs(pattern: string): string[] {
  return skippedFolders(pattern).map((name) => `**/${name}/**`);
}
