import type { Label } from '@suite/proto'
import { markdownHtml } from './markdown-html.js'

/** API::Entities::LabelBasic. */
export interface LabelBasicJson {
  id: number
  name: string
  color: string
  description: string | null
  description_html: string
  text_color: string
  remove_on_close: boolean
}

export function presentLabelBasic(label: Label): LabelBasicJson {
  return {
    id: label.id,
    name: label.name,
    color: label.color,
    description: label.description === '' ? null : label.description,
    description_html: markdownHtml(label.description),
    text_color: label.textColor,
    // Labels that close with their issue are an issue-board setting this suite does not keep.
    remove_on_close: false,
  }
}
