// Seeds the merge request benchmark: users, projects and labels through the
// API (so that identity, projects and the label rows are what the suite made),
// then many merge requests inserted with SQL into the merge_requests schema,
// because creating 10,000 through the API would take longer than the run.
// Inserted rows carry no diff version (latest_diff_id null) and count as
// collected once (their branches do not exist), as on a settled instance: the
// workers leave them alone while the bench measures.
import { randomBytes } from 'node:crypto'
import pg from 'pg'

const LABELS = ['bug', 'frontend', 'backend', 'ux', 'perf']

/** One API call as `token`; fails unless it answers below 300. Returns the parsed body. */
export async function call(base, token, method, path, body) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { 'PRIVATE-TOKEN': token, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`)
  return text === '' ? undefined : JSON.parse(text)
}

/** A user and a personal access token of theirs, made by root. */
export async function userWithToken(base, rootToken, name) {
  const username = `${name}-${randomBytes(3).toString('hex')}`
  const user = await call(base, rootToken, 'POST', '/users', {
    username,
    name: `Bench ${username}`,
    email: `${username}@example.com`,
    password: `Pw-${randomBytes(9).toString('hex')}`,
    skip_confirmation: true,
  })
  const pat = await call(base, rootToken, 'POST', `/users/${user.id}/personal_access_tokens`, {
    name: 'bench',
    scopes: ['api'],
  })
  return { user, token: pat.token }
}

/**
 * A project of `owner` whose labels exist: one merge request made through the
 * API with every label (unknown labels are created as project labels).
 */
export async function projectWithLabels(base, owner, name) {
  const project = await call(base, owner.token, 'POST', '/projects', {
    name,
    path: `${name}-${randomBytes(3).toString('hex')}`,
    initialize_with_readme: true,
  })
  await call(base, owner.token, 'POST', `/projects/${project.id}/repository/commits`, {
    branch: 'labels',
    start_branch: 'main',
    commit_message: 'Labels',
    actions: [{ action: 'create', file_path: 'labels.txt', content: 'labels\n' }],
  })
  await call(base, owner.token, 'POST', `/projects/${project.id}/merge_requests`, {
    source_branch: 'labels',
    target_branch: 'main',
    title: 'Creates the labels',
    labels: LABELS.join(','),
  })
  return project
}

/**
 * Inserts `count` merge requests (iids 2..count+1) into the project: states
 * cycle opened, opened, closed, merged; authors cycle through `authorIds`; each
 * has one or two labels.
 */
export async function insertMergeRequests(client, projectId, authorIds, count) {
  const labels = await client.query(
    'SELECT id FROM merge_requests.labels WHERE project_id = $1 ORDER BY lower(title)',
    [projectId],
  )
  const labelIds = labels.rows.map((row) => row.id)
  if (labelIds.length === 0)
    throw new Error(`project ${projectId} has no labels after the API call`)
  await client.query(
    `INSERT INTO merge_requests.merge_requests
       (iid, target_project_id, source_project_id, title, description, state, author_id,
        source_branch, target_branch, merge_status, created_at, updated_at,
        closed_at, merged_at, latest_diff_id, diff_collection_attempted_at)
     SELECT g + 1, $1, $1, 'Bench change ' || g, 'Seeded by the benchmark',
       (ARRAY['opened', 'opened', 'closed', 'merged'])[1 + g % 4],
       ($2::bigint[])[1 + g % cardinality($2::bigint[])],
       'bench-' || g, 'main', 'can_be_merged',
       now() - make_interval(secs => $3 - g), now() - make_interval(secs => $3 - g),
       CASE WHEN g % 4 = 2 THEN now() ELSE NULL END,
       CASE WHEN g % 4 = 3 THEN now() ELSE NULL END,
       NULL, now()
     FROM generate_series(1, $3::int) AS g`,
    [projectId, authorIds, count],
  )
  await client.query(
    `INSERT INTO merge_requests.merge_request_labels (merge_request_id, label_id)
     SELECT id, ($2::bigint[])[1 + iid % cardinality($2::bigint[])]
       FROM merge_requests.merge_requests WHERE target_project_id = $1 AND iid > 1
     UNION
     SELECT id, ($2::bigint[])[1 + (iid / 7) % cardinality($2::bigint[])]
       FROM merge_requests.merge_requests WHERE target_project_id = $1 AND iid > 1
     ON CONFLICT DO NOTHING`,
    [projectId, labelIds],
  )
}

/**
 * Seeds one project with `count` merge requests and `others` projects with
 * `otherCount` each. Returns what the measurements need.
 */
export async function seedMergeRequests({
  base,
  rootToken,
  databaseUrl,
  count = 10_000,
  others = 3,
  otherCount = 2_000,
}) {
  const started = Date.now()
  const owner = await userWithToken(base, rootToken, 'bench-owner')
  const authors = [owner, await userWithToken(base, rootToken, 'bench-author')]
  const project = await projectWithLabels(base, owner, 'bench-mrs')
  const otherProjects = []
  for (let i = 0; i < others; i += 1) {
    const someone = await userWithToken(base, rootToken, `bench-other${i}`)
    otherProjects.push({
      project: await projectWithLabels(base, someone, `bench-other${i}`),
      someone,
    })
  }

  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const authorIds = authors.map((author) => author.user.id)
    await insertMergeRequests(client, project.id, authorIds, count)
    for (const { project: other, someone } of otherProjects) {
      await insertMergeRequests(client, other.id, [someone.user.id, ...authorIds], otherCount)
    }
    // VACUUM too, as autovacuum would on a settled instance (it may be off on
    // the bench's PostgreSQL): index-only scans need the visibility map.
    await client.query('VACUUM (ANALYZE) merge_requests.merge_requests')
    await client.query('VACUUM (ANALYZE) merge_requests.merge_request_labels')
    await client.query('VACUUM (ANALYZE) merge_requests.labels')
  } finally {
    await client.end()
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  process.stdout.write(
    `seeded ${count} merge requests in project ${project.id} and ${others * otherCount} around it in ${seconds}s\n`,
  )
  return { project, owner, author: authors[1], iid: Math.floor(count / 2) }
}
