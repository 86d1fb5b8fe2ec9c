import { InvalidError } from '@suite/runtime'
import { moveStatus } from './commit-status.js'

const now = new Date('2026-11-27T12:00:00Z')
const earlier = new Date('2026-11-27T11:00:00Z')
const none = { queuedAt: null, startedAt: null }

describe('moveStatus', () => {
  it('enqueues a new status for pending', () => {
    expect(moveStatus('created', 'pending', none, now)).toEqual({
      status: 'pending',
      queuedAt: now,
      startedAt: null,
      finishedAt: null,
      failureReason: null,
    })
  })

  it('enqueues then runs a new status for running', () => {
    expect(moveStatus('created', 'running', none, now)).toMatchObject({
      status: 'running',
      queuedAt: now,
      startedAt: now,
    })
  })

  it('runs a pending status, keeping when it was queued', () => {
    expect(
      moveStatus('pending', 'running', { queuedAt: earlier, startedAt: null }, now),
    ).toMatchObject({ status: 'running', queuedAt: earlier, startedAt: now })
  })

  it('finishes with the time, and failed with api_failure', () => {
    const started = { queuedAt: earlier, startedAt: earlier }
    expect(moveStatus('running', 'success', started, now)).toMatchObject({
      status: 'success',
      startedAt: earlier,
      finishedAt: now,
      failureReason: null,
    })
    expect(moveStatus('pending', 'failed', started, now)).toMatchObject({
      status: 'failed',
      finishedAt: now,
      failureReason: 'api_failure',
    })
    expect(moveStatus('created', 'canceled', none, now)).toMatchObject({ status: 'canceled' })
  })

  it.each([
    ['running', 'running', 'run'],
    ['pending', 'pending', 'enqueue'],
    ['running', 'pending', 'enqueue'],
  ] as const)('refuses %s -> %s as GitLab does', (from, state, event) => {
    const move = () => moveStatus(from, state, none, now)
    expect(move).toThrow(InvalidError)
    expect(move).toThrow(
      `Cannot transition status via :${event} from :${from} (Reason(s): Status cannot transition via "${event}")`,
    )
  })
})
