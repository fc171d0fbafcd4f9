/**
 * The report on validation logs (`npm run report`, and the installed command's `report`):
 * reading logs line by line and summarising them. It loads neither ts-morph nor prettier.
 */
export {
  REPORT_ERRORS,
  REPORT_OK,
  reportCommand,
  reportUsage,
  summariseLogs,
  type ReportIo,
} from "./command.js";
export { MAX_LINE_BYTES, parseRecord, readLog, type BadLine } from "./read.js";
export {
  DISTINCT_ENTRIES,
  FailureTally,
  LISTED_BAD_LINES,
  pathText,
  type FailureSummary,
  type HintCount,
  type IssueCode,
  type PathFailures,
  type StringsSummary,
  type TallyOptions,
  type ToolFailures,
  type TypeCount,
  type UnexpectedKey,
} from "./summary.js";
export { summaryPieces, summaryText } from "./text.js";
export { drained, jsonPieces, writePieces } from "./write.js";
export type { FailureRecord, RecordedIssue } from "../support/failures.js";
