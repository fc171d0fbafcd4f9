import { describe, expect, it, onTestFinished, vi } from "vitest";
import { askUserQuestionTool } from "../../../example/tools/askUserQuestion.js";
import type { AskUserRequest, AskUserResponse, HostServices } from "../../../example/types.js";
import { makeToolContext, type TestContext } from "../../helpers/context.js";

async function setup(host: HostServices = {}): Promise<TestContext> {
  const t = await makeToolContext({ host });
  onTestFinished(t.cleanup);
  return t;
}

function answeringWith(response: AskUserResponse) {
  return vi.fn(async (_request: AskUserRequest) => response);
}

const database = {
  question: "Which database should the service use?",
  header: "Database",
  options: [
    { label: "Postgres", description: "Relational, already used by billing." },
    { label: "SQLite" },
  ],
};
const features = {
  question: "Which features go into the first release?",
  header: "Scope",
  options: [{ label: "Login" }, { label: "Export" }, { label: "Search" }],
  multiSelect: true,
};

describe("AskUserQuestion", () => {
  it("keeps the declared keywords of questions, answers and metadata", () => {
    const properties = askUserQuestionTool.config.function.parameters!.properties!;
    expect(properties.questions).toMatchObject({ type: "array", minItems: 1, maxItems: 4 });
    const item = properties.questions!.items as { properties: Record<string, object> };
    expect(item.properties.header).toMatchObject({ type: "string", maxLength: 12 });
    expect(item.properties.options).toMatchObject({ minItems: 2, maxItems: 4 });
    expect(item.properties.multiSelect).toMatchObject({ type: "boolean", default: false });
    expect(properties.answers).toMatchObject({
      type: "object",
      additionalProperties: { type: "string" },
    });
    expect(properties.metadata).toMatchObject({
      type: "object",
      properties: { source: { type: "string" } },
    });
    expect(askUserQuestionTool.permission).toBe("none");
  });

  it("fails clearly when the host cannot ask the user", async () => {
    const { context } = await setup();
    expect(await askUserQuestionTool.execute({ questions: [database] }, context)).toEqual({
      success: false,
      content: "",
      error: "AskUserQuestion is not available: the host has not provided a way to ask the user.",
    });
  });

  it("asks through the host and gives the model the answers", async () => {
    const askUser = answeringWith({
      answers: {
        "Which database should the service use?": "Postgres",
        "Which features go into the first release?": "Login, Search",
      },
    });
    const { context } = await setup({ askUser });
    const result = await askUserQuestionTool.execute(
      {
        questions: [database, features],
        answers: { "Which database should the service use?": "Postgres" },
        metadata: { source: "planning" },
      },
      context,
    );
    expect(result).toMatchObject({
      success: true,
      content: [
        "The user answered your questions:",
        '"Which database should the service use?" = "Postgres"',
        '"Which features go into the first release?" = "Login, Search"',
        "Continue with these answers in mind.",
      ].join("\n"),
    });
    const request = askUser.mock.calls[0]![0];
    expect(request.questions).toEqual([
      { ...database, multiSelect: false },
      { ...features, multiSelect: true },
    ]);
    expect(request.answers).toEqual({ "Which database should the service use?": "Postgres" });
    expect(request.source).toBe("planning");
  });

  it("marks questions left unanswered", async () => {
    const { context } = await setup({ askUser: answeringWith({ answers: {} }) });
    const result = await askUserQuestionTool.execute({ questions: [database] }, context);
    expect(result.content).toContain('"Which database should the service use?" = (no answer)');
  });

  it("fails when the user declines", async () => {
    const { context } = await setup({ askUser: answeringWith({ answers: {}, declined: true }) });
    expect((await askUserQuestionTool.execute({ questions: [database] }, context)).error).toBe(
      "The user declined to answer the questions. Go on without the answers or ask differently.",
    );
  });

  it("refuses no questions, repeated questions and repeated options", async () => {
    const askUser = answeringWith({ answers: {} });
    const { context } = await setup({ askUser });
    expect((await askUserQuestionTool.execute({ questions: [] }, context)).error).toBe(
      "Ask at least one question.",
    );
    expect(
      (await askUserQuestionTool.execute({ questions: [database, database] }, context)).error,
    ).toBe(
      'Each question must be different: "Which database should the service use?" appears twice.',
    );
    const repeated = { ...features, options: [{ label: "Login" }, { label: "Login" }] };
    expect((await askUserQuestionTool.execute({ questions: [repeated] }, context)).error).toBe(
      'Each option of "Which features go into the first release?" must be different: "Login" appears twice.',
    );
    expect(askUser).not.toHaveBeenCalled();
  });

  it("reports a host that fails to ask", async () => {
    const { context } = await setup({
      askUser: async () => {
        throw new Error("no terminal attached");
      },
    });
    expect((await askUserQuestionTool.execute({ questions: [database] }, context)).error).toBe(
      "The questions could not be asked: no terminal attached",
    );
  });
});
