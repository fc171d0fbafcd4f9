/**
 * A short line diff of two texts: the changed region between their common first and last
 * lines, with a little context, capped at `maxLines` lines of output.
 */
export function shortDiff(before: string, after: string, maxLines = 12): string {
  const a = before.split("\n");
  const b = after.split("\n");
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const lines: string[] = [`@@ line ${start + 1} @@`];
  if (start > 0) lines.push(`  ${a[start - 1]}`);
  for (const line of a.slice(start, endA)) lines.push(`- ${line}`);
  for (const line of b.slice(start, endB)) lines.push(`+ ${line}`);
  if (lines.length > maxLines + 1) {
    const hidden = lines.length - maxLines - 1;
    return [
      ...lines.slice(0, maxLines + 1),
      `  ... ${hidden} more line${hidden === 1 ? "" : "s"}`,
    ].join("\n");
  }
  return lines.join("\n");
}
