// The vehicle cards of the PDF kit: one per line the user typed (a registration or a driver name).

// One A4 sheet holds 8 cards, so 100 is 13 sheets: a large fleet, and still a file a phone makes
// in well under a second per sheet.
export const MAX_VEHICLE_CARDS = 100
// Longer labels are cut: a card has room for about this much at a readable size.
export const MAX_LABEL_LENGTH = 40

export interface VehicleLabels {
  labels: string[]
  // Lines beyond MAX_VEHICLE_CARDS, left out.
  dropped: number
}

export function parseVehicleLabels(text: string): VehicleLabels {
  const lines = text
    .split(/\r\n|\r|\n/)
    .map((line) => line.replace(/\s+/g, ' ').trim().slice(0, MAX_LABEL_LENGTH).trim())
    .filter(Boolean)
  return {
    labels: lines.slice(0, MAX_VEHICLE_CARDS),
    dropped: Math.max(0, lines.length - MAX_VEHICLE_CARDS),
  }
}
