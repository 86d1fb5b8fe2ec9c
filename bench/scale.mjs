// The scale step: the filtered merge request list (labels + author + state,
// per_page 20) and offset pagination (page 2; the merge request lists take no
// pagination=keyset, only the project lists do) on the 10,000-merge-request
// project; then a second project gets BENCH_SCALE_MERGE_REQUESTS (default
// 1,000,000) merge requests inserted with SQL, the tables are vacuumed and
// analyzed, and the same reads are measured on that project and again on the
// first one.
// Every request carries its own bench_nonce so that none is answered from a
// response cache keyed by URL: this step measures the queries.
import pg from 'pg'
import { measureUncached } from './measure.mjs'
import { round } from './process-cpu.mjs'
import {
  call,
  insertMergeRequests,
  projectWithLabels,
  userWithToken,
} from './seed-merge-requests.mjs'

/** The two list queries the step compares, for a project whose filtered author is `authorId`. */
function scaleQueries(authorId) {
  return {
    filtered: `labels=bug&author_id=${authorId}&state=opened&per_page=20`,
    page2: 'order_by=created_at&sort=desc&per_page=20&page=2',
  }
}

/** Fails unless the list answers a full page for `token`. */
async function checkFullPage(base, token, path) {
  const page = await call(base, token, 'GET', path)
  if (!Array.isArray(page) || page.length !== 20) {
    throw new Error(`GET ${path} answered ${JSON.stringify(page).slice(0, 300)}`)
  }
}

/**
 * A second project of a new owner with `count` merge requests, authored in
 * turn by the owner and `authorId`, inserted with SQL, vacuumed and analyzed;
 * prints and returns the seconds each phase took.
 */
async function seedScaleProject({ base, rootToken, databaseUrl, authorId, count }) {
  const started = Date.now()
  const owner = await userWithToken(base, rootToken, 'bench-scale-owner')
  const project = await projectWithLabels(base, owner, 'bench-scale')
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  let inserted
  try {
    await insertMergeRequests(client, project.id, [owner.user.id, authorId], count)
    inserted = Date.now()
    // VACUUM as well: with autovacuum off (as on the bench machine's PostgreSQL)
    // the visibility map stays empty and index-only scans read the heap.
    for (const table of ['merge_requests', 'merge_request_labels', 'labels']) {
      await client.query(`VACUUM (ANALYZE) merge_requests.${table}`)
    }
  } finally {
    await client.end()
  }
  const seconds = {
    insert: round((inserted - started) / 1000, 1),
    vacuum_analyze: round((Date.now() - inserted) / 1000, 1),
    total: round((Date.now() - started) / 1000, 1),
  }
  process.stdout.write(
    `scale: seeded ${count} merge requests in project ${project.id} in ${seconds.total}s ` +
      `(API + INSERT ${seconds.insert}s, VACUUM ANALYZE ${seconds.vacuum_analyze}s)\n`,
  )
  return { owner, project, seconds }
}

/** p95 of `over` / p95 of `under`, or null when either has none. */
function p95Ratio(over, under) {
  return over.p95 && under.p95 ? round(over.p95 / under.p95, 2) : null
}

/**
 * Runs the scale step after the project `seeded` with `smallCount` merge
 * requests (seed-merge-requests.mjs) was measured; `options` (seconds,
 * connections) and `cpu` are measureUncached's.
 */
export async function runScaleStep({
  origin,
  base,
  rootToken,
  databaseUrl,
  seeded,
  smallCount,
  count,
  options,
  cpu,
}) {
  const authorId = seeded.author.user.id
  const queries = scaleQueries(authorId)
  const small = { token: seeded.owner.token, path: `/projects/${seeded.project.id}/merge_requests` }
  const measureOn = (title, target, query) => {
    const headers = { 'PRIVATE-TOKEN': target.token }
    return measureUncached(
      title,
      origin,
      `/api/v4${target.path}?${query}`,
      { ...options, headers },
      cpu,
    )
  }

  const rows = []
  await checkFullPage(base, small.token, `${small.path}?${queries.page2}`)
  rows.push(await measureOn(`${smallCount} project, filtered list`, small, queries.filtered))
  rows.push(await measureOn(`${smallCount} project, page 2`, small, queries.page2))

  const seed = await seedScaleProject({ base, rootToken, databaseUrl, authorId, count })
  const large = { token: seed.owner.token, path: `/projects/${seed.project.id}/merge_requests` }
  await checkFullPage(base, large.token, `${large.path}?${queries.filtered}`)
  rows.push(await measureOn(`${count} project, filtered list`, large, queries.filtered))
  rows.push(await measureOn(`${count} project, page 2`, large, queries.page2))
  rows.push(
    await measureOn(
      `${smallCount} project beside ${count}, filtered list`,
      small,
      queries.filtered,
    ),
  )
  rows.push(await measureOn(`${smallCount} project beside ${count}, page 2`, small, queries.page2))

  return {
    small_merge_requests: smallCount,
    merge_requests: count,
    connections: options.connections,
    seconds_per_target: options.seconds,
    pagination: 'offset (page=2): the merge request lists take no pagination=keyset',
    seed_seconds: seed.seconds,
    rows,
    p95_ratio_filtered: p95Ratio(rows[2], rows[0]),
    p95_ratio_page2: p95Ratio(rows[3], rows[1]),
  }
}
