// Writes random TypeBox declarations as TypeScript, for the extraction oracle: builder trees
// (String, Number, Integer, Boolean, Null, Any, Unknown, Literal, Array, Object, Optional,
// Union, Enum) with options, spelled through consts, spreads, namespace and default imports,
// for TypeBox 0.3x (`@sinclair/typebox`) and 1.x (`typebox`). Some trees hold a call the
// generator does not read (a builder it does not know, an argument that is not static): the
// tool is then declared with TypeBox, never read. What the text builds is left to TypeBox: the
// oracle imports the file and compares.
import type { Json } from "../properties/json.js";
import { Choices, Speller, type Beside } from "./spell.js";

export type TypeBoxLine = "0.3x" | "1.x";

/** Option keys and values a builder may take (some replace a key the builder sets itself). */
const OPTIONS: readonly [string, () => Json][] = [
  ["description", () => "The value."],
  ["title", () => "Value"],
  ["minimum", () => 0],
  ["maximum", () => 10.5],
  ["minLength", () => 1],
  ["pattern", () => "^[a-z]+$"],
  ["minItems", () => 1],
  ["default", () => ({ a: [1, "x", null] })],
  ["examples", () => ["a", "b"]],
  ["additionalProperties", () => false],
  ["format", () => "uri"],
  ["type", () => "string"],
  ["required", () => ["zz"]],
  ["properties", () => ({})],
  ["const", () => 3],
  ["1", () => "numeric key"],
];

const LEAVES = ["String", "Number", "Integer", "Boolean", "Null", "Any", "Unknown"] as const;
const ENUM_KEYS = ["A", "b", "1", "1.5", "-1", "", "NaN", "x y", "0x10"];
const PROPERTY_KEYS = ["path", "mode", "a b", "0", "10", "2", "1.5", "__x", "$ref"];

/** One random declaration: its files, and whether the generator should read it. */
export interface TypeBoxDeclaration {
  readonly files: Map<string, string>;
  readonly line: TypeBoxLine;
  /** False when some call in it is one the generator does not read. */
  readonly readable: boolean;
}

/** The tool file exports `tool = { name, parameters: <TypeBox> }`. */
export function typeBoxDeclaration(seed: number, toolName: string): TypeBoxDeclaration {
  return new TypeBoxWriter(new Choices(seed)).declaration(toolName);
}

class TypeBoxWriter {
  readonly #choices: Choices;
  readonly #speller: Speller;
  readonly #beside: Beside = { shared: [], sharedImports: [], helpers: [] };
  readonly #line: TypeBoxLine;
  /** How builders are called: `Type.` or another namespace's name. */
  readonly #prefix: string;
  readonly #imports: string[] = [];
  readonly #consts: string[] = [];
  #readable = true;
  #next = 0;

  constructor(choices: Choices) {
    this.#choices = choices;
    this.#speller = new Speller(choices, this.#beside);
    this.#line = choices.pick(["0.3x", "1.x"] as const);
    const module = this.#line === "0.3x" ? "@sinclair/typebox" : "typebox";
    const imports =
      this.#line === "0.3x"
        ? [
            [`import { Type } from "${module}";`, "Type"],
            [`import { Type as TB } from "${module}";`, "TB"],
            [`import * as TB from "${module}";`, "TB"],
          ]
        : [
            [`import { Type } from "${module}";`, "Type"],
            [`import Type from "${module}";`, "Type"],
            [`import * as T from "${module}";`, "T"],
          ];
    const [line, prefix] = choices.pick(imports);
    this.#imports.push(line!);
    this.#prefix = prefix!;
  }

  declaration(toolName: string): TypeBoxDeclaration {
    const root = this.#object(0);
    const lines = [
      ...this.#imports,
      ...this.#speller.importLines(),
      ...this.#speller.local,
      ...this.#consts,
      `export const tool = { name: ${JSON.stringify(toolName)}, parameters: ${root} };`,
      "",
    ];
    const files = new Map([
      ["tool.ts", lines.join("\n")],
      ["shared.ts", `${[...this.#beside.sharedImports, ...this.#beside.shared].join("\n")}\n`],
    ]);
    this.#beside.helpers.forEach((helper, i) =>
      files.set(`helper${i}.ts`, `${helper.join("\n")}\n`),
    );
    return { files, line: this.#line, readable: this.#readable };
  }

  /** A schema: a builder call, sometimes held by a const. */
  #schema(depth: number): string {
    const c = this.#choices;
    let code: string;
    const roll = depth >= 3 ? c.below(3) : c.below(9);
    if (roll <= 1) code = this.#leaf();
    else if (roll === 2) code = this.#literal();
    else if (roll === 3) code = this.#call("Array", [this.#schema(depth + 1)], true);
    else if (roll === 4) code = this.#object(depth + 1);
    else if (roll === 5) code = this.#union(depth);
    else if (roll === 6) code = this.#enum();
    else if (roll === 7) code = this.#unreadable();
    else code = this.#leaf();
    return this.#maybeConst(code);
  }

  #leaf(): string {
    return this.#call(this.#choices.pick(LEAVES), [], true);
  }

  #literal(): string {
    const value = this.#choices.pick<Json>(["utf8", "a b", 0, 2.5, -1, true, false]);
    return this.#call("Literal", [this.#speller.value(value)], true);
  }

  #object(depth: number): string {
    const c = this.#choices;
    const count = depth >= 3 ? c.below(2) : 1 + c.below(4);
    const keys = new Set<string>();
    while (keys.size < count) keys.add(c.pick(PROPERTY_KEYS));
    const entries = [...keys].map((key) => {
      let value = this.#line === "1.x" && c.chance(0.1) ? this.#plain() : this.#schema(depth + 1);
      if (c.chance(0.4)) value = this.#maybeConst(`${this.#prefix}.Optional(${value})`);
      return `${this.#speller.key(key)}: ${value}`;
    });
    return this.#call("Object", [`{ ${entries.join(", ")} }`], true);
  }

  /** A plain JSON Schema object among TypeBox's (1.x reads it as required). */
  #plain(): string {
    return this.#speller.value({ type: "string", description: "plain" });
  }

  #union(depth: number): string {
    const c = this.#choices;
    const count = c.below(4);
    const members: string[] = [];
    for (let i = 0; i < count; i++)
      members.push(c.chance(0.7) ? this.#literal() : this.#schema(depth + 1));
    return this.#call("Union", [`[${members.join(", ")}]`], true);
  }

  #enum(): string {
    const c = this.#choices;
    const entries: string[] = [];
    const keys = new Set<string>();
    const count = c.below(5);
    while (keys.size < count) keys.add(c.pick(ENUM_KEYS));
    for (const key of keys) {
      const value = c.pick<Json>(["a", "b", "a", 1, 0, 2.5]);
      entries.push(`${this.#speller.key(key)}: ${this.#speller.value(value)}`);
    }
    const object = `{ ${entries.join(", ")} }`;
    return this.#call(
      "Enum",
      [c.chance(0.5) ? this.#maybeConst(`${object} as const`) : object],
      true,
    );
  }

  /** A call the generator does not read: the tool is then declared with TypeBox. */
  #unreadable(): string {
    this.#readable = false;
    const c = this.#choices;
    if (c.chance(0.5)) return `${this.#prefix}.Record(${this.#prefix}.String(), ${this.#leaf()})`;
    const name = `LET${this.#next++}`;
    this.#consts.push(`let ${name} = { description: "changes" };`);
    return `${this.#prefix}.String(${name})`;
  }

  /** `<prefix>.<builder>(...args, options?)`, the options inline, in a const, or spread. */
  #call(builder: string, args: string[], takesOptions: boolean): string {
    const c = this.#choices;
    const all = [...args];
    if (takesOptions && c.chance(0.45)) all.push(this.#options());
    return `${this.#prefix}.${builder}(${all.join(", ")})`;
  }

  #options(): string {
    const c = this.#choices;
    const options: Record<string, Json> = {};
    const count = 1 + c.below(3);
    for (let i = 0; i < count; i++) {
      const [key, value] = c.pick(OPTIONS);
      options[key] = value();
    }
    const spelled = this.#speller.value(options);
    if (!c.chance(0.3)) return spelled;
    const name = `OPTIONS${this.#next++}`;
    this.#consts.push(`const ${name} = ${spelled};`);
    return c.chance(0.5) ? name : `{ ...${name}, description: "after a spread" }`;
  }

  #maybeConst(code: string): string {
    if (!this.#choices.chance(0.2)) return code;
    const name = `S${this.#next++}`;
    this.#consts.push(`const ${name} = ${code};`);
    return name;
  }
}
