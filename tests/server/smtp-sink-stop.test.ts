/**
 * The embedded mail server stops when Storey stops: a client's connection kept open (as
 * nodemailer's pool keeps one between messages) does not hold the stop for the mail library's
 * 30 s, past the 10 s after which Storey gives up and exits with an error.
 */
import { once } from 'node:events';
import { connect } from 'node:net';
import { expect, it } from 'vitest';
import { startSmtpSink } from '../../server/notifications/smtp-sink';

it('stops with a client connected and idle, and ends that connection', async () => {
  const sink = await startSmtpSink();
  const client = connect(Number(new URL(sink.url).port), '127.0.0.1');
  client.setEncoding('utf8');
  let said = '';
  const heard = (text: string) =>
    new Promise<void>((resolve) => {
      const listen = (chunk: string) => {
        said += chunk;
        if (!said.includes(text)) return;
        client.off('data', listen);
        resolve();
      };
      client.on('data', listen);
    });
  await heard('220 ');
  client.write('EHLO storey.test\r\n');
  await heard('250 ');
  const ended = once(client, 'close');
  await sink.close();
  await ended;
  expect(client.destroyed).toBe(true);
});
