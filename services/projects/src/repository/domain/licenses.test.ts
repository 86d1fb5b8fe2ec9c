import { pickLicenseFile } from './license-file.js'
import { detectLicense } from './licenses.js'

const MIT = `MIT License

Copyright (c) 2026 Someone

Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.
`

const BSD_HEAD = `Copyright (c) 2026, Someone
All rights reserved.

Redistribution and use in source and binary forms, with or without
modification, are permitted provided that the following conditions are met:

1. Redistributions of source code must retain the above copyright notice, this
   list of conditions and the following disclaimer.

2. Redistributions in binary form must reproduce the above copyright notice,
   this list of conditions and the following disclaimer in the documentation
   and/or other materials provided with the distribution.
`

const SAMPLES: readonly (readonly [string, string])[] = [
  ['mit', MIT],
  [
    'apache-2.0',
    '\n                                 Apache License\n                           Version 2.0, January 2004\n                        http://www.apache.org/licenses/\n\n   TERMS AND CONDITIONS FOR USE, REPRODUCTION, AND DISTRIBUTION\n',
  ],
  [
    'gpl-2.0',
    '                    GNU GENERAL PUBLIC LICENSE\n                       Version 2, June 1991\n\n Copyright (C) 1989, 1991 Free Software Foundation, Inc.,\n',
  ],
  [
    'gpl-3.0',
    '                    GNU GENERAL PUBLIC LICENSE\n                       Version 3, 29 June 2007\n\n  13. Use with the GNU Affero General Public License.\n',
  ],
  [
    'lgpl-3.0',
    '                   GNU LESSER GENERAL PUBLIC LICENSE\n                       Version 3, 29 June 2007\n\n  This version of the GNU Lesser General Public License incorporates\nthe terms and conditions of version 3 of the GNU General Public\nLicense, supplemented by the additional permissions listed below.\n',
  ],
  [
    'agpl-3.0',
    '                    GNU AFFERO GENERAL PUBLIC LICENSE\n                       Version 3, 19 November 2007\n\n  The GNU Affero General Public License is a free, copyleft license\n',
  ],
  ['bsd-2-clause', `BSD 2-Clause License\n\n${BSD_HEAD}`],
  [
    'bsd-3-clause',
    `BSD 3-Clause License\n\n${BSD_HEAD}\n3. Neither the name of the copyright holder nor the names of its\n   contributors may be used to endorse or promote products derived from\n   this software without specific prior written permission.\n`,
  ],
  [
    'mpl-2.0',
    'Mozilla Public License Version 2.0\n==================================\n\n1. Definitions\n--------------\n\n1.1. "Contributor"\n    means each individual or legal entity that creates, contributes to\n    the creation of, or owns Covered Software.\n',
  ],
  [
    'isc',
    'ISC License\n\nCopyright (c) 2026, Someone\n\nPermission to use, copy, modify, and/or distribute this software for any\npurpose with or without fee is hereby granted, provided that the above\ncopyright notice and this permission notice appear in all copies.\n',
  ],
  [
    'unlicense',
    'This is free and unencumbered software released into the public domain.\n\nAnyone is free to copy, modify, publish, use, compile, sell, or\ndistribute this software\n',
  ],
]

describe('detectLicense', () => {
  it.each(SAMPLES)('recognises %s by its text', (key, text) => {
    expect(detectLicense(text)?.key).toBe(key)
  })

  it("names MIT as GitLab's LicenseBasic does", () => {
    expect(detectLicense(MIT)).toEqual({
      key: 'mit',
      name: 'MIT License',
      nickname: undefined,
      htmlUrl: 'http://choosealicense.com/licenses/mit/',
      sourceUrl: 'https://opensource.org/licenses/MIT',
    })
    expect(detectLicense(BSD_HEAD)?.name).toBe('BSD 2-Clause "Simplified" License')
  })

  it('gives the GNU licenses their nicknames', () => {
    const gpl3 = SAMPLES.find(([key]) => key === 'gpl-3.0')?.[1] ?? ''
    expect(detectLicense(gpl3)).toMatchObject({
      name: 'GNU General Public License v3.0',
      nickname: 'GNU GPLv3',
    })
  })

  it('survives Markdown, CRLF and curly quotes', () => {
    const markdown = `# MIT License\r\n\r\n${MIT.replace(/\n/g, '\r\n').replace('"Software"', '\u201cSoftware\u201d')}`
    expect(detectLicense(markdown.replace('Permission is', '**Permission** is'))?.key).toBe('mit')
  })

  it('recognises nothing in other text or near relatives', () => {
    expect(detectLicense('All rights reserved. Do not copy.')).toBeUndefined()
    expect(detectLicense('')).toBeUndefined()
    expect(
      detectLicense(`${MIT}\nExcept as contained in this notice, the name of X shall not be used`),
    ).toBeUndefined()
    expect(
      detectLicense(
        `${BSD_HEAD}\n3. All advertising materials mentioning features or use of this software`,
      ),
    ).toBeUndefined()
  })
})

describe('pickLicenseFile', () => {
  it('prefers LICENSE, then LICENSE.md, then COPYING, case-insensitively', () => {
    expect(pickLicenseFile(['README.md', 'COPYING', 'license.md', 'LICENSE'])).toBe('LICENSE')
    expect(pickLicenseFile(['README.md', 'COPYING', 'License.txt'])).toBe('License.txt')
    expect(pickLicenseFile(['copying', 'src'])).toBe('copying')
    expect(pickLicenseFile(['UNLICENSE'])).toBe('UNLICENSE')
    expect(pickLicenseFile(['LICENCE.rst'])).toBe('LICENCE.rst')
    expect(pickLicenseFile(['LICENSE-MIT', 'MIT-LICENSE'])).toBe('LICENSE-MIT')
  })

  it('finds none among other files', () => {
    expect(pickLicenseFile(['README.md', 'src', 'licenses.json.bak', 'package.json'])).toBe(
      undefined,
    )
    expect(pickLicenseFile([])).toBeUndefined()
  })
})
