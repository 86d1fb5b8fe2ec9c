import { PLAN_PER_RUN, statementName } from './prepared-statements.js'

describe('statementName', () => {
  it('names the same data statement the same way, and leaves other statements unnamed', () => {
    const select = 'select * from "merge_requests" where "id" = $1'
    expect(statementName(select)).toMatch(/^q_[0-9a-f]{24}$/)
    expect(statementName(select)).toBe(statementName(select))
    expect(statementName('insert into t values ($1)')).not.toBe(statementName(select))
    expect(statementName('  WITH x AS (select 1) select * from x')).toBeDefined()
    expect(statementName('create table t (id int)')).toBeUndefined()
    expect(statementName('listen "changes"')).toBeUndefined()
    expect(statementName(`select * from t where a = $1 ${PLAN_PER_RUN}`)).toBeUndefined()
  })
})
