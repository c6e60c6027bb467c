import type { AppConfig, DevSms } from '@klaimor/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiList, apiOne } from '../api/client';

export const appConfigKeys = {
  all: ['app-config'] as const,
};

export const devSmsKeys = {
  all: ['dev-sms'] as const,
  phone: (phone: string) => [...devSmsKeys.all, phone] as const,
};

/** What this server offers before anyone logs in (the demo outbox and payments, the notification channels). */
export function useAppConfig() {
  return useQuery({
    queryKey: appConfigKeys.all,
    queryFn: () => apiOne<AppConfig>('/api/app-config'),
    staleTime: Infinity,
    retry: false,
  });
}

/** Development only: the texts the server would have sent by SMS, newest first. */
export function useDevSms(phone: string, enabled: boolean) {
  return useQuery({
    queryKey: devSmsKeys.phone(phone),
    queryFn: () => apiList<DevSms>(`/api/dev/sms?phone=${encodeURIComponent(phone)}`),
    enabled: enabled && phone !== '',
    refetchInterval: 3000,
    retry: false,
  });
}
