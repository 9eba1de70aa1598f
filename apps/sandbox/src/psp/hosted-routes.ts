import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isFormPost, sendError, sendPage, sendRedirect } from '../replies';
import { isRecord } from '../validation';
import type { PageMode } from './page-parts';
import type { FieldState } from './steps';
import type { ActionOutcome } from './types';

/**
 * The routes of a hosted flow, the shopper's side of the payment provider: a page at
 * `/psp/{segment}/{id}` (query strings allowed; `?embedded=1` for the compact iframe layout),
 * the actions `POST …/approve`, `…/decline`, `…/cancel`, the 3-D Secure page `GET …/3ds` and its
 * actions `POST …/3ds/complete`, `…/3ds/fail`. Payments (`pay`) and saved payment methods
 * (`save`) are such flows.
 *
 * Each action answers a form post from the page with a 303 to where the shopper goes next, and
 * any other POST (the HTTP twin) with 200 `{ redirectUrl }`: the shop's return URL, or the 3-D
 * Secure page. Errors: 400 `VALIDATION_FAILED`, 404 for an unknown id, 409 when the subject is
 * no longer pending (or `AUTHENTICATION_NOT_REQUESTED` for 3-D Secure actions it did not ask
 * for); form posts get them as the page with a message.
 */
export interface HostedFlow<T> {
  /** `pay` or `save`. */
  segment: string;
  find(id: string): T | undefined;
  /** `Payment pay_…`, `Token tok_…`: how messages name the subject. */
  name(subject: T): string;
  unknownCode: string;
  unknownMessage(id: string): string;
  unknownPage(id: string): string;
  notPendingCode: string;
  notPendingMessage(subject: T): string;
  page(subject: T, view: FieldState & PageMode): string;
  authenticationPage(subject: T, view: PageMode & { error?: string }): string;
  /** The public URL of the subject's page. */
  pageUrl(subject: T): string;
  returnUrl(subject: T): string;
  approve(subject: T, input: Record<string, unknown>): ActionOutcome;
  decline(subject: T): ActionOutcome;
  cancel(subject: T): ActionOutcome;
  authenticate(subject: T, succeeded: boolean): ActionOutcome;
}

type Params = { Params: { id: string }; Querystring: { embedded?: string } };

/** Whether the page is asked for in its compact iframe layout (`?embedded=1` or `true`). */
function modeOf(request: FastifyRequest<Params>): PageMode {
  const { embedded } = request.query;
  return { embedded: embedded === '1' || embedded === 'true' };
}

export function hostedRoutes<T>(app: FastifyInstance, flow: HostedFlow<T>): void {
  const base = `/${flow.segment}/:id`;

  /** Answers an action's outcome in the caller's language: redirect, JSON error or page. */
  function answer(
    request: FastifyRequest,
    reply: FastifyReply,
    subject: T,
    input: Record<string, unknown>,
    outcome: ActionOutcome,
  ) {
    const form = isFormPost(request);
    switch (outcome.kind) {
      case 'done':
        return sendRedirect(request, reply, flow.returnUrl(subject));
      case 'three-d-secure':
        return sendRedirect(request, reply, `${flow.pageUrl(subject)}/3ds`);
      case 'invalid':
        return form
          ? sendPage(reply, 400, flow.page(subject, { error: outcome, values: input }))
          : sendError(reply, 400, 'VALIDATION_FAILED', outcome.message);
      case 'not-pending': {
        const message = flow.notPendingMessage(subject);
        return form
          ? sendPage(reply, 409, flow.page(subject, { error: { message }, values: input }))
          : sendError(reply, 409, flow.notPendingCode, message);
      }
      case 'not-requested': {
        const message = `${flow.name(subject)} did not ask for 3-D Secure`;
        return form
          ? sendPage(reply, 409, flow.authenticationPage(subject, { error: message }))
          : sendError(reply, 409, 'AUTHENTICATION_NOT_REQUESTED', message);
      }
    }
  }

  function action(path: string, act: (subject: T, input: Record<string, unknown>) => ActionOutcome): void {
    app.post<Params>(`${base}${path}`, async (request, reply) => {
      const { id } = request.params;
      const subject = flow.find(id);
      if (!subject) {
        return isFormPost(request)
          ? sendPage(reply, 404, flow.unknownPage(id))
          : sendError(reply, 404, flow.unknownCode, flow.unknownMessage(id));
      }
      if (request.body !== undefined && !isRecord(request.body)) {
        return sendError(reply, 400, 'VALIDATION_FAILED', 'The body must be a JSON object, or empty');
      }
      const input = request.body ?? {};
      return answer(request, reply, subject, input, act(subject, input));
    });
  }

  function view(path: string, render: (subject: T, mode: PageMode) => string): void {
    app.get<Params>(`${base}${path}`, async (request, reply) => {
      const subject = flow.find(request.params.id);
      if (!subject) return sendPage(reply, 404, flow.unknownPage(request.params.id));
      return sendPage(reply, 200, render(subject, modeOf(request)));
    });
  }

  view('', (subject, mode) => flow.page(subject, mode));
  view('/3ds', (subject, mode) => flow.authenticationPage(subject, mode));
  action('/approve', (subject, input) => flow.approve(subject, input));
  action('/decline', (subject) => flow.decline(subject));
  action('/cancel', (subject) => flow.cancel(subject));
  action('/3ds/complete', (subject) => flow.authenticate(subject, true));
  action('/3ds/fail', (subject) => flow.authenticate(subject, false));
}
