// The worker role's BullMQ workers start as every service's do (runtime's queue-worker.ts).
export { startQueueWorker, type WorkerContext } from '@suite/runtime'
