import { Outlet, useLocation } from 'react-router';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { isUnreachable, offlinePatient } from '../../session/device-copy';
import { useCurrentUser } from '../../session/current-user';
import { SignInCard } from './SignInCard';

/**
 * The signed-in branch: a visitor sees the page's sign-in card where the page would be, and comes back after signing in.
 * Without a network, the patient whose copy this device keeps sees the page, drawn from that copy.
 */
export function RequireAuth() {
  const me = useCurrentUser();
  const { pathname, search } = useLocation();
  if (me.isPending) return <LoadingState />;
  if (me.data || (isUnreachable(me.error) && offlinePatient())) return <Outlet />;
  if (me.isError) return <ErrorState onRetry={() => void me.refetch()} />;
  return <SignInCard returnTo={`${pathname}${search}`} />;
}
