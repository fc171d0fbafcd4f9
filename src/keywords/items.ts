import { Code, code } from "../code/code.js";
import { readInto } from "../code/context.js";
import { entryOf, type StaticObject } from "../extract/values.js";
import {
  hasChecks,
  type KeywordDefinition,
  type SchemaNode,
  type SchemaReading,
} from "./definition.js";
import { joinKey } from "./reading.js";

/**
 * `items` (one schema): each element of an array is checked against it, path `name[i]`
 * (CONTRACT.md section 3). The tuple form (an array of schemas, or `items` after
 * `prefixItems`) is not enforced here: it is listed, or read by prefixItems.ts when that is
 * enforced. Issues are those of the element schema; `items` adds none of its own.
 */
export const itemsKeyword: KeywordDefinition<SchemaNode> = {
  keywords: ["items"],
  appliesTo: "array",
  read: readItems,
  children: (items) => [items],
  hasChecks: (items) => hasChecks(items),
  collect(ctx, items, array, path) {
    const { index, length, value } = loopNames(ctx.names);
    const loop = code`for (let ${index} = 0, ${length} = ${array}.length; ${index} < ${length}; ${index}++) {\n`;
    const elementPath = [...path, { local: index, type: "number" as const }];
    const checks = ctx.collect(items, value, elementPath);
    // A `false` schema rejects every element without reading it.
    if (items.never) return code`${loop}${checks}}\n`;
    return code`${loop}${readInto(ctx.module, value, array, index)}${checks}}\n`;
  },
  kindType: (items, types) => code`Array<${types.typeOf(items)}>`,
};

function loopNames(names: { next(prefix: "i" | "n" | "v"): Code }) {
  return { index: names.next("i"), length: names.next("n"), value: names.next("v") };
}

/** Reads `items`; undefined when absent or in a form that is not enforced (reported). */
function readItems(schema: StaticObject, reading: SchemaReading): SchemaNode | undefined {
  const entry = entryOf(schema, "items");
  if (!entry) return undefined;
  const path = joinKey(reading.schemaPath, "items");
  const value = entry.value;
  const { at } = reading;
  // With `prefixItems` enforced, the positional forms are read there (prefixItems.ts).
  if (
    reading.isEnforced("prefixItems") &&
    (value.kind === "array" || entryOf(schema, "prefixItems"))
  )
    return undefined;
  if (value.kind === "array") {
    reading.requireStatic(value, path);
    reading.notEnforced({ keyword: "items", at, note: "the tuple form is not enforced" });
    return undefined;
  }
  if (entryOf(schema, "prefixItems")) {
    reading.requireStatic(value, path);
    const note = "`items` after `prefixItems` is not enforced";
    reading.notEnforced({ keyword: "items", at, note });
    return undefined;
  }
  return reading.read(value, path, `${at}[]`);
}
