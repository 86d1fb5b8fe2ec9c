import { FeatureAccessLevels, type Project } from '@suite/proto'
import {
  featureLevelWord,
  featureOn,
  type FeatureLevelWord,
  type ProjectFeature,
} from '../params/project-features.js'

/** The project's feature settings; a project answered without them reads as GitLab's defaults. */
function featuresOf(project: Project): FeatureAccessLevels {
  return project.features ?? FeatureAccessLevels.create()
}

/** `<feature>_enabled`: on unless its access level is `disabled`. */
export function featureEnabled(project: Project, feature: ProjectFeature): boolean {
  return featureOn(featuresOf(project)[feature])
}

/** `<feature>_access_level` as GitLab writes it. */
export function featureAccessLevel(project: Project, feature: ProjectFeature): FeatureLevelWord {
  return featureLevelWord(featuresOf(project)[feature])
}

export function projectFlag(project: Project, name: string): boolean {
  return project.flags[name] ?? false
}
