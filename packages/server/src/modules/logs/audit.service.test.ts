import { describe, expect, it } from 'vitest';
import type { SessionContext } from '../session/session-context.js';
import type { AuditRepository } from './audit.repository.js';
import { createAuditService, ENTITY_ID_MAX, loggedEntityId } from './audit.service.js';

describe('the management log entry of an operation on many records', () => {
  it('keeps the first ids that fit and says how many more, instead of failing the operation', async () => {
    const stored: { entityId: string }[] = [];
    const audit = createAuditService({
      addManage: async (row: { entityId: string }) => {
        stored.push(row);
      },
    } as unknown as AuditRepository);
    const ids = Array.from({ length: 50 }, (_, i) => 100_000 + i);
    const session = { user: { id: 1, name: 'admin' }, project: { id: 1 } } as SessionContext;
    await audit.manage(
      { session, ip: '127.0.0.1', userAgent: '' },
      { action: 'update', entity: 'device', entityId: ids.join(',') },
    );
    const [row] = stored;
    expect(row!.entityId.length).toBeLessThanOrEqual(ENTITY_ID_MAX);
    expect(row!.entityId).toBe(`${ids.slice(0, 8).join(',')},…+42`);
  });

  it('leaves an id that fits as it is, and cuts one long id', () => {
    expect(loggedEntityId(42)).toBe('42');
    expect(loggedEntityId('1,2,3')).toBe('1,2,3');
    expect(loggedEntityId('x'.repeat(70))).toBe(`${'x'.repeat(63)}…`);
  });
});
