// CONTRACT.md section 3.1 (`enforce`: the opt-in keywords a host asks for).
import type { JsonValue } from "../extract/values.js";
import {
  accepted,
  describeJson,
  rejected,
  type RuleResult,
} from "../keywords/constraintReading.js";
import { OPT_IN_KEYWORDS } from "../keywords/registry.js";
import { nearest } from "../support/similarity.js";

/**
 * The `enforce` setting: `"all"`, or a list of the opt-in keywords (the registry's, each at
 * most once; an empty list enforces nothing beyond the default subset). The flag's text
 * (`--enforce minimum,pattern`) is split on commas first: see `parseEnforceFlag`.
 */
export function readEnforce(value: JsonValue): RuleResult<ReadonlySet<string>> {
  if (value === "all") return accepted(new Set(OPT_IN_KEYWORDS));
  if (!Array.isArray(value)) {
    return rejected(
      "enforce",
      `"enforce" must be "all" or a list of keywords, not ${describeJson(value)}; the keywords are ${keywordList()}`,
    );
  }
  const keywords = new Set<string>();
  for (const item of value) {
    if (typeof item !== "string") {
      return rejected("enforce", `"enforce" lists keywords by name, not ${describeJson(item)}`);
    }
    if (item === "all") {
      return rejected(
        "enforce",
        `"all" is the whole value of "enforce" ("enforce": "all"), not a list item`,
      );
    }
    if (!OPT_IN_KEYWORDS.includes(item)) {
      const suggestion = nearest(item, OPT_IN_KEYWORDS);
      return rejected(
        "enforce",
        `"enforce" names an unknown keyword ${JSON.stringify(item)}${suggestion === undefined ? "" : ` (did you mean "${suggestion}"?)`}; the keywords are ${keywordList()}`,
      );
    }
    keywords.add(item);
  }
  return accepted(keywords);
}

/** `--enforce minimum,maximum` or `--enforce all`: the flag's text as `readEnforce` reads it. */
export function parseEnforceFlag(text: string): RuleResult<ReadonlySet<string>> {
  const trimmed = text.trim();
  if (trimmed === "all") return readEnforce("all");
  const parts = trimmed.split(",").map((part) => part.trim());
  if (parts.some((part) => part === "")) {
    return rejected(
      "enforce",
      `--enforce takes "all" or keywords separated by commas, not ${JSON.stringify(text)}`,
    );
  }
  return readEnforce(parts);
}

function keywordList(): string {
  return OPT_IN_KEYWORDS.join(", ");
}
