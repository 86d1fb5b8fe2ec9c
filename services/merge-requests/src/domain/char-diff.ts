/**
 * A character diff of two short texts (titles), as GitLab's CharDiff gets
 * one from diff_match_patch: a minimal diff (longest common subsequence),
 * then its semantic cleanup, which folds an equality no longer than the edits
 * on both sides of it into them, so that "bug" -> "crash" reads as one
 * change rather than letters kept here and there.
 */
export type CharOp = 'equal' | 'delete' | 'insert'
export interface CharChange {
  op: CharOp
  text: string
}

/** Appends, joining a run of the same operation. */
function push(changes: CharChange[], op: CharOp, text: string): void {
  if (text === '') return
  const last = changes[changes.length - 1]
  if (last && last.op === op) last.text += text
  else changes.push({ op, text })
}

/** A minimal diff by the longest common subsequence; deletions before insertions. */
function minimalDiff(older: string, newer: string): CharChange[] {
  const a = [...older]
  const b = [...newer]
  // lcs[i][j]: the longest common subsequence of a[i..] and b[j..].
  const lcs = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0))
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i]![j] =
        a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!)
    }
  }
  const changes: CharChange[] = []
  let deleted = ''
  let inserted = ''
  const flush = () => {
    push(changes, 'delete', deleted)
    push(changes, 'insert', inserted)
    deleted = ''
    inserted = ''
  }
  let i = 0
  let j = 0
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      flush()
      push(changes, 'equal', a[i]!)
      i++
      j++
    } else if (j >= b.length || (i < a.length && lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) {
      deleted += a[i++]
    } else {
      inserted += b[j++]
    }
  }
  flush()
  return changes
}

/** Re-joins runs: each stretch between equalities as one deletion and one insertion. */
function normalize(changes: readonly CharChange[]): CharChange[] {
  const out: CharChange[] = []
  let deleted = ''
  let inserted = ''
  for (const change of changes) {
    if (change.op === 'delete') deleted += change.text
    else if (change.op === 'insert') inserted += change.text
    else {
      push(out, 'delete', deleted)
      push(out, 'insert', inserted)
      deleted = ''
      inserted = ''
      push(out, 'equal', change.text)
    }
  }
  push(out, 'delete', deleted)
  push(out, 'insert', inserted)
  return out
}

/** diff_cleanupSemantic's elimination of small equalities between edits. */
function cleanupSemantic(input: readonly CharChange[]): CharChange[] {
  let changes = normalize(input)
  for (let changed = true; changed;) {
    changed = false
    for (let k = 0; k < changes.length; k++) {
      const equality = changes[k]!
      if (equality.op !== 'equal') continue
      const edits = (from: number, step: 1 | -1) => {
        let length = { delete: 0, insert: 0 }
        for (let m = from; m >= 0 && m < changes.length && changes[m]!.op !== 'equal'; m += step) {
          const op = changes[m]!.op as 'delete' | 'insert'
          length = { ...length, [op]: length[op] + changes[m]!.text.length }
        }
        return Math.max(length.delete, length.insert)
      }
      const before = edits(k - 1, -1)
      const after = edits(k + 1, 1)
      if (
        before > 0 &&
        after > 0 &&
        equality.text.length <= before &&
        equality.text.length <= after
      ) {
        changes = normalize([
          ...changes.slice(0, k),
          { op: 'delete', text: equality.text },
          { op: 'insert', text: equality.text },
          ...changes.slice(k + 1),
        ])
        changed = true
        break
      }
    }
  }
  return changes
}

/** The changes turning `older` into `newer`. */
export function charDiff(older: string, newer: string): CharChange[] {
  return cleanupSemantic(minimalDiff(older, newer))
}
