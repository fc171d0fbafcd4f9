// The generated argument types: checked by `npm run typecheck` (the @ts-expect-error lines
// fail the type check if an undeclared read ever stops being an error) and by spawning the
// compiler on a tool that reads an undeclared parameter.
import fs from "node:fs/promises";
import path from "node:path";
import { describe, expect, expectTypeOf, it } from "vitest";
import {
  isTaskUpdateArgs,
  type AskUserQuestionArgs,
  type TaskUpdateArgs,
  type ToolArgsByName,
} from "../../generated/index.js";
import { REPO, run } from "../helpers/spawn.js";

function typeLevelChecks(args: TaskUpdateArgs, ask: AskUserQuestionArgs) {
  const id: string = args.taskId;
  // @ts-expect-error `id` is not a declared parameter of TaskUpdate
  void args.id;
  // @ts-expect-error `status` is one of the declared values
  const status: TaskUpdateArgs["status"] = "done";
  // @ts-expect-error optional keys may be absent
  const subject: string = args.subject;
  const label: string = ask.questions[0]!.options[0]!.label;
  // @ts-expect-error nested undeclared keys are errors too
  void ask.questions[0]!.colour;
  const answer: string | undefined = ask.answers?.["any question"];
  const metadata: Record<string, unknown> | undefined = args.metadata;
  return [id, status, subject, label, answer, metadata];
}
void typeLevelChecks;

describe("generated argument types", () => {
  it("map every validated tool to its type", () => {
    expectTypeOf<ToolArgsByName["TaskUpdate"]>().toEqualTypeOf<TaskUpdateArgs>();
  });

  it("narrow after a successful check", () => {
    const input: unknown = JSON.parse('{"taskId": "1", "status": "completed"}');
    if (!isTaskUpdateArgs(input)) throw new Error("expected valid arguments");
    expectTypeOf(input).toEqualTypeOf<TaskUpdateArgs>();
    expect(input.status).toBe("completed");
    expect(isTaskUpdateArgs({ id: "1" })).toBe(false);
  });

  it("make a tool that reads an undeclared parameter fail the type check", async () => {
    const dir = path.join(REPO, "tests/.tmp-types");
    await fs.mkdir(dir, { recursive: true });
    try {
      await fs.writeFile(
        path.join(dir, "tool.ts"),
        [
          'import type { TaskUpdateArgs } from "../../generated/index.js";',
          'import type { ToolPlugin } from "../../example/types.js";',
          "export const tool: Pick<ToolPlugin<TaskUpdateArgs>, 'execute'> = {",
          "  async execute(args) {",
          "    return { success: true, content: String(args.id) };",
          "  },",
          "};",
          "",
        ].join("\n"),
      );
      await fs.writeFile(
        path.join(dir, "tsconfig.json"),
        JSON.stringify({
          extends: "../../tsconfig.json",
          include: ["tool.ts"],
          // The project's exclude (tests/.tmp-*) would leave out this very file.
          exclude: [],
          compilerOptions: { noEmit: true },
        }),
      );
      const result = await run(
        process.execPath,
        [path.join(REPO, "node_modules/typescript/bin/tsc"), "-p", path.join(dir, "tsconfig.json")],
        REPO,
      );
      expect(result.code).not.toBe(0);
      expect(result.stdout).toMatch(
        /tool\.ts\(5,50\): error TS2339: Property 'id' does not exist on type/,
      );
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
