import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ErrorState } from '../../../components/ErrorState';
import { LoadingState } from '../../../components/LoadingState';
import { isSignedOut, staffKeys } from './staff-api';

/**
 * A staff read that failed. A session that ended meanwhile forgets the member, so the staff home sends them to
 * sign-in; anything else can be tried again.
 */
export function StaffLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const queryClient = useQueryClient();
  const signedOut = isSignedOut(error);
  useEffect(() => {
    if (signedOut) queryClient.setQueryData(staffKeys.me(), null);
  }, [signedOut, queryClient]);
  return signedOut ? <LoadingState /> : <ErrorState onRetry={onRetry} />;
}
