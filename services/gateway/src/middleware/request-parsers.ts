import express, { type RequestHandler } from 'express'
import qs from 'qs'
import { tooDeeplyNested } from '../errors/http-error.js'
import { nestsDeeperThan } from '../params/json-depth.js'

/** Bodies up to GitLab's largest text fields (a 1 MiB description) with room to spare; beyond, 413. */
export const BODY_LIMIT = '10mb'
/** BODY_LIMIT in bytes (body-parser reads '10mb' as 10 MiB), for the bodies read elsewhere. */
export const BODY_LIMIT_BYTES = 10 * 1024 * 1024

/**
 * How deep parameters may nest: Rack's param_depth_limit for query strings
 * and forms, and GitLab's JSON validation middleware's max_depth for JSON
 * bodies (both 32). Deeper input is a 400 before any route reads it.
 */
export const MAX_PARAM_DEPTH = 32

/** The body-parser error type of a JSON body nested too deeply (the error handler's 400). */
export const TOO_DEEP = 'entity.too.deep'

/**
 * Express's "query parser": `a[]=1&a[]=2` arrays and `h[k]=v` hashes (qs, as
 * Express's `extended` setting), refusing keys nested deeper than Rack allows.
 */
export function parseQueryString(text: string): qs.ParsedQs {
  try {
    return qs.parse(text, { allowPrototypes: true, depth: MAX_PARAM_DEPTH, strictDepth: true })
  } catch (error) {
    if (error instanceof RangeError) throw tooDeeplyNested()
    throw error
  }
}

/**
 * The API's body parsers: JSON and forms up to BODY_LIMIT, nested at most
 * MAX_PARAM_DEPTH deep. The JSON depth is checked on the raw bytes, so that a
 * deep document is never parsed.
 */
export function apiBodyParsers(): RequestHandler[] {
  return [
    express.json({
      limit: BODY_LIMIT,
      verify: (_req, _res, body) => {
        if (nestsDeeperThan(body, MAX_PARAM_DEPTH)) {
          throw Object.assign(new Error('Parameters nested too deeply'), { type: TOO_DEEP })
        }
      },
    }),
    // body-parser 2 nests forms at most 32 deep (strict: deeper is its querystring.parse.rangeError).
    express.urlencoded({ extended: true, limit: BODY_LIMIT }),
  ]
}
