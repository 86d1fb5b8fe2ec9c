/** A project label (GitLab's labels row). */
export interface Label {
  id: number
  projectId: number
  title: string
  /** #RRGGBB */
  color: string
  description: string
  createdAt: Date
  updatedAt: Date
}
