import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Logger } from '@suite/runtime'
import { commitFiles } from './commit-files.js'
import { readRepositoryInfos } from './repository-infos.js'
import { RepositoryStore } from '../store/repository-store.js'

const gitEnv = { path: process.env['PATH'] ?? '/usr/bin:/bin' }
const MIT =
  'MIT License\n\nCopyright (c) 2026 Ada\n\nPermission is hereby granted, free of charge, to any person obtaining a copy\nof this software and associated documentation files (the "Software"), to deal\nin the Software without restriction, including without limitation the rights\nto use, copy, modify, merge, publish, distribute, sublicense, and/or sell\ncopies of the Software, and to permit persons to whom the Software is\nfurnished to do so, subject to the following conditions:\n\nThe above copyright notice and this permission notice shall be included in all\ncopies or substantial portions of the Software.\n\nTHE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR\nIMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,\nFITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE\nAUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER\nLIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,\nOUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE\nSOFTWARE.\n'
const logger = { warn: jest.fn() } as unknown as Logger
let root: string
let store: RepositoryStore

beforeEach(async () => {
  root = mkdtempSync(join(tmpdir(), 'repo-infos-test-'))
  store = new RepositoryStore(root, gitEnv)
  for (const id of [1, 2, 3]) await store.create(id, 'main')
  await commitFiles(store.repo(2), {
    branch: 'main',
    startBranch: '',
    message: 'c',
    author: { name: 'Ada', email: 'ada@example.com' },
    actions: [
      {
        action: 'create',
        filePath: 'LICENSE',
        previousPath: '',
        content: Buffer.from(MIT),
        executeFilemode: undefined,
      },
    ],
  })
})

afterEach(() => rmSync(root, { recursive: true, force: true }))

describe('readRepositoryInfos: a page of repositories in one call', () => {
  it('answers every distinct id, a missing repository as not existing', async () => {
    const answers = await readRepositoryInfos(store, logger, [1, 2, 3, 2, 9], { license: false })
    expect(answers.map((answer) => answer.projectId)).toEqual([1, 2, 3, 9])
    expect(answers.find((answer) => answer.projectId === 9)?.info).toMatchObject({
      exists: false,
      empty: true,
    })
    expect(answers.find((answer) => answer.projectId === 2)?.info).toMatchObject({
      exists: true,
      empty: false,
      commitCount: 1,
    })
  })

  it('gives the license file path but reads it only when the license is asked for', async () => {
    const [plain] = await readRepositoryInfos(store, logger, [2], { license: false })
    expect(plain?.info).toMatchObject({ licensePath: 'LICENSE', license: undefined })
    const [asked] = await readRepositoryInfos(store, logger, [2], { license: true })
    expect(asked?.info?.licensePath).toBe('LICENSE')
    expect(asked?.info?.license?.key).toBe('mit')
  })

  it('refuses more than a page of ids', async () => {
    const ids = Array.from({ length: 101 }, (_, index) => index + 1)
    await expect(readRepositoryInfos(store, logger, ids, { license: false })).rejects.toThrow(
      /more than 100/,
    )
  })

  it('leaves out a repository it cannot read and logs it', async () => {
    const answers = await readRepositoryInfos(store, logger, [1, -4], { license: false })
    expect(answers.map((answer) => answer.projectId)).toEqual([1])
    expect(logger.warn).toHaveBeenCalled()
  })
})

describe('RepositoryStore#delete', () => {
  it('removes a bare repository, and says when there was none', async () => {
    expect(await store.delete(1)).toBe(true)
    expect(await store.repo(1).exists()).toBe(false)
    expect(await store.delete(1)).toBe(false)
  })
})
