import { type AutoTopupStatus, applyAutoTopupAction } from '@shop/domain';

/** What staff may do with an automatic top-up, and the status each asks for. */
export type AutoTopupAction = 'pause' | 'resume' | 'delete';
export const STATUS_OF_ACTION = { pause: 'DISABLED', resume: 'ENABLED', delete: 'DELETED' } as const;

/** The shopper's own action each one is, by the domain's transition table. */
const DOMAIN_ACTION = { pause: 'pause', resume: 'activate', delete: 'delete' } as const;

/**
 * What changes the top-up as the shop's rules let its shopper: pause a running one (where the
 * tenant allows pausing), resume a paused one, delete any that is not deleted yet.
 */
export function autoTopupActions(
  status: AutoTopupStatus,
  rules: { pauseAllowed: boolean },
): AutoTopupAction[] {
  return (['pause', 'resume', 'delete'] as const).filter((action) => {
    const transition = applyAutoTopupAction(status, DOMAIN_ACTION[action], rules);
    return transition.ok && transition.changed;
  });
}
