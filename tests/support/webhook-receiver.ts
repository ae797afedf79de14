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

// A status, or a status with the body and content type to answer with (default: a small JSON).
export type ReceiverAnswer = number | { status: number; body: string; contentType: string }

export async function startWebhookReceiver(
  respond: (delivery: ReceivedDelivery, index: number) => ReceiverAnswer = () => 200,
): Promise<WebhookReceiver> {
  const received: ReceivedDelivery[] = []
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const delivery = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8') }
      received.push(delivery)
      const answer = respond(delivery, received.length - 1)
      const { status, body, contentType } =
        typeof answer === 'number'
          ? {
              status: answer,
              body: JSON.stringify({ received: answer < 300 }),
              contentType: 'application/json',
            }
          : answer
      res.writeHead(status, { 'content-type': contentType })
      res.end(body)
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
