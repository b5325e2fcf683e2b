import { errors, type Adapter, type AdapterConstructor, type AdapterPayload } from 'oidc-provider';
import type { Orm } from '../../src/db.js';
import { OAuthRecordStore } from '../../src/accounts/oauth-records.js';

/** Records the OAuth server uses once: a second use must fail even when two requests race. */
const singleUse = new Set([
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
  'PushedAuthorizationRequest',
]);

/** oidc-provider's adapter contract on PostgreSQL (one instance per model name). */
export function oauthAdapter(orm: Orm): AdapterConstructor {
  return class PostgresAdapter implements Adapter {
    private readonly store: OAuthRecordStore;

    constructor(private readonly name: string) {
      this.store = new OAuthRecordStore(orm.em.fork(), name);
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number) {
      await this.store.upsert(id, payload, expiresIn);
    }

    async find(id: string) {
      return await this.store.find(id);
    }

    async findByUid(uid: string) {
      return await this.store.findByUid(uid);
    }

    async findByUserCode() {
      return undefined;
    }

    async consume(id: string) {
      const first = await this.store.consume(id);
      if (!first && singleUse.has(this.name)) throw new errors.InvalidGrant(`${this.name} was already used`);
    }

    async destroy(id: string) {
      await this.store.destroy(id);
    }

    async revokeByGrantId(grantId: string) {
      await this.store.revokeByGrantId(grantId);
    }
  };
}
