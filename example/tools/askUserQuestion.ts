import { errorMessage, failed } from "../core/results.js";
import type { ToolPlugin } from "./toolPlugin.js";
import type { UserQuestion } from "../core/types.js";
import { ASK_USER_QUESTION_TOOL_NAME } from "./names.js";
import type { AskUserQuestionArgs } from "../../generated/index.js";
import { hostServiceMissing } from "./support/hostService.js";
import { plural } from "./support/textStats.js";

const MAX_QUESTIONS = 4;
const MAX_OPTIONS = 4;
const MAX_HEADER_LENGTH = 12;

export const askUserQuestionTool: ToolPlugin<AskUserQuestionArgs> = {
  name: ASK_USER_QUESTION_TOOL_NAME,
  permission: "none",
  config: {
    type: "function",
    function: {
      name: ASK_USER_QUESTION_TOOL_NAME,
      description: `Asks the user up to ${MAX_QUESTIONS} multiple-choice questions and waits for the answers. Use it to settle a preference, a requirement or a choice between approaches before acting on a guess.
Each question offers 2 to ${MAX_OPTIONS} options; the user may always answer in their own words instead. Set multiSelect when several options may apply.`,
      parameters: {
        type: "object",
        properties: {
          questions: {
            type: "array",
            minItems: 1,
            maxItems: 4,
            description: "The questions to ask, in the order they are shown.",
            items: {
              type: "object",
              properties: {
                question: {
                  type: "string",
                  description: "The full question, ending with a question mark.",
                },
                header: {
                  type: "string",
                  maxLength: 12,
                  description: `A very short tag for the question (at most ${MAX_HEADER_LENGTH} characters), e.g. "Database".`,
                },
                options: {
                  type: "array",
                  minItems: 2,
                  maxItems: 4,
                  description: "The choices offered for this question.",
                  items: {
                    type: "object",
                    properties: {
                      label: {
                        type: "string",
                        description: "The choice as the user sees it, in a few words.",
                      },
                      description: {
                        type: "string",
                        description: "What choosing it means, or what follows from it.",
                      },
                    },
                    required: ["label"],
                  },
                },
                multiSelect: {
                  type: "boolean",
                  default: false,
                  description: "Whether the user may pick more than one option.",
                },
              },
              required: ["question", "header", "options"],
            },
          },
          answers: {
            type: "object",
            additionalProperties: { type: "string" },
            description:
              "Answers already collected for these questions, keyed by question text; the user sees them pre-filled.",
          },
          metadata: {
            type: "object",
            properties: {
              source: {
                type: "string",
                description: "What prompted the questions, for the host's records.",
              },
            },
            description: "Optional bookkeeping about the questions.",
          },
        },
        required: ["questions"],
      },
    },
  },
  async execute(args, context) {
    const { questions, answers, metadata } = args;
    const host = context.host;
    if (!host.askUser) {
      return hostServiceMissing(ASK_USER_QUESTION_TOOL_NAME, "a way to ask the user");
    }
    if (questions.length === 0) return failed("Ask at least one question.");
    // Answers come back keyed by question text, so two equal questions could not be told apart.
    let problem = findDuplicate(
      questions.map((q) => q.question),
      "question",
    );
    for (const q of questions) {
      problem ??= findDuplicate(
        q.options.map((o) => o.label),
        `option of "${q.question}"`,
      );
    }
    if (problem) return failed(problem);

    const asked: UserQuestion[] = questions.map((q) => ({
      question: q.question,
      header: q.header,
      options: q.options,
      multiSelect: q.multiSelect ?? false,
    }));
    let response;
    try {
      response = await host.askUser({
        questions: asked,
        answers,
        source: metadata?.source,
        signal: context.signal,
      });
    } catch (error) {
      return failed(`The questions could not be asked: ${errorMessage(error)}`);
    }
    if (response.declined) {
      return failed(
        "The user declined to answer the questions. Go on without the answers or ask differently.",
      );
    }
    const lines = asked.map((q) => {
      const answer = response.answers[q.question];
      return `"${q.question}" = ${answer === undefined || answer === "" ? "(no answer)" : `"${answer}"`}`;
    });
    return {
      success: true,
      content: `The user answered your questions:\n${lines.join("\n")}\nContinue with these answers in mind.`,
      shortResult: `${plural(asked.length, "question")} answered`,
      metadata: { answers: response.answers },
    };
  },
};

/** A sentence naming the first value that occurs twice, if any. */
function findDuplicate(values: string[], what: string): string | undefined {
  const seen = new Set<string>();
  for (const value of values) {
    if (seen.has(value)) return `Each ${what} must be different: "${value}" appears twice.`;
    seen.add(value);
  }
  return undefined;
}
