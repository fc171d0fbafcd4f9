// Compiled validators for random schemas, both ours (through the real generator) and ajv's,
// in both modes. Many schemas are compiled in one generator run; a schema met later (while
// fast-check shrinks a failure) is compiled on its own.
import { Ajv, type ValidateFunction } from "ajv";
import type { ValidationIssue } from "../../generated/types.js";
import { compileSchemas, type CompiledSchemas } from "../helpers/compile.js";
import { toAjvSchema, type Mode } from "./ajvTransform.js";
import type { Schema } from "./schemas.js";

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether some object key inside `value` holds a lone surrogate. */
function hasLoneSurrogateKey(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return false;
  if (Array.isArray(value)) return value.some(hasLoneSurrogateKey);
  return Object.keys(value).some(
    (key) =>
      LONE_SURROGATE.test(key) || hasLoneSurrogateKey((value as Record<string, unknown>)[key]),
  );
}

export const MODES: readonly Mode[] = ["strict", "standard"];

export interface Compiled {
  /** The schema as given to the generator. */
  readonly schema: Schema;
  ours(mode: Mode, args: unknown): ValidationIssue[] | undefined;
  /** Undefined where ajv cannot compile the schema. */
  ajv(mode: Mode): ValidateFunction | undefined;
  ajvSchema(mode: Mode): Schema;
}

export class Registry {
  readonly #byText = new Map<string, Compiled>();
  readonly #outputs: CompiledSchemas[] = [];
  readonly #ajv = new Ajv({ allErrors: true, ownProperties: true, strict: false });
  #next = 0;
  /** Schemas compiled one at a time (not in a batch). */
  misses = 0;
  /** Schemas (per mode) ajv could not compile. */
  ajvSkipped = 0;

  /** Compiles every schema not yet compiled, all in one generator run per mode. */
  async addAll(schemas: readonly Schema[]): Promise<void> {
    const fresh = new Map<string, Schema>();
    for (const schema of schemas) {
      const text = JSON.stringify(schema);
      if (!this.#byText.has(text)) fresh.set(text, schema);
    }
    if (fresh.size === 0) return;
    const named = [...fresh].map(([text, schema]) => ({
      text,
      schema,
      name: `tool${this.#next++}`,
    }));
    const compiled: Partial<Record<Mode, CompiledSchemas>> = {};
    for (const mode of MODES) {
      const output = await compileSchemas(
        named.map(({ name, schema }) => ({ name, schema })),
        mode,
      );
      this.#outputs.push(output);
      compiled[mode] = output;
    }
    for (const { text, schema, name } of named) {
      const ajvSchemas = {
        strict: toAjvSchema(schema, "strict"),
        standard: toAjvSchema(schema, "standard"),
      };
      const ajvValidators = {
        strict: this.#ajvCompile(ajvSchemas.strict),
        standard: this.#ajvCompile(ajvSchemas.standard),
      };
      const strict = compiled.strict!;
      const standard = compiled.standard!;
      if (!strict.hasValidator(name) || !standard.hasValidator(name))
        throw new Error(`no validator was generated for ${name}`);
      this.#byText.set(text, {
        schema,
        ours: (mode, args) => (mode === "strict" ? strict : standard).validateToolArgs(name, args),
        ajv: (mode) => ajvValidators[mode],
        ajvSchema: (mode) => ajvSchemas[mode],
      });
    }
  }

  /**
   * ajv cannot compile a property key holding a lone surrogate (it builds a URI fragment from
   * every key): such schemas get no ajv validator and are left to the reference interpreter.
   */
  #ajvCompile(schema: Schema): ValidateFunction | undefined {
    if (hasLoneSurrogateKey(schema)) {
      this.ajvSkipped++;
      return undefined;
    }
    return this.#ajv.compile(schema);
  }

  async get(schema: Schema): Promise<Compiled> {
    const text = JSON.stringify(schema);
    let found = this.#byText.get(text);
    if (!found) {
      this.misses++;
      await this.addAll([schema]);
      found = this.#byText.get(text)!;
    }
    return found;
  }

  async cleanup(): Promise<void> {
    await Promise.all(this.#outputs.map((output) => output.cleanup()));
  }
}
