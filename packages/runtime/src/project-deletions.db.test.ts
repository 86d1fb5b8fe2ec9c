import { Queue } from 'bullmq'
import { Redis } from 'ioredis'
import {
  createProjectDeletedPublisher,
  PROJECT_DELETED_QUEUES,
  PROJECT_PURGE_SWEEP_DELAY_MS,
} from './project-deletions.js'
import { queuePrefix } from './queues.js'

// A real Redis (TEST_REDIS_URL or the loopback's): one deletion becomes, in
// every service's queue, one job now and one sweep later, each stored once.
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
let redis: Redis

beforeAll(() => {
  process.env.QUEUE_PREFIX = `project-deletions-${process.pid}-${Date.now()}`
  redis = new Redis(redisUrl, { maxRetriesPerRequest: null })
})

afterAll(async () => {
  const keys = await redis.keys(`${process.env.QUEUE_PREFIX}:*`)
  if (keys.length > 0) await redis.del(...keys)
  await redis.quit()
})

it('queues a purge now and a sweep later to every service, once however often it is sent', async () => {
  const publisher = createProjectDeletedPublisher(redis)
  const message = { projectId: 77, namespaceId: 3, deletedByUserId: 1 }
  await publisher.publish(message)
  await publisher.publish(message)
  await publisher.close()
  for (const name of Object.values(PROJECT_DELETED_QUEUES)) {
    const queue = new Queue(name, { connection: redis, prefix: queuePrefix() })
    const waiting = await queue.getJobs(['waiting'])
    const delayed = await queue.getJobs(['delayed'])
    expect([name, waiting.map((job) => job.id)]).toEqual([name, ['project-deleted_77']])
    expect([name, delayed.map((job) => job.id)]).toEqual([name, ['project-deleted_77_sweep']])
    expect(delayed[0]?.opts.delay).toBe(PROJECT_PURGE_SWEEP_DELAY_MS)
    expect(waiting[0]?.data).toMatchObject({ projectId: 77, namespaceId: 3 })
    await queue.close()
  }
})
