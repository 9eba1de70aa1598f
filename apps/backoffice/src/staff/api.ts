import type {
  NewStaffAnswer,
  NewStaffRequest,
  StaffListAnswer,
  StaffMemberView,
} from '@shop/domain/contract';
import { useQuery } from '@tanstack/react-query';
import { backofficeCall } from '../api/http';

export const STAFF_KEY = ['staff'] as const;

export function useStaffMembers() {
  return useQuery({ queryKey: STAFF_KEY, queryFn: () => backofficeCall<StaffListAnswer>('GET', '/staff') });
}

export const addStaffMember = (body: NewStaffRequest) =>
  backofficeCall<NewStaffAnswer>('POST', '/staff', { body });

/** Disables a staff member (their sessions end at once) or enables them again. */
export const changeStaffMember = (staffId: string, disabled: boolean) =>
  backofficeCall<StaffMemberView>('PUT', `/staff/${encodeURIComponent(staffId)}`, { body: { disabled } });
