import { type StaffAction, staffMay } from '@shop/domain';
import type { Staff } from '@shop/domain/contract';
import { useQuery } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { isApiError } from '../api/http';
import { fetchSession } from './api';

export const SESSION_KEY = ['session'] as const;

/** Who is signed in: the staff member, or null without a live session. */
export function useSession() {
  return useQuery({
    queryKey: SESSION_KEY,
    queryFn: async (): Promise<Staff | null> => {
      try {
        return (await fetchSession()).staff;
      } catch (error) {
        if (isApiError(error, 401)) return null;
        throw error;
      }
    },
    staleTime: 5 * 60_000,
  });
}

export const SignedInStaff = createContext<Staff | null>(null);

/** The signed-in staff member, on the pages behind the sign-in. */
export function useStaff(): Staff {
  const staff = useContext(SignedInStaff);
  if (!staff) throw new Error('useStaff is for the pages behind the sign-in');
  return staff;
}

/** Whether the signed-in staff member may do `action` (on that tenant's record, if given). */
export function useMay(): (action: StaffAction, shopId?: string) => boolean {
  const staff = useStaff();
  return (action, shopId) => staffMay(staff, action, shopId);
}
