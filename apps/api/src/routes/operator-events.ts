import type { Database } from '@shop/db';
import { DomainError } from '@shop/domain';
import type { FastifyPluginAsync } from 'fastify';
import { verifyOperatorEvent } from '../adapters/operator-events';
import { receiveOperatorEvent } from '../auto-topups/engine';
import { receiveSms } from '../sms-topups/inbound';
import type { PinCipher } from '../vouchers/pin-crypto';

/**
 * `POST /api/webhooks/operator`: the mobile operator's signed events. A low-balance or
 * tariff-renewal event gives the number's automatic top-ups their runs, and light ones their
 * links (once per event id; both go to the job queue); an SMS is kept by its message id (an SMS without one by the event's)
 * and goes to the job queue once; other events are taken and ignored. 401 `INVALID_SIGNATURE`
 * changes nothing; a signed event is answered 200 once recorded, so the operator stops retrying.
 */
export const operatorEventRoutes: FastifyPluginAsync<{
  db: Database;
  pins: PinCipher;
  secret: string;
  onRuns: (runIds: string[]) => Promise<void>;
  onSms: (requestId: string) => Promise<void>;
  onLightLinks: (linkIds: string[]) => Promise<void>;
}> = async (app, { db, pins, secret, onRuns, onSms, onLightLinks }) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, body),
  );

  app.post('/api/webhooks/operator', { schema: { hide: true } }, async (request) => {
    const raw = typeof request.body === 'string' ? request.body : '';
    const header = request.headers['x-sandbox-signature'];
    const event = verifyOperatorEvent(raw, Array.isArray(header) ? header[0] : header, secret);
    if (event.kind === 'invalid-signature') {
      throw new DomainError('INVALID_SIGNATURE', 'The event signature does not match');
    }
    if (event.kind === 'ignored') {
      request.log.info({ eventId: event.eventId, type: event.type }, 'operator event ignored');
      return { received: true };
    }
    if (event.type === 'sms') {
      const { from, to, text } = event;
      const messageId = event.messageId ?? event.eventId;
      const requestId = await receiveSms({ db, pins }, { messageId, from, to, text });
      if (requestId) await onSms(requestId);
      request.log.info({ eventId: event.eventId, messageId, fresh: requestId !== undefined }, 'inbound SMS');
      return { received: true };
    }
    const { runs, links } = await receiveOperatorEvent(db, event, new Date());
    await onRuns(runs);
    await onLightLinks(links);
    request.log.info(
      { eventId: event.eventId, type: event.type, runs: runs.length, links: links.length },
      'operator event',
    );
    return { received: true, runs: runs.length, links: links.length };
  });
};
