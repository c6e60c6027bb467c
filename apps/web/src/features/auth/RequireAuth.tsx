import { Outlet, useLocation } from 'react-router';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { useCurrentUser } from './auth.queries';
import { SignInCard } from './SignInCard';

/** The signed-in branch: a visitor sees the page's sign-in card where the page would be, and comes back after signing in. */
export function RequireAuth() {
  const me = useCurrentUser();
  const { pathname, search } = useLocation();
  if (me.isPending) return <LoadingState />;
  if (me.isError) return <ErrorState onRetry={() => void me.refetch()} />;
  if (!me.data) return <SignInCard returnTo={`${pathname}${search}`} />;
  return <Outlet />;
}
