import { Metadata, status } from '@grpc/grpc-js'
import { Registry } from 'prom-client'
import { PASSED_ON_KEY } from './grpc-status.js'
import { breakerFor, CircuitOpenError, type BreakerOptions } from './upstream-breaker.js'

const OPTIONS: BreakerOptions = {
  volumeThreshold: 4,
  errorThresholdPercentage: 50,
  resetTimeoutMs: 200,
  windowMs: 10_000,
  consecutiveFailures: 3,
}

const failing = (code: number) => () =>
  Promise.reject(Object.assign(new Error(`code ${code}`), { code }))

describe('breakerFor', () => {
  it('does not count an UNAVAILABLE that the upstream passed on from a service behind it', async () => {
    const breaker = breakerFor('working:1', new Registry(), OPTIONS)
    const metadata = new Metadata()
    metadata.set(PASSED_ON_KEY, '1')
    const passedOn = () =>
      Promise.reject(Object.assign(new Error('behind'), { code: status.UNAVAILABLE, metadata }))
    for (let i = 0; i < 10; i++) {
      await expect(breaker.run(passedOn)).rejects.toMatchObject({ code: status.UNAVAILABLE })
    }
    await expect(breaker.run(() => Promise.resolve('answer'))).resolves.toBe('answer')
  })

  it('opens after transport failures and refuses calls without sending them', async () => {
    const registry = new Registry()
    const breaker = breakerFor('dead:1', registry, OPTIONS)
    for (let i = 0; i < 4; i++) {
      await expect(breaker.run(failing(status.UNAVAILABLE))).rejects.toMatchObject({
        code: status.UNAVAILABLE,
      })
    }
    let sent = 0
    const refused = breaker.run(() => {
      sent++
      return Promise.resolve('answer')
    })
    await expect(refused).rejects.toBeInstanceOf(CircuitOpenError)
    await expect(refused).rejects.toMatchObject({ code: status.UNAVAILABLE })
    expect(sent).toBe(0)
    const metrics = await registry.getSingleMetricAsString('grpc_client_circuit_open')
    expect(metrics).toContain('grpc_client_circuit_open{upstream="dead:1"} 1')
  })

  it('lets one call try after the reset time and closes when it succeeds', async () => {
    const breaker = breakerFor('flaky:1', new Registry(), OPTIONS)
    for (let i = 0; i < 4; i++) {
      await breaker.run(failing(status.DEADLINE_EXCEEDED)).catch(() => undefined)
    }
    await expect(breaker.run(() => Promise.resolve(1))).rejects.toBeInstanceOf(CircuitOpenError)
    await new Promise((resolve) => setTimeout(resolve, 250))
    await expect(breaker.run(() => Promise.resolve(2))).resolves.toBe(2)
    await expect(breaker.run(() => Promise.resolve(3))).resolves.toBe(3)
  })

  it('opens after failures in a row even when the window holds many successes', async () => {
    const breaker = breakerFor('hung:1', new Registry(), OPTIONS)
    for (let i = 0; i < 20; i++) await breaker.run(() => Promise.resolve(i))
    for (let i = 0; i < 2; i++) {
      await breaker.run(failing(status.DEADLINE_EXCEEDED)).catch(() => undefined)
    }
    await expect(breaker.run(() => Promise.resolve('ok'))).resolves.toBe('ok')
    for (let i = 0; i < 3; i++) {
      await breaker.run(failing(status.DEADLINE_EXCEEDED)).catch(() => undefined)
    }
    await expect(breaker.run(() => Promise.resolve(1))).rejects.toBeInstanceOf(CircuitOpenError)
  })

  it('counts answers such as NOT_FOUND as the upstream working', async () => {
    const breaker = breakerFor('alive:1', new Registry(), OPTIONS)
    for (let i = 0; i < 10; i++) {
      await expect(breaker.run(failing(status.NOT_FOUND))).rejects.toMatchObject({
        code: status.NOT_FOUND,
      })
    }
    await expect(breaker.run(() => Promise.resolve('ok'))).resolves.toBe('ok')
  })
})
