/**
 * The mailer's SMTP connection pool against a real SMTP server on the loopback (smtp-server, the
 * library the provider sandbox's catcher is built on), which counts the connections it accepts.
 */
import diagnostics from 'node:diagnostics_channel';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, beforeEach, expect, it } from '@jest/globals';
import { SMTPServer } from 'smtp-server';
import { SmtpMailer, closeMailer } from './index.ts';

interface Catcher {
  readonly url: string;
  readonly received: string[];
  readonly connections: () => number;
  /** Drops every open connection, as a server restart or an idle timeout on its side would. */
  readonly dropConnections: () => void;
  /** Resolves once every client socket opened so far has seen its close (the mailer's side). */
  readonly clientsClosed: () => Promise<void>;
  readonly close: () => Promise<void>;
}

/** The client sockets this process opens (the mailer's connections). */
const clientSockets = new Set<Socket>();
diagnostics.subscribe('net.client.socket', (message) => {
  const { socket } = message as { socket: Socket };
  clientSockets.add(socket);
  socket.once('close', () => clientSockets.delete(socket));
});

const startCatcher = async (): Promise<Catcher> => {
  const received: string[] = [];
  const sockets = new Set<Socket>();
  let connections = 0;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    closeTimeout: 100,
    onConnect: (_session, callback) => {
      connections += 1;
      callback();
    },
    onData: (stream, session, callback) => {
      stream.resume();
      stream.on('end', () => {
        received.push(session.envelope.rcptTo.map((recipient) => recipient.address).join(','));
        callback();
      });
    },
  });
  server.server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    connections: () => connections,
    dropConnections: () => {
      for (const socket of sockets) socket.destroy();
    },
    clientsClosed: () => Promise.all([...clientSockets].map((socket) => (socket.destroyed ? null : new Promise((resolve) => socket.once('close', resolve))))).then(() => {}),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

let catcher: Catcher;
let mailer: SmtpMailer;

beforeEach(async () => {
  catcher = await startCatcher();
  mailer = new SmtpMailer({ url: catcher.url, from: 'portal@example.com' });
});

afterEach(async () => {
  closeMailer(mailer);
  await catcher.close();
});

const email = (to: string) => ({ to, subject: 'Appointment booked', text: 'See you soon.' });

it('sends two emails one after the other over one SMTP connection', async () => {
  await mailer.send(email('first@example.com'));
  await mailer.send(email('second@example.com'));
  expect(catcher.received).toEqual(['first@example.com', 'second@example.com']);
  expect(catcher.connections()).toBe(1);
});

it('after the server dropped its connection, the next email goes out on a new one', async () => {
  await mailer.send(email('before@example.com'));
  catcher.dropConnections();
  // Once the drop has reached the mailer's side (an email sent in the same instant fails instead).
  await catcher.clientsClosed();
  await mailer.send(email('after@example.com'));
  expect(catcher.received).toEqual(['before@example.com', 'after@example.com']);
  expect(catcher.connections()).toBe(2);
});

it('opens no more connections than allowed however many emails are waiting', async () => {
  const limited = new SmtpMailer({ url: catcher.url, from: 'portal@example.com', maxConnections: 2 });
  try {
    await Promise.all(Array.from({ length: 10 }, (_, i) => limited.send(email(`member${i}@example.com`))));
  } finally {
    closeMailer(limited);
  }
  expect(catcher.received).toHaveLength(10);
  expect(catcher.connections()).toBeLessThanOrEqual(2);
});

it('close works through a wrapper of the mailer (the composition times send through a Proxy, as observedCalls does)', async () => {
  const wrapped = new Proxy(mailer, {
    get: (target, property, receiver) => {
      const value: unknown = Reflect.get(target, property, receiver);
      return property === 'send' ? (...args: unknown[]) => (value as (...a: unknown[]) => unknown).apply(target, args) : value;
    },
  });
  await wrapped.send(email('wrapped@example.com'));
  expect(() => closeMailer(wrapped)).not.toThrow();
  await catcher.clientsClosed();
  expect(catcher.received).toEqual(['wrapped@example.com']);
});
