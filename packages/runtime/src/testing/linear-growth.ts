/**
 * A check for tests that a function's time grows linearly with its input
 * (the "work is linear in input" rule of Tenant safety). It compares the
 * time on n and on factor·n characters instead of holding either to a time
 * limit, so a slow or busy machine does not fail it, while a quadratic
 * function (16 times slower on 4 times the input) does on any machine.
 * Times are the process's CPU time, medians of interleaved samples.
 */

export interface GrowthOptions {
  /** The input of size n (in characters, or whatever unit `run` grows with). */
  input: (n: number) => string
  /** The work under test; its result is kept so the call cannot be optimised away. */
  run: (input: string) => unknown
  /** The small size; pick it so that one call takes about a millisecond or more. */
  n: number
  /** How much larger the large input is (4). */
  factor?: number
  /** Largest allowed time ratio large/small (10: linear is about 4, quadratic 16). */
  maxRatio?: number
  /** Timed samples per size, interleaved, of which the median counts (7). */
  samples?: number
}

export interface GrowthMeasure {
  n: number
  factor: number
  /** Median CPU milliseconds of one call on n, and on factor·n. */
  smallMs: number
  largeMs: number
  ratio: number
}

/** CPU milliseconds a sample should at least take, so clock resolution and GC pauses stay small. */
const MIN_SAMPLE_MS = 8
/** Measurements before giving up: a burst of load from a neighbour can spoil one. */
const ATTEMPTS = 3

let sink: unknown

function timeOnce(run: (input: string) => unknown, input: string, calls: number): number {
  // CPU time, not wall time: on a shared machine (two cores, many processes)
  // the process waits for a core for stretches that have nothing to do with
  // the input; measured by the wall clock, a linear function read 20x slower
  // on 4x the input in one run out of three.
  const start = process.cpuUsage()
  for (let i = 0; i < calls; i++) sink = run(input)
  const used = process.cpuUsage(start)
  return (used.user + used.system) / 1000
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? 0
}

/** Repeats the small input until a sample lasts MIN_SAMPLE_MS; the large one gets as many calls. */
function callsPerSample(run: (input: string) => unknown, small: string): number {
  let calls = 1
  while (calls < 1 << 20) {
    if (timeOnce(run, small, calls) >= MIN_SAMPLE_MS) return calls
    calls *= 2
  }
  return calls
}

/** Times `run` on n and factor·n (CPU time), interleaved after a warm-up, and returns the medians. */
export function measureGrowth(options: GrowthOptions): GrowthMeasure {
  const factor = options.factor ?? 4
  const samples = options.samples ?? 7
  const small = options.input(options.n)
  const large = options.input(options.n * factor)
  // Warm-up: let the JIT compile `run` on both shapes before anything counts.
  timeOnce(options.run, small, 3)
  timeOnce(options.run, large, 1)
  const calls = callsPerSample(options.run, small)
  const smallTimes: number[] = []
  const largeTimes: number[] = []
  // Interleaved, so a stretch of load from other processes hits both sizes alike.
  for (let i = 0; i < samples; i++) {
    smallTimes.push(timeOnce(options.run, small, calls))
    largeTimes.push(timeOnce(options.run, large, calls))
  }
  const smallMs = median(smallTimes) / calls
  const largeMs = median(largeTimes) / calls
  return { n: options.n, factor, smallMs, largeMs, ratio: largeMs / Math.max(smallMs, 1e-6) }
}

/**
 * Throws unless `run` grows at most maxRatio times from n to factor·n in one
 * of a few measurements; returns the best measurement (for the test's log).
 * A super-linear function fails every attempt, a neighbour's load spike only one.
 */
export function assertLinearGrowth(options: GrowthOptions): GrowthMeasure {
  const maxRatio = options.maxRatio ?? 10
  let best: GrowthMeasure | undefined
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const measure = measureGrowth(options)
    if (!best || measure.ratio < best.ratio) best = measure
    if (measure.ratio < maxRatio) return measure
  }
  const m = best as GrowthMeasure
  void sink
  throw new Error(
    `time grew ${m.ratio.toFixed(1)}x from n=${m.n} (${m.smallMs.toFixed(3)} ms) to ` +
      `${m.factor}n (${m.largeMs.toFixed(3)} ms); linear work stays under ${maxRatio}x`,
  )
}

/**
 * Texts joined from `pieces`, up to maxPieces each, from a fixed seed (the high
 * bits of a linear congruential generator), so that a test comparing a scanner
 * with the pattern it replaces can replay a failure.
 */
export function* seededTexts(
  pieces: readonly string[],
  maxPieces: number,
  count: number,
): Generator<string> {
  let seed = 24
  const next = (below: number): number => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31
    return Math.floor(seed / 2 ** 16) % below
  }
  for (let i = 0; i < count; i++) {
    let text = ''
    for (let j = next(maxPieces); j > 0; j--) text += pieces[next(pieces.length)]
    yield text
  }
}
