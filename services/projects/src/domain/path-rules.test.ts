import { ErrorCollector } from './field-errors.js'
import {
  deriveNameAndPath,
  NAME_FORMAT_MESSAGE,
  parameterize,
  PATH_FORMAT_MESSAGE,
  PATH_SPECIAL_CHARACTERS_MESSAGE,
  validateName,
  validatePath,
} from './path-rules.js'

function nameErrors(name: string) {
  const errors = new ErrorCollector()
  validateName(name, errors)
  return errors.toJSON()
}

function pathErrors(path: string) {
  const errors = new ErrorCollector()
  validatePath(path, errors)
  return errors.toJSON()
}

describe('parameterize', () => {
  it.each([
    ['My Project', 'my-project'],
    ['  Hello,  World!  ', 'hello-world'],
    ['Crème brûlée', 'creme-brulee'],
    ['snake_case stays', 'snake_case-stays'],
    ['a--b', 'a-b'],
  ])('%s -> %s', (name, path) => {
    expect(parameterize(name)).toBe(path)
  })
})

describe('deriveNameAndPath', () => {
  it('takes the path from the name, lower case with dashes', () => {
    expect(deriveNameAndPath('My Project', undefined)).toEqual({
      name: 'My Project',
      path: 'my-project',
    })
  })

  it('takes the name from the path', () => {
    expect(deriveNameAndPath(undefined, 'my-path')).toEqual({ name: 'my-path', path: 'my-path' })
  })

  it('keeps both when both are given', () => {
    expect(deriveNameAndPath('Name', 'path')).toEqual({ name: 'Name', path: 'path' })
  })
})

describe('validateName', () => {
  it('accepts letters, digits, spaces, dots, pluses and dashes', () => {
    expect(nameErrors('My Project 2.0+ — test')).toEqual({})
  })

  it('rejects a blank name and a bad first character', () => {
    expect(nameErrors('')).toEqual({ name: ["can't be blank"] })
    expect(nameErrors('-x')).toEqual({ name: [NAME_FORMAT_MESSAGE] })
  })

  it('rejects more than 255 characters', () => {
    expect(nameErrors('a'.repeat(256))).toEqual({
      name: ['is too long (maximum is 255 characters)'],
    })
  })
})

describe('validatePath', () => {
  it('accepts GitLab paths', () => {
    expect(pathErrors('my-project')).toEqual({})
    expect(pathErrors('my_project.v2')).toEqual({})
  })

  it('gives both GitLab messages for a path with special characters at the ends', () => {
    expect(pathErrors('-bad..')).toEqual({
      path: [PATH_FORMAT_MESSAGE, PATH_SPECIAL_CHARACTERS_MESSAGE],
    })
  })

  it('rejects .git and .atom endings and reserved words', () => {
    expect(pathErrors('repo.git').path).toContain(PATH_FORMAT_MESSAGE)
    expect(pathErrors('repo.atom').path).toContain(PATH_FORMAT_MESSAGE)
    expect(pathErrors('badges').path).toEqual([PATH_FORMAT_MESSAGE])
  })

  it('rejects consecutive special characters', () => {
    expect(pathErrors('a__b')).toEqual({ path: [PATH_SPECIAL_CHARACTERS_MESSAGE] })
  })
})
