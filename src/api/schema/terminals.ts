import { type } from 'arktype'
import { IsoDateTime, SubmerchantId, TerminalId } from './common'
import { TERMINAL_MODELS } from './terminal-values'

export { TERMINAL_MODELS }
export const TerminalModel = type.enumerated(...TERMINAL_MODELS)
export type TerminalModel = typeof TerminalModel.infer

export const TerminalAllocation = type({ createdAt: IsoDateTime, submerchantId: SubmerchantId })
export type TerminalAllocation = typeof TerminalAllocation.infer

export const Terminal = type({
  id: TerminalId,
  name: 'string | null',
  serialNumber: 'string',
  customReference: 'string | null',
  reference: 'string | null',
  model: TerminalModel,
  currentAllocation: TerminalAllocation.or('null'),
  reportedConfiguration: { isUpToDate: 'boolean' },
})
export type Terminal = typeof Terminal.infer

export const PartialTerminal = Terminal.partial()
export type PartialTerminal = typeof PartialTerminal.infer
