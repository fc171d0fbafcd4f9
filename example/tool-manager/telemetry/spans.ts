// Tool spans as wave-agent's tracing keeps them: `startToolSpan` opens the span of the tool
// being run, `endToolSpan` ends the one open; each span started must be ended, once.

export interface ToolSpan {
  readonly name: string;
  readonly args: Record<string, unknown>;
  ended?: SpanOutcome;
}

export interface SpanOutcome {
  readonly success: boolean;
  readonly error?: string;
  readonly durationMs: number;
}

const open: ToolSpan[] = [];
const ended: ToolSpan[] = [];

export function startToolSpan(name: string, args: Record<string, unknown>): void {
  open.push({ name, args });
}

export function endToolSpan(outcome: SpanOutcome): void {
  const span = open.pop();
  if (!span) throw new Error("endToolSpan: no span is open");
  span.ended = outcome;
  ended.push(span);
}

/** Spans started and not ended (a leak), and those ended, for tests. */
export function spans(): {
  readonly open: readonly ToolSpan[];
  readonly ended: readonly ToolSpan[];
} {
  return { open: [...open], ended: [...ended] };
}
