/**
 * The SMTP catcher: a plain SMTP server (no TLS, no AUTH, 1 MB limit) that accepts every message
 * for every recipient and puts it in the inbox instead of delivering it. The mail adapter points
 * at it (smtp://127.0.0.1:4025) when no real SMTP server is configured.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { Inbox } from './store.ts';

export const SMTP_SIZE_LIMIT = 1024 * 1024;

export interface SmtpCatcherOptions {
  readonly inbox: Inbox;
  readonly host: string;
  /** 0 picks a free port. */
  readonly port: number;
  readonly log?: (line: string) => void;
  /** Injected fault (issue 16): down refuses each connection and each message with 421; latency delays each message's answer. */
  readonly fault?: () => { readonly down: boolean; readonly latencyMs: number };
}

export interface SmtpCatcher {
  /** smtp://host:port */
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

const readAll = async (stream: AsyncIterable<Buffer | string>): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk, 'latin1') : chunk);
  return Buffer.concat(chunks);
};

export const startSmtpCatcher = async ({ inbox, host, port, log, fault }: SmtpCatcherOptions): Promise<SmtpCatcher> => {
  const server = new SMTPServer({
    name: 'provider-sandbox',
    banner: 'provider sandbox SMTP catcher: nothing is delivered',
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    size: SMTP_SIZE_LIMIT,
    logger: false,
    closeTimeout: 1_000,
    onConnect: (_session, callback) => {
      if (fault?.().down) callback(Object.assign(new Error('Service not available (sandbox fault)'), { responseCode: 421 }));
      else callback();
    },
    // Down also for a connection opened before (the mail adapter keeps a pool of them): each message refused with 421.
    onMailFrom: (_address, _session, callback) => {
      if (fault?.().down) callback(Object.assign(new Error('Service not available (sandbox fault)'), { responseCode: 421 }));
      else callback();
    },
    onData: (stream, session, callback) => {
      readAll(stream)
        .then(async (raw) => {
          const latencyMs = fault?.().latencyMs ?? 0;
          if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
          if (stream.sizeExceeded) {
            const error = Object.assign(new Error('Message exceeds the 1 MB limit of the sandbox'), { responseCode: 552 });
            callback(error);
            return;
          }
          const recipients = session.envelope.rcptTo.map((recipient) => recipient.address);
          await inbox.receiveEmail(raw, recipients);
          // Addresses name people: log the count only.
          log?.(`SMTP message for ${recipients.length} recipient(s) ${raw.length} bytes`);
          callback();
        })
        .catch((error: unknown) => {
          console.error('provider-sandbox: SMTP catcher failed to store a message', error instanceof Error ? error.message : String(error));
          callback(Object.assign(new Error('The sandbox failed to store the message'), { responseCode: 451 }));
        });
    },
  });
  let listening = false;
  server.on('error', (error: NodeJS.ErrnoException) => {
    // Before listening, the start-up promise reports it; afterwards a client hanging up is not news.
    if (listening && error.code !== 'ECONNRESET' && error.code !== 'EPIPE') console.error('provider-sandbox: SMTP catcher error', error.message);
  });

  await new Promise<void>((resolve, reject) => {
    // EADDRINUSE and the like reach the caller as they are (startSandbox explains them).
    const onError = (error: NodeJS.ErrnoException) => reject(error);
    server.server.once('error', onError);
    server.listen(port, host, () => {
      server.server.off('error', onError);
      listening = true;
      resolve();
    });
  });
  const address = server.server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address === '0.0.0.0' ? '127.0.0.1' : address.address;
  let closed = false;
  return {
    url: `smtp://${shownHost}:${address.port}`,
    port: address.port,
    close: async () => {
      if (closed) return;
      closed = true;
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
