import type { Coverage, HealthScheme, Hospital } from '@klaimor/contracts';
import { useCurrentUser } from '../../session/current-user';
import { useCoverage } from './coverage.queries';

/** The schemes and insurers a patient's coverage in force today names, as the directory names them. */
export interface OwnCoverage {
  schemes: HealthScheme[];
  insurers: string[];
}

export function ownCoverageOf(coverage: Coverage[]): OwnCoverage {
  const active = coverage.filter((c) => c.status === 'active');
  return {
    schemes: active.flatMap((c) => (c.scheme ? [c.scheme] : [])),
    insurers: active.flatMap((c) => (c.insurer ? [c.insurer] : [])),
  };
}

/** True when the facility takes any of the patient's coverage. */
export function acceptsOwnCoverage(hospital: Pick<Hospital, 'schemes' | 'insurers'>, own: OwnCoverage): boolean {
  return (
    hospital.schemes.some((s) => own.schemes.includes(s)) || hospital.insurers.some((i) => own.insurers.includes(i))
  );
}

/** The logged-in patient's coverage in force; empty for a visitor or while it loads. */
export function useOwnCoverage(): OwnCoverage {
  const me = useCurrentUser();
  const coverage = useCoverage({ enabled: Boolean(me.data) });
  return ownCoverageOf(me.data ? (coverage.data ?? []) : []);
}
