const PREFERRED_EXT = '(\\.(md|markdown|txt|html))?'
const LICENSE = '(un)?licen[sc]e'
const COPYING = 'copy(ing|right)'

/** Licensee's filename scores: the best-scoring root file is the project's license file. */
const FILENAME_SCORES: readonly (readonly [RegExp, number])[] = [
  [new RegExp(`^${LICENSE}$`, 'i'), 1.0],
  [new RegExp(`^${LICENSE}${PREFERRED_EXT}$`, 'i'), 0.95],
  [new RegExp(`^${COPYING}$`, 'i'), 0.9],
  [new RegExp(`^${COPYING}${PREFERRED_EXT}$`, 'i'), 0.85],
  [new RegExp(`^${LICENSE}\\.[^./]+$`, 'i'), 0.8],
  [new RegExp(`^${COPYING}\\.[^./]+$`, 'i'), 0.75],
  [new RegExp(`^${LICENSE}[-_][^/]*$`, 'i'), 0.7],
  [new RegExp(`^${COPYING}[-_][^/]*$`, 'i'), 0.65],
  [new RegExp(`^[^/]+[-_]${LICENSE}(\\.[^./]+)?$`, 'i'), 0.6],
]

/** How likely a root file name is a license file; 0 when it is not one. */
export function licenseFileScore(name: string): number {
  return FILENAME_SCORES.find(([pattern]) => pattern.test(name))?.[1] ?? 0
}

/** The root file that is the license file (highest score, then by name), if any. */
export function pickLicenseFile(names: readonly string[]): string | undefined {
  return names
    .map((name) => ({ name, score: licenseFileScore(name) }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))[0]?.name
}
