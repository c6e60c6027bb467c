import type { OtpRequested, OtpVerified } from '@klaimor/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiOne } from '../../api/client';
import { devSmsKeys } from '../../session/app-config';

export function useRequestOtp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (phone: string) => apiOne<OtpRequested>('/api/auth/otp', { method: 'POST', body: { phone } }),
    onSuccess: (_reply, phone) => queryClient.invalidateQueries({ queryKey: devSmsKeys.phone(phone) }),
  });
}

export function useVerifyOtp() {
  return useMutation({
    mutationFn: (body: { phone: string; code: string }) =>
      apiOne<OtpVerified>('/api/auth/otp/verify', { method: 'POST', body }),
  });
}
