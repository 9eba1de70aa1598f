import { Navigate, useLocation } from 'react-router';
import { AppLayout } from '../layout/AppLayout';
import { ErrorNotice } from '../ui/ErrorNotice';
import { Loading } from '../ui/Loading';
import { signInPath } from './return-path';
import { SignedInStaff, useSession } from './session';

/** The pages behind the sign-in: without a session, the sign-in page, which comes back here. */
export function RequireSession() {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <Loading />;
  if (session.isError) return <ErrorNotice error={session.error} />;
  if (!session.data) return <Navigate to={signInPath(location.pathname + location.search)} replace />;
  return (
    <SignedInStaff value={session.data}>
      <AppLayout staff={session.data} />
    </SignedInStaff>
  );
}
