/** Tables of activity events (filled in by the events feature). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface EventTables {}
