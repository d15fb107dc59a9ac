/** One line of a comparison: kept in both, only in the old text, or only in the new one. */
export interface DiffLine {
  kind: "same" | "removed" | "added";
  text: string;
}

/**
 * A line-by-line comparison of two plain texts (longest common subsequence), readable by
 * staff: what a revision had that the current text lacks, and the other way round.
 */
export function diffLines(before: string, after: string): DiffLine[] {
  const a = before.split("\n").filter(Boolean);
  const b = after.split("\n").filter(Boolean);
  const common: number[][] = Array.from({ length: a.length + 1 }, () =>
    Array(b.length + 1).fill(0),
  );
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      common[i][j] =
        a[i] === b[j] ? common[i + 1][j + 1] + 1 : Math.max(common[i + 1][j], common[i][j + 1]);
    }
  }
  const lines: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      lines.push({ kind: "same", text: a[i] });
      i++;
      j++;
    } else if (common[i + 1][j] >= common[i][j + 1]) {
      lines.push({ kind: "removed", text: a[i++] });
    } else {
      lines.push({ kind: "added", text: b[j++] });
    }
  }
  while (i < a.length) lines.push({ kind: "removed", text: a[i++] });
  while (j < b.length) lines.push({ kind: "added", text: b[j++] });
  return lines;
}
