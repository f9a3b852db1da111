// A real SMTP server on loopback for tests: mail the services send is received and kept, never sent on.

/** A message the test SMTP sink received. */
export interface SunkMail {
  from: string
  to: string[]
  raw: string
}

/** A real SMTP server on loopback (smtp-server) that keeps every message it receives. */
export async function startSmtpSink(port = 0) {
  const { SMTPServer } = await import('smtp-server')
  const messages: SunkMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()))
  const address = server.server.address() as { port: number }
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    port: address.port,
    messages,
    /** Waits until `n` messages arrived (or throws after `timeoutMs`). */
    waitFor: async (n: number, timeoutMs = 10_000) => {
      const until = Date.now() + timeoutMs
      while (messages.length < n) {
        if (Date.now() > until) throw new Error(`expected ${n} mails, got ${messages.length}`)
        await Bun.sleep(50)
      }
      return messages
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
