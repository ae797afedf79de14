// A local webhook receiver on 127.0.0.1 for tests and benches: records every delivery and answers
// with whatever `respond` decides (default 200).
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface ReceivedDelivery {
  headers: IncomingHttpHeaders
  body: string
}

export interface WebhookReceiver {
  url: string
  received: ReceivedDelivery[]
  close(): Promise<void>
}

export async function startWebhookReceiver(
  respond: (delivery: ReceivedDelivery, index: number) => number = () => 200,
): Promise<WebhookReceiver> {
  const received: ReceivedDelivery[] = []
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const delivery = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8') }
      received.push(delivery)
      const status = respond(delivery, received.length - 1)
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ received: status < 300 }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
