import type { Field, FuzzBody, FuzzCase } from './fuzz-case'
import { problemWith, type FuzzAnswer } from './fuzz-request'
import { HUGE_TEXT, type JsonSpec, type Text } from './fuzz-values'
import { placeholders, type RouteJson } from './route-table'

/**
 * The sweep: unlike the random fuzz, every declared parameter of every route
 * gets each hostile value below once, so that none is left to chance.
 */
export type SweepVariant =
  | 'nul-query'
  | 'nul-form'
  | 'nul-json'
  | 'nul-key'
  | 'nul-multipart'
  | 'huge-json'
  | 'huge-form'
  | 'long-list-json'
  | 'long-list-form'

/** Values that can never be stored (PostgreSQL refuses U+0000 in text). */
const NUL_VARIANTS: readonly SweepVariant[] = [
  'nul-query',
  'nul-form',
  'nul-json',
  'nul-key',
  'nul-multipart',
]
/** Values beyond any field's limit: 1 MiB strings and lists of 10,000 values. */
const SIZE_VARIANTS: readonly SweepVariant[] = [
  'huge-json',
  'huge-form',
  'long-list-json',
  'long-list-form',
]

export const LONG_LIST = 10_000

export interface SweepCase {
  variant: SweepVariant
  param: string
  fuzz: FuzzCase
}

/** The fields of alert payloads (generic and Alertmanager), none of them a route parameter. */
export const ALERT_PAYLOAD_FIELDS = [
  'title',
  'description',
  'severity',
  'hosts',
  'service',
  'monitoring_tool',
  'gitlab_environment_name',
  'fingerprint',
  'start_time',
  'end_time',
  'runbook',
  'annotations',
  'labels',
]

const NUL_TEXT = 'a\u0000b'

function plain(key: string, value: Text): Field {
  return { key, form: 'plain', sub: '', value }
}

function body(variant: SweepVariant, name: string): FuzzBody {
  const json = (value: JsonSpec): FuzzBody => ({ kind: 'json', value: { object: [[name, value]] } })
  switch (variant) {
    case 'nul-query':
      return { kind: 'none' }
    case 'nul-form':
      return { kind: 'form', fields: [plain(name, NUL_TEXT)] }
    case 'nul-json':
      return json({ text: NUL_TEXT })
    case 'nul-key':
      return json({ object: [['k\u0000', 'v']] })
    case 'nul-multipart':
      return { kind: 'multipart', fields: [plain(name, NUL_TEXT)], file: false }
    case 'huge-json':
      return json({ text: HUGE_TEXT })
    case 'huge-form':
      return { kind: 'form', fields: [plain(name, HUGE_TEXT)] }
    case 'long-list-json':
      return json({ array: Array.from({ length: LONG_LIST }, (_, i) => String(i + 1)) })
    case 'long-list-form':
      return { kind: 'form', fields: [plain(name, { repeat: 'x,', times: LONG_LIST })] }
  }
}

/**
 * One request per route, declared parameter and variant; a route without
 * parameters of its own gets the NUL variants under an undeclared name. The
 * path takes the fixture's first real value for each placeholder.
 */
export function sweepCases(
  route: RouteJson,
  pathValue: (template: string, name: string) => string,
): SweepCase[] {
  const names = placeholders(route.path)
  const segments = names.map((name) => pathValue(route.path, name))
  const own = route.params.filter((name) => !names.includes(name))
  const cases: SweepCase[] = []
  for (const param of own.length > 0 ? own : ['fuzz']) {
    const variants = own.length > 0 ? [...NUL_VARIANTS, ...SIZE_VARIANTS] : NUL_VARIANTS
    for (const variant of variants) {
      cases.push({
        variant,
        param,
        fuzz: {
          method: route.method,
          route: route.path,
          sender: 'admin',
          segments,
          query: variant === 'nul-query' ? [plain(param, NUL_TEXT)] : [],
          body: body(variant, param),
        },
      })
    }
  }
  return cases
}

/** Alert payloads with a NUL character in one field each, for the notify routes. */
export function notifyCases(
  route: RouteJson,
  pathValue: (template: string, name: string) => string,
): SweepCase[] {
  const segments = placeholders(route.path).map((name) => pathValue(route.path, name))
  return ALERT_PAYLOAD_FIELDS.map((param) => ({
    variant: 'nul-json' as const,
    param,
    fuzz: {
      method: 'POST',
      route: route.path,
      sender: 'admin' as const,
      segments,
      query: [],
      body: {
        kind: 'json' as const,
        value: {
          object: [
            ['title', param === 'title' ? { text: NUL_TEXT } : 'Sweep'],
            ...(param === 'title' ? [] : [[param, { text: NUL_TEXT }] as [string, JsonSpec]]),
          ],
        },
      },
    },
  }))
}

/** The names of the sweep's variants, for the tally. */
export const SWEEP_VARIANTS: readonly SweepVariant[] = [...NUL_VARIANTS, ...SIZE_VARIANTS]

/** Whether a variant carries a NUL character (every API route must answer it 400). */
export function carriesNul(variant: SweepVariant): boolean {
  return NUL_VARIANTS.includes(variant)
}

/** What is wrong with a sweep answer: any 5xx or shapeless 4xx, and a NUL not refused by name. */
export function sweepProblem(
  route: RouteJson,
  sweepCase: SweepCase,
  answer: FuzzAnswer,
): string | undefined {
  const problem = problemWith(sweepCase.fuzz, answer)
  if (problem || !carriesNul(sweepCase.variant)) return problem
  if (sweepCase.variant === 'nul-multipart') {
    // Forms are read by the routes that declare parameters, after authentication; a GET
    // ignores its body (or answers from its cache): a 4xx or, for a GET, anything below 500.
    const refused = route.method === 'GET' || answer.status >= 400
    return refused ? undefined : `expected a 4xx, got ${answer.status}`
  }
  if (route.path.startsWith('/api/v4/')) {
    const expected = JSON.stringify({ error: `${sweepCase.param} is invalid` })
    return answer.status === 400 && answer.text === expected
      ? undefined
      : `expected 400 ${expected}, got ${answer.status} ${answer.text.slice(0, 200)}`
  }
  // The integration's own endpoint, with its key: the payload is read, and refused.
  const refused = !route.path.endsWith(':endpoint_identifier.json') || answer.status === 400
  return refused ? undefined : `expected 400, got ${answer.status}`
}
