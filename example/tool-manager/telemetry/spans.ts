// Tool spans as a tracing library would keep them: each span started must be ended, once.

export interface ToolSpan {
  readonly name: string;
  ended?: { readonly success: boolean };
}

const open = new Set<ToolSpan>();
const ended: ToolSpan[] = [];

export function startToolSpan(name: string): ToolSpan {
  const span: ToolSpan = { name };
  open.add(span);
  return span;
}

export function endToolSpan(span: ToolSpan, outcome: { success: boolean }): void {
  if (!open.delete(span)) throw new Error(`span ${span.name} ended twice`);
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
