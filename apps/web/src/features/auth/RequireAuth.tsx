import { Navigate, Outlet, useLocation } from 'react-router';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { useCurrentUser } from './auth.queries';
import { redirectErrorState } from './redirect-state';

/** The signed-in branch: anyone else goes to '/' with the error in the navigation state. */
export function RequireAuth() {
  const me = useCurrentUser();
  const location = useLocation();
  if (me.isPending) return <LoadingState />;
  if (me.isError) return <ErrorState onRetry={() => void me.refetch()} />;
  if (!me.data) return <Navigate to="/" replace state={redirectErrorState(location.pathname)} />;
  return <Outlet />;
}
