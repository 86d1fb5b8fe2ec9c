import { DEFAULT_LABEL_COLOR, labelTextColor } from './label-color.js'

describe('labelTextColor', () => {
  it('is white on the default and dark colours', () => {
    expect(labelTextColor(DEFAULT_LABEL_COLOR)).toBe('#FFFFFF')
    expect(labelTextColor('#d9534f')).toBe('#FFFFFF')
  })

  it('is dark on light colours, short forms included', () => {
    expect(labelTextColor('#FFFFFF')).toBe('#333333')
    expect(labelTextColor('#eee')).toBe('#333333')
  })
})
