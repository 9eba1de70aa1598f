import type { FastifyInstance } from 'fastify';
import { acceptFormPosts } from '../form-posts';
import { sendPage } from '../replies';
import { isRecord } from '../validation';
import type { OperatorContext } from './context';
import { recentSms, sendSms } from './sms';
import { RECENT_SMS_COUNT, type SmsFormValues, smsPage } from './sms-page';
import { checkSms } from './validation';

/**
 * The page for people that sends a shopper's SMS to the shop (`sms-page.ts`):
 *
 * - `GET /operator/sms?from=&to=&text=`: the page, its fields filled from the query.
 * - `POST /operator/sms` (the page's form): sends the SMS as `POST /operator/events/sms` does and
 *   answers the page again with what was sent and whether the shop took it; 400 and the page with
 *   the problem named for bad input. An empty message id means a new message.
 */
export function smsPageRoutes(app: FastifyInstance, { events }: OperatorContext): void {
  // A child scope, so that only the page takes form posts and the operator's API stays JSON.
  app.register(async (pages) => {
    acceptFormPosts(pages);
    const recent = () => recentSms(events, RECENT_SMS_COUNT);

    pages.get<{ Querystring: Record<string, unknown> }>('/sms', async (request, reply) =>
      sendPage(reply, 200, smsPage({ values: prefillOf(request.query), recent: recent() })),
    );

    pages.post('/sms', async (request, reply) => {
      const values = formValuesOf(request.body);
      const checked = checkSms(values);
      if (!checked.ok) {
        return sendPage(reply, 400, smsPage({ values, problem: checked, recent: recent() }));
      }
      const sent = await sendSms(events, checked.value);
      const { from, to, text } = checked.value;
      return sendPage(
        reply,
        200,
        smsPage({
          values: { from, to, text, messageId: values.messageId },
          sent: { from, ...sent },
          recent: recent(),
        }),
      );
    });
  });
}

const textOf = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** The fields a form posted; a blank message id is none. */
function formValuesOf(body: unknown): SmsFormValues {
  const fields = isRecord(body) ? body : {};
  return {
    from: textOf(fields.from),
    to: textOf(fields.to),
    text: textOf(fields.text),
    messageId: textOf(fields.messageId)?.trim() || undefined,
  };
}

/** `from`, `to` and `text` of the query; a leading space before digits is a `+` the query string decoded. */
function prefillOf(query: Record<string, unknown>): SmsFormValues {
  const number = (value: unknown) => textOf(value)?.replace(/^ (?=\d)/, '+');
  return { from: number(query.from), to: number(query.to), text: textOf(query.text) };
}
