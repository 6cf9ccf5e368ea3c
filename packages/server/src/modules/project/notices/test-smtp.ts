import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
}

/**
 * A real SMTP server on a loopback port for tests: keeps what it received, decoded; `refuse` makes
 * it answer 550 to every recipient (a mailbox the server does not take).
 */
export async function startTestSmtp() {
  const received: ReceivedMail[] = [];
  let refusal: string | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (!refusal) return callback();
      callback(Object.assign(new Error(refusal), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    received,
    refuse(reason: string | null) {
      refusal = reason;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
