/** File type shorthands for searches, each with the file-name extensions it stands for. */
export const FILE_TYPES: Readonly<Record<string, readonly string[]>> = {
  c: ["c", "h"],
  cpp: ["cpp", "cc", "cxx", "c++", "hpp", "hh", "hxx", "h"],
  cs: ["cs"],
  css: ["css", "scss", "sass", "less"],
  go: ["go"],
  html: ["html", "htm", "xhtml"],
  java: ["java"],
  js: ["js", "jsx", "mjs", "cjs"],
  json: ["json", "jsonc", "json5"],
  kotlin: ["kt", "kts"],
  md: ["md", "markdown", "mdx"],
  php: ["php"],
  py: ["py", "pyi"],
  rb: ["rb"],
  rust: ["rs"],
  sh: ["sh", "bash", "zsh"],
  sql: ["sql"],
  swift: ["swift"],
  toml: ["toml"],
  ts: ["ts", "tsx", "mts", "cts"],
  txt: ["txt"],
  xml: ["xml"],
  yaml: ["yaml", "yml"],
};

/** The same type under the names people also use for it. */
const ALIASES: Readonly<Record<string, string>> = {
  markdown: "md",
  python: "py",
  javascript: "js",
  typescript: "ts",
  ruby: "rb",
  rs: "rust",
  kt: "kotlin",
  yml: "yaml",
  bash: "sh",
  shell: "sh",
  "c++": "cpp",
  csharp: "cs",
};

/** The extensions of a type shorthand, or undefined when the shorthand is unknown. */
export function extensionsOfType(type: string): readonly string[] | undefined {
  const key = type.trim().toLowerCase();
  return FILE_TYPES[ALIASES[key] ?? key];
}

/** True when a file name ends with one of the extensions (compared without case). */
export function hasExtension(fileName: string, extensions: readonly string[]): boolean {
  const dot = fileName.lastIndexOf(".");
  if (dot <= 0) return false;
  return extensions.includes(fileName.slice(dot + 1).toLowerCase());
}
