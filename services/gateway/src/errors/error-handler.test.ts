import { toHttpError } from './error-handler.js'

describe('toHttpError', () => {
  it("answers the router's undecodable path segment with 400, not 500", () => {
    const error = Object.assign(new URIError("Failed to decode param '%ZZ'"), { status: 400 })
    const answer = toHttpError(error)
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({ message: '400 Bad Request' })
  })

  it('answers a body that fails to inflate with its 400, not 500', () => {
    const error = Object.assign(new Error('incorrect header check'), {
      code: 'Z_DATA_ERROR',
      expose: true,
      status: 400,
      statusCode: 400,
    })
    const answer = toHttpError(error)
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({ message: '400 Bad Request' })
  })

  it.each(['entity.too.deep', 'querystring.parse.rangeError'])(
    "answers a body nested too deeply (%s) with GitLab's 400",
    (type) => {
      const error = Object.assign(new Error('deep'), { type, status: 400, expose: true })
      const answer = toHttpError(error)
      expect(answer.status).toBe(400)
      expect(answer.body).toEqual({ error: 'Parameters nested too deeply' })
    },
  )

  it('keeps any other unexpected error a bodyless 500', () => {
    const answer = toHttpError(new URIError('elsewhere'))
    expect(answer.status).toBe(500)
    expect(JSON.stringify(answer.body)).not.toContain('elsewhere')
  })
})
