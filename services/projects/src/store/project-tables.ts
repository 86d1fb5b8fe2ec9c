/** Tables of projects, settings and topics (filled in by the projects feature). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ProjectTables {}
