import { randomBytes } from 'node:crypto';
import { type PublicJwks, type RegisteredSystemClient, type SystemClient, reasons } from '@klaimor/contracts';
import { importJWK } from 'jose';
import { AppError, validationFailed } from '../../errors.js';
import type { StaffAccess, StaffAtFacility } from '../staff/staff-access.js';
import type { SystemClientRow, SystemClientsRepository } from './system-clients.repository.js';
import { jwksUrlAllowed } from './token.service.js';

const clientNotFound = () => new AppError(404, 'not_found', 'ไม่พบระบบนี้ที่สถานพยาบาลนี้');

interface Deps {
  clients: SystemClientsRepository;
  access: StaffAccess;
  httpJwks: 'any' | 'loopback' | 'none';
}

function toClient(row: SystemClientRow): SystemClient {
  return {
    id: row.id,
    name: row.name,
    clientId: row.clientId,
    jwksUrl: row.jwksUrl,
    jwks: row.jwks,
    scopes: row.scopes,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
  };
}

/**
 * Whether every key can check one of SMART's algorithms: an RSA key (RS384) or a P-384 EC key (ES384), read by jose as
 * it will be when an assertion comes. A key that cannot would only fail later, at the system's first token request.
 */
async function checkKeys(jwks: PublicJwks): Promise<void> {
  for (const [index, jwk] of jwks.keys.entries()) {
    const alg = jwk.kty === 'RSA' ? 'RS384' : 'ES384';
    if (jwk.alg !== undefined && jwk.alg !== alg)
      throw validationFailed({ [`jwks.keys.${index}.alg`]: reasons.invalidChoice });
    // jose verifies nothing with an RSA key under 2048 bits (NIST SP 800-131A): refused now, not at its first use.
    const tooShort = jwk.kty === 'RSA' && Buffer.from(String(jwk.n ?? ''), 'base64url').length < 256;
    try {
      if (tooShort) throw new Error('RSA key under 2048 bits');
      await importJWK(jwk, alg);
    } catch {
      throw validationFailed({ [`jwks.keys.${index}`]: reasons.invalidChoice });
    }
  }
}

/** An admin's register of the hospital's own systems that may use the FHIR API, each change in the audit trail. */
export function createSystemClientsService({ clients, access, httpJwks }: Deps) {
  return {
    async list(actor: StaffAtFacility): Promise<SystemClient[]> {
      return (await clients.list(actor.facilityId)).map(toClient);
    },

    async register(actor: StaffAtFacility, parsed: RegisteredSystemClient): Promise<SystemClient> {
      if (parsed.jwksUrl !== undefined && !jwksUrlAllowed(parsed.jwksUrl, httpJwks)) {
        throw validationFailed({ jwksUrl: reasons.insecureUrl });
      }
      if (parsed.jwks) await checkKeys(parsed.jwks);
      const row = await clients.create({
        facilityId: actor.facilityId,
        name: parsed.name,
        // Public, not a secret: random so that it says nothing about the hospital and cannot be guessed from another.
        clientId: `sys_${randomBytes(16).toString('base64url')}`,
        jwksUrl: parsed.jwksUrl ?? null,
        jwks: parsed.jwks ? { keys: parsed.jwks.keys } : null,
        scopes: parsed.scopes,
        createdBy: actor.memberId,
      });
      await access.audit(actor, { action: 'system_client.registered', target: row.id });
      return toClient(row);
    },

    /** Its tokens stop working at once and it gets no new ones until enabled again. */
    async disable(actor: StaffAtFacility, id: string): Promise<SystemClient> {
      const result = await clients.disable(actor.facilityId, id);
      if (!result) throw clientNotFound();
      if (result.changed) await access.audit(actor, { action: 'system_client.disabled', target: id });
      return toClient(result.row);
    },

    async enable(actor: StaffAtFacility, id: string): Promise<SystemClient> {
      const result = await clients.enable(actor.facilityId, id);
      if (!result) throw clientNotFound();
      if (result.changed) await access.audit(actor, { action: 'system_client.enabled', target: id });
      return toClient(result.row);
    },
  };
}
export type SystemClientsService = ReturnType<typeof createSystemClientsService>;
