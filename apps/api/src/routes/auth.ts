import {
  authAnswerSchema,
  authenticateBodySchema,
  codeSentAnswerSchema,
  confirmAccountAnswerSchema,
  confirmAccountBodySchema,
  forgotPasswordBodySchema,
  loginCodeBodySchema,
  passwordChangedAnswerSchema,
  registerAnswerSchema,
  registerBodySchema,
  resetPasswordBodySchema,
  signOutAnswerSchema,
  ssoAuthenticateBodySchema,
} from '@shop/domain/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AccountServices } from '../accounts/context';
import { assertAccountsOffered } from '../accounts/context';
import { forgotPassword, resetPassword } from '../accounts/recovery';
import { confirmAccount, register } from '../accounts/registration';
import { endSession } from '../accounts/sessions';
import { authenticate, sendLoginCode } from '../accounts/sign-in';
import { identityProviderOf, ssoAuthenticate } from '../accounts/sso';
import { createAssertionVerifier } from '../adapters/identity-provider';
import { accountContextOf } from '../http/account-context';
import { type AbuseLimits, signInUses } from '../http/rate-limits';
import { errorEnvelopeSchema, tenantHeadersSchema } from '../http/schemas';
import { bearerToken } from '../http/session';

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
  503: errorEnvelopeSchema,
};
const tags = ['authentication'];
const headers = tenantHeadersSchema;

/** Spec §7 Authentication, at exactly its paths (decision 0034). */
export const authRoutes: FastifyPluginAsyncZod<AccountServices & { limits: AbuseLimits }> = async (
  app,
  { limits, ...services },
) => {
  const context = (request: FastifyRequest) => accountContextOf(services, limits, request);
  const codeCheck = limits.guard('codeCheckPerClient');
  const assertions = createAssertionVerifier();

  app.post(
    '/api/auth/register',
    {
      onRequest: limits.guard('registerPerClient'),
      schema: {
        tags,
        summary: 'Open an account; the confirmation code goes by e-mail (or SMS for a phone account)',
        headers,
        body: registerBodySchema,
        response: { 200: registerAnswerSchema, ...errors },
      },
    },
    async (request) => register(context(request), request.body),
  );

  app.post(
    '/api/shop/rest/v2/account/confirm',
    {
      onRequest: codeCheck,
      schema: {
        tags,
        summary: 'Confirm a new account with its code',
        headers,
        body: confirmAccountBodySchema,
        response: { 200: confirmAccountAnswerSchema, ...errors },
      },
    },
    async (request) => confirmAccount(context(request), request.body),
  );

  app.post(
    '/api/auth/authenticate',
    {
      schema: {
        tags,
        summary: 'Sign in with the password or a code; answers the access token (Bearer)',
        headers,
        body: authenticateBodySchema,
        response: { 200: authAnswerSchema, ...errors },
      },
    },
    async (request) => {
      assertAccountsOffered(request.tenant);
      const { userName, code } = request.body;
      const uses = signInUses(request, userName, { byPassword: code === undefined });
      return limits.secretTry(request, uses, () =>
        authenticate(context(request), request.body, bearerToken(request)),
      );
    },
  );

  app.post(
    '/api/auth/ssoAuthenticate',
    {
      schema: {
        tags,
        summary:
          'Sign in with the assertion of the shop’s identity provider (single sign-on); answers the access token (Bearer)',
        headers,
        body: ssoAuthenticateBodySchema,
        response: { 200: authAnswerSchema, ...errors },
      },
    },
    async (request) => {
      identityProviderOf(request.tenant);
      return limits.secretTry(request, signInUses(request), () =>
        ssoAuthenticate(context(request), assertions, request.body, bearerToken(request)),
      );
    },
  );

  app.post(
    '/api/auth/loginCode',
    {
      schema: {
        tags,
        summary: 'Send a sign-in code to a confirmed account (answered alike for unknown user names)',
        headers,
        body: loginCodeBodySchema,
        response: { 200: codeSentAnswerSchema, ...errors },
      },
    },
    async (request) => sendLoginCode(context(request), request.body),
  );

  app.post(
    '/api/auth/forgotPass',
    {
      schema: {
        tags,
        summary: 'Send a password reset code (answered alike for unknown user names)',
        headers,
        body: forgotPasswordBodySchema,
        response: { 200: codeSentAnswerSchema, ...errors },
      },
    },
    async (request) => forgotPassword(context(request), request.body),
  );

  app.post(
    '/api/auth/resetPass',
    {
      onRequest: codeCheck,
      schema: {
        tags,
        summary: 'Set a new password with the reset code or recovery token; ends every session',
        headers,
        body: resetPasswordBodySchema,
        response: { 200: passwordChangedAnswerSchema, ...errors },
      },
    },
    async (request) => resetPassword(context(request), request.body),
  );

  app.post(
    '/api/auth/signOut',
    {
      schema: {
        tags,
        summary: 'End the session of the Bearer token',
        headers,
        response: { 200: signOutAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const token = bearerToken(request);
      if (token) await endSession(services.db, token, new Date());
      return { status: 'signedOut' as const, message: 'successfulLogout' as const };
    },
  );
};
