// The prettier options the printer reproduces, and their values.

/** Options as `prettier.resolveConfig(file, { editorconfig: true })` gives them, plus `filepath`. */
export type PrettierLikeOptions = Readonly<Record<string, unknown>>;

export interface FormatOptions {
  readonly printWidth: number;
  readonly tabWidth: number;
  readonly useTabs: boolean;
  readonly semi: boolean;
  readonly singleQuote: boolean;
  readonly quoteProps: "as-needed" | "consistent" | "preserve";
  readonly trailingComma: "all" | "es5" | "none";
  readonly bracketSpacing: boolean;
  readonly objectWrap: "preserve" | "collapse";
  readonly arrowParens: "always" | "avoid";
  readonly endOfLine: "lf" | "crlf" | "cr" | "auto";
  readonly experimentalTernaries: boolean;
  readonly experimentalOperatorPosition: "end" | "start";
}

const DEFAULTS: FormatOptions = {
  printWidth: 80,
  tabWidth: 2,
  useTabs: false,
  semi: true,
  singleQuote: false,
  quoteProps: "as-needed",
  trailingComma: "all",
  bracketSpacing: true,
  objectWrap: "preserve",
  arrowParens: "always",
  endOfLine: "lf",
  experimentalTernaries: false,
  experimentalOperatorPosition: "end",
};

const CHOICES: Partial<Record<keyof FormatOptions, readonly string[]>> = {
  quoteProps: ["as-needed", "consistent", "preserve"],
  trailingComma: ["all", "es5", "none"],
  objectWrap: ["preserve", "collapse"],
  arrowParens: ["always", "avoid"],
  endOfLine: ["lf", "crlf", "cr", "auto"],
  experimentalOperatorPosition: ["end", "start"],
};

const BOOLEANS = new Set([
  "useTabs",
  "semi",
  "singleQuote",
  "bracketSpacing",
  "experimentalTernaries",
]);

/** Options that change nothing in TypeScript, with the values prettier accepts for them. */
const IRRELEVANT: Record<string, (value: unknown) => boolean> = {
  bracketSameLine: (v) => typeof v === "boolean",
  jsxBracketSameLine: (v) => typeof v === "boolean",
  jsxSingleQuote: (v) => typeof v === "boolean",
  singleAttributePerLine: (v) => typeof v === "boolean",
  vueIndentScriptAndStyle: (v) => typeof v === "boolean",
  proseWrap: (v) => v === "always" || v === "never" || v === "preserve",
  htmlWhitespaceSensitivity: (v) => v === "css" || v === "strict" || v === "ignore",
  embeddedLanguageFormatting: (v) => v === "auto" || v === "off",
  insertPragma: (v) => v === false,
  requirePragma: (v) => v === false,
  checkIgnorePragma: (v) => v === false,
  rangeStart: (v) => v === 0,
  rangeEnd: (v) => v === Number.POSITIVE_INFINITY,
  cursorOffset: (v) => v === -1,
  plugins: (v) => v === undefined || (Array.isArray(v) && v.length === 0),
  parser: (v) => v === "typescript",
  $schema: (v) => typeof v === "string",
};

/**
 * The options the printer formats with, or undefined when some option or value is one it does
 * not reproduce (a plugin, another parser, a file that is not `.ts`, an unknown option).
 */
export function formatOptions(options: PrettierLikeOptions): FormatOptions | undefined {
  if (options === null || typeof options !== "object") return undefined;
  const result: Record<string, unknown> = { ...DEFAULTS };
  for (const [key, value] of Object.entries(options)) {
    if (value === undefined) continue;
    if (key === "filepath") {
      if (typeof value !== "string" || !/\.ts$/i.test(value) || /\.d\.ts$/i.test(value))
        return undefined;
      continue;
    }
    if (key in IRRELEVANT) {
      if (!IRRELEVANT[key]!(value)) return undefined;
      continue;
    }
    if (!(key in DEFAULTS)) return undefined;
    if (key === "printWidth") {
      if (!Number.isInteger(value) || (value as number) < 1 || (value as number) > 10_000)
        return undefined;
    } else if (key === "tabWidth") {
      if (!Number.isInteger(value) || (value as number) < 1 || (value as number) > 64)
        return undefined;
    } else if (BOOLEANS.has(key)) {
      if (typeof value !== "boolean") return undefined;
    } else if (!CHOICES[key as keyof FormatOptions]?.includes(value as string)) {
      return undefined;
    }
    result[key] = value;
  }
  if (typeof options.filepath !== "string") return undefined;
  return result as unknown as FormatOptions;
}

export function isSupportedOptions(options: PrettierLikeOptions): boolean {
  return formatOptions(options) !== undefined;
}
