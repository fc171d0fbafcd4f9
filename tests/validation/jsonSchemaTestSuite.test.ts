// Proof 1: the official JSON-Schema-Test-Suite (drafts 7 and 2020-12) through the real generator
// in standard mode, twice: the files of the default subset's keywords with nothing opt-in
// enforced, and every file (the opt-in constraint keywords' too) with `enforce: "all"`. Each
// case runs through the generated validator and the generated type guard (both must agree with
// the suite). Every case of a group whose schema uses only enforced keywords must
// pass; every skipped group is listed with its reason, and the lists are checked, so that
// nothing is ever skipped silently.
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { KEYWORDS, OPT_IN_KEYWORDS } from "../../src/keywords/registry.js";
import { generateFromSchemas } from "../../src/pipeline/generate.js";
import { notEnforcedText } from "../../src/run/messages.js";
import { compileSchemas, type CompiledSchemas } from "../helpers/compile.js";

const SUITE = path.resolve(import.meta.dirname, "../fixtures/json-schema-test-suite");

interface SuiteGroup {
  description: string;
  schema: unknown;
  tests: { description: string; data: unknown; valid: boolean }[];
}

/** The files of the keywords enforced by default (the registry's that are not opt-in). */
const DEFAULT_FILES = KEYWORDS.filter((keyword) => !keyword.optIn).flatMap((k) => k.keywords);

interface Run {
  readonly label: string;
  readonly enforce: readonly string[];
  readonly groups: readonly { id: string; group: SuiteGroup }[];
  readonly rejected: ReadonlyMap<string, string>;
  readonly compiled: CompiledSchemas;
  readonly skipped: string[];
  casesRun: number;
}

function readGroups(only: readonly string[] | undefined): { id: string; group: SuiteGroup }[] {
  const groups: { id: string; group: SuiteGroup }[] = [];
  for (const draft of ["draft7", "draft2020-12"]) {
    for (const file of fs.readdirSync(path.join(SUITE, draft)).sort()) {
      if (only && !only.includes(file.replace(/\.json$/, ""))) continue;
      const parsed = JSON.parse(
        fs.readFileSync(path.join(SUITE, draft, file), "utf8"),
      ) as SuiteGroup[];
      parsed.forEach((group, index) => groups.push({ id: `${draft}/${file}#${index}`, group }));
    }
  }
  return groups;
}

/**
 * Each group's schema is a "tool" named by its id. Schemas the generator refuses as
 * declarations (an empty `enum`, a pattern vulnerable to ReDoS) are left out with the error.
 */
async function prepare(
  label: string,
  only: readonly string[] | undefined,
  enforce: readonly string[],
): Promise<Run> {
  const groups = readGroups(only);
  const schemas = groups.map(({ id, group }) => ({ name: id, schema: group.schema }));
  const rejected = new Map<string, string>();
  const checked = await generateFromSchemas(schemas, {
    mode: "standard",
    enforce,
    formatter: "none",
  });
  for (const d of checked.diagnostics) {
    if (d.severity === "error" && !rejected.has(d.tool!))
      rejected.set(d.tool!, `${d.code} ${d.schemaPath}: ${d.message}`);
  }
  const compiled = await compileSchemas(
    schemas.filter(({ name }) => !rejected.has(name)),
    "standard",
    { enforce },
  );
  return { label, enforce, groups, rejected, compiled, skipped: [], casesRun: 0 };
}

const runs = [
  await prepare("the default subset", DEFAULT_FILES, []),
  await prepare('enforce "all"', undefined, OPT_IN_KEYWORDS),
];
afterAll(() => Promise.all(runs.map((run) => run.compiled.cleanup())));

/** Why a group cannot be decided by the enforced keywords alone (undefined: it can). */
function skipReason(run: Run, id: string): string | undefined {
  if (run.rejected.has(id))
    return `the generator rejects the declaration (${run.rejected.get(id)})`;
  const tool = run.compiled.tools.find((t) => t.name === id)!;
  if (tool.notEnforced.length === 0) return undefined;
  return `uses what is not enforced: ${tool.notEnforced.map(notEnforcedText).join(", ")}`;
}

describe.each(runs)("$label", (run) => {
  describe.each(run.groups)("$id $group.description", ({ id, group }) => {
    const reason = skipReason(run, id);
    if (reason !== undefined) {
      run.skipped.push(`${id} (${group.description}): ${reason}`);
      it.skip(`skipped: ${reason}`, () => {});
      return;
    }
    it.each(group.tests)("$description", (test) => {
      run.casesRun++;
      const issues = run.compiled.validateToolArgs(id, test.data);
      const context = JSON.stringify({ schema: group.schema, data: test.data, issues });
      expect(issues === undefined, context).toBe(test.valid);
      expect(run.compiled.guard(id)(test.data), context).toBe(test.valid);
    });
  });
});

describe("the suite run as a whole", () => {
  it("skips only the groups listed here, each for its reason", () => {
    expect(runs[0]!.skipped).toEqual(EXPECTED_SKIPS);
    expect(runs[1]!.skipped).toEqual(EXPECTED_SKIPS_ENFORCED);
  });

  it('runs every file with enforce "all", each of a keyword of the registry, each keyword of enforce among them', () => {
    const files = new Set(runs[1]!.groups.map(({ id }) => id.replace(/#\d+$/, "")));
    for (const keyword of OPT_IN_KEYWORDS) {
      const draft2020 = `draft2020-12/${keyword}.json`;
      expect(files.has(draft2020), draft2020).toBe(true);
    }
    const known = KEYWORDS.flatMap((keyword) => keyword.keywords);
    for (const file of files) expect(known, file).toContain(/\/(\w+)\.json$/.exec(file)![1]);
  });
});

afterAll(() => {
  // Visible in the test output: what ran and what was skipped, and why.
  for (const run of runs)
    console.log(
      `JSON-Schema-Test-Suite, ${run.label}: ${run.casesRun} cases run in ${run.groups.length - run.skipped.length} groups; ${run.skipped.length} groups skipped:\n  ${run.skipped.join("\n  ")}`,
    );
});

const EXPECTED_SKIPS: string[] = [
  "draft7/additionalProperties.json#0 (additionalProperties being false does not allow other properties): uses what is not enforced: patternProperties at the top level, unknown keys at the top level (`patternProperties` may allow keys not declared here)",
  "draft7/additionalProperties.json#1 (non-ASCII pattern with additionalProperties): uses what is not enforced: patternProperties at the top level, unknown keys at the top level (`patternProperties` may allow keys not declared here)",
  "draft7/additionalProperties.json#5 (additionalProperties does not look in applicators): uses what is not enforced: allOf at the top level, unknown keys at the top level (`allOf` may allow keys not declared here)",
  "draft7/items.json#1 (an array of schemas for items): uses what is not enforced: items at the top level (the tuple form is not enforced)",
  "draft7/items.json#4 (items with boolean schemas): uses what is not enforced: items at the top level (the tuple form is not enforced)",
  "draft7/items.json#5 (items and subitems): uses what is not enforced: additionalItems at the top level, items at the top level (the tuple form is not enforced)",
  "draft7/items.json#8 (array-form items with null instance elements): uses what is not enforced: items at the top level (the tuple form is not enforced)",
  "draft7/properties.json#1 (properties, patternProperties, additionalProperties interaction): uses what is not enforced: patternProperties at the top level, maxItems at foo, unknown keys at the top level (`patternProperties` may allow keys not declared here)",
  "draft2020-12/additionalProperties.json#0 (additionalProperties being false does not allow other properties): uses what is not enforced: patternProperties at the top level, unknown keys at the top level (`patternProperties` may allow keys not declared here)",
  "draft2020-12/additionalProperties.json#1 (non-ASCII pattern with additionalProperties): uses what is not enforced: patternProperties at the top level, unknown keys at the top level (`patternProperties` may allow keys not declared here)",
  "draft2020-12/additionalProperties.json#5 (additionalProperties does not look in applicators): uses what is not enforced: allOf at the top level, unknown keys at the top level (`allOf` may allow keys not declared here)",
  "draft2020-12/additionalProperties.json#7 (additionalProperties with propertyNames): uses what is not enforced: propertyNames at the top level",
  "draft2020-12/additionalProperties.json#8 (dependentSchemas with additionalProperties): uses what is not enforced: dependentSchemas at the top level, unknown keys at the top level (`dependentSchemas` may allow keys not declared here)",
  "draft2020-12/enum.json#14 (empty enum): the generator rejects the declaration (TV2008 parameters.enum: `enum` is empty: no value could ever be accepted.)",
  "draft2020-12/items.json#3 (items and subitems): uses what is not enforced: prefixItems at the top level, items at the top level (`items` after `prefixItems` is not enforced)",
  "draft2020-12/items.json#5 (prefixItems with no additional items allowed): uses what is not enforced: prefixItems at the top level, items at the top level (`items` after `prefixItems` is not enforced)",
  "draft2020-12/items.json#6 (items does not look in applicators, valid case): uses what is not enforced: allOf at the top level, minimum at []",
  "draft2020-12/items.json#7 (prefixItems validation adjusts the starting index for items): uses what is not enforced: prefixItems at the top level, items at the top level (`items` after `prefixItems` is not enforced)",
  "draft2020-12/items.json#8 (items with heterogeneous array): uses what is not enforced: prefixItems at the top level, items at the top level (`items` after `prefixItems` is not enforced)",
  "draft2020-12/properties.json#1 (properties, patternProperties, additionalProperties interaction): uses what is not enforced: patternProperties at the top level, maxItems at foo, unknown keys at the top level (`patternProperties` may allow keys not declared here)",
];

// With every opt-in keyword enforced, what is left needs keywords no `enforce` list can name:
// applicators (`allOf`), references (`$ref`), `patternProperties`, `propertyNames`, and schemas
// as dependencies (draft-07's `dependencies` with schemas, 2020-12's `dependentSchemas`).
const EXPECTED_SKIPS_ENFORCED: string[] = [
  "draft7/additionalItems.json#6 (additionalItems does not look in applicators, invalid case): uses what is not enforced: allOf at the top level",
  "draft7/additionalProperties.json#0 (additionalProperties being false does not allow other properties): uses what is not enforced: patternProperties at the top level, unknown keys at the top level (`patternProperties` may allow keys not declared here)",
  "draft7/additionalProperties.json#1 (non-ASCII pattern with additionalProperties): uses what is not enforced: patternProperties at the top level, unknown keys at the top level (`patternProperties` may allow keys not declared here)",
  "draft7/additionalProperties.json#5 (additionalProperties does not look in applicators): uses what is not enforced: allOf at the top level, unknown keys at the top level (`allOf` may allow keys not declared here)",
  "draft7/dependencies.json#3 (multiple dependencies subschema): uses what is not enforced: dependencies at the top level (`dependencies` with schemas (draft-07's `dependentSchemas`) is not enforced)",
  "draft7/dependencies.json#4 (dependencies with boolean subschemas): uses what is not enforced: dependencies at the top level (`dependencies` with schemas (draft-07's `dependentSchemas`) is not enforced)",
  "draft7/dependencies.json#5 (dependencies with escaped characters): uses what is not enforced: dependencies at the top level (`dependencies` with schemas (draft-07's `dependentSchemas`) is not enforced)",
  "draft7/dependencies.json#6 (dependent subschema incompatible with root): uses what is not enforced: dependencies at the top level (`dependencies` with schemas (draft-07's `dependentSchemas`) is not enforced)",
  "draft7/items.json#5 (items and subitems): uses what is not enforced: $ref at [0], $ref at [1], $ref at [2]",
  "draft7/properties.json#1 (properties, patternProperties, additionalProperties interaction): uses what is not enforced: patternProperties at the top level, unknown keys at the top level (`patternProperties` may allow keys not declared here)",
  "draft2020-12/additionalProperties.json#0 (additionalProperties being false does not allow other properties): uses what is not enforced: patternProperties at the top level, unknown keys at the top level (`patternProperties` may allow keys not declared here)",
  "draft2020-12/additionalProperties.json#1 (non-ASCII pattern with additionalProperties): uses what is not enforced: patternProperties at the top level, unknown keys at the top level (`patternProperties` may allow keys not declared here)",
  "draft2020-12/additionalProperties.json#5 (additionalProperties does not look in applicators): uses what is not enforced: allOf at the top level, unknown keys at the top level (`allOf` may allow keys not declared here)",
  "draft2020-12/additionalProperties.json#7 (additionalProperties with propertyNames): uses what is not enforced: propertyNames at the top level",
  "draft2020-12/additionalProperties.json#8 (dependentSchemas with additionalProperties): uses what is not enforced: dependentSchemas at the top level, unknown keys at the top level (`dependentSchemas` may allow keys not declared here)",
  "draft2020-12/enum.json#14 (empty enum): the generator rejects the declaration (TV2008 parameters.enum: `enum` is empty: no value could ever be accepted.)",
  "draft2020-12/items.json#3 (items and subitems): uses what is not enforced: $ref at [0], $ref at [1], $ref at [2]",
  "draft2020-12/items.json#6 (items does not look in applicators, valid case): uses what is not enforced: allOf at the top level",
  "draft2020-12/properties.json#1 (properties, patternProperties, additionalProperties interaction): uses what is not enforced: patternProperties at the top level, unknown keys at the top level (`patternProperties` may allow keys not declared here)",
];
