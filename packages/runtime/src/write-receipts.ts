import { Metadata, status } from '@grpc/grpc-js'
import type { Redis } from 'ioredis'
import { hkdfSync } from 'node:crypto'
import { hostname } from 'node:os'
import { deserialize, serialize } from 'node:v8'
import { queuePrefix } from './queues.js'
import { withTimeout } from './relay-loop.js'
import { createSecretBox, type SecretBox } from './secret-box.js'

/**
 * A write sent again after its connection broke must not run twice: the first attempt may have
 * run, or may still be running, on a replica the caller can no longer hear from. Each write
 * call carries a key (`x-write-key`, the same on every attempt of one call) and the server that
 * takes it leaves a receipt in Redis, shared by every replica of the service:
 *
 * - `running:<owner>` while a handler runs it, kept alive every half second, so that it is gone
 *   within two seconds of its process dying;
 * - `done:<sealed outcome>` for two minutes once it answered, the response or the error status
 *   (`unkept` for an outcome over 64 KiB: a read sent through a write client, a pack);
 * - `released` when its caller cancelled it and the handler stopped with an error: nothing
 *   asked for was done, so an attempt that follows may run it.
 *
 * An attempt that finds the key `running` waits for the outcome. One that finds it gone after
 * `running` cannot know whether the dead process wrote anything and answers UNAVAILABLE with
 * OUTCOME_UNKNOWN, which the caller resends under a new key only when its HTTP request may
 * itself be sent again (PUT, DELETE). Outcomes hold what the handler answered (a new token
 * included), so they are sealed (AES-256-GCM) under a key derived from INTERNAL_API_SECRET.
 */
export const WRITE_KEY_METADATA_KEY = 'x-write-key'

/**
 * Set on every error a server answers itself: an UNAVAILABLE with it (a statement timeout, the
 * database down) is that server's answer, not a broken connection, and is not sent again.
 */
export const ANSWERED_METADATA_KEY = 'x-answered'

/** The details of the UNAVAILABLE answered when a first attempt's process died while running. */
export const OUTCOME_UNKNOWN = 'write outcome unknown: the process running it stopped'

// An attempt sent again follows within seconds; what stays longer only costs Redis memory.
const OUTCOME_TTL_MS = 2 * 60 * 1000
/** A larger outcome is not kept: an attempt sent again hears OUTCOME_UNKNOWN instead. */
const MAX_OUTCOME_BYTES = 64 * 1024
const RUNNING_TTL_MS = 2_000
const KEEP_ALIVE_MS = 500
const POLL_MS = 20
/** Beyond this, a Redis that does not answer leaves the call to run without a receipt. */
const REDIS_WAIT_MS = 500
/** Keys are the caller's UUIDs; anything else is not looked up. */
const KEY_PATTERN = /^[0-9a-f-]{36}$/

/** What a write answered, as kept in its receipt. */
export type WriteOutcome =
  | { ok: true; response: unknown }
  | { ok: false; code: status; details: string; metadata: [string, string | Buffer][] }

/** What taking a key found. */
export type Claim =
  | { kind: 'claimed'; settle: (outcome: WriteOutcome | 'released') => Promise<void> }
  | { kind: 'answered'; outcome: WriteOutcome }
  | { kind: 'unknown' }
  /** No receipt could be read or written (Redis down, or no key): the call runs as it is. */
  | { kind: 'unguarded' }

// Takes the key when it is free or released (saying which); otherwise returns what it holds.
const CLAIM = `
local held = redis.call('GET', KEYS[1])
if not held or held == 'released' then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  if held then return 'took:released' end
  return 'took:free'
end
return held`

// Keeps `running:<owner>` alive, only while this owner holds it.
const KEEP = `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return 0`

// Writes the outcome, only over this owner's own `running` (an expired one is not overwritten).
const SETTLE = `
local held = redis.call('GET', KEYS[1])
if held == ARGV[1] or not held then
  redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
end
return 1`

interface ReceiptCommands {
  receiptClaim(key: string, owner: string, ttlMs: number): Promise<string>
  receiptKeep(key: string, owner: string, ttlMs: number): Promise<number>
  receiptSettle(key: string, owner: string, value: string, ttlMs: number): Promise<number>
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export class WriteReceipts {
  private readonly box: SecretBox
  private readonly owner = `running:${hostname()}:${process.pid}:`
  private next = 0

  private readonly redis: Redis & ReceiptCommands

  constructor(
    redis: Redis,
    private readonly service: string,
    internalSecret: string,
  ) {
    // Sent by digest (EVALSHA) once Redis has each script.
    redis.defineCommand('receiptClaim', { numberOfKeys: 1, lua: CLAIM })
    redis.defineCommand('receiptKeep', { numberOfKeys: 1, lua: KEEP })
    redis.defineCommand('receiptSettle', { numberOfKeys: 1, lua: SETTLE })
    this.redis = redis as Redis & ReceiptCommands
    const key = Buffer.from(
      hkdfSync('sha256', Buffer.from(internalSecret), Buffer.alloc(0), 'suite write receipts', 32),
    )
    this.box = createSecretBox(key)
  }

  private redisKey(method: string, writeKey: string): string {
    return `${queuePrefix()}:receipt:${this.service}:${method}:${writeKey}`
  }

  /**
   * Takes the call's key, or finds the outcome of an earlier attempt (waiting while it runs,
   * until `signal` aborts).
   */
  async claim(method: string, writeKey: string | undefined, signal: AbortSignal): Promise<Claim> {
    // Without Redis (down, or reconnecting) a write is not held up: it runs as it did before.
    if (!writeKey || !KEY_PATTERN.test(writeKey) || this.redis.status !== 'ready') {
      return { kind: 'unguarded' }
    }
    const key = this.redisKey(method, writeKey)
    const mine = `${this.owner}${this.next++}`
    let sawRunning = false
    while (!signal.aborted) {
      const held = await withTimeout(
        this.redis.receiptClaim(key, mine, RUNNING_TTL_MS),
        REDIS_WAIT_MS,
      ).catch(() => undefined)
      // Redis did not answer: before any receipt was seen the call runs as it is; after one
      // was seen running, running it could run it twice.
      if (held === undefined) return { kind: sawRunning ? 'unknown' : 'unguarded' }
      if (held === 'took:free' && sawRunning) {
        // It was running and is gone: its process died mid-call, having written who knows what.
        await this.redis.del(key).catch(() => undefined)
        return { kind: 'unknown' }
      }
      if (held.startsWith('took:')) return { kind: 'claimed', settle: this.keepAlive(key, mine) }
      if (held.startsWith('done:')) {
        const outcome = this.open(held.slice('done:'.length))
        // One sealed under another secret (INTERNAL_API_SECRET rotated meanwhile) is unknown.
        return outcome ? { kind: 'answered', outcome } : { kind: 'unknown' }
      }
      if (held === 'unkept') return { kind: 'unknown' }
      sawRunning = true
      await sleep(POLL_MS)
    }
    return { kind: 'unknown' }
  }

  /** Keeps a claimed key `running` until the outcome is settled. */
  private keepAlive(
    key: string,
    mine: string,
  ): (outcome: WriteOutcome | 'released') => Promise<void> {
    const timer = setInterval(() => {
      void this.redis.receiptKeep(key, mine, RUNNING_TTL_MS).catch(() => undefined)
    }, KEEP_ALIVE_MS)
    timer.unref()
    return async (outcome) => {
      clearInterval(timer)
      const value = outcome === 'released' ? 'released' : this.kept(outcome)
      await withTimeout(
        this.redis.receiptSettle(key, mine, value, OUTCOME_TTL_MS),
        REDIS_WAIT_MS,
      ).catch(() => undefined)
    }
  }

  /** `done:<sealed outcome>`, or `unkept` for one too large to keep. */
  private kept(outcome: WriteOutcome): string {
    let bytes: Buffer
    try {
      bytes = serialize(outcome)
    } catch {
      // Not a plain message (it would not have been sent either): an attempt again hears unknown.
      return 'unkept'
    }
    if (bytes.length > MAX_OUTCOME_BYTES) return 'unkept'
    return `done:${this.box.seal(bytes.toString('base64'))}`
  }

  private open(sealed: string): WriteOutcome | undefined {
    try {
      return deserialize(Buffer.from(this.box.open(sealed), 'base64')) as WriteOutcome
    } catch {
      return undefined
    }
  }
}

/** The metadata of a kept error outcome, as grpc-js sends it. */
export function outcomeMetadata(entries: [string, string | Buffer][]): Metadata {
  const metadata = new Metadata()
  for (const [key, value] of entries) metadata.add(key, value)
  return metadata
}

/** A Metadata's entries, in a form a receipt keeps. */
export function metadataEntries(metadata: Metadata | undefined): [string, string | Buffer][] {
  if (!metadata) return []
  const entries: [string, string | Buffer][] = []
  for (const [key, values] of Object.entries(metadata.toJSON())) {
    for (const value of values) entries.push([key, value])
  }
  return entries
}
