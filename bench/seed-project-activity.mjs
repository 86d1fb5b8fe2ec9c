// Seeds what the project endpoints answer with: tags on main, made through the
// API (so the repository and the push events are the suite's own), then waits
// until the project's events page lists something, since events may arrive
// through an outbox after the write that caused them.
import { setTimeout as sleep } from 'node:timers/promises'
import { call } from './seed-merge-requests.mjs'

const EVENTS_WAIT_MS = 15_000

/** Creates `count` tags (bench-v1 .. bench-vN) on the project's main branch. */
async function createTags(base, token, projectId, count) {
  for (let i = 1; i <= count; i += 1) {
    await call(base, token, 'POST', `/projects/${projectId}/repository/tags`, {
      tag_name: `bench-v${i}`,
      ref: 'main',
      message: `Bench tag ${i}`,
    })
  }
}

/** The project's first events page, polled until it lists at least one event. */
async function waitForEvents(base, token, projectId) {
  const deadline = Date.now() + EVENTS_WAIT_MS
  for (;;) {
    const events = await call(base, token, 'GET', `/projects/${projectId}/events?per_page=20`)
    if (Array.isArray(events) && events.length > 0) return events
    if (Date.now() > deadline) {
      throw new Error(`project ${projectId} lists no events ${EVENTS_WAIT_MS} ms after its writes`)
    }
    await sleep(250)
  }
}

/** Tags and events for the project; returns how many of each its first pages list. */
export async function seedProjectActivity({ base, token, projectId, tags = 5 }) {
  await createTags(base, token, projectId, tags)
  const listed = await call(base, token, 'GET', `/projects/${projectId}/repository/tags`)
  const events = await waitForEvents(base, token, projectId)
  process.stdout.write(
    `project ${projectId}: ${listed.length} tags, ${events.length} events on the first page\n`,
  )
  return { tags: listed.length, events: events.length }
}
