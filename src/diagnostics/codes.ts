// CONTRACT.md section 8 (the table of diagnostic codes).
/**
 * Every diagnostic the generator can report, in one table: its code, whether it fails the run,
 * and what it means. Ranges: TV1xxx reading source files, TV2xxx schemas, TV3xxx files, tool
 * sets and the output folder, TV4xxx argument reads in `execute`. Codes with a `1` in the
 * hundreds (TV2102, TV4101) are warnings; all others are errors. CONTRACT.md lists the same
 * table for users; a test keeps the two equal.
 */
export const DIAGNOSTIC_CODES = {
  TV1001: { severity: "error", meaning: "Part of an object literal cannot be read statically." },
  TV1002: { severity: "error", meaning: "The tool's name cannot be read." },
  TV1003: { severity: "error", meaning: "The tool object has no name where its shape holds it." },
  TV1004: {
    severity: "error",
    meaning:
      "The places that name one tool disagree (`name` and `config.function.name`, two keys).",
  },
  TV1005: { severity: "error", meaning: "A file that is read has a syntax error." },
  TV1006: { severity: "error", meaning: "A file that is read is not UTF-8 (or cannot be read)." },
  TV1007: { severity: "error", meaning: "A number JSON cannot carry (Infinity, NaN)." },
  TV1008: {
    severity: "error",
    meaning:
      "A spread, computed key or accessor that cannot be read could set a key the tool needs.",
  },
  TV1009: {
    severity: "error",
    meaning: "A value or file nested too deeply (or too large) to be read.",
  },
  TV1010: {
    severity: "error",
    meaning: "An object has the shapes of two tools (two schema keys side by side, two shapes).",
  },
  TV2001: { severity: "error", meaning: "A schema or keyword value is not statically known." },
  TV2002: { severity: "error", meaning: "A schema is not an object or a boolean." },
  TV2003: { severity: "error", meaning: "Unknown type name." },
  TV2004: { severity: "error", meaning: "`type` is not a type name or an array of them." },
  TV2005: { severity: "error", meaning: "`nullable` is not true or false." },
  TV2006: {
    severity: "error",
    meaning: "A required key is not declared where undeclared keys are rejected.",
  },
  TV2007: { severity: "error", meaning: "`enum` is not an array." },
  TV2008: { severity: "error", meaning: "`enum` is empty." },
  TV2009: { severity: "error", meaning: "`properties` is not an object." },
  TV2010: { severity: "error", meaning: "A misspelt enforced keyword." },
  TV2011: { severity: "error", meaning: "`required` is not an array of strings." },
  TV2012: { severity: "error", meaning: "`additionalProperties` is not true, false or a schema." },
  TV2013: { severity: "error", meaning: "An enforced constraint keyword's value is malformed." },
  TV2014: {
    severity: "error",
    meaning: "An enforced `pattern` keeps too many states active to match in linear time.",
  },
  TV2020: { severity: "error", meaning: "The parameters do not describe an object." },
  TV2102: { severity: "warning", meaning: "An unknown keyword (not enforced)." },
  TV2103: { severity: "warning", meaning: "A documentation keyword is not statically known." },
  TV2104: { severity: "warning", meaning: "A type, enum value or required key listed twice." },
  TV2105: { severity: "warning", meaning: "An enum value that its `type` never accepts." },
  TV2106: {
    severity: "warning",
    meaning: "An enforced constraint keyword's value has no effect or repeats a key.",
  },
  TV2107: {
    severity: "warning",
    meaning: "An enforced `pattern` with a look-around or back-reference (not enforced).",
  },
  TV3001: { severity: "error", meaning: "No files match the tools globs." },
  TV3002: { severity: "error", meaning: "Two tools have the same name." },
  TV3003: { severity: "error", meaning: "The matched files hold no tool declaration." },
  TV3004: { severity: "error", meaning: "Two tools would have the same export or file name." },
  TV3005: {
    severity: "error",
    meaning: "The host compiles the output folder as CommonJS with verbatimModuleSyntax.",
  },
  TV3006: { severity: "error", meaning: "An export name given in the settings is not PascalCase." },
  TV3007: {
    severity: "error",
    meaning: "`excludeFiles` leaves out every file the tools globs match.",
  },
  TV3008: { severity: "error", meaning: "`excludeTools` leaves out every tool found." },
  TV3101: { severity: "warning", meaning: "An exclusion leaves out nothing." },
  TV3102: {
    severity: "warning",
    meaning:
      "The matched files hold tools, but none declared with JSON Schema: no validator is written.",
  },
  TV4001: { severity: "error", meaning: "`execute` reads an argument the declaration lacks." },
  TV4101: { severity: "warning", meaning: "An argument read in `execute` cannot be followed." },
} as const satisfies Record<string, { severity: "error" | "warning"; meaning: string }>;

export type DiagnosticCode = keyof typeof DIAGNOSTIC_CODES;
