/** A license as GitLab's LicenseBasic entity shows it (Licensee's key, name and nickname). */
export interface KnownLicense {
  key: string
  name: string
  nickname: string | undefined
  /** choosealicense.com's page (Licensee's License#url). */
  htmlUrl: string
  /** The published text (the choosealicense data's `source`). */
  sourceUrl: string | undefined
}

interface Rule {
  license: KnownLicense
  /** Every phrase must appear in the normalised text. */
  all: readonly string[]
  /** None of these may appear (they mark a near relative: MIT-0, X11, BSD-4-Clause...). */
  none?: readonly string[]
}

function license(
  key: string,
  name: string,
  nickname: string | undefined,
  sourceUrl: string,
): KnownLicense {
  return { key, name, nickname, htmlUrl: `http://choosealicense.com/licenses/${key}/`, sourceUrl }
}

const BSD_GRANT =
  'redistribution and use in source and binary forms, with or without modification, are permitted'
const BSD_RELATIVES = [
  'advertising materials', // BSD-4-Clause
  "no express or implied licenses to any party's patent rights", // BSD-3-Clause-Clear
]

/**
 * Checked in order: a text quoting another license (LGPL-3.0 names the GPL,
 * the GPL-3.0 names the AGPL) is matched by its own title first.
 */
const RULES: readonly Rule[] = [
  {
    license: license(
      'agpl-3.0',
      'GNU Affero General Public License v3.0',
      'GNU AGPLv3',
      'http://www.gnu.org/licenses/agpl-3.0.txt',
    ),
    all: ['gnu affero general public license version 3, 19 november 2007'],
  },
  {
    license: license(
      'lgpl-3.0',
      'GNU Lesser General Public License v3.0',
      'GNU LGPLv3',
      'http://www.gnu.org/licenses/lgpl-3.0.txt',
    ),
    all: ['gnu lesser general public license version 3, 29 june 2007'],
  },
  {
    license: license(
      'gpl-3.0',
      'GNU General Public License v3.0',
      'GNU GPLv3',
      'http://www.gnu.org/licenses/gpl-3.0.txt',
    ),
    all: ['gnu general public license version 3, 29 june 2007'],
  },
  {
    license: license(
      'gpl-2.0',
      'GNU General Public License v2.0',
      'GNU GPLv2',
      'http://www.gnu.org/licenses/gpl-2.0.txt',
    ),
    all: ['gnu general public license version 2, june 1991'],
  },
  {
    license: license(
      'apache-2.0',
      'Apache License 2.0',
      undefined,
      'http://www.apache.org/licenses/LICENSE-2.0',
    ),
    all: ['apache license version 2.0, january 2004'],
  },
  {
    license: license(
      'mpl-2.0',
      'Mozilla Public License 2.0',
      undefined,
      'https://www.mozilla.org/media/MPL/2.0/index.txt',
    ),
    all: ['mozilla public license version 2.0', 'covered software'],
  },
  {
    license: license('mit', 'MIT License', undefined, 'https://opensource.org/licenses/MIT'),
    all: [
      'permission is hereby granted, free of charge, to any person obtaining a copy',
      'the above copyright notice and this permission notice shall be included',
    ],
    none: ['except as contained in this notice, the name of'], // X11
  },
  {
    license: license('isc', 'ISC License', undefined, 'http://opensource.org/licenses/isc-license'),
    all: [
      'distribute this software for any purpose with or without fee is hereby granted, provided that the above copyright notice and this permission notice appear in all copies',
    ],
  },
  {
    license: license(
      'bsd-3-clause',
      'BSD 3-Clause "New" or "Revised" License',
      undefined,
      'https://opensource.org/licenses/BSD-3-Clause',
    ),
    all: [BSD_GRANT, 'neither the name of'],
    none: BSD_RELATIVES,
  },
  {
    license: license(
      'bsd-2-clause',
      'BSD 2-Clause "Simplified" License',
      undefined,
      'https://opensource.org/licenses/BSD-2-Clause',
    ),
    all: [BSD_GRANT, 'redistributions in binary form must reproduce the above copyright notice'],
    none: [...BSD_RELATIVES, 'neither the name of', 'the name of the author may not be used'],
  },
  {
    license: license('unlicense', 'The Unlicense', undefined, 'http://unlicense.org/UNLICENSE'),
    all: ['this is free and unencumbered software released into the public domain'],
  },
]

/**
 * The text as the rules compare it: lower case, straight quotes, no Markdown
 * emphasis or heading marks, one space for any run of whitespace.
 */
export function normaliseLicenseText(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[*#=_`>]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

/** The license a file's text is, by its distinctive wording; undefined when it is none we know. */
export function detectLicense(text: string): KnownLicense | undefined {
  const normal = normaliseLicenseText(text)
  const rule = RULES.find(
    (candidate) =>
      candidate.all.every((phrase) => normal.includes(phrase)) &&
      !(candidate.none ?? []).some((phrase) => normal.includes(phrase)),
  )
  return rule?.license
}
