import path from "node:path";

/** Resolves a path the model gave against the working directory (absolute paths stay as they are). */
export function resolveInWorkdir(workdir: string, filePath: string): string {
  return path.resolve(workdir, filePath);
}
