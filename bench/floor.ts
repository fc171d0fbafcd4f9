// The floor: a walk, compiled per tool from its strict schema, that reads every own key and its
// value of every level the declaration declares (objects with properties or a schema for other
// keys, arrays with items, at any depth) and checks nothing: no type, no required key, no enum.
// Whatever a validator does on top of reading the call costs more than this; it is a reference
// for the timings, not a contender.
import type { Json, JsonObject } from "./schemas.js";

export type Walker = (args: unknown) => number;

export function floorWalker(schema: JsonObject): Walker {
  const functions: string[] = [];
  const root = levelOf(schema, functions);
  const body = `"use strict";
const own = Object.prototype.hasOwnProperty;
${functions.join("\n")}
return function floor(x) {
  return ${root === undefined ? "x === undefined ? 0 : 1" : `typeof x === "object" && x !== null ? ${root}(x) : 0`};
};`;
  return new Function(body)() as Walker;
}

/**
 * The name of the function that walks a value of this schema (given an object or array), or
 * undefined when the declaration declares no level there.
 */
function levelOf(schema: Json, functions: string[]): string | undefined {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) return undefined;
  const types = schema.type === undefined ? [] : ([] as Json[]).concat(schema.type);
  const objectLevel = types.includes("object") ? objectWalk(schema, functions) : undefined;
  const arrayLevel = types.includes("array") ? arrayWalk(schema, functions) : undefined;
  if (objectLevel === undefined && arrayLevel === undefined) return undefined;
  if (objectLevel === undefined || arrayLevel === undefined) return objectLevel ?? arrayLevel;
  const name = `l${functions.length}`;
  functions.push(
    `function ${name}(v) { return Array.isArray(v) ? ${arrayLevel}(v) : ${objectLevel}(v); }`,
  );
  return name;
}

function objectWalk(schema: JsonObject, functions: string[]): string | undefined {
  const properties = (schema.properties ?? undefined) as JsonObject | undefined;
  const additional = schema.additionalProperties;
  const hasAdditionalSchema = typeof additional === "object" && additional !== null;
  if (properties === undefined && !hasAdditionalSchema) return undefined;
  const declared = Object.entries(properties ?? {});
  const other = hasAdditionalSchema ? levelOf(additional, functions) : undefined;
  // A declared key's value is read in its case (as a validator reads it), any other key's in
  // the default case; nested levels are walked once the loop is done.
  const cases = declared.map(([key], i) => `case ${JSON.stringify(key)}: v${i} = o[k]; continue;`);
  const after = declared.map(([, value], i) => {
    const level = levelOf(value, functions);
    const count = `if (v${i} !== undefined) n++;`;
    return level === undefined
      ? count
      : `${count} if (typeof v${i} === "object" && v${i} !== null) n += ${level}(v${i});`;
  });
  const name = `o${functions.length}`;
  functions.push(`function ${name}(o) {
  let n = 0;
  ${declared.map((_, i) => `let v${i};`).join(" ")}
  for (const k in o) {
    if (!own.call(o, k)) continue;
    switch (k) {
      ${cases.join("\n      ")}
      default: {
        const v = o[k];
        if (v !== undefined) n++;${other === undefined ? "" : `\n        if (typeof v === "object" && v !== null) n += ${other}(v);`}
      }
    }
  }
  ${after.join("\n  ")}
  return n;
}`);
  return name;
}

function arrayWalk(schema: JsonObject, functions: string[]): string | undefined {
  if (schema.items === undefined) return undefined;
  const element = levelOf(schema.items, functions);
  const name = `a${functions.length}`;
  functions.push(`function ${name}(a) {
  if (!Array.isArray(a)) return 0;
  let n = 0;
  for (let i = 0; i < a.length; i++) {
    const e = a[i];
    n += e === undefined ? 0 : 1;${element === undefined ? "" : `\n    if (typeof e === "object" && e !== null) n += ${element}(e);`}
  }
  return n;
}`);
  return name;
}
