import { describe, expect, it } from 'vitest'
import {
  MAX_LABEL_LENGTH,
  MAX_VEHICLE_CARDS,
  parseVehicleLabels,
} from '@/features/scan-to-pay/vehicle-labels'

describe('parseVehicleLabels', () => {
  it('takes one label per line, trimmed, without empty lines', () => {
    expect(parseVehicleLabels('  AB12 CDE \r\n\n\t\nSam   Jones\rXY99 ZZZ\n')).toEqual({
      labels: ['AB12 CDE', 'Sam Jones', 'XY99 ZZZ'],
      dropped: 0,
    })
    expect(parseVehicleLabels('')).toEqual({ labels: [], dropped: 0 })
  })

  it(`keeps the first ${MAX_VEHICLE_CARDS} and counts the rest`, () => {
    const text = Array.from({ length: 130 }, (_, i) => `CAB ${i + 1}`).join('\n')
    const { labels, dropped } = parseVehicleLabels(text)
    expect(labels).toHaveLength(MAX_VEHICLE_CARDS)
    expect(labels.at(-1)).toBe(`CAB ${MAX_VEHICLE_CARDS}`)
    expect(dropped).toBe(30)
  })

  it('cuts a label too long for a card', () => {
    const [label] = parseVehicleLabels('x'.repeat(200)).labels
    expect(label).toHaveLength(MAX_LABEL_LENGTH)
  })
})
