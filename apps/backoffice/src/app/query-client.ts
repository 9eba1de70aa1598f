import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, isApiError } from '../api/http';
import { SESSION_KEY } from '../session/session';

/**
 * The back office's cache of calls. A 401 from any call means the session ended (signed out
 * elsewhere, idle for 8 hours, the member disabled): the session is then known to be gone, and
 * the signed-in pages send the staff member to sign in again, keeping where they were.
 */
export function createQueryClient(): QueryClient {
  const sessionEndsOn = (error: unknown) => {
    if (isApiError(error, 401)) client.setQueryData(SESSION_KEY, null);
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: sessionEndsOn }),
    mutationCache: new MutationCache({ onError: sessionEndsOn }),
    defaultOptions: {
      queries: {
        // The API's refusals do not change by asking again; an outage or a lost answer may.
        retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
  return client;
}
