import {
  type AuthenticateRequest,
  authAnswerSchema,
  type ConfirmAccountRequest,
  codeSentAnswerSchema,
  confirmAccountAnswerSchema,
  type ForgotPasswordRequest,
  type LoginCodeRequest,
  passwordChangedAnswerSchema,
  type RegisterRequest,
  type ResetPasswordRequest,
  registerAnswerSchema,
  type Schema,
} from '@shop/domain/contract';
import { callShopApi } from './shop-api';

/**
 * Spec §7 Authentication, as the sign-in pages call it through the shop's `/api/*`. A sign-in's
 * token never reaches the page: the storefront keeps it in the session cookie (decision 0037).
 */

function post<T>(path: string, body: object, answer: Schema<T>) {
  return callShopApi(path, answer, { method: 'POST', body: JSON.stringify(body) });
}

export const register = (request: RegisterRequest) =>
  post('/api/auth/register', request, registerAnswerSchema);

export const confirmAccount = (request: ConfirmAccountRequest) =>
  post('/api/shop/rest/v2/account/confirm', request, confirmAccountAnswerSchema);

export const authenticate = (request: AuthenticateRequest) =>
  post('/api/auth/authenticate', request, authAnswerSchema);

export const sendLoginCode = (request: LoginCodeRequest) =>
  post('/api/auth/loginCode', request, codeSentAnswerSchema);

export const forgotPassword = (request: ForgotPasswordRequest) =>
  post('/api/auth/forgotPass', request, codeSentAnswerSchema);

export const resetPassword = (request: ResetPasswordRequest) =>
  post('/api/auth/resetPass', request, passwordChangedAnswerSchema);
