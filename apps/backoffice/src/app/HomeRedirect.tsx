import { Navigate } from 'react-router';
import { homePathFor } from '../layout/navigation';
import { useStaff } from '../session/session';

/** The back office's own address opens the first section the staff member's role sees. */
export function HomeRedirect() {
  return <Navigate to={homePathFor(useStaff().role)} replace />;
}
