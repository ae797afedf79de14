/// <reference lib="webworker" />
import papa from 'papaparse'
import * as phoneLib from 'libphonenumber-js/min'
import {
  parseAndCheck,
  type ParseRequest,
} from '@/features/payment-links/bulk-import/bulk-import-parse'

// A large import file is parsed and checked here, off the page's thread.
self.onmessage = (event: MessageEvent<ParseRequest>) => {
  self.postMessage(parseAndCheck(papa, phoneLib, event.data))
}
