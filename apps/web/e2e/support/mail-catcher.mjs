// A mail catcher for the end-to-end suite: a real SMTP server the API delivers to, and a small HTTP
// API to read what arrived. Mail is faked at the protocol level only; nothing inside the product is.
//
//   SMTP  127.0.0.1:2599 (no STARTTLS, no AUTH)
//   HTTP  127.0.0.1:2598  GET /health, GET /mails?to=<address> -> [{ to, subject, text, html, receivedAt }]
import { createServer } from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const HOST = '127.0.0.1';
const SMTP_PORT = Number(process.env.MAIL_CATCHER_SMTP_PORT ?? 2599);
const HTTP_PORT = Number(process.env.MAIL_CATCHER_HTTP_PORT ?? 2598);
const MAX_MAILS = 1000;

/** Oldest first, so the newest mail of an address is the last one of its list. */
const mails = [];

const smtp = new SMTPServer({
  disabledCommands: ['STARTTLS', 'AUTH'],
  authOptional: true,
  logger: false,
  size: 5 * 1024 * 1024,
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((parsed) => {
        const to = session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase());
        mails.push({
          to,
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
          html: typeof parsed.html === 'string' ? parsed.html : '',
          receivedAt: new Date().toISOString(),
        });
        if (mails.length > MAX_MAILS) mails.shift();
        callback();
      })
      .catch((error) => callback(error));
  },
});

const http = createServer((request, response) => {
  const url = new URL(request.url ?? '/', `http://${HOST}:${HTTP_PORT}`);
  const send = (status, body) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify(body));
  };
  if (request.method === 'GET' && url.pathname === '/health') return send(200, { status: 'ok' });
  if (request.method === 'GET' && url.pathname === '/mails') {
    const to = url.searchParams.get('to')?.toLowerCase();
    const selected = to ? mails.filter((mail) => mail.to.includes(to)) : mails;
    return send(
      200,
      selected.map((mail) => ({ ...mail, to: mail.to.join(', ') })),
    );
  }
  return send(404, { error: 'not found' });
});

smtp.on('error', (error) => {
  process.stderr.write(`mail catcher SMTP error: ${error.message}\n`);
});

smtp.listen(SMTP_PORT, HOST, () => {
  http.listen(HTTP_PORT, HOST, () => {
    process.stdout.write(`mail catcher: SMTP ${HOST}:${SMTP_PORT}, HTTP ${HOST}:${HTTP_PORT}\n`);
  });
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    http.close();
    smtp.close(() => process.exit(0));
  });
}
