// A line diff for `init --dry-run`: the lines added and removed (by a longest common
// subsequence), each run of changes with a line of context before and after.

export function lineDiff(before: string, after: string): string {
  const a = before.split("\n");
  const b = after.split("\n");
  // lengths[i][j]: the longest common subsequence of a[i..] and b[j..].
  const lengths = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      lengths[i]![j] =
        a[i] === b[j]
          ? lengths[i + 1]![j + 1]! + 1
          : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!);
  const lines: { mark: " " | "-" | "+"; text: string }[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      lines.push({ mark: " ", text: a[i++]! });
      j++;
    } else if (i < a.length && (j === b.length || lengths[i + 1]![j]! >= lengths[i]![j + 1]!))
      lines.push({ mark: "-", text: a[i++]! });
    else lines.push({ mark: "+", text: b[j++]! });
  }
  const shown = new Set<number>();
  lines.forEach((line, index) => {
    if (line.mark === " ") return;
    for (let k = index - 1; k <= index + 1; k++) if (k >= 0 && k < lines.length) shown.add(k);
  });
  const out: string[] = [];
  let last = -2;
  for (const index of [...shown].sort((x, y) => x - y)) {
    if (index > last + 1 && out.length > 0) out.push("...");
    out.push(`${lines[index]!.mark} ${lines[index]!.text}`.trimEnd());
    last = index;
  }
  return out.join("\n");
}
