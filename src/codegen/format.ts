import * as prettier from "prettier";
import type { OutputFile } from "./emit/files.js";

/**
 * Fixed options, not read from any configuration file: the same input must give byte-identical
 * output on every machine and in every folder. Shared by writing and by the drift check.
 */
const PRETTIER_OPTIONS: prettier.Options = {
  parser: "typescript",
  printWidth: 100,
  tabWidth: 2,
  useTabs: false,
  semi: true,
  singleQuote: false,
  trailingComma: "all",
  bracketSpacing: true,
  arrowParens: "always",
  endOfLine: "lf",
};

export async function formatFiles(files: readonly OutputFile[]): Promise<OutputFile[]> {
  return Promise.all(
    files.map(async (file) => {
      try {
        return { name: file.name, content: await prettier.format(file.content, PRETTIER_OPTIONS) };
      } catch (error) {
        // Only a generator bug can produce code prettier cannot parse: say which file.
        throw new Error(
          `internal error: generated ${file.name} is not valid TypeScript: ${(error as Error).message}`,
        );
      }
    }),
  );
}
