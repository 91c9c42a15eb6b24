import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw message, headers and body. */
  raw: string;
  /** When the message was accepted (250 after DATA), in milliseconds since the epoch. */
  acceptedAt: number;
}

export interface SmtpSink {
  /** smtp://127.0.0.1:<port>: what SMTP_URL would be. */
  url: string;
  /** Every message accepted, oldest first (the newest `keep`, 500 by default). */
  received: ReceivedMail[];
  close(): Promise<void>;
}

/**
 * A real SMTP server inside the process (the npm package smtp-server, by nodemailer's authors),
 * on loopback: the embedded default's mail system, so a newcomer sees Storey's e-mails on the
 * Outbox page with nothing to configure, and the tests' receiver. It accepts every message and
 * keeps it in memory; it relays nothing.
 */
export async function startSmtpSink(
  options: {
    port?: number;
    /** An address answered "550 no such mailbox", as a mail system refuses one for good. */
    refuse?: string;
    /** How many of the newest messages to keep. */
    keep?: number;
  } = {},
): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 1024 * 1024,
    // A stop ends the connections still open (a client's idle pooled one) after this, not the
    // library's 30 s: the sink keeps nothing a cut connection would lose that a stop does not.
    closeTimeout: 250,
    onRcptTo(address, _session, callback) {
      if (address.address === options.refuse)
        return callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((to) => to.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          acceptedAt: Date.now(),
        });
        if (received.length > (options.keep ?? 500)) received.shift();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
