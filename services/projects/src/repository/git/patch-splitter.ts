/** One file's part of a `git diff` patch, as the splitter saw it. */
export interface FilePatch {
  /** The text from the first "@@" line on; undefined when it reached the cap (too large to keep). */
  text: string | undefined
  /** Bytes and lines of that text, counted even past the cap. */
  bytes: number
  lines: number
  added: number
  removed: number
  /** git printed "Binary files ... differ" (or a binary patch) instead of hunks. */
  binary: boolean
}

interface FileState {
  inBody: boolean
  binary: boolean
  chunks: Buffer[]
  bytes: number
  lines: number
  added: number
  removed: number
  capped: boolean
}

const HEAD_BYTES = 16

/**
 * Splits a streamed `git diff` patch into files at each "diff --git " line,
 * dropping git's header lines. It keeps at most `cap` bytes of one file's
 * text (and of one line), so memory stays bounded whatever the diff's size.
 */
export class PatchSplitter {
  private current: FileState | undefined
  private lineParts: Buffer[] = []
  private lineLength = 0
  private lineStored = 0
  private stopped = false

  constructor(
    private readonly cap: number,
    private readonly onFile: (patch: FilePatch) => void,
  ) {}

  /** Feeds the next chunk of git's output. */
  push(chunk: Buffer): void {
    let start = 0
    while (!this.stopped && start < chunk.length) {
      const newline = chunk.indexOf(10, start)
      const end = newline < 0 ? chunk.length : newline + 1
      this.appendToLine(chunk.subarray(start, end))
      if (newline >= 0) this.finishLine()
      start = end
    }
  }

  /** The output ended: the last line and the last file are complete. */
  end(): void {
    if (this.stopped) return
    if (this.lineLength > 0) this.finishLine()
    this.flush()
  }

  /** Ignores the rest of the output (the collection overflowed). */
  stop(): void {
    this.stopped = true
    this.current = undefined
    this.lineParts = []
  }

  private appendToLine(part: Buffer): void {
    this.lineLength += part.length
    if (this.lineStored > this.cap) return
    this.lineParts.push(part)
    this.lineStored += part.length
  }

  private finishLine(): void {
    const line = Buffer.concat(this.lineParts)
    const length = this.lineLength
    this.lineParts = []
    this.lineLength = 0
    this.lineStored = 0
    const head = line.subarray(0, HEAD_BYTES).toString('latin1')
    if (head.startsWith('diff --git ')) {
      this.flush()
      this.current = {
        inBody: false,
        binary: false,
        chunks: [],
        bytes: 0,
        lines: 0,
        added: 0,
        removed: 0,
        capped: false,
      }
      return
    }
    const file = this.current
    if (!file) return
    if (!file.inBody) {
      if (head.startsWith('@@')) file.inBody = true
      else if (head.startsWith('Binary files ') || head.startsWith('GIT binary patch')) {
        file.binary = true
      }
      if (!file.inBody) return
    }
    file.bytes += length
    file.lines += 1
    if (head.startsWith('+')) file.added += 1
    else if (head.startsWith('-')) file.removed += 1
    if (file.capped) return
    if (file.bytes >= this.cap) {
      file.capped = true
      file.chunks = []
    } else {
      file.chunks.push(line)
    }
  }

  private flush(): void {
    const file = this.current
    this.current = undefined
    if (!file) return
    this.onFile({
      text: file.capped ? undefined : Buffer.concat(file.chunks).toString('utf8'),
      bytes: file.bytes,
      lines: file.lines,
      added: file.added,
      removed: file.removed,
      binary: file.binary,
    })
  }
}
