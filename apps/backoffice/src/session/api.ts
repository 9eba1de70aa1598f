import type { Staff, StaffSignInAnswer, StaffSignInRequest } from '@shop/domain/contract';
import { backofficeCall } from '../api/http';

export const signIn = (body: StaffSignInRequest) =>
  backofficeCall<StaffSignInAnswer>('POST', '/auth/sign-in', { body });

export const signOut = () => backofficeCall<undefined>('POST', '/auth/sign-out');

export const fetchSession = () => backofficeCall<{ staff: Staff }>('GET', '/auth/session');
