import type { Database } from '@shop/db';
import { DomainError } from '@shop/domain';
import type { TenantRegistry } from '@shop/tenants';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  deliveryReportOf,
  inboundMessageOf,
  isSignedByTwilio,
  TWILIO_SIGNATURE_HEADER,
  type TwilioForm,
} from '../adapters/twilio/webhooks';
import { receiveSms } from '../sms-topups/inbound';
import type { PinCipher } from '../vouchers/pin-crypto';
import { recordDelivery } from './deliveries';
import type { MessageGateways } from './gateways';

/** Where Twilio calls a tenant's webhooks: its messages' statuses, and the messages shoppers send it. */
export const twilioWebhookUrl = (publicUrl: string, shopId: string, kind: 'status' | 'messages') =>
  `${publicUrl.replace(/\/+$/, '')}/api/webhooks/twilio/${shopId}/${kind}`;

/** Twilio's answer to an incoming message: nothing to reply now (the answer follows by its own SMS). */
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

function formOf(body: string): TwilioForm {
  const form: TwilioForm = {};
  for (const [name, value] of new URLSearchParams(body)) {
    const earlier = form[name];
    form[name] = earlier === undefined ? value : [...(Array.isArray(earlier) ? earlier : [earlier]), value];
  }
  return form;
}

/**
 * A tenant's Twilio webhooks (decision 0069): `POST /api/webhooks/twilio/{shopId}/status` (how far
 * a message got) and `POST /api/webhooks/twilio/{shopId}/messages` (an SMS a shopper sent, such as
 * `KOOP 15 1234`). Each must carry Twilio's signature by the tenant's auth token over the URL we
 * are known by (`publicUrl`) and the form: 401 `INVALID_SIGNATURE` otherwise, and nothing changes.
 * A signed report is kept only when it moves the message forward; a signed SMS is kept once by its
 * message SID, however often Twilio delivers it.
 */
export const twilioWebhookRoutes: FastifyPluginAsync<{
  db: Database;
  pins: PinCipher;
  tenants: TenantRegistry;
  gateways: MessageGateways;
  publicUrl: string;
  onSms: (requestId: string) => Promise<void>;
}> = async (app, { db, pins, tenants, gateways, publicUrl, onSms }) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, formOf(typeof body === 'string' ? body : body.toString())),
  );

  /** The signed form of a tenant on Twilio; throws `INVALID_SIGNATURE` for anything else. */
  function signedForm(request: FastifyRequest<{ Params: { shopId: string } }>, kind: 'status' | 'messages') {
    const { shopId } = request.params;
    const account = gateways.twilioAccountOf(shopId);
    const form = (request.body ?? {}) as TwilioForm;
    const header = request.headers[TWILIO_SIGNATURE_HEADER];
    const signature = Array.isArray(header) ? header[0] : header;
    const url = twilioWebhookUrl(publicUrl, shopId, kind);
    if (
      !account ||
      typeof form !== 'object' ||
      !isSignedByTwilio(account.authToken, { url, form, signature })
    ) {
      throw new DomainError('INVALID_SIGNATURE', 'The webhook signature does not match');
    }
    return { shopId, form };
  }

  app.post<{ Params: { shopId: string } }>(
    '/api/webhooks/twilio/:shopId/status',
    { schema: { hide: true } },
    async (request, reply) => {
      const { shopId, form } = signedForm(request, 'status');
      const report = deliveryReportOf(form);
      if (report) {
        await recordDelivery(db, { tenantId: shopId, provider: 'twilio', ...report });
        request.log.info(
          { providerMessageId: report.providerMessageId, status: report.status, errorCode: report.errorCode },
          'message status',
        );
      }
      return reply.status(204).send();
    },
  );

  app.post<{ Params: { shopId: string } }>(
    '/api/webhooks/twilio/:shopId/messages',
    { schema: { hide: true } },
    async (request, reply) => {
      const { shopId, form } = signedForm(request, 'messages');
      const sms = inboundMessageOf(form);
      const shortNumber = tenants.byId(shopId)?.smsShortNumber;
      if (sms && shortNumber && sms.to.replace(/^\+/, '') === shortNumber) {
        const requestId = await receiveSms({ db, pins }, sms);
        if (requestId) await onSms(requestId);
        request.log.info({ messageId: sms.messageId, fresh: requestId !== undefined }, 'inbound SMS');
      } else {
        request.log.info({ messageId: sms?.messageId }, 'inbound message not for an SMS top-up: ignored');
      }
      return reply.type('text/xml').send(EMPTY_TWIML);
    },
  );
};
